"""Operators of CANN repositories other than ops-nn in the same layout (hicann/ops-math): the CANN opbase host
headers they include and the asc-devkit kernel header paths, on a miniature written here (tests/opdirs/
front_sin_lite, the patterns the ops-math survey showed), and the recipe entries for ops-math operators whose OpDef
cannot tell their inputs.
"""
from __future__ import annotations

import subprocess

import numpy as np
import pytest

from kernelgen.corpus.inputs import load_recipes, pick_survey_combo
from kernelgen.emulator import INCLUDE_DIR
from kernelgen.emulator.emulate import run, run_source
from kernelgen.emulator.decl import AttrDecl, OpDecl, TensorDecl, expand_dtype_lists, list_output_count
from kernelgen.errors import KernelgenError
from kernelgen.toolchain import find_compiler

from conftest import requires_cxx
from test_corpus import OPDIRS

FRONT = OPDIRS / "front_sin_lite"
HOST_STAND_INS = ["op_host/tiling_base_util.h", "op_host/tiling_util.h", "exe_graph/runtime/infer_shape_range_context.h",
                  "runtime/infer_shape_range_context.h", "op_common/op_host/util/opbase_export.h", "util/const_util.h",
                  "op_host/tiling_base_class.h", "infershape_reduce_util.h", "op_common/op_host/infershape_reduce_util.h"]
KERNEL_PATHS = ["basic_api/kernel_operator_list_tensor_intf.h", "adv_api/math/sin.h", "adv_api/math/cos.h",
                "adv_api/math/asin.h", "adv_api/math/asinh.h", "adv_api/math/sign.h", "lib/math/sin.h",
                "lib/math/cos.h"] + [f"lib/math/kernel_operator_{api}_intf.h"  # foreach's kernels (CANN 8.x names)
                                     for api in ("acos", "asin", "atan", "cos", "erf", "log", "power", "sin", "sinh",
                                                 "tan", "tanh")] + [
                    "lib/sigmoid/kernel_operator_sigmoid_intf.h", "adv_api/sort/sort.h"]


