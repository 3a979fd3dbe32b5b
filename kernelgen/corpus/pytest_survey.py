"""The survey as pytest items: `pytest --kernelgen-survey PATH` makes one test item per operator directory.

Installed with kernelgen (entry point pytest11 "kernelgen" -> kernelgen.testing, which re-exports these hooks):

    pytest --kernelgen-survey ops-nn/experimental [--kernelgen-soc ascend910b] \\
           [--kernelgen-survey-json survey.json] [-n 2]

Each item (its id: the directory's path under PATH, as `kernelgen survey` names its rows) runs the directory
exactly as `kernelgen survey` does (kernelgen.corpus.worker in its own process, with the same time limit) and
passes when it runs clean (class "ran"); otherwise it fails with the survey's class and detail. So pytest-xdist
(-n N, --dist/--tx across machines) and any CI sharding by test id spread a survey. The rows of every item
(from every xdist worker: they travel in the reports' user_properties) are merged by the controlling process
into the JSON `kernelgen survey --json` writes. Workers on one machine share the emulator cache safely (every
entry is built under its own lock; kernelgen.emulator.build).

With --kernelgen-survey, pytest collects only the survey's items (test files on the command line or in
testpaths are not collected).
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

ROW_KEY = "kernelgen_survey_row"


def pytest_addoption(parser) -> None:
    group = parser.getgroup("kernelgen", "kernelgen survey items")
    group.addoption("--kernelgen-survey", metavar="PATH", default=None,
                    help="one test item per operator directory under PATH, run on kernelgen's emulator "
                         "(passes when it runs clean)")
    group.addoption("--kernelgen-soc", metavar="SOC", default=None,
                    help="SOC to emulate (default: each operator's own, ascend910b first)")
    group.addoption("--kernelgen-prefer-soc", metavar="SOC", default=None,
                    help="without --kernelgen-soc: this SOC where the operator's OpDef configures it, its own "
                         "elsewhere (as kernelgen survey --prefer-soc)")
    group.addoption("--kernelgen-survey-json", metavar="FILE", default=None,
                    help="write the merged rows as `kernelgen survey --json` does")
    group.addoption("--kernelgen-survey-timeout", metavar="SEC", type=float, default=600.0,
                    help="seconds per operator (compile + run), as kernelgen survey --timeout (default 600)")
    group.addoption("--kernelgen-shard", metavar="I/N", default=None,
                    help="run only shard I of N (0-based; the items in path order, every N-th from the I-th), for "
                         "CI sharding: each job of a matrix takes one I")
    group.addoption("--kernelgen-recipes", metavar="FILE", default=None,
                    help="recipe file layered over kernelgen's own, as kernelgen survey --recipes")


def _survey_path(config) -> str | None:
    return config.getoption("kernelgen_survey", default=None)


def _usage(message: str):
    raise pytest.UsageError(f"kernelgen: error: {message}")


def pytest_configure(config) -> None:
    path = _survey_path(config)
    if not path:
        return
    from kernelgen.errors import UsageError

    config.addinivalue_line("markers", "kernelgen_survey: an operator directory run by kernelgen's survey")
    if not Path(path).is_dir():
        _usage(f"--kernelgen-survey {path} is not a directory; give an ops-nn checkout or a folder of "
               "operator directories")
    from kernelgen.corpus.survey import resolve_socs

    try:   # the survey's own rule, in the plugin's option names
        config.option.kernelgen_soc, config.option.kernelgen_prefer_soc = resolve_socs(
            config.getoption("kernelgen_soc"), config.getoption("kernelgen_prefer_soc"))
    except UsageError as exc:
        _usage(str(exc).replace("--soc", "--kernelgen-soc").replace("--prefer-soc", "--kernelgen-prefer-soc"))
    if config.getoption("kernelgen_survey_timeout") <= 0:
        _usage("--kernelgen-survey-timeout must be positive")
    recipes = config.getoption("kernelgen_recipes")
    if recipes:
        from kernelgen.corpus.inputs import load_recipes

        try:
            load_recipes(Path(recipes))
        except UsageError as exc:
            _usage(str(exc))
    shard = config.getoption("kernelgen_shard")
    if shard:
        try:
            index, count = (int(x) for x in shard.split("/"))
            if count < 1 or not 0 <= index < count:
                raise ValueError
        except ValueError:
            _usage(f"--kernelgen-shard {shard!r} is not I/N with 0 <= I < N (e.g. 0/4)")
        config.option.kernelgen_shard = (index, count)
    out = config.getoption("kernelgen_survey_json")
    if out and not Path(out).resolve().parent.is_dir():
        _usage(f"--kernelgen-survey-json {out}: directory {Path(out).resolve().parent} does not exist")
    config.pluginmanager.register(SurveyRows(config), "kernelgen-survey-rows")
    # Ctrl-C or a kill ends the items' workers (each runs in a session of its own, out of the terminal's and
    # pytest's reach) as it does the CLI's survey: SIGINT and SIGTERM end every worker's process group, start no
    # new one and then interrupt pytest; in an xdist worker too (pytest_configure runs in its main thread)
    from kernelgen.proc import stop_children_on_signals

    config._kernelgen_signals = stop_children_on_signals()


def pytest_unconfigure(config) -> None:
    previous = getattr(config, "_kernelgen_signals", None)
    if previous:
        from kernelgen.proc import restore_signals

        restore_signals(previous)


def pytest_ignore_collect(collection_path, config):
    """Survey mode collects the survey's items only."""
    if _survey_path(config):
        return True
    return None


class SurveyError(Exception):
    """The operator did not run clean: its survey class and detail."""


