"""`kernelgen new`: write a kernelgen.lang spec file for a new elementwise operator that already renders and
verifies.

The scaffold's expression is trivial on purpose (the sum of the inputs, or x for one input); the golden is the
same function on float64 arrays, so an author starts from a state where generate, sim and verify all pass,
then edits the expression.
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
    """A kernelgen.lang spec file (docs/lang.md): one @kl.op function whose expression is trivial on purpose
    (the sum of the inputs, or x for one input; every output the same), so generate, sim and verify pass at once;
    the golden is the function itself on float64 arrays."""
    check_name("operator name", op)
    check_name("category", category, example="activation")
    for n in inputs:
        check_name("input name", n, example="x")
    for n in outputs:
        check_name("output name", n, example="y")
    if not inputs or not outputs:
        raise UsageError("give at least one --input and one --output")
    if len(set(inputs + outputs)) != len(inputs + outputs):
        raise UsageError("input and output names must be distinct")
    parsed = [parse_attr(a) for a in attrs]
    for name, kind, _ in parsed:
        if kind == "str":
            raise UsageError(f"--attr {name}: kernelgen.lang attributes are bool, float or int (a str attribute "
                             "has no value in an expression)")
        if name in inputs or name in outputs:
            raise UsageError(f"--attr {name}: the name is taken by a tensor")
    expr = " + ".join(inputs)
    ret = expr if len(outputs) == 1 else ", ".join([expr] * len(outputs))
    params = ", ".join(inputs + [f"{n}: {k} = {d!r}" for n, k, d in parsed])
    outs = "(" + ", ".join(f'"{o}"' for o in outputs) + ("," if len(outputs) == 1 else "") + ")"
    return f'''"""{camel(op)}: scaffolded by `kernelgen new`. Edit the expression (docs/lang.md), then
`kernelgen generate {op}.py` and `kernelgen verify {op}.py`: the golden is this same function on float64 arrays."""
import kernelgen.lang as kl


@kl.op(category="{category}", outputs={outs})
def {op}({params}):
    """{camel(op)} (scaffold): replace with what the operator computes."""
    return {ret}
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
