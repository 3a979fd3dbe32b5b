"""SOC catalog lookups, `kernelgen socs`, and `kernelgen new` scaffolds that render and verify."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from kernelgen.cli import main
from kernelgen.errors import UsageError
from kernelgen.socs import Bf16Support, all_socs, family_names, get_soc

from conftest import requires_cxx


def test_six_families_with_default_skus():
    assert set(family_names()) == {"ascend910", "ascend910b", "ascend910_93", "ascend310p", "ascend310b", "ascend950"}
    assert get_soc("ascend910b").sku == "Ascend910B1" and get_soc("ascend910b").core_num == 48
    b4 = get_soc("Ascend910B4")
    assert (b4.family, b4.core_num, b4.clock_mhz) == ("ascend910b", 40, 1500)
    assert get_soc("ascend910_93").soc_version == "ASCEND910B"  # GetSocVersion maps A3 to ASCEND910B
    assert get_soc("ascend310p").bf16 is Bf16Support.NONE and not get_soc("ascend310p").data_copy_pad
    assert get_soc("ascend910").que_max_event == 4 and get_soc("ascend910b").que_max_event == 8
    assert get_soc("ascend910b").ub_core_mem == 196608 - 256
    with pytest.raises(UsageError, match="unknown SOC 'ascend91b'; known: ascend310b"):
        get_soc("ascend91b")


def test_every_family_cites_sources():
    raw = json.loads((__import__("kernelgen").socs.resources.files("kernelgen") / "data/socs.json").read_text())
    for family, entry in raw["families"].items():
        assert {"identity", "ub", "cores", "bf16", "data_copy_pad"} <= set(entry["sources"]), family


def test_socs_command_lists_every_family_and_sku():
    out = CliRunner().invoke(main, ["socs", "--skus"]).output
    for soc in all_socs(with_skus=True):
        assert re.search(rf"^{soc.family}\s+{re.escape(soc.sku)}\s", out, re.M), soc.sku
    assert len(all_socs(with_skus=True)) >= 20


def test_new_rejects_bad_names_and_existing_files(tmp_path):
    r = CliRunner().invoke(main, ["new", "Bad-Name", "--input", "x", "--output", "y", "-o", str(tmp_path / "a.py")])
    assert r.exit_code == 2 and "not a valid name" in r.output
    target = tmp_path / "op.py"
    target.write_text("mine")
    r = CliRunner().invoke(main, ["new", "op", "--input", "x", "--output", "y", "-o", str(target)])
    assert r.exit_code == 2 and "exists" in r.output and target.read_text() == "mine"
    r = CliRunner().invoke(main, ["new", "op2", "--input", "x", "--output", "y", "--attr", "alpha=1",
                                  "-o", str(tmp_path / "op2.py")])
    assert r.exit_code == 2 and "NAME:KIND=DEFAULT" in r.output


@requires_cxx
def test_scaffold_renders_and_verifies(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["new", "my_add3", "--input", "a", "--input", "b", "--input", "c",
                                  "--output", "out", "--attr", "alpha:float=0.5"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["generate", "my_add3.py", "-o", "gen"])
    assert r.exit_code == 0, r.output
    definition = (tmp_path / "gen/op_host/my_add3_def.cpp").read_text()
    assert 'this->Attr("alpha").AttrType(OPTIONAL).Float(0.5);' in definition and "OP_ADD(MyAdd3);" in definition
    r = CliRunner().invoke(main, ["verify", "my_add3.py", "--soc", "ascend910b", "--shape", "1000", "--shape", "7"])
    assert r.exit_code == 0, r.output
    assert "6 passed, 0 failed" in r.output
