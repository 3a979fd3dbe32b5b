"""The folder CANN's build compiles ops-nn kernels in, rebuilt as symlinks so relative includes resolve as there.

ops-nn's build copies every operator's `op_kernel/` to `tbe/ascendc/<op>/` and `common/inc/op_kernel/` to
`tbe/ascendc/inc/` (cmake/gen_ops_info.cmake), and the main tree's kernels are written against that layout:
`#include "../../norm_common/reduce_common_regbase.h"` from `op_kernel/arch35/` (25 norm operators),
`"../rms_norm/rms_norm_base.h"`, `"../foreach_utils/foreach_triangle.h"`, `"../../inc/hashtable_common.h"`. None of
these exist relative to the source file. kernelgen reproduces the folder: `<cache>/layout/<tree>/ascendc/` holds a
symlink per operator of the tree (`<op>` -> `<category>/<op>/op_kernel`), `inc/` with a symlink per file of
common/inc/op_kernel (the emulator's stand-ins in kgemu_opsnn/inc where it has one), and four empty anchor folders,
`_kg/` to `_kg/_kg/_kg/_kg/`, put on the include path after everything else with `inc/` (the build's -I for it):
`#include "../X"` to `"../../../../X"` then find `ascendc/X` the way the build's own sources do
(`"../../../inc/macro.h"` from matmul/common/cmct/block/ and conv3d_backprop_input_v2's arch35 folders,
`"../../../../transpose_batch_mat_mul/..."` from matmul_v2_compress_dequant/op_kernel/kernels/utils/kernel/).
The anchors must be real folders, not symlinks: the OS resolves `..` after a symlink physically.

`ascendc/common/` is what the build's common copy makes of it (gen_ops_info.cmake `common_copy`): the entries of
conv/common/op_kernel (`../../common/arch35/conv_common.h` from a conv kernel's arch35 folder) and
matmul/common/cmct as `common/cmct` (`#include "cmct/block/..."`: the matmul arch35 kernels); `ascendc/` and
`ascendc/common` are on CANN's kernel include path (cmake/ut.cmake's opkernel targets), so they are here too,
last. What the build copies from outside the repository (blaze from ops-tensor, tensor_api from asc) is not there.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

ANCHOR = "_kg"
# Changes whenever what _populate builds changes: a folder built by an older kernelgen is not reused.
LAYOUT_VERSION = "3"


def _tree_operators(tree: Path) -> dict[str, Path]:
    """<op name> -> its op_kernel/ for every <category>/<op>/op_kernel of the tree (first by sorted path)."""
    found: dict[str, Path] = {}
    for kernel in sorted(tree.glob("*/*/op_kernel")):
        if kernel.is_dir():
            found.setdefault(kernel.parent.name, kernel)
    return found


def _populate(target: Path, tree: Path, common_inc: Path | None, stand_ins: Path) -> None:
    asc = target / "ascendc"
    (asc / ANCHOR / ANCHOR / ANCHOR / ANCHOR).mkdir(parents=True)
    inc = asc / "inc"
    inc.mkdir()
    if common_inc is not None and common_inc.is_dir():
        for entry in sorted(common_inc.iterdir()):
            own = stand_ins / entry.name
            os.symlink(own if own.exists() else entry, inc / entry.name)
    for entry in sorted(stand_ins.iterdir()):
        if not (inc / entry.name).exists():
            os.symlink(entry, inc / entry.name)
    common = asc / "common"
    common.mkdir()
    for source in (tree / "conv" / "common" / "op_kernel", tree / "matmul" / "common"):
        for entry in sorted(source.iterdir()) if source.is_dir() else ():
            if (source.name == "op_kernel" or entry.name == "cmct") and not (common / entry.name).exists():
                os.symlink(entry, common / entry.name)
    for name, kernel in _tree_operators(tree).items():
        if name not in ("inc", "common", ANCHOR):
            os.symlink(kernel, asc / name)


def build_layout_dirs(op_dir: Path, repo: Path | None) -> list[Path]:
    """The four anchor include directories of op_dir's tree (its category's parent), its inc/ (kernels include
    "kernel_utils.h" bare), the folder itself and its common/, built once per tree in the emulator cache; [] when
    the cache cannot be used (the caller's later cache check names the problem)."""
    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.emulator.build import cache_root

    tree = Path(op_dir).resolve().parent.parent
    common_inc = (repo / "common" / "inc" / "op_kernel") if repo is not None else None
    stand_ins = INCLUDE_DIR / "kgemu_opsnn" / "inc"
    key = hashlib.sha256(f"{LAYOUT_VERSION}\0{tree}\0{common_inc}\0{stand_ins}".encode()).hexdigest()[:16]
    final = cache_root() / "layout" / f"{tree.name}-{key}"
    deepest = final / "ascendc" / ANCHOR / ANCHOR / ANCHOR / ANCHOR
    anchors = [deepest.parent.parent.parent, deepest.parent.parent, deepest.parent, deepest,
               final / "ascendc" / "inc", final / "ascendc", final / "ascendc" / "common"]
    if deepest.is_dir():
        return anchors
    try:
        final.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=final.name + ".", dir=final.parent))
        _populate(tmp, tree, common_inc, stand_ins)
        try:
            os.replace(tmp, final)
        except OSError:  # another process built the same folder first
            import shutil

            shutil.rmtree(tmp, ignore_errors=True)
    except OSError:
        return []
    return anchors if deepest.is_dir() else []
