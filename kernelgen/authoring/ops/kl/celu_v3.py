"""CeluV3 (ops-nn experimental/activation/celu_v3; aclnnCeluV3 by opbuild): max(0, x) + min(0, alpha * (exp(x /
alpha) - 1)). Names self -> out, attribute alpha = 1.0. exp(t) - 1 near t = 0 is a cubic Taylor polynomial (no
cancellation for the tiny hazard inputs; relative error < 1.1e-8 on [-1/64, 0]); the golden is the exact float64
formula of kernelgen/authoring/ops/_goldens.py."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


def expm1_neg(m):
    """exp(m) - 1 for m <= 0 without cancellation near 0: on [-1/64, 0] the cubic Taylor polynomial (relative error
    m^3/24 < 1.1e-8), below it exp(m) - 1 (relative error at most ulp(1)/(1 - e^(-1/64)) = 3.8e-6)."""
    return kl.where(m > -0.015625, m * (1.0 + m * (0.5 + m * (1.0 / 6))), kl.exp(m) - 1.0)


@kl.op(category="activation", outputs=("out",),
       golden=lambda inputs, attrs: _goldens.golden("celu_v3", inputs, attrs))
def celu_v3(self, alpha: float = 1.0):
    return kl.maximum(self, 0.0) + kl.minimum(alpha * expm1_neg(kl.minimum(self, 0.0) / alpha), 0.0)
