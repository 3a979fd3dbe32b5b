"""Judge outputs against a float64 golden by CANN's precision standards (../shared/facts/precision.md).

One tolerance table keyed by dtype. The verdict is the experimental standard (EXP §2): MERE < T and
MARE < 10*T. EXP has no small-value clause; kernelgen applies the commercial standard's small-value rule
(COM §4.3) to elements whose |golden| is below COM's threshold and says so in every report:
those elements are left out of MERE/MARE and instead counted as errors when |a - g| exceeds COM's
small-value error; the case passes that clause when the count is at most 2x the count of a same-precision
CPU benchmark (the golden evaluated in float32 and rounded to the output dtype), floor 1.
Non-finite outputs follow COM §4.4: where the golden is finite the output must be finite.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# dtype -> (EXP threshold T, COM small-value threshold, COM small-value error). Source: precision.md §1.
TOLERANCES: dict[str, tuple[float, float, float]] = {
    "float16": (2.0**-10, 2.0**-11, 2.0**-16),
    "bfloat16": (2.0**-7, 2.0**-8, 2.0**-16),
    "float32": (2.0**-13, 2.0**-14, 2.0**-30),
}
REL_GUARD = 1e-7  # EXP's denominator guard


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
    small_errors_benchmark: int
    nonfinite_mismatches: int  # non-finite outputs where the golden is finite (or the reverse)
    threshold: float

    @property
    def mere_ok(self) -> bool:
        return self.mere < self.threshold

    @property
    def mare_ok(self) -> bool:
        return self.mare < 10 * self.threshold

    @property
    def small_ok(self) -> bool:
        return self.small_errors <= 2 * max(self.small_errors_benchmark, 1)

    @property
    def passed(self) -> bool:
        return self.mere_ok and self.mare_ok and self.small_ok and self.nonfinite_mismatches == 0

    def failed_clauses(self) -> list[str]:
        out = []
        if not self.mere_ok:
            out.append(f"MERE {self.mere:.3g} >= T {self.threshold:.3g}")
        if not self.mare_ok:
            out.append(f"MARE {self.mare:.3g} >= 10T {10 * self.threshold:.3g} at element {self.mare_index}")
        if not self.small_ok:
            out.append(f"small-value errors {self.small_errors} > 2 x benchmark {self.small_errors_benchmark}")
        if self.nonfinite_mismatches:
            out.append(f"{self.nonfinite_mismatches} non-finite outputs where the golden is finite")
        return out

    def as_dict(self) -> dict:
        return {"dtype": self.dtype, "count": self.count, "mere": self.mere, "mare": self.mare,
                "mare_index": self.mare_index, "max_abs_error": self.max_abs_error,
                "small_count": self.small_count, "small_errors": self.small_errors,
                "small_errors_benchmark": self.small_errors_benchmark,
                "nonfinite_mismatches": self.nonfinite_mismatches, "threshold": self.threshold,
                "passed": self.passed, "failed": self.failed_clauses()}


def compare(actual: np.ndarray, golden: np.ndarray, dtype: str, benchmark: np.ndarray | None = None) -> Metrics:
    """actual: the operator's output (any float dtype); golden: float64; benchmark: same-precision CPU result."""
    threshold, small_thr, small_err = TOLERANCES[dtype]
    a = np.asarray(actual, dtype=np.float64).ravel()
    g = np.asarray(golden, dtype=np.float64).ravel()
    b = None if benchmark is None else np.asarray(benchmark, dtype=np.float64).ravel()
    finite_g = np.isfinite(g)
    nonfinite = int(np.count_nonzero(finite_g & ~np.isfinite(a)))
    # Where the golden is inf/nan the output is right if it equals the golden or the benchmark (COM §4.4).
    special = ~finite_g
    if special.any():
        same = (a[special] == g[special]) | (np.isnan(a[special]) & np.isnan(g[special]))
        if b is not None:
            same |= (a[special] == b[special]) | (np.isnan(a[special]) & np.isnan(b[special]))
        nonfinite += int(np.count_nonzero(~same))
    ok = finite_g & np.isfinite(a)
    with np.errstate(invalid="ignore"):
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
    bench_errors = 0
    if b is not None:
        bench_errors = int(np.count_nonzero(small & (np.abs(b - g) > small_err)))
    max_abs = float(abs_err[ok].max()) if ok.any() else 0.0
    return Metrics(dtype, int(g.size), mere, mare, mare_index, max_abs, int(np.count_nonzero(small)),
                   small_errors, bench_errors, nonfinite, threshold)
