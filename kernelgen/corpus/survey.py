"""`kernelgen survey PATH`: every operator directory under PATH, run unmodified on the emulator, classified.

Each operator runs in its own child process (kernelgen.corpus.worker, through proc.stream_tool with a time
limit that ends the child's whole process group), so a kernel that segfaults or hangs costs only its row.
Classes (worker.CLASSES): ran; defect found (the emulator caught what the NPU gets wrong, or the outputs hold
NaN/inf for finite inputs or elements never written); not emulated (the Ascend C API or header is named);
layout not understood; compile error (any other); inputs rejected (the operator's own host code refused the
survey's inputs: a recipe is needed); crashed; timed out.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from kernelgen.corpus.kinds import defect_kind
from kernelgen.corpus.worker import CLASSES, CRASHED, DEFECT, RAN, RESULT_TAG, TIMED_OUT
from kernelgen.errors import ToolchainError, UsageError
from kernelgen.proc import stream_tool

_SKIP_DIRS = {"tests", "test", "docs", "examples", "build", "build_out", "third_party", "scripts", "cmake",
              "op_api", "op_graph", "torch_extension"}


@dataclass
class Survey:
    root: Path
    soc: str | None
    rows: list[dict] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)   # folders with op_host/op_kernel but no sources to run
    seconds: float = 0.0
    commit: str | None = None
    prefer_soc: str | None = None   # without soc: this SOC wherever the operator's OpDef configures it

    def counts(self) -> dict[str, int]:
        out = {c: 0 for c in CLASSES}
        for r in self.rows:
            out[r["class"]] = out.get(r["class"], 0) + 1
        return out

    def defect_kinds(self) -> dict[str, int]:
        """Defect rows by kind (corpus.kinds), most frequent first."""
        out: dict[str, int] = {}
        for r in self.rows:
            if r["class"] == DEFECT:
                kind = r.get("defect_kind") or defect_kind(r.get("detail", ""))
                out[kind] = out.get(kind, 0) + 1
        return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))

    def _soc_rule(self) -> str:
        if self.prefer_soc:
            return f"{self.prefer_soc} where the OpDef configures it, else per operator (ascend910b first)"
        return "per operator (ascend910b first)"

    def ok(self) -> bool:
        return all(r["class"] in (RAN, DEFECT) for r in self.rows)

    def to_json(self) -> dict:
        from kernelgen import __version__

        total = len(self.rows)
        good = sum(1 for r in self.rows if r["class"] in (RAN, DEFECT))
        return {"root": str(self.root), "commit": self.commit, "soc": self.soc or self._soc_rule(),
                "kernelgen": __version__, "operators": total, "counts": self.counts(),
                "defect_kinds": self.defect_kinds(),
                "ran_or_defect_percent": round(100.0 * good / total, 1) if total else 0.0,
                "seconds": round(self.seconds, 1), "skipped": self.skipped,
                "rows": sorted(self.rows, key=lambda r: r["dir"])}


def _has_sources(d: Path) -> bool:
    """op_host/ holds a host source (beside it or in a tiling folder; op_api/ is the aclnn layer) or op_kernel/
    a kernel source."""
    host = d / "op_host"
    try:
        if host.is_dir() and any(p.suffix == ".cpp" for p in list(host.glob("*")) + list(host.glob("*/*"))
                                 if p.parent.name not in ("op_api", "op_graph", "config")):
            return True
        return (d / "op_kernel").is_dir() and any(p.suffix == ".cpp" for p in (d / "op_kernel").rglob("*"))
    except OSError:  # unreadable: let the worker say what is wrong with it
        return True


def find_operator_dirs(root: Path) -> tuple[list[Path], list[Path]]:
    """(operator directories, skipped folders) under root: a folder with op_host/ or op_kernel/ is an operator
    unless neither holds a single .cpp file (shared helpers such as norm_common/)."""
    root = Path(root)
    if not root.exists():
        raise UsageError(f"survey path {root} does not exist")
    if not root.is_dir():
        raise UsageError(f"survey path {root} is not a directory (give an operator directory or a folder of them)")
    found, skipped = [], []
    seen: set[Path] = set()

    def walk(d: Path, depth: int) -> None:
        try:
            real = d.resolve()
        except OSError:
            return
        if real in seen:  # a symlink loop, or the same operator reached twice
            return
        seen.add(real)
        if (d / "op_host").is_dir() or (d / "op_kernel").is_dir():
            (found if _has_sources(d) else skipped).append(d)
            return
        if depth > 6:
            return
        try:
            children = sorted(p for p in d.iterdir() if p.is_dir())
        except OSError:
            return
        for child in children:
            if child.name.startswith(".") or child.name in _SKIP_DIRS:
                continue
            walk(child, depth + 1)

    walk(root, 0)
    return found, skipped


def _commit(root: Path) -> str | None:
    from kernelgen.emulator.layout import repo_root

    for where in (root, repo_root(root / "x") if root.is_dir() else None):
        if where is None:
            continue
        try:
            out = subprocess.run(["git", "-C", str(where), "rev-parse", "HEAD"], capture_output=True, text=True,
                                 timeout=10)
        except (OSError, subprocess.SubprocessError):
            return None
        if out.returncode == 0:
            return out.stdout.strip()
    return None


def _signal_name(code: int) -> str:
    try:
        return signal.Signals(-code).name
    except ValueError:
        return f"signal {-code}"


def _run_child(job: dict, timeout: float) -> dict:
    """The worker's row for one operator; a crash, a hang or garbage output becomes a row too."""
    row = {"dir": job["rel"], "op_type": None, "soc": job.get("soc"), "apis": [], "warnings": [],
           "output_rules": []}
    start = time.monotonic()
    fd, job_file = tempfile.mkstemp(prefix="kgsurvey-", suffix=".json")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(job, fh)
        env = dict(os.environ, KERNELGEN_THREADS="1", PYTHONFAULTHANDLER="1")
        try:
            res = stream_tool([sys.executable, "-m", "kernelgen.corpus.worker", job_file], env=env, tail=60,
                              timeout=timeout)
        except ToolchainError as exc:
            if "ran longer than" in str(exc):
                row.update({"class": TIMED_OUT, "detail": f"stopped after {timeout:.0f} s (compile and run)"})
            else:
                row.update({"class": CRASHED, "detail": str(exc).splitlines()[0]})
            row["seconds"] = round(time.monotonic() - start, 2)
            return row
    finally:
        Path(job_file).unlink(missing_ok=True)
    lines = res.output.splitlines()
    for line in reversed(lines):
        at = line.rfind(RESULT_TAG)  # the operator's own prints may precede it on the same line
        if at >= 0:
            try:
                got = json.loads(line[at + len(RESULT_TAG):])
            except ValueError:
                break
            if isinstance(got, dict) and got.get("class") in CLASSES:
                got["dir"] = job["rel"]
                return got
            break
    context = [ln for ln in lines if ln.strip() and RESULT_TAG not in ln][-3:]
    why = (f"the worker process died with {_signal_name(res.returncode)}" if res.returncode < 0 else
           f"the worker process exited with code {res.returncode} and no result")
    row.update({"class": CRASHED, "detail": why + (": " + " | ".join(context) if context else ""),
                "seconds": round(time.monotonic() - start, 2)})
    return row


