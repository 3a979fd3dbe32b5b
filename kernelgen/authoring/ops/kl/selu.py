"""Selu (ops-nn experimental/activation/selu; aclnnSelu by opbuild): scale * x for x > 0, scale * alpha * (exp(x) - 1)
otherwise. Names x -> y. exp(x) - 1 cancels for small |x| (the hazard inputs +-1e-6, +-1e-30 and subnormals miss
CANN's small-value rule that way), so near 0 it is a cubic Taylor polynomial (relative error < 1.1e-8 on
[-1/64, 0]); the golden is the exact float64 formula of kernelgen/authoring/ops/_goldens.py."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens

ALPHA = 1.6732632423543772848170429916717
SCALE = 1.0507009873554804934193349852946


def expm1_neg(m):
    """exp(m) - 1 for m <= 0 without cancellation near 0: on [-1/64, 0] the cubic Taylor polynomial (relative error
    m^3/24 < 1.1e-8), below it exp(m) - 1 (relative error at most ulp(1)/(1 - e^(-1/64)) = 3.8e-6)."""
    return kl.where(m > -0.015625, m * (1.0 + m * (0.5 + m * (1.0 / 6))), kl.exp(m) - 1.0)


@kl.op(category="activation", golden=lambda inputs, attrs: _goldens.golden("selu", inputs, attrs))
def selu(x):
    return SCALE * kl.where(x > 0, x, ALPHA * expm1_neg(kl.minimum(x, 0.0)))
