"""RmsNorm over the last axis, scaled by gamma (one value per last-axis element)."""
import kernelgen.lang as kl


@kl.op(category="norm")
def rms_norm(x, gamma: kl.LastAxis, epsilon: float = 1e-6):
    return x * kl.rsqrt(kl.mean(x * x, axis=-1, keepdims=True) + epsilon) * gamma