class SurveyItem(pytest.Item):
    def __init__(self, *, op_dir: Path, rel: str, **kwargs):
        super().__init__(**kwargs)
        self.op_dir = op_dir
        self.rel = rel
        self.add_marker("kernelgen_survey")

    def runtest(self) -> None:
        from kernelgen.corpus.survey import _run_child
        from kernelgen.corpus.worker import RAN

        cfg = self.config
        recipes = cfg.getoption("kernelgen_recipes")
        job = {"dir": str(self.op_dir), "rel": self.rel, "soc": cfg.getoption("kernelgen_soc"),
               "prefer_soc": cfg.getoption("kernelgen_prefer_soc"), "seed": 0,
               "threads": 1, "recipes": str(Path(recipes).resolve()) if recipes else None}
        try:
            row = _run_child(job, cfg.getoption("kernelgen_survey_timeout"))
        except KeyboardInterrupt:   # e.g. execnet interrupting an xdist worker whose controller stopped
            from kernelgen.proc import stop_children

            stop_children()
            raise
        self.user_properties.append((ROW_KEY, json.dumps(row, default=str)))
        if row.get("class") != RAN:
            raise SurveyError(f"{row.get('class')}: {row.get('detail') or ''}".strip())

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, SurveyError):
            return f"{self.rel}: {excinfo.value}"
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.op_dir, None, f"kernelgen survey {self.rel}"


@pytest.hookimpl(tryfirst=True)   # before -k/-m deselection and any sharding plugin see the items
def pytest_collection_modifyitems(session, config, items) -> None:
    path = _survey_path(config)
    if not path:
        return
    from kernelgen.corpus.survey import find_operator_dirs

    root = Path(path).resolve()
    dirs, _skipped = find_operator_dirs(root)
    shard = config.getoption("kernelgen_shard")
    if shard:
        index, count = shard
        dirs = dirs[index::count]
    for d in dirs:
        rel = str(d.relative_to(root)) if d != root else d.name
        items.append(SurveyItem.from_parent(session, name=rel, nodeid=rel, op_dir=d, rel=rel))


class SurveyRows:
    """Registered in survey mode: gathers every item's row (in the controlling process too when xdist runs the
    items elsewhere; the rows travel in the reports' user_properties) and writes the merged JSON at the end."""

    def __init__(self, config):
        self.config = config
        self.rows: list[dict] = []
        self.start = time.monotonic()

    def pytest_runtest_logreport(self, report) -> None:
        if report.when != "call":
            return
        for key, value in getattr(report, "user_properties", ()):
            if key == ROW_KEY:
                self.rows.append(json.loads(value))

    def pytest_sessionfinish(self, session, exitstatus) -> None:
        config = self.config
        out = config.getoption("kernelgen_survey_json")
        if not out or hasattr(config, "workerinput"):   # an xdist worker: the controlling process writes
            return
        if exitstatus == pytest.ExitCode.INTERRUPTED:   # as the CLI's survey: an interrupted run writes no report
            return
        from kernelgen.corpus.survey import Survey, _commit, find_operator_dirs
        from kernelgen.validate import write_text_atomic

        root = Path(_survey_path(config)).resolve()
        _dirs, skipped = find_operator_dirs(root)
        result = Survey(root, config.getoption("kernelgen_soc"), rows=list(self.rows),
                        skipped=[str(p.relative_to(root)) if p != root else p.name for p in skipped],
                        commit=_commit(root), prefer_soc=config.getoption("kernelgen_prefer_soc"))
        result.seconds = time.monotonic() - self.start
        write_text_atomic(Path(out), json.dumps(result.to_json(), indent=2, default=str), "JSON file")


def pytest_report_header(config):
    path = _survey_path(config)
    if path:
        return [f"kernelgen survey: {path} (soc: {config.getoption('kernelgen_soc') or 'per operator'})"]
    return None


def merge_reports(paths: list[Path]) -> dict:
    """One survey report from several (the JSON of CI shards or machines): their rows together, the counts and
    percentages recomputed; the root, commit and soc of the first."""
    from kernelgen.corpus.survey import Survey
    from kernelgen.errors import UsageError

    docs = []
    for p in paths:
        try:
            docs.append(json.loads(Path(p).read_text(encoding="utf-8")))
        except (OSError, ValueError) as exc:
            raise UsageError(f"{p} is not a survey report: {exc}") from None
        if not isinstance(docs[-1], dict) or not isinstance(docs[-1].get("rows"), list):
            raise UsageError(f"{p} is not a survey report (no rows list)")
    if not docs:
        raise UsageError("give the survey reports to merge")
    rows = {r["dir"]: r for d in docs for r in d["rows"]}
    first = docs[0]
    result = Survey(Path(first.get("root", ".")), None if str(first.get("soc", "")).startswith("per operator")
                    else first.get("soc"), rows=list(rows.values()),
                    skipped=sorted({s for d in docs for s in d.get("skipped", [])}), commit=first.get("commit"))
    result.seconds = sum(float(d.get("seconds", 0.0)) for d in docs)
    return result.to_json()


def main(argv: list[str] | None = None) -> int:
    """`python -m kernelgen.corpus.pytest_survey OUT.json IN.json...`: merge shards' reports into OUT.json."""
    import sys

    from kernelgen.errors import UsageError
    from kernelgen.validate import write_text_atomic

    argv = sys.argv[1:] if argv is None else argv
    try:
        if len(argv) < 2:
            raise UsageError("usage: python -m kernelgen.corpus.pytest_survey OUT.json IN.json [IN.json ...]")
        merged = merge_reports([Path(a) for a in argv[1:]])
        write_text_atomic(Path(argv[0]), json.dumps(merged, indent=2, default=str), "JSON file")
    except UsageError as exc:
        print(f"kernelgen: error: {exc}", file=sys.stderr)
        return 2
    print(f"{argv[0]}: {merged['operators']} operators from {len(argv) - 1} reports")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
