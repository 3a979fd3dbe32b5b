"""kernelgen.lang's expression DAG and the proxies a @kl.op function is traced with.

A traced function sees its tensor parameters and attributes as `Expr` proxies; every operator and kl function
on them builds a `Node` (frozen, hashed by structure, so equal subexpressions are one node). What the tracer
cannot follow (a Python `if` on a tensor, a NumPy call on one, indexing) raises LangError naming the spec
file's line and what is supported.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from kernelgen.errors import SpecError

# The node kinds. Leaves: input (a full tensor), scalar_input (kl.Scalar), last_axis (kl.LastAxis), attr, const.
UNARY = ("neg", "abs", "exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid", "relu")
BINARY = ("add", "sub", "mul", "div", "max", "min")
COMPARE = ("lt", "le", "gt", "ge", "eq", "ne")
REDUCE = ("sum", "max", "min", "mean")
SUPPORTED = ("+ - * / between tensors, numbers and attributes, unary -, x ** 2, x ** 3, comparisons "
             "< <= > >= == != (as kl.where's mask), kl.where, kl.clip, kl.maximum, kl.minimum, kl.abs, kl.exp, "
             "kl.log, kl.sqrt, kl.rsqrt, kl.tanh, kl.sigmoid, kl.relu")


@dataclass(frozen=True)
class Node:
    op: str
    args: tuple = ()
    value: object = None       # const: the float; input/attr/scalar_input/last_axis: the name

    @property
    def is_tensor(self) -> bool:
        """Depends on a full or last-axis tensor (else it is a run-time or literal scalar)."""
        if self.op in ("input", "last_axis"):
            return True
        return any(a.is_tensor for a in self.args)

    @property
    def is_mask(self) -> bool:
        return self.op in COMPARE

    @property
    def is_const(self) -> bool:
        return self.op == "const"


def walk(roots) -> list[Node]:
    """Every distinct node reachable from roots, once, each after its arguments (the one DAG traversal of the
    rewrite pass's parent index and the lowering's use counts)."""
    seen: set = set()
    order: list[Node] = []
    for root in roots:
        stack = [(root, False)]
        while stack:
            n, expanded = stack.pop()
            if expanded:
                order.append(n)
                continue
            if n in seen:
                continue
            seen.add(n)
            stack.append((n, True))
            stack.extend((a, False) for a in reversed(n.args))
    return order


class LangError(SpecError):
    """A spec kernelgen.lang cannot compile: names the spec file's line (exit 2)."""


class _Trace:
    """The function being traced: its spec file, for error locations."""

    file: str | None = None


TRACE = _Trace()


def location() -> str:
    """'spec file PATH:LINE' of the innermost frame in the traced spec file (or the caller's file)."""
    frame = sys._getframe(1)
    fallback = None
    while frame is not None:
        name = frame.f_code.co_filename
        if TRACE.file and Path(name).resolve() == Path(TRACE.file).resolve():
            return f"spec file {TRACE.file}:{frame.f_lineno}"
        if fallback is None and "kernelgen" not in Path(name).parts:
            fallback = f"spec file {name}:{frame.f_lineno}"
        frame = frame.f_back
    return fallback or "spec file (unknown line)"


def fail(what: str, supported: str = SUPPORTED) -> LangError:
    return LangError(f"{location()}: {what}; supported: {supported}")


def as_node(value) -> Node:
    if isinstance(value, Expr):
        return value.node
    if isinstance(value, bool):
        return Node("const", (), float(value))
    if isinstance(value, (int, float)):
        return Node("const", (), float(value))
    try:
        import numpy as np

        if isinstance(value, np.generic) and value.dtype.kind in "biuf":
            return Node("const", (), float(value))
    except ImportError:  # pragma: no cover
        pass
    raise fail(f"{type(value).__name__} value {value!r:.40} in a traced expression")


