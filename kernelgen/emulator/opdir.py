"""Operator directories in the ops-nn experimental layout: the kernel entry and its launcher TU.

The real launcher calls `snake_case(OpType)` with the inputs (OpDef order), the outputs, the workspace and the
tiling buffer. A template entry (`template <...> __global__ __aicore__`) is instantiated once per template
tiling-key combination the operator selects (ASCENDC_TPL_SEL, restricted to the requested dtypes where a
DATATYPE parameter follows an input or output), and the launcher dispatches on the tiling key the host chose.
A legacy BEGIN_TILING_DATA_DEF class is declared as a plain struct in the kernel TU, as CANN's build does for
GET_TILING_DATA.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from kernelgen.errors import UsageError

# ge::DataType numbers (= C_DT_* of ASCENDC_TPL_DATATYPE_DECL) -> kernel C++ type.
CPP_OF_GE_ID = {0: "float", 1: "half", 2: "int8_t", 3: "int32_t", 4: "uint8_t", 6: "int16_t", 7: "uint16_t",
                8: "uint32_t", 9: "int64_t", 10: "uint64_t", 11: "double", 12: "bool", 27: "bfloat16_t"}
_TPL_KINDS = ("dtype", "format", "uint", "bool")  # the kinds that become kernel template arguments


@dataclass(frozen=True)
class TemplateParam:
    is_type: bool      # typename/class parameter
    ctype: str         # the declared type of a non-type parameter ("" for type parameters)
    name: str


@dataclass(frozen=True)
class KernelEntry:
    name: str
    template: tuple[TemplateParam, ...] | None  # None: not a template


@lru_cache(maxsize=256)
def strip_comments(text: str) -> str:
    """C/C++ source without comments (string literals kept). Memoized: a verify asks for the same kernel files'
    text once per case (the launcher, the SyncAll check), a character loop over every file each time."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            out.append(" ")
            i = n if j < 0 else j + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _split_top(text: str, sep: str = ",") -> list[str]:
    parts, depth, cur = [], 0, []
    for c in text:
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        if c == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    if "".join(cur).strip():
        parts.append("".join(cur))
    return [p.strip() for p in parts]


def _template_params(text: str) -> tuple[TemplateParam, ...]:
    params = []
    for p in _split_top(text):
        p = p.split("=", 1)[0].strip()
        m = re.match(r"(typename|class)\b\s*(\.\.\.)?\s*(\w*)$", p)
        if m:
            params.append(TemplateParam(True, "", m.group(3)))
            continue
        m = re.match(r"(.*?)(\w+)$", p, re.S)
        ctype, name = (m.group(1).strip(), m.group(2)) if m else (p, "")
        params.append(TemplateParam(False, ctype, name))
    return tuple(params)


_ENTRY = re.compile(r"(?:template\s*<(?P<tpl>[^{};]*?)>\s*)?(?:extern\s+\"C\"\s*)?(?P<quals>(?:\w+\s+)*?)"
                    r"void\s+(?P<name>\w+)\s*\(")


_KT_TEST_IF = re.compile(r"#\s*(ifdef\s+__CCE_KT_TEST__|if\s+defined\s*\(?\s*__CCE_KT_TEST__\s*\)?)\s*$")
_KT_TEST_IFNDEF = re.compile(r"#\s*(ifndef\s+__CCE_KT_TEST__|if\s+!\s*defined\s*\(?\s*__CCE_KT_TEST__\s*\)?)\s*$")


_SINGLE_MACRO_IF = re.compile(r"#\s*(?:(?P<kw>ifdef|ifndef)\s+(?P<a>\w+)|if\s+(?P<neg>!\s*)?\(?\s*defined\s*\(?\s*"
                              r"(?P<b>\w+)\s*\)?\s*\)?)\s*$")


def drop_kt_test_branches(text: str, dtype_macros: frozenset[str] | None = None) -> str:
    """The source as the emulator compiles it: `__CCE_KT_TEST__` (CANN's kernel unit-test build) is not defined,
    so the lines of an `#ifdef __CCE_KT_TEST__` branch go and its `#else` branch stays (and the reverse for
    `#ifndef`). With dtype_macros (the DTYPE_<TENSOR> names the kernel build defines: dtype_macro_names), a
    branch on one DTYPE_ macro is decided the same way: hard_swish_grad keeps a non-template UT entry under
    `#ifdef DTYPE_X` (its tensors are grad_output and self, so the build takes the `#else` template entry). Other
    preprocessor lines are kept as they are."""
    out, stack = [], []   # stack: per open #if, None (not ours) or [keeping_now]
    for line in text.split("\n"):
        stripped = line.strip()
        keeping = all(s is None or s[0] for s in stack)
        if _KT_TEST_IF.match(stripped) or _KT_TEST_IFNDEF.match(stripped):
            stack.append([bool(_KT_TEST_IFNDEF.match(stripped))])
            continue
        single = _SINGLE_MACRO_IF.match(stripped) if dtype_macros is not None else None
        name = single and (single.group("a") or single.group("b"))
        if name and name.startswith("DTYPE_"):
            negated = single.group("kw") == "ifndef" or bool(single.group("neg"))
            stack.append([(name in dtype_macros) != negated])
            continue
        if re.match(r"#\s*if", stripped):
            stack.append(None)
        elif re.match(r"#\s*else\b", stripped) and stack and stack[-1] is not None:
            stack[-1][0] = not stack[-1][0]
            continue
        elif re.match(r"#\s*endif\b", stripped) and stack:
            if stack.pop() is not None:
                continue
        if keeping:
            out.append(line)
    return "\n".join(out)


