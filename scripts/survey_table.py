"""One table from several `kernelgen survey --json` reports: per category, the classes and the issue's measure.

    python scripts/survey_table.py REPORT.json [REPORT.json ...] [--rerun REPORT.json ...] [--markdown FILE]
                                   [--json FILE] [--top N]

A repository surveyed one category at a time (`kernelgen survey ops-nn/<category> --json <category>.json`) gives one
report per category; rows re-run later (a folder of symlinks `<category>__<op>`, one report per row or per folder)
are given with --rerun and replace the row of the same directory (the symlink resolved), so a figure can say which
rows moved after a fix. A row's category is the name of the folder its real directory sits in.

"With an AI Core kernel" (issue 23's denominator): the directory has op_kernel/ holding a kernel source (a .cpp);
the others are listed apart: AI CPU operators (op_kernel_aicpu/ only), shared folders such as matmul/common that
hold host helpers, and shared header folders whose op_kernel/ holds only headers that other operators' kernels
include (foreach/foreach_utils, index/scatter_reduce_common, ...: no kernel source and no OpDef, so nothing there
can be launched; ops-nn e5c3fa9 has 11, each without an op_host/*_def.cpp). The measure is "ran or defect found" over the rows with an AI Core kernel.

Below the table: the first stops of the rows that neither ran nor found a defect, most directories first: the
names the emulator does not have (the survey's `apis`), compile errors by their first line, the other classes by
their detail. Exit 0, or 2 for a report that cannot be read.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

GOOD = ("ran", "defect found")
CLASSES = ("ran", "defect found", "not emulated", "layout not understood", "compile error", "inputs rejected",
           "crashed", "timed out")


def has_ai_core_kernel(directory: Path) -> bool:
    kernel = directory / "op_kernel"
    return kernel.is_dir() and any(p.suffix == ".cpp" for p in kernel.rglob("*"))


def load_rows(reports: list[Path], reruns: list[Path]) -> dict[Path, dict]:
    """Rows by real directory; a re-run's row replaces the first report's."""
    rows: dict[Path, dict] = {}
    for report in list(reports) + list(reruns):
        data = json.loads(report.read_text())
        root = Path(data["root"])
        for row in data["rows"]:
            where = root if (root / "op_host").is_dir() or (root / "op_kernel").is_dir() else root / row["dir"]
            real = where.resolve()
            rows[real] = dict(row, report=str(report))
    return rows


def first_stop(row: dict) -> list[str]:
    """What a row that neither ran nor found a defect stopped on (one or more names)."""
    cls = row["class"]
    if cls == "not emulated" and row.get("apis"):
        return [f"not emulated: {name}" for name in row["apis"]]
    detail = (row.get("detail") or "").strip().splitlines()[0] if row.get("detail") else ""
    if cls == "compile error":
        missing = re.search(r"could not be loaded .*undefined symbol: ([^\s)]+)", detail)
        if missing:   # the library's name holds a hash; the symbol is what rows share
            return [f"{cls}: undefined symbol {missing.group(1)}"]
        # the file:line: prefix differs per directory; the message is what rows share
        detail = re.sub(r"^[^ ]*:\d+:\d+: ", "", detail)
        detail = re.sub(r"\d+", "N", detail)
    return [f"{cls}: {detail[:140]}"]


def summarize(rows: dict[Path, dict]) -> dict:
    categories: dict[str, Counter] = {}
    apart: list[str] = []
    stops: Counter = Counter()
    for real, row in sorted(rows.items()):
        category = real.parent.name
        if not has_ai_core_kernel(real):
            apart.append(f"{category}/{real.name} ({row['class']})")
            continue
        counts = categories.setdefault(category, Counter())
        counts[row["class"]] += 1
        if row["class"] not in GOOD:
            for stop in dict.fromkeys(first_stop(row)):
                stops[stop] += 1
    total = Counter()
    for counts in categories.values():
        total.update(counts)
    return {"categories": {c: dict(n) for c, n in sorted(categories.items())}, "total": dict(total),
            "apart": apart, "stops": stops.most_common()}


def markdown(summary: dict, top: int) -> list[str]:
    head = "| category | directories | " + " | ".join(CLASSES) + " | ran or defect |"
    lines = [head, "|" + "---|" * (len(CLASSES) + 3)]

    def line(name: str, counts: dict) -> str:
        n = sum(counts.values())
        good = sum(counts.get(c, 0) for c in GOOD)
        cells = " | ".join(str(counts.get(c, 0)) for c in CLASSES)
        return f"| {name} | {n} | {cells} | {good} of {n} ({100.0 * good / n:.1f} %) |" if n else ""

    for name, counts in summary["categories"].items():
        lines.append(line(name, counts))
    lines.append(line("**all**", summary["total"]))
    lines.append("")
    if summary["apart"]:
        lines.append(f"Surveyed but without an AI Core kernel (not counted): {', '.join(summary['apart'])}.")
        lines.append("")
    lines.append("First stops of the other rows, most directories first:")
    lines.append("")
    for stop, n in summary["stops"][:top]:
        lines.append(f"- {n}: {stop}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("reports", nargs="+", type=Path)
    parser.add_argument("--rerun", nargs="*", type=Path, default=[])
    parser.add_argument("--markdown", type=Path)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args(argv)
    try:
        rows = load_rows(args.reports, args.rerun)
    except (OSError, ValueError, KeyError) as exc:
        print(f"survey_table: cannot read the reports ({exc}); give `kernelgen survey --json` files", file=sys.stderr)
        return 2
    summary = summarize(rows)
    text = "\n".join(markdown(summary, args.top)) + "\n"
    sys.stdout.write(text)
    if args.markdown:
        args.markdown.write_text(text)
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
