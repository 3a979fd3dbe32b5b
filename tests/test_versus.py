"""`kernelgen ops` and `kernelgen versus`: a built-in against a hand-written operator directory on the same inputs.

The hand-written side is tests/opdirs/gelu_grad_tail, a miniature with GeluGrad's interface that computes GELU'
correctly but copies whole 32-byte blocks (its planted defect: a write past z's end when a core's count is not a
multiple of 8 floats). Shapes stay small (64 and 4x37 elements) so the suite pays for one compile of the miniature.
"""
from __future__ import annotations

import dataclasses
import json
import math

import numpy as np
import pytest
from click.testing import CliRunner

from kernelgen.authoring.ops import catalog
from kernelgen.checking.versus import interface_mismatch
from kernelgen.cli import main
from kernelgen.emulator.decl import AttrDecl, OpDecl, TensorDecl
from kernelgen.errors import SpecError
from tests.conftest import GELU, REPO, requires_cxx

TAIL = REPO / "tests" / "opdirs" / "gelu_grad_tail"
SMALL = ["--shape", "64", "--shape", "4,37"]


def _error_lines(output: str) -> list[str]:
    return [ln for ln in output.splitlines() if ln.startswith("kernelgen: error:")]


# ---- kernelgen ops --------------------------------------------------------------------------------------------
def test_ops_lists_every_builtin_with_family_category_and_source():
    res = CliRunner().invoke(main, ["ops", "--json"])
    assert res.exit_code == 0, res.output
    rows = {r["name"]: r for r in json.loads(res.output)}
    assert {"gelu_grad", "gelu_grad_v2"} <= set(rows)   # and the kernelgen.lang built-ins where merged
    assert (rows["gelu_grad"]["family"], rows["gelu_grad"]["category"], rows["gelu_grad"]["op_type"]) == \
        ("elementwise", "activation", "GeluGrad")
    assert rows["gelu_grad_v2"]["family"] == "elementwise_attr"
    assert rows["gelu_grad_v2"]["aclnn"] == "aclnnGeluBackwardV2"
    for r in rows.values():
        assert (REPO / r["source"]).is_file(), r["source"]
    text = CliRunner().invoke(main, ["ops"])
    assert text.exit_code == 0
    line = next(ln for ln in text.output.splitlines() if ln.startswith("gelu_grad "))
    assert line.split()[:4] == ["gelu_grad", "GeluGrad", "elementwise", "activation"]
    assert line.split()[-1] == "kernelgen/authoring/ops/gelu_grad.py"
    assert f"{len(rows)} built-in operator(s)" in text.output


def test_family_is_data_checked_by_the_spec_and_inferred_when_absent():
    with pytest.raises(SpecError, match="unknown family 'pointwise'; known: .*elementwise.*whole_tensor_loss"):
        dataclasses.replace(GELU, family="pointwise").validate()
    assert dataclasses.replace(GELU, family="").family_id == "elementwise"
    assert catalog()[0]["family_doc"] == "elementwise, no attributes"


# ---- the interface --------------------------------------------------------------------------------------------
def _decl(inputs, outputs, attrs=()):
    return OpDecl("Hand", "hand", tuple(TensorDecl(n, ("DT_FLOAT",)) for n in inputs),
                  tuple(TensorDecl(n, ("DT_FLOAT",)) for n in outputs), tuple(AttrDecl(a, "float") for a in attrs))


def test_interface_mismatch_names_both_sides():
    assert interface_mismatch(GELU, _decl(("dy", "x", "y"), ("z",))) is None
    assert interface_mismatch(GELU, _decl(("x", "dy", "y"), ("z",))) == "inputs (dy, x, y) vs (x, dy, y)"
    assert interface_mismatch(GELU, _decl(("dy", "x", "y"), ("out",), ("alpha",))) == \
        "outputs (z) vs (out); attributes (none) vs (alpha)"


# ---- kernelgen versus -----------------------------------------------------------------------------------------
@requires_cxx
def test_versus_reports_the_handwritten_defect_and_passes_the_generated_side(tmp_path):
    out = tmp_path / "v.json"
    res = CliRunner().invoke(main, ["versus", "gelu_grad", str(TAIL), "--soc", "ascend910b", *SMALL,
                                    "--json", str(out)])
    assert res.exit_code == 0, res.output
    doc = json.loads(out.read_text())
    gen, hand = doc["generated"], doc["handwritten"]
    assert (doc["dtype"], doc["soc"], doc["shapes"]) == ("float32", "ascend910b", [[64], [4, 37]])
    assert gen["passed"] is True and gen["defects"] == []
    assert [c["passed"] for c in gen["cases"]] == [True, True]
    # the miniature computes GELU' right: where its copies stay inside the tensors it passes too
    assert hand["cases"][0]["passed"] is True and hand["cases"][0]["metrics"]["z"]["mare"] < 1.22e-3
    assert hand["passed"] is False and hand["verdict"] == "FAIL (1/2 shapes pass, 1 stopped)"
    assert [(d["kind"], d["shape"]) for d in hand["defects"]] == [("padding write", "4x37")]
    # 4 cores of 40 elements; the last has 28, copied as 32: bytes [480, 608) of z's 592
    assert "writes bytes [480, 608) of 'z' which has 592 bytes" in hand["defects"][0]["detail"]
    assert hand["cases"][1]["status"] == "defect found" and hand["cases"][1]["metrics"] == {}
    assert gen["modelled_us"] > 0 and hand["modelled_us"] > 0
    assert math.isclose(doc["ratio"], gen["modelled_us"] / hand["modelled_us"])
    assert gen["perf"]["shape"] == [4, 37] and hand["perf"]["block_dim"] == 4
    assert any("sanitizer off" in n for n in hand["perf"]["notes"])
    assert "[padding write] 4x37" in res.output and "generated side: passes clean" in res.output


