"""SiluGrad (ops-nn experimental/activation/silu_grad; aclnnSiluBackward): dx = dy * s * (1 + x * (1 - s)),
s = sigmoid(x). Names dy, x -> dx."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", outputs=("dx",), aclnn="aclnnSiluBackward",
       golden=reference("silu_grad"))
def silu_grad(dy, x):
    s = kl.sigmoid(x)
    return dy * s * (1.0 + x * (1.0 - s))
