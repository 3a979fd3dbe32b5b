"""Kernel unit tests (tests/ut/op_kernel): the flags CANN's CPU-twin build gives them and the emulator's
tikicpulib.h runtime they link."""
from __future__ import annotations

import re
from pathlib import Path

from kernelgen.emulator.build import CompileUnit
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
    return m.group(2) or None, tuple((m.group(3) or "").split())


def kernel_unit_flags(f, soc: str) -> tuple[str, ...]:
    s = get_soc(soc)
    _cm_soc, extra = cmake_case(f.path)
    flags = ["-O1", "-D__CCE_KT_TEST__=1", "-DASCENDC_CPU_DEBUG=1", f"-D__NPU_ARCH__={s.npu_arch}",
             f"-D__CCE_AICORE__={s.npu_arch // 10}", "-fno-access-control"]
    if s.npu_arch == 2201:
        flags.append("-D__DAV_C220_VEC__")
    return tuple(flags) + extra


def kernel_support_units() -> list[CompileUnit]:
    from kernelgen.emulator import INCLUDE_DIR

    return [CompileUnit("ut_tikicpulib", INCLUDE_DIR / "kgemu_ut" / "tikicpulib_impl.cpp", ("-O1",))]