def dtype_macro_names(decl) -> frozenset[str]:
    """The DTYPE_<TENSOR> macros a kernel build defines (OperatorSource.kernel_flags): one per input and output,
    an in-place output's as <NAME>_REF."""
    input_names = {t.name for t in decl.inputs}
    return frozenset([f"DTYPE_{t.name.upper()}" for t in decl.inputs] +
                     [f"DTYPE_{t.name.upper()}{'_REF' if t.name in input_names else ''}" for t in decl.outputs])


def find_entries(source: str, dtype_macros: frozenset[str] | None = None) -> list[KernelEntry]:
    """Every `__global__ ... void name(` definition or declaration in the kernel source (with dtype_macros, in the
    branches of DTYPE_ conditions the build takes: drop_kt_test_branches)."""
    text = drop_kt_test_branches(strip_comments(source), dtype_macros)
    # ops-nn's `KERNEL_API` (common/inc/op_kernel/platform.h: extern "C" __global__ __aicore__), e.g. activation/elu
    text = re.sub(r"\bKERNEL_API\b", 'extern "C" __global__ __aicore__', text)
    found = []
    for m in _ENTRY.finditer(text):
        if "__global__" not in (m.group("quals") or ""):
            continue
        tpl = m.group("tpl")
        found.append(KernelEntry(m.group("name"), _template_params(tpl) if tpl is not None else None))
    return found


def find_entry(source: str, candidates: list[str], path: Path,
               dtype_macros: frozenset[str] | None = None) -> KernelEntry:
    entries = find_entries(source, dtype_macros)
    for cand in candidates:
        for e in entries:
            if e.name == cand:
                return e
    if len(entries) == 1:
        return entries[0]
    names = ", ".join(sorted({e.name for e in entries})) or "none"
    raise UsageError(f"{path}: no __global__ kernel entry named {' or '.join(candidates)} "
                     f"(the snake-case OpType); __global__ entries found: {names}")


def entry_candidates(op_dir: Path, decl) -> list[str]:
    """The kernel entry's possible names, in order: the snake-case OpType, the spec's snake name, and the operator's
    directory, which names it where the OpType's digits meet a capital (AdaptiveMaxPool3DGrad's entry, file and
    folder are adaptive_max_pool3d_grad; snake_case gives adaptive_max_pool3_d_grad)."""
    # resolved: the survey reaches a directory through a symlink named <category>__<op>
    return list(dict.fromkeys([snake_case(decl.op_type), decl.snake, Path(op_dir).resolve().name]))


def snake_case(op_type: str) -> str:
    """CANN's OpType -> kernel name: GeluGradV2 -> gelu_grad_v2, HardSwish -> hard_swish."""
    s = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", op_type)
    s = re.sub(r"(?<=[A-Z])([A-Z][a-z])", r"_\1", s)
    return s.lower()


# ---- template tiling keys ----------------------------------------------------------------------------------
def pick_tpl_decl(tiling_keys: dict, op_type: str, kernel_text: str = "") -> tuple[str, dict] | None:
    """The ASCENDC_TPL_ARGS_DECL that belongs to op_type (by name, else the only one, else the only one the
    operator's own kernel sources declare: threshold_grad_v2_d's host library also holds its dependency
    relu_grad's declaration, and its own is named THRESHOLD_GRAD_V2_D_TPL_FP32V2D)."""
    if not tiling_keys:
        return None
    if op_type in tiling_keys:
        return op_type, tiling_keys[op_type]
    for name, entry in tiling_keys.items():
        if name.lower() == op_type.lower():
            return name, entry
    if len(tiling_keys) == 1:
        return next(iter(tiling_keys.items()))
    own = [n for n in tiling_keys if re.search(r"ASCENDC_TPL_ARGS_DECL\s*\(\s*" + re.escape(n) + r"\s*,", kernel_text)]
    return (own[0], tiling_keys[own[0]]) if len(own) == 1 else None


def _followed_dtype(marker: str, decl, combo: dict[str, str]) -> str | None:
    kind, _, idx = marker.partition(":")
    tensors = decl.inputs if kind == "input" else decl.outputs
    i = int(idx)
    return combo.get(tensors[i].name) if 0 <= i < len(tensors) else None


def tpl_instances(entry: dict, decl, combo: dict[str, str], ge_ids: dict[str, int]) -> list[tuple[int, tuple]]:
    """[(tiling key, parameter values in declaration order)] of every selected combination for this dtype combo."""
    out: dict[int, tuple] = {}
    for key, values, _ in _tpl_selected(entry, decl, combo, ge_ids):
        out.setdefault(key, values)
    return sorted(out.items())


