"""CeluV3 (ops-nn experimental/activation/celu_v3; aclnnCeluV3 by opbuild): max(0, x) + min(0, alpha * (exp(x /
alpha) - 1)). Names self -> out, attribute alpha = 1.0."""
import kernelgen.lang as kl


@kl.op(category="activation", outputs=("out",))
def celu_v3(self, alpha: float = 1.0):
    return kl.maximum(self, 0.0) + kl.minimum(alpha * (kl.exp(kl.minimum(self, 0.0) / alpha) - 1.0), 0.0)
