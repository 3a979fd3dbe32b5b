#!/usr/bin/env python3
"""Cold-start benchmark: a cold `kernelgen verify gelu_grad` and a cold survey of 16 experimental operators, for the
previous release and the current tree side by side in one run, each from an empty emulator cache.

    python scripts/bench_cold.py --prev /tmp/prev [--repeat 3] [--json bench.json] [--ops-nn /work/corpus/ops-nn]
    (make /tmp/prev with: git worktree add /tmp/prev 8f5520e)

Runs alternate (prev, current, current, prev, ...) so that load from other processes falls on both; the report
gives medians. Per phase: render (rendering kernelgen's own operator into the cache), the compilers by kind
(runtime, host, kernel, precompiled headers, link: count, summed wall seconds, summed CPU seconds), prebuild (the
compiling), cases (everything after it), and within cases inputs, run (the kernel runs) and judge (the golden
references and the comparison) for verify; wall and CPU (user+sys of every child process: a
measure that does not grow with other processes' load the way wall time does) for both. The compilers are seen
through a logging wrapper given as $CXX; the Python phases through wrappers around kernelgen's own functions
(the same names in both trees), installed by this script's --driver mode.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SURVEY_OPS = ("activation/celu", "activation/gelu", "activation/hard_shrink", "activation/mish",
              "activation/hard_swish_v2", "activation/leakyrelu_v2", "loss/huber_loss", "loss/mse_loss",
              "loss/l1_loss_grad", "loss/hinge_loss", "optim/apply_gradient_descent", "optim/apply_adagrad_d",
              "optim/apply_adamax", "optim/apply_rms_prop", "index/gather_v2", "norm/renorm_v2")
KINDS = ("runtime", "host", "probe", "kernel", "pch", "link", "other")
# verify's Python phases, wall seconds summed over calls (and threads: since session 33 inputs and judge partly
# run in a second thread during the run phase, so inputs + run + judge may exceed cases, their wall time)
PHASES = ("render", "prebuild", "cases", "inputs", "run", "judge")

WRAPPER = '''#!{python}
import json, os, resource, subprocess, sys, time
args = sys.argv[1:]
start = time.time()
code = subprocess.call([{real!r}] + args)
end = time.time()
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
line = json.dumps({{"start": start, "end": end, "cpu": ru.ru_utime + ru.ru_stime, "rc": code, "args": args}}) + "\\n"
fd = os.open({log!r}, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
os.write(fd, line.encode())
os.close(fd)
sys.exit(code)
'''


def classify(args: list[str]) -> str | None:
    if "--version" in args:
        return None
    if "-shared" in args:
        return "link"
    if "c++-header" in args:
        return "pch"
    src = args[args.index("-c") + 1] if "-c" in args else ""
    name = Path(src).name
    if "/runtime/" in src:
        return "runtime"
    if name.startswith("probe_launcher"):
        return "probe"
    if "_launch-" in name or "_kernel_entry-" in name or "/op_kernel/" in src:   # a launcher, or its entry shim
        return "kernel"
    if "/op_host/" in src or "op_host" in src:
        return "host"
    return "other"


def compiler_phases(log: Path) -> dict:
    out = {k: {"count": 0, "wall": 0.0, "cpu": 0.0} for k in KINDS}
    if not log.is_file():
        return out
    for line in log.read_text().splitlines():
        rec = json.loads(line)
        kind = classify(rec["args"])
        if kind is None:
            continue
        out[kind]["count"] += 1
        out[kind]["wall"] += rec["end"] - rec["start"]
        out[kind]["cpu"] += rec["cpu"]
    return {k: {"count": v["count"], "wall": round(v["wall"], 2), "cpu": round(v["cpu"], 2)} for k, v in out.items()}


# ---- driver: runs inside the measured tree (PYTHONPATH=tree) -------------------------------------------------
def driver(argv: list[str]) -> int:
    """`bench_cold.py --driver OUT.json ARGS...`: kernelgen's CLI with ARGS, timing its Python phases."""
    out, args = Path(argv[0]), argv[1:]
    phases = {"render": 0.0, "prebuild": 0.0, "cases": 0.0, "inputs": 0.0, "run": 0.0, "judge": 0.0}

    def timed(module, name, phase):
        original = getattr(module, name, None)
        if original is None:   # a tree without it (an older release)
            return

        def wrapper(*a, **kw):
            t = time.perf_counter()
            try:
                return original(*a, **kw)
            finally:
                phases[phase] += time.perf_counter() - t
        setattr(module, name, wrapper)

    import kernelgen.authoring.render as render
    import kernelgen.checking.verify as verify
    from kernelgen.cli import main

    timed(render, "render_tree", "render")
    timed(verify, "prebuild", "prebuild")
    timed(verify, "verify", "cases")          # every case: inputs, run and judge, after prebuild
    timed(verify, "make_inputs", "inputs")
    timed(verify, "run_source", "run")
    if hasattr(verify, "judge_expected"):     # since session 33 a second thread computes the references ahead
        timed(verify, "expect", "judge")
        timed(verify, "judge_expected", "judge")
    else:
        timed(verify, "judge", "judge")
    code = 0
    try:
        main(args, standalone_mode=False)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out.write_text(json.dumps({k: round(v, 3) for k, v in phases.items()}))
    return code