def _tpl_selected(entry: dict, decl, combo: dict[str, str], ge_ids: dict[str, int]):
    """(key, values, the selection's ASCENDC_TPL_KERNEL_TYPE_SEL code or None) of every selected combination."""
    params = entry.get("params") or []
    allowed = []
    for p in params:
        vals = list(p.get("values") or [])
        if p["type"] == "dtype":
            for marker in p.get("follow") or []:
                ge = _followed_dtype(marker, decl, combo)
                if ge is not None:
                    vals = [v for v in vals if v == ge_ids.get(ge)]
                    break
        allowed.append(vals)
    selections = entry.get("selections")
    if selections is None:
        selections = [[]]
    for sel in selections:
        by_name = {s["name"]: s for s in sel}
        kt = by_name.get("kernel_type")
        kernel_type = int(kt["values"][0]) if kt and kt.get("values") else None
        lists = []
        for p, vals in zip(params, allowed):
            s = by_name.get(p["name"])
            if s is not None and s["type"] == p["type"]:
                vals = [v for v in s.get("values") or [] if v in vals]
            lists.append(vals)
        for values in itertools.product(*lists):
            key = encode_key(params, values)
            if key is not None:
                yield key, values, kernel_type


# KERNEL_TYPE_* names as ASCENDC_TPL_* codes (kgemu::rt_launch_slots)
_KERNEL_TYPES = {"AIV_ONLY": 0, "AIC_ONLY": 1, "MIX_AIV_1_0": 4, "MIX_AIC_1_0": 5, "MIX_AIC_1_1": 6,
                 "MIX_AIC_1_2": 7}


def kernel_types(texts: str, tpl: dict | None, decl, combo: dict[str, str],
                 ge_ids: dict[str, int]) -> tuple[int | None, dict[int, int]]:
    """The kernel type (an ASCENDC_TPL_* code) a launch runs as: (default, {tiling key: type}) from the kernel's
    KERNEL_TASK_TYPE_DEFAULT / KERNEL_TASK_TYPE(key, type) markers and the ASCENDC_TPL_KERNEL_TYPE_SEL of template
    tiling-key selections. (None, {}) when the kernel names none: a vector-only launch."""
    default = None
    m = re.search(r"\bKERNEL_TASK_TYPE_DEFAULT\s*\(\s*KERNEL_TYPE_(\w+)\s*\)", texts)
    if m and m.group(1) in _KERNEL_TYPES:
        default = _KERNEL_TYPES[m.group(1)]
    by_key = {int(k): _KERNEL_TYPES[t] for k, t in
              re.findall(r"\bKERNEL_TASK_TYPE\s*\(\s*(\d+)\w*\s*,\s*KERNEL_TYPE_(\w+)\s*\)", texts)
              if t in _KERNEL_TYPES}
    if tpl is not None:
        for key, _, kernel_type in _tpl_selected(tpl, decl, combo, ge_ids):
            if kernel_type is not None:
                by_key.setdefault(key, kernel_type)
    return default, by_key


def _kernel_type_function(default: int | None, by_key: dict[int, int]) -> list[str]:
    if default is None and not by_key:
        return []
    lines = ['extern "C" int32_t kg_kernel_type(uint64_t key)', "{", "    switch (key) {"]
    lines += [f"        case {k}ULL: return {v};" for k, v in sorted(by_key.items())]
    lines += ["        default: break;", "    }", f"    return {-1 if default is None else default};", "}"]
    return lines


def encode_key(params: list[dict], values) -> int | None:
    """CANN's encoding: each parameter at the running bit offset; UINT encodes its index in the declared list."""
    key, bits = 0, 0
    for p, v in zip(params, values):
        if p["type"] == "uint":
            if v not in p["values"]:
                return None
            v = p["values"].index(v)
        if bits < 64:
            key |= (int(v) << bits) & 0xFFFFFFFFFFFFFFFF
        bits += int(p["bit_width"])
    return key if bits <= 64 else None


def _template_args(entry: KernelEntry, params: list[dict], values) -> str | None:
    """`<...>` for one instantiation, or None if a DATATYPE value has no emulated C++ type."""
    kparams = entry.template or ()
    args = []
    pairs = [(p, v) for p, v in zip(params, values) if p["type"] in _TPL_KINDS]
    for i, (p, v) in enumerate(pairs):
        if kparams and i >= len(kparams):
            break
        kp = kparams[i] if i < len(kparams) else None
        if (kp is not None and kp.is_type) or (kp is None and p["type"] == "dtype"):
            if v not in CPP_OF_GE_ID:
                return None
            args.append(CPP_OF_GE_ID[v])
        elif p["type"] == "bool" or (kp is not None and kp.ctype == "bool"):
            args.append("true" if v else "false")
        elif kp is not None and kp.ctype and kp.ctype not in ("auto", "decltype(auto)"):
            args.append(f"static_cast<{kp.ctype}>({int(v)}ULL)")
        else:
            args.append(f"{int(v)}U")
    return "<" + ", ".join(args) + ">"


