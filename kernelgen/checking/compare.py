"""Judge outputs against a float64 golden by CANN's precision standards.

The rules (sources by name: hicann/opbase docs/zh/ops_precision_standard experimental_standard.md (EXP),
commercial_standard.md (COM); the legacy "double thousandth" count rule of the Ascend C Mmad docs (MMAD)):

1. EXP, on every element whose |golden| is at least COM's small-value threshold: MERE < T and MARE < 10*T
   (relative error |a - g| / (|g| + 1e-7)).
2. COM's small-value rule, on elements whose |golden| is below that threshold (EXP has no small-value
   clause): an element is a small-value error when |a - g| exceeds COM's small-value error; the case passes
   when their count is at most 2 x the count of an independent same-precision benchmark (floor 1).
3. kernelgen's own bounds on rule 2, so that no benchmark can relax a gross error:
   a. gross-error bound: every small-golden element must satisfy |a - g| <= the small-value threshold
      itself (an element whose golden is 1e-6 may not be 1000, however bad the benchmark is);
   b. the allowance 2 x max(benchmark count, 1) is capped at the legacy count rule (MMAD): 1/1000 of the
      elements for float16/bfloat16, 1/10000 for float32, and never below COM's floor of 2.
   The benchmark must be an independent same-precision implementation (for GeluGrad: torch's tanh-form
   formula evaluated in float32, kernelgen.checking.golden.BENCHMARKS), not the golden's own formula in a
   lower precision, whose cancellation would make the allowance whatever that formula gets wrong.
4. COM §5.3.3 for non-finite values: where the golden is finite the output must be finite; where the
   golden is inf/nan the output must equal the golden or the benchmark. A float64 golden past the output
   dtype's range (at or beyond its largest finite value plus half an ulp) rounds to an infinity in that
   dtype: an output of that infinity is the correctly rounded result, not a non-finite error.

RULES (below) says this in one paragraph; every report carries it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from kernelgen.errors import UsageError, choices_message

# dtype -> (EXP threshold T, COM small-value threshold, COM small-value error). Source: EXP and COM tables.
TOLERANCES: dict[str, tuple[float, float, float]] = {
    "float16": (2.0**-10, 2.0**-11, 2.0**-16),
    "bfloat16": (2.0**-7, 2.0**-8, 2.0**-16),
    "float32": (2.0**-13, 2.0**-14, 2.0**-30),
}
# dtype -> cap of the small-value allowance as a fraction of the elements (MMAD's double-thousandth rule
# for half precisions, double ten-thousandth for float32).
ALLOWANCE_CAP_FRACTION: dict[str, float] = {"float16": 1e-3, "bfloat16": 1e-3, "float32": 1e-4}
REL_GUARD = 1e-7  # EXP's denominator guard
# dtype -> the smallest magnitude that rounds to infinity under round-to-nearest-even: the largest finite value
# plus half an ulp of it (IEEE 754 §4.3.1; bfloat16 keeps float32's exponent with 8 significand bits).
OVERFLOW_AT: dict[str, float] = {
    "float16": 65504.0 + 2.0**4,
    "bfloat16": (2.0 - 2.0**-7) * 2.0**127 + 2.0**119,
    "float32": (2.0 - 2.0**-23) * 2.0**127 + 2.0**103,
}

RULES = ("verdict: CANN experimental standard (MERE < T, MARE < 10T) on |golden| >= the small-value threshold; "
         "below it the commercial standard's small-value rule (errors > the small-value error at most 2x an "
         "independent same-precision benchmark's, floor 1), with kernelgen's own bounds: every small-golden "
         "element within the small-value threshold in absolute terms, and the allowance capped at 1/1000 "
         "(float16/bfloat16) or 1/10000 (float32) of the elements (at least 2); no NaN/inf where the golden "
         "is finite, but for the infinity a golden past the dtype's range rounds to (docs/precision.md)")


def tolerances(dtype: str) -> tuple[float, float, float]:
    if dtype not in TOLERANCES:
        raise UsageError(choices_message("dtype", dtype, TOLERANCES))
    return TOLERANCES[dtype]


def allowance_cap(dtype: str, count: int) -> int:
    return max(2, math.floor(count * ALLOWANCE_CAP_FRACTION[dtype]))


@dataclass(frozen=True)
class Metrics:
    dtype: str
    count: int
    mere: float
    mare: float
    mare_index: int            # flat index of the worst relative error (-1 if none)
    max_abs_error: float
    small_count: int           # elements under the small-value threshold
    small_errors: int
    small_errors_benchmark: int  # -1: no benchmark was given
    small_gross: int           # small-golden elements farther than the small-value threshold from the golden
    small_gross_index: int     # flat index of the worst of them (-1 if none)
    nonfinite_mismatches: int  # non-finite outputs where the golden is finite (or the reverse)
    threshold: float

    @property
    def small_threshold(self) -> float:
        return TOLERANCES[self.dtype][1]

    @property
    def allowance(self) -> int:
        """How many small-value errors pass: 2 x max(benchmark, 1), capped."""
        return min(2 * max(self.small_errors_benchmark, 1), allowance_cap(self.dtype, self.count))

    @property
    def mere_ok(self) -> bool:
        return self.mere < self.threshold

    @property
    def mare_ok(self) -> bool:
        return self.mare < 10 * self.threshold

    @property
    def small_ok(self) -> bool:
        return self.small_gross == 0 and self.small_errors <= self.allowance

    @property
    def passed(self) -> bool:
        return self.mere_ok and self.mare_ok and self.small_ok and self.nonfinite_mismatches == 0

    def failed_clauses(self) -> list[str]:
        out = []
        if not self.mere_ok:
            out.append(f"MERE {self.mere:.3g} >= T {self.threshold:.3g}")
        if not self.mare_ok:
            out.append(f"MARE {self.mare:.3g} >= 10T {10 * self.threshold:.3g} at element {self.mare_index}")
        if self.small_gross:
            out.append(f"{self.small_gross} small-golden element(s) off by more than {self.small_threshold:.3g} "
                       f"(worst at element {self.small_gross_index})")
        if self.small_errors > self.allowance:
            bench = "no benchmark" if self.small_errors_benchmark < 0 else \
                f"benchmark {self.small_errors_benchmark}"
            out.append(f"small-value errors {self.small_errors} > allowance {self.allowance} ({bench}, "
                       f"cap {allowance_cap(self.dtype, self.count)})")
        if self.nonfinite_mismatches:
            out.append(f"{self.nonfinite_mismatches} non-finite outputs where the golden is finite")
        return out

    def summary(self) -> str:
        verdict = "pass" if self.passed else "FAIL: " + "; ".join(self.failed_clauses())
        return (f"{self.count} elements ({self.dtype}): MERE {self.mere:.3g} (< {self.threshold:.3g}), "
                f"MARE {self.mare:.3g} (< {10 * self.threshold:.3g}), max abs error {self.max_abs_error:.3g}, "
                f"small-value errors {self.small_errors} of {self.small_count} (allowance {self.allowance}); "
                f"{verdict}")

    def as_dict(self) -> dict:
        return {"dtype": self.dtype, "count": self.count, "mere": self.mere, "mare": self.mare,
                "mare_index": self.mare_index, "max_abs_error": self.max_abs_error,
                "small_count": self.small_count, "small_errors": self.small_errors,
                "small_errors_benchmark": self.small_errors_benchmark, "small_allowance": self.allowance,
                "small_allowance_cap": allowance_cap(self.dtype, self.count),
                "small_gross": self.small_gross, "small_gross_index": self.small_gross_index,
                "nonfinite_mismatches": self.nonfinite_mismatches, "threshold": self.threshold,
                "passed": self.passed, "failed": self.failed_clauses(), "rules": RULES}


def compare(actual: np.ndarray, golden: np.ndarray, dtype: str, benchmark: np.ndarray | None = None) -> Metrics:
    """actual: the operator's output (any float dtype); golden: float64; benchmark: an independent
    same-precision implementation's output (without one the small-value allowance is COM's floor, 2)."""
    threshold, small_thr, small_err = tolerances(dtype)
    a = np.asarray(actual, dtype=np.float64).ravel()
    g = np.asarray(golden, dtype=np.float64).ravel()
    if a.shape != g.shape:
        raise UsageError(f"actual has {a.size} elements, golden {g.size}: they must have the same shape")
    b = None if benchmark is None else np.asarray(benchmark, dtype=np.float64).ravel()
    if b is not None and b.shape != g.shape:
        raise UsageError(f"benchmark has {b.size} elements, golden {g.size}: they must have the same shape")
    finite_g = np.isfinite(g)
    # a finite golden that rounds to inf in the output dtype, and an output of that very inf: correctly rounded
    rounded_inf = finite_g & (np.abs(g) >= OVERFLOW_AT[dtype]) & np.isinf(a) & (np.sign(a) == np.sign(g))
    nonfinite = int(np.count_nonzero(finite_g & ~np.isfinite(a) & ~rounded_inf))
    # Where the golden is inf/nan the output is right if it equals the golden or the benchmark (COM §5.3.3).
    special = ~finite_g
    if special.any():
        same = (a[special] == g[special]) | (np.isnan(a[special]) & np.isnan(g[special]))
        if b is not None:
            same |= (a[special] == b[special]) | (np.isnan(a[special]) & np.isnan(b[special]))
        nonfinite += int(np.count_nonzero(~same))
    ok = finite_g & np.isfinite(a)
    with np.errstate(invalid="ignore", over="ignore"):
        abs_err = np.abs(a - g)
    small = ok & (np.abs(g) < small_thr)
    large = ok & ~small
    rel = abs_err[large] / (np.abs(g[large]) + REL_GUARD)
    mere = float(rel.mean()) if rel.size else 0.0
    if rel.size:
        worst = int(np.argmax(rel))
        mare, mare_index = float(rel[worst]), int(np.flatnonzero(large)[worst])
    else:
        mare, mare_index = 0.0, -1
    small_errors = int(np.count_nonzero(small & (abs_err > small_err)))
    gross = small & (abs_err > small_thr)
    small_gross = int(np.count_nonzero(gross))
    gross_index = int(np.flatnonzero(gross)[np.argmax(abs_err[gross])]) if small_gross else -1
    bench_errors = -1
    if b is not None:
        with np.errstate(invalid="ignore", over="ignore"):
            bench_errors = int(np.count_nonzero(small & ~(np.abs(b - g) <= small_err)))
    max_abs = float(abs_err[ok].max()) if ok.any() else 0.0
    return Metrics(dtype, int(g.size), mere, mare, mare_index, max_abs, int(np.count_nonzero(small)),
                   small_errors, bench_errors, small_gross, gross_index, nonfinite, threshold)


def load_array(path, dtype: str, role: str) -> np.ndarray:
    """An .npy file as a float array; with dtype bfloat16, uint16 arrays are raw bfloat16 bits (as `kernelgen
    sim` writes them). Raises UsageError naming the file and what is wrong."""
    from pathlib import Path

    from kernelgen.validate import load_npy

    path = Path(path)
    if not path.is_file():
        raise UsageError(f"{role} file {path} does not exist")
    arr = load_npy(path)  # never unpickles; a file that is not an array is named as such
    if dtype == "bfloat16" and arr.dtype in (np.uint16, np.dtype("V2")):
        import ml_dtypes

        arr = arr.view(ml_dtypes.bfloat16)
    if arr.dtype.kind != "f" and arr.dtype.name != "bfloat16":
        raise UsageError(f"{role} file {path} holds {arr.dtype} values; expected floating-point values "
                         "(bfloat16 as uint16 raw bits with --dtype bfloat16)")
    return arr


def compare_files(actual, golden, dtype: str, benchmark=None) -> Metrics:
    """Judge ACTUAL.npy against GOLDEN.npy (and an optional benchmark) by exactly verify's rules."""
    tolerances(dtype)
    a = load_array(actual, dtype, "actual")
    g = load_array(golden, dtype, "golden")
    b = None if benchmark is None else load_array(benchmark, dtype, "benchmark")
    for role, arr in (("actual", a), ("benchmark", b)):
        if arr is not None and arr.shape != g.shape:
            raise UsageError(f"{role} has shape {arr.shape}, golden {g.shape}: they must be equal")
    return compare(a, g, dtype, b)