class Expr:
    """A traced tensor, attribute or scalar: arithmetic builds the expression DAG."""

    __slots__ = ("node",)
    __array_priority__ = 1000

    def __init__(self, node: Node):
        self.node = node

    # arithmetic (either side)
    def _bin(self, op, other, swap=False):
        a, b = as_node(self), as_node(other)
        return Expr(Node(op, (b, a) if swap else (a, b)))

    def __add__(self, o): return self._bin("add", o)
    def __radd__(self, o): return self._bin("add", o, True)
    def __sub__(self, o): return self._bin("sub", o)
    def __rsub__(self, o): return self._bin("sub", o, True)
    def __mul__(self, o): return self._bin("mul", o)
    def __rmul__(self, o): return self._bin("mul", o, True)
    def __truediv__(self, o): return self._bin("div", o)
    def __rtruediv__(self, o): return self._bin("div", o, True)
    def __neg__(self): return Expr(Node("neg", (self.node,)))
    def __pos__(self): return self

    def __pow__(self, p):
        if isinstance(p, (int, float)) and not isinstance(p, bool) and float(p) in (1.0, 2.0, 3.0):
            n = self.node
            out = n
            for _ in range(int(p) - 1):
                out = Node("mul", (out, n))
            return Expr(out)
        raise fail(f"x ** {p!r}", "x ** 2 and x ** 3 (write kl.sqrt(x) for x ** 0.5, 1 / x for x ** -1)")

    def __rpow__(self, b):
        raise fail(f"{b!r} ** x", "x ** 2 and x ** 3; write kl.exp(x * kl.log(b)) for b ** x")

    def __lt__(self, o): return self._bin("lt", o)
    def __le__(self, o): return self._bin("le", o)
    def __gt__(self, o): return self._bin("gt", o)
    def __ge__(self, o): return self._bin("ge", o)
    def __eq__(self, o): return self._bin("eq", o)  # type: ignore[override]
    def __ne__(self, o): return self._bin("ne", o)  # type: ignore[override]
    __hash__ = None  # type: ignore[assignment]

    # what tracing cannot follow
    def __bool__(self):
        raise fail("a Python `if`, `and`, `or`, `not` or comparison chain on a traced value (its value is not "
                   "known while tracing)", "kl.where(mask, a, b) for a choice per element")

    def __float__(self):
        raise fail("float() of a traced value", "arithmetic on it; attributes are traced too")

    def __int__(self):
        raise fail("int() of a traced value", "arithmetic on it")

    __index__ = __int__

    def __len__(self):
        raise fail("len() of a traced tensor (shapes are not known while tracing)", "elementwise expressions")

    def __iter__(self):
        raise fail("iterating over a traced tensor", "elementwise expressions")

    def __getitem__(self, item):
        raise fail("indexing a traced tensor", "elementwise expressions and last-axis reductions")

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise fail(f"tensor method or attribute .{name}", "the kl functions (kl.sum(x, axis=-1, keepdims=True), ...)")

    def __array__(self, *args, **kwargs):
        raise fail("a NumPy function on a traced tensor", "the kl functions (kl.exp, kl.where, kl.maximum, ...)")

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        import numpy as np

        arith = {np.add: "add", np.subtract: "sub", np.multiply: "mul", np.true_divide: "div",
                 np.less: "lt", np.less_equal: "le", np.greater: "gt", np.greater_equal: "ge",
                 np.equal: "eq", np.not_equal: "ne"}
        if method == "__call__" and ufunc in arith and len(inputs) == 2 and not kwargs:
            return Expr(Node(arith[ufunc], (as_node(inputs[0]), as_node(inputs[1]))))
        raise fail(f"NumPy's {getattr(ufunc, '__name__', ufunc)} on a traced tensor",
                   "the kl functions (kl.exp, kl.log, kl.sqrt, kl.abs, kl.maximum, ...)")

    def __array_function__(self, func, types, args, kwargs):
        raise fail(f"NumPy's {getattr(func, '__name__', func)} on a traced tensor",
                   "the kl functions (kl.where, kl.clip, kl.sum, ...)")

    def __repr__(self):
        return f"kl.Expr({self.node.op})"
