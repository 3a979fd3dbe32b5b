"""What the survey of ops-nn's main tree on ascend950 needed besides the register model and SIMT, each with a
miniature written here (tests/opdirs copies changed the way the corpus shows): an OpDef registered under a name
its tiling is not (experimental/activation/elu: OP_ADD(EluDef) next to IMPL_OP_OPTILING(Elu)).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kernelgen.cli import main
from kernelgen.corpus.kinds import defect_kind
from kernelgen.corpus.registrations import registration_mismatch

from conftest import requires_cxx

OPDIRS = Path(__file__).resolve().parent / "opdirs"


def _compiled(src: Path, exe: Path) -> Path:
    """src built alone against the emulator's headers (g++ -std=c++17), asserting it compiles; the executable."""
    import subprocess

    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    res = subprocess.run([find_compiler().path, "-std=c++17", "-I", str(INCLUDE_DIR), str(src), "-o", str(exe)],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-3000:]
    return exe


def test_registration_mismatch_reads_the_registry():
    doc = {"ops": [{"op_type": "EluDef", "opdef_tiling": False}],
           "impls": {"Elu": {"tiling": True, "infer_shape": True}}}
    text = registration_mismatch(doc, "EluDef")
    assert text.startswith("OP_ADD(EluDef) registers the operator as 'EluDef'")
    assert "IMPL_OP_OPTILING(Elu)" in text and "'Elu' no OpDef" in text
    assert defect_kind(text) == "registration mismatch"
    doc["impls"]["EluDef"] = {"tiling": True}       # the matching registration: no defect
    assert registration_mismatch(doc, "EluDef") is None
    # a tiling set through the OpDef itself (AICore().SetTiling) is a registration too
    assert registration_mismatch({"ops": [{"op_type": "A", "opdef_tiling": True}], "impls": {"B": {"tiling": True}}},
                                 "A") is None
    # no tiling anywhere: not this defect (the harness names the missing registration)
    assert registration_mismatch({"ops": [{"op_type": "A"}], "impls": {"A": {"infer_shape": True}}}, "A") is None


@requires_cxx
def test_survey_reports_an_opdef_named_apart_from_its_tiling(tmp_path):
    op = tmp_path / "act" / "pair_stats"
    shutil.copytree(OPDIRS / "pair_stats", op)
    d = op / "op_host" / "pair_stats_def.cpp"
    d.write_text(d.read_text().replace("class PairStats ", "class PairStatsDef ")
                 .replace("explicit PairStats(", "explicit PairStatsDef(").replace("OP_ADD(PairStats)", "OP_ADD(PairStatsDef)"))
    report = tmp_path / "row.json"
    res = CliRunner().invoke(main, ["survey", str(op), "--json", str(report)])
    assert "Traceback" not in res.output
    [row] = json.loads(report.read_text())["rows"]
    assert row["class"] == "defect found", row
    assert row["defect_kind"] == "registration mismatch"
    assert "IMPL_OP_OPTILING(PairStats)" in row["detail"]


_DEPENDENCY_TILING = """#include "register/op_impl_registry.h"
namespace optiling {
static ge::graphStatus DepNormTiling(gert::TilingContext*) { return ge::GRAPH_SUCCESS; }
IMPL_OP_OPTILING(DepNorm).Tiling(DepNormTiling);
}  // namespace optiling
"""


@requires_cxx
def test_a_tiling_in_the_socs_arch_folder_is_seen_before_the_registrations_are_judged(tmp_path):
    """norm/add_rms_norm_dynamic_quant registers its tiling in op_host/arch35 and arch22 only, and its library also
    holds its dependency's tilings (rms_norm's RmsNorm, GemmaRmsNorm). Under --prefer-soc the OpDef is first probed
    with no SOC, so no arch folder: the dependency's tilings looked like orphans and the row stopped on a
    registration mismatch. The check reads the chosen SOC's library now."""
    op = tmp_path / "norm" / "scaled_abs_v2"
    shutil.copytree(OPDIRS / "scaled_abs_v2", op)
    (op / "op_host" / "dep_norm_tiling.cpp").write_text(_DEPENDENCY_TILING)
    report = tmp_path / "row.json"
    res = CliRunner().invoke(main, ["survey", str(op), "--prefer-soc", "ascend950", "--json", str(report)])
    assert "Traceback" not in res.output
    [row] = json.loads(report.read_text())["rows"]
    assert row["soc"] == "ascend950" and row["class"] == "ran", row
    # without a tiling of its own in the chosen SOC's folder, the dependency's is still an orphan: the defect
    (op / "op_host" / "arch35" / "scaled_abs_tiling.cpp").unlink()
    res = CliRunner().invoke(main, ["survey", str(op), "--prefer-soc", "ascend950", "--json", str(report)])
    [row] = json.loads(report.read_text())["rows"]
    assert row["class"] == "defect found" and row["defect_kind"] == "registration mismatch", row
    assert "IMPL_OP_OPTILING(DepNorm)" in row["detail"]


@requires_cxx
def test_a_top_level_tiling_calling_into_the_arch_folder_loads_under_prefer_soc(tmp_path):
    """loss/chamfer_distance_grad's op_host tiling calls DoChamferDistanceGradTiling950, defined only in
    op_host/arch35: the OpDef probe made before the SOC was chosen linked no arch folder and could not be loaded
    (an undefined symbol). Under --prefer-soc the first probe links the preferred SOC's folder."""
    op = tmp_path / "loss" / "scaled_abs_v2"
    shutil.copytree(OPDIRS / "scaled_abs_v2", op)
    arch35 = op / "op_host" / "arch35" / "scaled_abs_tiling.cpp"
    arch35.write_text(arch35.read_text() + "namespace optiling { int ScaledAbsArch35Marker() { return 35; } }\n")
    (op / "op_host" / "scaled_abs_tiling_common.cpp").write_text(
        "namespace optiling { int ScaledAbsArch35Marker(); int (*volatile kgUsesArch35)() = &ScaledAbsArch35Marker; }\n")
    report = tmp_path / "row.json"
    res = CliRunner().invoke(main, ["survey", str(op), "--prefer-soc", "ascend950", "--json", str(report)])
    assert "Traceback" not in res.output
    [row] = json.loads(report.read_text())["rows"]
    assert row["soc"] == "ascend950" and row["class"] == "ran", row


def _tree_with_build_layout_includes(root: Path) -> Path:
    """A miniature ops-nn tree whose kernel reaches a shared kernel folder and common/inc/op_kernel the way the main
    tree's arch35 kernels do (norm/*/op_kernel/arch35 -> ../../norm_common/..., hash -> ../../inc/...)."""
    (root / "common" / "inc" / "op_kernel").mkdir(parents=True)
    (root / "common" / "inc" / "op_kernel" / "table_common.h").write_text("#pragma once\nconstexpr int kTable = 3;\n")
    shared = root / "cat" / "cat_common" / "op_kernel"
    shared.mkdir(parents=True)
    (shared / "reduce_helper.h").write_text('#pragma once\n#include "table_common.h"\nconstexpr int kReduce = 4;\n')
    sib = root / "cat" / "base_op" / "op_kernel"
    sib.mkdir(parents=True)
    (sib / "base.h").write_text("#pragma once\nconstexpr int kBase = 5;\n")
    # the build's common/: conv/common/op_kernel's entries and matmul/common/cmct (conv kernels reach
    # "../../common/arch35/conv_common.h"; matmul's arch35 kernels include "cmct/block/..." bare)
    (root / "conv" / "common" / "op_kernel" / "arch35").mkdir(parents=True)
    (root / "conv" / "common" / "op_kernel" / "arch35" / "conv_common.h").write_text("#pragma once\nconstexpr int kConv = 6;\n")
    (root / "matmul" / "common" / "cmct" / "block").mkdir(parents=True)
    # a cmct header climbs three folders to the build's inc/ (cmct/block/block_mmad_utils.h: "../../../inc/macro.h")
    (root / "matmul" / "common" / "cmct" / "block" / "policy.h").write_text(
        '#pragma once\n#include "../../../inc/table_common.h"\nconstexpr int kCmct = 7;\n')
    op = root / "cat" / "my_op"
    (op / "op_kernel" / "arch35" / "deep" / "deeper").mkdir(parents=True)
    # four folders up from op_kernel/kernels/utils/kernel/ is the build's folder of operators
    # (matmul_v2_compress_dequant: "../../../../transpose_batch_mat_mul/utils/iterators/...")
    (op / "op_kernel" / "arch35" / "deep" / "deeper" / "d.h").write_text(
        '#pragma once\n#include "../../../../base_op/base.h"\nconstexpr int kDeep = 1;\n')
    (op / "op_kernel" / "arch35" / "k.h").write_text(
        '#include "../../cat_common/reduce_helper.h"\n#include "../../inc/table_common.h"\n'
        '#include "../base_op/base.h"\n#include "../../common/arch35/conv_common.h"\n'
        '#include "cmct/block/policy.h"\n#include "deep/deeper/d.h"\n'
        'static_assert(kReduce + kTable + kBase + kConv + kCmct + kDeep == 26, "");\n')
    return op


