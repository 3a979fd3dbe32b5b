"""Run the programs kernelgen.corpus.ut built and report every TEST case: passed, failed (gtest's message),
skipped, or not built (the file's first missing name or compile error). gtest writes its own JUnit XML per
program; the reports are merged into one, with a testcase per not-built case so CI shows those too.

A program that crashes (a SIGSEGV in a tiling function, an abort) loses its XML; its cases are then run one at a
time, so the crash is charged to the case that crashed and the others still count.
"""
from __future__ import annotations

import os
import shutil
import signal
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from kernelgen.corpus.ut import KINDS, Built, UtFile, build_file, find_ut_files
from kernelgen.errors import ToolchainError, UsageError
from kernelgen.proc import run_tool

STATUSES = ("passed", "failed", "not_built", "skipped", "not_collected")
# not_collected: the checkout's own UT build never compiles the file (kernelgen.corpus.ut_collect); its cases are
# reported with the reason and count neither as passed nor as failed, as CANN's build does not run them


@dataclass(frozen=True)
class CaseResult:
    op: str
    kind: str
    file: str
    name: str          # Suite.Name
    status: str        # one of STATUSES
    message: str = ""
    seconds: float = 0.0


@dataclass
class UtReport:
    cases: list[CaseResult] = field(default_factory=list)
    suites: list[ET.Element] = field(default_factory=list)   # gtest's <testsuite> elements, and synthesized ones

    def counts(self) -> dict:
        by_kind: dict = {k: dict.fromkeys(STATUSES, 0) for k in KINDS}
        by_op: dict = {}
        files: dict = {}
        for c in self.cases:
            by_kind[c.kind][c.status] += 1
            op = by_op.setdefault(c.op, {}).setdefault(c.kind, dict.fromkeys(STATUSES, 0))
            op[c.status] += 1
            f = files.setdefault(c.file, {"op": c.op, "kind": c.kind, "passed": True, "collected": True})
            f["passed"] = f["passed"] and c.status in ("passed", "skipped")
            f["collected"] = f["collected"] and c.status != "not_collected"
        file_counts = {k: {"files": 0, "files_passed": 0, "files_not_collected": 0} for k in KINDS}
        for f in files.values():
            if not f["collected"]:
                file_counts[f["kind"]]["files_not_collected"] += 1
                continue
            file_counts[f["kind"]]["files"] += 1
            file_counts[f["kind"]]["files_passed"] += int(f["passed"])
        for k in KINDS:
            by_kind[k].update(file_counts[k])
        return {"kinds": by_kind, "operators": by_op}

    @property
    def ok(self) -> bool:
        return bool(self.cases) and all(c.status in ("passed", "skipped", "not_collected") for c in self.cases)

    def as_dict(self) -> dict:
        d = self.counts()
        d["cases"] = [c.__dict__ for c in self.cases]
        return d

    def junit(self) -> bytes:
        root = ET.Element("testsuites", name="kernelgen ut")
        total = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        for s in self.suites:
            for k in total:
                total[k] += int(s.get(k, "0") or 0)
            root.append(s)
        for k, v in total.items():
            root.set(k, str(v))
        return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _signal_text(rc: int) -> str:
    if rc < 0:
        try:
            return f"killed by {signal.Signals(-rc).name}"
        except ValueError:
            return f"killed by signal {-rc}"
    return f"exit code {rc}"


def _parse_xml(path: Path, f: UtFile) -> tuple[list[CaseResult], list[ET.Element]]:
    tree = ET.parse(path)
    results, suites = [], []
    for suite in tree.getroot().iter("testsuite"):
        suite.set("name", f"{f.op}/{f.kind}/{suite.get('name')}")
        suites.append(suite)
        for tc in suite.iter("testcase"):
            name = f"{tc.get('classname')}.{tc.get('name')}"
            fails = tc.findall("failure")
            skipped = tc.find("skipped") is not None or tc.get("result") == "skipped"
            if tc.get("status") == "notrun" or tc.get("result") == "suppressed":
                continue
            if fails:
                msg = "\n".join((x.get("message") or x.text or "").strip() for x in fails)
                results.append(CaseResult(f.op, f.kind, str(f.path), name, "failed", msg, float(tc.get("time", 0))))
            elif skipped:
                results.append(CaseResult(f.op, f.kind, str(f.path), name, "skipped", "", float(tc.get("time", 0))))
            else:
                results.append(CaseResult(f.op, f.kind, str(f.path), name, "passed", "", float(tc.get("time", 0))))
    return results, suites


