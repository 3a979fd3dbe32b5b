"""Selu (ops-nn experimental/activation/selu; aclnnSelu by opbuild): scale * x for x > 0, scale * alpha * (exp(x) - 1)
otherwise. Names x -> y."""
import kernelgen.lang as kl

ALPHA = 1.6732632423543772848170429916717
SCALE = 1.0507009873554804934193349852946


@kl.op(category="activation")
def selu(x):
    return SCALE * kl.where(x > 0, x, ALPHA * (kl.exp(kl.minimum(x, 0.0)) - 1.0))
