"""The aclnn API CANN's build generates from an OpDef, for operator directories that do not ship one.

For ACLNNTYPE `aclnn`, ops-nn's CMake has opbuild emit `aclnn_<op>.h/.cpp` from the OpDef; the operator
directory then has no `op_host/op_api/` sources, but its `examples/test_aclnn_<op>.cpp` includes that header.
This module writes the same API from the OpDef kernelgen learned (emulate.OperatorSource.decl()), following
the convention of opbuild-generated headers in CANN packages (e.g. `aclnn_foreach_sub_list.h`,
`aclnn_boxes_overlap_bev.h`, `aclnn_swi_glu_quant.h`):

- `aclnn<OpType>GetWorkspaceSize(inputs..., attributes..., outputs..., uint64_t *workspaceSize,
  aclOpExecutor **executor)` and `aclnn<OpType>(void *workspace, uint64_t workspaceSize, aclOpExecutor
  *executor, aclrtStream stream)` in `aclnn_<snake op type>.h` (ACLNNTYPE aclnn_inner: `aclnnInner<OpType>`);
- inputs, attributes and outputs each in declaration order; tensors `const aclTensor *`, DYNAMIC ones
  `const aclTensorList *`; an OPTIONAL input is named `<name>Optional` and may be nullptr; an output that
  shares an input's name is that input, `aclTensor *<name>Ref`, and appears once; with several outputs each is
  named `<name>Out`;
- a ValueDepend input (the OpDef's ValueDepend documentation: its dtypes are all DT_FLOAT, all DT_BOOL or all
  integer) is an array: `const aclFloatArray *`, `const aclBoolArray *` or `const aclIntArray *`, which the
  emulator hands to the tiling and the kernel as a 1-D const tensor of DT_FLOAT, DT_BOOL or DT_INT64;
- attribute types: float `double`, int `int64_t`, bool `bool`, str `char *`, list_int `const aclIntArray *`,
  list_float `const aclFloatArray *`, list_bool `const aclBoolArray *`; an optional attribute of pointer
  type is named `<name>Optional` (nullptr takes the OpDef default).

The source is kernelgen's, for the emulator only: it describes the call to kgemu/opdef_api.h, which checks
nulls, the dtype combination and formats the OpDef declares for the SOC, and plans the AI Core launch (see
that header). With CANN, opbuild generates the real one.
"""
from __future__ import annotations

from dataclasses import dataclass

from kernelgen import __version__
from kernelgen.dtypes import GE_DTYPES, GE_FORMATS
from kernelgen.emulator.opdir import snake_case
from kernelgen.errors import UsageError

ATTR_CTYPES = {"float": "double", "int": "int64_t", "bool": "bool", "str": "char *",
               "list_int": "const aclIntArray *", "list_float": "const aclFloatArray *",
               "list_bool": "const aclBoolArray *"}


@dataclass(frozen=True)
class ApiParam:
    name: str        # the C parameter name
    ctype: str       # its C type, e.g. "const aclTensor *"
    role: str        # input, output (an in-place Ref is an input), attr
    opdef: str       # the OpDef tensor or attribute it carries
    required: bool = True
    dynamic: bool = False
    ref: bool = False  # the input is also the output of the same name

    @property
    def decl(self) -> str:
        sep = "" if self.ctype.endswith("*") else " "
        return f"{self.ctype}{sep}{self.name}"


@dataclass(frozen=True)
class GeneratedApi:
    name: str                   # aclnnCeluV3
    header: str                 # aclnn_celu_v3 (no extension)
    op_type: str
    params: tuple[ApiParam, ...]

    def prototype(self) -> str:
        return (f"aclnnStatus {self.name}GetWorkspaceSize(" + ", ".join(p.decl for p in self.params)
                + ", uint64_t *workspaceSize, aclOpExecutor **executor)")


