"""The Matmul high-level API on the emulator (lib/matmul_intf.h, tiling/matmul_tiling.h) and MIX launches (AIC
and AIV blocks): tests/opdirs/mm_relu_lite, a miniature of ops-nn's fused matmul operators, against NumPy."""

from __future__ import annotations

import pathlib
import sys

import numpy as np
import pytest

from kernelgen.emulator.emulate import run as run_opdir
from kernelgen.errors import EmulatorDefect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "emulator_cpp"))
import kgbuild  # noqa: E402

OPDIR = pathlib.Path(__file__).resolve().parent / "opdirs" / "mm_relu_lite"
M, K, N = 40, 24, 48


def _data(dtype):
    rng = np.random.default_rng(7)
    a = rng.standard_normal((M, K)).astype(dtype)
    b = rng.standard_normal((K, N)).astype(dtype)
    bias = rng.standard_normal(N).astype(dtype)
    return a, b, bias


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("trans_b,iterate,flags", [(False, 0, 0), (True, 1, 1), (True, 0, 2)],
                         ids=["iterate_all_sync_all", "trans_b_iterate_cross_core_flags", "trans_b_aiv_client"])
def test_matmul_bias_relu_matches_numpy(dtype, trans_b, iterate, flags):
    a, b, bias = _data(dtype)
    bb = np.ascontiguousarray(b.T) if trans_b else b
    out, report = run_opdir(OPDIR, "ascend910b", {"a": a, "b": bb, "bias": bias},
                            attrs={"trans_b": trans_b, "iterate": iterate, "hazard": 0, "flags": flags},
                            return_report=True)
    # the cube accumulates in float and rounds C once; the AIVs' ReLU is exact
    ref = np.maximum(a.astype(np.float32) @ b.astype(np.float32) + bias.astype(np.float32), 0).astype(dtype)
    y = out["y"]
    assert y.shape == (M, N) and y.dtype == dtype
    if dtype == np.float16:
        np.testing.assert_array_equal(y, ref)
    else:
        np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-5)
    # MultiCoreMatmulTiling over 2 cores: 2 AICs, each with 2 AIVs
    assert report["block_dim"] == 2 and report["core_blocks"] == 6


def test_org_shape_reading_past_a_is_diagnosed():
    a, b, bias = _data(np.float32)
    with pytest.raises(EmulatorDefect) as err:
        run_opdir(OPDIR, "ascend910b", {"a": a, "b": b, "bias": bias}, attrs={"hazard": 1})
    # SetOrgShape(M, N, K + 8): 40 rows of 32 floats apart, the last one ends at (39 * 32 + 24) * 4 bytes
    assert "AIC 0 of 6" in str(err.value)
    assert "Matmul::IterateAll: reads bytes [0, 5088) of 'a' which has 3840 bytes" in str(err.value)


def test_a_flag_nobody_sets_is_a_hang():
    a, b, bias = _data(np.float32)
    with pytest.raises(EmulatorDefect) as err:
        run_opdir(OPDIR, "ascend910b", {"a": a, "b": b, "bias": bias}, attrs={"hazard": 2, "flags": 1})
    assert "CrossCoreWaitFlag: CrossCoreWaitFlag(3) waits for a flag no block can set any more" in str(err.value)
    assert "the NPU would wait forever" in str(err.value)


def test_sim_out_shape_names_an_output(tmp_path):
    from click.testing import CliRunner

    from kernelgen.cli import main

    a, b, bias = _data(np.float32)
    args = ["sim", str(OPDIR), "--soc", "ascend910b", "--out", str(tmp_path / "out")]
    for name, arr in (("a", a), ("b", b), ("bias", bias)):
        np.save(tmp_path / f"{name}.npy", arr)
        args += ["--input", f"{name}={tmp_path / (name + '.npy')}"]
    bad = CliRunner().invoke(main, args + ["--out-shape", "c=40,48"])
    assert bad.exit_code == 2 and "--out-shape 'c=40,48': give NAME=D0,D1,... for an output of MmReluLite (y)" \
        in bad.output
    assert not (tmp_path / "out").exists()
    good = CliRunner().invoke(main, args + ["--out-shape", "y=40,48"])  # the infershape's own shape: no change
    assert good.exit_code == 0, good.output
    ref = np.maximum(a @ b + bias, 0)
    np.testing.assert_allclose(np.load(tmp_path / "out" / "y.npy"), ref, rtol=1e-5, atol=1e-5)