# ---- legacy tiling classes ----------------------------------------------------------------------------------
def legacy_tiling_headers(op_dir: Path, tiling_sub: Path | None = None, op_type: str | None = None,
                          soc: tuple[str | None, int | None] | None = None) -> list[Path]:
    """Headers of the operator that declare BEGIN_TILING_DATA_DEF classes: op_host/, then the SOC's tiling folder
    (op_host/arch32/ ..., whose sources the host library was built from), then op_host/op_tiling/ (whose sources the
    host library always holds: unique_dim, unique_consecutive and four conv/matmul operators keep their class
    there), then op_kernel/; with op_type, then the
    op_host/ (and same-named tiling folder) headers of each CMake DEPENDENCIES folder that register a class for that
    operator (`REGISTER_TILING_DATA_CLASS(<op_type>` or `(<op_type>_<key>`): foreach's operators register theirs in
    foreach_utils/op_host/foreach_tiling_def.h, which CANN's generated kernel tiling header draws on, while its
    sibling foreach_reduce_tiling_def.h (other operators) repeats the same constants and must stay out. With soc
    (SOC family, npu arch), a dependency's tiling folder is its own for that SOC (host_deps.tiling_sources' rule):
    max_pool_v2 has no tiling folder and keeps its classes in max_pool_v3/op_host/arch35/, registered for both."""
    from kernelgen.emulator.host_deps import dependency_dirs
    from kernelgen.emulator.layout import tiling_dir

    def declares(p: Path) -> str | None:
        text = strip_comments(p.read_text(errors="replace"))
        return text if "BEGIN_TILING_DATA_DEF" in text else None

    found = []
    for folder in (op_dir / "op_host", tiling_sub, op_dir / "op_host" / "op_tiling", op_dir / "op_kernel"):
        if folder is None:
            continue
        found += [p for p in sorted(folder.glob("*.h")) if declares(p) is not None]
    if op_type:
        mine = re.compile(r"REGISTER_TILING_DATA_CLASS\s*\(\s*" + re.escape(op_type) + r"(?:_\w+)?\s*,")
        for dep in dependency_dirs(op_dir):
            own = tiling_dir(dep, *soc) if soc is not None else None
            folders = [dep / "op_host"] + ([dep / "op_host" / tiling_sub.name] if tiling_sub is not None else [])
            folders += [own] if own is not None and own not in folders else []
            for folder in folders:
                for p in sorted(folder.glob("*.h")):
                    text = declares(p)
                    if text is not None and mine.search(text) and p not in found:
                        found.append(p)
    return found


def kernel_tiling_includes(op_dir: Path, headers: list[Path]) -> list[str]:
    """The launcher's lines that bring the tiling classes of `headers` (legacy_tiling_headers) to the kernel as plain
    structs. A dependency's headers are parsed in its own tiling sources after a registry header that makes the
    framework's base class visible in optiling (pool_3d_common: pool_tiling_templates_registry.h's `using
    Ops::NN::Optiling::TilingBaseClass;`, as in 46 ops-nn folders); CANN's kernel never includes them (its generated
    tiling header holds the structs only), so the launcher gives them that context."""
    lines = []
    if any(not Path(h).resolve().is_relative_to(Path(op_dir).resolve()) for h in headers):
        lines += ['#include "op_host/tiling_base.h"', "namespace optiling { using Ops::NN::Optiling::TilingBaseClass; }"]
    lines += [f'#include "{Path(h).resolve()}"' for h in headers]  # absolute: g++ runs elsewhere than the caller
    return lines + ["namespace optiling {}"] + _tiling_names_visible(headers, _kernel_texts(op_dir))


_SCOPE_TOKEN = re.compile(r"\bnamespace\s+(?P<ns>[\w:]+)?\s*\{|(?P<macro>BEGIN_TILING_DATA_DEF|REGISTER_TILING_DATA_CLASS)"
                          r"\s*\(\s*(?P<name>\w+)|(?P<brace>[{}])")


def tiling_class_scopes(text: str) -> tuple[dict[str, set[str]], set[str]]:
    """({tiling class: the namespaces declaring it}, {namespaces holding a REGISTER_TILING_DATA_CLASS}) of a header
    (comments stripped), namespaces as "optiling" / "optiling::inner" / "" for the global one."""
    stack: list[str | None] = []   # a namespace's name, or None for any other brace
    classes: dict[str, set[str]] = {}
    registries: set[str] = set()
    for m in _SCOPE_TOKEN.finditer(text):
        if m.group("macro"):
            scope = "::".join(n for n in stack if n)
            if m.group("macro") == "BEGIN_TILING_DATA_DEF":
                classes.setdefault(m.group("name"), set()).add(scope)
            else:
                registries.add(scope)
        elif m.group("brace") == "}":
            if stack:
                stack.pop()
        elif m.group("brace") == "{":
            stack.append(None)
        else:
            stack.append(m.group("ns") or "")
    return classes, registries


def _tiling_names_visible(headers: list[Path], kernel_texts: str) -> list[str]:
    """What makes the host headers' tiling classes visible to the kernel as CANN's generated kernel header does (the
    structs at global scope, nothing else of the host headers): a using-declaration per class, and the namespace
    REGISTER_TILING_DATA_CLASS put kgemu_tiling in. `using namespace optiling;` would also bring the host headers'
    constants, which meet the kernel's own of the same name (foreach_add_list's arch35 tiling-data header and
    foreach_utils' host header both declare MAX_TENSOR_CONT: "reference is ambiguous"); it stays the fallback when
    a class name is declared in two namespaces or registrations sit in several."""
    classes: dict[str, set[str]] = {}
    registries: set[str] = set()
    for h in headers:
        if not Path(h).is_file():
            continue
        c, r = tiling_class_scopes(strip_comments(Path(h).read_text(errors="replace")))
        for name, scopes in c.items():
            classes.setdefault(name, set()).update(scopes)
        registries |= r
    fallback = ["using namespace optiling;"]
    if any(len(scopes) > 1 for scopes in classes.values()) or len(registries) > 1:
        return fallback
    own = set(re.findall(r"\b(?:struct|class)\s+(\w+)\s*(?:final\s*)?[:{]", kernel_texts))
    lines = [f"using {scope}::{name};" for name, (scope,) in sorted(classes.items()) if scope and name not in own]
    (registry,) = registries or {""}
    if registry:
        lines.append(f"namespace kgemu_tiling = {registry}::kgemu_tiling;")
    return lines


