"""What an operator declares, as the emulator reads it: the OpDef registry's tensors, attributes and dtype
combinations (parsed from the harness's JSON, or taken from a kernelgen spec), the combination a run uses, the
output shapes CANN's aclnn layer would allocate, and the tiling data's fields."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from kernelgen.dtypes import GE_NAME_SHORT, SHORT_TO_GE, ge_of_numpy
from kernelgen.errors import UsageError, choices_message
from kernelgen.socs import Soc


@dataclass(frozen=True)
class TensorDecl:
    name: str
    dtypes: tuple[str, ...]      # ge names, one per OpDef dtype combination
    required: bool = True
    dynamic: bool = False        # DYNAMIC: a tensor list
    value_depend: bool = False   # ValueDepend: host code reads its data (opbuild's aclnn API takes an array)
    shape_by_compute: bool = False  # OutputShapeDependOnCompute: the kernel writes the output's real shape


@dataclass(frozen=True)
class AttrDecl:
    name: str
    kind: str                    # float, int, bool, str, list_float, list_int, list_bool
    default: object = None
    required: bool = False
    prototype_only: bool = False  # in the IR prototype (REG_OP), not the OpDef: always passed (ir_proto.py)


@dataclass(frozen=True)
class OpDecl:
    """What the OpDef registry says about an operator."""

    op_type: str
    snake: str
    inputs: tuple[TensorDecl, ...]
    outputs: tuple[TensorDecl, ...]
    attrs: tuple[AttrDecl, ...] = ()
    socs: tuple[str, ...] = ()
    soc_dtypes: dict = field(default_factory=dict, compare=False, hash=False)  # soc -> {tensor: dtypes}

    @property
    def shape_out_arg(self) -> bool:
        """An output's shape depends on compute: the kernel takes one more GM argument after the outputs, where it
        writes each output's shape (index/unique_dim's shapeOut)."""
        return any(t.shape_by_compute for t in self.outputs)

    def combos(self, soc: str | None = None) -> list[dict[str, str]]:
        """The dtype combinations the OpDef declares: [{tensor name: ge dtype}]."""
        tensors = self.inputs + self.outputs
        per_soc = self.soc_dtypes.get(soc) if soc else None
        lists = {t.name: (per_soc or {}).get(t.name, t.dtypes) for t in tensors}
        count = len(next(iter(lists.values()))) if lists else 0
        return [{name: dts[i] for name, dts in lists.items()} for i in range(count)]


def expand_dtype_lists(items: list[dict]) -> dict[str, tuple[str, ...]]:
    """{tensor: its dtype in each combination}. A DataType list gives one dtype per column; a DataTypeList
    ("dtype_is_list") combines each of its dtypes with every column of the others (CANN's OpParamDef), so the
    columns are the product: LinSpaceD's start and end lists of 7 with num and z lists of 1 make 49."""
    fixed = [t for t in items if not t.get("dtype_is_list")]
    width = max((len(t["dtypes"]) for t in fixed), default=1)
    cols = {t["name"]: [t["dtypes"][i] if i < len(t["dtypes"]) else t["dtypes"][-1] for i in range(width)]
            for t in fixed if t["dtypes"]}
    n = width
    for t in items:
        if not t.get("dtype_is_list") or not t["dtypes"]:
            continue
        k = len(t["dtypes"])
        cols = {name: [d for d in col for _ in range(k)] for name, col in cols.items()}
        cols[t["name"]] = [t["dtypes"][j] for _ in range(n) for j in range(k)]
        n *= k
    return {t["name"]: tuple(cols.get(t["name"], ())) for t in items}


def parse_opdef(doc: dict, snake: str) -> OpDecl:
    ops = doc.get("ops", [])
    if not ops:
        raise UsageError(f"{snake}: the OpDef registry is empty (no OP_ADD in op_host/{snake}_def.cpp)")
    op = ops[0]
    configs = op.get("aicore_configs", op.get("aicore")) or []   # the runtime writes "aicore"
    # A tensor declared only in an AI Core config (`OpAICoreConfig config; config.Input("x")`, no this->Input:
    # quant/ascend_anti_quant) is the operator's as well: AddConfig registers it for that SOC.
    declared = {"inputs": list(op["inputs"]), "outputs": list(op["outputs"])}
    for cfg in configs:
        for key, params in declared.items():
            known = {t["name"] for t in params}
            params.extend(t for t in cfg.get(key) or [] if t["name"] not in known)

    columns = expand_dtype_lists(declared["inputs"] + declared["outputs"])

    def tensors(items):
        return tuple(TensorDecl(t["name"], columns[t["name"]], t.get("param_type", "required") != "optional",
                                t.get("param_type") == "dynamic", bool(t.get("value_depend")),
                                bool(t.get("output_shape_depend_on_compute"))) for t in items)

    attrs = tuple(AttrDecl(a["name"], a["type"], a.get("default"), bool(a.get("required", False)))
                  for a in op.get("attrs", []))
    soc_dtypes = {}
    for cfg in configs:
        over = expand_dtype_lists((cfg.get("inputs") or []) + (cfg.get("outputs") or []))
        soc_dtypes[cfg["soc"]] = over
    return OpDecl(op["op_type"], snake, tensors(declared["inputs"]), tensors(declared["outputs"]), attrs,
                  tuple(soc_dtypes), soc_dtypes)


# ---- output sizing and in-place outputs -------------------------------------------------------------------
_ALIAS_SUFFIXES = ("", "_out", "Out", "_ref", "_update")


def output_aliases(decl: OpDecl, given: dict[str, str] | None = None) -> dict[str, str]:
    """{output: input} of in-place outputs: the ones given, else an output named like an input (CANN's ref
    convention: `var` in and out) or like it plus _out / Out / _ref (`var` -> `varOut`)."""
    inputs = {t.name for t in decl.inputs}
    out = {}
    for t in decl.outputs:
        if given and t.name in given:
            if given[t.name] not in inputs:
                raise UsageError(choices_message(f"input aliased by output {t.name}", given[t.name], inputs))
            out[t.name] = given[t.name]
            continue
        for i in decl.inputs:
            if any(t.name == i.name + suffix for suffix in _ALIAS_SUFFIXES):
                out[t.name] = i.name
                break
    return out


# The int attribute that, by the GE IR convention, counts the tensors of a DYNAMIC output when there is no list
# input to mirror (SplitV / Split "num_split", Unpack "num", "N").
LIST_COUNT_ATTRS = ("num_split", "num_outputs", "split_num", "num", "N")


def list_output_count(decl: OpDecl, attrs: dict) -> int:
    """Tensors in each DYNAMIC output of an operator without a list input: the first positive count attribute
    (LIST_COUNT_ATTRS) among its attributes, else 1."""
    declared = {a.name: a for a in decl.attrs}
    for name in LIST_COUNT_ATTRS:
        a = declared.get(name)
        value = attrs.get(name, a.default if a else None)
        if a is not None and a.kind == "int" and isinstance(value, int) and value > 0:
            return value
    return 1


def output_shapes(decl: OpDecl, out_names: list[str], inferred: list, lists: dict, aliases: dict[str, str]):
    """(shapes, rules): the infershape's shape where it set one; otherwise the rule CANN's aclnn layer follows
    when it allocates an output before the launch: an in-place output is its input; a list output mirrors
    the list input; any other output takes the broadcast of the inputs' shapes (the elementwise convention)."""
    dyn_in = [lists[t.name] for t in decl.inputs if t.dynamic and t.name in lists]
    given = [a.shape for t in decl.inputs if not t.dynamic for a in lists.get(t.name, [])]
    try:
        broadcast = tuple(np.broadcast_shapes(*given)) if given else ()
        how = "the broadcast of the inputs' shapes"
    except ValueError:
        broadcast = tuple(given[0])
        how = "the first input's shape (the inputs do not broadcast)"
    dynamic = {t.name for t in decl.outputs if t.dynamic}
    shapes, rules, seen = [], [], {}
    for i, name in enumerate(out_names):
        j = seen.get(name, 0)
        seen[name] = j + 1
        if inferred[i] is not None:
            shapes.append(tuple(inferred[i]))
            rules.append("infershape")
            continue
        unset = "infershape left it unset" if any(s is not None for s in inferred) else "no infershape result"
        if name in aliases and lists.get(aliases[name]):
            src = lists[aliases[name]]
            shapes.append(tuple(src[min(j, len(src) - 1)].shape))  # a list output's j-th tensor is the input's j-th
            rules.append(f"in place: input {aliases[name]}'s shape ({unset})")
        elif name in dynamic and dyn_in:
            shapes.append(tuple(dyn_in[0][min(j, len(dyn_in[0]) - 1)].shape))
            rules.append(f"the list input's shapes ({unset})")
        else:
            shapes.append(broadcast)
            rules.append(f"{how} ({unset})")
    return shapes, rules


def decode_tiling(raw: bytes, fields) -> dict[str, int]:
    import struct

    fmt = "<" + "".join({"uint64_t": "Q", "uint32_t": "I", "int64_t": "q", "int32_t": "i", "float": "f"}[t]
                        for _, t, *_ in fields)
    size = struct.calcsize(fmt)
    if len(raw) < size:
        return {}
    return dict(zip((f[0] for f in fields), struct.unpack(fmt, raw[:size])))


def pick_combo(decl: OpDecl, soc: Soc, arrays: dict[str, np.ndarray], dtype: str | None = None) -> dict[str, str]:
    """The OpDef dtype combination matching the given arrays (or --dtype)."""
    names = [t.name for t in decl.inputs]
    for n in arrays:
        if n not in names:
            raise UsageError(choices_message(f"input of {decl.op_type}", n, names))
    combos = decl.combos(soc.family)
    if dtype:
        ge = SHORT_TO_GE.get(dtype, dtype)
        match = [c for c in combos if all(v == ge for v in c.values())] or \
                [c for c in combos if c[decl.outputs[0].name] == ge]
        if not match:
            raise UsageError(f"{decl.op_type} on {soc.family} does not support {dtype}; supported: "
                             + ", ".join(sorted({GE_NAME_SHORT[c[decl.outputs[0].name]] for c in combos})))
        return match[0]
    given = {n: ge_of_numpy(a.dtype) for n, a in arrays.items()}
    for c in combos:
        if all(c[n] == g for n, g in given.items()):
            return c
    raise UsageError(f"{decl.op_type} on {soc.family} has no dtype combination for "
                     + ", ".join(f"{n}={GE_NAME_SHORT.get(g, g)}" for n, g in given.items()) + "; declared: "
                     + "; ".join(", ".join(f"{n}={GE_NAME_SHORT.get(g, g)}" for n, g in c.items()) for c in combos))


def spec_decl(spec) -> OpDecl:
    def tensors(items):
        return tuple(TensorDecl(t.name, tuple(d.ge for d in t.dtypes), t.required) for t in items)

    return OpDecl(spec.op_type, spec.snake, tensors(spec.inputs), tensors(spec.outputs),
                  tuple(AttrDecl(a.name, a.kind, a.default) for a in spec.attrs))
