"""SoftplusV2 (ops-nn experimental/activation/softplus_v2): y = log(1 + exp(beta * x)) / beta, and x where
beta * x > threshold. Names x -> y, attributes beta = 1.0, threshold = 20.0 (its docs name the API aclnnSoftplus;
@kl.op names it aclnnSoftplusV2, as opbuild would from the OpDef). softplus in its overflow-free form
max(t, 0) + log(1 + exp(-|t|)); log(1 + e) for e < 1/64 a cubic Taylor polynomial (relative error < 1e-6), so
beta * x far below 0, where the result is exp(t) itself, keeps its relative precision; the golden is the float64
formula of kernelgen/authoring/ops/_goldens.py. The OpDef configures only ascend950; kernelgen declares ascend910b
and ascend310b."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


def log1p_unit(e):
    """log(1 + e) for e in [0, 1] without the rounding of 1 + e for small e."""
    return kl.where(e < 0.015625, e * (1.0 - e * (0.5 - e * (1.0 / 3.0))), kl.log(1.0 + e))


@kl.op(category="activation", golden=lambda inputs, attrs: _goldens.golden("softplus_v2", inputs, attrs))
def softplus_v2(x, beta: float = 1.0, threshold: float = 20.0):
    t = x * beta
    return kl.where(t > threshold, x, (kl.maximum(t, 0.0) + log1p_unit(kl.exp(-kl.abs(t)))) / beta)
