"""kl.refine_root: a float32 refinement window around a simple root of an expression of one input.

Near a root x0 of f(x) every float32 formula of f loses relative accuracy to cancellation (GELU''s zero at
x = -0.7518: 1 + (s - 1)x g(x) cancels to 0), and CANN's relative criteria then fail however the rest is written.
`kl.refine_root(f, x, (lo, hi))` says: f has one simple root in [lo, hi]; there, in float32, replace f by its
Taylor polynomial in d = x - x0 (x0 found and the polynomial fitted in float64 from f's own expression at compile
time, as the hand-written GeluGrad's window, kernelgen/authoring/ops/_refine.py). The kernel computes d exactly
(x0 split in two float32 parts, Sterbenz), |d| < 1e-3 as a CompareScalar mask and one Select: 10 instructions,
float32 only (float16 and bfloat16 round the result anyway: the Variant's `refine` steps). On NumPy arrays (the
golden) it returns f unchanged.

Why a helper and not detection: the compiler cannot know which roots matter (a root of dy * f's factor f is where
relative error explodes, but so is any root of any subexpression that is later multiplied), and finding roots of
an arbitrary expression by sampling would be a guess; the author knows the function, and one call states it.
"""
from __future__ import annotations

import numpy as np

from kernelgen.authoring.lang.expr import Expr, Node, as_node, fail

DELTA = 1e-3


def refine_root(f, x, bracket):
    """f unchanged; in the float32 kernel, f's Taylor polynomial at its root in `bracket` where |x - x0| < 1e-3."""
    if not isinstance(f, Expr) and not isinstance(x, Expr):
        return f
    ok = isinstance(bracket, (tuple, list)) and len(bracket) == 2 and all(
        isinstance(v, (int, float)) and np.isfinite(v) for v in bracket) and bracket[0] < bracket[1]
    if not ok:
        raise fail(f"kl.refine_root's bracket {bracket!r}", "kl.refine_root(f, x, (lo, hi)) with finite lo < hi")
    xn = as_node(x)
    if xn.op != "input":
        raise fail("kl.refine_root's x is not a tensor parameter", "kl.refine_root(f, x, (lo, hi)), x a parameter")
    fn = as_node(f)
    leaves = _leaves(fn)
    if leaves != {xn}:
        raise fail("kl.refine_root's f depends on more than x (or on attributes)",
                   "kl.refine_root(f, x, (lo, hi)) with f an expression of x and numbers only")
    from kernelgen.authoring.lang.rewrite import evaluate

    lo, hi = float(bracket[0]), float(bracket[1])
    flo, fhi = (float(evaluate(fn, {xn.value: np.array([v])})[0]) for v in (lo, hi))
    if not (np.isfinite(flo) and np.isfinite(fhi)) or np.sign(flo) == np.sign(fhi) or flo == 0.0 or fhi == 0.0:
        raise fail(f"kl.refine_root: f({lo}) = {flo:.3g} and f({hi}) = {fhi:.3g} do not bracket a root",
                   "a bracket (lo, hi) where f changes sign")
    return Expr(Node("refine", (fn, xn), (lo, hi)))


def _leaves(n: Node, seen: set | None = None) -> set:
    seen = set() if seen is None else seen
    if n in seen:
        return set()
    seen.add(n)
    if n.op == "const":
        return set()
    if not n.args:
        return {n}
    out = set()
    for a in n.args:
        out |= _leaves(a, seen)
    return out


def taylor(f: Node, x: Node, bracket: tuple[float, float]):
    """(x0_hi, x0_lo, a1, a2, a3) of f's root in bracket (kernelgen.authoring.ops._refine._taylor)."""
    from kernelgen.authoring.lang.rewrite import evaluate
    from kernelgen.authoring.ops._refine import _taylor

    return _taylor(lambda v: evaluate(f, {x.value: np.asarray(v, dtype=np.float64)}), bracket)


def lower_refine(lw, n: Node) -> int:
    """Emit the window's 10 float32-only instructions (Lowering._Instr.f32) after f's value; returns f's register,
    refined in place by the final Select (as the hand-written window does)."""
    f, x = n.args
    v = lw.val(f)
    if lw.vregs[v].fixed:
        v = lw.emit("Muls", (v,), 1.0)
    x0_hi, x0_lo, a1, a2, a3 = taylor(f, x, n.value)
    xr = lw.val(x)
    start = len(lw.instrs)
    e = lw.emit("Adds", (xr,), -x0_hi)
    e = lw.emit("Adds", (e,), -x0_lo)                  # d = x - x0, exact
    m = lw.emit("Abs", (e,))
    k = lw.emit("CompareScalar", (m,), DELTA, cmp="LT", kind="mask")
    p = lw.emit("Muls", (e,), a3)
    p = lw.emit("Adds", (p,), a2)
    p = lw.emit("Mul", (p, e))
    p = lw.emit("Adds", (p,), a1)
    p = lw.emit("Mul", (p, e))                          # the Taylor polynomial at d
    lw.emit("Select", (k, p, v), tied_dst=v)            # f = polynomial inside the window, f outside
    for ins in lw.instrs[start:]:
        ins.f32 = True
    return v


def split_refine(steps: list, f32: list[bool], scratch: tuple[str, ...], masks: tuple[str, ...]) -> dict:
    """Variant fields for a program whose float32-only steps (one contiguous run) become Variant.refine: program,
    refine, refine_at, and the registers only the window uses moved to refine_scratch / refine_masks."""
    idx = [i for i, flag in enumerate(f32) if flag]
    if not idx:
        return {"program": tuple(steps), "scratch": scratch, "masks": masks}
    assert idx == list(range(idx[0], idx[-1] + 1)), "refinement steps are contiguous"
    program = tuple(s for s, flag in zip(steps, f32) if not flag)
    refine = tuple(s for s, flag in zip(steps, f32) if flag)
    used = {r for s in program for r in (s.dst, *s.srcs)}
    only = lambda regs: tuple(r for r in regs if r not in used)   # noqa: E731
    return {"program": program, "refine": refine, "refine_at": idx[0],
            "scratch": tuple(r for r in scratch if r in used), "refine_scratch": only(scratch),
            "masks": tuple(r for r in masks if r in used), "refine_masks": only(masks)}
