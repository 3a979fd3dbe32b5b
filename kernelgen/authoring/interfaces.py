"""The hand-written operators' interfaces, the contract kernelgen's re-authored operators keep (issue 22).

`opdef_interface(op_dir)` learns an ops-nn operator directory's OpDef the way the emulator does (its `*_def.cpp`
compiled against kernelgen's emulated registry, read back through `kg_opdef_json`), but compiles only the def
file(s), not the tiling or infershape: input, output and attribute names in order, parameter types, the dtypes
of every tensor, attribute kinds and defaults, the SOCs it is configured for. `kernelgen/authoring/ops/
_interfaces.json` stores that for the operators to be re-authored, with each one's aclnn API (from its docs/),
formula and NumPy golden (`kernelgen.authoring.ops._goldens`); `check_spec(spec, entry)` says where a spec
departs from it; tests/test_interfaces.py checks the stored interfaces against the corpus when it is present.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from kernelgen.errors import UsageError, choices_message

DATA = Path(__file__).resolve().parent / "ops" / "_interfaces.json"
FLOAT_DTYPES = ("float32", "float16", "bfloat16")


def _short(ge: str) -> str:
    from kernelgen.dtypes import GE_NAME_SHORT

    return GE_NAME_SHORT.get(ge, ge)


def _distinct(values) -> list[str]:
    out: list[str] = []
    for v in values:
        if v not in out:
            out.append(v)
    return out


def decl_interface(decl) -> dict:
    """The interface dict of an emulate.OpDecl (the form _interfaces.json stores)."""
    def tensors(items):
        return [{"name": t.name, "param": "dynamic" if t.dynamic else ("required" if t.required else "optional"),
                 "dtypes": _distinct(_short(d) for d in t.dtypes)} for t in items]

    return {"op_type": decl.op_type, "inputs": tensors(decl.inputs), "outputs": tensors(decl.outputs),
            "attrs": [{"name": a.name, "kind": a.kind, "default": a.default, "required": a.required}
                      for a in decl.attrs],
            "socs": list(decl.socs)}


def opdef_interface(op_dir: Path) -> dict:
    """The interface of the OpDef in op_dir/op_host (compiles only the def file(s); cached like every build)."""
    from kernelgen.emulator.emulate import OperatorSource
    from kernelgen.emulator.layout import def_files

    class _DefOnly(OperatorSource):
        def host_sources(self) -> list[Path]:
            return def_files(self.op_dir)

    op_dir = Path(op_dir)
    return decl_interface(_DefOnly(op_dir, op_dir.name).decl())


@lru_cache(maxsize=1)
def load() -> dict:
    """{operator snake name: entry} from _interfaces.json (see its "_about")."""
    doc = json.loads(DATA.read_text(encoding="utf-8"))
    return {k: v for k, v in doc["operators"].items()}


def entry(name: str) -> dict:
    ops = load()
    if name not in ops:
        raise UsageError(choices_message("operator of _interfaces.json", name, ops))
    return ops[name]


def float_dtypes(iface: dict) -> list[str]:
    """The float dtypes every tensor of the interface declares (in the OpDef's order)."""
    tensors = iface["inputs"] + iface["outputs"]
    first = [d for d in tensors[0]["dtypes"] if d in FLOAT_DTYPES] if tensors else []
    return [d for d in first if all(d in t["dtypes"] for t in tensors)]


def check_spec(spec, name: str | None = None) -> list[str]:
    """Where a spec departs from the stored interface of its operator: input/output names and order, attribute
    names, kinds and defaults, float dtypes, the aclnn function name. [] when it keeps all of them."""
    e = entry(name or spec.snake)
    iface = e["interface"]
    problems = []
    for what, mine, theirs in (("inputs", [t.name for t in spec.inputs], [t["name"] for t in iface["inputs"]]),
                               ("outputs", [t.opdef_name for t in spec.outputs],
                                [t["name"] for t in iface["outputs"]])):
        if mine != theirs:
            problems.append(f"{what} ({', '.join(mine)}) vs the OpDef's ({', '.join(theirs)})")
    theirs_attrs = {a["name"]: a for a in iface["attrs"]}
    mine_attrs = {a.name: a for a in spec.attrs}
    if sorted(mine_attrs) != sorted(theirs_attrs):
        problems.append(f"attributes ({', '.join(sorted(mine_attrs)) or 'none'}) vs the OpDef's "
                        f"({', '.join(sorted(theirs_attrs)) or 'none'})")
    for n in sorted(set(mine_attrs) & set(theirs_attrs)):
        a, b = mine_attrs[n], theirs_attrs[n]
        if a.kind != b["kind"]:
            problems.append(f"attribute {n}: kind {a.kind} vs the OpDef's {b['kind']}")
        elif b["default"] is not None and (list(a.default) if isinstance(a.default, tuple) else a.default) \
                != b["default"]:   # a list_int default is a tuple in the spec, a list in the JSON
            problems.append(f"attribute {n}: default {a.default!r} vs the OpDef's {b['default']!r}")
    mine_f = sorted(d.short for d in spec.dtypes)
    theirs_f = sorted(float_dtypes(iface))
    if mine_f != theirs_f:
        problems.append(f"float dtypes ({', '.join(mine_f)}) vs the OpDef's ({', '.join(theirs_f)})")
    aclnn = (e.get("aclnn") or {}).get("name")
    if aclnn and spec.aclnn.name != aclnn:
        problems.append(f"aclnn {spec.aclnn.name} vs {aclnn}")
    return problems
