"""kernelgen.lang operators on the emulator (with its sanitizer): run-time attributes, a Scalar input, two
outputs with a tensor-tensor compare, a row program, sim and perf on a spec file. The default suite compiles four
libraries (one SOC/dtype per operator); KERNELGEN_LANG_FULL=1 adds every elementwise example on ascend910b and
ascend310b in every dtype at [4097], [5,37], [3,7,4099], and softmax and rms_norm there on the row matrix
(docs/lang.md)."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import kernelgen
from kernelgen.authoring.ops import get_spec
from kernelgen.authoring.spec import DType
from kernelgen.checking.verify import build_cases, verify
from kernelgen.cli import main
from kernelgen.errors import HostRejected, UsageError
from kernelgen.socs import get_soc

from conftest import requires_cxx

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "lang_examples"
FULL = os.environ.get("KERNELGEN_LANG_FULL") == "1"

TWO_OUT = '''import kernelgen.lang as kl


@kl.op(category="activation", outputs=("lo", "hi"), domain={"x": (0.01, 20.0)})
def two_out(x, w, scale: float = 2.0, shift: int = 3):
    a = kl.log(x) * scale + w
    b = kl.clip(w, -1.0, 1.0) / (x + shift) - kl.rsqrt(x) + kl.tanh(w) + kl.where(w < x, 1.0, scale)
    return a, kl.where(shift > scale, b, -b)   # a mask of attributes only: chosen per launch
'''


def run_verify(spec, soc, dtype, shapes, attrs=None):
    cases = build_cases(spec, [get_soc(soc)], [dtype], shapes)
    results = verify(spec, cases, seed=0, attrs=attrs)
    failed = [(r.case.shape, r.error or r.metrics.failed_clauses()) for r in results if not r.passed]
    assert not failed, failed
    return results


@requires_cxx
def test_leaky_relu_reads_its_attribute_at_run_time(tmp_path):
    path = EXAMPLES / "leaky_relu.py"
    spec = get_spec(path)
    run_verify(spec, "ascend910b", DType.FLOAT32, [(4097,), (5, 37)], {"negative_slope": 0.3})
    x = np.linspace(-4, 4, 1000, dtype=np.float32)
    for slope in (0.01, 0.5):   # one library: the value travels in the tiling data
        out, report = kernelgen.run(str(path), "ascend910b", {"x": x}, attrs={"negative_slope": slope},
                                    return_report=True)
        np.testing.assert_array_equal(out["y"], np.where(x > 0, x, x * np.float32(slope)))
        assert report["tiling_fields"]["attr_negative_slope"] == pytest.approx(slope)
        assert report["tiling_fields"]["attrPad"] == 0
    np.save(tmp_path / "x.npy", x)
    r = CliRunner().invoke(main, ["sim", str(path), "--soc", "ascend910b", "--input", f"x={tmp_path / 'x.npy'}",
                                  "--attr", "negative_slope=0.25", "--out", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output
    np.testing.assert_array_equal(np.load(tmp_path / "out/y.npy"), np.where(x > 0, x, x * np.float32(0.25)))


@requires_cxx
def test_scalar_input_bfloat16_and_perf(tmp_path):
    path = EXAMPLES / "apply_gradient_descent.py"
    spec = get_spec(path)
    run_verify(spec, "ascend910b", DType.BFLOAT16, [(4097,), (3, 5, 7, 11)])
    import ml_dtypes

    bf = ml_dtypes.bfloat16
    var = np.full((5, 37), 1.0, dtype=bf)
    delta = np.full((5, 37), 2.0, dtype=bf)
    out = kernelgen.run(str(path), "ascend910b", {"var": var, "alpha": np.array([0.25], dtype=bf), "delta": delta})
    assert np.all(out["var_out"].astype(np.float32) == 0.5)
    with pytest.raises(UsageError, match="alpha is a Scalar input: give a one-element array"):
        kernelgen.run(str(path), "ascend910b", {"var": var, "alpha": var, "delta": delta})
    from kernelgen.emulator.emulate import run_source, source_for_spec

    with pytest.raises(HostRejected, match="alpha must be a one-element tensor"):   # the generated tiling too
        run_source(source_for_spec(spec, "ascend910b"), get_soc("ascend910b"), {"var": var, "alpha": var,
                                                                                 "delta": delta})
    r = CliRunner().invoke(main, ["perf", str(path), "--soc", "ascend910b", "--dtype", "bfloat16",
                                  "--shape", "65536"])
    assert r.exit_code == 0, r.output
    assert "apply_gradient_descent" in r.output


@requires_cxx
def test_two_outputs_tensor_compare_and_int_attribute(tmp_path):
    path = tmp_path / "two_out.py"
    path.write_text(TWO_OUT)
    spec = get_spec(path)
    assert "Compare" in [s.op for s in spec.variants[0].program]
    run_verify(spec, "ascend910b", DType.FLOAT16, [(4097,), (5, 37), (1,)], {"scale": 0.5, "shift": 2})
    run_verify(spec, "ascend910b", DType.FLOAT16, [(4097,)], {"scale": 4.0, "shift": 2})   # the other branch


@requires_cxx
def test_rms_norm_row_program_at_ragged_shapes():
    """A row program: LastAxis gamma loaded once per core, ReduceSum along each row, a run-time 1/rowLen and
    epsilon; verify's default row matrix (ragged last axes, rows over cores, rows of one element)."""
    spec = get_spec(EXAMPLES / "rms_norm.py")
    results = run_verify(spec, "ascend910b", DType.FLOAT32, None, {"epsilon": 1e-5})
    assert {r.case.shape for r in results} >= {(5, 37), (16, 1000), (3, 7, 4099), (100, 1)}
    x = np.random.default_rng(0).uniform(-3, 3, (6, 77)).astype(np.float32)
    gamma = np.linspace(0.5, 2, 77).astype(np.float32)
    out = kernelgen.run(str(EXAMPLES / "rms_norm.py"), "ascend910b", {"x": x, "gamma": gamma})["y"]
    want = x / np.sqrt(np.mean(x.astype(np.float64) ** 2, axis=-1, keepdims=True) + 1e-6) * gamma
    np.testing.assert_allclose(out, want, rtol=2e-6, atol=1e-6)
    # rows longer than UB: the chunked key of the same library (tests/test_lang_chunk.py)
    from test_lang_chunk import check_long_rms, long_rms_case
    _, _, x, gamma = long_rms_case()
    out, report = kernelgen.run(str(EXAMPLES / "rms_norm.py"), "ascend910b", {"x": x, "gamma": gamma},
                                return_report=True)
    check_long_rms(out["y"], report)