@requires_cxx
def test_kernels_include_other_operators_through_the_build_folder(tmp_path, monkeypatch):
    import subprocess

    from kernelgen.emulator.layout import include_dirs
    from kernelgen.toolchain import find_compiler

    monkeypatch.setenv("KERNELGEN_CACHE_DIR", str(tmp_path / "cache"))
    op = _tree_with_build_layout_includes(tmp_path / "repo")
    header = op / "op_kernel" / "arch35" / "k.h"
    cmd = [find_compiler().path, "-std=c++17", "-fsyntax-only", "-x", "c++", str(header)]
    flags = [f"-I{d}" for d in include_dirs(op)]
    without = [f for f in flags if "/layout/" not in f]
    assert len(flags) == len(without) + 7   # four anchors, inc/, the folder and its common/
    assert subprocess.run(cmd + without, capture_output=True).returncode != 0   # the source tree alone: not found
    res = subprocess.run(cmd + flags, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert include_dirs(op) == include_dirs(op)      # built once, the same folders (cache keys stay stable)


# ops-nn tiling code written against CANN's platform/platform_info_def.h, which declares std's map, vector and
# string at global scope (loss/*/op_host/arch35: `static const map<ge::DataType, uint32_t> DTYEP_2_INT_KEY`)
_UNQUALIFIED_TILING = """
#include "register/op_impl_registry.h"
static const map<ge::DataType, uint32_t> DTYPE_KEY{{ge::DT_FLOAT16, 10}, {ge::DT_FLOAT, 20}};
static ge::graphStatus Tiling4Mini(gert::TilingContext* context) {
    vector<int64_t> dims{1, 2};
    string name = context->GetNodeName();
    return DTYPE_KEY.at(ge::DT_FLOAT) == 20 && dims.size() == 2 && !name.empty() ? ge::GRAPH_SUCCESS : ge::GRAPH_FAILED;
}
IMPL_OP_OPTILING(Mini).Tiling(Tiling4Mini);
// and graph/types.h's dynamic-shape markers (cross_entropy_loss_grad's infershape: `GetDim(0) != UNKNOWN_DIM`)
static_assert(ge::UNKNOWN_DIM == -1 && ge::UNKNOWN_DIM_NUM == -2, "CANN's values");
static bool UnknownRank4Mini(const std::vector<int64_t>& dims) { return dims == ge::UNKNOWN_RANK && dims != ge::UNKNOWN_SHAPE; }
// opbase's ToString of a list of shapes (conv/common's forward infershape logs its inputs with it)
#include "op_common/log/log.h"
static std::string Shapes4Mini(const gert::Shape& a) { return Ops::Base::ToString(std::vector<const gert::Shape*>{&a, &a}); }
// ge::GetFormatName (npu_alloc_float_status, deformable_offsets name the format they refuse): the primary format's
// name without FORMAT_, past the enum "UNDEFINED"
constexpr bool same(const char* a, const char* b) { return *a == *b && (*a == 0 || same(a + 1, b + 1)); }
static_assert(same(ge::GetFormatName(ge::FORMAT_ND), "ND") && same(ge::GetFormatName(ge::FORMAT_NCL), "NCL"), "");
static_assert(same(ge::GetFormatName(static_cast<ge::Format>(0x1001D)), "FRACTAL_NZ"), "a sub-format's primary");
static_assert(same(ge::GetFormatName(ge::FORMAT_END), "UNDEFINED"), "past the names");
// the shape-range context is complete through this one header (unique_dim's infershape registers a range function)
static ge::graphStatus Range4Mini(gert::InferShapeRangeContext* context) {
    auto x = context->GetInputShapeRange(0);
    auto y = context->GetOutputShapeRange(0);
    if (x == nullptr || y == nullptr || x->GetMax() == nullptr || y->GetMax() == nullptr) return ge::GRAPH_FAILED;
    y->GetMax()->SetDimNum(x->GetMax()->GetDimNum());
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_INFERSHAPE(Mini).InferShapeRange(Range4Mini);
// gert::Stride by index, as Shape (index/index's non-contiguous tiling: `validStride != xStride[i]`)
static bool ListStrideIsContiguous4Mini(gert::TilingContext* context) {  // the emulator's tensors: never views
    return !context->InputIsView(1) && context->GetDynamicInputStride(1, 0) == nullptr;
}
static bool Contiguous4Mini(const gert::Shape& shape, const gert::Stride& stride) {
    int64_t want = 1;
    for (int64_t i = static_cast<int64_t>(shape.GetDimNum()) - 1; i >= 0; --i) {
        if (stride[i] != want) return false;
        want *= shape[i];
    }
    return true;
}
"""


@requires_cxx
def test_tiling_code_sees_std_names_as_cann_declares_them(tmp_path):
    import subprocess

    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    src = tmp_path / "mini_tiling.cpp"
    src.write_text(_UNQUALIFIED_TILING)
    res = subprocess.run([find_compiler().path, "-std=c++17", "-fsyntax-only", "-I", str(INCLUDE_DIR), str(src)],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-2000:]


# opbase's atvoss/broadcast/broadcast_tiling.h defines Ops::Base::EnsureNotScalar inline while its
# op_host/tiling_base_util.h only declares it (libopbase has the body): a miniature of that definition
_BROADCAST_ENSURE = """namespace Ops { namespace Base {
inline const gert::Shape& EnsureNotScalar(const gert::Shape& s) { static const gert::Shape one = {1};
    return s.IsScalar() ? one : s; }
} }
"""


@requires_cxx
@pytest.mark.parametrize("order", ["util_first", "broadcast_first", "kernel_tiling_header", "kernel_math",
                                   "pipe_ptr_unqualified"])
def test_opbase_host_headers_meet_the_emulators_as_in_cann(tmp_path, order):
    """Tilings include ops-nn's op_host/tiling_util.h before or after opbase's broadcast_tiling.h (gelu_v2 after,
    p_relu before): both orders compile since the emulator only declares EnsureNotScalar as opbase does (it
    defined it: "redefinition"). A kernel's tiling header may bring opbase's elewise_tiling.h, whose `using
    namespace optiling;` needs the namespace CANN's tilingdata_base.h declares, also on the kernel side
    (sigmoid_grad: "'optiling' is not a namespace-name"); a tiling header that brings the host math_util.h leaves
    the kernel's own CeilDiv the one its calls mean (softmax_grad: "call of overloaded 'CeilDiv' is ambiguous");
    GetTPipePtr and the Reg asc_vf_call are global functions, as asc-devkit's prototype and example give them."""
    import subprocess

    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    util = '#include "op_host/tiling_util.h"\n'
    texts = {"util_first": util + _BROADCAST_ENSURE,
             "broadcast_first": '#include "exe_graph/runtime/shape.h"\n' + _BROADCAST_ENSURE + util,
             "kernel_tiling_header": "#define KGEMU_TILING_DATA_AS_STRUCT\n#include \"register/tilingdata_base.h\"\n"
                                     "namespace Ops { namespace Base { using namespace optiling; } }\n",
             # the launcher's kernel TU: a tiling header brings the host math_util.h, the kernel includes its own
             "kernel_math": "#define KGEMU_TILING_DATA_AS_STRUCT 1\n#include \"kernel_operator.h\"\n"
                            "#include \"op_common/op_host/util/math_util.h\"\n#include \"op_kernel/math_util.h\"\n"
                            "__aicore__ inline int64_t Loops(int64_t n) { return Ops::Base::CeilDiv(n, int64_t(256)) "
                            "+ Ops::Base::CeilAlign(n, int64_t(32)); }\n",
             # GetTPipePtr is global (asc-devkit's prototype returns AscendC::TPipe*): a kernel class of its own
             # namespace calls it unqualified (fused_bias_leaky_relu_grad: "a declaration must be available")
             "pipe_ptr_unqualified": "#include \"kernel_operator.h\"\nnamespace Mine { template <typename T> "
                                     "struct K { __aicore__ inline void Wait() { (void)GetTPipePtr()->FetchEventID("
                                     "AscendC::HardEvent::V_MTE2); } }; template struct K<float>; }\n"
                                     "__simd_vf__ inline void Vf(__ubuf__ float* p, uint32_t n) { (void)p; (void)n; }\n"
                                     "namespace Mine { __aicore__ inline void Run(__ubuf__ float* p) { "
                                     "asc_vf_call<Vf>(p, 8u); } }\n"}
    src = tmp_path / "t.cpp"
    src.write_text(texts[order] + "int main() { return 0; }\n")
    res = subprocess.run([find_compiler().path, "-std=c++17", "-fsyntax-only", "-I", str(INCLUDE_DIR), str(src)],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-2000:]


@requires_cxx
def test_both_asc_vf_call_forms_are_found_from_inside_namespace_ascendc(tmp_path):
    """asc-devkit declares the register form asc_vf_call<f>(args...) globally (basic_api/kernel_common.h) beside the
    SIMT form asc_vf_call<f>(dim3, args...); index_put_with_sort_v2's kernel class sits in namespace AscendC, where
    a register form of AscendC's own hid the SIMT one ("cannot convert 'cce::dim3' to 'float*'")."""
    import subprocess

    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    src = tmp_path / "k.cpp"
    src.write_text('#include "kernel_operator.h"\n#include "simt_api/asc_simt.h"\nnamespace AscendC {\n'
                   "template <typename T> __simt_vf__ __aicore__ LAUNCH_BOUND(1024) inline void Put(__gm__ T* out, "
                   "__ubuf__ int64_t* t) { (void)out; (void)t; }\n"
                   "__simd_vf__ inline void Vf(__ubuf__ float* p, uint32_t n) { (void)p; (void)n; }\n"
                   "struct Op { void Run(__gm__ float* out, __ubuf__ int64_t* t, __ubuf__ float* p) {\n"
                   "    asc_vf_call<Put<float>>(dim3{4u, 2u, 1}, out, t);\n    asc_vf_call<Vf>(p, 8u);\n} };\n}\n")
    flags = ["-std=c++17", "-fsyntax-only", "-D__NPU_ARCH__=3510", "-DASCENDC_CPU_DEBUG=1"]
    res = subprocess.run([find_compiler().path, *flags, "-I", str(INCLUDE_DIR), str(src)], capture_output=True,
                         text=True)
    assert res.returncode == 0, res.stderr[-2000:]


@requires_cxx
def test_one_block_size_is_the_950_familys_constant(tmp_path):
    """asc-devkit's kernel_utils_constants.h declares AscendC::ONE_BLOCK_SIZE (32) for the 950 family's arches (3510,
    5102, 3003, 3113), not 2201: scatter_add's arch35 kernel names it unqualified; kernels that keep their own
    (gelu_mul, embedding) declare it in their namespace, where it wins over the using-directive's."""
    import subprocess

    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    src = tmp_path / "k.cpp"
    src.write_text('#include "kernel_operator.h"\nnamespace ScatterLike { using namespace AscendC;\n'
                   "__aicore__ inline uint64_t Blocks(uint64_t bytes) { return (bytes + ONE_BLOCK_SIZE - 1) / "
                   "ONE_BLOCK_SIZE; } }\nnamespace OwnConstant { using namespace AscendC; constexpr int32_t "
                   "ONE_BLOCK_SIZE = 32; __aicore__ inline int32_t Half() { return ONE_BLOCK_SIZE / 2; } }\n")

    def compiles(arch: int) -> subprocess.CompletedProcess:
        flags = ["-std=c++17", "-fsyntax-only", f"-D__NPU_ARCH__={arch}", "-DASCENDC_CPU_DEBUG=1"]
        return subprocess.run([find_compiler().path, *flags, "-I", str(INCLUDE_DIR), str(src)], capture_output=True,
                              text=True)

    res = compiles(3510)
    assert res.returncode == 0, res.stderr[-2000:]
    on_910b = compiles(2201)   # not an Ascend 910B name
    assert on_910b.returncode != 0 and "ONE_BLOCK_SIZE" in on_910b.stderr and "was not declared" in on_910b.stderr


@requires_cxx
def test_the_topk_numbers_reach_kernels_through_kernel_operator_h(tmp_path):
    """CANN's kernel_operator.h includes the advanced APIs (adv_api/kernel_api.h -> sort/topk.h), whose
    topk_common_utils.h declares TWO ... FORTYEIGHT in an unnamed namespace on arch 2002 / 2201 / 3510 / 5102 / 3003 /
    3113: unsorted_segment_sum's and the scatter_nd family's arch35 kernels divide by FOUR and multiply by THREE
    without declaring them. A kernel's own constant in its namespace wins; one declared at global scope is ambiguous,
    as under CANN."""
    import subprocess

    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    src = tmp_path / "k.cpp"
    src.write_text('#include "kernel_operator.h"\nnamespace SegmentLike {\nconstexpr int64_t LANES = 256;\n'
                   "constexpr int64_t QUARTER = LANES / FOUR;\nstatic_assert(QUARTER * THREE == 192);\n}\n"
                   "namespace OwnConstant { constexpr float FOUR = 4.5f; static_assert(FOUR > 4.0f); }\n")
    clash = tmp_path / "clash.cpp"
    clash.write_text('#include "kernel_operator.h"\nconstexpr int32_t FOUR = 4;\n'
                     "__aicore__ inline int32_t Quarter(int32_t n) { return n / FOUR; }\n")

    def compiles(path, arch: int) -> subprocess.CompletedProcess:
        flags = ["-std=c++17", "-fsyntax-only", f"-D__NPU_ARCH__={arch}", "-DASCENDC_CPU_DEBUG=1"]
        return subprocess.run([find_compiler().path, *flags, "-I", str(INCLUDE_DIR), str(path)], capture_output=True,
                              text=True)

    for arch in (3510, 2201):
        res = compiles(src, arch)
        assert res.returncode == 0, res.stderr[-2000:]
    on_310b = compiles(src, 3002)   # Ascend 310B: an arch topk_common_utils.h leaves out
    assert on_310b.returncode != 0 and "FOUR" in on_310b.stderr and "was not declared" in on_310b.stderr
    ambiguous = compiles(clash, 3510)
    assert ambiguous.returncode != 0 and "ambiguous" in ambiguous.stderr


@requires_cxx
def test_an_opdefs_check_support_reads_the_operators_attributes(tmp_path):
    """unique_consecutive's OpDef (and masked_scatter's, unique_dim's, dynamic_rnn's) registers a CheckSupport that
    calls ge::Operator::GetAttr with only register/op_def_registry.h included, which on CANN makes ge::Operator
    complete ("invalid use of incomplete type 'const class ge::Operator'")."""
    import subprocess

    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    src = tmp_path / "kg_unique_def.cpp"
    src.write_text('#include "register/op_def_registry.h"\nnamespace ops {\n'
                   "static ge::graphStatus CheckSupport(const ge::Operator& op, ge::AscendString& result) {\n"
                   '    bool idx = false;\n    if (op.GetAttr("return_idx", idx) != ge::GRAPH_SUCCESS || idx) {\n'
                   '        result = ge::AscendString("{\\"isSupported\\": \\"False\\"}");\n'
                   "        return ge::GRAPH_FAILED;\n    }\n    return ge::GRAPH_SUCCESS;\n}\n"
                   "static_assert(sizeof(ge::Operator) > 0, \"complete\");\n"
                   "ge::graphStatus (*kg_check)(const ge::Operator&, ge::AscendString&) = CheckSupport;\n}\n")
    res = subprocess.run([find_compiler().path, "-std=c++17", "-fsyntax-only", "-I", str(INCLUDE_DIR), str(src)],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-2000:]


@requires_cxx
def test_internal_reg_others_header_brings_the_public_api(tmp_path):
    """norm/loss/rnn kernels include impl/dav_c220/kernel_operator_reg_others_impl.h after kernel_operator.h and use
    only public names from it (21 files of the main tree); conv and matmul kernels include asc-devkit's basic_api
    headers bare ("kernel_basic_intf.h": 97 matmul files; "kernel_common.h": 25 conv files)."""
    import subprocess

    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    src = tmp_path / "k.cpp"
    bare = ("kernel_basic_intf.h", "kernel_common.h", "kernel_cube_intf.h", "kernel_type.h",
            "kernel_operator_atomic_intf.h", "kernel_event.h", "kernel_tpipe.h", "utils/init_global_memory.h")
    src.write_text('#include "kernel_operator.h"\n#include "impl/dav_c220/kernel_operator_reg_others_impl.h"\n'
                   + "".join(f'#include "{h}"\n' for h in bare) + "using namespace AscendC;\n"
                   "__aicore__ inline void Tail(LocalTensor<float>& t, int n) {\n"
                   "    if (unlikely(n < 0) || !likely(n < 1 << 20)) return;\n"   # CANN's branch hints (ATVOSS reduce)
                   "    PipeBarrier<PIPE_V>(); (void)t;\n}\n")
    flags = ["-std=c++17", "-fsyntax-only", "-D__NPU_ARCH__=2201", "-D__CCE_AICORE__=220", "-DASCENDC_CPU_DEBUG=1"]
    res = subprocess.run([find_compiler().path, *flags, "-I", str(INCLUDE_DIR), str(src)], capture_output=True,
                         text=True)
    assert res.returncode == 0, res.stderr[-2000:]


@requires_cxx
def test_an_operator_without_a_tiling_folder_sees_its_dependencys_classes_of_the_soc(tmp_path):
    """max_pool_v2 has no tiling folder: its tilings are max_pool_v3's (CMake DEPENDENCIES), whose arch35 headers
    register each class for both operators (REGISTER_TILING_DATA_CLASS(MaxPoolV2_311110, ...)). CANN's kernel
    build sees the classes its host library registers for the operator, so the launcher looks in the dependency's
    own tiling folder for the SOC; without it the kernel's GET_TILING_DATA_WITH_STRUCT names an undeclared type."""
    from kernelgen.emulator.opdir import legacy_tiling_headers

    (tmp_path / "common" / "inc").mkdir(parents=True)
    op, dep = tmp_path / "pooling" / "mp_v2", tmp_path / "pooling" / "mp_v3"
    (op / "op_host").mkdir(parents=True)
    (op / "op_kernel").mkdir()
    (op / "op_host" / "CMakeLists.txt").write_text("add_modules_sources(OPTYPE mp_v2 ACLNNTYPE aclnn DEPENDENCIES mp_v3)\n")
    (dep / "op_host" / "arch35").mkdir(parents=True)
    (dep / "op_host" / "arch35" / "mp_v3_tiling.cpp").write_text("// the 950's tiling\n")
    header = dep / "op_host" / "arch35" / "mp_v3_big_tiling.h"
    header.write_text("BEGIN_TILING_DATA_DEF(MpV3BigTilingData)\nTILING_DATA_FIELD_DEF(int64_t, n);\nEND_TILING_DATA_DEF;\n"
                      "REGISTER_TILING_DATA_CLASS(MpV3_311110, MpV3BigTilingData);\n"
                      "REGISTER_TILING_DATA_CLASS(MpV2_311110, MpV3BigTilingData);\n")
    assert legacy_tiling_headers(op, None, "MpV2", ("ascend950", 3510)) == [header]
    assert legacy_tiling_headers(op, None, "MpV2") == []   # the wrong thing: only the dependency's op_host/


def test_a_dependencys_tiling_header_compiles_on_the_kernel_side(tmp_path, monkeypatch):
    """max_pool3_d's kernel reads tiling classes that pool_3d_common registers for it (op_host/arch35/*_tiling.h):
    those headers derive their tiling classes from an unqualified TilingBaseClass, which pool_3d_common's tiling
    sources make visible in optiling first (its registry header's using-declaration). The launcher gives the
    kernel the same context; without it the header does not compile."""
    import subprocess

    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.emulator.opdir import kernel_tiling_includes
    from kernelgen.toolchain import find_compiler

    op = tmp_path / "pooling" / "mp3"
    (op / "op_kernel").mkdir(parents=True)
    dep = tmp_path / "pooling" / "pool_common" / "op_host" / "arch35"
    dep.mkdir(parents=True)
    header = dep / "pool_big_tiling.h"
    header.write_text('#include "register/tilingdata_base.h"\n#include "op_host/tiling_base.h"\nnamespace optiling {\n'
                      "BEGIN_TILING_DATA_DEF(PoolBigTilingData)\nTILING_DATA_FIELD_DEF(int64_t, kD);\n"
                      "END_TILING_DATA_DEF;\nREGISTER_TILING_DATA_CLASS(Mp3_411110, PoolBigTilingData);\n"
                      "class PoolBigTiling : public TilingBaseClass {\npublic:\n"
                      "    explicit PoolBigTiling(gert::TilingContext* c) : TilingBaseClass(c) {}\n};\n}\n")
    flags = ["-std=c++17", "-fsyntax-only", "-D__NPU_ARCH__=3510", "-D__CCE_AICORE__=310", "-DASCENDC_CPU_DEBUG=1",
             "-I", str(INCLUDE_DIR)]

    def compiles(lines: list[str]) -> subprocess.CompletedProcess:
        src = tmp_path / "launch.cpp"
        src.write_text("#define KGEMU_TILING_DATA_AS_STRUCT 1\n#include \"kernel_operator.h\"\n" + "\n".join(lines) +
                       "\nint main() { PoolBigTilingData t{}; return static_cast<int>(t.kD); }\n")
        return subprocess.run([find_compiler().path, *flags, str(src)], capture_output=True, text=True)

    lines = kernel_tiling_includes(op, [header])
    res = compiles(lines)
    assert res.returncode == 0, res.stderr[-2000:]
    bare = compiles([ln for ln in lines if "using Ops::NN" not in ln])
    assert bare.returncode != 0 and "expected class-name" in bare.stderr
    assert not any("using Ops::NN" in ln for ln in kernel_tiling_includes(op, [op / "op_kernel" / "own.h"]))
    # a directory named relative to the caller (`kernelgen sim ./op`) still gives g++ paths it can open
    monkeypatch.chdir(tmp_path)
    rel = kernel_tiling_includes(Path("pooling/mp3"), [Path("pooling/pool_common/op_host/arch35/pool_big_tiling.h")])
    assert f'#include "{header.resolve()}"' in rel


@requires_cxx
def test_the_kernel_sees_the_host_tiling_classes_not_the_host_headers_constants(tmp_path):
    """foreach_add_list's arch35 kernel declares its own MAX_TENSOR_CONT beside its own tiling struct, while the host
    header registering its legacy class (foreach_utils' foreach_tiling_def.h) declares one in optiling: CANN's kernel
    sees only the generated structs, so the launcher makes the classes visible one by one (and kgemu_tiling, where
    the registration put it). `using namespace optiling;` made the kernel's own constant ambiguous."""
    import subprocess

    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.emulator.opdir import kernel_tiling_includes, tiling_class_scopes
    from kernelgen.toolchain import find_compiler

    op = tmp_path / "foreach" / "kg_list"
    (op / "op_kernel").mkdir(parents=True)
    (op / "op_host").mkdir()
    header = op / "op_host" / "kg_list_tiling_def.h"
    header.write_text('#include "register/tilingdata_base.h"\nnamespace optiling {\nconstexpr uint16_t MAX_LIST = 256;\n'
                      "BEGIN_TILING_DATA_DEF(KgListTilingData)\nTILING_DATA_FIELD_DEF_ARR(int64_t, MAX_LIST, counts);\n"
                      "END_TILING_DATA_DEF;\nREGISTER_TILING_DATA_CLASS(KgList, KgListTilingData);\n}\n")
    kernel = ("constexpr uint16_t MAX_LIST = 128;\nstruct KgListArch35Data { int64_t counts[MAX_LIST]; };\n"
              "int main() { KgListTilingData a{}; kgemu_tiling::KgList b{}; KgListArch35Data c{};\n"
              "    return static_cast<int>(sizeof(a.counts) + sizeof(b.counts) - 2 * sizeof(c.counts)); }\n")
    (op / "op_kernel" / "kg_list.cpp").write_text(kernel)
    assert tiling_class_scopes(header.read_text()) == ({"KgListTilingData": {"optiling"}}, {"optiling"})

    def compiles(lines: list[str]) -> subprocess.CompletedProcess:
        src = tmp_path / "launch.cpp"
        src.write_text("#define KGEMU_TILING_DATA_AS_STRUCT 1\n#include <cstdint>\n" + "\n".join(lines) + "\n" + kernel)
        return subprocess.run([find_compiler().path, "-std=c++17", "-fsyntax-only", "-I", str(INCLUDE_DIR), str(src)],
                              capture_output=True, text=True)

    lines = kernel_tiling_includes(op, [header])
    assert "using optiling::KgListTilingData;" in lines and "using namespace optiling;" not in lines
    res = compiles(lines)
    assert res.returncode == 0, res.stderr[-2000:]
    wide = compiles([ln for ln in lines if not ln.startswith(("using optiling::", "namespace kgemu_tiling"))] +
                    ["using namespace optiling;"])
    assert wide.returncode != 0 and "MAX_LIST" in wide.stderr and "ambiguous" in wide.stderr


@requires_cxx
def test_tuning_registries_and_the_knowledge_bank_stand_in(tmp_path):
    """ops-nn's tuning headers (common/inc/op_host/register: matmul's MatMulV3TunnerTiling, conv's bank keys) declare
    classes CANN's libregister defines and include register/register_types.h; adaptive_max_pool3d (through
    batch_mat_mul_v3), fused_mat_mul and conv3d_v2 stopped there. The emulator's stand-ins register tuning structs
    and bank-key functions, serialise keys through nlohmann::json, and QueryBank answers "no key" (1)."""
    import subprocess


    src = tmp_path / "tuning.cpp"
    src.write_text(r'''#include <cstdio>
#include "register/tuning_bank_key_registry.h"
#include "register/tuning_tiling_registry.h"
#include "runtime_kb_api.h"
namespace tuningtiling {
BEGIN_TUNING_TILING_DEF(MiniMmTunnerTiling)
TUNING_TILING_DATA_FIELD_DEF(uint32_t, baseM);
TUNING_TILING_DATA_FIELD_DEF(uint32_t, baseN);
END_TUNING_TILING_DEF;
REGISTER_TUNING_TILING_CLASS(MiniMm, MiniMmTunnerTiling);
struct MiniMmArgs { int64_t m = 0; int64_t k = 0; };
DECLARE_STRUCT_RELATE_WITH_OP_V2(MiniMm, MiniMmArgs, m, k);
}  // namespace tuningtiling
static bool Convert(const gert::TilingContext*, std::shared_ptr<void>& out, size_t& len) {
    out = std::make_shared<tuningtiling::MiniMmArgs>(tuningtiling::MiniMmArgs{64, 128});
    len = sizeof(tuningtiling::MiniMmArgs);
    return true;
}
REGISTER_OP_BANK_KEY_CONVERT_FUN_V2(MiniMm, Convert);
int main() {
    using namespace tuningtiling;
    auto t = TuningTilingClassFactory::CreateTilingDataInstance("MiniMm");
    const auto items = t->GetItemInfo();
    std::printf("class %s fields %zu %s %s unknown %d\n", t->GetClassName().GetString(), items.size(),
                items[0].name_.GetString(), items[1].dtype_.GetString(),
                TuningTilingClassFactory::CreateTilingDataInstance("Other") == nullptr);
    auto& info = OpBankKeyFuncRegistryV2::RegisteredOpFuncInfoV2().at("MiniMm");
    std::shared_ptr<void> key;
    size_t len = 0;
    info.GetBankKeyConvertFuncV2()(nullptr, key, len);
    ge::AscendString text;
    const bool parsed = info.GetBankKeyParseFuncV2()(key, len, text);
    std::shared_ptr<void> back;
    const bool loaded = info.GetBankKeyLoadFuncV2()(back, len, text);
    const bool bad = info.GetBankKeyLoadFuncV2()(back, len, ge::AscendString("{\"m\": "));
    std::printf("key %s %d %d k %lld bad %d\n", text.GetString(), parsed, loaded,
                static_cast<long long>(std::static_pointer_cast<MiniMmArgs>(back)->k), bad);
    TuningTilingDefPtr tuned = t;
    const uint32_t ret = Ops::NN::QueryBank(nullptr, 0, "MiniMm", "Ascend950", 32, tuned);
    std::printf("bank %u %d\n", ret, tuned == nullptr);
}
''')
    exe = _compiled(src, tmp_path / "tuning")
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0] == "class MiniMmTunnerTiling fields 2 baseM uint32_t unknown 1"
    assert out[1] == 'key {"k":128,"m":64} 1 1 k 128 bad 0'  # a key that does not parse is refused
    assert out[2] == "bank 1 1"                                 # no knowledge bank: "key not exists", no tiling