# ---- one measured run -------------------------------------------------------------------------------------------
def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def measure(tree: Path, what: str, work: Path, jobs: int, survey_root: Path | None) -> dict:
    cache = Path(tempfile.mkdtemp(prefix=f"kgbench-{what}-", dir=work))
    log = cache / "gxx.log"
    wrapper = cache / "gxx"
    wrapper.write_text(WRAPPER.format(python=sys.executable, real=shutil.which("g++"), log=str(log)))
    wrapper.chmod(0o755)
    env = dict(os.environ, PYTHONPATH=str(tree), KERNELGEN_CACHE_DIR=str(cache / "cache"), CXX=str(wrapper))
    env.pop("KERNELGEN_PCH", None)
    phases_file = cache / "phases.json"
    if what == "verify":
        cmd = [sys.executable, str(Path(__file__).resolve()), "--driver", str(phases_file), "verify", "gelu_grad"]
    else:
        cmd = [sys.executable, "-m", "kernelgen", "survey", str(survey_root), "--jobs", str(jobs), "--json",
               str(cache / "survey.json")]
    cpu0, t0 = _children_cpu(), time.perf_counter()
    proc = subprocess.run(cmd, env=env, cwd=str(cache), capture_output=True, text=True)
    wall, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    rec = {"tree": str(tree), "what": what, "exit": proc.returncode, "wall": round(wall, 2), "cpu": round(cpu, 2),
           "compilers": compiler_phases(log)}
    if what == "verify":
        rec["phases"] = json.loads(phases_file.read_text()) if phases_file.is_file() else {}
        rec["summary"] = (proc.stdout.strip().splitlines() or [""])[-2:]
    else:
        doc = json.loads((cache / "survey.json").read_text()) if (cache / "survey.json").is_file() else {}
        rec["classes"] = {r["dir"]: r["class"] for r in doc.get("rows", [])}
        rec["counts"] = {k: v for k, v in doc.get("counts", {}).items() if v}
    if proc.returncode not in (0, 1):
        rec["stderr"] = proc.stderr[-2000:]
    shutil.rmtree(cache, ignore_errors=True)
    return rec


def survey_tree(ops_nn: Path, work: Path) -> Path:
    """A folder of symlinks to the 16 operator directories (kernelgen resolves them to their real places)."""
    root = work / "survey16"
    for rel in SURVEY_OPS:
        link = root / rel
        link.parent.mkdir(parents=True, exist_ok=True)
        if not link.exists():
            link.symlink_to(ops_nn / "experimental" / rel)
    return root


def median_record(runs: list[dict]) -> dict:
    out = {"runs": len(runs), "wall": round(statistics.median(r["wall"] for r in runs), 2),
           "cpu": round(statistics.median(r["cpu"] for r in runs), 2),
           "wall_all": [r["wall"] for r in runs], "cpu_all": [r["cpu"] for r in runs], "compilers": {}}
    for kind in KINDS:
        vals = [r["compilers"][kind] for r in runs]
        out["compilers"][kind] = {k: round(statistics.median(v[k] for v in vals), 2) for k in ("count", "wall", "cpu")}
    if runs[0].get("phases") is not None:
        out["phases"] = {k: round(statistics.median(r["phases"].get(k, 0.0) for r in runs), 2)
                         for k in PHASES}
    if "classes" in runs[0]:
        out["classes"] = runs[-1]["classes"]
        out["counts"] = runs[-1]["counts"]
        out["classes_stable"] = all(r["classes"] == runs[0]["classes"] for r in runs)
    out["exit"] = sorted({r["exit"] for r in runs})
    return out


