"""kernelgen run-example on the emulator: the emulated ACL runtime and opdev framework, the generated op_api
sources compiled unmodified against them, and the aclnn two-stage call running the emulated GeluGrad.

The C++ programs are tests/examples_cpp/*.cpp, run through `kernelgen run-example gelu_grad --example FILE`;
each prints one "ok:"/"FAIL:" line per check and exits with the number of failed checks. Every compiled
object is cached (build.py), so only the first run pays for compiling the runtime and the kernels.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest
from click.testing import CliRunner

from kernelgen.cli import main
from kernelgen.emulator.example import check_results

from conftest import GELU, REPO, implied_alone, requires_cxx

CPP = REPO / "tests" / "examples_cpp"
INCLUDE = REPO / "kernelgen" / "emulator" / "include"
EXPECTED_4DP = ["0.5000", "1.0830", "1.0861", "1.0116", "1.0003", "1.0000", "1.0000", "1.0000"]  # the seed's 8
RESULT = re.compile(r"^aclnnGeluBackward result\[(\d+)\] is: (\S+)$", re.M)


def cli(args, **kw):
    return CliRunner().invoke(main, [str(a) for a in args], **kw)


def no_cann(monkeypatch):
    for var in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME", "KERNELGEN_OPS_NN"):
        monkeypatch.delenv(var, raising=False)


# ---- the result check (pure Python) ----------------------------------------------------------------------
def _good_lines():
    import numpy as np

    from kernelgen.checking.golden import gelu_grad
    from kernelgen.emulator.example import example_inputs

    inputs = example_inputs(GELU)
    z = gelu_grad({k: v.astype(np.float64) for k, v in inputs.items()}, {})["z"].astype(np.float32).ravel()
    return [f"aclnnGeluBackward result[{i}] is: {v:.9g}" for i, v in enumerate(z)]


GOOD = _good_lines()


def test_check_accepts_the_golden_values():
    passed, detail, values = check_results(GELU, ["noise"] + GOOD + ["more noise"])
    assert passed, detail
    assert len(values) == 32 and "32 results match" in detail


def test_check_rejects_a_wrong_value():
    bad = GOOD[:3] + ["aclnnGeluBackward result[3] is: 1.02"] + GOOD[4:]
    passed, detail, _ = check_results(GELU, bad)
    assert not passed and "result[3]" in detail and "printed 1.02" in detail


def test_check_rejects_a_small_value_grossly_off():
    i = 25                                   # x = -6.5: |golden| ~ 1e-11, below the small-value threshold
    bad = GOOD[:i] + [f"aclnnGeluBackward result[{i}] is: 0.01"] + GOOD[i + 1:]
    passed, detail, _ = check_results(GELU, bad)
    assert not passed and "small-golden" in detail and f"result[{i}]" in detail


def test_check_rejects_missing_results():
    passed, detail, _ = check_results(GELU, GOOD[:31])
    assert not passed and "expected 32 lines" in detail and "got 31" in detail


def test_check_rejects_nan():
    passed, _, _ = check_results(GELU, GOOD[:31] + ["aclnnGeluBackward result[31] is: nan"])
    assert not passed


# ---- headers ------------------------------------------------------------------------------------------------
PUBLIC_HEADERS = ["acl/acl.h", "acl/acl_base.h", "acl/acl_rt.h", "aclnn/aclnn_base.h", "aclnn/acl_meta.h",
                  "opdev/common_types.h", "opdev/data_type_utils.h", "opdev/format_utils.h", "opdev/make_op_executor.h",
                  "opdev/op_def.h", "opdev/op_dfx.h", "opdev/op_errno.h", "opdev/op_executor.h", "opdev/op_log.h",
                  "opdev/platform.h", "opdev/shape_utils.h", "opdev/tensor_view_utils.h", "aclnn_kernels/cast.h",
                  "aclnn_kernels/contiguous.h", "aclnn_kernels/common/op_error_check.h", "level0/broadcast_to.h",
                  "aclnn_kernels/reshape.h", "level0/fill.h", "opdev/fast_vector.h", "opdev/aicpu/aicpu_task.h",
                  "level0/muls.h", "kgemu/opdef_api.h"]


@requires_cxx
def test_each_public_header_compiles_alone(tmp_path):
    cxx = shutil.which("g++") or "c++"

    def compile_one(header: str) -> tuple[str, subprocess.CompletedProcess]:
        src = tmp_path / (header.replace("/", "_") + ".cpp")
        src.write_text(f'#include "{header}"\n#include "{header}"\nint main() {{ return 0; }}\n')
        return header, subprocess.run([cxx, "-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-I",
                                       str(INCLUDE), str(src)], capture_output=True, text=True)

    forwarders = implied_alone(PUBLIC_HEADERS, INCLUDE)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(compile_one, [h for h in PUBLIC_HEADERS if h not in forwarders]))
    failed = {h: r.stderr[-800:] for h, r in results if r.returncode != 0}
    assert not failed, failed


@requires_cxx
def test_opdev_headers_take_what_ops_nn_op_api_sources_write(tmp_path):
    # as CANN's opdev: `string` under `using namespace op` (nll_loss_grad), GetPrimaryFormat of a Format is a
    # Format (smooth_l1_loss_v2 hands it to TransData), std::map through op_dfx.h (quantize)
    src = tmp_path / "op_api_like.cpp"
    src.write_text('#include "opdev/op_dfx.h"\n#include "opdev/op_executor.h"\n#include "opdev/format_utils.h"\n'
                   '#include "aclnn_kernels/transdata.h"\nusing namespace op;\n'
                   "static const std::map<int64_t, int64_t> kTable = {{0, 1}};\n"
                   "static bool Named(const string& reduction) { return reduction == \"mean\"; }\n"
                   "const aclTensor* F(const aclTensor* x, aclOpExecutor* e) {\n"
                   "    int32_t raw = GetPrimaryFormat(static_cast<int32_t>(x->GetStorageFormat()));\n"
                   "    (void)raw; (void)Named(\"none\"); (void)kTable;\n"
                   "    return l0op::TransData(x, GetPrimaryFormat(x->GetOriginalFormat()), 1, e);\n}\n")
    r = subprocess.run([shutil.which("g++") or "c++", "-std=c++17", "-fsyntax-only", "-I", str(INCLUDE), str(src)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-1500:]


@requires_cxx
def test_detail_headers_refuse_direct_inclusion(tmp_path):
    src = tmp_path / "direct.cpp"
    src.write_text('#include "kgemu/detail/acl_objects.h"\n')
    r = subprocess.run([shutil.which("g++") or "c++", "-std=c++17", "-fsyntax-only", "-I", str(INCLUDE), str(src)],
                       capture_output=True, text=True)
    assert r.returncode != 0 and "private to the kernelgen emulator" in r.stderr


# ---- the generated example ----------------------------------------------------------------------------------
@requires_cxx
def test_generated_example_prints_the_tanh_derivative_and_exits_0(monkeypatch):
    no_cann(monkeypatch)
    res = cli(["run-example", "gelu_grad"])
    assert res.exit_code == 0, res.output
    values = RESULT.findall(res.output)
    assert [int(i) for i, _ in values] == list(range(32)), res.output
    assert [f"{float(v):.4f}" for _, v in values[:8]] == EXPECTED_4DP
    assert "32 results match the golden" in res.output


@requires_cxx
def test_generated_example_on_310b_uses_the_other_formulation(monkeypatch):
    no_cann(monkeypatch)
    res = cli(["run-example", "gelu_grad", "--soc", "ascend310b", "--backend", "emu"])
    assert res.exit_code == 0, res.output
    assert [f"{float(v):.4f}" for _, v in RESULT.findall(res.output)][:8] == EXPECTED_4DP
    assert "ascend310b: 32 results match the golden" in res.output


@requires_cxx
def test_a_mismatch_with_the_golden_exits_1(monkeypatch):
    import numpy as np

    import kernelgen.emulator.example

    no_cann(monkeypatch)
    real = kernelgen.emulator.example.example_inputs
    monkeypatch.setattr(kernelgen.emulator.example, "example_inputs",
                        lambda spec: {k: (v + np.float32(0.5) if k == "x" else v) for k, v in real(spec).items()})
    res = cli(["run-example", "gelu_grad"])
    assert res.exit_code == 1, res.output
    assert "results differ from the golden" in res.output


@requires_cxx
def test_a_spec_file_with_the_cubic_1_percent_off_fails_verify_and_run_example(monkeypatch, tmp_path):
    """The issue's wrong kernel: a copy of the gelu_grad spec under another file name, C = 0.0452."""
    no_cann(monkeypatch)
    text = (REPO / "kernelgen" / "authoring" / "ops" / "gelu_grad.py").read_text()
    assert "C = 0.044715 " in text
    off = tmp_path / "gelu_grad_off.py"
    off.write_text(text.replace("C = 0.044715 ", "C = 0.0452 "))
    res = cli(["verify", off, "--soc", "ascend910b", "--dtype", "float32", "--shape", "4097"])
    assert res.exit_code == 1, res.output
    assert "0 passed, 1 failed" in res.output and "MARE" in res.output
    res = cli(["run-example", off, "--backend", "emu"])
    assert res.exit_code == 1, res.output
    assert "results differ from the golden" in res.output


