"""LayerNorm over the last axis with affine gamma and beta."""
import kernelgen.lang as kl


@kl.op(category="norm")
def layer_norm(x, gamma: kl.LastAxis, beta: kl.LastAxis, eps: float = 1e-5):
    mu = kl.mean(x, axis=-1, keepdims=True)
    d = x - mu
    var = kl.mean(d ** 2, axis=-1, keepdims=True)
    return d * kl.rsqrt(var + eps) * gamma + beta
