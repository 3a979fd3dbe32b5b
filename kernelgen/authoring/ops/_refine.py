"""float32 refinement near a root of an elementwise derivative.

Near GELU''s zero (x0 = -0.7518) every float32 formula loses absolute accuracy to cancellation, and the
experimental standard's MARE (relative error, |golden| >= 2^-14) is then at the mercy of dy's scale.
Within |x - x0| < DELTA the kernel replaces the general result by a Taylor polynomial
d*(a1 + a2*d + a3*d^2) in d = (x - x0_hi) - x0_lo, which is exact in float32 (Sterbenz) and keeps full
relative precision down to the root. The window weight m = clamp((DELTA - |d|)*1e30, 0, 1) is 1 inside
and 0 outside; the polynomial is evaluated at e = d*m, which is d inside and 0 outside, so it is finite for any
finite x and exactly 0 outside the window. The result z - m*z + p(e) is then the polynomial inside and the
general result unchanged outside (z - 0 + 0). 16 steps: d (2), m (5), e (1), the polynomial (5), the blend (3).
Coefficients are fitted here in float64 against the golden at import time.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from kernelgen.authoring.spec import Step

DELTA = 1e-3
BIG = 1e30


def find_root(fn: Callable[[np.ndarray], np.ndarray], lo: float, hi: float) -> float:
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if np.sign(fn(np.array([mid]))[0]) == np.sign(fn(np.array([lo]))[0]):
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def refinement(fn: Callable[[np.ndarray], np.ndarray], bracket: tuple[float, float],
               x: str, z: str, regs: tuple[str, str, str]) -> tuple[Step, ...]:
    """Steps that refine register z (= fn(x) in float32) near fn's root; regs are three free registers."""
    x0 = find_root(fn, *bracket)
    x0_hi = float(np.float32(x0))
    x0_lo = x0 - x0_hi
    d = np.linspace(-DELTA, DELTA, 4001)
    d = d[np.abs(d) > 1e-7]
    g = fn(x0 + d)
    a1, a2, a3 = np.polynomial.polynomial.polyfit(d, g / d, 2)
    e, m, p = regs
    return (
        Step("Adds", e, (x,), -x0_hi),
        Step("Adds", e, (e,), -x0_lo),            # e = d = x - x0
        Step("Abs", m, (e,)),
        Step("Muls", m, (m,), -BIG),
        Step("Adds", m, (m,), DELTA * BIG),
        Step("Maxs", m, (m,), 0.0),
        Step("Mins", m, (m,), 1.0),               # m = 1 inside the window, 0 outside
        Step("Mul", e, (e, m)),                   # e = d inside, 0 outside: the polynomial stays finite
        Step("Muls", p, (e,), float(a3)),
        Step("Adds", p, (p,), float(a2)),
        Step("Mul", p, (p, e)),
        Step("Adds", p, (p,), float(a1)),
        Step("Mul", p, (p, e)),                   # p = Taylor polynomial inside, 0 outside
        Step("Mul", m, (m, z)),
        Step("Sub", z, (z, m)),
        Step("Add", z, (z, p)),                   # z - m z + p
    )
