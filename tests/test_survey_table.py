"""scripts/survey_table.py: per-category figures from several survey reports, re-runs replacing rows."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "survey_table.py"


def _operator(root: Path, category: str, name: str, kernel: bool = True) -> Path:
    d = root / category / name
    (d / "op_host").mkdir(parents=True)
    if kernel != "headers":
        (d / "op_host" / f"{name}_def.cpp").write_text("// def\n")
    if kernel == "headers":   # a shared header folder (foreach_utils): included by other kernels, no entry
        (d / "op_kernel" / "arch35").mkdir(parents=True)
        (d / "op_kernel" / "arch35" / f"{name}.h").write_text("// shared\n")
    elif kernel:
        (d / "op_kernel").mkdir()
        (d / "op_kernel" / f"{name}.cpp").write_text("// kernel\n")
    else:
        (d / "op_kernel_aicpu").mkdir()
    return d


def _report(path: Path, root: Path, rows: list[tuple[str, str, list[str], str]]) -> Path:
    path.write_text(json.dumps({"root": str(root), "rows": [
        {"dir": d, "class": c, "apis": apis, "detail": detail} for d, c, apis, detail in rows]}))
    return path


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True)


def test_reruns_replace_rows_and_ai_cpu_directories_are_not_counted(tmp_path):
    repo = tmp_path / "repo"
    for name in ("a1", "a2", "a3"):
        _operator(repo, "act", name)
    _operator(repo, "act", "cpu_only", kernel=False)
    _operator(repo, "act", "act_common", kernel="headers")
    _operator(repo, "idx", "i1")
    first = _report(tmp_path / "act.json", repo / "act", [
        ("a1", "ran", [], "block dim 1"),
        ("a2", "not emulated", ["Reg::Foo", "Bar"], "..."),
        ("a3", "compile error", [], "x.h:12:3: error: 'string' does not name a type"),
        ("cpu_only", "inputs rejected", [], "no ascend950 configuration"),
        ("act_common", "layout not understood", [], "act_common/op_host has no *_def.cpp")])
    _operator(repo, "idx", "i2")
    second = _report(tmp_path / "idx.json", repo / "idx", [
        ("i1", "not emulated", ["Bar"], "..."),
        ("i2", "compile error", [], "emulator library /c/lib/i2_probe-0a1b.so could not be loaded (/c/lib/i2_probe-0a1b"
                                    ".so: undefined symbol: _ZN3Ops4Base1FEv); run again to rebuild")])
    out = _run(str(first), str(second), "--json", str(tmp_path / "s.json"))
    assert out.returncode == 0, out.stderr
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["categories"] == {"act": {"ran": 1, "not emulated": 1, "compile error": 1},
                                     "idx": {"not emulated": 1, "compile error": 1}}
    assert summary["apart"] == ["act/act_common (layout not understood)", "act/cpu_only (inputs rejected)"]
    assert dict((s, n) for s, n in summary["stops"])["not emulated: Bar"] == 2
    assert "compile error: error: 'string' does not name a type" in dict(summary["stops"])
    assert "compile error: undefined symbol _ZN3Ops4Base1FEv" in dict(summary["stops"])
    assert "| **all** | 5 | 1 | 0 | 2 | 0 | 2 |" in out.stdout and "1 of 5 (20.0 %)" in out.stdout

    # a re-run of a2 through a folder of symlinks moves it; the figure must change with it
    links = tmp_path / "links"
    links.mkdir()
    (links / "act__a2").symlink_to(repo / "act" / "a2")
    rerun = _report(tmp_path / "a2.json", links, [("act__a2", "ran", [], "block dim 8")])
    out = _run(str(first), str(second), "--rerun", str(rerun))
    assert "2 of 5 (40.0 %)" in out.stdout and "| act | 3 | 2 | 0 | 0 |" in out.stdout
    assert "- 1: not emulated: Bar" in out.stdout and "Reg::Foo" not in out.stdout


def test_an_unreadable_report_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    out = _run(str(bad))
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