@pytest.mark.skipif(not FULL, reason="the full kernelgen.lang matrix is opt-in: KERNELGEN_LANG_FULL=1")
@requires_cxx
@pytest.mark.parametrize("name", ["softmax", "rms_norm"])
@pytest.mark.parametrize("soc", ["ascend910b", "ascend310b"])
def test_full_matrix_rows(name, soc):
    spec = get_spec(EXAMPLES / f"{name}.py")
    for dtype in spec.dtypes_for(get_soc(soc)):
        run_verify(spec, soc, dtype, None)


@pytest.mark.skipif(not FULL, reason="the full kernelgen.lang matrix is opt-in: KERNELGEN_LANG_FULL=1")
@requires_cxx
@pytest.mark.parametrize("soc", ["ascend910b", "ascend310b"])
def test_exact_product_window_emulator_matches_interpreter(soc):
    """apply_gradient_descent float32 (plain Muls + Sub, then the exact-product window): the emulator's kernel and
    kernelgen's interpreter agree bit for bit, at docs/lang.md's failing element and on verify's kind of input."""
    from kernelgen.authoring.program import interpret_spec
    from kernelgen.checking.cases import make_inputs

    path = EXAMPLES / "apply_gradient_descent.py"
    spec = get_spec(path)
    inputs = make_inputs(spec, (4099,), DType.FLOAT32, 9)
    inputs["alpha"] = np.array([-0.59198087], dtype=np.float32)
    inputs["var"][7], inputs["delta"][7] = np.float32(-4.0639338), np.float32(6.8652163)
    out = kernelgen.run(str(path), soc, inputs)["var_out"]
    expected = interpret_spec(spec, inputs)["var_out"]
    np.testing.assert_array_equal(out.view(np.uint32), expected.view(np.uint32))
    golden = float(inputs["var"][7]) - float(inputs["alpha"][0]) * float(inputs["delta"][7])
    assert abs(float(out[7]) - golden) / abs(golden) < 2.0 ** -23   # Muls + Sub: 1.24e-3


@pytest.mark.skipif(not FULL, reason="the full kernelgen.lang matrix is opt-in: KERNELGEN_LANG_FULL=1")
@requires_cxx
@pytest.mark.parametrize("name", ["leaky_relu", "silu", "apply_gradient_descent"])
@pytest.mark.parametrize("soc", ["ascend910b", "ascend310b"])
def test_full_matrix(name, soc):
    spec = get_spec(EXAMPLES / f"{name}.py")
    for dtype in spec.dtypes_for(get_soc(soc)):
        run_verify(spec, soc, dtype, [(4097,), (5, 37), (3, 7, 4099)])
