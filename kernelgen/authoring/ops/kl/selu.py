"""Selu (ops-nn experimental/activation/selu; aclnnSelu by opbuild): scale * x for x > 0, scale * alpha * (exp(x) - 1)
otherwise. Names x -> y. exp(x) - 1 cancels for small |x| (the hazard inputs +-1e-6, +-1e-30 and subnormals miss
CANN's small-value rule that way), so near 0 it is a degree-6 Taylor polynomial (relative error < 1e-7 on
[-0.25, 0]); the golden is the exact float64 formula of kernelgen/authoring/ops/_goldens.py."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens

ALPHA = 1.6732632423543772848170429916717
SCALE = 1.0507009873554804934193349852946


def expm1_neg(m):
    """exp(m) - 1 for m <= 0 without cancellation near 0."""
    poly = m * (1.0 + m * (0.5 + m * (1.0 / 6 + m * (1.0 / 24 + m * (1.0 / 120 + m * (1.0 / 720))))))
    return kl.where(m > -0.25, poly, kl.exp(m) - 1.0)


@kl.op(category="activation", golden=lambda inputs, attrs: _goldens.golden("selu", inputs, attrs))
def selu(x):
    return SCALE * kl.where(x > 0, x, ALPHA * expm1_neg(kl.minimum(x, 0.0)))
