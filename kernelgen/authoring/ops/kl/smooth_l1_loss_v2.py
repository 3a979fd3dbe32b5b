"""SmoothL1LossV2 (ops-nn experimental/loss/smooth_l1_loss_v2): with d = predict - label and m = min(|d|, sigma),
loss = reduction(m^2 / (2 sigma) + (|d| - m)); reduction "mean" or "sum" reduces over every element (a 0-d loss, as
the hand-written infershape gives it; partials summed in float32 and combined in core order, docs/lang.md).
reduction="none" (loss of the inputs' shape) is not compiled: the tiling and verify refuse it in one line."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


@kl.op(category="loss", dtypes=("float16", "float32", "bfloat16"), outputs=("loss",),
       golden=lambda inputs, attrs: _goldens.golden("smooth_l1_loss_v2", inputs, attrs))
def smooth_l1_loss_v2(predict, label, sigma: float = 1.0, reduction: kl.Choice("mean", "sum", "none") = "mean"):
    a = kl.abs(predict - label)
    m = kl.minimum(a, sigma)
    loss = m * m / (2.0 * sigma) + (a - m)
    if reduction == "none":
        return loss
    return kl.sum(loss) if reduction == "sum" else kl.mean(loss)