def _kernel_texts(op_dir: Path) -> str:
    parts = []
    for p in sorted((op_dir / "op_kernel").rglob("*")):
        if p.is_file() and p.suffix in (".h", ".hpp", ".cpp", ".cc", ".inc"):
            parts.append(strip_comments(p.read_text(errors="replace")))
    return "\n".join(parts)


_INCLUDE = re.compile(r'#\s*include\s*"([^"]+)"')
_KEY_MACRO_IF = re.compile(r"^[ \t]*#[ \t]*(?:el)?if\b[^\n]*\bTILING_KEY_VAR\b", re.M)


def selects_code_by_key_macro(op_dir: Path) -> bool:
    """The kernel chooses code with the preprocessor (`#if TILING_KEY_VAR == KEY`, scatter_elements, gather_v2): CANN
    compiles such a kernel once per tiling key with TILING_KEY_VAR defined as that key (kernel_utils_macros.h only
    defines it, as the runtime g_tilingKey, when the build did not), so the emulator builds it for the key the
    tiling picked."""
    return (op_dir / "op_kernel").is_dir() and bool(_KEY_MACRO_IF.search(_kernel_texts(op_dir)))


def uses_simt(op_dir: Path, include_dirs: tuple[Path, ...], limit: int = 400) -> bool:
    """The kernel (its op_kernel files and the headers they include from the operator's include directories,
    transitively) uses SIMT: a __simt_vf__ function, a simt_api/ header, Simt::VF_CALL or the thread built-ins.
    Such a kernel is compiled with build.SIMT_FLAGS (the race check between SIMT threads)."""
    markers = ("__simt_vf__", "simt_api/", "VF_CALL<", "threadIdx.")
    starts = [p for p in sorted((Path(op_dir) / "op_kernel").rglob("*")) if p.is_file() and p.suffix in
              (".h", ".hpp", ".cpp", ".cc", ".inc")]
    return any(any(m in text for m in markers) for text in _included_texts(starts, include_dirs, limit))


def waits_for_other_blocks(op_dir: Path, include_dirs: tuple[Path, ...], limit: int = 400) -> bool:
    """The kernel (its op_kernel files and the operator headers they include, transitively, as uses_simt reads them)
    calls SyncAll or CrossCoreWaitFlag, so its blocks must all run at once: scatter_mul's SyncAll sits in
    scatter_reduce_common's header, which its kernel includes as ../scatter_reduce_common/... The emulator's own
    headers (which define both) are not the operator's and are not read."""
    from kernelgen.emulator import INCLUDE_DIR

    dirs = tuple(d for d in include_dirs if not Path(d).resolve().is_relative_to(INCLUDE_DIR.resolve()))
    starts = [p for p in sorted((Path(op_dir) / "op_kernel").rglob("*")) if p.is_file() and p.suffix in
              (".h", ".hpp", ".cpp", ".cc", ".inc")]
    return any("SyncAll" in t or "CrossCoreWaitFlag" in t
               for t in map(strip_comments, _included_texts(starts, dirs, limit)))


def _included_texts(starts: list[Path], include_dirs: tuple[Path, ...], limit: int):
    """The texts of starts and of the headers they include (`#include "..."`, looked up beside the includer, then
    in include_dirs), transitively, each once, at most limit files."""
    todo, seen = list(starts), {Path(p).resolve() for p in starts}
    while todo and limit > 0:
        p, limit = todo.pop(), limit - 1
        text = p.read_text(errors="replace")
        yield text
        for name in _INCLUDE.findall(text):
            for base in (p.parent, *include_dirs):
                q = base / name
                if q.is_file():
                    q = q.resolve()
                    if q not in seen:
                        seen.add(q)
                        todo.append(q)
                    break


def _repository_included_texts(op_dir: Path, tiling_sub: Path | None, limit: int = 400) -> str:
    """The headers of the operator's repository its kernel files include (beside the includer or in its include
    directories, transitively, each by its resolved path; opbase's and the emulator's own headers left out), comments
    stripped."""
    from kernelgen.emulator.layout import include_dirs, repo_root

    repo = repo_root(Path(op_dir).resolve())
    kernel_dir = Path(op_dir) / "op_kernel"
    starts = [p for p in sorted(kernel_dir.rglob("*")) if p.is_file() and p.suffix in (".h", ".hpp", ".cpp", ".cc",
                                                                                        ".inc")]
    dirs = include_dirs(op_dir, tiling_sub)   # CANN's build layout among them: ascendc/<op> -> <op>/op_kernel
    own = {p.resolve() for p in starts}
    parts = []
    todo, seen = list(starts), set(own)
    while todo and limit > 0:
        p, limit = todo.pop(), limit - 1
        text = p.read_text(errors="replace")
        if p.resolve() not in own:
            parts.append(strip_comments(text))
        for name in _INCLUDE.findall(text):
            for base in (p.parent, *dirs):
                q = base / name
                if q.is_file():
                    q = q.resolve()
                    if q not in seen and repo is not None and repo in q.parents:
                        seen.add(q)
                        todo.append(q)
                    break
    return "\n".join(parts)


