"""exp(m) - 1 without cancellation near m = 0, for the kernelgen.lang built-ins whose docs write exp(t) - 1
(elu, celu): `exp(m) - 1` loses every digit for the hazard inputs +-1e-6, +-1e-30 and subnormals, which then
miss CANN's small-value rule. For |m| < 0.01 a degree-3 Taylor polynomial (relative error m^3/24 < 5e-8);
outside it exp(m) - 1 keeps a relative error below about 1.2e-7 / 0.01 = 1.2e-5, far inside float32's MARE
bound of 1.22e-3 (docs/precision.md). Five vector instructions for the polynomial."""
import kernelgen.lang as kl

WINDOW = 0.01


def _poly(m):
    return m * (1.0 + m * (0.5 + m * (1.0 / 6)))


def expm1_neg(m):
    """exp(m) - 1 for m <= 0."""
    return kl.where(m > -WINDOW, _poly(m), kl.exp(m) - 1.0)


def expm1(m):
    """exp(m) - 1 for any m (one Abs more than expm1_neg)."""
    return kl.where(kl.abs(m) < WINDOW, _poly(m), kl.exp(m) - 1.0)
