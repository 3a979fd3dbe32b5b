"""SigmoidGrad (ops-nn experimental/activation/sigmoid_grad; aclnnSigmoidBackward): z = y * x * (1 - x), x the
forward sigmoid output, y the incoming gradient (the OpDef's names and order x, y -> z)."""
import kernelgen.lang as kl


@kl.op(category="activation", outputs=("z",), aclnn="aclnnSigmoidBackward")
def sigmoid_grad(x, y):
    return y * x * (1.0 - x)
