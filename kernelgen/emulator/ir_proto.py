"""The attributes of an operator's IR prototype (op_graph/*_proto.h, `REG_OP(Op) ... .ATTR(name, Type, default)`)
that its OpDef does not declare.

CANN builds a node's runtime attributes from the IR prototype, so host code may read an attribute the OpDef leaves
out: index/non_zero's OpDef declares `transpose` only, its REG_OP `transpose` and `dtype`, and its InferDataType reads
attribute #1 (dtype). kernelgen runs from the OpDef; these extra attributes are appended after the OpDef's, in the
prototype's order, when the OpDef's attributes are the prototype's first ones (otherwise their positions are not
known and nothing is added)."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from kernelgen.dtypes import GE_DTYPES
from kernelgen.emulator.decl import AttrDecl, OpDecl

_KINDS = {"Int": "int", "Float": "float", "Bool": "bool", "String": "str", "Str": "str", "Type": "int",
          "ListInt": "list_int", "ListFloat": "list_float", "ListBool": "list_bool"}
_ATTR = re.compile(r"\.(REQUIRED_ATTR|ATTR)\(\s*(\w+)\s*,\s*(\w+)\s*(?:,\s*((?:[^()]|\([^()]*\))*?))?\s*\)")


def _default(kind: str, ir_type: str, text: str | None):
    """The prototype's default in kernelgen's attribute kinds; None where it cannot be read."""
    if text is None:
        return None
    text = text.strip()
    try:
        if ir_type == "Type":
            name = text.split("::")[-1]
            return GE_DTYPES[name].value if name in GE_DTYPES else None
        if kind == "bool":
            return {"true": True, "false": False}.get(text)
        if kind == "int":
            return int(text, 0)
        if kind == "float":
            return float(text.rstrip("fF"))
        if kind == "str":
            return text.strip('"')
        if kind.startswith("list_"):
            body = text.strip().lstrip("{").rstrip("}").strip()
            items = [s.strip() for s in body.split(",") if s.strip()]
            if kind == "list_bool":
                return [s == "true" for s in items]
            return [float(s.rstrip("fF")) if kind == "list_float" else int(s, 0) for s in items]
    except ValueError:
        return None
    return None


def prototype_attrs(op_dir: Path, op_type: str) -> tuple[AttrDecl, ...] | None:
    """The attributes REG_OP(op_type) declares, in order; None when no prototype of op_type is found."""
    graph = op_dir / "op_graph"
    if not graph.is_dir():
        return None
    for proto in sorted(graph.glob("*_proto.h")):
        text = proto.read_text(errors="replace")
        m = re.search(r"REG_OP\(\s*" + re.escape(op_type) + r"\s*\)(.*?)OP_END_FACTORY_REG", text, re.S)
        if m is None:
            continue
        attrs = []
        for req, name, ir_type, default in _ATTR.findall(m.group(1)):
            kind = _KINDS.get(ir_type)
            if kind is None:
                return None   # a kind kernelgen cannot pass: the positions after it are unknown
            attrs.append(AttrDecl(name, kind, _default(kind, ir_type, default or None), req == "REQUIRED_ATTR"))
        return tuple(attrs)
    return None


def with_prototype_attrs(decl: OpDecl, op_dir: Path) -> OpDecl:
    """decl with the prototype's attributes after its own, marked prototype_only, when the OpDef's are a prefix."""
    proto = prototype_attrs(op_dir, decl.op_type)
    if not proto or len(proto) <= len(decl.attrs):
        return decl
    if [a.name for a in decl.attrs] != [a.name for a in proto[:len(decl.attrs)]]:
        return decl
    extra = tuple(replace(a, prototype_only=True) for a in proto[len(decl.attrs):] if a.default is not None)
    if len(extra) != len(proto) - len(decl.attrs):
        return decl   # an extra attribute without a readable default: no value to pass
    return replace(decl, attrs=decl.attrs + extra)
