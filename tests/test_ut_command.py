"""`kernelgen ut` on a miniature checkout in ops-nn's pattern (tests/data/ut_mini): a tiling test with an expected
key, block dim and tiling bytes, an infershape test, a kernel test through ICPU_RUN_KF (its blocks exchange data
across SyncAll, so they must run at once); each passes as written and
fails when its expectation (or the kernel's GM bound) is changed; a graph-mode infershape test (REG_OP prototype,
ge::Operator) and a kernel test whose tiling struct is derived from a host BEGIN_TILING_DATA_DEF class, likewise; a kernel
test whose blocks are ordered by a GM flag barrier (index_fill's pattern; a flag raised before its data is a race),
with a tiling header defining a global `min` (relu_v3's) and a test naming `::dec` (lp_loss's). Needs googletest (Debian libgtest-dev,
libgmock-dev) and g++; several test programs are compiled (slow), so the changed-expectation tests are opt-in:
KERNELGEN_UT_TESTS=1 (about 3 minutes alone; 22 min on the shared 2-core machine at load 24)."""
from __future__ import annotations

import json
import os
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from kernelgen.cli import main
from kernelgen.toolchain import find_compiler, find_gtest

REPO = Path(__file__).resolve().parents[1]
MINI = REPO / "tests" / "data" / "ut_mini"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not find_gtest().usable, reason=f"googletest: {find_gtest().problem}"),
              pytest.mark.skipif(find_compiler(required=False) is None, reason="no C++ compiler")]
SHAPE = (4, 1000)
opt_in = pytest.mark.skipif(os.environ.get("KERNELGEN_UT_TESTS") != "1",
                            reason="compiles eight more test programs; set KERNELGEN_UT_TESTS=1")


def _fill(text: str, values: dict) -> str:
    for k, v in values.items():
        text = text.replace(f"@{k}@", str(v))
    assert "@" not in text.replace("@brief", "")
    return text


@pytest.fixture(scope="module")
def expected():
    """The key, block dim and tiling bytes `kernelgen sim`'s harness computes for GeluGrad on ascend910b: the UT
    path (context builders, SetPlatformRes figures) must agree with it."""
    from kernelgen.emulator.emulate import OperatorSource, run_tiling
    from kernelgen.socs import get_soc

    soc = get_soc("ascend910b")
    src = OperatorSource(REPO, "gelu_grad", soc=soc.family)
    doc = run_tiling(src, soc, {"dy": SHAPE, "x": SHAPE, "y": SHAPE},
                     {"dy": "DT_FLOAT", "x": "DT_FLOAT", "y": "DT_FLOAT", "z": "DT_FLOAT"})
    # ops-nn's tests inject the INI ub_size; GetCoreMemSize(UB) on ASCEND910B is 256 B less (facts: socs.md §3)
    return {"CORES": soc.core_num, "UB": soc.ub_core_mem + 256, "KEY": doc["tiling_key"],
            "BLOCK_DIM": doc["block_dim"], "TILING_HEX": doc["tiling_data_hex"]}


def _checkout(tmp: Path, host_values: dict, kernel_values: dict) -> Path:
    root = tmp / "ops-nn"
    (root / "tests" / "ut").mkdir(parents=True)
    shutil.copytree(MINI / "common", root / "tests" / "ut" / "common")
    op = root / "experimental" / "activation" / "gelu_grad"
    for sub in ("op_host", "op_kernel"):
        shutil.copytree(REPO / sub, op / sub, ignore=shutil.ignore_patterns("op_api"))
    ut = op / "tests" / "ut" / "op_host"
    ut.mkdir(parents=True)
    shape = ", ".join(map(str, SHAPE))
    vals = {"SHAPE": shape, "NDIM": len(SHAPE), "LAST": len(SHAPE) - 1, "LAST_DIM": SHAPE[-1], **host_values}
    for name in ("test_gelu_grad_tiling.cpp", "test_gelu_grad_infershape.cpp"):
        (ut / name).write_text(_fill((MINI / "host" / name).read_text(), vals))
    kop = root / "experimental" / "misc" / "kg_copy"
    (kop / "op_kernel").mkdir(parents=True)
    shutil.copy(MINI / "kernel" / "kg_copy.cpp", kop / "op_kernel" / "kg_copy.cpp")
    (kop / "tests" / "ut" / "op_kernel").mkdir(parents=True)
    shutil.copy(MINI / "kernel" / "CMakeLists.txt", kop / "tests" / "ut" / "op_kernel" / "CMakeLists.txt")
    (kop / "tests" / "ut" / "op_kernel" / "test_kg_copy.cpp").write_text(
        _fill((MINI / "kernel" / "test_kg_copy.cpp").read_text(), kernel_values))
    return root


