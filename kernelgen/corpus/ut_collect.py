"""Which of an operator's unit-test folders ops-nn's own UT build (`bash build.sh -u`) collects, read from the
checkout's CMake files the way CMake walks them, so `kernelgen ut` runs what CANN's build runs and reports the rest
as not collected, with the broken link.

The walk (hicann/ops-nn cmake/func.cmake, cmake/ut.cmake): `add_category_subdirectory` visits every operator
directory of the categories in OP_CATEGORY_LIST (cmake/variables.cmake), skipping one whose CMakeLists.txt calls
`add_sources(`; an operator with a CMakeLists.txt goes through `add_op_subdirectory`, which adds the operator
directory itself when it has no op_host/CMakeLists.txt and then every direct child that has a CMakeLists.txt
(tests/ included, ENABLE_TEST being on); an operator without one gets only op_host/CMakeLists.txt. From there a
folder is reached only by an `add_subdirectory` of its parent. UT sources are registered by
`add_all_modules_sources` (its `add_all_ut_sources`: tests/ut/op_host for tiling, infershape and op_api, tests/ut/op_api)
or by `add_modules_ut_sources(HOSTNAME ${OP_TILING_MODULE_NAME}|${OP_INFERSHAPE_MODULE_NAME}|${OP_API_MODULE_NAME}
...)` (or add_modules_llt_sources, which forwards to it) in a reached CMakeLists.txt
(another keyword than HOSTNAME registers nothing: the module name is then empty); kernel tests by `AddOpTestCase` in a reached tests/ut/op_kernel/CMakeLists.txt or
in a reached operator CMakeLists.txt (whose default UT_SRC_DIR is its tests/ut/op_kernel).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from kernelgen.emulator.layout import cmake_text

# the module variable whose add_modules_ut_sources call globs each kind's files in tests/ut/op_host
# (cmake/ut.cmake add_modules_ut_sources: HOSTNAME containing "tiling", "infershape", "op_api")
_MODULE_VARS = {"tiling": "OP_TILING_MODULE_NAME", "infershape": "OP_INFERSHAPE_MODULE_NAME", "api": "OP_API_MODULE_NAME"}


def _cmake(d: Path) -> str:
    return cmake_text(d / "CMakeLists.txt")


def _adds(parent: Path, child: Path) -> bool:
    """Does parent's CMakeLists.txt add child: by the glob-and-foreach idiom every ops-nn folder uses (children that
    have a CMakeLists.txt) or by naming it."""
    text = _cmake(parent)
    if not text or not (child / "CMakeLists.txt").is_file():
        return False
    if re.search(r"file\s*\(\s*GLOB", text) and re.search(r"add_subdirectory\s*\(\s*\$\{", text):
        return True
    return bool(re.search(r"add_subdirectory\s*\(\s*(\$\{CMAKE_CURRENT_SOURCE_DIR\}/)?" + re.escape(child.name) + r"\s*\)",
                          text))


@lru_cache(maxsize=None)
def _reached(op_dir: Path) -> tuple[frozenset, str]:
    """The folders of op_dir whose CMakeLists.txt the checkout's build reads, or ("", why none is)."""
    root = _cmake(op_dir)
    if (op_dir / "CMakeLists.txt").is_file():
        if re.search(r"add_sources\s*\(", root):
            return frozenset(), ("its CMakeLists.txt calls add_sources(), and add_category_subdirectory skips such an "
                                 "operator (cmake/func.cmake add_category_subdirectory)")
        start = [c for c in sorted(op_dir.iterdir()) if c.is_dir() and (c / "CMakeLists.txt").is_file()]
        if not (op_dir / "op_host" / "CMakeLists.txt").is_file():
            start.append(op_dir)
    else:
        start = [op_dir / "op_host"] if (op_dir / "op_host" / "CMakeLists.txt").is_file() else []
    seen, todo = set(), list(start)
    while todo:
        d = todo.pop()
        if d in seen:
            continue
        seen.add(d)
        todo += [c for c in d.iterdir() if c.is_dir() and c not in seen and _adds(d, c)]
    return frozenset(seen), ""