@requires_cxx
def test_legacy_tiling_library_wrappers_answer_as_without_the_library(tmp_path):
    """ops-nn's op_cache_tiling.h functions (TilingPrepareForOpCache, GenTiling, ...) are defined in its common/src,
    which looks them up in CANN's legacy TBE tiling library at run time and answers false without it; adaptive_max_pool3d
    and fused_mat_mul linked against them ("undefined symbol"). The emulator's stand-in answers false, with ops-nn's
    parameter structs (here a miniature of op_cache_def_tiling.h) beside it."""
    import subprocess

    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    (tmp_path / "op_cache_def_tiling.h").write_text(
        "#pragma once\nnamespace optiling {\nstruct BatchmatmulCompileParas { int n = 0; };\n"
        "struct BatchmatmulRunParas { int m = 0; };\nclass CacheTilingData { public: int k = 0; };\n"
        "struct QuantBatchMatmulRunParas {};\nenum class QbmmType : unsigned { Perchannel = 0 };\n"
        "struct WeightQuantBatchMatmulCacheTilingParas {};\nstruct WeightQuantBatchMatmulCacheTilingData {};\n}\n")
    # the conv backprop operators' tbe_tiling_api.h (a miniature of ops-nn's: it declares GetTbeTiling, which the
    # legacy library defines; conv3d_backprop_filter_v2's host library did not load without it)
    (tmp_path / "repo" / "op_host").mkdir(parents=True)
    (tmp_path / "repo" / "op_host" / "tbe_tiling_api.h").write_text(
        "#pragma once\n#include \"exe_graph/runtime/tiling_context.h\"\nnamespace optiling {\n"
        "struct Conv3dBackpropV2TBETilingData { int a = 0; };\nenum class OpTypeV2 : unsigned { kConv3DBackpropFilterV2 };\n"
        "bool GetTbeTiling(gert::TilingContext* context, optiling::Conv3dBackpropV2TBETilingData& t, "
        "const optiling::OpTypeV2 opType);\n}\nnamespace Ops { namespace NN { using optiling::GetTbeTiling; } }\n")
    src = tmp_path / "oc.cpp"
    src.write_text('#include <cstdio>\n#include "op_cache_tiling.h"\n#include "op_host/op_cache_tiling.h"\n'
                   '#include "op_host/tbe_tiling_api.h"\n#include "tbe_tiling_api.h"\n'
                   "int main() {\n    optiling::BatchmatmulCompileParas c; optiling::BatchmatmulRunParas r;\n"
                   "    optiling::CacheTilingData t; optiling::Conv3dBackpropV2TBETilingData tbe;\n"
                   '    std::printf("%d %d %d\\n", Ops::NN::TilingPrepareForOpCache(static_cast<gert::TilingContext*>(nullptr)),\n'
                   '                Ops::NN::GenTiling("MatMulV3", c, r, t, nullptr),\n'
                   "                Ops::NN::GetTbeTiling(nullptr, tbe, optiling::OpTypeV2::kConv3DBackpropFilterV2));\n}\n")
    exe = tmp_path / "oc"
    res = subprocess.run([find_compiler().path, "-std=c++17", "-I", str(INCLUDE_DIR), "-I", str(tmp_path), "-I",
                          str(tmp_path / "repo"), "-I", str(tmp_path / "repo" / "op_host"), str(src), "-o", str(exe)],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-3000:]
    assert subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split() == ["0", "0", "0"]


