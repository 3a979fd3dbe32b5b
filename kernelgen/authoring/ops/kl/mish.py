"""Mish (ops-nn experimental/activation/mish; aclnnMish by opbuild): y = x * tanh(softplus(x)), softplus in its
overflow-free form max(x, 0) + log(1 + exp(-|x|)). Names x -> y."""
import kernelgen.lang as kl


@kl.op(category="activation")
def mish(x):
    return x * kl.tanh(kl.maximum(x, 0.0) + kl.log(1.0 + kl.exp(-kl.abs(x))))
