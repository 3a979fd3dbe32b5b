"""How many ops-nn operator directories run their own examples unmodified on the emulator.

    python scripts/measure_run_example.py /path/to/ops-nn/experimental [--soc ascend910b] [--json out.json]
        [--only celu_v3,hinge_loss] [--sim-check]

For every <category>/<op> with examples/test_aclnn_*.cpp: `kernelgen run-example OP_DIR` (each example, as
built by kernelgen.emulator.opdir_example); an operator passes when every example exits 0. With --sim-check,
each failing operator's kernel is also run by `kernelgen sim`'s machinery (emulate.run_source) on small float
inputs, to tell "the example fails" from "the kernel does not run in sim at all" (the issue's denominator).
Prints one line per operator and the totals.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path


def sim_runs(op_dir: Path, soc) -> tuple[bool, str]:
    import numpy as np

    from kernelgen.emulator.emulate import OperatorSource, run_source
    from kernelgen.emulator.decl import pick_combo
    from kernelgen.errors import KernelgenError

    try:
        source = OperatorSource(op_dir, op_dir.name)
        decl = source.decl()
        combo = pick_combo(decl, soc, {}, None)
        inputs = {}
        rng = np.random.default_rng(0)
        from kernelgen.dtypes import GE_DTYPES
        for t in decl.inputs:
            if not t.required:
                continue
            dt = GE_DTYPES[combo[t.name]].numpy
            arr = (rng.standard_normal((4, 16)) * 2).astype(np.float32).astype(dt)
            inputs[t.name] = [arr] if t.dynamic else arr
        attrs = {a.name: a.default for a in decl.attrs if a.default is not None}
        run_source(source, soc, inputs, attrs, threads=1, combo=combo)
        return True, "sim ok"
    except KernelgenError as exc:
        return False, str(exc).splitlines()[0][:200]
    except Exception as exc:  # noqa: BLE001 - a survey line, not a crash
        return False, f"{type(exc).__name__}: {exc}"[:200]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", type=Path)
    ap.add_argument("--soc", default=None,
                    help="default: per operator, as run-example OP_DIR without --soc (ascend910b if configured)")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--only", default="")
    ap.add_argument("--sim-check", action="store_true")
    args = ap.parse_args()

    from kernelgen.emulator.opdir_example import default_soc, run_opdir_example
    from kernelgen.errors import KernelgenError
    from kernelgen.socs import get_soc

    fixed = get_soc(args.soc) if args.soc else None
    only = {s for s in args.only.split(",") if s}
    rows = []
    for op_dir in sorted(p.parent.parent for p in args.root.glob("*/*/examples/test_aclnn_*.cpp")):
        if op_dir in [r["dir"] for r in rows] or (only and op_dir.name not in only):
            continue
        examples = sorted((op_dir / "examples").glob("test_aclnn_*.cpp"))
        start = time.time()
        codes, why = [], ""
        try:
            soc = fixed or default_soc(op_dir)
        except KernelgenError as exc:
            soc = None
            codes, why = [-1], str(exc).splitlines()[0][:300]
        for ex in examples if soc is not None else []:
            try:
                out = run_opdir_example(op_dir, soc, ex)
                codes.append(out.returncode)
                if out.returncode and not why:  # a kernel defect: its diagnosis, else the exit code
                    why = f"{ex.name}: {out.defect.split('KGEMU', 1)[-1].strip()}" if out.defect else out.detail
            except KernelgenError as exc:
                codes.append(-1)
                lines = [ln for ln in str(exc).splitlines() if "error" in ln.lower() or "kernelgen:" in ln]
                why = why or (lines[-1] if lines else str(exc).splitlines()[0])[:300]
        row = {"dir": op_dir, "op": f"{op_dir.parent.name}/{op_dir.name}", "soc": soc.family if soc else None,
               "codes": codes,
               "passed": all(c == 0 for c in codes), "why": why, "seconds": round(time.time() - start, 1)}
        if not row["passed"] and args.sim_check:
            row["sim"], row["sim_why"] = sim_runs(op_dir, soc) if soc else (False, why)
        rows.append(row)
        print(f"{'PASS' if row['passed'] else 'FAIL'} {row['op']:<50} {row['soc'] or '-':<11} {row['seconds']:>6}s "
              f"{codes} {why[:200]}"
              + (f" | sim: {row.get('sim_why')}" if "sim" in row else ""), flush=True)
    passed = sum(r["passed"] for r in rows)
    print(f"{passed} of {len(rows)} operators with examples ran them unmodified (exit 0) "
          f"on {fixed.family if fixed else 'each operator' + chr(39) + 's default SOC'}")
    if args.sim_check:
        sim_fail = sum(1 for r in rows if r.get("sim") is False)
        runs = len(rows) - sim_fail
        print(f"{passed} of {runs} operators whose kernel runs in sim ({100.0 * passed / max(1, runs):.1f} %)")
        print("passed: " + " ".join(r["op"] for r in rows if r["passed"]))
        print("failed, kernel runs in sim: " + " ".join(r["op"] for r in rows if not r["passed"] and r.get("sim")))
        print("failed, kernel does not run in sim: " + " ".join(r["op"] for r in rows if r.get("sim") is False))
    if args.json:
        args.json.write_text(json.dumps([{k: (str(v) if k == "dir" else v) for k, v in r.items()} for r in rows],
                                        indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
