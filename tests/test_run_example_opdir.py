"""aclnn as documented, and `kernelgen run-example OP_DIR`: an operator directory's own example, unmodified.

The generated-API tests are pure Python (a hand-written OpDecl); the programs are the miniature operator
directories under tests/opdirs with their own examples/test_aclnn_<op>.cpp (ACLNNTYPE aclnn: no op_api sources,
so the API is generated from the OpDef as CANN's build would), each compiled once.
"""
from __future__ import annotations

import re
import shutil

import pytest
from click.testing import CliRunner

from kernelgen.authoring.ops import get_spec
from kernelgen.authoring.render import render_tree, resolve_socs
from kernelgen.cli import main
from kernelgen.emulator.aclnn_gen import api_of, header_text
from kernelgen.emulator.decl import AttrDecl, OpDecl, TensorDecl

from conftest import REPO, requires_cxx

OPDIRS = REPO / "tests" / "opdirs"
CPP = REPO / "tests" / "examples_cpp"


def cli(args):
    return CliRunner().invoke(main, [str(a) for a in args])


def no_cann(monkeypatch):
    for var in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME", "KERNELGEN_OPS_NN"):
        monkeypatch.delenv(var, raising=False)


# ---- kernelgen's own operators: the documented prototypes ---------------------------------------------------
def _header(op: str, name: str) -> str:
    spec = get_spec(op)
    return render_tree(spec, resolve_socs(spec, None))[f"op_host/op_api/{name}.h"]


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_gelu_backward_header_is_the_documented_prototype():
    text = _flat(_header("gelu_grad", "aclnn_gelu_backward"))
    assert ("aclnnGeluBackwardGetWorkspaceSize( const aclTensor* gradOutput, const aclTensor* self, "
            "const aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor);") in text
    assert ("aclnnGeluBackward( void* workspace, uint64_t workspace_size, aclOpExecutor* executor, "
            "const aclrtStream stream);") in text
    assert "aclTensor* gradInput" not in text.replace("const aclTensor* gradInput", "")


def test_gelu_backward_v2_header_is_its_documented_prototype():
    # docs/aclnnGeluBackwardV2.md: char *approximate and a non-const aclTensor *gradInput
    text = _flat(_header("gelu_grad_v2", "aclnn_gelu_backward_v2"))
    assert ("aclnnGeluBackwardV2GetWorkspaceSize( const aclTensor* gradOutput, const aclTensor* self, "
            "char* approximate, aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor);") in text
    assert "const aclrtStream stream);" in text


@requires_cxx
@pytest.mark.parametrize("op, program", [("gelu_grad", "documented_prototype.cpp"),
                                         ("gelu_grad_v2", "documented_prototype_v2.cpp")])
def test_a_client_of_the_documented_prototype_compiles_and_passes(op, program, monkeypatch):
    no_cann(monkeypatch)
    res = cli(["run-example", op, "--example", CPP / program, "--backend", "emu"])
    assert res.exit_code == 0, res.output
    assert "0 check(s) failed" in res.output and "FAIL:" not in res.output


# ---- the API CANN's build generates from an OpDef -------------------------------------------------------------
def _decl(inputs, outputs, attrs=()):
    return OpDecl("FooBar", "foo_bar", tuple(inputs), tuple(outputs), tuple(attrs))


def test_generated_api_follows_opbuild_conventions():
    decl = _decl([TensorDecl("x", ("DT_FLOAT",)), TensorDecl("bias", ("DT_FLOAT",), required=False),
                  TensorDecl("xs", ("DT_FLOAT",), dynamic=True)],
                 [TensorDecl("y", ("DT_FLOAT",)), TensorDecl("out", ("DT_FLOAT",))],
                 [AttrDecl("alpha", "float", 1.0, True), AttrDecl("axes", "list_int", None, True),
                  AttrDecl("mode", "str", "none", False), AttrDecl("keep", "bool", False, False),
                  AttrDecl("n", "int", 0, False), AttrDecl("w", "list_float", None, False),
                  AttrDecl("m", "list_bool", None, True)])
    api = api_of(decl)
    assert api.name == "aclnnFooBar" and api.header == "aclnn_foo_bar"
    assert api.prototype() == (
        "aclnnStatus aclnnFooBarGetWorkspaceSize(const aclTensor *x, const aclTensor *biasOptional, "
        "const aclTensorList *xs, double alpha, const aclIntArray *axes, char *modeOptional, bool keep, int64_t n, "
        "const aclFloatArray *wOptional, const aclBoolArray *m, const aclTensor *yOut, const aclTensor *outOut, "
        "uint64_t *workspaceSize, aclOpExecutor **executor)")
    header = header_text(api)
    assert '#include "aclnn/acl_meta.h"' in header
    assert "aclnnStatus aclnnFooBar(\n    void *workspace,\n    uint64_t workspaceSize,\n    aclOpExecutor *executor,\n" \
           "    aclrtStream stream);" in header
    assert " * biasOptional : optional\n" in header and " * xs : dynamic\n" in header


