"""Kernel unit tests (tests/ut/op_kernel): the flags CANN's CPU-twin build gives them and the emulator's
tikicpulib.h runtime they link."""
from __future__ import annotations

import re
from pathlib import Path

from kernelgen.emulator.build import CompileUnit
from kernelgen.emulator.layout import cmake_text
from kernelgen.socs import get_soc

_ADD_CASE = re.compile(r"AddOpTestCase\s*\(\s*(\w+)\s+\"([^\"]*)\"\s*(?:\"([^\"]*)\")?")


def cmake_case(path: Path) -> tuple[str | None, tuple[str, ...]]:
    """(SOC, extra compile flags) of the op_kernel CMakeLists' AddOpTestCase(op "soc" "-DDTYPE_X=float ...")."""
    cml = path.parent / "CMakeLists.txt"
    try:
        text = cml.read_text(errors="replace")
    except OSError:
        return None, ()
    m = _ADD_CASE.search(re.sub(r"#[^\n]*", "", text))
    if not m:
        return None, ()
    # CMake variables the option strings use: the test directory (quantize: -DQUANTIZE_DATA_DIR=${CMAKE_CURRENT_SOURCE_DIR}/..)
    opts = (m.group(3) or "").replace("${CMAKE_CURRENT_SOURCE_DIR}", str(path.parent))
    # a CMake list: ';' separates options as spaces do (average_pooling_grad: "-DDTYPE_GRAD_OUTPUT=float;-DORIG_...")
    return m.group(2) or None, tuple(opts.replace(";", " ").split())


_HEADER_ONLY = re.compile(r"set_source_files_properties\s*\(([^)]*?)\bPROPERTIES\b[^)]*\bHEADER_FILE_ONLY\s+(?:TRUE|ON|1)\b")


def kernel_header_only(test: Path, kernel: Path) -> bool:
    """The test's op_kernel CMakeLists marks the copied kernel source HEADER_FILE_ONLY (fused_patch_mlp: the test
    supplies its own entry wrappers), so CANN's UT build does not compile it beside the test. The property's file
    may be named through a variable set in the same CMakeLists."""
    text = cmake_text(test.parent / "CMakeLists.txt")
    tail = re.compile(rf"/{re.escape(kernel.name)}\b")
    for m in _HEADER_ONLY.finditer(text):
        files = m.group(1)
        for var in re.findall(r"\$\{(\w+)\}", files):  # set(var path) earlier in the file
            for sm in re.finditer(rf"set\s*\(\s*{re.escape(var)}\s+([^)]*)\)", text):
                files += " " + sm.group(1)
        if tail.search(files):
            return True
    return False


_CMAKE_COPY = re.compile(r"\$\{CMAKE_COMMAND\}\s+-E\s+copy\s+(.*?)(?=\bCOMMAND\b|\bDEPENDS\b|\bWORKING_DIRECTORY\b|\)|$)",
                         re.S)


def cmake_copies(test: Path) -> list[tuple[Path, str]]:
    """The files the test's op_kernel CMakeLists copies into the build tree with `${CMAKE_COMMAND} -E copy SRC...
    ${CMAKE_BINARY_DIR}/DIR` (relu_v3 copies its relu_v3_data/gen_data.py and compare_data.py into
    tests/ut/op_kernel, where the kernel-UT program runs and calls them): (source, DIR relative to the build tree)."""
    text = cmake_text(test.parent / "CMakeLists.txt")
    out = []
    for m in _CMAKE_COPY.finditer(text):
        words = m.group(1).replace("${CMAKE_CURRENT_SOURCE_DIR}", str(test.parent)).split()
        if len(words) < 2 or not words[-1].startswith("${CMAKE_BINARY_DIR}"):
            continue
        dest = words[-1][len("${CMAKE_BINARY_DIR}"):].strip("/")
        out += [(Path(src), dest) for src in words[:-1] if "${" not in src]
    return out