# ---- one block, tests/emulator_cpp/matmul_tests.cpp: numbers against a C++ double product, and diagnoses ----
@pytest.fixture(scope="module")
def program():
    if not kgbuild.have_compiler():
        pytest.skip(f"{kgbuild.CXX} not found")
    return kgbuild.build("matmul_tests")


CLEAN = ["iterate_all_bias_atomic_add", "iterate_all_transposed_a", "iterate_order_m_sequential",
         "iterate_order_n_sequential", "get_tensor_c_ub_synced", "staged_a_synced"]
DEFECTS = [
    ("get_tensor_c_ub_race",
     "block 0: DataCopy: race on UB [0, 1024) of TBuf 0 (VECCALC): this call (pipe MTE3) reads bytes that "
     "Matmul::GetTensorC (pipe FIX, API call #9) wrote, and nothing orders pipe FIX before pipe MTE3"),
    ("staged_a_race",
     "block 0: Matmul::IterateAll: race on GM bytes [0, 1280) of the user workspace (past the 16777216-byte system "
     "workspace): this call (pipe MTE2) reads bytes that DataCopy (pipe MTE3, API call #7) wrote"),
    ("c_too_small", "block 0: Matmul::IterateAll: writes bytes [2560, 3744) of 'c' which has 3680 bytes"),
    ("transpose_not_declared",
     "block 0: Matmul::SetTensorA: isTranspose = true, but the MatmulType was declared with isTrans = false"),
    ("bias_without_is_bias", "block 0: Matmul::SetBias: the TCubeTiling has isBias = 0"),
]


@pytest.mark.parametrize("name", CLEAN)
def test_matmul_kernel_values(program, name):
    out = kgbuild.run_finished(program, name)
    kgbuild.assert_clean(out)
    assert out["checks"], name  # the kernel compared its C with the C++ product


@pytest.mark.parametrize("name,diagnosis", DEFECTS, ids=[d[0] for d in DEFECTS])
def test_matmul_misuse_is_diagnosed(program, name, diagnosis):
    kgbuild.assert_defect(kgbuild.run_finished(program, name), name, diagnosis)


# ---- the cube's basic API (kgemu/detail/cube.h) on the same program: Nd2Nz -> LoadData -> Mmad -> Fixpipe ----
@pytest.mark.parametrize("name,bias,half_out", [("cube_mmad_950", False, False), ("cube_mmad_bias_950", True, False),
                                                ("cube_mmad_half_out_950", False, True),
                                                ("cube_mmad_910b", False, False),
                                                ("cube_dn2nz_950", False, False)])
def test_cube_primitives_match_numpy(program, name, bias, half_out):
    """A [20, 40] x B [40, 24] in half (B given transposed, as the main tree's 950 kernels load it): the 950's Nz
    A in L0A and the 910B's Zz, Zn B, Nz C in L0C, written back as ND by Fixpipe (float, or half with F322F16).
    cube_dn2nz_950 reads B as [K, N] through DataCopy's DN2NZ and a Load2DBitModeParam LoadData instead."""
    out = kgbuild.run_vals(program, name)
    kgbuild.assert_clean(out)
    v = out["vals"]
    a = v["a"].reshape(20, 40).astype(np.float32)
    b = v["bT"].reshape(24, 40).T.astype(np.float32)
    ref = a.astype(np.float64) @ b + (v["bias"] if bias else 0)
    if half_out:
        ref = ref.astype(np.float32).astype(np.float16)
    np.testing.assert_allclose(v["c"].reshape(20, 24), ref, rtol=1e-6, atol=1e-6)
    assert np.abs(ref).max() > 1     # not a zero result matching a zero reference