def test_generated_api_inplace_output_is_one_ref_parameter_and_inner_type():
    decl = _decl([TensorDecl("var", ("DT_FLOAT",)), TensorDecl("grad", ("DT_FLOAT",))],
                 [TensorDecl("var", ("DT_FLOAT",))], [AttrDecl("lr", "float", 0.1, True)])
    api = api_of(decl, "aclnn_inner")
    assert api.name == "aclnnInnerFooBar" and api.header == "aclnn_inner_foo_bar"
    assert [p.decl for p in api.params] == ["aclTensor *varRef", "const aclTensor *grad", "double lr"]


def test_generated_api_of_an_opdef_without_tensors_has_one_empty_combination():
    from kernelgen.emulator.aclnn_gen import source_text
    from kernelgen.errors import UsageError

    decl = _decl([], [], [AttrDecl("cycles", "int", None, True)])   # a Sleep: attributes only
    api = api_of(decl)
    assert api.prototype() == ("aclnnStatus aclnnFooBarGetWorkspaceSize(int64_t cycles, uint64_t *workspaceSize, "
                               "aclOpExecutor **executor)")
    text = source_text(api, decl, {}, "ascend910b")
    assert "const int32_t kCombos[] = {\n    0, 0};" in text
    assert "constexpr size_t kCount = 1;" in text and "constexpr size_t kSlots = 0;" in text
    with pytest.raises(UsageError, match="declares no dtype for its tensors"):   # tensors, but no dtypes
        source_text(api_of(_decl([TensorDecl("x", ())], [])), _decl([TensorDecl("x", ())], []), {}, "ascend910b")


def test_generated_api_rejects_an_unmapped_attribute_type():
    from kernelgen.errors import UsageError

    with pytest.raises(UsageError, match="attribute t has type list_list_int"):
        api_of(_decl([TensorDecl("x", ("DT_FLOAT",))], [TensorDecl("y", ("DT_FLOAT",))],
                     [AttrDecl("t", "list_list_int")]))


def test_generated_api_takes_a_value_depend_input_as_an_array():
    # the OpDef's ValueDepend documentation: integer dtypes -> aclIntArray, DT_FLOAT -> aclFloatArray, DT_BOOL ->
    # aclBoolArray; other mixes are not allowed there, and stay tensors here
    from kernelgen.emulator.aclnn_gen import source_text

    two = ("DT_FLOAT", "DT_FLOAT16")
    decl = _decl([TensorDecl("shape", ("DT_INT64", "DT_INT32"), value_depend=True),
                  TensorDecl("scales", ("DT_FLOAT", "DT_FLOAT"), value_depend=True),
                  TensorDecl("mask", ("DT_BOOL", "DT_BOOL"), required=False, value_depend=True),
                  TensorDecl("mixed", ("DT_FLOAT", "DT_INT64"), value_depend=True), TensorDecl("x", two)],
                 [TensorDecl("y", two)])
    api = api_of(decl)
    assert [p.decl for p in api.params] == ["const aclIntArray *shape", "const aclFloatArray *scales",
                                            "const aclBoolArray *maskOptional", "const aclTensor *mixed",
                                            "const aclTensor *x", "const aclTensor *y"]
    doc = {k: [{"name": t.name, "dtypes": list(t.dtypes)} for t in ts] for k, ts in (("inputs", decl.inputs),
                                                                                      ("outputs", decl.outputs))}
    text = source_text(api, decl, doc, "ascend910b")
    assert 'api.Input("shape", shape, false);' in text and 'api.Input("mask", maskOptional, true);' in text


