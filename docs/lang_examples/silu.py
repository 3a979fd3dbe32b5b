"""Silu: x * sigmoid(x)."""
import kernelgen.lang as kl


@kl.op(category="activation")
def silu(x):
    return x * kl.sigmoid(x)
