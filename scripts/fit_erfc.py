"""Fit kernelgen's erfc approximation used by gelu_grad_v2 (approximate="none").

    0.5 * erfc(z) = exp(-z^2) * t * P(t),   t = 1 / (1 + p*z),  z = |x|/sqrt(2) in [0, 13/sqrt(2)]

P has degree 7. The coefficients minimise the maximum RELATIVE error (iteratively reweighted least
squares in float64), so Phi(x) = 0.5*erfc(-x/sqrt(2)) keeps full relative accuracy in the far negative
tail, where GELU'(x) = Phi(x) + x*phi(x) is tiny. Run: python scripts/fit_erfc.py
Measured (2026-11-29): p = 0.43, max relative error of t*P(t) against exp(z^2)*erfc(z)/2 = 8.6e-8 (float64).
"""
import math

import numpy as np


def fit(p: float, degree: int = 7, points: int = 20001):
    z = np.linspace(0.0, 13.0 / math.sqrt(2.0), points)
    f = np.array([0.5 * math.exp(v * v) * math.erfc(v) for v in z])
    t = 1.0 / (1.0 + p * z)
    basis = np.vstack([t ** (k + 1) for k in range(degree + 1)]).T
    weight = 1.0 / f
    for _ in range(30):
        coef, *_ = np.linalg.lstsq(basis * weight[:, None], f * weight, rcond=None)
        rel = (basis @ coef - f) / f
        weight = weight * (1.0 + 50.0 * np.abs(rel) / np.abs(rel).max())
    return coef, float(np.abs(rel).max())


if __name__ == "__main__":
    best = min((fit(p)[1], p) for p in np.linspace(0.3, 0.7, 41))
    coef, err = fit(best[1])
    print(f"p = {best[1]:.2f}, max relative error {err:.3g}")
    print("coefficients (t^1 .. t^8):", ", ".join(repr(float(c)) for c in coef))
