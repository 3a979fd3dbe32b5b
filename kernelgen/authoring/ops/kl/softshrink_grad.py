"""SoftshrinkGrad (ops-nn experimental/activation/softshrink_grad; aclnnSoftshrinkBackward): input_grad where
|input_x| > lambd, else 0. Names input_grad, input_x -> output_y, attribute lambd = 0.5."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", outputs=("output_y",), aclnn="aclnnSoftshrinkBackward",
       golden=reference("softshrink_grad"))
def softshrink_grad(input_grad, input_x, lambd: float = 0.5):
    return kl.where(kl.abs(input_x) > lambd, input_grad, 0.0)
