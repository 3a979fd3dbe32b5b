"""What the survey of ops-nn's main tree on ascend950 needed besides the register model and SIMT, each with a
miniature written here (tests/opdirs copies changed the way the corpus shows): an OpDef registered under a name
its tiling is not (experimental/activation/elu: OP_ADD(EluDef) next to IMPL_OP_OPTILING(Elu)).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from kernelgen.cli import main
from kernelgen.corpus.kinds import defect_kind
from kernelgen.corpus.registrations import registration_mismatch

from conftest import requires_cxx

OPDIRS = Path(__file__).resolve().parent / "opdirs"


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
