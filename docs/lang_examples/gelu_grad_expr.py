"""GeluGrad as an expression: dy times the derivative of GELU's tanh form (y, GELU's output, is not read).

The compiler rewrites 0.5*(1 + tanh(u)) and 1 - tanh(u)^2 through s = sigmoid(2u) and factors s out
(kernelgen/authoring/lang/rewrite.py): 15 vector instructions, against the hand-tuned built-in's 14. GELU' has a
root at x = -0.7518, where float32 cancellation loses the relative accuracy CANN's standard asks for;
kl.refine_root adds the 10-instruction float32 window the built-in uses (docs/lang.md, "Rewrites and refinement").
"""
import math

import kernelgen.lang as kl

C = 0.044715
K = math.sqrt(2.0 / math.pi)


@kl.op(category="activation", outputs=("z",))
def gelu_grad_expr(dy, x, y):
    t = kl.tanh(K * (x + C * x ** 3))
    dtanh = K * (1.0 + 3.0 * C * x ** 2)
    d = 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * dtanh
    return dy * kl.refine_root(d, x, (-0.8, -0.7))