def api_of(decl, aclnn_type: str = "aclnn") -> GeneratedApi:
    """The generated API's name, header and parameters for an OpDecl (emulate.OpDecl)."""
    if aclnn_type not in ("aclnn", "aclnn_inner", "aclnn_exclude"):
        raise UsageError(f"ACLNNTYPE {aclnn_type!r} has no generated aclnn API; generated: aclnn, aclnn_inner")
    name = ("aclnnInner" if aclnn_type == "aclnn_inner" else "aclnn") + decl.op_type
    header = "aclnn_" + ("inner_" if aclnn_type == "aclnn_inner" else "") + snake_case(decl.op_type)
    in_names = {t.name for t in decl.inputs}
    params: list[ApiParam] = []
    for t in decl.inputs:
        is_ref = any(o.name == t.name for o in decl.outputs)
        ctype = ("aclTensorList *" if t.dynamic else "aclTensor *") if is_ref else \
                ("const aclTensorList *" if t.dynamic else "const aclTensor *")
        if t.value_depend and not t.dynamic and not is_ref and _array_ctype(t.dtypes):
            ctype = _array_ctype(t.dtypes)
        pname = t.name + ("Ref" if is_ref else "" if t.required else "Optional")
        params.append(ApiParam(pname, ctype, "input", t.name, t.required, t.dynamic, is_ref))
    for a in decl.attrs:
        if a.kind not in ATTR_CTYPES:
            raise UsageError(f"{decl.op_type}: attribute {a.name} has type {a.kind}, which the generated aclnn API "
                             f"does not map; mapped: {', '.join(ATTR_CTYPES)}")
        ctype = ATTR_CTYPES[a.kind]
        pointer = ctype.endswith("*")
        params.append(ApiParam(a.name + ("Optional" if pointer and not a.required else ""), ctype, "attr", a.name,
                               a.required))
    outs = [t for t in decl.outputs if t.name not in in_names]
    for t in outs:
        pname = t.name + ("Out" if len(decl.outputs) > 1 else "") + ("" if t.required else "Optional")
        params.append(ApiParam(pname, "const aclTensorList *" if t.dynamic else "const aclTensor *", "output",
                               t.name, t.required, t.dynamic))
    taken: set[str] = set()
    for p in params:
        if p.name in taken or p.name in ("workspaceSize", "executor"):
            raise UsageError(f"{decl.op_type}: two aclnn parameters would be named {p.name}")
        taken.add(p.name)
    return GeneratedApi(name, header, decl.op_type, tuple(params))


INTEGER_DTYPES = frozenset({"DT_INT64", "DT_UINT64", "DT_INT32", "DT_UINT32", "DT_INT16", "DT_UINT16", "DT_INT8",
                            "DT_UINT8"})


def _array_ctype(dtypes) -> str | None:
    """The array type opbuild gives a ValueDepend input of these dtypes, None for a mix it does not map."""
    kinds = set(dtypes)
    if kinds and kinds <= {"DT_FLOAT"}:
        return "const aclFloatArray *"
    if kinds and kinds <= {"DT_BOOL"}:
        return "const aclBoolArray *"
    if kinds and kinds <= INTEGER_DTYPES:
        return "const aclIntArray *"
    return None


def _banner(api: GeneratedApi, origin: str) -> str:
    return (f"// Generated by kernelgen {__version__} (kernelgen/emulator/aclnn_gen.py) from the OpDef of {api.op_type}"
            f"{origin}, as CANN's opbuild generates {api.header}.h for ACLNNTYPE aclnn. Do not edit.\n")


def header_text(api: GeneratedApi, origin: str = "") -> str:
    guard = api.header.upper() + "_H_"
    lines = [_banner(api, origin), f"#ifndef {guard}", f"#define {guard}", "", '#include "aclnn/acl_meta.h"', "",
             "#ifdef __cplusplus", 'extern "C" {', "#endif", "",
             f"/* function: {api.name}GetWorkspaceSize", " * parameters :"]
    for p in api.params:
        kind = "dynamic" if p.dynamic else "required" if p.required else "optional"
        lines.append(f" * {p.name} : {kind}")
    lines += [" * workspaceSize : size of workspace(output).", " * executor : executor context(output).", " */",
              '__attribute__((visibility("default")))', f"aclnnStatus {api.name}GetWorkspaceSize("]
    lines += [f"    {p.decl}," for p in api.params]
    lines += ["    uint64_t *workspaceSize,", "    aclOpExecutor **executor);", "",
              f"/* function: {api.name}", " * parameters :", " * workspace : workspace memory addr(input).",
              " * workspaceSize : size of workspace(input).", " * executor : executor context(input).",
              " * stream : acl stream.", " */", '__attribute__((visibility("default")))', f"aclnnStatus {api.name}(",
              "    void *workspace,", "    uint64_t workspaceSize,", "    aclOpExecutor *executor,",
              "    aclrtStream stream);", "", "#ifdef __cplusplus", "}", "#endif", "", "#endif", ""]
    return "\n".join(lines)