def test_template_entry_parameters_given_by_a_macro(tmp_path):
    """ATVOSS reduce kernels (loss/mse_loss, l2_loss) declare `template <REDUCE_TPL_PARAM, uint32_t Reduction>`:
    the launcher instantiates them with the macro's parameters, found in a header the kernel includes."""
    from kernelgen.emulator.opdir import expand_parameter_macros, find_entry

    inc = tmp_path / "pkg" / "reduce"
    inc.mkdir(parents=True)
    (inc / "key_decl.h").write_text("#pragma once\n#define RED_PARAM \\\n    bool Contig, uint32_t Pattern\n"
                                    "#define RED_VALUE Contig, Pattern\n")
    (tmp_path / "op_kernel").mkdir()
    (tmp_path / "op_kernel" / "key.h").write_text('#include "reduce/key_decl.h"\n')
    kernel = tmp_path / "op_kernel" / "mini_loss.cpp"
    kernel.write_text('#include "key.h"\ntemplate <RED_PARAM, uint32_t Reduction>\n'
                      "__global__ __aicore__ void mini_loss(GM_ADDR x, GM_ADDR y, GM_ADDR ws, GM_ADDR t) {}\n")
    entry = find_entry(kernel.read_text(), ["mini_loss"], kernel)
    assert [p.name for p in entry.template] == ["RED_PARAM", "Reduction"]
    expanded = expand_parameter_macros(entry, kernel, (tmp_path / "pkg",))
    assert [(p.ctype, p.name) for p in expanded.template] == [("bool", "Contig"), ("uint32_t", "Pattern"),
                                                              ("uint32_t", "Reduction")]
    assert expand_parameter_macros(entry, kernel, ()) == entry    # the macro's header not found: unchanged