def _run(root: Path, tmp: Path):
    out_json, out_xml = tmp / "ut.json", tmp / "ut.xml"
    res = CliRunner().invoke(main, ["ut", str(root / "experimental"), "--json", str(out_json), "--junit",
                                    str(out_xml)])
    doc = json.loads(out_json.read_text()) if out_json.is_file() else None
    return res, doc, out_xml


# y[100] = 2 * x[36]: block 1 holds block 0's slice; the workspace's float 10 is 2 * x[10] (GetUserWorkspace is the
# workspace itself, as in CANN's CPU twin)
GOOD_KERNEL = {"ALLOC_ELEMS": 128, "CHECK": 100, "EXPECT": 72, "WS_EXPECT": 20}


def test_miniature_checkout_passes(tmp_path, expected):
    root = _checkout(tmp_path, expected, GOOD_KERNEL)
    res, doc, xml = _run(root, tmp_path)
    assert res.exit_code == 0, res.output
    assert doc["kinds"]["host"]["passed"] == 2 and doc["kinds"]["kernel"]["passed"] == 1
    assert doc["operators"]["gelu_grad"]["host"]["failed"] == 0
    suites = ET.parse(xml).getroot()
    assert suites.get("tests") == "3" and suites.get("failures") == "0"
    assert "3 TEST cases" not in res.output  # counts are per kind
    assert "host: 2 of 2 TEST cases passed" in res.output


@opt_in
def test_changed_expectations_fail(tmp_path, expected):
    wrong = dict(expected, KEY=expected["KEY"] + 1, LAST_DIM=SHAPE[-1] + 1)
    root = _checkout(tmp_path, wrong, dict(GOOD_KERNEL, EXPECT=73, WS_EXPECT=21))
    res, doc, xml = _run(root, tmp_path)
    assert res.exit_code == 1
    failed = {c["name"]: c["message"] for c in doc["cases"] if c["status"] == "failed"}
    assert set(failed) == {"GeluGradTiling.fp32_shape", "GeluGradInferShape.same_as_input", "KgCopyKernel.two_blocks"}
    assert str(expected["KEY"] + 1) in failed["GeluGradTiling.fp32_shape"]
    assert "73.0f" in failed["KgCopyKernel.two_blocks"] and "Which is: 72" in failed["KgCopyKernel.two_blocks"]
    assert "21.0f" in failed["KgCopyKernel.two_blocks"] and "Which is: 20" in failed["KgCopyKernel.two_blocks"]
    assert ET.parse(xml).getroot().get("failures") == "3"


@opt_in
def test_kernel_defect_fails_and_compile_error_is_not_built(tmp_path, expected):
    # x and y hold 100 floats, the two blocks of 64 read and write 128: the emulator's GM bounds check fails it
    root = _checkout(tmp_path, expected, dict(GOOD_KERNEL, ALLOC_ELEMS=100, CHECK=10, EXPECT=20))
    infer = root / "experimental" / "activation" / "gelu_grad" / "tests" / "ut" / "op_host" / "test_gelu_grad_infershape.cpp"
    infer.write_text(infer.read_text().replace("GetOutputShape(0)", "GetOutputShapeNoSuchApi(0)"))
    res, doc, _ = _run(root, tmp_path)
    assert res.exit_code == 1
    by = {c["name"]: c for c in doc["cases"]}
    assert by["KgCopyKernel.two_blocks"]["status"] == "failed"
    # block 1 reads x past its 100 floats before SyncAll; block 0, left waiting there, is only its victim
    assert "block 1 of 2" in by["KgCopyKernel.two_blocks"]["message"]
    assert "1 other block(s) then failed waiting in SyncAll" in by["KgCopyKernel.two_blocks"]["message"]
    assert by["GeluGradInferShape.same_as_input"]["status"] == "not_built"
    assert "GetOutputShapeNoSuchApi" in by["GeluGradInferShape.same_as_input"]["message"]
    assert by["GeluGradTiling.fp32_shape"]["status"] == "passed"


def test_usage_errors():
    r = CliRunner().invoke(main, ["ut", "/no/such/dir"])
    assert r.exit_code == 2 and "no such file or directory" in r.output
    r = CliRunner().invoke(main, ["ut", str(MINI), "--kind", "bogus"])
    assert r.exit_code == 2


