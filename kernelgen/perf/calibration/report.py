"""The calibration command (python -m kernelgen.calibration): argument parsing, table and JSON.

This is the one place outside cli.py that parses arguments, because `python -m kernelgen.calibration` is the
documented entry point; errors exit with kernelgen's codes (2 usage, 3 toolchain)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from kernelgen.errors import KernelgenError


def document(result, rows) -> dict:
    """The JSON document: {"cases": [...], "fit": {...}}."""
    return {"cases": [r.as_dict() for r in rows],
            "fit": {"cases": list(result.cases), "constants": result.constants, "fitted_by": result.fitted_by}}


def main(argv=None) -> None:
    from kernelgen.perf.calibration import DEFAULT_FIT, format_table
    from kernelgen.perf.calibration.fit import calibrate, parse_cases

    ap = argparse.ArgumentParser(prog="python -m kernelgen.calibration",
                                 description="Fit the cost model on declared published cases; predict all of them. "
                                             "Example: python -m kernelgen.calibration --fit 0,1,5 --json cal.json")
    ap.add_argument("--fit", default=",".join(map(str, DEFAULT_FIT)), help="cases to fit (at most three)")
    ap.add_argument("--json", type=Path, help="write the cases and the fit as JSON")
    args = ap.parse_args(argv)
    try:
        cases = parse_cases(args.fit)
        result, rows = calibrate(cases)
    except KernelgenError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(getattr(e, "exit_code", 1))
    print(format_table(rows))
    print()
    for k, v in result.constants.items():
        print(f"{k:28} {v:12.6g}  {result.fitted_by.get(k, 'catalog value (no fitted case determines it)')}")
    if args.json:
        args.json.write_text(json.dumps(document(result, rows), indent=1) + "\n")
