"""exp(m) - 1 without cancellation near m = 0, for the kernelgen.lang built-ins whose docs write exp(t) - 1
(elu, celu): `exp(m) - 1` loses every digit for the hazard inputs +-1e-6, +-1e-30 and subnormals, which then
miss CANN's small-value rule. Near 0 a degree-6 Taylor polynomial (relative error < 1e-7 on |m| <= 0.25)."""
import kernelgen.lang as kl


def _poly(m):
    return m * (1.0 + m * (0.5 + m * (1.0 / 6 + m * (1.0 / 24 + m * (1.0 / 120 + m * (1.0 / 720))))))


def expm1_neg(m):
    """exp(m) - 1 for m <= 0."""
    return kl.where(m > -0.25, _poly(m), kl.exp(m) - 1.0)


def expm1(m):
    """exp(m) - 1 for any m (one Abs more than expm1_neg)."""
    return kl.where(kl.abs(m) < 0.25, _poly(m), kl.exp(m) - 1.0)
