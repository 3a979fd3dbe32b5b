"""`kernelgen new`: write a spec file for a new elementwise operator that already renders and verifies.

The scaffold's compute is trivial on purpose (z = sum of the inputs, or z = x for one input), with the
matching NumPy golden in the same file, so an author starts from a state where generate, sim and
verify all pass, then edits the program and the golden together.
"""
from __future__ import annotations

import re
from pathlib import Path

from kernelgen.errors import UsageError
from kernelgen.validate import check_name, parse_bool, parse_float, parse_int

_ATTR_KINDS = {"str": lambda v, what: v, "float": parse_float, "int": parse_int, "bool": parse_bool}


def camel(snake: str) -> str:
    return "".join(part.capitalize() for part in snake.split("_"))


def parse_attr(text: str) -> tuple[str, str, object]:
    """name:kind=default, e.g. approximate:str=none, alpha:float=0.5."""
    m = re.match(r"^([^:=]*):(str|float|int|bool)=(.*)$", text.strip())
    if not m:
        raise UsageError(f"--attr {text!r} must be NAME:KIND=DEFAULT with KIND one of bool, float, int, str")
    name, kind, default = m.groups()
    check_name("attribute name", name, example="alpha")
    if kind == "str" and ('"' in default or "\\" in default or not default.isprintable()):
        raise UsageError(f"--attr {text!r}: a str default must be printable, without quotes or backslashes")
    return name, kind, _ATTR_KINDS[kind](default, f"--attr {name} default")


def render_spec(op: str, inputs: list[str], outputs: list[str], attrs: list[str], category: str) -> str:
    check_name("operator name", op)
    check_name("category", category, example="activation")
    for n in inputs:
        check_name("input name", n, example="x")
    for n in outputs:
        check_name("output name", n, example="y")
    if not inputs or not outputs:
        raise UsageError("give at least one --input and one --output")
    if len(outputs) != 1:
        raise UsageError("the elementwise scaffold supports exactly one --output")
    if len(set(inputs + outputs)) != len(inputs + outputs):
        raise UsageError("input and output names must be distinct")
    parsed = [parse_attr(a) for a in attrs]
    out = outputs[0]
    if len(inputs) == 1:
        program = f'    Step("Muls", "{out}", ("{inputs[0]}",), 1.0),\n'
        golden_expr = f'inputs["{inputs[0]}"]'
    else:
        program = f'    Step("Add", "{out}", ("{inputs[0]}", "{inputs[1]}")),\n'
        program += "".join(f'    Step("Add", "{out}", ("{out}", "{n}")),\n' for n in inputs[2:])
        golden_expr = " + ".join(f'inputs["{n}"]' for n in inputs)
    attr_lines = "".join(f'        AttrSpec("{n}", "{k}", {d!r}),\n' for n, k, d in parsed)
    tensors = "".join(f'        TensorSpec("{n}", DTYPES),\n' for n in inputs)
    params = "".join(f'AclnnParam("{n}", "{n}", "input"), ' for n in inputs)
    return f'''"""{camel(op)}: scaffolded by `kernelgen new`. Edit PROGRAM and golden() together, then
`kernelgen generate {op}.py` and `kernelgen verify {op}.py`."""
import numpy as np

from kernelgen.authoring.spec import (AclnnParam, AclnnSpec, AttrSpec, DType, OpSpec, Step, TensorSpec, Variant)

DTYPES = (DType.FLOAT32, DType.FLOAT16, DType.BFLOAT16)

PROGRAM = (
{program})


def golden(inputs, attrs):
    """The float64 NumPy reference: must compute what PROGRAM computes."""
    return {{"{out}": {golden_expr}}}


SPEC = OpSpec(
    op_type="{camel(op)}",
    snake="{op}",
    category="{category}",
    doc="{camel(op)} (scaffold): replace with what the operator computes.",
    inputs=(
{tensors}    ),
    outputs=(TensorSpec("{out}", DTYPES),),
    attrs=(
{attr_lines}    ),
    default_socs=("ascend910b",),
    soc_variants=(),
    default_variant="main",
    variants=(Variant("main", 0, "the scaffold's compute", scratch=(), constants=(), program=PROGRAM),),
    golden="{op}",
    aclnn=AclnnSpec(name="aclnn{camel(op)}", header="aclnn_{op}",
                    params=({params}AclnnParam("out", "{out}", "output"))),
    spec_file="{op}.py",
)
'''


def write_spec(path: Path, text: str, force: bool) -> None:
    if path.exists() and not force:
        raise UsageError(f"{path} exists; pass --force to overwrite it")
    tmp = path.with_suffix(".py.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from exc