# ---- the test programs --------------------------------------------------------------------------------------
def run_program(name: str, monkeypatch, env: dict | None = None):
    no_cann(monkeypatch)
    for key, value in (env or {}).items():
        monkeypatch.setenv(key, value)
    res = cli(["run-example", "gelu_grad", "--example", CPP / name, "--backend", "emu"])
    assert "FAIL:" not in res.output, res.output
    assert res.exit_code == 0, res.output
    assert "0 check(s) failed" in res.output
    return res.output


@requires_cxx
@pytest.mark.parametrize("program", [
    "acl_runtime.cpp",   # aclInit/devices/streams/aclrtMalloc/aclrtMemcpy bounds, aclCreateTensor checks
    "gelu_errors.cpp",   # every 161001/161002/361001 path of both stages
    "gelu_dtypes.cpp",   # float16 self + float32 gradOutput -> bfloat16 gradInput, float16/bfloat16 end to end
    "opdev_cast.cpp",    # exact RNE of l0op::Cast, int32 -> float32, float32 -> int32
    "opdev_l0_math.cpp",  # Sub/RealDiv/Abs/OnesLike/ReduceSumOp/ReduceMean/UnsqueezeNd/Transpose/TransData, INFER_SHAPE, fp16 helpers
    "seed_int32.cpp",    # the seed's int32 gradOutput with float32 self
    "gelu_workspace.cpp",  # stage 1 reserves the tiling's workspace; stage 2 runs the kernel in it
])
def test_program(program, monkeypatch):
    run_program(program, monkeypatch)


