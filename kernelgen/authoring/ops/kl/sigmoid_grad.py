"""SigmoidGrad (ops-nn experimental/activation/sigmoid_grad; aclnnSigmoidBackward): z = y * x * (1 - x), x the
forward sigmoid output, y the incoming gradient (the OpDef's names and order x, y -> z). x is drawn from sigmoid's
range [0, 1] (domain=): with the hazard values x = y = 60 the true result, -212,400, is past float16's largest
finite value, as for TanhGrad."""
import kernelgen.lang as kl


@kl.op(category="activation", outputs=("z",), aclnn="aclnnSigmoidBackward", domain={"x": (0.0, 1.0)})
def sigmoid_grad(x, y):
    return y * x * (1.0 - x)
