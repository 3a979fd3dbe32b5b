"""`import kernelgen.lang as kl`: the public surface of kernelgen.authoring.lang (docs/lang.md)."""
from kernelgen.authoring.lang import (Choice, Expr, LangError, LangOp, LastAxis, Scalar, abs, clip, exp, log, max,  # noqa: F401
                                      maximum, mean, min, minimum, op, relu, rsqrt, sigmoid, size, sqrt, sum, tanh, where)
from kernelgen.authoring.lang import Axes, Axis  # noqa: F401  (row programs' axis attributes)
from kernelgen.authoring.lang import __all__  # noqa: F401
from kernelgen.authoring.lang import refine_root  # noqa: F401


def __getattr__(name: str):
    """kl.<unknown>: a one-line error naming the spec file's line and the functions there are."""
    if name.startswith("__"):
        raise AttributeError(name)
    from kernelgen.authoring.lang.expr import fail
    from kernelgen.authoring.lang.functions import PUBLIC

    raise fail(f"kl.{name} is not a kernelgen.lang function",
               "kl." + ", kl.".join(n for n in PUBLIC if n[0].islower()) + ", kl.op, kl.Scalar, kl.LastAxis")
