"""End-to-end emulator tests on the generated gelu_grad: numbers, tiling cross-check, CLI, errors."""
from __future__ import annotations

import json

import ml_dtypes
import numpy as np
import pytest
from click.testing import CliRunner

from kernelgen.cli import main
from kernelgen.emulator.emulate import run
from kernelgen.errors import UsageError
from kernelgen.checking.golden import gelu_grad as gelu_golden
from kernelgen.socs import get_soc
from kernelgen.authoring.spec import DType
from kernelgen.authoring.tiling import compute_tiling

from conftest import GELU, requires_cxx

pytestmark = requires_cxx

SEED_X = np.arange(8, dtype=np.float32)
# The tanh form's derivative at 0..7 (issue 5's expected figures, to 4 decimals).
EXPECTED = [0.5000, 1.0830, 1.0861, 1.0116, 1.0003, 1.0000, 1.0000, 1.0000]


def _inputs(x, dy):
    return {"dy": dy, "x": x, "y": dy}


@pytest.mark.parametrize("soc", ["ascend910b", "ascend310b"])
def test_seed_values(soc):
    out = run("gelu_grad", soc, _inputs(SEED_X, np.ones(8, np.float32)))
    assert np.round(out["z"].astype(np.float64), 4).tolist() == EXPECTED


@pytest.mark.parametrize("soc, dtype, n", [
    ("ascend910b", DType.FLOAT32, 5), ("ascend910b", DType.FLOAT16, 17), ("ascend910b", DType.BFLOAT16, 6137),
    ("ascend910b", DType.FLOAT32, 48 * 5224 * 2 + 3), ("ascend310b", DType.FLOAT32, 10**5),
    ("ascend310b", DType.FLOAT16, 33),
])
def test_tiling_matches_python_mirror_and_output_is_exact_length(soc, dtype, n):
    rng = np.random.default_rng(n)
    x = rng.uniform(-7, 7, n).astype(dtype.numpy)
    dy = rng.uniform(-5, 5, n).astype(dtype.numpy)
    out, report = run("gelu_grad", soc, _inputs(x, dy), return_report=True)
    expected = compute_tiling(GELU, get_soc(soc), dtype, n)
    assert report["tiling_key"] == expected.tiling_key
    assert report["block_dim"] == expected.block_dim
    assert report["tiling_fields"] == expected.data.as_dict()
    assert report["workspace_bytes"] == get_soc(soc).libapi_workspace
    variant = GELU.variant(expected.variant)
    plan = GELU.ub_bytes_per_elem(variant, dtype)
    assert report["ub_bytes_used_max"] == expected.data.tileDataNum * plan + GELU.ub_fixed_bytes(variant, dtype)
    assert report["ub_bytes_used_max"] <= get_soc(soc).ub_doc_usable
    z = out["z"].astype(np.float64)
    assert z.shape == (n,) and np.isfinite(z).all()  # poison (NaN) would show any unwritten element
    golden = gelu_golden({"dy": dy.astype(np.float64), "x": x.astype(np.float64)}, {})["z"]
    tol = {DType.FLOAT32: 1e-5, DType.FLOAT16: 2e-3, DType.BFLOAT16: 2e-2}[dtype]
    np.testing.assert_allclose(z, golden, rtol=tol, atol=tol)
    blocks = report["blocks"]
    assert len(blocks) == expected.block_dim
    read = sum(b["gm_read_bytes"] for b in blocks)
    written = sum(b["gm_write_bytes"] for b in blocks)
    assert (read, written) == (2 * n * dtype.nbytes, n * dtype.nbytes)  # exactly dy and x in, z out


def test_finite_over_the_whole_float32_range():
    x = np.array([-3.4e38, -1e10, -60, -10.07, -10.06, -0.7518, 0, 1e-40, 10.06, 60, 3.4e38], np.float32)
    for soc in ("ascend910b", "ascend310b"):
        z = run("gelu_grad", soc, _inputs(x, np.ones_like(x)))["z"]
        assert np.isfinite(z).all(), (soc, z)
        assert z[-1] == 1.0 and abs(z[0]) < 1e-15  # GELU'(-inf) = 0; the clamp leaves at most 5e-17


def test_results_do_not_depend_on_threads():
    rng = np.random.default_rng(1)
    n = 48 * 5224 + 77
    x = rng.uniform(-7, 7, n).astype(np.float32)
    dy = rng.uniform(-5, 5, n).astype(np.float32)
    one = run("gelu_grad", "ascend910b", _inputs(x, dy), threads=1)["z"]
    two = run("gelu_grad", "ascend910b", _inputs(x, dy), threads=2)["z"]
    assert np.array_equal(one.view(np.uint32), two.view(np.uint32))


def test_bf16_rejected_where_the_soc_has_none():
    x = np.zeros(4, ml_dtypes.bfloat16)
    with pytest.raises(UsageError, match="bfloat16"):
        run("gelu_grad", "ascend310p", _inputs(x, x))


