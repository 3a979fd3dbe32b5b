"""SwishGrad (ops-nn experimental/activation/swish_grad; aclnnSwishBackward): grad_x = grad * s * (1 + sconf * x *
(1 - s)), s = sigmoid(sconf * x). Names grad, x, y -> grad_x, attribute sconf = 1.0; y (Swish's forward output)
stays an input the formula does not read, as the hand-written kernel does not."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", outputs=("grad_x",), aclnn="aclnnSwishBackward",
       golden=reference("swish_grad"))
def swish_grad(grad, x, y, sconf: float = 1.0):
    bx = x * sconf
    s = kl.sigmoid(bx)
    return grad * s * (1.0 + bx * (1.0 - s))