def resolve_socs(soc: str | None, prefer_soc: str | None) -> tuple[str | None, str | None]:
    """--soc and --prefer-soc as SOC family names (UsageError for an unknown name or for both given)."""
    from kernelgen.socs import get_soc

    if soc and prefer_soc:
        raise UsageError("give --soc (every operator on that SOC) or --prefer-soc (that SOC where configured), "
                         "not both")
    return (get_soc(soc).family if soc else None), (get_soc(prefer_soc).family if prefer_soc else None)


def survey(path: Path, soc: str | None = None, jobs: int = 1, recipes: Path | None = None,
           timeout: float = 600.0, seed: int = 0, on_row: Callable[[int, int, dict], None] | None = None,
           on_start: Callable[[int], None] | None = None, prefer_soc: str | None = None) -> Survey:
    """Run every operator directory under path (in `jobs` child processes at a time) and classify each: on soc
    (an operator whose OpDef does not configure it is rejected), else on prefer_soc where the OpDef configures
    it, else on the operator's own SOC."""
    from kernelgen.corpus.inputs import load_recipes

    soc, prefer_soc = resolve_socs(soc, prefer_soc)  # a bad name is a usage error before anything runs
    if recipes is not None:
        load_recipes(recipes)      # a bad recipe file too
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    if timeout <= 0:
        raise UsageError(f"--timeout must be positive, not {timeout}")
    root = Path(path).resolve() if Path(path).exists() else Path(path)
    dirs, skipped = find_operator_dirs(root)
    result = Survey(root, soc, skipped=[str(p.relative_to(root)) if p != root else p.name for p in skipped],
                    commit=_commit(root), prefer_soc=prefer_soc)
    if on_start:
        on_start(len(dirs))
    start = time.monotonic()

    def rel(d: Path) -> str:
        return str(d.relative_to(root)) if d != root else d.name

    def one(d: Path) -> dict:
        job = {"dir": str(d), "rel": rel(d), "soc": soc, "prefer_soc": prefer_soc, "seed": seed, "threads": 1,
               "recipes": str(Path(recipes).resolve()) if recipes else None}
        return _run_child(job, timeout)

    done = 0
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for future in as_completed([pool.submit(one, d) for d in dirs]):
            row = future.result()
            done += 1
            result.rows.append(row)
            if on_row:
                on_row(done, len(dirs), row)
    result.seconds = time.monotonic() - start
    return result


def table(result: Survey, width: int = 100) -> list[str]:
    """The terminal table: one line per operator that did not run cleanly, then the counts."""
    lines = []
    rows = sorted(result.rows, key=lambda r: (CLASSES.index(r["class"]) if r["class"] in CLASSES else 99, r["dir"]))
    name_w = max([len(r["dir"]) for r in rows] + [8])
    lines.append(f"{'operator':<{name_w}}  {'class':<21}  detail")
    for r in rows:
        detail = (r.get("detail") or "").replace("\n", " ")
        room = max(20, width - name_w - 25)
        if r["class"] == DEFECT:
            detail = f"({r.get('defect_kind') or defect_kind(detail)}) {detail}"
        lines.append(f"{r['dir']:<{name_w}}  {r['class']:<21}  {detail[:room]}")
    counts = result.counts()
    total = len(result.rows)
    good = counts.get(RAN, 0) + counts.get(DEFECT, 0)
    lines.append("")
    lines.append(", ".join(f"{c}: {n}" for c, n in counts.items() if n) or "no operator directories found")
    kinds = result.defect_kinds()
    if kinds:
        lines.append("defects by kind: " + ", ".join(f"{k} {n}" for k, n in kinds.items()))
    if total:
        lines.append(f"{good} of {total} ({100.0 * good / total:.1f} %) ran or stopped on a defect"
                     + (f"; {len(result.skipped)} folder(s) without sources skipped" if result.skipped else "")
                     + f"; {result.seconds:.0f} s")
    return lines


__all__ = ["Survey", "find_operator_dirs", "survey", "table", "CLASSES", "CRASHED", "DEFECT", "RAN", "TIMED_OUT"]
