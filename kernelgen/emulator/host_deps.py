"""An operator's CMake DEPENDENCIES, as CANN's build sees them on the host side.

ops-nn's `add_modules_sources(... DEPENDENCIES scatter_nd_common)` names helper folders whose host code the
operator shares (228 main-tree operators: foreach_utils, norm_common, scatter_nd_common, mat_mul_v3, ...). CANN
builds every operator's tiling sources into one object whose include path holds each contributing op_host folder
(cmake/func.cmake add_tiling_sources: `${source_dir}/../../ ${source_dir}`), so a dependency's header that
includes `"../op_kernel/arch35/<x>.h"` resolves through the dependency's op_host folder, and the dependency's
tiling classes are linked in. The emulator mirrors that:
- include_dirs: each dependency's op_host/ (found beside the operator, else in any category of the repository);
- tiling_sources: the dependency's tiling sources by CANN's rule (op_host/*_tiling*.cpp, the SOC's tiling folder,
  op_host/op_tiling/**.cpp). A dependency that is an operator itself (softmax_grad for confusion_softmax_grad,
  conv2d_v2 for quant_conv2d: 92 main-tree directories name one) brings its tiling classes too, as in CANN's one
  library: its registrations (IMPL_OP_OPTILING, REGISTER_OPS_TILING_TEMPLATE) are keyed by its own op type, so
  they stay inert beside the operator's; only its OpDef (*_def.cpp, not a tiling source) is left out.
"""
from __future__ import annotations

import re
from pathlib import Path

# add_all_modules_sources (34 main-tree directories, 23 of them matmul operators with DEPENDENCIES) takes the same
# keywords as add_modules_sources.
_ADD = re.compile(r"add_(?:all_)?modules_sources\s*\(([^)]*)\)", re.S)
_KEYS = {"COMPUTE_UNIT", "TILING_DIR", "OPTYPE", "ACLNNTYPE", "DEPENDENCIES", "DIR", "HOSTNAME", "MODE",
         "DISABLE_IN_OPP"}


def _cmake_text(op_dir: Path) -> str:
    from kernelgen.emulator.layout import cmake_text

    return cmake_text(op_dir / "CMakeLists.txt", op_dir / "op_host" / "CMakeLists.txt")


def dependency_names(op_dir: Path) -> list[str]:
    """The DEPENDENCIES words of the operator's add_modules_sources calls, in order."""
    names: list[str] = []
    for m in _ADD.finditer(_cmake_text(Path(op_dir))):
        current = None
        for w in re.findall(r"\$\{\w+\}|[\w.-]+", m.group(1)):
            if w in _KEYS:
                current = w
            elif current == "DEPENDENCIES" and not w.startswith("$"):
                names.append(w)
    return list(dict.fromkeys(names))


def dependency_dirs(op_dir: Path) -> list[Path]:
    """The folders the DEPENDENCIES name: a sibling of the operator, else a folder of that name one level under
    any category of the repository (the nearest ancestor holding common/inc); then the category's common folder
    when it has host code; then, breadth first, what those folders depend on in turn. CANN builds every operator
    into one tiling library, so a dependency's own dependencies are there too: adaptive_max_pool3d names
    batch_mat_mul_v3, whose tilings derive from mat_mul_v3's MatMulV3BasicAswtTiling."""
    op_dir = Path(op_dir).resolve()
    out: list[Path] = []
    todo = [op_dir]
    while todo:
        for dep in _direct_dependency_dirs(todo.pop(0)):
            if dep != op_dir and dep not in out:
                out.append(dep)
                todo.append(dep)
    return out


def _direct_dependency_dirs(op_dir: Path) -> list[Path]:
    from kernelgen.emulator.layout import repo_root

    op_dir = Path(op_dir).resolve()
    root = repo_root(op_dir)
    out = []
    for name in dependency_names(op_dir):
        cand = op_dir.parent / name
        if not cand.is_dir() and root is not None:
            cand = next((c / name for c in sorted(root.iterdir()) if (c / name / "op_host").is_dir()), cand)
        if (cand / "op_host").is_dir():
            out.append(cand)
    # The category's own common folder (matmul/common, conv/common: `add_modules_sources(... OPTYPE common)`) is
    # in CANN's one tiling library without being named: Ops::NN::DebugTilingContext (matmul/common/op_host/
    # op_tiling/debug_tiling.cpp) is called by 11 matmul operators that declare no dependency.
    common = op_dir.parent / "common"
    if common != op_dir and (common / "op_host").is_dir() and common not in out:
        out.append(common)
    return out


def include_dirs(op_dir: Path) -> list[Path]:
    """The dependencies' op_host folders, then the category folder of each dependency from another category: CANN's
    tiling object adds `<source dir>/../../` for every module compiled into it (cmake/func.cmake), so
    adaptive_max_pool3d's dependency batch_mat_mul_v3 finds `mat_mul_v3/op_host/...` under matmul/."""
    deps = dependency_dirs(op_dir)
    own = Path(op_dir).resolve().parent
    categories = [d.resolve().parent for d in deps if d.resolve().parent != own]
    return [d / "op_host" for d in deps] + list(dict.fromkeys(categories))


def tiling_sources(op_dir: Path, soc_family: str | None, npu_arch: int | None) -> list[Path]:
    from kernelgen.emulator.layout import tiling_dir

    found: list[Path] = []
    for dep in dependency_dirs(op_dir):
        host = dep / "op_host"
        srcs = sorted(host.glob("*_tiling*.cpp"))
        if dep.name == "common":
            # a category's common folder is compiled whole (func.cmake add_modules_sources: its *_infershape*.cpp
            # join CANN's infer object too): conv/common's infershape helpers (InferShapeForConvBackpropExtend3D,
            # which conv3d_backprop_filter_v2's infershape calls) are in the library only so
            srcs += sorted(host.glob("*_infershape*.cpp"))
        if (host / "op_tiling").is_dir():
            srcs += sorted((host / "op_tiling").rglob("*.cpp"))
        sub = tiling_dir(dep, soc_family, npu_arch)
        if sub is not None:
            srcs += sorted(sub.glob("*_tiling*.cpp"))
        found += [p for p in srcs if p not in found]
    return found
