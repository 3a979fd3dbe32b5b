"""g++ 12 crashes (an internal compiler error) on a shape ops-nn's 950 kernels use: a class template's `constexpr
static` CastTrait or ErfConfig passed to Reg::Cast / Erf from a call that names no template parameter
(quant/dynamic_quant, loss/softmax_focal_loss, activation/ge_glu_v2). kernelgen's build compiles such a unit again
as C++20, where the emulator takes those parameters by value (KGEMU_TRAIT_PARAM), and g++ compiles it.
The miniature is tests/emulator_cpp/trait_member_template.cpp, written here in that shape."""
from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conftest import requires_cxx

sys.path.insert(0, str(Path(__file__).parent / "emulator_cpp"))
import kgbuild  # noqa: E402

SRC = Path(__file__).parent / "emulator_cpp" / "trait_member_template.cpp"
FLAGS = ("-Og", "-D__NPU_ARCH__=3510", "-DASCENDC_CPU_DEBUG=1")
N = 100


def x_in() -> np.ndarray:
    return ((np.arange(N) % 23) - 11).astype(np.float32) * np.float32(0.37)


def _unit():
    from kernelgen.emulator import build

    return build.CompileUnit("trait_member_template", SRC, FLAGS, (SRC.parent,))


def _crashes_as_cxx17(compiler) -> bool:
    from kernelgen.emulator import INCLUDE_DIR, build

    res = subprocess.run([compiler.path, *build.CXXFLAGS, *FLAGS, "-I", str(INCLUDE_DIR), "-I", str(SRC.parent),
                          "-fsyntax-only", str(SRC)], capture_output=True, text=True)
    return "internal compiler error" in res.stderr


@requires_cxx
def test_a_unit_gxx_crashes_on_stops_on_the_crash_without_the_retry(tmp_path, monkeypatch):
    from kernelgen.emulator import build
    from kernelgen.errors import ToolchainError
    from kernelgen.toolchain import find_compiler

    compiler = find_compiler()
    if not _crashes_as_cxx17(compiler):
        pytest.skip(f"{compiler.version} compiles the miniature as C++17: no crash to retry")
    monkeypatch.setenv("KERNELGEN_CACHE_DIR", str(tmp_path / "cache"))   # no object from another test
    monkeypatch.setattr(build, "_cxx20_retry", lambda *args: None)
    with pytest.raises(ToolchainError, match="internal compiler error"):
        build.compile_object(_unit(), compiler)


@requires_cxx
def test_a_unit_gxx_crashes_on_is_compiled_as_cxx20_and_runs():
    from kernelgen.emulator import build
    from kernelgen.toolchain import find_compiler

    compiler = find_compiler()
    if not _crashes_as_cxx17(compiler):
        pytest.skip(f"{compiler.version} compiles the miniature as C++17: no crash to retry")
    obj = build.compile_object(_unit(), compiler)
    runtime = build.compile_object(build.runtime_unit("kg_runtime.cpp"), compiler)
    exe = build.link_program([obj, runtime], "trait_member_template", compiler=compiler)
    out = kgbuild.run_vals(exe, "cast_and_erf_through_static_traits")
    assert out["defect"] is None, out["raw"]
    # 3x in float, then the trait's CAST_RINT to half: NumPy's float32 -> float16 rounds to nearest even too
    got = out["vals"]["half_out"].astype(np.uint16).view(np.float16)
    np.testing.assert_array_equal(got, (x_in() * np.float32(3)).astype(np.float16))
    want_erf = np.array([math.erf(float(v)) for v in x_in()])
    np.testing.assert_allclose(out["vals"]["erf_out"], want_erf, rtol=1e-6, atol=1e-7)
