"""kernelgen.lang: write an operator as a NumPy-like expression (docs/lang.md).

    import kernelgen.lang as kl

    @kl.op(category="activation")
    def leaky_relu(x, negative_slope: float = 0.01):
        return kl.where(x > 0, x, x * negative_slope)

Tracing and the expression DAG: expr.py; the kl functions: functions.py; the compiler to Steps: lower.py;
@kl.op and the OpSpec it builds: op.py.
"""
from kernelgen.authoring.lang.expr import Expr, LangError
from kernelgen.authoring.lang.functions import (Axes, Axis, Choice, LastAxis, Scalar, abs, clip, exp, log, max, maximum,
                                                mean, min, minimum, relu, rsqrt, sigmoid, size, sqrt, sum, tanh, where)
from kernelgen.authoring.lang.op import LangOp, op
from kernelgen.authoring.lang.refine import refine_root

__all__ = ["Axes", "Axis", "Choice", "Expr", "LangError", "LangOp", "LastAxis", "Scalar", "abs", "clip", "exp", "log",
           "max", "maximum", "mean", "min", "minimum", "op", "refine_root", "relu", "rsqrt", "sigmoid", "size", "sqrt",
           "sum", "tanh", "where"]