@requires_cxx
def test_runtime2_util_brings_the_repositorys_op_util(tmp_path):
    """layer_norm_v3's infershape calls Ops::Nn::IsDimValid having included only op_api/runtime2_util.h: ops-nn's
    header includes its op_api/op_util.h, so the emulator's stand-in does too when the repository provides it."""
    import subprocess

    from kernelgen.emulator import INCLUDE_DIR
    from kernelgen.toolchain import find_compiler

    util = tmp_path / "common" / "inc" / "op_api" / "op_util.h"
    util.parent.mkdir(parents=True)
    util.write_text("#pragma once\nnamespace Ops { namespace Nn {\n"
                    "inline bool IsDimValid(long rank, long dim) { return dim >= -rank && dim < rank; }\n} }\n")
    src = tmp_path / "infer.cpp"
    src.write_text('#include "op_api/runtime2_util.h"\nbool Ok(long r, long d) { return Ops::Nn::IsDimValid(r, d); }\n')
    cmd = [find_compiler().path, "-std=c++17", "-fsyntax-only", "-I", str(INCLUDE_DIR), str(src)]
    res = subprocess.run(cmd + ["-I", str(tmp_path / "common" / "inc")], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-2000:]
    assert subprocess.run(cmd, capture_output=True).returncode != 0   # without the repository's header: undeclared


