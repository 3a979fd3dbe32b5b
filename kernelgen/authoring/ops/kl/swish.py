"""Swish (ops-nn experimental/activation/swish; aclnnSwish): y = x * sigmoid(scale * x). Names x -> y, attribute
scale = 1.0."""
import kernelgen.lang as kl


@kl.op(category="activation")
def swish(x, scale: float = 1.0):
    return x * kl.sigmoid(x * scale)
