"""The versus table: `kernelgen versus` over (built-in, ops-nn directory) pairs (docs/versus.md).

    python scripts/versus_table.py [--ops-nn PATH] [--ops NAME,...] [--soc ascend910b] [--dtype D ...]
                                   [--pair OP=DIR] [--shape N[,M..]] [--json FILE] [--markdown FILE]
                                   [--jobs N] [--cache DIR]

The pairs: every built-in with an entry in kernelgen/authoring/ops/_interfaces.json that names its hand-written
`dir` (derived, so a new built-in joins the table by itself), plus the GeluGrad pairs below; --ops keeps only the
named built-ins. Default matrix (reduced, so the whole table runs in reasonable time): ascend910b; float32 and
float16 (those the built-in declares). Row programs (last-axis reductions) run on rank-2 shapes, since versus's
default 1-D shape is one row longer than UB. PATH is an ops-nn checkout (default $KERNELGEN_OPS_NN, else
/work/corpus/ops-nn); the table is meant for the pinned commit below, and says which commit it ran on. Each row: both
verdicts against the golden (CANN's standard), both sides' defect classes, both modelled times, the ratio generated
/ hand-written and the pipe that bounds each side. A pair the directory's OpDef does not configure for a SOC, or a
dtype it does not declare, gets a row saying so. Rows go to stdout as a Markdown table (and --markdown FILE); --json
FILE keeps every row's whole comparison. Exit 0 when every generated side that ran passes clean, 1 otherwise, 2 for
a bad option.

--jobs N runs N pairs at once, each in its own process (ctypes libraries and the sanitizer switch are per process),
with one compiler each unless $KERNELGEN_JOBS says otherwise; rows keep the pairs' order. --cache DIR keeps each
pair's rows under a key of everything it depends on (pair_key: kernelgen's files except other
built-ins' spec modules, the pair's spec module and those it imports, the ops-nn directory's files and commit,
SOCs, dtypes, shapes, attributes, seed, numpy and the compiler; kernelgen/checking/versus_cache.py), so a pair
whose key is unchanged is not re-run.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from kernelgen.authoring.ops import get_spec
from kernelgen.checking.versus import versus
from kernelgen.errors import KernelgenError
from kernelgen.socs import get_soc

PINNED_OPS_NN = "e5c3fa9327ea95ba26d06227e746923580d10921"  # hicann/ops-nn, the corpus of docs/corpus.md

# (built-in, directory relative to the ops-nn root). The main tree's GeluGrad and GeluGradV2 are Ascend 950
# (arch35, ATVOSS) kernels only: run them with --soc ascend950.
# (built-in, directory relative to the ops-nn root, attributes)
GELU_PAIRS: tuple[tuple[str, str, dict], ...] = (
    ("gelu_grad", "experimental/activation/gelu_grad", {}),
    ("gelu_grad_v2", "experimental/activation/gelu_grad_v2", {}),
    ("gelu_grad_v2", "experimental/activation/gelu_grad_v2", {"approximate": "tanh"}),
)
# Attributes a pair needs so that both sides compute the same thing: SoftmaxV2's hand-written tiling indexes the
# shape by dim without wrapping a negative one (its default is 3), so the table names the last axis of its rank-2
# shapes.
PAIR_ATTRS: dict[str, dict] = {"softmax_v2": {"dim": 1}}
ROW_SHAPES: tuple[tuple[int, ...], ...] = ((4, 37), (16, 1000), (1024, 1024))
DEFAULT_SOCS = "ascend910b"
DEFAULT_DTYPES = ("float32", "float16")


def derived_pairs() -> list[tuple[str, str, dict]]:
    """(built-in, directory relative to the ops-nn root, attributes): every built-in _interfaces.json maps to a
    hand-written directory, in registry order, then the GeluGrad pairs."""
    from kernelgen.authoring import interfaces
    from kernelgen.authoring.ops import op_names

    stored = interfaces.load()
    pairs = [(n, stored[n]["dir"], dict(PAIR_ATTRS.get(n, {}))) for n in op_names()
             if n in stored and stored[n].get("dir")]
    return pairs + [p for p in GELU_PAIRS if p[0] in op_names()]


def pair_socs(op: str, rel: str, socs: list[str]) -> list[str]:
    """The SOCs to compare a pair on: the requested ones; when the hand-written OpDef (as _interfaces.json stores it)
    configures none of them, its first SOC instead (ApplyAdamax, ApplyRmsProp and ApplyProximalGradientDescent are
    Ascend 950 operators), so the pair still gets a row with both sides run."""
    from kernelgen.authoring import interfaces

    entry = interfaces.load().get(op)
    declared = entry["interface"]["socs"] if entry and entry.get("dir") == rel else []
    if declared and not any(get_soc(s).family in declared for s in socs):
        return [declared[0]]
    return socs


PAIRS = tuple(GELU_PAIRS)   # kept for callers of the old constant; main() uses derived_pairs()


def ops_nn_commit(root: Path) -> str:
    try:
        out = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        out = None
    if out is not None and out.returncode == 0:
        return out.stdout.strip()
    return f"not a git checkout (the snapshot of {PINNED_OPS_NN[:7]} is assumed)"


def _fmt_us(v) -> str:
    return "-" if v is None else f"{v:.2f}"


def _side_cell(side: dict) -> tuple[str, str]:
    verdict = side["verdict"]
    kinds = ", ".join(side["defect_kinds"]) or "none"
    return verdict, kinds


def row_of(op: str, rel: str, soc: str, dtype: str | None, doc: dict | None, skipped: str | None) -> dict:
    if doc is None:
        return {"op": op, "op_dir": rel, "soc": soc, "dtype": dtype or "-", "skipped": skipped}
    return {"op": op, "op_dir": rel, "soc": soc, "dtype": doc["dtype"], "versus": doc}


def markdown(rows: list[dict]) -> list[str]:
    out = ["| built-in | ops-nn directory | SOC | dtype | generated verdict | generated defects | hand-written verdict "
           "| hand-written defects | generated µs | hand-written µs | ratio | bound (gen / hand) |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if "skipped" in r:
            out.append(f"| {r['op']} | {r['op_dir']} | {r['soc']} | {r['dtype']} | {r['skipped']} | | | | | | | |")
            continue
        v = r["versus"]
        g, h = v["generated"], v["handwritten"]
        gv, gk = _side_cell(g)
        hv, hk = _side_cell(h)
        ratio = "-" if v["ratio"] is None else f"{v['ratio']:.3f}"
        bounds = f"{g['perf'].get('bound', '-')} / {h['perf'].get('bound', '-')}"
        out.append(f"| {r['op']} | {r['op_dir']} | {r['soc']} | {r['dtype']} | {gv} | {gk} | {hv} | {hk} | "
                   f"{_fmt_us(g['modelled_us'])} | {_fmt_us(h['modelled_us'])} | {ratio} | {bounds} |")
    return out


def run_pair(op: str, rel: str, attrs: dict, root: str, socs: list[str], dtypes: list[str], shapes,
             seed: int) -> tuple[list[dict], int]:
    """Every row of one pair (its SOCs x dtypes) and how many of its generated sides did not pass clean."""
    spec = get_spec(op)
    root_p = Path(root)
    shown = op + "".join(f" {k}={v}" for k, v in attrs.items())
    rows, failed = [], 0
    for soc_name in pair_socs(op, rel, socs):
        soc = get_soc(soc_name)
        row_dtypes = dtypes or [d.short for d in spec.dtypes_for(soc) if d.short in DEFAULT_DTYPES]
        pair_shapes = shapes or (list(ROW_SHAPES) if spec.row_program else None)
        for dtype in row_dtypes:
            t = time.perf_counter()
            try:
                v = versus(op, root_p / rel, soc, dtype, pair_shapes, attrs, seed)
            except KernelgenError as exc:
                reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                rows.append(row_of(shown, rel, soc.family, dtype, None, f"not compared: {reason}"))
                print(f"{shown} vs {rel} on {soc.family} {dtype}: not compared: {reason}", file=sys.stderr)
                continue
            doc = v.as_dict()
            rows.append(row_of(shown, rel, soc.family, dtype, doc, None))
            failed += not v.generated_clean
            print(f"{shown} vs {rel} on {soc.family} {dtype}: generated {'pass' if v.generated.passed else 'FAIL'} "
                  f"{_fmt_us(v.generated.modelled_us)} us, hand-written "
                  f"{'pass' if v.handwritten.passed else 'FAIL'} {_fmt_us(v.handwritten.modelled_us)} us "
                  f"({time.perf_counter() - t:.0f} s)", file=sys.stderr, flush=True)
    return rows, failed


def _pool_init() -> None:
    os.environ.setdefault("KERNELGEN_JOBS", "1")   # N pairs at once: about N compilers, not N x cores


def run_tasks(tasks: list[tuple], jobs: int, cache: Path | None, commit: str) -> list[tuple[list[dict], int]]:
    """run_pair over tasks (in order), from the cache where a pair's key is unchanged, jobs at a time."""
    from kernelgen.checking.versus_cache import load, pair_key, store

    keys = [pair_key(*t, commit=commit) if cache else None for t in tasks]
    results: list = [load(cache, k) if cache else None for k in keys]
    for t, r in zip(tasks, results):
        if r is not None:
            print(f"{t[0]} vs {t[1]}: {len(r[0])} rows from the cache (inputs unchanged)", file=sys.stderr)
    todo = [i for i, r in enumerate(results) if r is None]

    def done(i: int, result) -> None:
        results[i] = result
        if cache:
            store(cache, keys[i], result)

    if jobs == 1 or len(todo) <= 1:
        for i in todo:
            done(i, run_pair(*tasks[i]))
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=min(jobs, len(todo)), initializer=_pool_init) as pool:
            futures = {i: pool.submit(run_pair, *tasks[i]) for i in todo}
            for i, fut in futures.items():
                done(i, fut.result())
    return results


