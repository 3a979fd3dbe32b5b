"""Is apply_gradient_descent's float32 failure the kernel's, or the bound of every two-rounding evaluation?

Recreates verify's exact input (docs/lang_examples/apply_gradient_descent.py, float32, the case's shape and
seed), judges several float32 evaluations of var - alpha * delta against the float64 golden with verify's own
compare(), and prints each one's MARE:

- the Ascend 910B/310B vector instructions as documented: the product rounded to float32, then the difference
  (Muls + Sub, and Axpy, which asc-devkit's Memory-API pages describe with a separate product stage; see
  docs/emulator.md "Documented semantics");
- the compiled program's plain form (what the float16/bfloat16 path runs in float32: Muls + Sub) and its whole
  float32 program (the plain form, then the exact-product window: docs/lang.md, "u ± v*s in float32"), both run
  by kernelgen's interpreter (kernelgen/authoring/program.py), which the emulator matches bit for bit;
- a single rounding (a fused multiply-add: the 950's Reg API only, not a 910B/310B instruction);
- Dekker's exact product (a Veltkamp split, every step a correctly rounded float32 Mul/Sub/Add).

Exit status 0 when the two-rounding evaluations all fail the MARE bar and the single rounding and the compiled
float32 program pass (the bound is the rounding of the product, and the kernel avoids it), 1 otherwise.

    PYTHONPATH=$PWD python scripts/two_rounding_bound.py [--shape 1345549] [--seed 9]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kernelgen.authoring.ops import get_spec  # noqa: E402
from kernelgen.authoring.program import interpret, interpret_spec, run_time_scalars  # noqa: E402
from kernelgen.authoring.spec import DType  # noqa: E402
from kernelgen.checking.cases import make_inputs  # noqa: E402
from kernelgen.checking.compare import compare  # noqa: E402
from kernelgen.checking.golden import get_golden  # noqa: E402

F32 = np.float32
SPLIT = F32(4097.0)   # 2^12 + 1: Veltkamp's splitter for float32's 24-bit significand


def split(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """a = hi + lo exactly, each with at most 12 significant bits (every operation rounded to float32)."""
    c = (SPLIT * a).astype(F32)
    hi = (c - (c - a).astype(F32)).astype(F32)
    return hi, (a - hi).astype(F32)


def dekker(var: np.ndarray, alpha: np.ndarray, delta: np.ndarray) -> np.ndarray:
    """var - alpha * delta with the product's rounding error e recovered exactly (p + e = alpha * delta)."""
    p = (alpha * delta).astype(F32)
    ah, al = split(alpha)
    dh, dl = split(delta)
    e = ((ah * dh).astype(F32) - p).astype(F32)
    e = (e + (ah * dl).astype(F32)).astype(F32)
    e = (e + (al * dh).astype(F32)).astype(F32)
    e = (e + (al * dl).astype(F32)).astype(F32)
    return ((var - p).astype(F32) - e).astype(F32)


def plain_form(spec, inputs: dict[str, np.ndarray]) -> np.ndarray:
    """The compiled program without its float32-only window (the steps the float16/bfloat16 path runs)."""
    variant = spec.variant(spec.default_variant)
    regs = {k: np.broadcast_to(v, inputs["var"].shape) for k, v in inputs.items() if k != "alpha"}
    out = interpret(variant, regs, ("var_out",), DType.FLOAT16, run_time_scalars(spec, {}, inputs))
    return out["var_out"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shape", type=int, default=1345549)
    ap.add_argument("--seed", type=int, default=9)
    args = ap.parse_args()
    spec = get_spec(ROOT / "docs" / "lang_examples" / "apply_gradient_descent.py")
    inputs = make_inputs(spec, (args.shape,), DType.FLOAT32, args.seed)
    var, delta = inputs["var"], inputs["delta"]
    alpha = np.broadcast_to(inputs["alpha"], var.shape)
    golden = get_golden(spec.golden)({k: v.astype(np.float64) for k, v in inputs.items()}, {})["var_out"]
    product = (alpha * delta).astype(F32)
    evaluations = {
        "Muls + Sub: fl(var - fl(alpha * delta))": (var - product).astype(F32),
        "Axpy as documented: fl(var + fl(delta * -alpha))": (var + (delta * -alpha).astype(F32)).astype(F32),
        "the compiled plain form, fl(var - fl(alpha * delta))": plain_form(spec, inputs),
        "the compiled float32 program (plain form + exact-product window)": interpret_spec(spec, inputs)["var_out"],
        "one rounding (fused multiply-add, 950 Reg API only)": golden.astype(F32),
        "Dekker's exact product (Veltkamp split)": dekker(var, alpha, delta),
    }
    bar = None
    verdicts = {}
    for name, out in evaluations.items():
        m = compare(out, golden, "float32")
        bar = 10 * m.threshold
        verdicts[name] = m.mare < bar
        print(f"{name:64s} MARE {m.mare:.4e} at element {m.mare_index}: {'pass' if m.passed else 'FAIL'}")
    worst = int(compare(evaluations["Muls + Sub: fl(var - fl(alpha * delta))"], golden, "float32").mare_index)
    print(f"MARE bar (CANN float32, 10 x 2^-13): {bar:.4e}; element {worst}: var={var[worst]!r} "
          f"alpha={alpha[worst]!r} delta={delta[worst]!r} golden={golden[worst]:.8e} "
          f"fl(alpha*delta)={product[worst]!r} exact={float(alpha[worst]) * float(delta[worst])!r}")
    two = [v for k, v in verdicts.items() if "fl(" in k]
    good = [v for k, v in verdicts.items() if "fl(" not in k]
    return 0 if not any(two) and all(good) else 1


if __name__ == "__main__":
    sys.exit(main())
