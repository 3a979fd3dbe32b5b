"""Where an ops-nn-style operator directory keeps its sources, read the way ops-nn's CMake reads them.

- OpDef: `op_host/<name>_def.cpp`, where <name> is the folder's name or the OpType's (sigmoid_def.cpp in
  sigmoid_v2/); a single `op_host/<folder>.cpp` holding everything also counts.
- Host sources: the def files, `op_host/*_infershape*.cpp`, `op_host/*_tiling*.cpp`, `op_host/op_tiling/**.cpp`,
  and the tiling folder of the SOC: `op_host/<TILING_DIR>/*_tiling*.cpp`, where the operator's CMakeLists.txt
  pairs SUPPORT_COMPUTE_UNIT with SUPPORT_TILING_DIR (cmake/func.cmake add_tiling_sources); without that list, the
  folder named after the SOC (op_host/ascend910b/) or its architecture (arch22 for 910B/910_93/310P, arch35
  for 950, arch32 for 310B), or the only such folder when op_host/ has no tiling of its own.
- Kernel: `op_kernel/<opFile>.cpp`, where opFile is the SOC's `ExtendCfgInfo("opFile.value", ...)` in the
  OpDef (`elu_apt` for 950), else the snake-case OpType, the def's name or the folder's name.
- Include paths as ops-nn's CMake sets them: the operator, its op_host/ and op_kernel/, the category folder
  (`op_host/../../`), the repository root (the nearest ancestor holding common/inc) with common/inc and
  common/inc/op_host; plus kgemu_opsnn/op, an empty folder whose `../inc/` holds the emulated stand-ins of
  the ops-nn kernel helpers a kernel reaches with `#include "../inc/platform.h"`; last, the anchors of CANN's
  build folder (kernel_layout.py) for kernels that include another operator's kernel as `"../<op>/x.h"`.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from kernelgen.errors import UsageError

# npu_arch -> the per-architecture tiling folder names ops-nn uses (cmake/func.cmake get_target_dir)
ARCH_DIRS = {2201: ("arch22",), 2002: ("arch22",), 3510: ("arch35",), 3002: ("arch32",)}
_HOST_GLOBS = ("*_def.cpp", "*_infershape*.cpp", "*_infer_shape*.cpp", "*_tiling*.cpp")


class LayoutError(UsageError):
    """The directory is not laid out like an ops-nn operator (no OpDef file, no kernel source, ...)."""


def _read(path: Path) -> str:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def cmake_text(*paths: Path) -> str:
    """CMake files' text without their comments, joined (a file that cannot be read reads as empty)."""
    return "\n".join(re.sub(r"#[^\n]*", "", _read(p)) for p in paths)


def def_files(op_dir: Path) -> list[Path]:
    """The OpDef sources: `<folder>_def.cpp` first, then every other `*_def.cpp`; else `<folder>.cpp`."""
    host = op_dir / "op_host"
    found = sorted(host.glob("*_def.cpp"), key=lambda p: (p.name != f"{op_dir.name}_def.cpp", p.name))
    if not found and (host / f"{op_dir.name}.cpp").is_file():
        found = [host / f"{op_dir.name}.cpp"]
    if not found:
        kernel = op_dir / "op_kernel"
        if kernel.is_dir() and not any(p.suffix == ".cpp" for p in kernel.rglob("*")):
            raise LayoutError(f"{op_dir} is a shared header folder, not an operator: op_kernel/ holds only headers "
                              f"other operators' kernels include, and op_host/ has no *_def.cpp")
        raise LayoutError(f"{host} has no *_def.cpp (an ops-nn operator directory needs op_host/<op>_def.cpp "
                          f"with the OpDef, op_host/<op>_tiling*.cpp and op_kernel/<op>.cpp)")
    return found


def _cmake_lists(op_dir: Path) -> dict[str, list[str]]:
    """SOC -> tiling folder pairs of the operator's CMakeLists (COMPUTE_UNIT / TILING_DIR)."""
    text = cmake_text(op_dir / "CMakeLists.txt", op_dir / "op_host" / "CMakeLists.txt")
    variables = {m.group(1): re.findall(r'"?([\w.-]+)"?', m.group(2))
                 for m in re.finditer(r"set\s*\(\s*(\w+)\s+([^)]*)\)", text)}

    def expand(words: list[str]) -> list[str]:
        out = []
        for w in words:
            m = re.fullmatch(r"\$\{(\w+)\}", w)
            out += variables.get(m.group(1), []) if m else [w]
        return out

    units, dirs = [], []
    for m in re.finditer(r"add_modules_sources\s*\(([^)]*)\)", text):
        words = re.findall(r"\$\{\w+\}|[\w.-]+", m.group(1))
        keys = {"COMPUTE_UNIT", "TILING_DIR", "OPTYPE", "ACLNNTYPE", "DEPENDENCIES", "DIR", "HOSTNAME", "MODE",
                "DISABLE_IN_OPP"}
        current = None
        for w in words:
            if w in keys:
                current = w
            elif current == "COMPUTE_UNIT":
                units += expand([w])
            elif current == "TILING_DIR":
                dirs += expand([w])
    if not units and "SUPPORT_COMPUTE_UNIT" in variables:
        units, dirs = variables["SUPPORT_COMPUTE_UNIT"], variables.get("SUPPORT_TILING_DIR", [])
    return {u: [d] for u, d in zip(units, dirs)}