def _combos(decl, doc_op: dict, soc_family: str) -> list[list[tuple[int, int]]]:
    """Per declared combination for the SOC: (ge dtype id, ge format id) of every OpDef tensor, inputs first."""
    tensors = list(doc_op.get("inputs") or []) + list(doc_op.get("outputs") or [])
    override: dict[str, dict] = {}
    for cfg in doc_op.get("aicore") or doc_op.get("aicore_configs") or []:
        if cfg.get("soc") == soc_family:
            override = {t["name"]: t for t in (cfg.get("inputs") or []) + (cfg.get("outputs") or [])}
    rows: list[list[tuple[int, int]]] = []
    columns = []
    for t in tensors:
        t = {**t, **override.get(t["name"], {})}
        dtypes = list(t.get("dtypes") or [])
        formats = list(t.get("formats") or []) or ["FORMAT_ND"] * len(dtypes)
        columns.append([(GE_DTYPES[d].value if d in GE_DTYPES else -2, GE_FORMATS.get(f, 2))
                        for d, f in zip(dtypes, formats + ["FORMAT_ND"] * (len(dtypes) - len(formats)))])
    count = max((len(c) for c in columns), default=0)
    for i in range(count):
        rows.append([c[i] if i < len(c) else c[-1] for c in columns])
    return rows


def source_text(api: GeneratedApi, decl, doc_op: dict, soc_family: str, origin: str = "") -> str:
    """The emulator's implementation of the generated API for one SOC (the dtype table is the SOC's)."""
    rows = _combos(decl, doc_op, soc_family)
    if not rows and (decl.inputs or decl.outputs):
        raise UsageError(f"{decl.op_type}: the OpDef declares no dtype for its tensors on {soc_family}")
    # An OpDef without tensors (only attributes, e.g. a Sleep taking a cycle count) has one empty combination;
    # C++ has no zero-length array, so its table holds one unused pair.
    rows = rows or [[]]
    nslots = len(rows[0])
    table = ",\n".join("    " + ", ".join(f"{d}, {f}" for d, f in row) for row in rows) if nslots else "    0, 0"
    body = [_banner(api, origin) + f"// Emulator implementation for {soc_family}: kgemu/opdef_api.h does the work.",
            f'#include "{api.header}.h"', '#include "kgemu/opdef_api.h"', '#include "opdev/op_executor.h"', "",
            "namespace {",
            "// (ge::DataType, ge::Format) of each OpDef tensor (inputs, then outputs) per declared combination",
            f"const int32_t kCombos[] = {{\n{table}}};",
            f"constexpr size_t kCount = {len(rows)};", f"constexpr size_t kSlots = {nslots};", "}  // namespace", "",
            f"aclnnStatus {api.name}GetWorkspaceSize(" + ", ".join(p.decl for p in api.params)
            + ", uint64_t *workspaceSize, aclOpExecutor **executor)", "{",
            f'    ::kgemu::acl::OpDefApi api("{api.name}", "{api.op_type}", kCombos, kCount, kSlots);']
    by_opdef = {p.opdef: p for p in api.params if p.role in ("input", "output")}
    attrs = {a.name: a for a in decl.attrs}
    for t in decl.inputs:
        p = by_opdef[t.name]
        body.append(f'    api.Input("{t.name}", {p.name}, {"false" if t.required else "true"});')
    for p in api.params:
        if p.role != "attr":
            continue
        a = attrs[p.opdef]
        if p.ctype.endswith("*") and not p.required:
            default = _default_literal(a)
            if default is not None:
                body.append(f"    if ({p.name} == nullptr) {{")
                body.append(f'        api.Attr("{a.name}", {default});')
                body.append("    } else {")
                body.append(f'        api.Attr("{a.name}", {p.name});')
                body.append("    }")
                continue
        body.append(f'    api.Attr("{a.name}", {p.name});')
    for t in decl.outputs:
        p = by_opdef[t.name]
        body.append(f'    api.Output("{t.name}", {p.name});')
    body += ["    return api.Plan(workspaceSize, executor);", "}", "",
             f"aclnnStatus {api.name}(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, "
             "aclrtStream stream)", "{", "    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);",
             "}", ""]
    return "\n".join(body)


def _default_literal(attr) -> str | None:
    """A C++ expression for a pointer-typed attribute's OpDef default (str only; lists pass nullptr as empty)."""
    if attr.kind == "str" and isinstance(attr.default, str):
        escaped = attr.default.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    return None


__all__ = ["ATTR_CTYPES", "ApiParam", "GeneratedApi", "api_of", "header_text", "source_text"]
