"""GeluGrad as an expression: dy times the derivative of GELU's tanh form (y, GELU's output, is not read)."""
import math

import kernelgen.lang as kl

C = 0.044715
K = math.sqrt(2.0 / math.pi)


@kl.op(category="activation", outputs=("z",))
def gelu_grad_expr(dy, x, y):
    t = kl.tanh(K * (x + C * x ** 3))
    dtanh = K * (1.0 + 3.0 * C * x ** 2)
    return dy * (0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * dtanh)