def test_sim_cli_with_bf16_raw_bits(tmp_path):
    x = np.linspace(-3, 3, 40).astype(ml_dtypes.bfloat16)
    dy = np.ones(40, ml_dtypes.bfloat16)
    for name, arr in (("x", x), ("dy", dy), ("y", dy)):
        np.save(tmp_path / f"{name}.npy", arr.view(np.uint16))
    args = ["sim", "gelu_grad", "--soc", "ascend910b", "--dtype", "bfloat16", "--out", str(tmp_path / "out"),
            "--report", str(tmp_path / "r.json")]
    for name in ("dy", "x", "y"):
        args += ["--input", f"{name}={tmp_path / (name + '.npy')}"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    z = np.load(tmp_path / "out" / "z.npy")
    assert z.dtype == np.uint16
    got = z.view(ml_dtypes.bfloat16).astype(np.float64)
    golden = gelu_golden({"dy": dy.astype(np.float64), "x": x.astype(np.float64)}, {})["z"]
    np.testing.assert_allclose(got, golden, rtol=8e-3, atol=1e-3)
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["tiling_key"] == 0 and report["dtypes"]["z"] == "DT_BF16"


def test_sim_cli_usage_errors(tmp_path):
    np.save(tmp_path / "x.npy", np.zeros(4, np.float32))
    r = CliRunner().invoke(main, ["sim", "gelu_grad", "--soc", "ascend910b", "--input", f"x={tmp_path / 'x.npy'}",
                                  "--out", str(tmp_path / "o")])
    assert r.exit_code == 2 and "needs input(s) dy, y" in r.output
    r = CliRunner().invoke(main, ["sim", "gelu_grad", "--soc", "ascend910b", "--input", f"q={tmp_path / 'x.npy'}",
                                  "--out", str(tmp_path / "o")])
    assert r.exit_code == 2 and "unknown input of GeluGrad 'q'; known: dy, x, y" in r.output
    r = CliRunner().invoke(main, ["sim", "gelu_grad", "--soc", "ascend910b", "--input", f"x={tmp_path / 'nope.npy'}",
                                  "--out", str(tmp_path / "o")])
    assert r.exit_code == 2 and "cannot read" in r.output


def test_verify_cli_small_matrix(tmp_path):
    out = tmp_path / "v.json"
    r = CliRunner().invoke(main, ["verify", "gelu_grad", "--soc", "ascend910b", "--dtype", "float16",
                                  "--shape", "33", "--shape", "4,2", "--json", str(out)])
    assert r.exit_code == 0, r.output
    rows = json.loads(out.read_text())
    assert [row["shape"] for row in rows] == [[33], [4, 2]]
    assert all(row["passed"] and row["metrics"]["mare"] < 10 * 2**-10 for row in rows)


def test_verify_rejects_bf16_on_310p():
    r = CliRunner().invoke(main, ["verify", "gelu_grad", "--soc", "ascend310p", "--dtype", "bfloat16"])
    assert r.exit_code == 2 and "does not support bfloat16 on ascend310p" in r.output


def test_readme_main_job_default_matrix_passes(tmp_path):
    """The README's main command: `kernelgen verify gelu_grad` (2 SOCs x 3 dtypes x 12 shapes) passes."""
    out = tmp_path / "verify.json"
    r = CliRunner().invoke(main, ["verify", "gelu_grad", "--json", str(out)])
    assert r.exit_code == 0, r.output[-2000:]
    rows = json.loads(out.read_text())
    assert len(rows) == 72 and all(row["passed"] for row in rows)
    assert {(row["soc"], row["dtype"]) for row in rows} == {
        (s, d) for s in ("ascend910b", "ascend310b") for d in ("float32", "float16", "bfloat16")}
    assert "72 passed, 0 failed" in r.output


def test_verify_rejects_an_empty_shape_as_usage():
    r = CliRunner().invoke(main, ["verify", "gelu_grad", "--shape", "4,0"])
    assert r.exit_code == 2 and "has no elements" in r.output


def test_tensors_declared_only_in_an_ai_core_config_belong_to_the_operator():
    """`OpAICoreConfig config; config.Input("x")...; AddConfig("ascend950", config)` with no this->Input
    (quant/ascend_anti_quant): x and y are the operator's tensors (their DTYPE_X / DTYPE_Y macros), with the
    config's dtypes; without the config's tensors the decl had none and the kernel's DTYPE_X was undefined."""
    from kernelgen.emulator.decl import parse_opdef

    def param(name, dtypes):
        return {"name": name, "param_type": "required", "dtypes": dtypes, "dtype_is_list": False}

    doc = {"ops": [{"op_type": "AntiQuantLite", "inputs": [], "outputs": [], "attrs": [],
                    "aicore": [{"soc": "ascend950", "inputs": [param("x", ["DT_INT8", "DT_INT8"])],
                                "outputs": [param("y", ["DT_FLOAT16", "DT_FLOAT"])]}]}]}
    decl = parse_opdef(doc, "anti_quant_lite")
    assert [t.name for t in decl.inputs] == ["x"] and [t.name for t in decl.outputs] == ["y"]
    assert decl.inputs[0].dtypes == ("DT_INT8", "DT_INT8") and decl.outputs[0].dtypes == ("DT_FLOAT16", "DT_FLOAT")
    assert decl.socs == ("ascend950",)


def test_padded_gm_buffers_end_in_a_red_zone():
    """An operator directory's GM buffers are padded as the NPU allocator rounds them, then followed by
    GM_GUARD_BYTES of red zone that hold no tensor (kg_set_gm_guard): a SIMT thread reading past a tensor's padding
    lands there and is reported, not on the next buffer's bytes."""
    from kernelgen.emulator import abi
    from kernelgen.emulator.emulate import _empty_gm

    arr = _empty_gm((37,), np.float32, True)
    buf = arr
    while buf.base is not None:
        buf = buf.base
    assert buf.nbytes == abi.gm_padded_bytes(148) + abi.GM_GUARD_BYTES == 512 + abi.GM_GUARD_BYTES
    assert np.all(buf[148:] == 0xFF) and _empty_gm((37,), np.float32, False).base.nbytes == 148
