"""The versus table: `kernelgen versus` over (built-in, ops-nn directory) pairs (docs/versus.md).

    python scripts/versus_table.py [--ops-nn PATH] [--ops NAME,...] [--soc ascend910b] [--dtype D ...]
                                   [--pair OP=DIR] [--shape N[,M..]] [--json FILE] [--markdown FILE]

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
    commit = ops_nn_commit(root)
    rows, failed = [], 0
    start = time.perf_counter()
    for op, rel, attrs in pairs:
        spec = get_spec(op)
        shown = op + "".join(f" {k}={v}" for k, v in attrs.items())
        for soc_name in pair_socs(op, rel, args.soc.split(",")):
            soc = get_soc(soc_name)
            dtypes = args.dtype or [d.short for d in spec.dtypes_for(soc) if d.short in DEFAULT_DTYPES]
            pair_shapes = shapes or (list(ROW_SHAPES) if spec.row_program else None)
            for dtype in dtypes:
                t = time.perf_counter()
                try:
                    v = versus(op, root / rel, soc, dtype, pair_shapes, attrs, args.seed)
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
                      f"({time.perf_counter() - t:.0f} s)", file=sys.stderr)
    table = markdown(rows)
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
