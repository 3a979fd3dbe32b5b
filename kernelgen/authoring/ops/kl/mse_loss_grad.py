"""MseLossGrad (ops-nn experimental/loss/mse_loss_grad): y = cof * (predict - label) * dout, cof = 2 / N for
reduction "mean" (N: the element count, kl.size, read from the tiling data at run time), else 2; elementwise, one
variant per reduction value (kl.Choice), selected by the tiling key."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


@kl.op(category="loss", dtypes=("float16", "float32", "bfloat16"),
       golden=lambda inputs, attrs: _goldens.golden("mse_loss_grad", inputs, attrs))
def mse_loss_grad(predict, label, dout, reduction: kl.Choice("mean", "sum", "none") = "mean"):
    cof = 2.0 / kl.size(predict) if reduction == "mean" else 2.0
    return (predict - label) * dout * cof
