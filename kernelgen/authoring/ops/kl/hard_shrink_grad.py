"""HardShrinkGrad (ops-nn experimental/activation/hard_shrink_grad; aclnnHardShrinkGrad by opbuild): grad_output
where |self| > lambd, else 0. Names grad_output, self -> output, attribute lambd = 0.5."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", outputs=("output",), golden=reference("hard_shrink_grad"))
def hard_shrink_grad(grad_output, self, lambd: float = 0.5):
    return kl.where(kl.abs(self) > lambd, grad_output, 0.0)
