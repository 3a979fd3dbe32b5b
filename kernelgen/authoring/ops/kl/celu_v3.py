"""CeluV3 (ops-nn experimental/activation/celu_v3; aclnnCeluV3 by opbuild): max(0, x) + min(0, alpha * (exp(x /
alpha) - 1)). Names self -> out, attribute alpha = 1.0. exp(t) - 1 near t = 0 is a degree-6 Taylor polynomial (no
cancellation for the tiny hazard inputs; relative error < 1e-7 on [-0.25, 0]); the golden is the exact float64
formula of kernelgen/authoring/ops/_goldens.py."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


def expm1_neg(m):
    """exp(m) - 1 for m <= 0 without cancellation near 0."""
    poly = m * (1.0 + m * (0.5 + m * (1.0 / 6 + m * (1.0 / 24 + m * (1.0 / 120 + m * (1.0 / 720))))))
    return kl.where(m > -0.25, poly, kl.exp(m) - 1.0)


@kl.op(category="activation", outputs=("out",),
       golden=lambda inputs, attrs: _goldens.golden("celu_v3", inputs, attrs))
def celu_v3(self, alpha: float = 1.0):
    return kl.maximum(self, 0.0) + kl.minimum(alpha * expm1_neg(kl.minimum(self, 0.0) / alpha), 0.0)
