"""Elu (ops-nn experimental/activation/elu; aclnnElu of its op_api/aclnn_elu.h): scale * x for x > 0,
scale * alpha * (exp(input_scale * x) - 1) otherwise. Names x -> y, attributes alpha, scale, input_scale = 1.0.
The OpDef's class is EluDef (so opbuild would name the API aclnnEluDef); the operator's own op_api declares
aclnnElu, which this keeps. exp(t) - 1 near t = 0 is _expm1's polynomial (input_scale may have either sign)."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference
from kernelgen.authoring.ops.kl._expm1 import expm1


@kl.op(category="activation", golden=reference("elu"))
def elu(x, alpha: float = 1.0, scale: float = 1.0, input_scale: float = 1.0):
    return scale * kl.where(x > 0, x, alpha * expm1(kl.minimum(x, 0.0) * input_scale))
