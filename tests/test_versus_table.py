"""scripts/versus_table.py: the pairs it derives from _interfaces.json, its options, and one cheap row each way: the
built-in gelu_grad against the miniature tests/opdirs/gelu_grad_tail (test_versus.py's pair and shapes, so the
libraries are shared), once as it is and once with a broken golden, which must show FAIL in the generated column."""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

from kernelgen.authoring import interfaces
from kernelgen.authoring.ops import op_names
from tests.conftest import REPO, requires_cxx

_spec = importlib.util.spec_from_file_location("versus_table", REPO / "scripts" / "versus_table.py")
vt = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vt)

FULL = os.environ.get("KERNELGEN_VERSUS_TABLE_FULL") == "1"
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
    (["--jobs", "0"], "--jobs takes a positive number"),
])
def test_bad_options_exit_2_with_one_line(capsys, argv, text):
    assert vt.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert text in err and len(err.splitlines()) == 1


def _timeless(rows):
    """The rows without the wall-clock seconds each case took."""
    for r in rows:
        for side in ("generated", "handwritten"):
            for c in r["versus"][side]["cases"]:
                c.pop("seconds", None)
    return rows


def test_the_cache_key_follows_the_files_a_pair_depends_on(tmp_path):
    from kernelgen.checking import versus_cache as vc

    assert [p.name for p in vc.spec_modules("gelu_grad_v2")] == ["gelu_grad.py", "gelu_grad_v2.py"]
    assert [p.name for p in vc.spec_modules("relu")] == ["relu.py"]
    files = vc.digested_files()   # the kernel template too (outside the package in a source checkout)
    assert REPO / "templates" / "op_kernel" / "{{op}}.h.j2" in files and vc.PKG / "authoring" / "program.py" in files
    assert vc.OPS / "kl" / "relu.py" not in files
    shutil.copytree(REPO / "tests" / "opdirs" / "gelu_grad_tail", tmp_path / "d")
    args = ("gelu_grad", "d", {}, str(tmp_path), ["ascend910b"], ["float32"], [(64,)], 0)
    key = vc.pair_key(*args, commit="c")
    assert key == vc.pair_key(*args, commit="c") and key != vc.pair_key(*args, commit="other")
    assert key != vc.pair_key(*args[:-1], 1, commit="c")                  # another seed
    assert key != vc.pair_key("relu", *args[1:], commit="c")              # another built-in's spec module
    kernel = next((tmp_path / "d" / "op_kernel").glob("*.cpp"))
    kernel.write_text(kernel.read_text() + "\n// changed\n")
    assert vc.pair_key(*args, commit="c") != key                          # the hand-written side changed
    assert vc.load(tmp_path / "cache", key) is None
    vc.store(tmp_path / "cache", key, ([{"op": "x"}], 1))
    assert vc.load(tmp_path / "cache", key) == ([{"op": "x"}], 1)


@requires_cxx
def test_one_pair_row_and_a_broken_golden_shows_fail(tmp_path, monkeypatch, capsys):
    out = tmp_path / "t.json"
    cache = ["--cache", str(tmp_path / "cache")]
    assert vt.main(PAIR + ["--json", str(out), "--markdown", str(tmp_path / "t.md")] + cache) == 0
    rows = _timeless(json.loads(out.read_text())["rows"])
    # again with the cache: not run, the same rows
    capsys.readouterr()
    assert vt.main(PAIR + ["--json", str(tmp_path / "c.json")] + cache) == 0
    assert "from the cache" in capsys.readouterr().err
    assert _timeless(json.loads((tmp_path / "c.json").read_text())["rows"]) == rows
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


def test_tally_counts_only_rows_whose_handwritten_side_is_clean():
    def row(op, ratio, hand_ok, hand_defects=()):
        side = {"passed": True, "defects": []}
        hand = {"passed": hand_ok, "defects": list(hand_defects)}
        return {"versus": {"op": op, "soc": "ascend910b", "dtype": "float32", "ratio": ratio,
                           "generated": side, "handwritten": hand}}

    rows = [row("a", 0.9, True), row("b", 1.1, True), row("c", 2.0, False), row("d", 3.0, True, [{"kind": "race"}]),
            {"skipped": "not compared"}]
    (line,) = vt.tally(rows)
    assert "4 rows compared, 4 with the generated side clean" in line
    assert "passes clean in 2" in line and "in 1 of 2 (50.0 %, bar 90 %: not met); slower: b ascend910b float32 1.100" \
        in line
    assert "without a defect, pass or not: 1 of 3." in line
    assert "met)." in vt.tally(rows[:1])[0] and "(100.0 %" in vt.tally(rows[:1])[0]


@requires_cxx
@pytest.mark.skipif(not FULL, reason="KERNELGEN_VERSUS_TABLE_FULL=1: --jobs 2 in worker processes (about 15 s more)")
def test_jobs_2_gives_the_rows_of_jobs_1(tmp_path):
    """The pair twice, two at a time (one process each; the script in its own process, so that its workers fork
    from a process without the test runner's threads): the same row twice, equal to the in-process row."""
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = tmp_path / "j.json"
    proc = subprocess.run([sys.executable, str(REPO / "scripts" / "versus_table.py"), *PAIR, *PAIR[2:4], "--jobs", "2",
                           "--json", str(out)], cwd=REPO, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = _timeless(json.loads(out.read_text())["rows"])
    assert vt.main(PAIR + ["--json", str(tmp_path / "one.json")]) == 0
    assert len(rows) == 2 and rows[0] == rows[1] == _timeless(json.loads((tmp_path / "one.json").read_text())["rows"])[0]