def tiling_dir(op_dir: Path, soc_family: str | None, npu_arch: int | None) -> Path | None:
    """The op_host/ sub-folder holding the SOC's tiling sources, or None (tiling only in op_host/)."""
    host = op_dir / "op_host"
    folders = [p for p in sorted(host.iterdir()) if p.is_dir() and any(p.glob("*.cpp"))] if host.is_dir() else []
    folders = [p for p in folders if p.name not in ("op_api", "op_tiling", "config", "op_graph")]
    if not folders:
        return None
    if soc_family:
        for d in _cmake_lists(op_dir).get(soc_family, []):
            if (host / d).is_dir():
                return host / d
        for name in (soc_family, *ARCH_DIRS.get(npu_arch or 0, ())):
            if (host / name).is_dir():
                return host / name
    if len(folders) == 1 and not any(host.glob("*_tiling*.cpp")):
        return folders[0]
    return None


def host_sources(op_dir: Path, soc_family: str | None = None, npu_arch: int | None = None) -> list[Path]:
    """The host sources CANN compiles into the operator's host library for the SOC (see the module doc)."""
    host = op_dir / "op_host"
    defs = def_files(op_dir)
    found = list(defs)
    for pattern in _HOST_GLOBS[1:]:
        found += sorted(host.glob(pattern))
    found += sorted((host / "op_tiling").rglob("*.cpp")) if (host / "op_tiling").is_dir() else []
    sub = tiling_dir(op_dir, soc_family, npu_arch)
    if sub is not None:
        found += sorted(p for p in sub.glob("*.cpp") if "_tiling" in p.name or "_infershape" in p.name)
    found += opbase_host_sources(op_dir)
    from kernelgen.emulator import host_deps  # CMake DEPENDENCIES: shared tiling classes (host_deps.py)

    found += host_deps.tiling_sources(op_dir, soc_family, npu_arch)
    # a dependency's tilings reach opbase's ATVOSS ones too (glu links sigmoid's arch35 tiling, which calls
    # ElewiseTiling): CANN links libopbase with the one tiling library, so each dependency's families come along
    for dep in host_deps.dependency_dirs(op_dir):
        found += opbase_host_sources(dep)
    found += repository_common_host_sources(op_dir, found)
    return list(dict.fromkeys(found))


_QUOTED_INCLUDE = re.compile(r'#\s*include\s*"([^"]+)"')


def repository_common_host_sources(op_dir: Path, sources: list[Path], limit: int = 400) -> list[Path]:
    """The repository's common host sources (common/src/op_host/<stem>.cpp, in CANN's libophost) whose headers
    (common/inc/op_host/<stem>.h) the host sources include, transitively: layer_norm_v3's 950 tiling keeps a
    cache of CacheTilingContext (op_host/cache_runinfo.h), defined in cache_runinfo.cpp ("undefined symbol:
    optiling::CacheTilingContext::~CacheTilingContext" for its dependents). A source that includes a header outside
    common/inc/op_host and the emulator's (CANN's legacy runtime bridge) is left out."""
    root = repo_root(Path(op_dir).resolve())
    if root is None:
        return []
    inc_dir, src_dir = (root / "common" / "inc" / "op_host").resolve(), root / "common" / "src" / "op_host"
    if not src_dir.is_dir():
        return []
    bases = (root / "common" / "inc", root / "common" / "inc" / "op_host", root)
    todo = [Path(p).resolve() for p in sources if Path(p).is_file()]
    seen, found = set(todo), []
    while todo and limit > 0:
        p, limit = todo.pop(), limit - 1
        for name in _QUOTED_INCLUDE.findall(p.read_text(errors="replace")):
            for base in (p.parent, *bases):
                q = (base / name).resolve()
                if q.is_file():
                    if q not in seen and root in q.parents:
                        seen.add(q)
                        todo.append(q)
                        src = src_dir / (q.stem + ".cpp")
                        if q.parent == inc_dir and src.is_file() and _includes_resolve(src, inc_dir):
                            found.append(src)
                    break
    return sorted(set(found))


