"""ApplyGradientDescent: var - alpha * delta, with the learning rate alpha a one-element tensor."""
import kernelgen.lang as kl


@kl.op(category="optim", outputs=("var_out",))
def apply_gradient_descent(var, alpha: kl.Scalar, delta):
    return var - alpha * delta
