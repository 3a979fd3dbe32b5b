"""The kl functions: on traced values they build expression nodes; on NumPy arrays and numbers they compute
(the golden is the @kl.op function applied to float64 arrays)."""
from __future__ import annotations

import numpy as np

from kernelgen.authoring.lang.expr import Expr, Node, as_node, fail


class Scalar:
    """Annotation: a one-element tensor input broadcast everywhere (an optimizer's learning rate)."""


class LastAxis:
    """Annotation: a 1-D input of the last dimension, broadcast along the leading axes (gamma, beta)."""


class Axis:
    """Annotation: `dim: kl.Axis = -1` is an int attribute naming the axis the row reductions run over (an OpDef
    attribute, as SoftmaxV2's dim). Only the last axis is compiled: the tiling accepts -1 or rank - 1 and refuses
    any other value in one line. `axes: kl.Axes = (-1,)` is the same as a list of ints (LogSoftmaxV2's axes)."""


class Axes(Axis):
    """Annotation: a list-of-ints attribute naming the reduced axes; only the last axis is compiled (see Axis)."""


class Choice:
    """Annotation of a string attribute with a fixed set of values: `reduction: kl.Choice("mean", "sum") = "mean"`.
    The function is traced once per value, with the parameter a plain Python str (so `if reduction == "sum":`
    works); each value compiles to its own variant, which the tiling selects by the attribute (a tiling key)."""

    def __init__(self, *values):
        strs = all(isinstance(v, str) and v for v in values)
        ints = all(isinstance(v, int) and not isinstance(v, bool) for v in values)
        if not values or not (strs or ints) or len(set(values)) != len(values):
            from kernelgen.authoring.lang.expr import fail
            raise fail(f"kl.Choice{values!r}", 'kl.Choice("a", "b", ...) of distinct non-empty strings, or of '
                       "distinct ints (soft_margin_loss's reduction 0, 1, 2)")
        self.kind = "str" if strs else "int"
        self.values = tuple(values)

    def __repr__(self):
        return "kl.Choice(" + ", ".join(map(repr, self.values)) + ")"


def _traced(*values) -> bool:
    return any(isinstance(v, Expr) for v in values)


def _unary(op: str, fn):
    def f(x):
        if _traced(x):
            return Expr(Node(op, (as_node(x),)))
        with np.errstate(all="ignore"):
            return fn(np.asarray(x, dtype=np.result_type(np.asarray(x).dtype, np.float32)))
    f.__name__ = op
    f.__doc__ = f"kl.{op}(x): elementwise {op} (on arrays: the NumPy float64 reference)."
    return f


def _sigmoid(x):
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


abs = _unary("abs", np.abs)  # noqa: A001  (kl.abs, as the issue spells it)
exp = _unary("exp", np.exp)
log = _unary("log", np.log)
sqrt = _unary("sqrt", np.sqrt)
rsqrt = _unary("rsqrt", lambda x: 1.0 / np.sqrt(x))
tanh = _unary("tanh", np.tanh)
sigmoid = _unary("sigmoid", _sigmoid)
relu = _unary("relu", lambda x: np.maximum(x, 0))


def size(x):
    """kl.size(x): the number of elements of the full-shape tensors (a run-time scalar from the tiling data; on an
    array, its size)."""
    if _traced(x):
        node = as_node(x)
        if not node.is_tensor:
            raise fail("kl.size of a number or attribute", "kl.size(x) of a tensor input or expression")
        return Expr(Node("size"))
    return float(np.size(x))


def maximum(a, b):
    """Elementwise maximum of tensors, numbers or attributes."""
    if _traced(a, b):
        return Expr(Node("max", (as_node(a), as_node(b))))
    return np.maximum(a, b)


def minimum(a, b):
    """Elementwise minimum of tensors, numbers or attributes."""
    if _traced(a, b):
        return Expr(Node("min", (as_node(a), as_node(b))))
    return np.minimum(a, b)


def clip(x, lo, hi):
    """minimum(maximum(x, lo), hi)."""
    return minimum(maximum(x, lo), hi)


def where(mask, a, b):
    """a where mask (a comparison) holds, else b; a and b tensors, numbers or attributes."""
    if _traced(mask, a, b):
        m = as_node(mask)
        if not m.is_mask:
            raise fail("kl.where's mask is not a comparison", "kl.where(a < b, x, y) with < <= > >= == !=")
        return Expr(Node("where", (m, as_node(a), as_node(b))))
    return np.where(mask, a, b)


def _reduction(op: str, fn):
    def f(x, axis=None, keepdims=False):
        if _traced(x):
            if axis == -1 and keepdims is True:
                return Expr(Node(op, (as_node(x),), "last"))
            if axis is None and not keepdims:   # over every element: one value (kernelgen.authoring.lang.whole)
                return Expr(Node(op, (as_node(x),), "all"))
            raise fail(f"kl.{op}(x, axis={axis!r}, keepdims={keepdims!r})",
                       f"kl.{op}(x, axis=-1, keepdims=True) and kl.{op}(x) over every element")
        return fn(np.asarray(x), axis=axis, keepdims=keepdims)
    f.__name__ = op
    f.__doc__ = (f"kl.{op}(x, axis=-1, keepdims=True): over the last axis, broadcast back; kl.{op}(x): over "
                 "every element (a 0-d result).")
    return f


sum = _reduction("sum", np.sum)  # noqa: A001
max = _reduction("max", np.max)  # noqa: A001
min = _reduction("min", np.min)  # noqa: A001
mean = _reduction("mean", np.mean)

PUBLIC = ("Scalar", "LastAxis", "Choice", "abs", "exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid", "relu", "maximum",
          "minimum", "clip", "where", "sum", "max", "min", "mean", "size")
PUBLIC += ("Axis", "Axes")   # attribute annotations of row programs (the reduced axis)
