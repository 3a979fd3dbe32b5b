"""L1LossGrad (ops-nn experimental/loss/l1_loss_grad): y = grads * sign(predict - label) * cof, cof = 1 / N for
reduction "mean" (N: the element count, kl.size, from the tiling data at run time), else 1; elementwise, one variant
per reduction value (kl.Choice), selected by the tiling key."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


@kl.op(category="loss", dtypes=("float16", "float32", "bfloat16"),
       golden=lambda inputs, attrs: _goldens.golden("l1_loss_grad", inputs, attrs))
def l1_loss_grad(grads, predict, label, reduction: kl.Choice("mean", "sum", "none") = "mean"):
    d = predict - label
    sign = kl.where(d > 0, 1.0, kl.where(d < 0, -1.0, 0.0))
    g = grads * sign
    return g / kl.size(grads) if reduction == "mean" else g
