"""MishGrad (ops-nn experimental/activation/mish_grad; aclnnMishBackward): x_grad = grad * (t + x * (1 - t^2) *
sigmoid(x)), t = tanh(softplus(x)), softplus in its overflow-free form max(x, 0) + log(1 + exp(-|x|)). Names grad,
x, tanhx -> x_grad. tanhx (OPTIONAL in the OpDef: the forward tanh(softplus(x)), which the hand-written kernel
reads when given) is an input this kernel does not read: it recomputes t, as the golden does."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", outputs=("x_grad",), aclnn="aclnnMishBackward",
       golden=reference("mish_grad"))
def mish_grad(grad, x, tanhx):
    t = kl.tanh(kl.maximum(x, 0.0) + kl.log(1.0 + kl.exp(-kl.abs(x))))
    # Mish'(x) has a simple root at x0 = -1.19243 where t + x(1 - t^2)sigmoid(x) cancels in float32 (the 1M
    # float32 case missed CANN's standard there): near it, its Taylor polynomial (kl.refine_root).
    return grad * kl.refine_root(t + x * (1.0 - t * t) * kl.sigmoid(x), x, (-1.3, -1.1))
