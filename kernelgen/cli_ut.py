"""`kernelgen ut`: an ops-nn checkout's own unit tests on the emulator (kernelgen.corpus.ut, ut_run)."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from kernelgen.cli_params import CONTEXT, OutputFileType, check_cache, json_option, soc_option, timeout_option
from kernelgen.errors import EXIT_CHECK_FAILED, ToolchainError, UsageError


def _gtest_problem() -> str | None:
    from kernelgen.toolchain import find_gtest

    return find_gtest().problem


@click.command(context_settings=CONTEXT)
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--kind", type=click.Choice(["host", "kernel", "api", "all"]), default="all", show_default=True,
              help="Which tests: op_host (tiling, infershape), op_kernel (ICPU_RUN_KF), op_api, or all.")
@soc_option(required=False, help="SOC the tests are built for (BUILD_SOC_VERSION, kernel flags) [default: as ops-nn's "
           "`build.sh -u`: no BUILD_SOC_VERSION for host tests, the CMake AddOpTestCase SOC for kernel tests].")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Test files built and run in parallel.")
@json_option("Write counts per kind and operator, and every case, as JSON to FILE.")
@click.option("--junit", "junit_file", type=OutputFileType("JUnit file"), default=None, metavar="F.xml",
              help="Write the merged JUnit XML (gtest's own reports, plus not-built cases) to F.xml.")
@click.option("--filter", "gtest_filter", default=None, metavar="GTEST_FILTER",
              help="gtest filter (Suite.Name patterns, ':'-separated, '-' to exclude), e.g. '*Tiling*'.")
@click.option("--uncollected", is_flag=True, default=False,
              help="Also build and run the files the checkout's own UT build does not collect (reported as not "
                   "collected, with the reason, by default).")
@timeout_option(600.0, "Seconds each test program may run.")
def ut(path, kind, soc, jobs, json_file, junit_file, gtest_filter, uncollected, timeout):
    """Build and run an ops-nn operator's own unit tests (tests/ut) unmodified on the emulator.

    PATH is an operator directory, a category or a checkout. Every TEST case is reported passed, failed (with
    gtest's message) or not built (with the first missing name or compile error); the cases of a file the
    checkout's own UT build never compiles (its CMake files register it nowhere) are reported not collected, with
    the broken link, and not run. Exit 0 when all collected cases passed, 1 otherwise, 2 on a usage error, 3 when
    googletest or the compiler is missing.

    Example: kernelgen ut ops-nn/experimental/optim/apply_gradient_descent --kind host --junit ut.xml
    """
    import json

    from kernelgen.corpus.ut import KINDS, find_ut_files
    from kernelgen.corpus.ut_run import run_ut
    from kernelgen.validate import write_text_atomic

    check_cache()
    kinds = KINDS if kind == "all" else (kind,)
    problem = _gtest_problem()
    if problem:
        raise ToolchainError(f"googletest is needed to build unit tests: {problem}")
    if not find_ut_files(path, kinds):
        raise UsageError(f"{path}: no unit-test files (tests/ut/op_host, op_kernel, op_api with TEST cases) found"
                         f" for --kind {kind}")
    soc_name = soc.family if soc else None

    def on_file(f, cases):
        if cases and all(c.status == "not_collected" for c in cases):
            why = f.uncollected.removeprefix("not collected by the checkout's UT build: ")
            click.echo(f"{f.op} {f.kind} {f.path.name}: {len(cases)} not collected by the checkout's UT build: {why}",
                       err=True)
            return
        n = {s: sum(1 for c in cases if c.status == s) for s in ("passed", "failed", "not_built", "skipped")}
        line = (f"{f.op} {f.kind} {f.path.name}: {n['passed']} passed, {n['failed']} failed, "
                f"{n['not_built']} not built" + (f", {n['skipped']} skipped" if n["skipped"] else ""))
        click.echo(line, err=True)
        for c in cases:
            if c.status in ("failed", "not_built"):
                lines = [ln.strip() for ln in c.message.strip().splitlines()
                         if ln.strip() and not re.match(r"^\S+:\d+$", ln.strip()) and ln.strip() != "Failed"]
                first = " ".join(lines[:3])[:240]
                click.echo(f"  {c.status.upper().replace('_', ' ')} {c.name}: {first}", err=True)

    report = run_ut(path, kinds, soc_name, jobs, gtest_filter, on_file=on_file, timeout=timeout,
                    uncollected=uncollected)
    if json_file:
        doc = report.as_dict()
        doc.update({"path": str(path), "soc": soc_name})
        write_text_atomic(json_file, json.dumps(doc, indent=2), "JSON file")
    if junit_file:
        write_text_atomic(junit_file, report.junit().decode("utf-8"), "JUnit file")
    counts = report.counts()["kinds"]
    for k in kinds:
        c = counts[k]
        total = sum(c[s] for s in ("passed", "failed", "not_built", "skipped"))
        if total:
            click.echo(f"{k}: {c['passed']} of {total} TEST cases passed, {c['failed']} failed, {c['not_built']} not "
                       f"built, {c['skipped']} skipped; {c['files_passed']} of {c['files']} files passed")
        if c["not_collected"]:
            click.echo(f"{k}: {c['not_collected']} TEST cases in {c['files_not_collected']} files not collected by the "
                       "checkout's UT build (not run; --uncollected runs them)")
    if not report.ok:
        sys.exit(EXIT_CHECK_FAILED)