def kernel_soc(f, soc: str | None) -> str:
    """The SOC a kernel test runs on: --soc, else its CMake AddOpTestCase SOC (a SKU such as ascend910B1) when
    kernelgen knows it, else ascend910b."""
    if soc:
        return soc
    cm_soc, _ = cmake_case(f.path)
    if cm_soc:
        try:
            return get_soc(cm_soc).family
        except Exception:  # a SKU kernelgen's catalog lacks
            pass
        # ops-nn's Ascend 950 kernel-UT SOC strings (cmake/ut.cmake:396: ascend950pr_9599, ascend350_355e; both
        # __NPU_ARCH__ 3510, facts socs.md §1)
        if cm_soc.lower().startswith(("ascend950", "ascend350")):
            return "ascend950"
    return "ascend910b"


def kernel_unit_flags(f, soc: str) -> tuple[str, ...]:
    from kernelgen.corpus.ut_tiling import tiling_include

    s = get_soc(soc)
    cm_soc, extra = cmake_case(f.path)
    # AddOpTestCase force-includes the tiling header into the test and the kernel, and names the SOC
    tiling = tiling_include(f.path.parent, f.op_dir)
    flags = ["-include", str(tiling), f'-DUT_SOC_VERSION="{cm_soc or soc}"', "-DKERNELUT=1"] if tiling else []
    flags += ["-O1", "-D__CCE_KT_TEST__=1", "-D__CCE_UT_TEST__=1", "-DASCENDC_CPU_DEBUG=1", f"-D__NPU_ARCH__={s.npu_arch}",
             f"-D__CCE_AICORE__={s.npu_arch // 10}", "-fno-access-control"]
    if s.npu_arch == 2201:
        flags.append("-D__DAV_C220_VEC__")
    if syncs_blocks(f.op_dir):
        flags.append("-DKGEMU_UT_ALL_BLOCKS=1")  # ICPU_RUN_KF runs the blocks at once, so SyncAll completes
    return tuple(flags) + extra


def syncs_blocks(op_dir: Path) -> bool:
    """The operator's kernel waits for its other blocks (SyncAll, CrossCoreWaitFlag): they must all run at once."""
    from kernelgen.emulator.opdir import _kernel_texts

    texts = _kernel_texts(op_dir) if (op_dir / "op_kernel").is_dir() else ""
    return "SyncAll" in texts or "CrossCoreWaitFlag" in texts


def soc_source(soc: str) -> str:
    """C++ defining kgemu_ut_soc(): the catalog record of the SOC the kernel tests run on."""
    from kernelgen.emulator.emulate import soc_struct

    rec = soc_struct(get_soc(soc))
    vals = []
    for name, _ctype in rec._fields_:
        v = getattr(rec, name)
        vals.append(f'"{v.decode()}"' if isinstance(v, bytes) else str(int(v)) + "ULL")
    return ('#include "kgemu/abi.h"\nextern "C" const KgSoc* kgemu_ut_soc() {\n    static const KgSoc soc = {'
            + ", ".join(vals) + '};\n    return &soc;\n}\n')


def kernel_support_units(soc: str, repo: Path | None) -> list[CompileUnit]:
    """tikicpulib's runtime, the SOC record, and the checkout's kernel-test helpers (tests/ut/op_kernel: data_utils,
    kernel_ut_data_helper, kernel_ut_data_executor; not its main, googletest's is used)."""
    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.emulator.build import write_source

    units = [CompileUnit("ut_tikicpulib", INCLUDE_DIR / "kgemu_ut" / "tikicpulib_impl.cpp", ("-O1",)),
             CompileUnit(f"ut_soc_{soc}", write_source(soc_source(soc), f"ut_soc_{soc}"), ("-Wno-narrowing",))]
    helpers = repo / "tests" / "ut" / "op_kernel" if repo else None
    if helpers is not None and helpers.is_dir():
        inc = (helpers, INCLUDE_DIR / "kgemu_ut")
        for src in sorted(helpers.glob("*.cpp")):
            if "main" not in src.stem:
                units.append(CompileUnit(f"utkernel_{src.stem}", src, ("-O1", "-D__CCE_KT_TEST__=1"), inc))
    return units
