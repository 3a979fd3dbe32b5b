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
    group.addoption("--kernelgen-survey-json", metavar="FILE", default=None,
                    help="write the merged rows as `kernelgen survey --json` does")
    group.addoption("--kernelgen-survey-timeout", metavar="SEC", type=float, default=600.0,
                    help="seconds per operator (compile + run), as kernelgen survey --timeout (default 600)")
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
    soc = config.getoption("kernelgen_soc")
    if soc:
        from kernelgen.socs import get_soc

        try:
            config.option.kernelgen_soc = get_soc(soc).family
        except UsageError as exc:
            _usage(str(exc))
    if config.getoption("kernelgen_survey_timeout") <= 0:
        _usage("--kernelgen-survey-timeout must be positive")
    recipes = config.getoption("kernelgen_recipes")
    if recipes:
        from kernelgen.corpus.inputs import load_recipes

        try:
            load_recipes(Path(recipes))
        except UsageError as exc:
            _usage(str(exc))
    out = config.getoption("kernelgen_survey_json")
    if out and not Path(out).resolve().parent.is_dir():
        _usage(f"--kernelgen-survey-json {out}: directory {Path(out).resolve().parent} does not exist")
    config.pluginmanager.register(SurveyRows(config), "kernelgen-survey-rows")


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
        job = {"dir": str(self.op_dir), "rel": self.rel, "soc": cfg.getoption("kernelgen_soc"), "seed": 0,
               "threads": 1, "recipes": str(Path(recipes).resolve()) if recipes else None}
        row = _run_child(job, cfg.getoption("kernelgen_survey_timeout"))
        self.user_properties.append((ROW_KEY, json.dumps(row, default=str)))
        if row.get("class") != RAN:
            raise SurveyError(f"{row.get('class')}: {row.get('detail') or ''}".strip())

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, SurveyError):
            return f"{self.rel}: {excinfo.value}"
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.op_dir, None, f"kernelgen survey {self.rel}"


def pytest_collection_modifyitems(session, config, items) -> None:
    path = _survey_path(config)
    if not path:
        return
    from kernelgen.corpus.survey import find_operator_dirs

    root = Path(path).resolve()
    dirs, _skipped = find_operator_dirs(root)
    for d in dirs:
        rel = str(d.relative_to(root)) if d != root else d.name
        items.append(SurveyItem.from_parent(session, name=rel, op_dir=d, rel=rel))


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
        from kernelgen.corpus.survey import Survey, _commit, find_operator_dirs
        from kernelgen.validate import write_text_atomic

        root = Path(_survey_path(config)).resolve()
        _dirs, skipped = find_operator_dirs(root)
        result = Survey(root, config.getoption("kernelgen_soc"), rows=list(self.rows),
                        skipped=[str(p.relative_to(root)) if p != root else p.name for p in skipped],
                        commit=_commit(root))
        result.seconds = time.monotonic() - self.start
        write_text_atomic(Path(out), json.dumps(result.to_json(), indent=2, default=str), "JSON file")


def pytest_report_header(config):
    path = _survey_path(config)
    if path:
        return [f"kernelgen survey: {path} (soc: {config.getoption('kernelgen_soc') or 'per operator'})"]
    return None