def _header_define(start: Path, name: str, include_dirs: tuple[Path, ...], limit: int = 400) -> str | None:
    """The body of `#define name ...` (continuation lines joined) in start or a header it includes from its
    folder or include_dirs, transitively; None when none of them defines it."""
    pattern = re.compile(r"^[ \t]*#[ \t]*define[ \t]+" + re.escape(name) + r"\b(?!\()((?:[^\n]*\\\n)*[^\n]*)", re.M)
    for text in _included_texts([Path(start)], include_dirs, limit):
        m = pattern.search(text)
        if m:
            return re.sub(r"\\\n", " ", m.group(1)).strip()
    return None


def expand_parameter_macros(entry: KernelEntry, kernel: Path, include_dirs: tuple[Path, ...]) -> KernelEntry:
    """A template entry whose parameter list uses a macro for several parameters (ATVOSS's reduce kernels:
    `template <REDUCE_TPL_PARAM, uint32_t Reduction>`, REDUCE_TPL_PARAM being `bool IsContiguous, ...` in opbase's
    reduce_tiling_key_decl.h) with the macro's parameters in its place, as the preprocessor sees it."""
    if not entry.template or not any(not p.is_type and not p.ctype for p in entry.template):
        return entry
    params: list[TemplateParam] = []
    for p in entry.template:
        body = _header_define(kernel, p.name, include_dirs) if (not p.is_type and not p.ctype) else None
        params.extend(_template_params(body) if body else (p,))
    return KernelEntry(entry.name, tuple(params))


# ---- the launcher TU ---------------------------------------------------------------------------------------------
# `if constexpr (TILING_KEY_IS(k))`: CANN compiles the kernel once per tiling key, with the key a constant; the
# emulator compiles it once and reads the key at run time, so the launcher includes such a kernel's text with
# those conditions as plain `if` (every branch must compile either way: the kernel function is no template).
_CONSTEXPR_KEY = re.compile(r"\bif\s+constexpr\s*\(\s*(?=TILING_KEY_IS\s*\()")


def _tiling_classes_for_the_kernel(op_dir: Path, legacy: list[Path], doc: dict, op_type: str, texts: str) -> list[str]:
    """The structs written from the host library's layout (kernelgen.emulator.tiling_structs: the kernel sees what
    CANN's generated header gives it, not the host headers), or the host headers themselves when the kernel includes
    one of them by name or the layout cannot be written."""
    from kernelgen.emulator.tiling_structs import generated_tiling_structs

    code = strip_comments(texts)
    names_a_header = any(re.search(r'#\s*include\s*[<"][^">]*\b' + re.escape(Path(h).name) + r'[">]', code)
                         for h in legacy)
    own = set(re.findall(r"\b(?:struct|class)\s+(\w+)\s*(?:final\s*)?[:{]", code))
    generated = None if names_a_header else generated_tiling_structs(doc, op_type, own)
    return generated if generated is not None else kernel_tiling_includes(op_dir, legacy)


def kernel_include(kernel: Path) -> str:
    """How the launcher brings in the kernel source: an #include, or its text with `if constexpr (TILING_KEY_IS`
    as `if (TILING_KEY_IS` under a #line naming the file."""
    text = kernel.read_text(errors="replace")
    if not _CONSTEXPR_KEY.search(text):
        return f'#include "{kernel}"'
    return f'#line 1 "{kernel}"\n' + _CONSTEXPR_KEY.sub("if (", text) + '\n#line 1 "kernelgen launcher"\n'


