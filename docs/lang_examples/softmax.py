"""Softmax over the last axis."""
import kernelgen.lang as kl


@kl.op(category="activation")
def softmax(x):
    e = kl.exp(x - kl.max(x, axis=-1, keepdims=True))
    return e / kl.sum(e, axis=-1, keepdims=True)