def _includes_resolve(source: Path, inc_dir: Path) -> bool:
    """Every `#include "..."` of source is a header of common/inc/op_host, beside source, or the emulator's:
    op_cache_tiling.cpp, runtime_kb_api.cpp and tbe_tiling_api.cpp also include common/inc/legacy_common_manager.h,
    the bridge to CANN's legacy runtime (knowledge bases, TBE tilings), which the emulator does not stand in for;
    linking them would only move conv's and matmul's stops."""
    from kernelgen.emulator import INCLUDE_DIR

    allowed = (inc_dir, source.parent.resolve(), INCLUDE_DIR.resolve())
    for name in _QUOTED_INCLUDE.findall(source.read_text(errors="replace")):
        hits = [(b / name).resolve() for b in (source.parent, inc_dir, inc_dir.parent, INCLUDE_DIR)
                if (b / name).is_file()]
        if not hits or not any(h.parent == a or a in h.parents for h in hits[:1] for a in allowed):
            return False
    return True


_ATVOSS_FAMILY = re.compile(r'#include\s*"(?:op_common/)?atvoss/(\w+)/')


def opbase_host_sources(op_dir: Path) -> list[Path]:
    """opbase's ATVOSS host tilings (src/op_common/atvoss/<family>/*.cpp, in CANN's libopbase) for each family
    whose headers the operator's host code includes, when an opbase checkout is found (opbase_include_dirs)."""
    inc = opbase_include_dirs(repo_root(Path(op_dir).resolve()))
    host = Path(op_dir) / "op_host"
    if not inc or not host.is_dir():
        return []
    src = inc[0].parent / "src" / "op_common" / "atvoss"
    families = set()
    for path in host.rglob("*"):
        if path.suffix in (".cpp", ".h", ".hpp") and path.is_file():
            families.update(_ATVOSS_FAMILY.findall(path.read_text(errors="replace")))
    return [p for fam in sorted(families) for p in sorted((src / fam).glob("*.cpp"))]


_KERNEL_SOURCES = re.compile(r"add_kernel_sources\s*\(([^)]*)\)", re.S)


def cmake_kernel_src(kernel_dir: Path, soc: str | None) -> Path | None:
    """The kernel source of the first `add_kernel_sources(KERNEL_SRC ... COMPUTE_UNITS ...)`
    naming the SOC family, read in op_kernel/CMakeLists.txt and then in the operator's own CMakeLists.txt: CANN's
    add_kernel_sources takes either place (cmake/func.cmake: "op_kernel (old) or the operator's top level (new)";
    15 matmul operators name their arch35 kernel at the top level): how ops-nn picks the 950 kernel of an operator
    that has two."""
    kernel_dir = Path(kernel_dir)
    if soc is None:
        return None
    text = cmake_text(kernel_dir / "CMakeLists.txt") + "\n" + cmake_text(kernel_dir.parent / "CMakeLists.txt")
    for block in _KERNEL_SOURCES.findall(text):
        words = block.split()
        if "KERNEL_SRC" not in words or "COMPUTE_UNITS" not in words:
            continue
        src = words[words.index("KERNEL_SRC") + 1] if words.index("KERNEL_SRC") + 1 < len(words) else ""
        units = []
        for w in words[words.index("COMPUTE_UNITS") + 1:]:
            if w.isupper():
                break
            units.append(w)
        if soc in units and (kernel_dir / src).is_file():
            return kernel_dir / src
    return None


_TPL_INCLUDE = re.compile(r'#\s*include\s*"([^"]+)"')


def unlinked_tiling_keys(op_dir: Path, soc: str | None, kernel: Path | None = None) -> list[Path]:
    """The ASCENDC_TPL_ARGS_DECL headers of the SOC's kernel that no host source mentions: CANN's build compiles
    them into the host library's tiling-key registry (ops-nn's foreach 950 kernels decode `template <uint32_t
    schMode>` from them; bn_training_reduce's host tiling sets the raw key its kernel's arch35/*_struct.h decodes), so
    the emulator links them into the host library too. They are the <op>_tiling_key.h files beside the kernel
    op_kernel/CMakeLists.txt names, and the op_kernel headers the kernel (that one, else `kernel`) includes,
    transitively, that declare ASCENDC_TPL_ARGS_DECL and include nothing but template_argument.h (a header that
    needs the kernel's own headers cannot join the host library)."""
    named = cmake_kernel_src(Path(op_dir) / "op_kernel", soc)
    keys = sorted(named.parent.glob("*_tiling_key.h")) if named is not None else []
    start = named if named is not None else kernel
    kernel_dir = (Path(op_dir) / "op_kernel").resolve()
    if start is not None and Path(start).is_file():
        todo, seen = [Path(start).resolve()], {Path(start).resolve()}
        while todo:
            text = todo.pop().read_text(errors="replace")
            for name in _TPL_INCLUDE.findall(text):
                for base in {p.parent for p in seen} | {kernel_dir}:
                    q = (base / name).resolve()
                    if q.is_file() and kernel_dir in q.parents and q not in seen:
                        seen.add(q)
                        todo.append(q)
                        body = q.read_text(errors="replace")
                        own = [i for i in _TPL_INCLUDE.findall(body) if not i.endswith("template_argument.h")]
                        if "ASCENDC_TPL_ARGS_DECL" in body and not own and q not in keys:
                            keys.append(q)
                        break
    if not keys:
        return []
    host = Path(op_dir) / "op_host"
    texts = " ".join(p.read_text(errors="replace") for p in host.rglob("*") if p.suffix in (".cpp", ".h"))
    return [k for k in keys if k.name not in texts]