def test_kernels_for_a_tensor_the_directorys_own_op_api_casts():
    # nll_loss_grad's pattern: the example passes an int64 target, its op_api casts it to int32 before launching
    from kernelgen.emulator.opdir_example import example_combos
    from kernelgen.socs import get_soc

    decl = _decl([TensorDecl("x", ("DT_FLOAT", "DT_FLOAT", "DT_FLOAT16", "DT_FLOAT16")),
                  TensorDecl("target", ("DT_INT64", "DT_INT32", "DT_INT64", "DT_INT32"))],
                 [TensorDecl("y", ("DT_FLOAT", "DT_FLOAT", "DT_FLOAT16", "DT_FLOAT16"))])
    soc = get_soc("ascend910b")
    example = "aclCreateTensor(..., ACL_FLOAT, ...); aclCreateTensor(..., ACL_INT64, ...);"
    f32_i64 = {"x": "DT_FLOAT", "target": "DT_INT64", "y": "DT_FLOAT"}
    f32_i32 = {"x": "DT_FLOAT", "target": "DT_INT32", "y": "DT_FLOAT"}
    assert example_combos(decl, soc, example) == [f32_i64]                      # generated API: no casts
    # the half rows differ in two tensors from what the example asks for: not a cast of one tensor
    assert example_combos(decl, soc, example, "Cast(target, op::DataType::DT_INT32); DT_FLOAT16") == [f32_i64, f32_i32]
    assert example_combos(decl, soc, example, "Cast(target, op::DataType::DT_UINT8)") == [f32_i64]


def test_an_example_needing_an_api_cann_does_not_generate_is_the_directorys_defect(tmp_path):
    # sync_batch_norm_backward_reduce's pattern: ACLNNTYPE aclnn_exclude, and an example that includes
    # aclnn_<op>.h all the same
    from kernelgen.emulator.opdir_example import check_excluded_api
    from kernelgen.errors import UsageError

    decl = _decl([TensorDecl("x", ("DT_FLOAT",))], [TensorDecl("y", ("DT_FLOAT",))])
    example = tmp_path / "test_aclnn_foo_bar.cpp"
    example.write_text('#include "acl/acl.h"\n#include "aclnnop/aclnn_foo_bar.h"\nint main() { return 0; }\n')
    with pytest.raises(UsageError, match=r"test_aclnn_foo_bar.cpp includes aclnn_foo_bar.h, which CANN's build "
                                         r"does not generate for foo_bar: its CMakeLists.txt says ACLNNTYPE "
                                         r"aclnn_exclude"):
        check_excluded_api(tmp_path / "foo_bar", decl, example)
    # ... also when op_api sources of its own declare other APIs (aclnn_batch_norm_backward_reduce.h there)
    (tmp_path / "foo_bar" / "op_api").mkdir(parents=True)
    (tmp_path / "foo_bar" / "op_api" / "aclnn_foo.h").write_text("")
    (tmp_path / "foo_bar" / "op_api" / "aclnn_foo.cpp").write_text("")
    with pytest.raises(UsageError, match=r"aclnn_exclude \(no aclnn API is generated from the OpDef\) and its "
                                         r"op_api sources declare only aclnn_foo.h, so the example cannot build"):
        check_excluded_api(tmp_path / "foo_bar", decl, example)
    (tmp_path / "foo_bar" / "op_api" / "aclnn_foo_bar.h").write_text("")        # now they declare it
    check_excluded_api(tmp_path / "foo_bar", decl, example)
    example.write_text('#include "acl/acl.h"\nint main() { return 0; }\n')
    check_excluded_api(tmp_path / "foo", decl, example)                         # no such include: nothing to say


# ---- run-example OP_DIR ----------------------------------------------------------------------------------------
@requires_cxx
@pytest.mark.parametrize("op, expect", [
    ("poly_lite", ["aclnnPolyLite result[7] is: 11.500000"]),                 # a list_float attribute
    ("clamp_lite", ["aclnnClampLite attrs result[0] is: -0.250000",           # OPTIONAL input given as nullptr
                    "aclnnClampLite bounds result[0] is: -2.000000"]),        # ... and given
    ("foreach_mul_scalar_lite", ["aclnnForeachMulScalarLite result[1][10] is: 48.000000"]),  # DYNAMIC lists
])
def test_an_operator_directory_runs_its_own_example(op, expect, monkeypatch):
    no_cann(monkeypatch)
    res = cli(["run-example", OPDIRS / op, "--soc", "ascend910b"])
    assert res.exit_code == 0, res.output
    for line in expect:
        assert line in res.output
    assert "generated from the OpDef (ACLNNTYPE aclnn)" in res.output
    assert f"test_aclnn_{op}.cpp exited with code 0" in res.output