@requires_cxx
@pytest.mark.parametrize("headers", [HOST_STAND_INS, KERNEL_PATHS], ids=["host", "kernel"])
def test_opbase_and_asc_devkit_headers_compile_alone(tmp_path, headers):
    src = tmp_path / "all.cpp"
    src.write_text("".join(f'#include "{h}"\n#include "{h}"\n' for h in headers))
    res = subprocess.run([find_compiler().path, "-std=c++17", "-fsyntax-only", "-I", str(INCLUDE_DIR), str(src)],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


@pytest.fixture(scope="module")
def front():
    x = np.linspace(-3, 3, 37, dtype=np.float32)
    return x, {soc: run(FRONT, soc, {"x": x, "size": np.array([2, 5], np.int32)}, return_report=True)
               for soc in ("ascend910b", "ascend950")}


@requires_cxx
@pytest.mark.parametrize("soc", ["ascend910b", "ascend950"])
def test_ops_math_style_operator_runs_on_both_socs(front, soc):
    x, runs = front
    out, rep = runs[soc]
    assert out["y"].shape == (2, 5)  # GetValueToShape: the values of `size` are y's dims
    np.testing.assert_allclose(out["y"].ravel(), np.sin(x[:10].astype(np.float64)), rtol=1e-5, atol=1e-6)
    assert rep["output_rules"] == ["y: infershape"]


@requires_cxx
def test_tiling_refuses_a_size_larger_than_x():
    with pytest.raises(KernelgenError, match="size asks for 40 elements, x has 37"):
        run(FRONT, "ascend910b", {"x": np.zeros(37, np.float32), "size": np.array([4, 10], np.int32)})


REDUCE_PROGRAM = r"""
#include "infershape_reduce_util.h"
#include <cstdio>
int main() {
    gert::Shape x{4, 37, 5}, out;
    const int32_t axes[] = {-1, 0};
    Ops::Base::ReduceDimsWithKeepDims<int32_t>(&x, axes, 2, &out);
    std::printf("keep %s\n", Ops::Base::ToString(out).c_str());
    Ops::Base::ReduceDimsWithoutKeepDims<int32_t>(&x, axes, 2, &out);
    std::printf("drop %s\n", Ops::Base::ToString(out).c_str());
    const int64_t bad[] = {3};
    std::printf("axis 3 fails %d\n", Ops::Base::ReduceDimsWithoutKeepDims<int64_t>(&x, bad, 1, &out) == ge::GRAPH_FAILED);
}
"""


@requires_cxx
def test_opbase_reduce_dims_keep_or_drop_the_axes(tmp_path):
    src, exe = tmp_path / "reduce.cpp", tmp_path / "reduce"
    src.write_text(REDUCE_PROGRAM)
    build = subprocess.run([find_compiler().path, "-std=c++17", "-I", str(INCLUDE_DIR), str(src), "-o", str(exe)],
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    res = subprocess.run([str(exe)], capture_output=True, text=True)
    assert res.stdout.splitlines() == ["keep [1, 37, 1]", "drop [37]", "axis 3 fails 1"]


@requires_cxx
def test_kernel_assertion_fails_the_block_with_its_message():
    with pytest.raises(KernelgenError, match=r"Assertion `t.totalNum > 0' failed at .*front_sin_lite.cpp:\d+: "
                                             r"FrontSinLite: empty output \(0 elements\)"):
        run(FRONT, "ascend910b", {"x": np.zeros(37, np.float32), "size": np.array([0], np.int32)})


def test_datatype_lists_combine_with_every_column():
    """LinSpaceD's OpDef (ops-math): start and end are DataTypeLists of several dtypes, num and z lists of one."""
    items = [{"name": "start", "dtypes": ["DT_FLOAT16", "DT_FLOAT", "DT_INT32"], "dtype_is_list": True},
             {"name": "end", "dtypes": ["DT_FLOAT16", "DT_FLOAT", "DT_INT32"], "dtype_is_list": True},
             {"name": "num", "dtypes": ["DT_INT64"], "dtype_is_list": True},
             {"name": "z", "dtypes": ["DT_FLOAT"], "dtype_is_list": True}]
    cols = expand_dtype_lists(items)
    assert {len(v) for v in cols.values()} == {9}
    assert sorted(zip(cols["start"], cols["end"])) == sorted((a, b) for a in items[0]["dtypes"]
                                                             for b in items[1]["dtypes"])
    assert set(cols["num"]) == {"DT_INT64"} and set(cols["z"]) == {"DT_FLOAT"}
    # columns (DataType) stay columns; a list beside them multiplies them
    mixed = expand_dtype_lists([{"name": "x", "dtypes": ["DT_FLOAT16", "DT_FLOAT"]},
                                {"name": "y", "dtypes": ["DT_FLOAT16", "DT_FLOAT"]},
                                {"name": "k", "dtypes": ["DT_INT32", "DT_INT64"], "dtype_is_list": True}])
    assert list(zip(mixed["x"], mixed["y"], mixed["k"])) == [
        ("DT_FLOAT16", "DT_FLOAT16", "DT_INT32"), ("DT_FLOAT16", "DT_FLOAT16", "DT_INT64"),
        ("DT_FLOAT", "DT_FLOAT", "DT_INT32"), ("DT_FLOAT", "DT_FLOAT", "DT_INT64")]
    decl = OpDecl("LinSpaceD", "lin_space_d", tuple(TensorDecl(n, cols[n]) for n in ("start", "end", "num")),
                  (TensorDecl("z", cols["z"]),))
    combo = pick_survey_combo(decl, "ascend910b", load_recipes()["defaults"])
    assert (combo["start"], combo["end"]) == ("DT_FLOAT", "DT_FLOAT")  # not float32 with float16


@requires_cxx
def test_list_output_counted_by_num_split():
    x = np.arange(6 * 5, dtype=np.float32).reshape(6, 5)
    out, rep = run(OPDIRS / "split_rows_lite", "ascend910b", {"x": x}, attrs={"num_split": 3}, return_report=True)
    assert [a.shape for a in out["y"]] == [(2, 5)] * 3
    for got, want in zip(out["y"], np.split(x, 3)):
        np.testing.assert_array_equal(got, want)


def test_list_output_count_follows_the_count_attribute():
    x, y = TensorDecl("x", ("DT_FLOAT",)), TensorDecl("y", ("DT_FLOAT",), dynamic=True)
    split = OpDecl("SplitRowsLite", "split_rows_lite", (x,), (y,), (AttrDecl("num_split", "int", 2),))
    assert list_output_count(split, {}) == 2             # the attribute's default
    assert list_output_count(split, {"num_split": 5}) == 5
    assert list_output_count(split, {"num_split": 0}) == 1  # not a count
    other = OpDecl("Other", "other", (x,), (y,), (AttrDecl("axis", "int", 3),))
    assert list_output_count(other, {"axis": 3}) == 1     # only the count attributes count


@requires_cxx
def test_a_tensor_named_end_does_not_shadow_the_format_enum(tmp_path):
    """A kernel build defines FORMAT_<TENSOR>=FORMAT_ND per tensor; LinSpaceD (ops-math) has an input `end`."""
    src = tmp_path / "end.cpp"
    src.write_text('#include "graph/types.h"\n'
                   'static_assert(ge::FORMAT_ND == 2 && ge::FORMAT_MAX == 0xff, "the enum is whole");\n'
                   'using namespace ge;\n'
                   'static_assert(FORMAT_END == FORMAT_ND, "the tensor macro is back after the header");\n')
    cmd = [find_compiler().path, "-std=c++17", "-fsyntax-only", "-I", str(INCLUDE_DIR), str(src)]
    res = subprocess.run(cmd[:3] + ["-DFORMAT_END=FORMAT_ND"] + cmd[3:], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


@requires_cxx
def test_an_output_of_unknown_length_takes_the_callers_shape():
    """Arange/Bincount (ops-math): infershape leaves the length -1 and the aclnn caller allocates the output; the
    recipe's out_shapes plays the caller. Without it the run is refused, naming the output."""
    from kernelgen.emulator.emulate import resolve_target, resolve_user_target
    from kernelgen.socs import resolve_soc

    soc = resolve_soc("ascend910b")
    source = resolve_target(resolve_user_target(FRONT), soc)
    x = np.linspace(-1, 1, 37, dtype=np.float32)
    inputs = {"x": x, "size": np.array([-1], np.int32)}
    with pytest.raises(KernelgenError, match=r"output y the shape \[-1\], with unknown \(-1\) dims"):
        run_source(source, soc, inputs)
    res = run_source(source, soc, inputs, out_shapes={"y": [5]})
    np.testing.assert_allclose(res.outputs["y"], np.sin(x[:5].astype(np.float64)), rtol=1e-5, atol=1e-6)
    assert res.report["output_rules"] == ["y: the caller's shape [5] (infershape gave [-1])"]