def _broken_link(op_dir: Path, folder: Path, reached: frozenset) -> str:
    """The first folder on the way from op_dir to folder that the build does not reach, said plainly."""
    rel = folder.relative_to(op_dir).parts
    for i in range(len(rel)):
        d = op_dir.joinpath(*rel[:i + 1])
        if d not in reached:
            name = "/".join(rel[:i + 1])
            if not (d / "CMakeLists.txt").is_file():
                return f"{name}/ has no CMakeLists.txt"
            return f"no add_subdirectory reaches {name}/"
    return ""


def _calls(d: Path, pattern: str) -> bool:
    return bool(re.search(pattern, _cmake(d)))


@lru_cache(maxsize=None)
def _categories(repo: Path) -> tuple[str, ...] | None:
    """OP_CATEGORY_LIST of the checkout's cmake/variables.cmake, or None when the checkout has no such build (a
    folder of operators without ops-nn's cmake/: nothing to judge by)."""
    func = repo / "cmake" / "func.cmake"
    if not func.is_file() or "add_category_subdirectory" not in func.read_text(errors="replace"):
        return None
    var = repo / "cmake" / "variables.cmake"
    m = re.search(r"set\s*\(\s*OP_CATEGORY_LIST\s+([^)]*)\)", var.read_text(errors="replace")) if var.is_file() else None
    return tuple(re.findall(r'"?([\w.-]+)"?', m.group(1))) if m else ()


def uncollected_reason(op_dir: Path, sub: str, file_kind: str) -> str:
    """"" when ops-nn's UT build collects the files of tests/ut/<sub> of kind file_kind (host files say which:
    "tiling" or "infershape"; "api"; "kernel"), else why not, in one line. A checkout without ops-nn's cmake/
    (add_category_subdirectory), or an operator that is not <category>/<op> or experimental/<category>/<op>, is not
    judged ("")."""
    op_dir = op_dir.resolve()
    category = op_dir.parent
    from kernelgen.corpus.ut import repo_root

    repo = repo_root(op_dir)
    if repo is None or category.parent not in (repo, repo / "experimental"):
        return ""
    categories = _categories(repo)
    if categories is None:
        return ""
    if categories and category.name not in categories:
        return (f"not collected by the checkout's UT build: category {category.name} is not in OP_CATEGORY_LIST "
                "(cmake/variables.cmake), the categories add_category_subdirectory walks")
    reached, why = _reached(op_dir)
    if why:
        return f"not collected by the checkout's UT build: {why}"
    folder = op_dir / "tests" / "ut" / sub
    own_project = _calls(op_dir / "tests" / "ut", r"\bproject\s*\(")
    if file_kind == "kernel":
        if folder in reached and _calls(folder, r"\bAddOpTestCase\s*\("):
            return ""
        if op_dir in reached and re.search(r"\bAddOpTestCase\s*\((?![^)]*UT_SRC_DIR)", _cmake(op_dir)):
            return ""
        link = _broken_link(op_dir, folder, reached) or "tests/ut/op_kernel/CMakeLists.txt calls no AddOpTestCase"
        needs = "AddOpTestCase (cmake/ut.cmake)"
    else:
        if op_dir in reached and _calls(op_dir, r"\badd_all_modules_sources\s*\("):
            return ""  # add_all_ut_sources: op_host (tiling, infershape, op_api) and op_api
        var = _MODULE_VARS["api" if file_kind == "api" else file_kind]
        if folder in reached and _calls(folder, r"add_modules_(?:ut|llt)_sources\s*\([^)]*HOSTNAME\s+\$\{" + var + r"\}"):
            return ""
        link = (_broken_link(op_dir, folder, reached)
                or f"tests/ut/{sub}/CMakeLists.txt calls no add_modules_ut_sources(HOSTNAME ${{{var}}} ...)")
        link += (", and no CMakeLists.txt of the operator the build reads calls add_all_modules_sources (which "
                 "registers tests/ut through add_all_ut_sources)")
        needs = "add_modules_ut_sources (cmake/func.cmake, cmake/ut.cmake)"
    own = " (its tests/ut is a CMake project of its own, built by its own script)" if own_project else ""
    return f"not collected by the checkout's UT build: {link}, so nothing registers it with {needs}{own}"