def launcher_source(op_dir: Path, kernel: Path, decl, combo: dict[str, str], doc: dict,
                    ge_ids: dict[str, int], tiling_sub: Path | None = None,
                    soc: tuple[str | None, int | None] | None = None) -> str:
    """The C++ of the launcher TU: includes the kernel source and defines kg_kernel_entry (tiling_sub: the SOC's
    per-architecture tiling folder, whose BEGIN_TILING_DATA_DEF headers the kernel sees as plain structs)."""
    source = kernel.read_text(errors="replace")
    candidates = entry_candidates(op_dir, decl)
    texts = _kernel_texts(op_dir)
    dtypes = dtype_macro_names(decl)
    if not any(e.name in candidates for e in find_entries(source, dtypes)):
        source = texts  # the entry may live in a header the kernel source includes
    entry = find_entry(source, candidates, kernel, dtypes)
    if entry.template and any(not p.is_type and not p.ctype for p in entry.template):
        from kernelgen.emulator.layout import include_dirs

        entry = expand_parameter_macros(entry, kernel, include_dirs(op_dir, tiling_sub))
    nargs = len(decl.inputs) + len(decl.outputs) + 2 + (1 if decl.shape_out_arg else 0)
    call_args = ", ".join(f"a[{i}]" for i in range(nargs))
    lines = ["// Generated by kernelgen (opdir.py): the emulator's launcher of " + decl.op_type + ".",
             '#include "kgemu/abi.h"', '#include "kgemu/runtime.h"', '#include "kernel_operator.h"']
    legacy = ([] if decl.op_type not in (doc.get("tiling_data_classes") or {})
              else legacy_tiling_headers(op_dir, tiling_sub, decl.op_type, soc))
    if legacy:
        lines.insert(1, "#define KGEMU_TILING_DATA_AS_STRUCT 1")
        lines += _tiling_classes_for_the_kernel(op_dir, legacy, doc, decl.op_type, texts)
        if "REGISTER_TILING_DEFAULT" not in texts:
            lines.append(f"typedef kgemu_tiling::{decl.op_type} kgemu_default_tiling_type_;")
    lines.append('#include "graph/types.h"')
    # the macros are needed when the kernel or a header of the repository it includes compares them:
    # dynamic_quant_v2's arch35 kernel compares ORIG_DTYPE_Y == DT_INT4 only in the dynamic_quant headers it
    # includes ("../dynamic_quant/arch35/...")
    deep = texts + "\n" + _repository_included_texts(op_dir, tiling_sub)
    dt_macros = "ORIG_DTYPE_" in deep
    format_macros = re.search(r"\bFORMAT_\w+\s*[=!]=|[=!]=\s*FORMAT_\w+", deep) is not None
    if dt_macros or format_macros:
        # emulator headers the kernel includes are parsed before the macros (their ge:: names would clash)
        from kernelgen.emulator import INCLUDE_DIR

        for header in dict.fromkeys(re.findall(r'#\s*include\s*[<"]([^">]+)[">]', deep)):
            if (INCLUDE_DIR / header).is_file():
                lines.append(f'#include "{header}"')
    if dt_macros:
        lines.append("#define KGEMU_LAUNCH_DT_MACROS 1")
    if format_macros:
        lines.append("#define KGEMU_LAUNCH_FORMAT_MACROS 1")
    registered = set(re.findall(r"\bREGISTER_TILING_DEFAULT\s*\(\s*([\w:]+)\s*\)", strip_comments(source)))
    if len(registered) == 1:   # GET_TILING_DATA may come before it (hardtanh_grad): the type by name
        lines += ["#undef KGEMU_REGISTERED_TILING_TYPE", f"#define KGEMU_REGISTERED_TILING_TYPE {registered.pop()}"]
    if entry.template is None:   # the harness then leaves a guessed (a dependency's) ASCENDC_TPL_ARGS_DECL alone
        lines.append('extern "C" int32_t kg_kernel_takes_plain_key(void) { return 1; }')
    lines += ['#include "kgemu/launch_defines.h"', kernel_include(kernel), ""]
    lines += ['extern "C" void kg_kernel_entry(uint8_t** a, int32_t n, uint64_t key)', "{", "    (void)n;"]
    picked = pick_tpl_decl(doc.get("tiling_keys") or {}, decl.op_type, texts) if entry.template is not None else None
    types = _kernel_type_function(*kernel_types(texts, picked[1] if picked else None, decl, combo, ge_ids))
    if picked is None:
        lines += ["    (void)key;", f"    {entry.name}({call_args});", "}", *types]
        return "\n".join(lines) + "\n"
    name, tpl = picked
    params = tpl.get("params") or []
    cases = []
    for key, values in tpl_instances(tpl, decl, combo, ge_ids):
        targs = _template_args(entry, params, values)
        if targs is not None:
            what = ", ".join(f"{p['name']}={v}" for p, v in zip(params, values))
            cases.append(f"        case {key}ULL:  // {what}\n            {entry.name}{targs}({call_args});\n"
                         "            return;")
    dtypes = ", ".join(f"{k}={v}" for k, v in combo.items())
    lines += ["    switch (key) {", *cases, "        default:", "            break;", "    }",
              f'    throw ::kgemu::EmuError("kernel launch: tiling key " + std::to_string(key) + " selects no '
              f'instantiation of {entry.name} under ASCENDC_TPL_ARGS_DECL({name}) for the dtypes {dtypes} '
              f'(ASCENDC_TPL_SEL lists {len(cases)} for them)");', "}", *types]
    return "\n".join(lines) + "\n"


# ---- several dtype combinations in one unit ------------------------------------------------------------------
# kernelgen's own operators (op_kernel/{op}.cpp.j2) render a kernel source that defines nothing but its entry
# function, reading the dtypes only through the DTYPE_<T> macros (the kernel class templates in the guarded
# headers take them as template arguments). Such a source can be included once per dtype combination into one
# unit, with the combination's macros #defined around it and the entry renamed: the emulator's kernel headers are
# parsed once for all of them (docs/speed.md, Session 31).
_PER_TENSOR_FLAG = re.compile(r"-D((?:DTYPE|ORIG_DTYPE|FORMAT)_\w+)=(.*)")


def only_entry_defined(kernel: Path, entry: str) -> bool:
    """The kernel source holds includes and one definition, the non-template `extern "C"` entry `entry`: nothing
    else at namespace scope, no macro of its own (so including it again, renamed, defines nothing twice)."""
    text = drop_kt_test_branches(strip_comments(kernel.read_text(errors="replace")))
    body = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            if not _INCLUDE.match(stripped) and not re.fullmatch(r"#\s*pragma\s+once", stripped):
                return False
            continue
        body.append(line)
    code = "\n".join(body)
    head = re.match(r'\s*extern\s+"C"\s+(?:(?:__global__|__aicore__)\s+)*void\s+' + re.escape(entry)
                    + r"\s*\([^{};]*\)\s*\{", code)
    if head is None:
        return False
    depth = 1
    for i in range(head.end(), len(code)):
        depth += {"{": 1, "}": -1}.get(code[i], 0)
        if depth == 0:
            return not code[i + 1:].strip()
    return False


