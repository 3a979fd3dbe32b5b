"""LeakyRelu: x where x > 0, else x * negative_slope (the slope is an attribute, read at run time)."""
import kernelgen.lang as kl


@kl.op(category="activation")
def leaky_relu(x, negative_slope: float = 0.01):
    return kl.where(x > 0, x, x * negative_slope)