@requires_cxx
def test_a_value_depend_array_and_a_template_entry_under_the_socs_tiling_folder(monkeypatch):
    # mean_grad_lite: average_pooling_grad's ValueDepend input (the example passes an aclIntArray, the tiling reads
    # its values in the first stage) and relu_v2's template kernel entry whose tiling key is declared by the
    # tiling of the SOC's own folder (op_host/ascend910b, paired in CMakeLists.txt; arch35 is ascend950's)
    no_cann(monkeypatch)
    res = cli(["run-example", OPDIRS / "mean_grad_lite", "--soc", "ascend910b"])
    assert res.exit_code == 0, res.output
    assert "(const aclIntArray *orig_shape, const aclTensor *dy, const aclTensor *dx, uint64_t *workspaceSize" \
        in res.output
    # the example names ACL_FLOAT only: the array's INT64 is implied, so one kernel (not one per OpDef row)
    assert "kernels for (orig_shape=INT64, dy=FLOAT, dx=FLOAT) (" in res.output
    assert "aclnnMeanGradLite result[0] is: 0.000000" in res.output
    assert "aclnnMeanGradLite result[15] is: 2.500000" in res.output             # 15 / (2 * 3)
    assert "test_aclnn_mean_grad_lite.cpp exited with code 0" in res.output


@requires_cxx
def test_a_value_depend_array_is_checked_and_its_values_reach_the_tiling(tmp_path, monkeypatch):
    # a zero extent is refused by the tiling, which read the array's values in the first stage (561002, CANN's
    # tiling error), and run-example's closing line repeats what the emulated runtime reported; a null array is a
    # null REQUIRED input (161001)
    no_cann(monkeypatch)
    src = tmp_path / "bad_shape.cpp"
    src.write_text(
        '#include <cstdio>\n#include "acl/acl.h"\n#include "aclnn_mean_grad_lite.h"\n'
        "int main() {\n  aclInit(nullptr); aclrtSetDevice(0);\n  int64_t n = 8, one = 1; void* d = nullptr;\n"
        "  aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST);\n"
        "  aclTensor* dy = aclCreateTensor(&n, 1, ACL_FLOAT, &one, 0, ACL_FORMAT_ND, &n, 1, d);\n"
        "  aclTensor* dx = aclCreateTensor(&n, 1, ACL_FLOAT, &one, 0, ACL_FORMAT_ND, &n, 1, d);\n"
        "  const int64_t w[] = {2, 0}; aclIntArray* shape = aclCreateIntArray(w, 2);\n"
        "  uint64_t ws = 0; aclOpExecutor* e = nullptr;\n"
        "  int bad = aclnnMeanGradLiteGetWorkspaceSize(shape, dy, dx, &ws, &e);\n"
        '  std::printf("zero %d null %d\\n", bad, aclnnMeanGradLiteGetWorkspaceSize(nullptr, dy, dx, &ws, &e));\n'
        "  return bad;\n}\n")
    res = cli(["run-example", OPDIRS / "mean_grad_lite", "--soc", "ascend910b", "--example", src])
    assert res.exit_code == 561002 % 256, res.output
    assert "zero 561002 null 161001" in res.output
    assert re.search(r"bad_shape.cpp exited with code 106; the emulated CANN runtime reported: \[ERROR\] KGEMU.*"
                     r"orig_shape must hold positive values", res.output), res.output


@requires_cxx
def test_own_op_api_beside_op_host_with_cann_common_l0_ops(monkeypatch):
    # sq_err_lite keeps aclnnSqErrLite in op_api/ (not op_host/op_api) and chains Sub and ReduceSumOp around its
    # kernel: (self - target)^2 with target broadcast, and the sum 23 for reduction 1. The kernel writes whole
    # 32-byte blocks: past the end of its 24- and 4-byte outputs, which op_api allocated from the executor's
    # workspace (each in a 512-byte slice of its own), so those writes are warnings, not defects
    no_cann(monkeypatch)
    res = cli(["run-example", OPDIRS / "sq_err_lite"])
    assert res.exit_code == 0, res.output
    assert "its own op_api sources (aclnn_sq_err_lite.cpp, square_lite.cpp)" in res.output
    assert "aclnnSqErrLite none result[5] is: 9.000000" in res.output
    assert "aclnnSqErrLite sum result is: 23.000000" in res.output
    assert "past the end of 'y' (24 bytes) into its allocation padding" in res.output     # a warning


