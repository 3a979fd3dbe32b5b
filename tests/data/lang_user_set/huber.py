"""Elementwise Huber loss (reduction none), the threshold an attribute; Python constants fold."""
import kernelgen.lang as kl

HALF = 0.5


@kl.op(category="loss", outputs=("loss",))
def huber(input, target, delta: float = 1.0):
    d = kl.abs(input - target)
    return kl.where(d <= delta, HALF * d ** 2, delta * (d - HALF * delta))
