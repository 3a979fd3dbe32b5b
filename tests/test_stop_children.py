"""A kill or Ctrl-C of kernelgen ends the children it runs in sessions of their own (a survey's workers)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from importlib.metadata import entry_points
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _env() -> dict:
    return dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = Path(f"/proc/{pid}/stat")
    return not (state.exists() and state.read_text().split(") ")[-1].startswith("Z"))


def test_stop_children_ends_running_groups_and_refuses_new_ones(tmp_path):
    """In a process of its own (stop_children is for good): a child in its own session, sleeping, with a
    grandchild; both end, the thread streaming it returns, and a later stream_tool is refused in one line."""
    script = tmp_path / "s.py"
    script.write_text(
        "import threading, time, sys\n"
        "from kernelgen.proc import stream_tool, stop_children\n"
        "from kernelgen.errors import ToolchainError\n"
        "out = {}\n"
        "t = threading.Thread(target=lambda: out.update(r=stream_tool(['sh', '-c', 'echo $$; sleep 60 & wait'])))\n"
        "t.start(); time.sleep(1.0)\n"
        "start = time.monotonic(); n = stop_children(); t.join(10)\n"
        "print('ended', n, not t.is_alive(), round(time.monotonic() - start) < 5, out['r'].returncode)\n"
        "try:\n    stream_tool(['true'])\nexcept ToolchainError as e:\n    print('refused:', e)\n")
    proc = subprocess.run([sys.executable, str(script)], env=_env(), capture_output=True, text=True, timeout=60)
    assert "ended 1 True True -9" in proc.stdout, proc.stdout + proc.stderr
    assert "refused: kernelgen is stopping: true not started" in proc.stdout


def _slow_survey_tree(tmp_path: Path) -> dict:
    """An operator tree of one directory whose survey worker sleeps 60 s before its own code (a sitecustomize
    on its path; site runs it first), and the environment that puts it there."""
    op = tmp_path / "tree" / "slow_op"
    (op / "op_host").mkdir(parents=True)
    (op / "op_host" / "slow_op_def.cpp").write_text("// never compiled: the worker is stopped first\n")
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        "import sys, time\nif any('kgsurvey-' in a for a in sys.argv):  # the worker's job file\n"
        "    time.sleep(60)\n")
    env = _env()
    env["PYTHONPATH"] = str(site) + os.pathsep + env["PYTHONPATH"]
    return env


def _survey_worker(parent: subprocess.Popen) -> int:
    """The pid of parent's kernelgen.corpus.worker child, once it runs."""
    for _ in range(300):
        listing = subprocess.run(["ps", "-eo", "pid,ppid,args"], capture_output=True, text=True).stdout
        found = [int(line.split()[0]) for line in listing.splitlines()[1:]
                 if line.split()[1] == str(parent.pid) and "kernelgen.corpus.worker" in line]
        if found:
            return found[0]
        time.sleep(0.1)
    parent.kill()
    raise AssertionError("the survey never started its worker: " + (parent.communicate()[0] or ""))


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc to find the survey's worker")
def test_sigterm_to_a_survey_ends_its_worker_and_writes_no_report(tmp_path):
    """kernelgen survey on an operator whose worker is still starting; SIGTERM to kernelgen: it exits 143 at once
    with one line, its worker's process group is gone, and no JSON report is left."""
    env = _slow_survey_tree(tmp_path)
    report = tmp_path / "r.json"
    parent = subprocess.Popen([sys.executable, "-m", "kernelgen", "survey", str(tmp_path / "tree"), "--json",
                               str(report)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    worker = _survey_worker(parent)
    time.sleep(0.5)
    parent.send_signal(signal.SIGTERM)
    _out, err = parent.communicate(timeout=20)
    assert parent.returncode == 128 + signal.SIGTERM, err
    assert "kernelgen: stopped by SIGTERM; nothing more was written" in err and "Traceback" not in err
    time.sleep(0.5)
    assert not _alive(worker), "the survey's worker outlived kernelgen"
    assert not report.exists()


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc to find the survey's worker")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_kill_or_ctrl_c_of_pytest_survey_items_ends_their_worker(tmp_path, signum):
    """`pytest --kernelgen-survey` on the same tree: a kill (SIGTERM, which would end pytest at once and leave the
    worker, in a session of its own, running) or Ctrl-C ends the item's worker and pytest reports the interrupt;
    no JSON report is left."""
    env = _slow_survey_tree(tmp_path)
    report = tmp_path / "items.json"
    # the installed package registers the plugin itself (pytest11 entry point); naming it again is a usage error
    installed = any(ep.value == "kernelgen.testing" for ep in entry_points(group="pytest11"))
    plugin = [] if installed else ["-p", "kernelgen.testing"]
    parent = subprocess.Popen([sys.executable, "-m", "pytest", *plugin, "-p", "no:cacheprovider",
                               "-q", "--kernelgen-survey", str(tmp_path / "tree"), "--kernelgen-survey-json",
                               str(report)], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    worker = _survey_worker(parent)
    time.sleep(0.5)
    parent.send_signal(signum)
    out, _ = parent.communicate(timeout=30)
    time.sleep(0.5)
    assert not _alive(worker), f"the survey item's worker outlived pytest ({signal.Signals(signum).name}): {out}"
    assert parent.returncode == pytest.ExitCode.INTERRUPTED, out
    assert "KeyboardInterrupt" in out and not report.exists()
