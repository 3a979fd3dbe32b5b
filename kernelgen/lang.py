"""`import kernelgen.lang as kl`: the public surface of kernelgen.authoring.lang (docs/lang.md)."""
from kernelgen.authoring.lang import (Expr, LangError, LangOp, LastAxis, Scalar, abs, clip, exp, log, max,  # noqa: F401
                                      maximum, mean, min, minimum, op, relu, rsqrt, sigmoid, sqrt, sum, tanh, where)
from kernelgen.authoring.lang import __all__  # noqa: F401
