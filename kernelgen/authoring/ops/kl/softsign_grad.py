"""SoftsignGrad (ops-nn experimental/activation/softsign_grad; aclnnSoftsignBackward): output = gradients /
(1 + |features|)^2. Names gradients, features -> output."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", outputs=("output",), aclnn="aclnnSoftsignBackward",
       golden=reference("softsign_grad"))
def softsign_grad(gradients, features):
    return gradients / (1.0 + kl.abs(features)) ** 2