def _run_program(program: Path, f: UtFile, gtest_filter: str | None, timeout: float,
                 env: dict) -> tuple[int, list[CaseResult], list[ET.Element], str]:
    with tempfile.TemporaryDirectory(prefix="kgut.") as tmp:
        xml = Path(tmp) / "out.xml"
        cwd = _scratch_cwd(Path(tmp), f)
        cmd = [str(program), f"--gtest_output=xml:{xml}"]
        if gtest_filter:
            cmd.append(f"--gtest_filter={gtest_filter}")
        try:
            res = run_tool(cmd, cwd=cwd, timeout=timeout, env=env, check=False)
        except ToolchainError as exc:
            return -9, [], [], str(exc)
        if res.returncode in (0, 1) and xml.is_file():
            cases, suites = _parse_xml(xml, f)
            return res.returncode, cases, suites, res.output
        return res.returncode, [], [], res.output


def _scratch_cwd(tmp: Path, f: UtFile) -> Path:
    """A working directory for the program that is not the (read-only) checkout, where ops-nn's UT build runs it:
    `<checkout>/build/tests/ut/op_kernel` (the POST_BUILD command's binary dir; op_host, op_api likewise). Kernel
    tests copy their `<op>_data` scripts from `../../../../experimental/...` into the cwd and write goldens there,
    so the scratch root holds a link to every top-level entry of the checkout (not its own build/)."""
    from kernelgen.corpus.ut import repo_root

    root = tmp / "run"
    root.mkdir()
    repo = repo_root(f.op_dir)
    if repo is not None:
        for entry in repo.iterdir():
            if entry.name == "build":
                continue
            try:
                (root / entry.name).symlink_to(entry)
            except OSError:
                pass
    cwd = root / "build" / "tests" / "ut" / {"host": "op_host", "kernel": "op_kernel", "api": "op_api"}[f.kind]
    cwd.mkdir(parents=True)
    if f.kind == "kernel":  # what the test's CMakeLists copies into the build tree (relu_v3's data scripts)
        from kernelgen.corpus.ut_kernel import cmake_copies

        for src, dest in cmake_copies(f.path):
            if src.is_file() and ".." not in Path(dest).parts:
                (root / "build" / dest).mkdir(parents=True, exist_ok=True)
                shutil.copy(src, root / "build" / dest / src.name)
    return cwd


def python_env() -> dict:
    """The environment test programs run in: this Python first on PATH, so the `python3 gen_data.py` a kernel test
    runs is the one with kernelgen's numpy."""
    import sys

    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    return env


def missing_frameworks(f: UtFile) -> list[str]:
    """torch / tensorflow that a kernel test's data scripts import and this Python lacks."""
    import importlib.util
    import re

    if f.kind != "kernel":
        return []
    needed = set()
    for py in f.path.parent.rglob("*.py"):
        needed |= set(re.findall(r"^\s*(?:import|from)\s+(torch|tensorflow)\b", py.read_text(errors="replace"), re.M))
    return sorted(m for m in needed if importlib.util.find_spec(m) is None)


def _not_built_suite(f: UtFile, names, status: str, message: str) -> ET.Element:
    suite = ET.Element("testsuite", name=f"{f.op}/{f.kind}/{Path(f.path).name}", tests=str(len(names)),
                       failures="0", errors=str(len(names)) if status != "skipped" else "0",
                       skipped=str(len(names)) if status == "skipped" else "0")
    for n in names:
        cls, _, case = n.rpartition(".")
        tc = ET.SubElement(suite, "testcase", name=case, classname=cls, file=str(f.path))
        ET.SubElement(tc, "skipped" if status == "skipped" else "error", message=message[:2000])
    return suite