def print_table(result: dict) -> None:
    for what in ("verify", "survey"):
        if what not in result:
            continue
        prev, cur = result[what]["prev"], result[what]["current"]
        print(f"\n{what} ({'gelu_grad' if what == 'verify' else '16 experimental operators'}), medians of "
              f"{prev['runs']} / {cur['runs']} cold runs")
        print(f"  {'phase':<26}{'previous':>12}{'current':>12}{'ratio':>8}")

        def row(label, a, b):
            ratio = f"{b / a:.2f}" if a else "-"
            print(f"  {label:<26}{a:>12.1f}{b:>12.1f}{ratio:>8}")
        row("wall s", prev["wall"], cur["wall"])
        row("CPU s (user+sys)", prev["cpu"], cur["cpu"])
        for k in PHASES:
            if "phases" in prev:
                row(f"{k} wall s", prev["phases"][k], cur["phases"][k])
        for kind in KINDS:
            p, c = prev["compilers"][kind], cur["compilers"][kind]
            if p["count"] or c["count"]:
                row(f"g++ {kind} CPU s (n={p['count']:.0f}/{c['count']:.0f})", p["cpu"], c["cpu"])
        if what == "survey":
            same = prev["classes"] == cur["classes"]
            print(f"  classes identical: {same}; current counts: {cur['counts']}")


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--driver":
        return driver(sys.argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--prev", type=Path, required=True, help="the previous release's tree (git worktree add ...)")
    ap.add_argument("--current", type=Path, default=HERE, help="the tree to compare (default: this checkout)")
    ap.add_argument("--ops-nn", type=Path, default=Path(os.environ.get("KERNELGEN_OPS_NN", "/work/corpus/ops-nn")))
    ap.add_argument("--repeat", type=int, default=3, help="cold runs of each tree (alternating); default 3")
    ap.add_argument("--survey-repeat", type=int, default=None, help="cold survey runs (default: --repeat)")
    ap.add_argument("--jobs", type=int, default=2, help="survey --jobs (default 2)")
    ap.add_argument("--only", choices=("verify", "survey"), default=None)
    ap.add_argument("--json", type=Path, default=None, help="write the results (every run and the medians)")
    ap.add_argument("--work", type=Path, default=None, help="scratch directory (default: a temporary one)")
    a = ap.parse_args()
    for tree in (a.prev, a.current):
        if not (tree / "kernelgen" / "__init__.py").is_file():
            print(f"bench_cold: error: {tree} is not a kernelgen tree (no kernelgen/__init__.py)", file=sys.stderr)
            return 2
    if a.only != "verify" and not (a.ops_nn / "experimental").is_dir():
        print(f"bench_cold: error: --ops-nn {a.ops_nn} has no experimental/ folder", file=sys.stderr)
        return 2
    # absolute: every run's cache, compiler wrapper and phase file are named inside it, and the runs' working
    # directory is their cache (a relative --work named paths that did not exist there)
    work = (a.work or Path(tempfile.mkdtemp(prefix="kgbench-"))).resolve()
    work.mkdir(parents=True, exist_ok=True)
    trees = {"prev": a.prev.resolve(), "current": a.current.resolve()}
    plan = [("verify", a.repeat)] if a.only != "survey" else []
    if a.only != "verify":
        plan.append(("survey", a.survey_repeat or a.repeat))
    root = survey_tree(a.ops_nn, work) if a.only != "verify" else None
    runs: dict = {}
    for what, n in plan:
        for i in range(n):
            order = ("prev", "current") if i % 2 == 0 else ("current", "prev")
            for name in order:
                rec = measure(trees[name], what, work, a.jobs, root)
                runs.setdefault(what, {}).setdefault(name, []).append(rec)
                print(f"[{what} {i + 1}/{n}] {name}: wall {rec['wall']:.1f} s, CPU {rec['cpu']:.1f} s, exit "
                      f"{rec['exit']}", file=sys.stderr, flush=True)
    load = os.getloadavg()
    result = {"machine": {"cores": os.cpu_count(), "loadavg_at_end": [round(x, 2) for x in load]},
              "trees": {k: str(v) for k, v in trees.items()}, "survey_ops": list(SURVEY_OPS), "runs": runs}
    for what in runs:
        result[what] = {name: median_record(recs) for name, recs in runs[what].items()}
    print_table(result)
    if a.json:
        a.json.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
