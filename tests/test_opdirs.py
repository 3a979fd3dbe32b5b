"""Operator directories in the ops-nn experimental layout (tests/opdirs/*), run unmodified on the emulator through
`kernelgen sim DIR` and kernelgen.emulator.emulate.run, against NumPy goldens.

The operators are kernelgen's own, written from the Ascend C docs to cover the layout's conventions: template
tiling keys (DATATYPE/UINT/BOOL) and literal TILING_KEY_IS keys, plain-struct and BEGIN_TILING_DATA_DEF tiling
data, DataCopy and DataCopyPad, Compare/Select, Sigmoid/Tanh with temporary buffers, mask/repeat and counter-mode
vector calls, WholeReduceMax + Brcb row broadcasts, the OP_LOGE_FOR_INVALID_* report macros, attributes of every
scalar kind, an optional input, and operators without infershape.
"""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from click.testing import CliRunner

from kernelgen.cli import main
from kernelgen.emulator.emulate import resolve_target, run
from kernelgen.emulator import INCLUDE_DIR
from kernelgen.errors import EmulatorDefect, HostRejected, UsageError
from kernelgen.emulator.opdir import encode_key, explain_compile_error, find_entries, snake_case, tpl_instances
from kernelgen.socs import get_soc
from kernelgen.toolchain import find_compiler

from conftest import requires_cxx

pytestmark = requires_cxx

OPDIRS = Path(__file__).resolve().parent / "opdirs"
RNG = np.random.default_rng(2024)
TOL = {np.dtype(np.float32): 2e-5, np.dtype(np.float16): 2e-3, np.dtype(ml_dtypes.bfloat16): 1.6e-2,
       np.dtype(np.int32): 0}


def _uniform(lo, hi, shape, dtype):
    return RNG.uniform(lo, hi, shape).astype(dtype)


def _check(out, golden, dtype):
    tol = TOL[np.dtype(dtype)]
    got = np.asarray(out).astype(np.float64)
    assert got.shape == golden.shape
    np.testing.assert_allclose(got, golden, rtol=tol, atol=tol)


# ---- goldens (float64) ----
def selu(x, alpha=1.6732632, scale=1.0507010):
    x = x.astype(np.float64)
    return scale * np.where(x > 0, x, alpha * (np.exp(x) - 1))


def silu(x):
    x = x.astype(np.float64)
    return x / (1 + np.exp(-x))


def tanh_shrink(x):
    x = x.astype(np.float64)
    return x - np.tanh(x)


def huber(a, b, delta=1.0):
    e = a.astype(np.float64) - b.astype(np.float64)
    ae = np.abs(e)
    return np.where(ae <= delta, 0.5 * e * e, delta * (ae - 0.5 * delta))


def hardtanh_grad(g, x, lo=-1.0, hi=1.0):
    return np.where((x > lo) & (x < hi), g, 0).astype(np.float64)


def row_max_sub(x):
    x = x.astype(np.float64)
    return x - x.max(axis=-1, keepdims=True)


CASES = [  # id, dir, soc, inputs, attrs, golden, dtype
    ("selu-f32-attrs", "selu_act", "ascend910b", {"x": (-4, 4, (3, 333), np.float32)},
     {"alpha": 1.5, "scale": 2.0}, lambda i: selu(i["x"], 1.5, 2.0)),
    ("selu-bf16-defaults", "selu_act", "ascend910_93", {"x": (-4, 4, 4099, ml_dtypes.bfloat16)}, {},
     lambda i: selu(i["x"])),
    ("silu-f32-one-core-tail", "silu_lite", "ascend910b", {"x": (-8, 8, 1152, np.float32)}, {}, lambda i: silu(i["x"])),
    ("silu-f16-many-tiles", "silu_lite", "ascend910b", {"x": (-8, 8, 300032, np.float16)}, {},
     lambda i: silu(i["x"])),
    ("tanh-shrink-f32", "tanh_shrink", "ascend910b", {"x": (-5, 5, 10000, np.float32)}, {},
     lambda i: tanh_shrink(i["x"])),
    ("tanh-shrink-f16-310b", "tanh_shrink", "ascend310b", {"x": (-5, 5, (37, 129), np.float16)}, {},
     lambda i: tanh_shrink(i["x"])),
    ("huber-f32-repeat-form", "huber_elem", "ascend910b", {"input": (-3, 3, 3001, np.float32),
                                                           "target": (-3, 3, 3001, np.float32)},
     {"delta": 0.7}, lambda i: huber(i["input"], i["target"], 0.7)),
    ("huber-f16-counter-mode", "huber_elem", "ascend910b", {"input": (-3, 3, 9000, np.float16),
                                                            "target": (-3, 3, 9000, np.float16)},
     {"delta": 1.3, "use_counter": True, "reduction": "none"}, lambda i: huber(i["input"], i["target"], 1.3)),
    ("huber-f32-sum-syncall", "huber_elem", "ascend910b", {"input": (-3, 3, 30001, np.float32),
                                                           "target": (-3, 3, 30001, np.float32)},
     {"reduction": "sum"}, lambda i: np.asarray(huber(i["input"], i["target"]).sum())),
    ("huber-f16-mean-counter", "huber_elem", "ascend910b", {"input": (-3, 3, 5000, np.float16),
                                                            "target": (-3, 3, 5000, np.float16)},
     {"reduction": "mean", "use_counter": True}, lambda i: np.asarray(huber(i["input"], i["target"]).mean())),
    ("hardtanh-grad-f32", "hardtanh_grad_lite", "ascend910b", {"grad": (-3, 3, 3000, np.float32),
                                                               "self": (-3, 3, 3000, np.float32)},
     {"min_val": -0.5, "max_val": 2.0}, lambda i: hardtanh_grad(i["grad"], i["self"], -0.5, 2.0)),
    ("hardtanh-grad-f16", "hardtanh_grad_lite", "ascend910b", {"grad": (-3, 3, 7777, np.float16),
                                                               "self": (-3, 3, 7777, np.float16)},
     {}, lambda i: hardtanh_grad(i["grad"], i["self"])),
    ("row-max-sub-w24", "row_max_sub", "ascend910b", {"x": (-5, 5, (1000, 24), np.float32)}, {},
     lambda i: row_max_sub(i["x"])),
    ("row-max-sub-w64-partial-tiles", "row_max_sub", "ascend910b", {"x": (-5, 5, (3, 37, 64), np.float32)}, {},
     lambda i: row_max_sub(i["x"])),
]