@requires_cxx
def test_versus_exits_1_when_the_generated_side_misses_its_golden(tmp_path):
    spec = tmp_path / "gelu_grad_off.py"   # the built-in's kernel against an expectation 1 % off
    spec.write_text("from kernelgen.authoring.ops.gelu_grad import SPEC\n"
                    "from kernelgen.checking.golden import gelu_grad\n\n\n"
                    "def golden(inputs, attrs):\n    return {'z': gelu_grad(inputs, attrs)['z'] * 1.01}\n")
    out = tmp_path / "v.json"
    res = CliRunner().invoke(main, ["versus", str(spec), str(TAIL), "--shape", "64", "--json", str(out)])
    assert res.exit_code == 1, res.output
    doc = json.loads(out.read_text())
    assert doc["generated"]["passed"] is False and doc["generated"]["defects"] == []
    assert "MERE" in " ".join(doc["generated"]["cases"][0]["metrics"]["z"]["failed"])
    assert "FAILS or has defects" in res.output


@requires_cxx
@pytest.mark.parametrize("argv, text", [
    (["gelu_grad_v2", str(TAIL)], "gelu_grad_v2 does not keep the OpDef interface of gelu_grad_tail: inputs (dy, x) "
                                  "vs (dy, x, y); attributes (approximate) vs (none)"),
    (["gelu_grad", str(TAIL), "--dtype", "float16"], "gelu_grad_tail on ascend910b does not declare float16 for every "
                                                     "tensor; both sides support: float32"),
    (["gelu_grad", str(TAIL), "--soc", "ascend310b"], "gelu_grad_tail's OpDef configures ascend910b, not ascend310b"),
    (["gelu_grad", str(REPO / "tests")], "is not an ops-nn operator directory: it needs op_host/ and op_kernel/"),
    (["gelu_grad", str(TAIL), "--attr", "alpha=1"], "unknown attribute 'alpha' of GeluGrad; known: none"),
    (["gelu_grad", str(TAIL), "--shape", "0"], "--shape"),
])
def test_versus_usage_errors_are_one_line_exit_2(argv, text):
    res = CliRunner().invoke(main, ["versus", *argv])
    assert res.exit_code == 2, res.output
    errors = _error_lines(res.output)
    assert len(errors) == 1 and text in errors[0], res.output
    assert "Traceback" not in res.output


@requires_cxx
def test_versus_exits_3_when_the_directory_does_not_compile(tmp_path):
    bad = tmp_path / "broken_op"
    (bad / "op_host").mkdir(parents=True)
    (bad / "op_kernel").mkdir()
    (bad / "op_host" / "broken_op_def.cpp").write_text('#include "register/op_def_registry.h"\nthis is not C++;\n')
    (bad / "op_kernel" / "broken_op.cpp").write_text('#include "kernel_operator.h"\n')
    res = CliRunner().invoke(main, ["versus", "gelu_grad", str(bad), "--shape", "64"])
    assert res.exit_code == 3, res.output
    assert _error_lines(res.output) and "Traceback" not in res.output


def test_versus_json_path_is_checked_before_the_run(tmp_path):
    res = CliRunner().invoke(main, ["versus", "gelu_grad", str(TAIL), "--json", str(tmp_path / "no" / "dir" / "v.json")])
    assert res.exit_code == 2 and len(_error_lines(res.output)) == 1


def test_an_output_dtype_overflow_of_the_golden_is_not_a_defect():
    """L2Loss's float16 sum of a million squares is beyond 65504: its inf is the dtype's, not the kernel's (a
    finite golden in the output's dtype still makes an inf output a defect)."""
    from kernelgen.checking.versus import _masked_outputs
    from kernelgen.corpus.worker import check_outputs

    out = {"y": np.array([np.inf, np.inf], np.float16)}
    masked = _masked_outputs(out, {"y": np.array([7.0e5, 1.0e3])})
    assert masked["y"].tolist() == [0.0, np.inf]
    assert len(check_outputs(masked, {"x": np.ones(2, np.float16)})) == 1          # the 1e3 element stays a defect
    assert _masked_outputs({"y": np.array([np.inf], np.float32)}, {"y": np.array([7.0e5])})["y"].tolist() == [np.inf]