def reads_tensor_macros(text: str, flags: tuple[str, ...]) -> bool:
    """Whether text names one of the per-tensor macros (DTYPE_X, ORIG_DTYPE_X, FORMAT_X) these flags define."""
    names = [m.group(1) for m in map(_PER_TENSOR_FLAG.match, flags) if m]
    return bool(names) and re.search(r"\b(?:" + "|".join(map(re.escape, names)) + r")\b", text) is not None


def combined_launcher(launchers: list[tuple[str, str, tuple[str, ...]]], kernel_line: str, entry: str) -> str | None:
    """One launcher TU for several dtype combinations of a kernel that only_entry_defined accepts: launchers are
    (tag, launcher_source text, the combination's per-tensor -D flags). The common head (the emulator's headers)
    comes once; per combination the -D flags become #defines around the kernel source, the entry is renamed
    `<entry>_<tag>` and the launcher's kg_kernel_entry / kg_kernel_type become kg_kernel_entry_<tag> /
    kg_kernel_type_<tag> (entry_shim gives a library the plain names). None when the launchers do not split so."""
    heads, parts = set(), []
    for tag, text, flags in launchers:
        if text.count(kernel_line) != 1:
            return None
        head, tail = text.split(kernel_line)
        heads.add(head)
        if 'extern "C" void kg_kernel_entry(' not in tail:
            return None
        tail = tail.replace('extern "C" void kg_kernel_entry(', f'extern "C" void kg_kernel_entry_{tag}(', 1)
        tail = tail.replace('extern "C" int32_t kg_kernel_type(', f'extern "C" int32_t kg_kernel_type_{tag}(', 1)
        macros = [m.groups() for m in map(_PER_TENSOR_FLAG.match, flags) if m]
        parts.append("\n".join([f"// ---- dtype combination {tag}",
                                 *(f"#define {name} {value}" for name, value in macros),
                                 f"#define {entry} {entry}_{tag}", kernel_line + tail.rstrip("\n"),
                                 f"#undef {entry}", *(f"#undef {name}" for name, _ in macros), ""]))
    if len(heads) != 1:
        return None
    return heads.pop() + "\n".join(parts)


def entry_shim(tag: str, with_type: bool) -> str:
    """A library's kg_kernel_entry (and kg_kernel_type) forwarding to one combination of a combined launcher."""
    lines = ["// Generated by kernelgen (opdir.py): the entry of one dtype combination of a combined launcher.",
             "#include <stdint.h>",
             f'extern "C" void kg_kernel_entry_{tag}(uint8_t** a, int32_t n, uint64_t key);',
             'extern "C" void kg_kernel_entry(uint8_t** a, int32_t n, uint64_t key)',
             f"{{\n    kg_kernel_entry_{tag}(a, n, key);\n}}"]
    if with_type:
        lines += [f'extern "C" int32_t kg_kernel_type_{tag}(uint64_t key);',
                  'extern "C" int32_t kg_kernel_type(uint64_t key)', f"{{\n    return kg_kernel_type_{tag}(key);\n}}"]
    return "\n".join(lines) + "\n"


# ---- compile errors ------------------------------------------------------------------------------------------------
_Q = "['\u2018\u2019]"  # g++ quotes names with ' or, in UTF-8 locales, with curly quotes
_UNDECLARED = tuple(re.compile(p.replace("Q", _Q)) for p in (
    r"error: Q(?:AscendC::)?(\w+)Q was not declared in this scope",
    r"error: Q(\w+)Q is not a member of Q(?:AscendC|AscendC::\w+)Q",
    r"error: Q(\w+)Q in namespace QAscendCQ does not name a (?:template )?type",
    r"error: no matching function for call to Q(?:AscendC::)?(\w+)(?:<[^(]*>)?\(",
    r"error: Q(?:class |struct )?(?:AscendC::)?\w+(?:<[^']*>)?Q has no member named Q(\w+)Q",
))


def explain_compile_error(message: str) -> str:
    """A compiler failure with a closing line naming the Ascend C APIs the emulator lacks: those its own
    static_asserts name ("kgemu: X is not emulated yet") and names the compiler did not find."""
    stubbed = sorted(set(re.findall(r"kgemu: (.+?) is not emulated yet", message)))
    missing = []
    for rx in _UNDECLARED:
        for name in rx.findall(message):
            if name not in missing and name not in stubbed and not name.startswith("kg"):
                missing.append(name)
    headers = sorted(set(re.findall(r"fatal error: ([^:\s]+): No such file or directory", message)))
    parts = []
    if headers:
        parts.append("no header " + ", ".join(headers) + " (not part of the emulated CANN headers, or not in "
                     "the operator directory)")
    if stubbed:
        parts.append("not emulated yet by kernelgen's CPU emulator: " + ", ".join(stubbed))
    if missing:
        parts.append("the emulator does not provide " + ", ".join(missing[:8]) + " (an Ascend C API or overload "
                     "that is not emulated yet, or a misspelling in the operator)")
    return message + ("\nkernelgen: " + "; ".join(parts) if parts else "")