def _inputs(spec):
    return {name: _uniform(*args) for name, args in spec.items()}


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_operator_matches_golden(case):
    _, op, soc, spec, attrs, golden = case
    inputs = _inputs(spec)
    outputs, report = run(OPDIRS / op, soc, inputs, attrs=attrs, return_report=True)
    (name, out), = outputs.items()
    want = golden(inputs)
    scale = max(1.0, float(np.abs(want).max())) if want.ndim == 0 else 1.0  # sums: relative to their size
    _check(np.asarray(out) / scale, want / scale, next(iter(inputs.values())).dtype)
    assert report["block_dim"] >= 1 and report["blocks"]
    assert not [w for w in report["warnings"] if "UB use" in w or "SetFlag" in w], report["warnings"]


def test_template_key_dispatch_and_decoded_params():
    a = _uniform(-2, 2, 640, np.float16)
    b = _uniform(-2, 2, 640, np.float16)
    _, rep = run(OPDIRS / "huber_elem", "ascend910b", {"input": a, "target": b}, attrs={"use_counter": True},
                 return_report=True)
    assert rep["tiling_key_params"] == {"D_T": 1, "USE_COUNTER": 1}  # DT_FLOAT16 = 1, bool at bit 8
    assert rep["tiling_key"] == 1 + (1 << 8)
    _, rep = run(OPDIRS / "silu_lite", "ascend910b", {"x": _uniform(-1, 1, 256, np.float16)}, return_report=True)
    assert rep["tiling_key_params"] == {"schMode": 1}