@requires_cxx
def test_layouts_and_empty_tensors_launch_nothing(monkeypatch):
    # broadcast {1,5}/{2,5}, 0-dim, 8-dim, empty, transposed self and gradInput, storage offset
    out = run_program("gelu_layouts.cpp", monkeypatch, {"KERNELGEN_ACL_TRACE": "1"})
    empty = out.split("[section] empty begin", 1)[1].split("[section] empty end", 1)[0]
    assert "aclnn aclnnGeluBackward" in empty            # the API was called ...
    assert "plan step" not in empty and "run step" not in empty   # ... and planned and ran nothing
    assert "run step" in out and "GeluGrad" in out


@requires_cxx
def test_a_user_program_exit_code_is_returned(tmp_path, monkeypatch):
    no_cann(monkeypatch)
    src = tmp_path / "exit3.cpp"
    src.write_text('#include <cstdio>\n#include "acl/acl.h"\n#include "aclnnop/aclnn_gelu_backward.h"\n'
                   'int main() { std::printf("hello from the program\\n"); return aclInit(nullptr) == ACL_SUCCESS ? 3 : 9; }\n')
    res = cli(["run-example", "gelu_grad", "--example", src, "--backend", "emu"])
    assert res.exit_code == 3, res.output
    assert "hello from the program" in res.output


@requires_cxx
def test_a_user_program_that_does_not_compile_is_a_toolchain_error(tmp_path, monkeypatch):
    no_cann(monkeypatch)
    src = tmp_path / "broken.cpp"
    src.write_text('#include "acl/acl.h"\nint main() { return aclNoSuchCall(); }\n')
    res = cli(["run-example", "gelu_grad", "--example", src, "--backend", "emu"])
    assert res.exit_code == 3, res.output
    assert "aclNoSuchCall" in res.output


# ---- a kernel fault and a tiling failure surface as CANN reports them ----------------------------------------
def _patched_operator(old: str, new: str):
    """gelu_grad's rendered op_host/op_kernel with one edit to the tiling, as a cached operator directory."""
    from kernelgen.emulator.emulate import OperatorSource
    from kernelgen.emulator.build import materialize_tree
    from kernelgen.authoring.render import render_tree, resolve_socs

    files = {k: v for k, v in render_tree(GELU, resolve_socs(GELU, None)).items()
             if k.startswith(("op_host/", "op_kernel/"))}
    tiling = files["op_host/gelu_grad_tiling.cpp"]
    assert old in tiling
    files["op_host/gelu_grad_tiling.cpp"] = tiling.replace(old, new)
    root = materialize_tree(files, "gelu_grad_patched")
    return OperatorSource(root, "gelu_grad")


TOTAL = "const uint64_t totalDataNum = static_cast<uint64_t>(dyShape->GetStorageShape().GetShapeSize());"


@requires_cxx
def test_a_kernel_fault_fails_the_stream_sync_with_an_aicore_exception(monkeypatch):
    import kernelgen.emulator.emulate

    no_cann(monkeypatch)
    # The tiling claims 8 more elements than the tensors hold: the kernel reads and writes past them.
    broken = _patched_operator(TOTAL, TOTAL.replace("GetShapeSize())", "GetShapeSize()) + 8"))
    monkeypatch.setattr(kernelgen.emulator.emulate, "source_for_spec", lambda spec, family: broken)
    res = cli(["run-example", "gelu_grad"])
    assert res.exit_code == 1, res.output
    assert "aclrtSynchronizeStream failed. ERROR: 507015" in res.output   # the example's own message
    assert "GeluGrad on ascend910b" in res.output and "the example exited with code" in res.output