@requires_cxx
def test_the_generated_api_rejects_what_the_opdef_does_not_declare(tmp_path, monkeypatch):
    no_cann(monkeypatch)
    src = tmp_path / "wrong_dtype.cpp"
    src.write_text(
        '#include <cstdio>\n#include "acl/acl.h"\n#include "aclnn_poly_lite.h"\n'
        "int main() {\n  aclInit(nullptr); aclrtSetDevice(0);\n  int64_t n = 8, one = 1; void* d = nullptr;\n"
        "  aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST);\n"
        "  aclTensor* x = aclCreateTensor(&n, 1, ACL_FLOAT16, &one, 0, ACL_FORMAT_ND, &n, 1, d);\n"
        "  aclTensor* y = aclCreateTensor(&n, 1, ACL_FLOAT, &one, 0, ACL_FORMAT_ND, &n, 1, d);\n"
        "  const float c[] = {1}; aclFloatArray* a = aclCreateFloatArray(c, 1);\n"
        "  uint64_t ws = 0; aclOpExecutor* e = nullptr;\n"
        '  std::printf("dtype %d\\n", aclnnPolyLiteGetWorkspaceSize(x, a, y, &ws, &e));\n'
        '  std::printf("null %d\\n", aclnnPolyLiteGetWorkspaceSize(x, a, nullptr, &ws, &e));\n'
        "  return 0;\n}\n")
    res = cli(["run-example", OPDIRS / "poly_lite", "--example", src])
    assert res.exit_code == 0, res.output
    assert "dtype 161002" in res.output and "null 161001" in res.output
    assert "x=FLOAT16/ND, y=FLOAT/ND match no combination the OpDef of PolyLite declares" in res.output


@requires_cxx
def test_a_kernel_defect_fails_the_stream_and_is_named(tmp_path, monkeypatch):
    no_cann(monkeypatch)
    broken = tmp_path / "poly_lite"
    shutil.copytree(OPDIRS / "poly_lite", broken)
    tiling = broken / "op_host" / "poly_lite_tiling.cpp"
    text = tiling.read_text()
    # the kernel is told there are 1024 elements more than the tensors hold
    for field in ("totalNum = total", "perCore = perCore"):
        assert f"t->{field};" in text
        text = text.replace(f"t->{field};", f"t->{field} + 1024;")
    tiling.write_text(text)
    res = cli(["run-example", broken])
    assert res.exit_code == 507015 % 256, res.output   # the example returns the sync's status
    assert "aclrtSynchronizeStream failed. ERROR: 507015" in res.output      # the example's own message
    assert "the emulator found a kernel defect" in res.output and "PolyLite" in res.output


def test_a_directory_without_examples_is_a_usage_error(tmp_path):
    op = tmp_path / "empty_op"
    (op / "op_host").mkdir(parents=True)
    (op / "op_kernel").mkdir()
    res = cli(["run-example", op])
    assert res.exit_code == 2
    assert "has no examples/test_aclnn_*.cpp" in res.output


# ---- kernelgen's own operators whose API is opbuild's -----------------------------------------------------------
def test_generate_leaves_an_opbuild_api_to_cann_and_keeps_a_handwritten_one(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli(["new", "my_add2", "--input", "a", "--input", "b", "--output", "out"]).exit_code == 0
    res = cli(["generate", "my_add2.py", "-o", "gen"])
    assert res.exit_code == 0, res.output
    cmake = (tmp_path / "gen/op_host/CMakeLists.txt").read_text()
    assert "add_modules_sources(OPTYPE my_add2 ACLNNTYPE aclnn)" in cmake
    assert not (tmp_path / "gen/op_host/op_api").exists()          # opbuild generates aclnn_my_add2.{h,cpp}
    spec = get_spec("gelu_grad")                                     # aclnnGeluBackward is not aclnnGeluGrad
    files = render_tree(spec, resolve_socs(spec, None))
    assert "add_modules_sources(OPTYPE gelu_grad ACLNNTYPE aclnn_exclude)" in files["op_host/CMakeLists.txt"]
    assert "op_host/op_api/aclnn_gelu_backward.cpp" in files


@requires_cxx
def test_run_example_of_an_operator_with_opbuilds_api_uses_the_generated_one(tmp_path, monkeypatch):
    no_cann(monkeypatch)
    monkeypatch.chdir(tmp_path)
    assert cli(["new", "my_add2", "--input", "a", "--input", "b", "--output", "out"]).exit_code == 0
    res = cli(["run-example", "my_add2.py", "--backend", "emu"])
    assert res.exit_code == 0, res.output
    assert "aclnnMyAdd2 result[7] is: 8\n" in res.output        # a = 0..7 (the first input), b all ones; %.9g
    assert "32 results match the golden" in res.output    # the seed's 8 values and 24 more (example_data.py)