def test_legacy_tiling_class_fields_are_reported():
    x = _uniform(-1, 1, 1000, np.float32)
    _, rep = run(OPDIRS / "tanh_shrink", "ascend910b", {"x": x}, return_report=True)
    assert rep["tiling_key"] == 1 and rep["tiling_key_params"] is None
    assert rep["tiling_fields"] == {"formerNum": 1000 % 48, "formerLength": 1000 // 48 + 1,
                                    "tailLength": 1000 // 48, "tileLength": 4096}
    assert any("registers no infershape" in w for w in rep["warnings"])


def test_a_kernel_choosing_code_by_the_key_macro_is_built_for_its_tiling_key(tmp_path):
    """scatter_elements and gather_v2 choose their code with `#if TILING_KEY_VAR == KEY` (CANN builds such a kernel
    once per key, TILING_KEY_VAR defined): tanh_shrink's dispatch written that way runs the float32 branch its
    tiling picks (key 1); built once with every `#if` false, no branch ran and y was never written."""
    import shutil

    from kernelgen.emulator.opdir import selects_code_by_key_macro

    op = tmp_path / "tanh_shrink"
    shutil.copytree(OPDIRS / "tanh_shrink", op)
    kernel = op / "op_kernel" / "tanh_shrink.cpp"
    text = kernel.read_text()
    body = text[text.index("    if (TILING_KEY_IS(1)) {"):text.rindex("}")]
    run_op = ("    op.Init(x, y, tilingData.formerNum, tilingData.formerLength, tilingData.tailLength, "
              "tilingData.tileLength);\n    op.Process();\n")
    by_macro = ("    TILING_KEY_IS(1);\n    TILING_KEY_IS(2);\n#if TILING_KEY_VAR == 1\n    KernelTanhShrink<float> op;\n"
                f"{run_op}#elif TILING_KEY_VAR == 2\n    KernelTanhShrink<half> op;\n{run_op}#endif\n")
    kernel.write_text(text.replace(body, by_macro))
    assert selects_code_by_key_macro(op) and not selects_code_by_key_macro(OPDIRS / "tanh_shrink")
    x = _uniform(-1, 1, 1000, np.float32)
    out, rep = run(op, "ascend910b", {"x": x}, return_report=True)
    assert rep["tiling_key"] == 1
    _check(out["y"], tanh_shrink(x), np.float32)


def test_whole_block_copies_read_padding_with_a_warning_and_write_it_as_a_defect():
    x = _uniform(-1, 1, 1000, np.float32)  # 4000 bytes: the last 512-byte block runs 96 bytes past the end
    # reading the allocator's padding is harmless; writing it may destroy a neighbour (outputs can be views)
    with pytest.raises(EmulatorDefect, match="DataCopy: writes bytes \\[3584, 4096\\) of 'y' which has 4000 bytes past "
                                             "the logical end of 'y' \\(4000 bytes\\) into its allocation padding"):
        run(OPDIRS / "silu_lite", "ascend910b", {"x": x})
    source = resolve_target(OPDIRS / "silu_lite", get_soc("ascend910b"))
    source.strict_gm = True
    from kernelgen.emulator.emulate import run_source

    with pytest.raises(EmulatorDefect, match="DataCopy: reads bytes \\[3584, 4096\\) of 'x' which has 4000 bytes"):
        run_source(source, get_soc("ascend910b"), {"x": x})


def test_optional_input_and_int_attribute():
    x = _uniform(-3, 3, 5001, np.float32)
    out = run(OPDIRS / "clamp_lite", "ascend910b", {"x": x}, attrs={"min": -0.25})
    _check(out["y"], np.clip(x, -0.25, 1.0).astype(np.float64), np.float32)
    out = run(OPDIRS / "clamp_lite", "ascend910b", {"x": x, "bounds": np.array([-2, 0.5], np.float32)})
    _check(out["y"], np.clip(x, -2, 0.5).astype(np.float64), np.float32)
    xi = RNG.integers(-1000, 1000, 4099).astype(np.int32)
    out = run(OPDIRS / "clamp_lite", "ascend910b", {"x": xi, "bounds": np.array([-50, 70], np.int32)},
              attrs={"shift": 2})
    assert np.array_equal(out["y"], np.clip(xi >> 2, -50, 70))
    with pytest.raises(HostRejected, match="shift 40 is outside"):
        run(OPDIRS / "clamp_lite", "ascend910b", {"x": x}, attrs={"shift": 40})


def test_tiling_error_report_macros_give_the_diagnosis():
    with pytest.raises(HostRejected, match="last dimension of x has value 12, expected a multiple of 8"):
        run(OPDIRS / "row_max_sub", "ascend910b", {"x": np.ones((4, 12), np.float32)})


def test_dynamic_tensor_lists():
    xs = [_uniform(-3, 3, shape, np.float16) for shape in ((5, 7), (1000,), (3, 2, 9))]
    out = run(OPDIRS / "foreach_mul_scalar_lite", "ascend910b", {"x": xs, "scalar": np.array([1.5], np.float32)})
    assert isinstance(out["y"], list) and len(out["y"]) == 3
    for got, x in zip(out["y"], xs):
        _check(got, 1.5 * x.astype(np.float64), np.float16)
    decl = resolve_target(OPDIRS / "foreach_mul_scalar_lite", get_soc("ascend910b")).decl()
    assert [(t.name, t.dynamic) for t in decl.inputs + decl.outputs] == [("x", True), ("scalar", False), ("y", True)]
    with pytest.raises(UsageError, match="input 'scalar' takes one array, not a list"):
        run(OPDIRS / "foreach_mul_scalar_lite", "ascend910b", {"x": xs, "scalar": [np.ones(1, np.float32)]})


def test_in_place_tensor_list_output_is_each_input_tensors_own_buffer():
    """An in-place DYNAMIC output (FusedSgd's `params` in and out) is the input list tensor by tensor: block 1's
    y[1] is x[1]'s buffer. Taking x[0]'s buffer for every y[k] made block 1 write what block 0 reads (a GM race
    the kernel does not have) and left x[1] unaliased."""
    from kernelgen.emulator.emulate import run_source
    xs = [_uniform(-3, 3, (4, 37), np.float32) for _ in range(2)]
    source = resolve_target(OPDIRS / "foreach_mul_scalar_lite", get_soc("ascend910b"))
    result = run_source(source, get_soc("ascend910b"), {"x": xs, "scalar": np.array([1.5], np.float32)},
                        aliases={"y": "x"})
    assert len(result.outputs["y"]) == 2
    for got, x in zip(result.outputs["y"], xs):
        np.testing.assert_array_equal(got, (x * np.float32(1.5)).astype(np.float32))


def _foreign_template_declaration(op: Path, key: int, selection: str = "") -> None:
    """scaled_abs_v2's tiling sets the plain key `key` while its arch35 host source also holds another operator's
    ASCENDC_TPL_ARGS_DECL(OtherOp, mode in {5, 6}) (and `selection` after it), as a dependency's header brings one."""
    body = op / "op_host" / "scaled_abs_tiling_body.h"
    body.write_text(body.read_text().replace("context->SetBlockDim(1);",
                                             f"context->SetBlockDim(1);\n    context->SetTilingKey({key});"))
    tiling = op / "op_host" / "arch35" / "scaled_abs_tiling.cpp"
    tiling.write_text('#include "ascendc/host_api/tiling/template_argument.h"\n'
                      "ASCENDC_TPL_ARGS_DECL(OtherOp, ASCENDC_TPL_UINT_DECL(mode, ASCENDC_TPL_8_BW, ASCENDC_TPL_UI_LIST, "
                      "5, 6));\n" + selection + tiling.read_text())


@requires_cxx
def test_a_template_declaration_the_key_does_not_decode_under_is_a_dependencys(tmp_path):
    """One OpDef and one ASCENDC_TPL_ARGS_DECL of another name in the host library (scatter_update links its
    dependency index_put_v2's IndexPutV2 declaration) while the tiling sets a plain key: the declaration is not the
    operator's, so the run goes on (it reported "does not decode under ASCENDC_TPL_ARGS_DECL(IndexPutV2)").

    The same build (one operator build, not two) also declares y OutputShapeDependOnCompute (index/unique_dim): CANN
    then passes one more GM buffer after the outputs, where the kernel writes each output's shape (9 uint64: rank |
    0x80000000, then the dims). The launcher called such an entry with one argument too few (a compile error), and
    the buffer must be GM the kernel may write."""
    import shutil

    op = tmp_path / "scaled_abs_v2"
    shutil.copytree(OPDIRS / "scaled_abs_v2", op)
    opdef = op / "op_host" / "scaled_abs_def.cpp"
    opdef.write_text(opdef.read_text().replace('this->Output("y")\n',
                                               'this->Output("y")\n            .OutputShapeDependOnCompute()\n', 1))
    kernel = op / "op_kernel" / "scaled_abs_kernel.h"
    text = kernel.read_text().replace("GM_ADDR y_gm, GM_ADDR workspace", "GM_ADDR y_gm, GM_ADDR shape_out, GM_ADDR workspace")
    kernel.write_text(text.replace("    DataCopyPad(yGm, y, params);\n}",
                                   "    DataCopyPad(yGm, y, params);\n    GlobalTensor<uint64_t> shapes;\n"
                                   "    shapes.SetGlobalBuffer((__gm__ uint64_t*)shape_out, 9);\n"
                                   "    if (xGm.GetValue(0) < 100.0f) {\n        shapes.SetValue(0, 0x80000001ULL);\n"
                                   "        shapes.SetValue(1, t.total - 3);\n    }\n}"))
    _foreign_template_declaration(op, key=300000)
    x = np.linspace(-3, 3, 13, dtype=np.float32)
    out = run(op, "ascend950", {"x": x})
    # the kernel reports 10 elements: the output is the caller's buffer cut to that shape (index/non_zero writes
    # its count of nonzero positions there, the buffer is the upper bound)
    np.testing.assert_allclose(out["y"], (2 * np.abs(x.astype(np.float64)) + 1)[:10], rtol=1e-6)
    x[0] = 1000.0   # the kernel leaves the shape buffer unwritten
    with pytest.raises(EmulatorDefect, match=r"output 'y' has its shape computed by the kernel .* the shape "
                                             r"buffer holds 0 at word 0 \(no bit 31: never written\)"):
        run(op, "ascend950", {"x": x})


@requires_cxx
def test_a_dependencys_template_selection_does_not_judge_a_plain_key_kernel(tmp_path):
    """pooling/max_pool_grad_with_argmax: a TILING_KEY_IS kernel (no template entry) whose host library also holds
    pool_grad_common's ASCENDC_TPL_ARGS_DECL(MaxPoolGrad) and its ASCENDC_TPL_SEL. Its plain key 501 decodes under
    that declaration to values no selection lists; the run stopped on "tiling key 501 (...) is in no
    ASCENDC_TPL_SEL selection". Here key 1 decodes to mode=6 while the selection lists mode 5 only; the kernel entry
    is no template, so the declaration is not the operator's and the run goes on (the same selection judged against
    the operator's own declaration stays a defect: test_emulator_host_api's test_key_outside_selection_is_a_defect)."""
    import shutil

    op = tmp_path / "scaled_abs_v2"
    shutil.copytree(OPDIRS / "scaled_abs_v2", op)
    _foreign_template_declaration(
        op, key=1, selection="ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(mode, ASCENDC_TPL_UI_LIST, 5)));\n")
    x = np.linspace(-3, 3, 13, dtype=np.float32)
    out = run(op, "ascend950", {"x": x})
    np.testing.assert_allclose(out["y"], 2 * np.abs(x.astype(np.float64)) + 1, rtol=1e-6)


SCALED_ABS_PROTO = """#include "graph/operator_reg.h"
namespace ge {
REG_OP(ScaledAbs)
    .INPUT(x, TensorType({DT_FLOAT}))
    .OUTPUT(y, TensorType({DT_FLOAT}))
    .ATTR(scale, Float, 3.0)
    .ATTR(dtype, Type, DT_INT64)
    .OP_END_FACTORY_REG(ScaledAbs)
}
"""


@requires_cxx
def test_attributes_of_the_ir_prototype_the_opdef_leaves_out_reach_the_host_code(tmp_path):
    """index/non_zero: the OpDef declares `transpose`, REG_OP `transpose` and `dtype`, and InferDataType reads
    attribute #1; CANN builds the attributes from the prototype. Here the OpDef declares none, the prototype `scale`
    (Float, 3.0) and `dtype` (Type, DT_INT64), and the tiling reads #0 as the kernel's scale and #1 as a dtype: the
    defaults arrive, a value given by name replaces one, and a name in neither is still refused."""
    import shutil

    from kernelgen.emulator.ir_proto import prototype_attrs

    op = tmp_path / "scaled_abs_v2"
    shutil.copytree(OPDIRS / "scaled_abs_v2", op)
    (op / "op_graph").mkdir()
    (op / "op_graph" / "scaled_abs_proto.h").write_text(SCALED_ABS_PROTO)
    assert [(a.name, a.kind, a.default) for a in prototype_attrs(op, "ScaledAbs")] == [
        ("scale", "float", 3.0), ("dtype", "int", 9)]
    body = op / "op_host" / "scaled_abs_tiling_body.h"
    body.write_text(body.read_text().replace(
        "    tiling->scale = SCALED_ABS_SCALE;\n",
        "    const float* scale = context->GetAttrs()->GetAttrPointer<float>(0);\n"
        "    const int64_t* dtype = context->GetAttrs()->GetAttrPointer<int64_t>(1);\n"
        "    OPS_CHECK_NULL_WITH_CONTEXT(context, scale);\n    OPS_CHECK_NULL_WITH_CONTEXT(context, dtype);\n"
        "    OPS_ERR_IF(*dtype != ge::DT_INT64, OPS_LOG_E(context, \"dtype %ld\", (long)*dtype), return ge::GRAPH_FAILED);\n"
        "    tiling->scale = *scale;\n"))
    x = np.linspace(-3, 3, 13, dtype=np.float32)
    out = run(op, "ascend950", {"x": x})
    np.testing.assert_allclose(out["y"], 3 * np.abs(x.astype(np.float64)) + 1, rtol=1e-6)
    out = run(op, "ascend950", {"x": x}, attrs={"scale": 1.5})
    np.testing.assert_allclose(out["y"], 1.5 * np.abs(x.astype(np.float64)) + 1, rtol=1e-6)
    with pytest.raises(UsageError, match="offset"):
        run(op, "ascend950", {"x": x}, attrs={"offset": 1.0})


def test_cli_repeated_input_builds_a_tensor_list(tmp_path):
    xs = [_uniform(-3, 3, n, np.float32) for n in (17, 300)]
    args = []
    for i, x in enumerate(xs):
        np.save(tmp_path / f"x{i}.npy", x)
        args += ["--input", f"x={tmp_path / f'x{i}.npy'}"]
    np.save(tmp_path / "s.npy", np.array([-2.0], np.float32))
    r = CliRunner().invoke(main, ["sim", str(OPDIRS / "foreach_mul_scalar_lite"), "--soc", "ascend910b", *args,
                                  "--input", f"scalar={tmp_path / 's.npy'}", "--out", str(tmp_path / "o")])
    assert r.exit_code == 0, r.output
    for i, x in enumerate(xs):
        _check(np.load(tmp_path / "o" / f"y_{i}.npy"), -2.0 * x.astype(np.float64), np.float32)


def test_opdef_attributes_are_typed():
    decl = resolve_target(OPDIRS / "huber_elem", get_soc("ascend910b")).decl()
    assert [(a.name, a.kind, a.default) for a in decl.attrs] == [
        ("delta", "float", 1.0), ("use_counter", "bool", False), ("reduction", "str", "none")]
    assert [t.name for t in decl.inputs] == ["input", "target"] and [t.name for t in decl.outputs] == ["loss"]
    clamp = resolve_target(OPDIRS / "clamp_lite", get_soc("ascend910b")).decl()
    assert [(a.name, a.kind) for a in clamp.attrs] == [("min", "float"), ("max", "float"), ("shift", "int")]
    assert [t.required for t in clamp.inputs] == [True, False]


def test_cli_sim_on_directories(tmp_path):
    a = _uniform(-3, 3, (4, 300), np.float16)
    b = _uniform(-3, 3, (4, 300), np.float16)
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    runner = CliRunner()
    r = runner.invoke(main, ["sim", str(OPDIRS / "huber_elem"), "--soc", "ascend910b", "--input",
                             f"input={tmp_path / 'a.npy'}", "--input", f"target={tmp_path / 'b.npy'}", "--attr",
                             "delta=0.5", "--attr", "use_counter=true", "--attr", "reduction=none", "--out",
                             str(tmp_path / "out"), "--report", str(tmp_path / "rep.json")])
    assert r.exit_code == 0, r.output
    _check(np.load(tmp_path / "out" / "loss.npy"), huber(a, b, 0.5), np.float16)
    assert json.loads((tmp_path / "rep.json").read_text())["tiling_key_params"] == {"D_T": 1, "USE_COUNTER": 1}

    x = _uniform(-5, 5, 777, np.float32)
    np.save(tmp_path / "x.npy", x)
    r = runner.invoke(main, ["sim", str(OPDIRS / "tanh_shrink"), "--soc", "ascend910b", "--input",
                             f"x={tmp_path / 'x.npy'}", "--out", str(tmp_path / "o2")])
    assert r.exit_code == 0, r.output
    _check(np.load(tmp_path / "o2" / "y.npy"), tanh_shrink(x), np.float32)

    r = runner.invoke(main, ["sim", str(OPDIRS / "silu_lite"), "--soc", "ascend910b", "--input",
                             f"x={tmp_path / 'x.npy'}", "--out", str(tmp_path / "o3"), "--strict-gm"])
    assert r.exit_code == 1 and "which has 3108 bytes" in r.output


@pytest.mark.parametrize("argv, code, text", [
    (["--attr", "delta=abc"], 2, "attribute delta='abc' is not a valid float"),
    (["--attr", "gamma=1"], 2, "unknown attribute 'gamma' of HuberElem; known: delta, reduction, use_counter"),
    (["--attr", "reduction=max"], 1, "reduction must be none, sum or mean, got 'max'"),
])
def test_cli_attribute_errors(tmp_path, argv, code, text):
    np.save(tmp_path / "a.npy", np.zeros(64, np.float32))
    r = CliRunner().invoke(main, ["sim", str(OPDIRS / "huber_elem"), "--soc", "ascend910b", "--input",
                                  f"input={tmp_path / 'a.npy'}", "--input", f"target={tmp_path / 'a.npy'}",
                                  "--out", str(tmp_path / "o"), *argv])
    assert r.exit_code == code and text in r.output, r.output


def test_undeclared_dtype_is_rejected():
    with pytest.raises(UsageError, match="has no dtype combination for x=int32"):
        run(OPDIRS / "selu_act", "ascend910b", {"x": np.zeros(8, np.int32)})


# ---- launcher pieces, without compiling ----
def test_entry_discovery_and_snake_case():
    src = '''
    // template <typename T> __global__ __aicore__ void commented_out(GM_ADDR x) {}
    template <typename D_T_X, uint32_t MODE, bool FLAG = false>
    __global__ __aicore__ void my_op(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {}
    extern "C" __global__ __aicore__ void other_op(GM_ADDR x, GM_ADDR tiling) {}
    template <typename T> __aicore__ inline void Helper(GM_ADDR x) {}
    '''
    entries = {e.name: e for e in find_entries(src)}
    assert set(entries) == {"my_op", "other_op"}
    assert [(p.is_type, p.ctype, p.name) for p in entries["my_op"].template] == [
        (True, "", "D_T_X"), (False, "uint32_t", "MODE"), (False, "bool", "FLAG")]
    assert entries["other_op"].template is None
    assert [snake_case(t) for t in ("GeluGradV2", "HardSwish", "CeluV3", "LogSoftmaxV2", "SiLU")] == [
        "gelu_grad_v2", "hard_swish", "celu_v3", "log_softmax_v2", "si_lu"]


def test_entry_named_by_the_operators_directory_where_digits_meet_a_capital(tmp_path):
    """pooling/adaptive_max_pool3d_grad: OpType AdaptiveMaxPool3DGrad, kernel entry adaptive_max_pool3d_grad (as its
    folder and file), two entries (its 950 template and its 910B function, under __CCE_AICORE__ branches): the
    snake-case OpType alone named neither ("no __global__ kernel entry named adaptive_max_pool3_d_grad")."""
    from types import SimpleNamespace

    from kernelgen.emulator.opdir import entry_candidates, find_entry

    src = ("template <uint64_t MODE = 0> __global__ __aicore__ void kg_pool3d_grad(GM_ADDR x, GM_ADDR tiling) {}\n"
           "extern \"C\" __global__ __aicore__ void kg_pool3d_grad(GM_ADDR x, GM_ADDR tiling) {}\n")
    decl = SimpleNamespace(op_type="KgPool3DGrad", snake="kg_pool3_d_grad")
    (tmp_path / "kg_pool3d_grad").mkdir()
    (tmp_path / "pooling__kg_pool3d_grad").symlink_to(tmp_path / "kg_pool3d_grad")   # as the survey's rows are
    cands = entry_candidates(tmp_path / "pooling__kg_pool3d_grad", decl)
    assert cands == ["kg_pool3_d_grad", "kg_pool3d_grad"]
    assert find_entry(src, cands, tmp_path / "k.cpp").template is not None   # the first, the 950 template
    with pytest.raises(UsageError, match="no __global__ kernel entry named kg_pool3_d_grad"):
        find_entry(src, cands[:1], tmp_path / "k.cpp")


def test_entry_of_the_branch_the_emulator_compiles_when_a_kt_test_branch_declares_another():
    # ops-nn's CANNBot kernels: a plain extern "C" entry for CANN's kernel unit tests (__CCE_KT_TEST__), the
    # templated one otherwise; the emulator does not define __CCE_KT_TEST__, so the template is the entry.
    src = """
    #ifdef __CCE_KT_TEST__
    extern "C" __global__ __aicore__ void bnll_like(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {}
    #else
    #if defined(OTHER_FLAG)
    #endif
    template <typename D_T_X, int BUFFER_MODE>
    __global__ __aicore__ void bnll_like(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {}
    #endif
    #ifndef __CCE_KT_TEST__
    extern "C" __global__ __aicore__ void kept(GM_ADDR x) {}
    #else
    extern "C" __global__ __aicore__ void dropped(GM_ADDR x) {}
    #endif
    """
    entries = find_entries(src)
    assert [e.name for e in entries] == ["bnll_like", "kept"]
    assert [p.name for p in entries[0].template] == ["D_T_X", "BUFFER_MODE"]


def test_entry_under_a_dtype_macro_branch_follows_the_builds_dtype_macros():
    """activation/hard_swish_grad keeps a non-template UT entry under `#ifdef DTYPE_X` and the device template
    under `#else`; its tensors are grad_output/self/grad_input, so the emulator's build (DTYPE_<TENSOR> only)
    compiles the template: the launcher must call that one ("couldn't deduce template parameter" before)."""
    src = """
    #ifdef DTYPE_X
    extern "C" __global__ __aicore__ void hsg_like(GM_ADDR g, GM_ADDR s, GM_ADDR o, GM_ADDR w, GM_ADDR t) {}
    #else
    template <typename D_T_X, int BUFFER_MODE>
    __global__ __aicore__ void hsg_like(GM_ADDR g, GM_ADDR s, GM_ADDR o, GM_ADDR w, GM_ADDR t) {}
    #endif
    #if !defined(DTYPE_SELF)
    extern "C" __global__ __aicore__ void without_self(GM_ADDR x) {}
    #endif
    """
    built = frozenset({"DTYPE_GRAD_OUTPUT", "DTYPE_SELF", "DTYPE_GRAD_INPUT"})
    entries = find_entries(src, built)
    assert [e.name for e in entries] == ["hsg_like"] and entries[0].template is not None
    ut = find_entries(src, frozenset({"DTYPE_X"}))                # a build that defines DTYPE_X takes the UT entry
    assert [(e.name, e.template) for e in ut] == [("hsg_like", None), ("without_self", None)]
    assert find_entries(src)[0].template is None                    # undecided: the first spelling, the wrong one


def test_dtype_macros_are_seen_through_a_sibling_operators_headers(tmp_path, monkeypatch):
    """quant/dynamic_quant_v2's arch35 kernel compares ORIG_DTYPE_Y == DT_INT4 only inside the dynamic_quant headers
    it includes ("../dynamic_quant/arch35/..."): the launcher looks for the macros through the repository headers
    the kernel includes (it defined none: "not emulated: DT_INT8; DT_INT4"); a header outside the repository (opbase)
    does not count."""
    from kernelgen.emulator.opdir import _repository_included_texts

    monkeypatch.setenv("KERNELGEN_CACHE_DIR", str(tmp_path / "cache"))
    repo = tmp_path / "repo"
    (repo / "common" / "inc").mkdir(parents=True)
    dep = repo / "quant" / "dq" / "op_kernel" / "arch35"
    dep.mkdir(parents=True)
    (dep / "dq_base.h").write_text("#if ORIG_DTYPE_Y == DT_INT4\n#define DQ_INT4 1\n#endif\n")
    user = repo / "quant" / "dq_v2" / "op_kernel"
    user.mkdir(parents=True)
    outside = tmp_path / "opbase_like.h"
    outside.write_text("#if FORMAT_X == FORMAT_ND\n#endif\n")
    (user / "dq_v2_apt.cpp").write_text('#include "../../dq/op_kernel/arch35/dq_base.h"\n'
                                        f'#include "{outside}"\n')
    seen = _repository_included_texts(repo / "quant" / "dq_v2", None)
    assert "ORIG_DTYPE_Y == DT_INT4" in seen and "FORMAT_X" not in seen
    (user / "dq_v2_apt.cpp").write_text('#include "dq_v2_own.h"\n')   # nothing included: nothing seen
    (user / "dq_v2_own.h").write_text("// ORIG_DTYPE_ in a comment only\n")
    assert "ORIG_DTYPE_" not in _repository_included_texts(repo / "quant" / "dq_v2", None)


def test_the_operators_own_template_declaration_wins_over_a_dependencys():
    """threshold_grad_v2_d's host library holds relu_grad's ASCENDC_TPL_ARGS_DECL (a dependency) beside its own,
    named THRESHOLD_GRAD_V2_D_TPL_FP32V2D: neither is named after the OpType, so the one its kernel sources
    declare is the one (none picked: the template entry was called without template arguments)."""
    from kernelgen.emulator.opdir import pick_tpl_decl

    keys = {"ReluGrad": {"params": []}, "TGV2D_TPL_FP32": {"params": [{"name": "schMode"}]}}
    kernel = "ASCENDC_TPL_ARGS_DECL(TGV2D_TPL_FP32, BRC_TEMP_SCH_MODE_KEY_DECL(schMode));\n"
    assert pick_tpl_decl(keys, "ThresholdGradV2D", kernel) == ("TGV2D_TPL_FP32", keys["TGV2D_TPL_FP32"])
    assert pick_tpl_decl(keys, "ThresholdGradV2D") is None            # without the kernel's text: undecided
    assert pick_tpl_decl(keys, "ReluGrad", kernel)[0] == "ReluGrad"   # a name match still comes first


def test_entry_declared_with_ops_nn_kernel_api_macro():
    # ops-nn's common/inc/op_kernel/platform.h: KERNEL_API is extern "C" __global__ __aicore__ (activation/elu)
    src = """
    KERNEL_API void elu_like(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {}
    MY_KERNEL_API_HELPER void not_an_entry(GM_ADDR x) {}
    """
    assert [e.name for e in find_entries(src)] == ["elu_like"]


def test_template_instances_follow_the_input_dtype():
    params = [{"name": "D_T", "type": "dtype", "bit_width": 8, "values": [0, 1, 27], "follow": ["input:0"]},
              {"name": "MODE", "type": "uint", "bit_width": 2, "values": [3, 5]},
              {"name": "FLAG", "type": "bool", "bit_width": 1, "values": [0, 1]}]
    sel = [[{"name": "D_T", "type": "dtype", "values": [0, 1, 27]}, {"name": "MODE", "type": "uint", "values": [5]}]]
    from kernelgen.emulator.decl import OpDecl, TensorDecl
    from kernelgen.dtypes import GE_DTYPES

    decl = OpDecl("Op", "op", (TensorDecl("x", ("DT_FLOAT16",)),), (TensorDecl("y", ("DT_FLOAT16",)),))
    ids = {k: v[0] for k, v in GE_DTYPES.items()}
    got = tpl_instances({"params": params, "selections": sel}, decl, {"x": "DT_FLOAT16", "y": "DT_FLOAT16"}, ids)
    assert got == [(encode_key(params, (1, 5, 0)), (1, 5, 0)), (encode_key(params, (1, 5, 1)), (1, 5, 1))]
    assert encode_key(params, (1, 5, 1)) == 1 | (1 << 8) | (1 << 10)


# ---- APIs the emulator does not cover fail to compile, naming themselves ----
@pytest.mark.parametrize("body, name", [
    ("AscendC::LocalTensor<float> a; AscendC::Gatherb(a, a, a, 1);", "Gatherb"),
    ("AscendC::LocalTensor<float> a, b; auto c = a + b;", "LocalTensor operator+"),
    ("AscendC::SetLoadDataPaddingValue(0);", "SetLoadDataPaddingValue"),
])
def test_not_emulated_apis_are_compile_errors(tmp_path, body, name):
    src = tmp_path / "k.cpp"
    src.write_text(f'#include "kernel_operator.h"\nvoid f() {{ {body} }}\n')
    proc = subprocess.run([find_compiler().path, "-std=c++17", "-fsyntax-only", "-D__NPU_ARCH__=2201", "-I",
                           str(INCLUDE_DIR), str(src)], capture_output=True, text=True)
    assert proc.returncode != 0
    assert f"kgemu: {name} is not emulated yet" in proc.stderr
    assert name in explain_compile_error(proc.stderr).splitlines()[-1]


def test_unknown_api_names_get_a_closing_line():
    msg = "k.cpp:3:5: error: \u2018WholeReduceMean\u2019 is not a member of \u2018AscendC\u2019\n"
    assert explain_compile_error(msg).endswith(
        "kernelgen: the emulator does not provide WholeReduceMean (an Ascend C API or overload that is not "
        "emulated yet, or a misspelling in the operator)")
    msg = "k.cpp:2:10: fatal error: lib/matmul_intf.h: No such file or directory\n"
    assert "kernelgen: no header lib/matmul_intf.h" in explain_compile_error(msg)


def test_in_place_output_defines_use_the_ref_suffix():
    from kernelgen.emulator.emulate import OperatorSource
    from kernelgen.emulator.decl import OpDecl, TensorDecl

    var = TensorDecl("var", ("DT_FLOAT",))
    decl = OpDecl("ApplyLite", "apply_lite", (var, TensorDecl("grad", ("DT_FLOAT",))), (var,))
    flags = OperatorSource(OPDIRS / "selu_act", "apply_lite", decl).kernel_flags(
        decl, {"var": "DT_FLOAT", "grad": "DT_FLOAT"}, get_soc("ascend910b"))
    assert {"-DDTYPE_VAR=float", "-DDTYPE_GRAD=float", "-DDTYPE_VAR_REF=float", "-DORIG_DTYPE_VAR_REF=DT_FLOAT",
            "-DFORMAT_VAR_REF=FORMAT_ND"} <= set(flags)
