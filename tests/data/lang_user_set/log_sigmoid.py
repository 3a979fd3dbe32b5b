"""log(sigmoid(x)) = -softplus(-x), softplus written stably as Python helpers: log(1 + e) for a tiny e = exp(-|t|)
is e - e^2/2 (log of 1 + e would round to 0 in float32)."""
import kernelgen.lang as kl


def log1p_small(e):
    return kl.where(e < 1e-3, e - 0.5 * e * e, kl.log(1.0 + e))


def softplus(t):
    return kl.maximum(t, 0.0) + log1p_small(kl.exp(-kl.abs(t)))


@kl.op(category="activation")
def log_sigmoid(x):
    return -softplus(-x)
