"""MseLoss (ops-nn experimental/loss/mse_loss; aclnnMseLoss by opbuild): y = mean or sum of (predict - label)^2
over every element, by the string attribute reduction (default "mean"). A whole-tensor reduction: each core's
partial sum (in float32, for float16/bfloat16 too) goes into the workspace and block 0 combines them in core order
(docs/lang.md). y has shape [1], as the hand-written infershape gives it. reduction="none" (y of the inputs' shape)
is not compiled: the tiling and `kernelgen verify --attr reduction=none` refuse it in one line."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


@kl.op(category="loss", dtypes=("bfloat16", "float16", "float32"), reduced_shape=(1,),
       golden=lambda inputs, attrs: _goldens.golden("mse_loss", inputs, attrs))
def mse_loss(predict, label, reduction: kl.Choice("mean", "sum", "none") = "mean"):
    d = (predict - label) ** 2
    if reduction == "none":
        return d
    return kl.sum(d) if reduction == "sum" else kl.mean(d)