def not_collected(f: UtFile, gtest_filter: str | None = None) -> tuple[list[CaseResult], list[ET.Element]]:
    """The cases of a file the checkout's UT build never compiles, with the reason (JUnit: skipped)."""
    names = [n for n in f.cases if _matches(n, gtest_filter)]
    return ([CaseResult(f.op, f.kind, str(f.path), n, "not_collected", f.uncollected) for n in names],
            [_not_built_suite(f, names, "skipped", f.uncollected)] if names else [])


def run_file(built: Built, gtest_filter: str | None = None, timeout: float = 600) -> tuple[list[CaseResult],
                                                                                        list[ET.Element]]:
    f = built.file
    if built.program is None:
        names = [n for n in f.cases if _matches(n, gtest_filter)]
        results = [CaseResult(f.op, f.kind, str(f.path), n, "not_built", built.error) for n in names]
        return results, [_not_built_suite(f, names, "not_built", built.error)] if names else []
    missing = missing_frameworks(f)
    if missing:
        why = f"its data scripts need {', '.join(missing)}, not installed for {__import__('sys').executable}"
        names = [n for n in f.cases if _matches(n, gtest_filter)]
        return ([CaseResult(f.op, f.kind, str(f.path), n, "skipped", why) for n in names],
                [_not_built_suite(f, names, "skipped", why)] if names else [])
    env = python_env()
    rc, cases, suites, out = _run_program(built.program, f, gtest_filter, timeout, env)
    if cases or rc in (0, 1):
        return cases, suites
    # crashed: run the cases one by one so the crash is charged to its case
    results, all_suites = [], []
    for n in f.cases:
        if "*" in n or not _matches(n, gtest_filter):
            continue
        rc1, c1, s1, out1 = _run_program(built.program, f, n, timeout, env)
        if c1:
            results += c1
            all_suites += s1
        else:
            tail = "\n".join(out1.strip().splitlines()[-8:])
            msg = f"the test program crashed ({_signal_text(rc1)}):\n{tail}"
            results.append(CaseResult(f.op, f.kind, str(f.path), n, "failed", msg))
            all_suites.append(_crash_suite(f, n, msg))
    return results, all_suites


def _crash_suite(f: UtFile, name: str, msg: str) -> ET.Element:
    cls, _, case = name.rpartition(".")
    suite = ET.Element("testsuite", name=f"{f.op}/{f.kind}/{cls}", tests="1", failures="1", errors="0", skipped="0")
    tc = ET.SubElement(suite, "testcase", name=case, classname=cls, file=str(f.path))
    ET.SubElement(tc, "failure", message=msg[:2000])
    return suite


def _matches(name: str, gtest_filter: str | None) -> bool:
    if not gtest_filter:
        return True
    import fnmatch

    pos, _, neg = gtest_filter.partition("-")
    ok = any(fnmatch.fnmatchcase(name, p) for p in (pos or "*").split(":"))
    return ok and not any(fnmatch.fnmatchcase(name, p) for p in neg.split(":") if p)


def run_ut(path, kinds=KINDS, soc: str | None = None, jobs: int = 1, gtest_filter: str | None = None,
           on_file=None, timeout: float = 600, uncollected: bool = False) -> UtReport:
    """Find, build and run every unit-test file under path; on_file(UtFile, [CaseResult]) after each file. Files the
    checkout's own UT build does not collect are reported as not_collected unless uncollected is true (then they
    are built and run like the others)."""
    from concurrent.futures import ThreadPoolExecutor

    files = [f for f in find_ut_files(path, kinds, soc) if any(_matches(n, gtest_filter) or "*" in n for n in f.cases)]
    report = UtReport()

    def one(f: UtFile):
        if f.uncollected and not uncollected:
            return f, not_collected(f, gtest_filter)
        try:
            built = build_file(f, soc)
        except (ToolchainError, UsageError) as exc:  # UsageError: an operator directory kernelgen cannot read
            built = Built(f, None, str(exc).splitlines()[0][:300], str(exc))  # (no *_def.cpp): its cases only
        return f, run_file(built, gtest_filter, timeout)

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for f, (cases, suites) in pool.map(one, files):
            report.cases += cases
            report.suites += suites
            if on_file:
                on_file(f, cases)
    return report
