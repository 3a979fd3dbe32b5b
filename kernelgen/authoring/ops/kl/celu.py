"""Celu (ops-nn experimental/activation/celu; aclnnCelu by opbuild), as its README states and its kernel computes:
alpha3 * 3 for x >= 0 (a constant, not CELU's alpha3 * x), alpha1 * (exp(x / alpha2) - 1) for x < 0. Names
x -> y, attributes alpha1, alpha2, alpha3 = 1.0 (REQUIRED in the OpDef with those values). exp(t) - 1 near t = 0
is _expm1's polynomial; alpha2 > 0 as the README requires."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference
from kernelgen.authoring.ops.kl._expm1 import expm1_neg


@kl.op(category="activation", dtypes=("float32", "float16"),
       golden=reference("celu"))
def celu(x, alpha1: float = 1.0, alpha2: float = 1.0, alpha3: float = 1.0):
    return kl.where(x >= 0, alpha3 * 3.0, alpha1 * expm1_neg(kl.minimum(x, 0.0) / alpha2))
