"""ReluGrad (ops-nn experimental/activation/relu_grad): gradients where features > 0, else 0. Names gradients,
features -> backprops; the OpDef's float dtypes (not its int32, int8, uint8). Its docs give the API as
aclnnThresholdBackward(gradOutput, self, threshold, out), which takes a threshold ReluGrad's OpDef does not have;
the generated API is aclnnReluGrad, as opbuild generates it from the OpDef."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", outputs=("backprops",), golden=reference("relu_grad"))
def relu_grad(gradients, features):
    return kl.where(features > 0, gradients, 0.0)
