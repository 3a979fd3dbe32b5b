"""float32 refinement near a root of an elementwise derivative.

Near GELU''s zero (x0 = -0.7518) every float32 formula loses absolute accuracy to cancellation, and the
experimental standard's MARE (relative error, |golden| >= 2^-14) is then at the mercy of dy's scale.
Within |x - x0| < DELTA the kernel replaces the general result by a Taylor polynomial
d*(a1 + a2*d + a3*d^2) in d = (x - x0_hi) - x0_lo, which is exact in float32 (Sterbenz) and keeps full
relative precision down to the root; d is clamped to +-2*DELTA, which leaves the window exact and keeps
the polynomial finite for any x. The blend weight m = clamp((DELTA - |d|)*1e30, 0, 1) is 1 inside
and 0 outside, so outside the window the general result passes unchanged (z + 0*(p - z)).
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
        Step("Maxs", e, (e,), -2 * DELTA),
        Step("Mins", e, (e,), 2 * DELTA),         # clamped so the polynomial never overflows far away
        Step("Abs", m, (e,)),
        Step("Muls", m, (m,), -BIG),
        Step("Adds", m, (m,), DELTA * BIG),
        Step("Maxs", m, (m,), 0.0),
        Step("Mins", m, (m,), 1.0),               # m = 1 inside the window, 0 outside
        Step("Muls", p, (e,), float(a3)),
        Step("Adds", p, (p,), float(a2)),
        Step("Mul", p, (p, e)),
        Step("Adds", p, (p,), float(a1)),
        Step("Mul", p, (p, e)),                   # p = Taylor polynomial
        Step("Sub", p, (p, z)),
        Step("Mul", p, (p, m)),
        Step("Add", z, (z, p)),
    )
