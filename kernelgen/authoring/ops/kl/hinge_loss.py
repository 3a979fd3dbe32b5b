"""HingeLoss (ops-nn experimental/loss/hinge_loss; aclnnHingeLoss per its docs): loss = max(0, 1 - target *
predict), elementwise (the hand-written infershape gives loss predict's shape)."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


@kl.op(category="loss", dtypes=("float16", "float32", "bfloat16"), outputs=("loss",),
       golden=lambda inputs, attrs: _goldens.golden("hinge_loss", inputs, attrs))
def hinge_loss(predict, target):
    return kl.maximum(1.0 - target * predict, 0.0)