def _graph_checkout(tmp: Path, values: dict) -> Path:
    """A checkout with a graph-mode infershape test (REG_OP prototype, ge::Operator) of gelu_grad and a kernel test
    whose kernel's tiling struct is a host BEGIN_TILING_DATA_DEF class (no <op>_tiling_def.h: the header is derived)."""
    root = tmp / "ops-nn"
    shutil.copytree(MINI / "common", root / "tests" / "ut" / "common")
    shutil.copy(MINI / "graph" / "kg_mini_graph_ut.h", root / "tests" / "ut" / "common")
    op = root / "experimental" / "activation" / "gelu_grad"
    for sub in ("op_host", "op_kernel"):
        shutil.copytree(REPO / sub, op / sub, ignore=shutil.ignore_patterns("op_api"))
    (op / "op_graph").mkdir()
    shutil.copy(MINI / "graph" / "gelu_grad_proto.h", op / "op_graph")
    (op / "tests" / "ut" / "op_host").mkdir(parents=True)
    (op / "tests" / "ut" / "op_host" / "test_gelu_grad_graph_infershape.cpp").write_text(
        _fill((MINI / "graph" / "test_gelu_grad_graph_infershape.cpp").read_text(), values))
    kop = root / "experimental" / "misc" / "kg_scale"
    for sub in ("op_host", "op_kernel", "tests/ut/op_kernel"):
        (kop / sub).mkdir(parents=True)
    shutil.copy(MINI / "kernel_derived" / "kg_scale_tiling.h", kop / "op_host")
    shutil.copy(MINI / "kernel_derived" / "kg_scale.cpp", kop / "op_kernel")
    (kop / "tests" / "ut" / "op_kernel" / "test_kg_scale.cpp").write_text(
        _fill((MINI / "kernel_derived" / "test_kg_scale.cpp").read_text(), values))
    return root


@opt_in
def test_graph_infershape_and_derived_tiling_header(tmp_path):
    shape = ", ".join(map(str, SHAPE))
    good = {"SHAPE": shape, "EXPECT_SHAPE": shape, "ATTR": "tanh", "OUT_DTYPE": "DT_FLOAT16",
            "EXPECT": 250.0}  # y[100] = 100 * (1.5 + 1)
    res, doc, _ = _run(_graph_checkout(tmp_path / "good", good), tmp_path / "good")
    assert res.exit_code == 0, res.output
    assert doc["kinds"]["host"]["passed"] == 3 and doc["kinds"]["kernel"]["passed"] == 1
    wrong = dict(good, EXPECT_SHAPE=f"{SHAPE[0]}, {SHAPE[1] + 1}", ATTR="none", OUT_DTYPE="DT_FLOAT", EXPECT=251.0)
    res, doc, _ = _run(_graph_checkout(tmp_path / "wrong", wrong), tmp_path / "wrong")
    assert res.exit_code == 1
    failed = {c["name"]: c["message"] for c in doc["cases"] if c["status"] == "failed"}
    assert set(failed) == {"GeluGradGraph.infershape_same_as_input", "GeluGradGraph.attributes",
                           "GeluGradGraph.tensors_kept_by_an_empty_list", "KgScaleKernel.derived_tiling_struct"}
    assert "1001" in failed["GeluGradGraph.infershape_same_as_input"]
    assert "251" in failed["KgScaleKernel.derived_tiling_struct"]


def _flag_checkout(tmp: Path, values: dict) -> Path:
    """A checkout with one kernel test: blocks ordered by a GM flag barrier (index_fill's pattern), a tiling header
    with its own global `min` (relu_v3's), a test naming the CPU twin's global `dec` (lp_loss's)."""
    root = tmp / "ops-nn"
    (root / "tests" / "ut").mkdir(parents=True)
    kop = root / "experimental" / "index" / "kg_flag"
    (kop / "op_kernel").mkdir(parents=True)
    (kop / "op_kernel" / "kg_flag.cpp").write_text(_fill((MINI / "kernel_flag" / "kg_flag.cpp").read_text(), values))
    ut = kop / "tests" / "ut" / "op_kernel"
    ut.mkdir(parents=True)
    for name in ("CMakeLists.txt", "kg_flag_tiling_def.h"):
        shutil.copy(MINI / "kernel_flag" / name, ut / name)
    (ut / "test_kg_flag.cpp").write_text(_fill((MINI / "kernel_flag" / "test_kg_flag.cpp").read_text(), values))
    return root


@opt_in
def test_flag_barrier_orders_blocks_and_an_early_flag_is_a_race(tmp_path):
    # y[0] is block 1's x[16] doubled, y[63] block 0's x[15] doubled (block 3 reads block 0's slice)
    good = {"FLAG_FIRST": "false", "CHECK": 63, "EXPECT": 30}
    res, doc, _ = _run(_flag_checkout(tmp_path / "good", good), tmp_path / "good")
    assert res.exit_code == 0, res.output
    assert doc["kinds"]["kernel"]["passed"] == 1
    # the flag raised before the slice it guards is written: the barrier no longer orders the write and the read
    res, doc, _ = _run(_flag_checkout(tmp_path / "early", dict(good, FLAG_FIRST="true")), tmp_path / "early")
    assert res.exit_code == 1
    (case,) = doc["cases"]
    assert case["status"] == "failed"
    assert "race on GM bytes" in case["message"] and "no SyncAll between" in case["message"], case["message"]
