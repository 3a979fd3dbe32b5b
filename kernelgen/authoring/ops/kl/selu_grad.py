"""SeluGrad (ops-nn experimental/activation/selu_grad; aclnnSeluBackward): gradients * scale for outputs >= 0,
gradients * (outputs + scale * alpha) otherwise, outputs Selu's forward result. Names gradients, outputs -> y; the
OpDef's float dtypes (not its int32, int8, uint8)."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference

ALPHA = 1.6732632423543772848170429916717
SCALE = 1.0507009873554804934193349852946


@kl.op(category="activation", aclnn="aclnnSeluBackward", golden=reference("selu_grad"))
def selu_grad(gradients, outputs):
    return gradients * kl.where(outputs >= 0, SCALE, outputs + SCALE * ALPHA)
