"""The operator registry: every operator kernelgen can generate, keyed by snake name.

Besides the built-in specs, a path to a spec file (a .py module defining SPEC, and optionally a NumPy
`golden(inputs, attrs)` and an independent float32 `benchmark(inputs, attrs)`) works wherever an operator
name does: `kernelgen generate ./my_op.py`.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from kernelgen.errors import SpecError, UsageError, choices_message
from kernelgen.authoring.spec import OpSpec
from kernelgen.authoring.ops import gelu_grad, gelu_grad_v2

_SPECS: dict[str, OpSpec] = {s.snake: s for s in (gelu_grad.SPEC, gelu_grad_v2.SPEC)}
for _s in _SPECS.values():
    _s.validate()


def _load_spec_file(path: Path) -> OpSpec:
    from kernelgen.checking.golden import BENCHMARKS, GOLDENS

    module_name = f"kernelgen_user_spec_{path.stem}"
    loader = importlib.util.spec_from_file_location(module_name, path)
    if loader is None or loader.loader is None:
        raise UsageError(f"cannot load spec file {path}")
    module = importlib.util.module_from_spec(loader)
    try:
        loader.loader.exec_module(module)
    except Exception as exc:  # a user's file: report any failure as a usage error
        raise UsageError(f"spec file {path} failed to load: {exc}") from exc
    spec = getattr(module, "SPEC", None)
    if not isinstance(spec, OpSpec):
        raise SpecError(f"spec file {path} defines no SPEC = OpSpec(...)")
    spec.validate()
    if hasattr(module, "golden"):
        GOLDENS.setdefault(spec.golden, module.golden)
    if hasattr(module, "benchmark"):  # an independent same-precision implementation (docs/precision.md)
        BENCHMARKS.setdefault(spec.golden, module.benchmark)
    _SPECS.setdefault(spec.snake, spec)
    return spec


def get_spec(name: str) -> OpSpec:
    key = name.strip()
    if key.endswith(".py"):
        path = Path(key)
        if not path.is_file():
            raise UsageError(f"spec file {path} does not exist")
        return _load_spec_file(path)
    for spec in _SPECS.values():
        if key in (spec.snake, spec.op_type):
            return spec
    raise UsageError(choices_message("operator", name, _SPECS) + " (or a spec file ending in .py)")


def op_names() -> tuple[str, ...]:
    return tuple(_SPECS)