@requires_cxx
def test_tanh_and_sigmoid_tmp_sizes_follow_asc_devkit(tmp_path):
    """GetTanhMaxMinTmpSize / GetSigmoidMaxMinTmpSize (rnn tilings): asc-devkit's rules, via tiling/tiling_api.h."""
    import subprocess


    src = tmp_path / "sizes.cpp"
    src.write_text('#include <cstdio>\n#include "tiling/tiling_api.h"\n'
                   "struct S { long n; long GetShapeSize() const { return n; } };\n"
                   "int main() { uint32_t mx = 0, mn = 0, a = 0, b = 0;\n"
                   "  for (long n : {100L, 1000L}) for (uint32_t t : {2u, 4u}) {\n"
                   "    AscendC::GetTanhMaxMinTmpSize(S{n}, t, false, mx, mn); std::printf(\"%u %u \", mx, mn);\n"
                   "    AscendC::GetSigmoidMaxMinTmpSize(S{n}, t, false, mx, mn); std::printf(\"%u %u \", mx, mn); }\n"
                   "  AscendC::GetTanhTmpBufferFactorSize(2, a, b); std::printf(\"%u %u\\n\", a, b); }\n")
    exe = _compiled(src, tmp_path / "sizes")
    got = [int(v) for v in subprocess.run([str(exe)], capture_output=True, text=True).stdout.split()]
    # n=100 half: 200 bytes <= 256, so tanh max = min = 4 x 256; float 400 bytes: tanh 1 x 400, sigmoid 400
    assert got == [1024, 1024, 256, 256,   400, 256, 400, 256,
                   8000, 1024, 2000, 256,  4000, 256, 4000, 256,   4, 0]


@requires_cxx
def test_platform_local_mem_size_reads_the_ini_figures(tmp_path):
    """fe::PlatFormInfos::GetLocalMemSize (24 main-tree host tilings: pooling, index, rnn, conv): the INI's sizes
    undeducted (910B's UB 256 bytes above GetCoreMemSize's), L0C and the bias table from the SOC record (the
    catalog's figures, as the emulator gives them); a platform without figures answers 0. With it,
    GetSortMaxMinTmpSize (16 index tilings) by asc-devkit's rule on the 950, refused on the 910B."""
    import subprocess

    from kernelgen.socs import get_soc

    b910, e950 = get_soc("ascend910b"), get_soc("ascend950")
    cube = (f"b.l0c_size = {b910.l0c_bytes}; b.bias_table_size = {b910.bias_table_bytes}; "
            f"e.l0c_size = {e950.l0c_bytes}; e.bias_table_size = {e950.bias_table_bytes};\n")

    src = tmp_path / "mem.cpp"
    # a standalone program: the platform's out-of-line bodies (GetPlatformRes) compile here
    src.write_text('#define KGEMU_OPDEF_IMPL\n#include <cstdio>\n#include "tiling/tiling_api.h"\n'
                   "unsigned long long q(fe::PlatFormInfos& p, fe::LocalMemType t) { uint64_t s = 7; "
                   "p.GetLocalMemSize(t, s); return s; }\n"
                   "int main() { KgSoc b{}; b.short_soc_version = \"Ascend910B\"; b.soc_version_enum = 1; "
                   "b.npu_arch = 2201; b.ub_size_tiling = 196352; b.l1_size = 524288; b.l2_size = 201326592;\n"
                   "  KgSoc e = b; e.short_soc_version = \"Ascend950\"; e.soc_version_enum = 4; e.npu_arch = 3510; "
                   "e.ub_size_tiling = 262144;\n" + cube +
                   "  fe::PlatFormInfos pb(&b), pe(&e), none; uint64_t core = 0, bt = 0;\n"
                   "  platform_ascendc::PlatformAscendC(&pe).GetCoreMemSize(platform_ascendc::CoreMemType::BT, bt);\n"
                   "  std::string ini; pe.GetPlatformRes(\"AICoreSpec\", \"bt_size\", ini);\n"
                   "  std::printf(\"%llu %s \", (unsigned long long)bt, ini.c_str());\n"
                   "  platform_ascendc::PlatformAscendC(&pb).GetCoreMemSize(platform_ascendc::CoreMemType::UB, core);\n"
                   "  std::printf(\"%llu %llu %llu %llu %llu %llu %llu %llu %llu\\n\", q(pb, fe::LocalMemType::UB), "
                   "(unsigned long long)core, q(pb, fe::LocalMemType::L1), q(pb, fe::LocalMemType::L2), "
                   "q(pb, fe::LocalMemType::L0_C), q(pe, fe::LocalMemType::UB), q(pe, fe::LocalMemType::L0_C), "
                   "q(pe, fe::LocalMemType::HBM), q(none, fe::LocalMemType::UB));\n"
                   "  AscendC::SortConfig c; c.hasDstIndex = true; uint32_t mx = 1, mn = 1;\n"
                   "  AscendC::GetSortMaxMinTmpSize(ge::Shape({4, 25}), ge::DT_INT32, ge::DT_UINT32, false, c, mx, mn);\n"
                   "  std::printf(\"%u %u \", mx, mn);\n"
                   "  AscendC::SortConfig r; AscendC::GetSortMaxMinTmpSize(ge::Shape({64}), ge::DT_UINT8, ge::DT_UINT32, "
                   "true, r, mx, mn); std::printf(\"%u \", mx);\n"
                   "  r.type = AscendC::SortType::MERGE_SORT; AscendC::GetSortMaxMinTmpSize(ge::Shape({100}), "
                   "ge::DT_FLOAT, ge::DT_UINT32, false, r, mx, mn); std::printf(\"%u \", mx);\n"
                   "  fe::PlatFormInfos again(&b); mx = mn = 5;\n"
                   "  AscendC::GetSortMaxMinTmpSize(ge::Shape({64}), ge::DT_INT32, ge::DT_UINT32, false, c, mx, mn);\n"
                   "  std::printf(\"%u %u\\n\", mx, mn); }\n")
    exe = _compiled(src, tmp_path / "mem")
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    got = [int(v) for v in run.stdout.split()]
    # 100 int32 with output indices: 128 x 7 + 512 + 128 x (4 + 4); 64 uint8 reusing the source: 64 x 7 + 512;
    # merge sort 8 per element; on the 910B the outputs stay as they were, with asc-devkit's message
    # the 950's bias table: 4 KiB (socs.md 3.2, A3510), by GetCoreMemSize(BT) and the INI's AICoreSpec.bt_size
    assert got == [4096, 4096,
                   196608, 196352, 524288, 201326592, 131072, 262144, 262144, 0, 0, 2432, 2432, 960, 800, 5, 5]
    assert "Unsupported NpuArch for Sort API" in run.stderr


def test_cmake_dependencies_bring_their_op_host_folder_and_helper_tilings(tmp_path):
    """`add_modules_sources(... DEPENDENCIES common_x)`: the dependency's op_host/ joins the include path (CANN's
    tiling object has every op_host folder on it, so `"../op_kernel/arch35/s.h"` in the dependency's header
    resolves), and the dependency's tiling classes are compiled with the operator, also when the dependency is an
    operator itself (its registrations are keyed by its own op type, as in CANN's one library; its OpDef is not a
    tiling source): confusion_softmax_grad links softmax_grad's SoftmaxGradTilingAR."""
    from kernelgen.emulator import host_deps
    from kernelgen.emulator.layout import host_sources, include_dirs

    root = tmp_path / "repo"
    (root / "common" / "inc").mkdir(parents=True)
    op = root / "index" / "scat"
    (op / "op_host" / "arch35").mkdir(parents=True)
    (op / "op_host" / "scat_def.cpp").write_text("OP_ADD(Scat);\n")
    (op / "op_host" / "arch35" / "scat_tiling.cpp").write_text("// tiling\n")
    (op / "CMakeLists.txt").write_text('set(SUPPORT_TILING_DIR "arch35")\n'
                                       "add_modules_sources(DIR x OPTYPE scat COMPUTE_UNIT ascend950 TILING_DIR arch35 "
                                       "DEPENDENCIES scat_common regs)  # DEPENDENCIES ignored\n")
    helper = root / "index" / "scat_common"
    (helper / "op_host" / "arch35").mkdir(parents=True)
    (helper / "op_host" / "arch35" / "scat_common_base_tiling.cpp").write_text("int Base() { return 1; }\n")
    regs = root / "foreach" / "regs"                        # found in another category
    (regs / "op_host").mkdir(parents=True)
    (regs / "op_host" / "regs_tiling_func.cpp").write_text("IMPL_OP_OPTILING(A).Tiling(F);\n")
    (regs / "op_host" / "regs_def.cpp").write_text("OP_ADD(Regs);\n")
    assert host_deps.dependency_names(op) == ["scat_common", "regs"]
    inc = include_dirs(op)
    assert helper.resolve() / "op_host" in inc and regs.resolve() / "op_host" in inc
    assert inc.index(helper.resolve() / "op_host") > inc.index(root.resolve() / "common" / "inc")
    # regs' category folder too (`<dir>/../../` of each module in CANN's tiling object): "regs/op_host/x.h" resolves
    assert inc.index(root.resolve() / "foreach") > inc.index(regs.resolve() / "op_host")
    srcs = [p.name for p in host_sources(op, "ascend950", 3510)]
    assert srcs == ["scat_def.cpp", "scat_tiling.cpp", "scat_common_base_tiling.cpp", "regs_tiling_func.cpp"]
    # a dependency's own dependencies too (CANN's one tiling library): regs names base_mm of another category
    base = root / "matmul" / "base_mm" / "op_host"
    base.mkdir(parents=True)
    (base / "base_mm_tiling.cpp").write_text("// the class regs' tiling derives from\n")
    (regs / "CMakeLists.txt").write_text("add_modules_sources(OPTYPE regs DEPENDENCIES base_mm scat)\n")
    assert host_deps.dependency_dirs(op)[-1] == base.parent.resolve()  # and not scat itself (a cycle)
    assert [p.name for p in host_sources(op, "ascend950", 3510)][-1] == "base_mm_tiling.cpp"


