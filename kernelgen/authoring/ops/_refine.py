"""float32 refinement near a root of an elementwise derivative.

Near GELU''s zero (x0 = -0.7518) every float32 formula loses absolute accuracy to cancellation, and the
experimental standard's MARE (relative error, |golden| >= 2^-14) is then at the mercy of dy's scale.
Within |x - x0| < DELTA the kernel replaces the general result by a Taylor polynomial
d*(a1 + a2*d + a3*d^2) in d = (x - x0_hi) - x0_lo, which is exact in float32 (Sterbenz) and keeps full
relative precision down to the root. The window weight m = clamp((DELTA - |d|)*1e30, 0, 1) is 1 inside
and 0 outside; the polynomial is evaluated at e = d*m, which is d inside and 0 outside, so it is finite for any
finite x and exactly 0 outside the window. The result z - m*z + p(e) is then the polynomial inside and the
general result unchanged outside (z - 0 + 0). 16 steps: d (2), m (5), e (1), the polynomial (5), the blend (3).
`refinement_select` computes the same result in 10 steps where the SOC has Select's tensor-tensor mode: a
CompareScalar(|d| < DELTA) bit mask and one Select between the polynomial at d (not finite far outside the window,
where Select does not take it) and z. Inside the window both give the polynomial (z - z + p = p exactly), outside
both give z: the results are the same bits.
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


def _taylor(fn: Callable[[np.ndarray], np.ndarray],
            bracket: tuple[float, float]) -> tuple[float, float, float, float, float]:
    """(x0_hi, x0_lo, a1, a2, a3): fn's root split into float32 + remainder, and fn(x0 + d)/d ~ a1 + a2 d + a3 d^2."""
    x0 = find_root(fn, *bracket)
    x0_hi = float(np.float32(x0))
    d = np.linspace(-DELTA, DELTA, 4001)
    d = d[np.abs(d) > 1e-7]
    a1, a2, a3 = np.polynomial.polynomial.polyfit(d, fn(x0 + d) / d, 2)
    # a3 is the ill-conditioned coefficient (its term is ~1e-8 of the result): it moves in its 7th digit with the
    # last bits of the golden's tanh/exp, which differ between CPUs' SIMD paths. Five significant digits change
    # the polynomial by < 1e-12 relative and keep the generated sources the same on every machine.
    return x0_hi, x0 - x0_hi, float(a1), float(a2), float(f"{a3:.5g}")


def _polynomial(p: str, e: str, a1: float, a2: float, a3: float) -> tuple[Step, ...]:
    """p = e*(a1 + a2*e + a3*e^2), Horner, 5 steps."""
    return (
        Step("Muls", p, (e,), a3),
        Step("Adds", p, (p,), a2),
        Step("Mul", p, (p, e)),
        Step("Adds", p, (p,), a1),
        Step("Mul", p, (p, e)),
    )


def refinement_select(fn: Callable[[np.ndarray], np.ndarray], bracket: tuple[float, float],
                      x: str, z: str, regs: tuple[str, str], mask: str) -> tuple[Step, ...]:
    """The 10-step form of `refinement`: regs (d, m) are two free float registers, mask a mask register. m also
    holds |d|, which CompareScalar reads over whole 256-byte repeats (the kernel zeroes m's last repeat first)."""
    x0_hi, x0_lo, a1, a2, a3 = _taylor(fn, bracket)
    e, m = regs
    return (
        Step("Adds", e, (x,), -x0_hi),
        Step("Adds", e, (e,), -x0_lo),            # e = d = x - x0
        Step("Abs", m, (e,)),
        Step("CompareScalar", mask, (m,), DELTA, cmp="LT"),   # mask = 1 inside the window
        *_polynomial(m, e, a1, a2, a3),            # m = Taylor polynomial at d
        Step("Select", z, (mask, m, z)),           # z = polynomial inside, z outside
    )


def refinement(fn: Callable[[np.ndarray], np.ndarray], bracket: tuple[float, float],
               x: str, z: str, regs: tuple[str, str, str]) -> tuple[Step, ...]:
    """Steps that refine register z (= fn(x) in float32) near fn's root; regs are three free registers."""
    x0_hi, x0_lo, a1, a2, a3 = _taylor(fn, bracket)
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
        *_polynomial(p, e, a1, a2, a3),           # p = Taylor polynomial inside, 0 outside
        Step("Mul", m, (m, z)),
        Step("Sub", z, (z, m)),
        Step("Add", z, (z, p)),                   # z - m z + p
    )
