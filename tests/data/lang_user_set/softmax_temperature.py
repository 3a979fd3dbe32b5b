"""Softmax over the last axis with a temperature attribute."""
import kernelgen.lang as kl


@kl.op(category="activation")
def softmax_temperature(x, temperature: float = 1.0):
    z = x / temperature
    e = kl.exp(z - kl.max(z, axis=-1, keepdims=True))
    return e / kl.sum(e, axis=-1, keepdims=True)
