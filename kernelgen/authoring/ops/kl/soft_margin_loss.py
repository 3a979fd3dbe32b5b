"""SoftMarginLoss (ops-nn experimental/loss/soft_margin_loss; aclnnSoftMarginLoss per its docs): output =
reduction(max(0, -t x) + log(1 + exp(-|t x|))) with t = target, x = self; reduction an int attribute, 1 mean
(default) or 2 sum over every element (0-d, partials in float32 combined in core order, docs/lang.md). 0 (none,
output of the inputs' shape) is not compiled: the tiling and verify refuse it in one line."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


@kl.op(category="loss", dtypes=("float32", "float16"), outputs=("output",),
       golden=lambda inputs, attrs: _goldens.golden("soft_margin_loss", inputs, attrs))
def soft_margin_loss(self, target, reduction: kl.Choice(0, 1, 2) = 1):
    z = target * self
    loss = kl.maximum(-z, 0.0) + kl.log(1.0 + kl.exp(-kl.abs(z)))
    if reduction == 0:
        return loss
    return kl.sum(loss) if reduction == 2 else kl.mean(loss)
