"""The folder CANN's build compiles ops-nn kernels in, rebuilt as symlinks so relative includes resolve as there.

ops-nn's build copies every operator's `op_kernel/` to `tbe/ascendc/<op>/` and `common/inc/op_kernel/` to
`tbe/ascendc/inc/` (cmake/gen_ops_info.cmake), and the main tree's kernels are written against that layout:
`#include "../../norm_common/reduce_common_regbase.h"` from `op_kernel/arch35/` (25 norm operators),
`"../rms_norm/rms_norm_base.h"`, `"../foreach_utils/foreach_triangle.h"`, `"../../inc/hashtable_common.h"`. None of
these exist relative to the source file. kernelgen reproduces the folder: `<cache>/layout/<tree>/ascendc/` holds a
symlink per operator of the tree (`<op>` -> `<category>/<op>/op_kernel`), `inc/` with a symlink per file of
common/inc/op_kernel (the emulator's stand-ins in kgemu_opsnn/inc where it has one), and two empty anchor folders,
`_kg/` and `_kg/_kg/`, put on the include path after everything else with `inc/` (the build's -I for it): `#include "../X"` and `"../../X"` then find
`ascendc/X` the way the build's own sources do. The anchors must be real folders, not symlinks: the OS resolves
`..` after a symlink physically.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

ANCHOR = "_kg"


def _tree_operators(tree: Path) -> dict[str, Path]:
    """<op name> -> its op_kernel/ for every <category>/<op>/op_kernel of the tree (first by sorted path)."""
    found: dict[str, Path] = {}
    for kernel in sorted(tree.glob("*/*/op_kernel")):
        if kernel.is_dir():
            found.setdefault(kernel.parent.name, kernel)
    return found


def _populate(target: Path, tree: Path, common_inc: Path | None, stand_ins: Path) -> None:
    asc = target / "ascendc"
    (asc / ANCHOR / ANCHOR).mkdir(parents=True)
    inc = asc / "inc"
    inc.mkdir()
    if common_inc is not None and common_inc.is_dir():
        for entry in sorted(common_inc.iterdir()):
            own = stand_ins / entry.name
            os.symlink(own if own.exists() else entry, inc / entry.name)
    for entry in sorted(stand_ins.iterdir()):
        if not (inc / entry.name).exists():
            os.symlink(entry, inc / entry.name)
    for name, kernel in _tree_operators(tree).items():
        if name not in ("inc", ANCHOR):
            os.symlink(kernel, asc / name)


def build_layout_dirs(op_dir: Path, repo: Path | None) -> list[Path]:
    """The two anchor include directories of op_dir's tree and its inc/ (kernels include "kernel_utils.h" bare) (its category's parent), built once per tree in the
    emulator cache; [] when the cache cannot be used (the caller's later cache check names the problem)."""
    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.emulator.build import cache_root

    tree = Path(op_dir).resolve().parent.parent
    common_inc = (repo / "common" / "inc" / "op_kernel") if repo is not None else None
    stand_ins = INCLUDE_DIR / "kgemu_opsnn" / "inc"
    key = hashlib.sha256(f"{tree}\0{common_inc}\0{stand_ins}".encode()).hexdigest()[:16]
    final = cache_root() / "layout" / f"{tree.name}-{key}"
    anchors = [final / "ascendc" / ANCHOR, final / "ascendc" / ANCHOR / ANCHOR, final / "ascendc" / "inc"]
    if anchors[1].is_dir():
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
    return anchors if anchors[1].is_dir() else []