CUBE_MISUSES = [
    ("cube_fm_from_l1", "block 0: Mmad: fm is in L1 (TPosition A1); Mmad takes it from L0A"),
    ("cube_l0a_overflow", "block 0: InitBuffer: L0A overflow: InitBuffer of 81920 bytes at TPosition A2 brings the "
                          "TPipe's L0A to 81920 bytes, above the SOC's L0A of 65536 bytes (ascend950)"),
    ("cube_c_view_too_small", "block 0: Mmad: dst: the parameters address 1024 elements of float, the LocalTensor "
                              "holds 512"),
    ("cube_half_out_without_cast_mode", "block 0: Fixpipe: a float L0C written as half takes quantPre F322F16"),
    ("cube_fill_in_ub", "block 0: Fill: dst is in UB; Fill initialises L1, L0A or L0B"),
    ("cube_dn2nz_into_ub", "block 0: DataCopy: dst is in UB (TPosition VECCALC); DataCopy takes it from L1"),
]


def test_ascend_dequant_matches_numpy(program):
    """The dequantisation quant_matmul_reduce_sum applies to its int32 Matmul result: per row, the first calCount
    elements times a bfloat16 scale vector, in float; the rest of each row untouched."""
    v = kgbuild.run_vals(program, "dequant_rows")["vals"]
    src = v["src"].reshape(3, 16)
    want = np.zeros((3, 16), np.float32)
    want[:, :12] = (src[:, :12].astype(np.float32) * v["scale"][:12].astype(np.float32)).astype(np.float32)
    np.testing.assert_array_equal(v["dst"].reshape(3, 16), want)
    assert np.abs(want).max() > 1


CUBE_MISUSES.append(("dequant_unaligned_row",
                     "block 0: AscendDequant: a row of srcTensor (n = 12 int32_t) must be 32-byte aligned"))


@pytest.mark.parametrize("name,diagnosis", CUBE_MISUSES, ids=[d[0] for d in CUBE_MISUSES])
def test_cube_misuse_is_diagnosed(program, name, diagnosis):
    kgbuild.assert_defect(kgbuild.run_finished(program, name), name, diagnosis)


# ---- the launcher: kernel types and `if constexpr (TILING_KEY_IS(k))` (kernelgen/emulator/opdir.py) ----
def test_kernel_types_from_markers_and_template_selections():
    from kernelgen.emulator.opdir import kernel_types

    texts = ("KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);\n    KERNEL_TASK_TYPE(21, KERNEL_TYPE_AIC_ONLY);\n")
    assert kernel_types(texts, None, None, {}, {}) == (7, {21: 1})
    assert kernel_types("SyncAll();", None, None, {}, {}) == (None, {})
    # ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIC_ONLY), UINT_SEL(MODE, LIST, 0, 2))
    tpl = {"params": [{"name": "MODE", "type": "uint", "bit_width": 4, "values": [0, 2]}],
           "selections": [[{"name": "kernel_type", "type": "kernel_type", "values": [1]},
                           {"name": "MODE", "type": "uint", "values": [0, 2]}]]}
    assert kernel_types("", tpl, None, {}, {}) == (None, {0: 1, 1: 1})  # keys encode the index in the list


def test_constexpr_tiling_key_conditions_become_plain_ifs(tmp_path):
    from kernelgen.emulator.opdir import kernel_include

    plain = tmp_path / "plain.cpp"
    plain.write_text("if (TILING_KEY_IS(1)) { f(); }\n")
    assert kernel_include(plain) == f'#include "{plain}"'
    keyed = tmp_path / "keyed.cpp"
    keyed.write_text("if constexpr (TILING_KEY_IS(1)) { f(); } else if constexpr  ( TILING_KEY_IS(11)) { g(); }\n"
                     "if constexpr (sizeof(int) == 4) { h(); }\n")
    text = kernel_include(keyed)
    assert text.startswith(f'#line 1 "{keyed}"\n')
    assert "if (TILING_KEY_IS(1)) { f(); } else if (TILING_KEY_IS(11)) { g(); }" in text
    assert "if constexpr (sizeof(int) == 4)" in text  # other constexpr conditions stay
