"""EluGrad (ops-nn experimental/activation/elu_grad; aclnnEluGrad by opbuild): y = (min(activations, 0) + 1) *
grads, activations Elu's forward output (alpha = 1). Names grads, activations -> y."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", golden=reference("elu_grad"))
def elu_grad(grads, activations):
    return (kl.minimum(activations, 0.0) + 1.0) * grads
