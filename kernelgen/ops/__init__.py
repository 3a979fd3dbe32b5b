"""The operator registry: every operator kernelgen can generate, keyed by snake name."""
from __future__ import annotations

from ..errors import UsageError, choices_message
from ..spec import OpSpec
from . import gelu_grad, gelu_grad_v2

_SPECS: dict[str, OpSpec] = {s.snake: s for s in (gelu_grad.SPEC, gelu_grad_v2.SPEC)}
for _s in _SPECS.values():
    _s.validate()


def get_spec(name: str) -> OpSpec:
    key = name.strip()
    for spec in _SPECS.values():
        if key in (spec.snake, spec.op_type):
            return spec
    raise UsageError(choices_message("operator", name, _SPECS))


def op_names() -> tuple[str, ...]:
    return tuple(_SPECS)
