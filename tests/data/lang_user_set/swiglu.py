"""SwiGLU's gate on two full inputs: a * sigmoid(a) * b."""
import kernelgen.lang as kl


def silu(t):
    return t * kl.sigmoid(t)


@kl.op(category="activation")
def swiglu(a, b):
    return silu(a) * b
