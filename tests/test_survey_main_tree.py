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
    op = root / "cat" / "my_op"
    (op / "op_kernel" / "arch35").mkdir(parents=True)
    (op / "op_kernel" / "arch35" / "k.h").write_text(
        '#include "../../cat_common/reduce_helper.h"\n#include "../../inc/table_common.h"\n'
        '#include "../base_op/base.h"\nstatic_assert(kReduce + kTable + kBase == 12, "");\n')
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
    assert len(flags) == len(without) + 3
    assert subprocess.run(cmd + without, capture_output=True).returncode != 0   # the source tree alone: not found
    res = subprocess.run(cmd + flags, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert include_dirs(op) == include_dirs(op)      # built once, the same folders (cache keys stay stable)
