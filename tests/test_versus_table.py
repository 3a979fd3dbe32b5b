"""scripts/versus_table.py: the pairs it derives from _interfaces.json, its options, and one cheap row each way: the
built-in gelu_grad against the miniature tests/opdirs/gelu_grad_tail (test_versus.py's pair and shapes, so the
libraries are shared), once as it is and once with a broken golden, which must show FAIL in the generated column."""
from __future__ import annotations

import importlib.util
import json

import numpy as np
import pytest

from kernelgen.authoring import interfaces
from kernelgen.authoring.ops import op_names
from tests.conftest import REPO, requires_cxx

_spec = importlib.util.spec_from_file_location("versus_table", REPO / "scripts" / "versus_table.py")
vt = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vt)

PAIR = ["--ops-nn", str(REPO), "--pair", "gelu_grad=tests/opdirs/gelu_grad_tail", "--dtype", "float32",
        "--shape", "64", "--shape", "4,37"]


def test_pairs_are_every_builtin_with_a_handwritten_dir_plus_gelu():
    pairs = vt.derived_pairs()
    stored = interfaces.load()
    expected = [n for n in op_names() if n in stored and stored[n].get("dir")]
    assert [p[0] for p in pairs[:len(expected)]] == expected
    assert {"apply_gradient_descent", "apply_adagrad_d", "softmax_v2", "log_softmax_v2", "relu"} <= set(expected)
    assert all(rel == stored[n]["dir"] for n, rel, _ in pairs[:len(expected)])
    assert pairs[len(expected):] == [p for p in vt.GELU_PAIRS]
    assert dict((n, a) for n, _, a in pairs)["softmax_v2"] == {"dim": 1}
    # the 950-only OpDefs run on their own SOC; the others on the requested ones
    assert vt.pair_socs("apply_rms_prop", "experimental/optim/apply_rms_prop", ["ascend910b"]) == ["ascend950"]
    assert vt.pair_socs("relu", "experimental/activation/relu", ["ascend910b"]) == ["ascend910b"]


@pytest.mark.parametrize("argv, text", [
    (["--ops", "nope"], "unknown built-in 'nope'"),
    (["--pair", "gelu_grad"], "--pair takes OP=DIR"),
    (["--ops-nn", "/nonexistent/ops-nn"], "is not a directory"),
])
def test_bad_options_exit_2_with_one_line(capsys, argv, text):
    assert vt.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert text in err and len(err.splitlines()) == 1


@requires_cxx
def test_one_pair_row_and_a_broken_golden_shows_fail(tmp_path, monkeypatch, capsys):
    out = tmp_path / "t.json"
    assert vt.main(PAIR + ["--json", str(out), "--markdown", str(tmp_path / "t.md")]) == 0
    rows = json.loads(out.read_text())["rows"]
    assert len(rows) == 1 and rows[0]["op"] == "gelu_grad" and rows[0]["soc"] == "ascend910b"
    v = rows[0]["versus"]
    assert v["generated"]["passed"] is True and v["handwritten"]["defect_kinds"] == ["padding write"]
    row = [ln for ln in (tmp_path / "t.md").read_text().splitlines() if ln.startswith("| gelu_grad |")]
    assert row and row[0].split(" | ")[4] == "pass" and "padding write" in row[0]
    assert v["ratio"] == pytest.approx(v["generated"]["modelled_us"] / v["handwritten"]["modelled_us"])

    from kernelgen.checking import golden as golden_mod

    good = golden_mod.GOLDENS["gelu_grad"]
    monkeypatch.setitem(golden_mod.GOLDENS, "gelu_grad",
                        lambda inputs, attrs: {"z": np.asarray(good(inputs, attrs)["z"]) * 1.01})
    capsys.readouterr()
    assert vt.main(PAIR) == 1
    table = capsys.readouterr().out
    row = [ln for ln in table.splitlines() if ln.startswith("| gelu_grad |")]
    assert row and row[0].split(" | ")[4].startswith("FAIL (0/2 shapes pass"), row