def kernel_file(op_dir: Path, names: list[str], npu_arch: int | None = None, soc: str | None = None) -> Path:
    """The source op_kernel/CMakeLists.txt names for the SOC (KERNEL_SRC), else op_kernel/<name>.cpp for the first
    name that exists (opFile.value, snake OpType, def stem, folder), else the same in the SOC's architecture folder
    (op_kernel/arch35/<name>.cpp: operators that exist only there)."""
    kernel_dir = op_dir / "op_kernel"
    named = cmake_kernel_src(kernel_dir, soc)
    if named is not None:
        return named
    for where in (kernel_dir, *(kernel_dir / d for d in ARCH_DIRS.get(npu_arch or 0, ()))):
        for name in dict.fromkeys(n for n in names if n):
            path = where / f"{name}.cpp"
            if path.is_file():
                return path
    cpps = sorted(kernel_dir.glob("*.cpp")) if kernel_dir.is_dir() else []
    if len(cpps) == 1:
        return cpps[0]
    tried = ", ".join(f"{n}.cpp" for n in dict.fromkeys(n for n in names if n))
    raise LayoutError(f"{kernel_dir}: no kernel source (looked for {tried}; found "
                      f"{', '.join(p.name for p in cpps) or 'no .cpp file'})")


def repo_root(op_dir: Path) -> Path | None:
    """The nearest ancestor that holds common/inc (an ops-nn style repository), or None."""
    for parent in Path(op_dir).resolve().parents:
        if (parent / "common" / "inc").is_dir():
            return parent
    return None


def include_dirs(op_dir: Path, sub: Path | None = None) -> tuple[Path, ...]:
    """-I directories for the operator's host and kernel sources, after the emulator's own."""
    from kernelgen.emulator import INCLUDE_DIR

    op_dir = Path(op_dir).resolve()  # a symlinked operator's category folder is its real parent's
    dirs = [op_dir, op_dir / "op_host", op_dir / "op_kernel", op_dir.parent]
    if sub is not None:
        dirs.append(sub)
    root = repo_root(op_dir)
    if root is not None:
        dirs += [root, root / "common" / "inc", root / "common" / "inc" / "op_host"]
    dirs.append(INCLUDE_DIR / "kgemu_opsnn" / "op")
    dirs += opbase_include_dirs(root)
    if root is not None:  # CANN's build folder (tbe/ascendc/<op>, inc/) for "../<op>/..." includes
        from kernelgen.emulator.kernel_layout import build_layout_dirs

        dirs += build_layout_dirs(op_dir, root)
    from kernelgen.emulator import host_deps  # the DEPENDENCIES' op_host folders, as CANN's tiling object has them

    dirs += host_deps.include_dirs(op_dir)
    return tuple(dict.fromkeys(dirs))


OPBASE_ENV = "KERNELGEN_OPBASE"


def opbase_include_dirs(repo: Path | None, env: dict | None = None) -> list[Path]:
    """CANN opbase's packaged kernel templates (ATVOSS: `atvoss/...`, `op_common/atvoss/...`), searched after
    the emulator's own headers: from $KERNELGEN_OPBASE (an hicann/opbase checkout, or a folder holding `atvoss/`),
    else an opbase checkout beside the operator's repository. They are compiled as they are, against the emulated
    Ascend C; what they need and the emulator lacks is reported as "not emulated"."""
    env = os.environ if env is None else env
    candidates = [Path(os.path.expanduser(env[OPBASE_ENV]))] if env.get(OPBASE_ENV) else []
    if repo is not None:
        candidates.append(repo.parent / "opbase")
    for base in candidates:
        # opbase's public op_common headers (log/error_code.h: ops-nn's foreach host code includes it as CANN
        # installs them), after the emulator's own log/ and op_host/ headers of the same names
        public = [base / "include" / "op_common"] if (base / "include" / "op_common" / "log").is_dir() else []
        for pkg in (base / "pkg_inc", base):
            if (pkg / "op_common" / "atvoss").is_dir():
                return [pkg, pkg / "op_common", *public]
            if (pkg / "atvoss").is_dir() and pkg.name == "op_common":
                return [pkg.parent, pkg, *public]
    return []