def test_a_dependencys_atvoss_families_join_the_host_library(tmp_path, monkeypatch):
    """glu's own host code includes no ATVOSS header, but it depends on sigmoid, whose arch35 tiling calls
    opbase's ElewiseTiling: CANN links libopbase with the one tiling library, so the dependency's families are
    compiled too (before: "undefined symbol Ops::Base::ElewiseTiling" when the host library loaded). An
    operator whose dependency includes none gets none."""
    from kernelgen.emulator.layout import host_sources

    monkeypatch.delenv("KERNELGEN_OPBASE", raising=False)
    opbase = tmp_path / "opbase"                                # found beside the repository
    for fam in ("elewise", "reduce"):
        (opbase / "pkg_inc" / "op_common" / "atvoss" / fam).mkdir(parents=True)
        (opbase / "src" / "op_common" / "atvoss" / fam).mkdir(parents=True)
        (opbase / "src" / "op_common" / "atvoss" / fam / f"{fam}_tiling.cpp").write_text("// libopbase\n")
    root = tmp_path / "repo"
    (root / "common" / "inc").mkdir(parents=True)
    op = root / "activation" / "gl"
    (op / "op_host").mkdir(parents=True)
    (op / "op_host" / "gl_def.cpp").write_text("OP_ADD(Gl);\n")
    (op / "op_host" / "gl_tiling.cpp").write_text('#include "gl_tiling.h"\n')
    (op / "CMakeLists.txt").write_text("add_modules_sources(OPTYPE gl DEPENDENCIES sg)\n")
    sg = root / "activation" / "sg" / "op_host" / "arch35"
    sg.mkdir(parents=True)
    (sg / "sg_tiling_arch35.cpp").write_text('#include "sg_tiling_arch35.h"\n')
    (sg / "sg_tiling_arch35.h").write_text('#include "atvoss/elewise/elewise_tiling.h"\n')
    names = [p.name for p in host_sources(op, "ascend950", 3510)]
    assert names == ["gl_def.cpp", "gl_tiling.cpp", "sg_tiling_arch35.cpp", "elewise_tiling.cpp"]
    (op / "CMakeLists.txt").write_text("add_modules_sources(OPTYPE gl)\n")   # no dependency: no family
    assert [p.name for p in host_sources(op, "ascend950", 3510)] == ["gl_def.cpp", "gl_tiling.cpp"]


def test_the_categorys_common_host_code_joins_every_operator_of_the_category(tmp_path):
    """matmul/common/op_host (`OPTYPE common`, named by no operator's DEPENDENCIES) is in CANN's one tiling
    library: its op_tiling sources (Ops::NN::DebugTilingContext) and its infershape helpers (conv/common's
    InferShapeForConvBackpropExtend3D: func.cmake's add_modules_sources compiles a module's *_infershape*.cpp into
    the same library) are compiled with each operator of the category; a category without a common folder adds
    nothing; another operator named by DEPENDENCIES brings its tilings only. And
    `add_all_modules_sources(... DEPENDENCIES ...)` (23 matmul operators) names dependencies too."""
    from kernelgen.emulator.layout import host_sources

    root = tmp_path / "repo"
    (root / "common" / "inc").mkdir(parents=True)
    op = root / "matmul" / "qmm"
    (op / "op_host").mkdir(parents=True)
    (op / "op_host" / "qmm_def.cpp").write_text("OP_ADD(Qmm);\n")
    (op / "op_host" / "qmm_tiling.cpp").write_text("// tiling\n")
    (op / "CMakeLists.txt").write_text("add_all_modules_sources(\n    ACLNNTYPE aclnn_exclude\n    DEPENDENCIES mm3\n)\n")
    mm3 = root / "matmul" / "mm3" / "op_host" / "op_tiling" / "arch35"
    mm3.mkdir(parents=True)
    (mm3 / "mm3_basic_tiling.cpp").write_text("// MatMulV3BasicAswtTiling\n")
    common = root / "matmul" / "common" / "op_host"
    (common / "op_tiling").mkdir(parents=True)
    (common / "op_tiling" / "debug_tiling.cpp").write_text("// Ops::NN::DebugTilingContext\n")
    (common / "matmul_common_infershape.cpp").write_text("// infershape helper\n")
    # add_all_modules_sources names DEPENDENCIES as add_modules_sources does (fused_mat_mul: mat_mul_v3's tilings)
    (root / "matmul" / "mm3" / "op_host" / "mm3_infershape.cpp").write_text("// mm3's own infershape\n")
    assert [p.name for p in host_sources(op, "ascend950", 3510)] == ["qmm_def.cpp", "qmm_tiling.cpp",
                                                                     "mm3_basic_tiling.cpp",
                                                                     "matmul_common_infershape.cpp",
                                                                     "debug_tiling.cpp"]
    other = root / "index" / "idx"
    (other / "op_host").mkdir(parents=True)
    (other / "op_host" / "idx_def.cpp").write_text("OP_ADD(Idx);\n")
    assert [p.name for p in host_sources(other, "ascend950", 3510)] == ["idx_def.cpp"]


def test_tiling_classes_of_a_dependency_reach_the_kernel(tmp_path):
    """foreach_add_scalar's kernel reads `GET_TILING_DATA_WITH_STRUCT(ForeachSoloTilingDataRegbase, ...)`, a class
    registered in its DEPENDENCIES folder foreach_utils (op_host/foreach_tiling_def.h), not in its own op_host: the
    kernel TU gets the dependency's tiling-class headers that register a class for the operator, after the
    operator's own (same-named tiling folder too); a header for other operators, or without tiling classes, is not
    included (foreach_reduce_tiling_def.h repeats foreach_tiling_def.h's constants)."""
    from kernelgen.emulator.opdir import legacy_tiling_headers

    root = tmp_path / "repo"
    (root / "common" / "inc").mkdir(parents=True)
    op = root / "foreach" / "fe_add"
    (op / "op_host" / "arch35").mkdir(parents=True)
    (op / "op_host" / "fe_add_def.cpp").write_text("OP_ADD(FeAdd);\n")
    (op / "CMakeLists.txt").write_text("add_modules_sources(OPTYPE fe_add DEPENDENCIES fe_utils)\n")
    utils = root / "foreach" / "fe_utils" / "op_host"
    (utils / "arch35").mkdir(parents=True)
    (utils / "fe_tiling_def.h").write_text("BEGIN_TILING_DATA_DEF(FeSolo)\nTILING_DATA_FIELD_DEF(uint32_t, n);\n"
                                           "END_TILING_DATA_DEF;\nREGISTER_TILING_DATA_CLASS(FeAdd_10001, FeSolo)\n")
    (utils / "arch35" / "fe_regbase_def.h").write_text("BEGIN_TILING_DATA_DEF(FeRb)\nEND_TILING_DATA_DEF;\n"
                                                       "REGISTER_TILING_DATA_CLASS(FeAdd, FeRb)\n")
    (utils / "fe_reduce_def.h").write_text("constexpr int MAX_T = 256;\nBEGIN_TILING_DATA_DEF(FeRed)\n"
                                           "END_TILING_DATA_DEF;\nREGISTER_TILING_DATA_CLASS(FeAddX, FeRed)\n")
    (utils / "fe_util.h").write_text("// BEGIN_TILING_DATA_DEF only in a comment\nint x;\n")
    assert legacy_tiling_headers(op) == []  # without the op type: the operator's own folders only
    assert legacy_tiling_headers(op, None, "FeAdd") == [utils / "fe_tiling_def.h"]
    # the same-named tiling folder too; FeAddX's header (another operator, the same constants) stays out
    assert legacy_tiling_headers(op, op / "op_host" / "arch35", "FeAdd") == [utils / "fe_tiling_def.h",
                                                                              utils / "arch35" / "fe_regbase_def.h"]
    # a class in the operator's op_host/op_tiling/ (unique_dim's UniqueDimTilingData) is the operator's own
    (op / "op_host" / "op_tiling").mkdir()
    (op / "op_host" / "op_tiling" / "fe_add_tiling_arch35.h").write_text(
        "BEGIN_TILING_DATA_DEF(FeOwn)\nEND_TILING_DATA_DEF;\nREGISTER_TILING_DATA_CLASS(FeAdd, FeOwn)\n")
    assert legacy_tiling_headers(op)[0] == op / "op_host" / "op_tiling" / "fe_add_tiling_arch35.h"


