"""MseLoss with mean reduction: one number for the whole tensor."""
import kernelgen.lang as kl


@kl.op(category="loss")
def mse_loss_mean(a, b):
    return kl.mean((a - b) ** 2)
