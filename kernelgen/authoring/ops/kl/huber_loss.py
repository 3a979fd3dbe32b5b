"""HuberLoss (ops-nn experimental/loss/huber_loss; aclnnHuberLoss per its docs): with e = predictions - targets,
loss = 0.5 e^2 where |e| <= delta, else delta * (|e| - 0.5 delta); elementwise, delta a float attribute (1.0)."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


@kl.op(category="loss", outputs=("loss",), golden=lambda inputs, attrs: _goldens.golden("huber_loss", inputs, attrs))
def huber_loss(predictions, targets, delta: float = 1.0):
    e = predictions - targets
    a = kl.abs(e)
    return kl.where(a <= delta, 0.5 * e * e, delta * (a - 0.5 * delta))