def _clean(side: dict) -> bool:
    return bool(side["passed"]) and not side["defects"]


def tally(rows: list[dict]) -> list[str]:
    """Issue 22's bar over the compared rows: among those whose hand-written side passes clean, how many have the
    generated side at most as slow (modelled time), against 90 %; and how many generated sides pass clean."""
    compared = [r["versus"] for r in rows if "versus" in r]
    hand_clean = [v for v in compared if _clean(v["handwritten"])]
    timed = [v for v in hand_clean if v["ratio"] is not None]
    at_most = [v for v in timed if v["ratio"] <= 1.0]
    slower = [v for v in timed if v["ratio"] > 1.0]
    share = 100.0 * len(at_most) / len(timed) if timed else 0.0
    names = ", ".join(f"{v['op'].rsplit('/', 1)[-1]} {v['soc']} {v['dtype']} {v['ratio']:.3f}" for v in slower)
    # the looser reading of "runs clean": no defect, whatever the verdict
    no_defect = [v for v in compared if not v["handwritten"]["defects"] and v["ratio"] is not None]
    loose = sum(v["ratio"] <= 1.0 for v in no_defect)
    return [f"Tally: {len(compared)} rows compared, {sum(_clean(v['generated']) for v in compared)} with the generated "
            f"side clean; the hand-written side passes clean in {len(hand_clean)}, and there the generated one is "
            f"at most its modelled time in {len(at_most)} of {len(timed)} ({share:.1f} %, bar 90 %: "
            f"{'met' if share >= 90.0 else 'not met'})" + (f"; slower: {names}" if slower else "")
            + f". Counting every hand-written side that runs without a defect, pass or not: {loose} of "
              f"{len(no_defect)}."]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops-nn", default=os.environ.get("KERNELGEN_OPS_NN", "/work/corpus/ops-nn"))
    ap.add_argument("--soc", default=DEFAULT_SOCS, help=f"comma-separated SOCs (default {DEFAULT_SOCS})")
    ap.add_argument("--dtype", action="append", default=[], help="only these dtypes (repeatable); default: "
                    + ", ".join(DEFAULT_DTYPES) + " where the built-in declares them")
    ap.add_argument("--ops", default="", help="comma-separated built-ins: only their pairs")
    ap.add_argument("--pair", action="append", default=[], metavar="OP=DIR",
                    help="only these pairs (repeatable; DIR relative to --ops-nn); default: the derived list")
    ap.add_argument("--shape", action="append", default=[], help="shapes (repeatable); default: versus's")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="pairs run at once, one process each (default 1)")
    ap.add_argument("--cache", default=None, metavar="DIR", help="reuse the rows of a pair whose inputs are unchanged")
    ap.add_argument("--json", dest="json_file", default=None)
    ap.add_argument("--markdown", dest="md_file", default=None)
    args = ap.parse_args(argv)
    root = Path(args.ops_nn)
    if not root.is_dir():
        print(f"versus_table: error: {root} is not a directory (give an ops-nn checkout with --ops-nn)", file=sys.stderr)
        return 2
    from kernelgen.authoring.ops import op_names

    if any("=" not in p for p in args.pair):
        print("versus_table: error: --pair takes OP=DIR (DIR relative to --ops-nn)", file=sys.stderr)
        return 2
    pairs = [(*p.split("=", 1), {}) for p in args.pair] if args.pair else derived_pairs()
    wanted = [o.strip() for o in args.ops.split(",") if o.strip()]
    unknown = [o for o in wanted if o not in op_names()]
    if unknown:
        print(f"versus_table: error: unknown built-in {unknown[0]!r}; known: {', '.join(op_names())}", file=sys.stderr)
        return 2
    if wanted:
        pairs = [p for p in pairs if p[0] in wanted]
    try:
        shapes = [tuple(int(d) for d in s.split(",")) for s in args.shape] or None
    except ValueError:
        print(f"versus_table: error: --shape takes comma-separated ints, got {args.shape}", file=sys.stderr)
        return 2
    if args.jobs < 1:
        print(f"versus_table: error: --jobs takes a positive number, got {args.jobs}", file=sys.stderr)
        return 2
    commit = ops_nn_commit(root)
    socs = args.soc.split(",")
    tasks = [(op, rel, attrs, str(root), socs, list(args.dtype), shapes, args.seed) for op, rel, attrs in pairs]
    start = time.perf_counter()
    results = run_tasks(tasks, args.jobs, Path(args.cache) if args.cache else None, commit)
    rows = [r for rs, _ in results for r in rs]
    failed = sum(f for _, f in results)
    table = markdown(rows) + [""] + tally(rows)
    head = [f"ops-nn: {root} at {commit}; {len(rows)} rows in {time.perf_counter() - start:.0f} s"]
    print("\n".join(head + [""] + table))
    if args.md_file:
        Path(args.md_file).write_text("\n".join(head + [""] + table) + "\n", encoding="utf-8")
    if args.json_file:
        Path(args.json_file).write_text(json.dumps({"ops_nn": str(root), "commit": commit, "pinned": PINNED_OPS_NN,
                                                    "rows": rows}, indent=2), encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
