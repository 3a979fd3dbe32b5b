"""PReLU with one learnable slope, passed as a one-element tensor."""
import kernelgen.lang as kl


@kl.op(category="activation")
def prelu_scalar(x, weight: kl.Scalar):
    return kl.where(x >= 0, x, weight * x)
