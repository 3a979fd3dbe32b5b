"""`kernelgen ut`: find an ops-nn checkout's unit tests (an operator's tests/ut/op_host, op_kernel, op_api files) and
build each file unmodified as a googletest program against the emulator's headers and the checkout's own
tests/ut/common helpers.

One file is one program: the test file, the operator's host sources (the same compile units `kernelgen sim` uses,
so they come from the same cache), the checkout's common helpers that compile, the emulator runtime and Debian's
libgtest/libgmock. Kernel tests (op_kernel) include the kernel source themselves and run it through the emulator's
tikicpulib.h (ICPU_RUN_KF), built with __CCE_KT_TEST__ as CANN's CPU twin builds them. Running and reporting:
kernelgen.corpus.ut_run.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from kernelgen.corpus.ut_collect import uncollected_reason
from kernelgen.emulator import INCLUDE_DIR
from kernelgen.emulator.build import (CompileUnit, RUNTIME_DIR, RUNTIME_SOURCES, cache_dir, compile_object,
                                      emulator_digest, _tree_digest, link_program, write_source,
                                      archive_objects)
from kernelgen.errors import ToolchainError, UsageError
from kernelgen.toolchain import find_compiler

KINDS = ("host", "kernel", "api")
_KIND_DIRS = {"op_host": "host", "op_kernel": "kernel", "op_api": "api"}
_TEST_RE = re.compile(r"^\s*(TEST|TEST_F)\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)", re.M)
_PARAM_RE = re.compile(r"^\s*TEST_P\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)", re.M)
# the helpers of tests/ut/common each kind links (ops-nn's tests/ut/common/CMakeLists.txt groups them so)
HOST_COMMON = ("tiling_context_faker.cpp", "tiling_parse_context_faker.cpp", "test_cube_util.cpp",
               "tiling_case_executor.cpp", "infershape_test_util.cpp", "ut_op_util.cpp", "ut_op_common.cpp",
               "infer_shape_context_faker.cpp", "infer_shaperange_context_faker.cpp",
               "infer_datatype_context_faker.cpp", "infershape_case_executor.cpp")
_STUB_ENTRY = ('#include "kgemu/abi.h"\n#include <stdexcept>\nextern "C" void kg_kernel_entry(uint8_t**, int32_t, '
               'uint64_t) { throw std::runtime_error("no kernel linked"); }\n')


@dataclass(frozen=True)
class UtFile:
    """One unit-test source file of one operator."""

    op_dir: Path
    kind: str                 # host | kernel | api
    path: Path
    cases: tuple[str, ...]    # "Suite.Name" of every TEST / TEST_F (TEST_P instances are named when run)
    uncollected: str = ""     # why the checkout's own UT build never compiles this file ("" when it does)

    @property
    def op(self) -> str:
        return self.op_dir.name


@dataclass(frozen=True)
class Built:
    """A file built into a program, or why it was not (the first compile or link error, one line + detail)."""

    file: UtFile
    program: Path | None
    error: str = ""
    detail: str = ""


def repo_root(path: Path) -> Path | None:
    """The checkout holding path: the nearest ancestor with tests/ut/common that is not an operator directory
    (some operators ship a tests/ut/common of their own)."""
    for p in [path, *path.parents]:
        if (p / "tests" / "ut" / "common").is_dir() and not (p / "op_kernel").is_dir() and not (p / "op_host").is_dir():
            return p
    return None


def gtest_cases(text: str) -> tuple[str, ...]:
    names = [f"{m.group(2)}.{m.group(3)}" for m in _TEST_RE.finditer(_strip(text))]
    names += [f"*/{m.group(1)}.{m.group(2)}/*" for m in _PARAM_RE.finditer(_strip(text))]
    return tuple(dict.fromkeys(names))


def _strip(text: str) -> str:
    from kernelgen.emulator.opdir import strip_comments

    return strip_comments(text)


def _host_dir_kind(name: str) -> str | None:
    """What ops-nn's UT build makes of a file in tests/ut/op_host (cmake/ut.cmake add_modules_ut_sources globs):
    test_aclnn_*.cpp are op_api tests, test_*_tiling.cpp and test_*_infershape.cpp host tests; it builds no other."""
    if re.fullmatch(r"test_aclnn_\w*\.cpp", name):
        return "api"
    if re.fullmatch(r"test_\w*_(tiling|infershape)\.cpp", name):
        return "host"
    return None


def _target_dirs(soc: str | None) -> tuple[str, ...]:
    """The op_host test subfolders ops-nn's UT build adds for a SOC (func.cmake get_target_dir: arch22, arch35);
    none without one (`build.sh -u` sets no ASCEND_COMPUTE_UNIT)."""
    if not soc:
        return ()
    from kernelgen.emulator.layout import ARCH_DIRS
    from kernelgen.socs import get_soc

    return ARCH_DIRS.get(get_soc(soc).npu_arch, ())


def find_ut_files(path: str | Path, kinds=KINDS, soc: str | None = None) -> list[UtFile]:
    """Every unit-test file under path (an operator directory, a category or a checkout) that ops-nn's UT build
    compiles (for op_host, by its file-name globs and the SOC's target folder); the checkout's own tests/ut (the
    shared mains and helpers) is not an operator's."""
    root = Path(path)
    if not root.exists():
        raise UsageError(f"{path}: no such file or directory; give an ops-nn operator directory, a category or a "
                         "checkout")
    root = root.resolve()
    repo = repo_root(root)
    shared = (repo / "tests" / "ut").resolve() if repo else None
    own = root / "tests" / "ut"
    uts = [own] if own.is_dir() and own.resolve() != shared else []
    if not uts:
        uts = sorted(p for p in root.rglob("ut") if p.is_dir() and p.parent.name == "tests" and p.resolve() != shared)
    found = []
    for ut in uts:
        op_dir = ut.parent.parent
        for sub, kind in _KIND_DIRS.items():
            if not (ut / sub).is_dir() or (kind not in kinds and not (sub == "op_host" and "api" in kinds)):
                continue
            for src in sorted((ut / sub).rglob("*.cpp")):
                file_kind = _host_dir_kind(src.name) if sub == "op_host" else kind
                rel = src.relative_to(ut / sub).parts
                if sub == "op_host" and len(rel) > 1 and rel[0] not in _target_dirs(soc):
                    continue
                if file_kind not in kinds:
                    continue
                cases = gtest_cases(src.read_text(errors="replace"))
                if cases:
                    which = file_kind
                    if file_kind == "host":
                        which = "tiling" if src.stem.endswith("_tiling") else "infershape"
                    found.append(UtFile(op_dir, file_kind, src, cases, uncollected_reason(op_dir, sub, which)))
    return found


# ---- build ------------------------------------------------------------------------------------------------
def _first_error(text: str) -> str:
    """The first missing name or compile error of a failed compile or link, in one line."""
    for pat in (r"fatal error: ([^\n]+)", r"undefined reference to [`']([^'\n]+)'", r"error: ([^\n]+)"):
        m = re.search(pat, text)
        if m:
            msg = m.group(1).strip()
            if pat.startswith("undefined"):
                return f"undefined reference to {msg}"
            return msg
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return lines[-1][:300] if lines else "build failed"


def _fail_marker(unit: CompileUnit) -> Path:
    h = hashlib.sha256()
    for part in (unit.source.read_bytes(), " ".join(unit.flags).encode(), "|".join(map(str, unit.include_dirs)).encode(),
                 unit.context_digest.encode(), emulator_digest().encode()):
        h.update(part)
        h.update(b"\0")
    return cache_dir() / "ut" / f"fail-{unit.name}-{h.hexdigest()[:20]}.txt"


def try_compile(unit: CompileUnit) -> tuple[Path | None, str]:
    """(object, "") or (None, compiler output); a failure is remembered in the cache so a rerun does not retry it."""
    marker = _fail_marker(unit)
    if marker.is_file():
        return None, marker.read_text(errors="replace")
    try:
        return compile_object(unit, find_compiler()), ""
    except ToolchainError as exc:
        marker.parent.mkdir(parents=True, exist_ok=True)
        tmp = marker.with_suffix(".tmp")
        tmp.write_text(str(exc))
        tmp.replace(marker)
        return None, str(exc)


def _soc_define(soc: str | None) -> str:
    # ops-nn's `bash build.sh -u` without --soc leaves ASCEND_COMPUTE_UNIT unset, so BUILD_SOC_VERSION is empty and
    # the tiling executors set no Short_SoC_version: GetSocVersion() is RESERVED_VERSION and UB keeps its injected
    # size (no ASCEND910B 256 B). The tests' expected tiling data encode that (apply_adam_d: ubFactor 3328 of
    # 262144 B, not 3072 of 261888 B).
    return f"-DBUILD_SOC_VERSION={soc or ''}"


def ut_include_dirs(f: UtFile) -> tuple[Path, ...]:
    from kernelgen.emulator.layout import include_dirs

    repo = repo_root(f.op_dir)
    dirs = [f.path.parent, f.path.parent.parent / "common", f.op_dir / "tests" / "ut" / "common"]
    if repo is not None:
        dirs += [repo / "tests" / "ut" / "common", repo / "tests" / "ut"]
        if f.kind == "kernel":
            dirs.append(repo / "tests" / "ut" / "op_kernel")
    dirs += [INCLUDE_DIR / "exe_graph", INCLUDE_DIR / "base" / "context_builder", INCLUDE_DIR / "kgemu_ut"]
    dirs += list(include_dirs(f.op_dir))
    return tuple(dict.fromkeys(d for d in dirs if d.is_dir()))


def _host_units(f: UtFile, soc: str | None) -> list[CompileUnit]:
    from kernelgen.emulator.build import HOST_OPT
    from kernelgen.emulator.emulate import OperatorSource

    src = OperatorSource.for_dir(f.op_dir, soc=soc or "ascend910b")
    inc = src.include_dirs()
    return src.host_units() + [CompileUnit(f"utdep_{p.parent.parent.name}_{p.stem}", p, (HOST_OPT,), inc,
                                           _tree_digest(p.parent.parent), "host")
                               for p in dependency_infershape_sources(f.op_dir)]


def dependency_infershape_sources(op_dir: Path) -> list[Path]:
    """The infershape sources of the operators op_dir names in DEPENDENCIES. CANN's UT build links every
    operator's infershape objects into one library, so a dependency's registrations are there too
    (foreach_utils/op_host/foreach_infershape.cpp registers the infershape of the 66 foreach operators that name it);
    kernelgen's own runs take only a dependency's tiling sources (host_deps.tiling_sources)."""
    from kernelgen.emulator.host_deps import dependency_dirs

    return [p for dep in dependency_dirs(op_dir) for p in sorted((dep / "op_host").glob("*_infershape*.cpp"))]


def _common_units(repo: Path, soc: str | None, flags: tuple[str, ...], common: Path | None = None
                  ) -> list[tuple[CompileUnit, str]]:
    own = common is not None
    common = common or repo / "tests" / "ut" / "common"
    digest = _tree_digest(common)
    root = repo_root(repo) or repo
    inc = tuple(d for d in (common, root / "tests" / "ut" / "common", root / "tests" / "ut", INCLUDE_DIR / "exe_graph",
                            INCLUDE_DIR / "base" / "context_builder", INCLUDE_DIR / "kgemu_ut", repo,
                            repo / "common" / "inc") if d.is_dir())
    units = []
    names = sorted(p.name for p in common.glob("*.cpp")) if own else HOST_COMMON
    for name in names:
        path = common / name
        if path.is_file():
            tag = f"{repo.name}_" if own else ""
            units.append((CompileUnit(f"utcommon_{tag}{path.stem}", path, flags, inc, digest), name))
    return units


def host_flags(soc: str | None) -> tuple[str, ...]:
    # -fno-access-control: ops-nn's UT common objects are built so (tests/ut/common/CMakeLists.txt); -O0: test
    # code is run once, compile time dominates
    return ("-O0", "-fno-access-control", "-DLOG_CPP", _soc_define(soc), "-DKGEMU_UNIT_TEST=1")


_common_cache: dict[tuple, list[Path]] = {}


def common_objects(repo: Path | None, soc: str | None, common: Path | None = None) -> list[Path]:
    """The checkout's tests/ut/common helpers (or an operator's own, `common`) that compile against the emulator
    (those that do not are left out; a test needing one then fails to link, naming the missing function)."""
    if repo is None:
        return []
    key = (str(repo), soc, str(common))
    if key not in _common_cache:
        objs = []
        for unit, _name in _common_units(repo, soc, host_flags(soc), common):
            obj, _err = try_compile(unit)
            if obj is not None:
                objs.append(obj)
        _common_cache[key] = objs
    return _common_cache[key]


def runtime_objects() -> list[Path]:
    compiler = find_compiler()
    units = [CompileUnit(f"rt_{Path(src).stem}", RUNTIME_DIR / src) for src in RUNTIME_SOURCES]
    return [compile_object(u, compiler) for u in units]


def separate_kernel(f: UtFile, soc: str | None = None) -> Path | None:
    """The operator's kernel source when the kernel test does not #include it itself."""
    from kernelgen.emulator.layout import kernel_file

    if re.search(r'#\s*include\s+"[^"]*op_kernel/[^"]*\.cpp"', _strip(f.path.read_text(errors="replace"))):
        return None
    from kernelgen.corpus.ut_kernel import kernel_header_only
    from kernelgen.socs import get_soc

    # ops-nn's AddOpTestCase compiles op_kernel/<kernel_cpp_name>.cpp beside the tests it globs as
    # test_<kernel_cpp_name>*.cpp (cmake/ut.cmake): test_sigmoid_apt.cpp goes with sigmoid_apt.cpp, not sigmoid.cpp
    words = f.path.stem[len("test_"):].split("_") if f.path.stem.startswith("test_") else []
    names = ["_".join(words[:n]) for n in range(len(words), 0, -1)] + [f.op_dir.name]
    try:
        # the source op_kernel/CMakeLists.txt's add_kernel_sources(KERNEL_SRC ... COMPUTE_UNITS ...) names for the
        # SOC comes first: AddOpTestCase finds it in the build's kernel_src_list before <op>.cpp (cmake/ut.cmake,
        # kernel_src_from_cmake; rnn/dynamic_rnn: dynamic_rnn_910b.cpp)
        kernel = kernel_file(f.op_dir, names, soc=get_soc(soc).family if soc else None)
    except Exception:  # no kernel source found: the test links what it declares, or names what is missing
        return None
    return None if kernel_header_only(f.path, kernel) else kernel


def build_file(f: UtFile, soc: str | None) -> Built:
    """Compile and link one unit-test file; a compile or link failure is a Built with the first error. soc None:
    as ops-nn's default UT build (host: no BUILD_SOC_VERSION; kernel: its CMake AddOpTestCase SOC, else ascend910b)."""
    from kernelgen.corpus.ut_kernel import kernel_soc, kernel_unit_flags, kernel_support_units

    repo = repo_root(f.op_dir)
    digest = _tree_digest(f.op_dir)
    inc = ut_include_dirs(f)
    if f.kind == "kernel":
        ksoc = kernel_soc(f, soc)
        flags = kernel_unit_flags(f, ksoc)
        objs = []
        archives = ()
        extra_units = kernel_support_units(ksoc, repo) + [
            CompileUnit("ut_stub_entry", write_source(_STUB_ENTRY, "ut_stub_entry"))]
        kernel = separate_kernel(f, ksoc)
        if kernel is not None:  # the test declares the entry extern: CANN's UT build compiles the kernel beside it
            from kernelgen.emulator.opdir import _CONSTEXPR_KEY, kernel_include

            if _CONSTEXPR_KEY.search(kernel.read_text(errors="replace")):
                # `if constexpr (TILING_KEY_IS(k))`: the key is read at run time here, as `kernelgen sim` reads it
                kernel = write_source(kernel_include(kernel), f"utk_{f.op}_{kernel.stem}")
            extra_units.append(CompileUnit(f"utk_{f.op}_{kernel.stem}", kernel, flags, inc, digest))
    else:
        flags = host_flags(soc)
        objs = []
        extra_units = [CompileUnit("ut_stub_entry", write_source(_STUB_ENTRY, "ut_stub_entry"))]
        for unit in _host_units(f, soc):
            obj, err = try_compile(unit)
            if obj is None:
                return Built(f, None, f"operator host source {unit.source.name}: {_first_error(err)}", err)
            objs.append(obj)
        own = f.op_dir / "tests" / "ut" / "common"
        if any(own.glob("*.cpp")):  # the operator ships its own helpers (copied from ops-math): they, not the root's
            common = common_objects(f.op_dir, soc, own)
        else:
            common = common_objects(repo, soc)
        archives = (archive_objects(common, "utcommon"),) if common else ()
    unit = CompileUnit(f"ut_{f.op}_{f.path.stem}", f.path, flags, inc, digest)
    obj, err = try_compile(unit)
    if obj is None:
        return Built(f, None, _first_error(err), err)
    for u in extra_units:
        o, e = try_compile(u)
        if o is None:
            if u.name.startswith("utkernel_"):
                continue  # a checkout helper the emulator cannot build: a test needing it fails to link, naming it
            return Built(f, None, f"{u.source.name}: {_first_error(e)}", e)
        objs.append(o)
    try:
        program = link_program([obj, *objs, *runtime_objects()], f"ut_{f.op}_{f.path.stem}",
                               libs=("-lgmock", "-lgtest_main", "-lgtest"), archives=archives)
    except ToolchainError as exc:
        return Built(f, None, _first_error(str(exc)), str(exc))
    return Built(f, program)