@requires_cxx
def test_reduce_sum_tmp_size_follows_asc_devkit(tmp_path):
    """GetReduceSumMaxMinTmpSize (six loss/index tilings reserve UB with it): by asc-devkit's rule, maximum = minimum;
    what it refuses (float16 on the 950, a 3-D shape, an unpadded source on the 910B, another pattern) logs the
    reason and leaves the outputs as they were."""
    import subprocess


    src = tmp_path / "rs.cpp"
    src.write_text('#include <cstdio>\n#include "tiling/tiling_api.h"\n'
                   "using AscendC::ReducePattern;\n"
                   "void q(std::vector<int64_t> d, ge::DataType t, ReducePattern p, bool pad, bool reuse) {\n"
                   "  uint32_t mx = 7, mn = 9; AscendC::GetReduceSumMaxMinTmpSize(ge::Shape(d), t, p, pad, reuse, mx, mn);\n"
                   "  std::printf(\"%u %u \", mx, mn); }\n"
                   "int main() { KgSoc e{}; e.short_soc_version = \"Ascend950\"; e.soc_version_enum = 4; "
                   "e.npu_arch = 3510; e.ub_size_tiling = 262144;\n"
                   "  KgSoc b = e; b.short_soc_version = \"Ascend910B\"; b.soc_version_enum = 1; b.npu_arch = 2201;\n"
                   "  { fe::PlatFormInfos pe(&e);\n"
                   "    q({4, 37}, ge::DT_FLOAT, ReducePattern::AR, true, false);\n"     # a row in one repeat
                   "    q({3, 100}, ge::DT_FLOAT, ReducePattern::AR, false, false);\n"   # k 64
                   "    q({3, 128}, ge::DT_INT32, ReducePattern::AR, true, false);\n"    # k 128 halved
                   "    q({1, 128}, ge::DT_FLOAT, ReducePattern::AR, true, false);\n"    # one row: not halved
                   "    q({8, 37}, ge::DT_FLOAT, ReducePattern::RA, true, false);\n"     # k 8 halved, 37 -> 40
                   "    q({8, 37}, ge::DT_FLOAT, ReducePattern::RA, true, true);\n"      # reuse: none
                   "    q({8, 37}, ge::DT_FLOAT16, ReducePattern::AR, true, false);\n"   # refused
                   "    q({2, 8, 37}, ge::DT_FLOAT, ReducePattern::AR, true, false);\n"  # refused
                   "    q({8, 37}, ge::DT_FLOAT, ReducePattern::ARA, true, false); }\n"  # refused
                   "  { fe::PlatFormInfos pb(&b);\n"
                   "    q({3, 100}, ge::DT_FLOAT, ReducePattern::AR, true, false);\n"
                   "    q({3, 100}, ge::DT_FLOAT, ReducePattern::AR, false, false);\n"   # refused off the 950
                   "    q({3, 100}, ge::DT_INT32, ReducePattern::AR, true, false); } }\n")  # refused off the 950
    exe = _compiled(src, tmp_path / "rs")
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    got = [int(v) for v in run.stdout.split()]
    assert got == [0, 0, 3 * 64 * 4, 3 * 64 * 4, 3 * 64 * 4, 3 * 64 * 4, 128 * 4, 128 * 4, 4 * 40 * 4, 4 * 40 * 4,
                   0, 0, 7, 9, 7, 9, 7, 9, 3 * 64 * 4, 3 * 64 * 4, 7, 9, 7, 9]
    for why in ("int32_t/uint32_t/float/int64_t/uint64_t type", "srcShape dims must be 2",
                "only support AR and RA", "isSrcInnerPad must be true", "it only supports float type"):
        assert why in run.stderr


@requires_cxx
def test_check_support_function_is_kept_and_registered(tmp_path):
    """index/unique_dim (and 4 more OpDefs) give AICore().SetCheckSupport a function and register it with
    optiling::OpCheckFuncHelper(FUNC_CHECK_SUPPORTED, ...) from a static initialiser: the OpDef keeps the function
    (GetCheckSupport), the registry holds it under (check type, op type), and nothing calls it."""
    import subprocess


    src = tmp_path / "cs.cpp"
    # a program of its own, without kg_harness.cpp: it holds OpDef's out-of-line members itself
    src.write_text('#include <cstdio>\n#define KGEMU_OPDEF_IMPL\n#include "register/op_def_registry.h"\n'
                   "static int calls = 0;\n"
                   "static ge::graphStatus Check(const ge::Operator&, ge::AscendString& r) { ++calls; "
                   "r = ge::AscendString(\"{}\"); return ge::GRAPH_SUCCESS; }\n"
                   "namespace ops { class Uq : public OpDef { public: explicit Uq(const char* n) : OpDef(n) {\n"
                   "  this->Input(\"x\").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});\n"
                   "  this->AICore().SetCheckSupport(Check); this->AICore().AddConfig(\"ascend950\"); } };\n"
                   "OP_ADD(Uq);\n"
                   "static int REG = [](const char* name) { Uq d(name); optiling::OpCheckFuncHelper("
                   "FUNC_CHECK_SUPPORTED, name, d.AICore().GetCheckSupport()); return 0; }(\"Uq\"); }\n"
                   "int main() { std::printf(\"%d %d %d\\n\", optiling::kg_registered_check(\"check_supported\", "
                   "\"Uq\") == &Check, optiling::kg_registered_check(\"check_supported\", \"Other\") == nullptr, "
                   "calls); }\n")
    exe = _compiled(src, tmp_path / "cs")
    assert subprocess.run([str(exe)], capture_output=True, text=True).stdout.split() == ["1", "1", "0"]


@requires_cxx
def test_op_select_format_is_kept_and_inner_errors_are_reported(tmp_path):
    """rnn/dynamic_rnn and dynamic_rnnv2 give AICore().SetOpSelectFormat a function (kept, never called, as
    SetCheckSupport's), and reverse_v2's tiling header reports through REPORT_INNER_ERR_MSG, which metadef's
    base/err_msg.h defines and opbase's log.h brings in: the report is an error line of the host log."""
    import subprocess


    src = tmp_path / "sf.cpp"
    src.write_text('#include <cstdio>\n#define KGEMU_OPDEF_IMPL\n#include "register/op_def_registry.h"\n'
                   '#include "op_common/log/log.h"\n'
                   "static int calls = 0;\n"
                   "static ge::graphStatus Select(const ge::Operator&, ge::AscendString& r) { ++calls; "
                   "r = ge::AscendString(\"{}\"); return ge::GRAPH_SUCCESS; }\n"
                   "namespace ops { class Rnn : public OpDef { public: explicit Rnn(const char* n) : OpDef(n) {\n"
                   "  this->Input(\"x\").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});\n"
                   "  this->AICore().SetOpSelectFormat(Select); this->AICore().AddConfig(\"ascend910b\"); } };\n"
                   "OP_ADD(Rnn); }\n"
                   "int main() { ops::Rnn d(\"Rnn\");\n"
                   "  REPORT_INNER_ERR_MSG(\"EZ9999\", \"op[%s], %s is nullptr!\", \"Rnn\", \"x\");\n"
                   "  const auto& lines = kgemu::detail::HostLogLines();\n"
                   "  std::printf(\"%d %d %zu %s\\n\", d.AICore().GetOpSelectFormat() == &Select, calls, lines.size(),"
                   " lines.empty() ? \"-\" : lines.back().text.c_str()); }\n")
    exe = _compiled(src, tmp_path / "sf")
    out = subprocess.run([str(exe)], capture_output=True, text=True).stdout
    assert out.split(" ", 3) == ["1", "0", "1", "EZ9999: op[Rnn], x is nullptr!\n"]
