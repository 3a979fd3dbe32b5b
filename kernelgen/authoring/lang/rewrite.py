"""Algebraic rewrites of a traced kernelgen.lang DAG, before instruction selection (kernelgen.authoring.lang.lower).

Each rule is an identity of real arithmetic that removes instructions; none changes what a float64 evaluation of
the expression gives beyond rounding, and none introduces an inf or a NaN for finite inputs the original does
not produce (docs/lang.md, "Rewrites"):

1. tanh through sigmoid. When every use of t = tanh(u) is `1 + t`, `1 - t` or `1 - t*t`, then with
   s = sigmoid(2u): 1 + t = 2s, 1 - t = 2(1 - s), 1 - t^2 = 4s(1 - s) = -4s(s - 1); tanh (16 instructions with
   its small-argument branch) becomes sigmoid (4). s stays in [0, 1] for every input, so the products stay finite.
2. Products flattened: constants multiplied into one coefficient, which is then folded into a polynomial factor
   (its coefficients) where there is one, else applied once; a factor 1 - s is written s - 1 with the
   coefficient negated (one Adds instead of Muls + Adds).
3. Sums of products with a common tensor factor: a*f + b*f = (a + b)*f.
4. Polynomials in one tensor (built from + - * and numbers: x + C*x^3, K*(1 + 3C*x^2)) in Horner form over x^2
   when only odd or only even powers appear (x*(a + b*x^2): x^2 is one node, shared).
5. sigmoid(v) = 1 / (1 + exp(-v)), with -v folded into v's polynomial. No clamp: Exp overflows to +inf and
   Div(1, inf) = 0 on A2/A3 (asc-devkit docs/zh/api/附录/Memory矢量计算接口边界值汇总.md, tables 1, 2 and 12),
   so the result is the exact limit 0, never a NaN.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from kernelgen.authoring.lang.expr import Node, walk

ONE = Node("const", (), 1.0)


def const(v: float) -> Node:
    return Node("const", (), float(v))


def _is_const(n: Node, v: float | None = None) -> bool:
    return n.op == "const" and (v is None or float(n.value) == v)


# ---- polynomials in one tensor leaf --------------------------------------------------------------------------
def poly(n: Node, memo: dict) -> tuple[Node | None, dict] | None:
    """(leaf, {power: coefficient}) when n is a polynomial in one tensor leaf (leaf None: a constant), else None."""
    if n in memo:
        return memo[n]
    out = _poly(n, memo)
    memo[n] = out
    return out


def _poly(n: Node, memo):
    if n.op == "const":
        return None, {0: float(n.value)}
    if n.op in ("input", "last_axis"):
        return n, {1: 1.0}
    if n.op not in ("add", "sub", "mul", "neg"):
        return (n, {1: 1.0}) if n.is_tensor and not n.is_mask else None   # any other tensor: a variable
    parts = [poly(a, memo) for a in n.args]
    if any(p is None for p in parts):
        return None
    leaves = {p[0] for p in parts if p[0] is not None}
    if len(leaves) > 1:
        return None
    leaf = next(iter(leaves), None)
    if n.op == "neg":
        return leaf, {k: -v for k, v in parts[0][1].items()}
    a, b = parts[0][1], parts[1][1]
    if n.op in ("add", "sub"):
        s = -1.0 if n.op == "sub" else 1.0
        out = dict(a)
        for k, v in b.items():
            out[k] = out.get(k, 0.0) + s * v
        return leaf, {k: v for k, v in out.items() if v != 0.0 or k == 0}
    out: dict = {}
    for ka, va in a.items():
        for kb, vb in b.items():
            out[ka + kb] = out.get(ka + kb, 0.0) + va * vb
    if max(out) > 6:
        return None
    return leaf, out


def horner(leaf: Node, coeffs: dict) -> Node:
    """The polynomial as nodes: over x^2 when the powers are all odd or all even, else over x."""
    coeffs = {k: v for k, v in coeffs.items() if v != 0.0}
    if not coeffs:
        return const(0.0)
    powers = sorted(coeffs)
    odd = all(k % 2 for k in powers)
    even = all(k % 2 == 0 for k in powers)
    if (odd or even) and max(powers) >= 2:
        var, step, base = Node("mul", (leaf, leaf)), 2, (1 if odd else 0)
    else:
        var, step, base = leaf, 1, 0
    top = max(powers)
    acc: Node | None = None
    for k in range(top, base - 1, -step):
        c = coeffs.get(k, 0.0)
        if acc is None:
            acc = const(c) if k == base else (Node("mul", (var, const(c))) if c != 1.0 else var)
            if k == base:
                break
            continue
        if c != 0.0:
            acc = Node("add", (acc, const(c)))
        if k != base:
            acc = Node("mul", (acc, var))
    if acc is None:
        acc = const(0.0)
    # acc holds the polynomial in var from degree `base`; multiply by the leaf for odd polynomials over x^2
    if base == 1:
        acc = Node("mul", (leaf, acc)) if acc != ONE else leaf
    return acc


def cost(n: Node, leaf: Node | None = None, seen: set | None = None) -> int:
    """Instructions n's subtree takes (distinct tensor nodes; `leaf` and input leaves are free)."""
    seen = set() if seen is None else seen
    if n in seen or n == leaf or not n.args or not n.is_tensor:
        return 0
    seen.add(n)
    return 1 + sum(cost(a, leaf, seen) for a in n.args)


def _horner_terms(coeffs: dict) -> int:
    return sum(1 for v in coeffs.values() if v != 0.0)


# ---- the pass ---------------------------------------------------------------------------------------------------
class Rewriter:
    def __init__(self, roots: tuple[Node, ...], sort_factors: bool = True):
        self.sort_factors = sort_factors
        self.parents: dict[Node, list[Node]] = {}
        for n in walk(roots):
            for a in n.args:
                self.parents.setdefault(a, []).append(n)
        self.memo: dict[Node, Node] = {}
        self.pmemo: dict = {}

    # rule 1: tanh uses that are all 1 + t, 1 - t, 1 - t*t
    def _tanh_uses_ok(self, t: Node) -> bool:
        def ok_use(p: Node) -> bool:
            if p.op == "add" and any(_is_const(a, 1.0) for a in p.args):
                return True
            if p.op == "sub" and _is_const(p.args[0], 1.0) and p.args[1] == t:
                return True
            if p.op == "mul" and p.args == (t, t):
                return all(q.op == "sub" and _is_const(q.args[0], 1.0) for q in self.parents.get(p, []))
            return False
        uses = self.parents.get(t, [])
        return bool(uses) and all(ok_use(p) for p in uses)

    def rw(self, n: Node) -> Node:
        if n in self.memo:
            return self.memo[n]
        out = self._rw(n)
        self.memo[n] = out
        return out

    def _sig(self, t: Node) -> Node:
        return Node("sigmoid", (self.rw(Node("mul", (const(2.0), t.args[0]))),))

    def _rw(self, n: Node) -> Node:
        if not n.args or not n.is_tensor:
            return n
        # rule 1
        if n.op == "add" and any(a.op == "tanh" and self._tanh_uses_ok(a) for a in n.args) \
                and any(_is_const(a, 1.0) for a in n.args):
            t = n.args[0] if n.args[0].op == "tanh" else n.args[1]
            return Node("mul", (const(2.0), self._sig(t)))
        if n.op == "sub" and _is_const(n.args[0], 1.0):
            t = n.args[1]
            if t.op == "tanh" and self._tanh_uses_ok(t):
                return Node("mul", (const(-2.0), Node("add", (self._sig(t), const(-1.0)))))
            if t.op == "mul" and t.args[0] == t.args[1] and t.args[0].op == "tanh" and self._tanh_uses_ok(t.args[0]):
                s = self._sig(t.args[0])
                return Node("mul", (Node("mul", (s, Node("add", (s, const(-1.0))))), const(-4.0)))   # folded by
                # the enclosing product (_flatten), or one Muls on its own
        # rule 5: sigmoid as exp and a division, -v folded
        if n.op == "sigmoid":
            v = self.rw(n.args[0])
            neg = self._scaled(v, -1.0)
            return Node("div", (ONE, Node("add", (Node("exp", (neg,)), ONE))))
        # rule 4
        p = poly(n, self.pmemo)
        if p is not None and p[0] is not None and max(p[1]) >= 2 and n.op != "input":
            h = horner(*p)
            if cost(h, p[0]) <= cost(n, p[0]):   # a factored form (e + 1)*(e + 1) stays as written
                return h
        if n.op == "mul":
            coef, factors = self._flatten(n)
            return self._product(coef, factors)
        if n.op == "neg":
            coef, factors = self._flatten(self.rw(n.args[0]))
            return self._product(-coef, factors)
        args = tuple(self.rw(a) for a in n.args)
        if n.op == "add":   # rule 3
            common = self._factor(args[0], args[1])
            if common is not None:
                return common
        return Node(n.op, args, n.value)

    def _scaled(self, v: Node, c: float) -> Node:
        """c * v with c folded into v's polynomial or coefficient."""
        coef, factors = self._flatten(v)
        return self._product(coef * c, factors)

    def _flatten(self, n: Node) -> tuple[float, list[Node]]:
        """n (already rewritten or not) as coefficient * product of non-constant factors."""
        if n.op == "const":
            return float(n.value), []
        if n.op == "mul" and n.is_tensor:
            ca, fa = self._flatten(n.args[0])
            cb, fb = self._flatten(n.args[1])
            return ca * cb, fa + fb
        if n.op == "neg":
            c, f = self._flatten(n.args[0])
            return -c, f
        r = self.rw(n)
        if r != n:
            return self._flatten(r)
        return 1.0, [r]

    def _product(self, coef: float, factors: list[Node]) -> Node:
        """coef * prod(factors): 1 - s factors flipped, the coefficient folded into a polynomial factor."""
        fs = []
        for f in factors:
            if f.op == "sub" and _is_const(f.args[0], 1.0) and f.args[1].is_tensor:
                coef = -coef
                f = Node("add", (f.args[1], const(-1.0)))
            fs.append(f)
        if not fs:
            return const(coef)
        scalars = [f for f in fs if not f.is_tensor]   # attributes, Scalar inputs: one run-time scalar with coef
        if scalars and len(scalars) < len(fs):
            fs = [f for f in fs if f.is_tensor]
            sc = scalars[0] if coef == 1.0 else Node("mul", (const(coef), scalars[0]))
            for f in scalars[1:]:
                sc = Node("mul", (sc, f))
            fs.append(sc)
            coef = 1.0
        if coef != 1.0:   # into a polynomial whose Horner form multiplies by its top coefficient anyway
            polys = [(abs(p[1][max(p[1])]) == 1.0, -max(p[1]), i, p) for i, p in
                     ((i, poly(f, self.pmemo)) for i, f in enumerate(fs))
                     if p is not None and p[0] is not None and _horner_terms(p[1]) >= 2]
            if polys:
                _, _, i, p = min(polys, key=lambda t: t[:3])
                h = horner(p[0], {k: v * coef for k, v in p[1].items()})
                if cost(h, p[0]) <= cost(fs[i], p[0]) + 1:   # no dearer than the separate Muls
                    fs[i] = h
                    coef = 1.0
        # cheapest factors first (stable): inputs and their polynomials are multiplied before the factors that
        # take long chains, so the inputs' registers die early (fewer live registers, a larger tile)
        if self.sort_factors:
            fs = sorted(fs, key=cost)
        out = fs[0]
        for f in fs[1:]:
            out = Node("mul", (out, f))
        if coef == -1.0:
            return Node("neg", (out,))
        return out if coef == 1.0 else Node("mul", (out, const(coef)))

    def _factor(self, a: Node, b: Node) -> Node | None:
        """a + b = f * (a/f + b/f) for the tensor factors f common to both products, else None."""
        ca, fa = self._flatten(a)
        cb, fb = self._flatten(b)
        common = Counter(fa) & Counter(fb)
        if not common:
            return None
        ra = list((Counter(fa) - common).elements())
        rb = list((Counter(fb) - common).elements())
        inner = Node("add", (self._product(ca, ra), self._product(cb, rb)))
        return self._product(1.0, list(common.elements()) + [inner])


def rewrite(roots: tuple[Node, ...], sort_factors: bool = True) -> tuple[Node, ...]:
    """The outputs' DAG after the rules above (the golden keeps the original expression); sort_factors=False keeps
    products' factors in the order written (one of the forms kernelgen.authoring.lang.op compares)."""
    rw = Rewriter(roots, sort_factors)
    return tuple(rw.rw(r) for r in roots)


def evaluate(n: Node, env: dict[str, np.ndarray], memo: dict | None = None, *, size: int | None = None) -> np.ndarray:
    """n in float64 on arrays (and attribute values) by name: the refinement's fit, and the tests' check that
    a rewrite keeps the value. `size` is kl.size's value (the full-shape inputs' element count), needed when n
    reads kl.size."""
    memo = {} if memo is None else memo
    if n in memo:
        return memo[n]
    from kernelgen.authoring.lang.lower import _FOLD

    def ev(x: Node):
        return evaluate(x, env, memo, size=size)

    if n.op == "const":
        v = np.float64(n.value)
    elif n.op in ("input", "last_axis", "scalar_input", "attr"):
        v = np.asarray(env[n.value], dtype=np.float64)
    elif n.op in ("sum", "max", "min", "mean") and n.value in ("last", "all"):
        v = {"sum": np.sum, "max": np.max, "min": np.min, "mean": np.mean}[n.op](
            ev(n.args[0]), axis=-1 if n.value == "last" else None, keepdims=n.value == "last")
    elif n.op == "size":
        if size is None:
            raise ValueError("the expression reads kl.size: pass evaluate(..., size=<element count>)")
        v = np.float64(size)
    elif n.op == "where":
        m, a, b = (ev(x) for x in n.args)
        v = np.where(m, a, b)
    elif n.op in ("lt", "le", "gt", "ge", "eq", "ne"):
        a, b = (ev(x) for x in n.args)
        v = {"lt": np.less, "le": np.less_equal, "gt": np.greater, "ge": np.greater_equal, "eq": np.equal,
             "ne": np.not_equal}[n.op](a, b)
    elif n.op == "refine":
        v = ev(n.args[0])
    elif n.op in _FOLD:
        with np.errstate(all="ignore"):
            v = _FOLD[n.op](*(ev(x) for x in n.args))
    else:
        raise ValueError(f"cannot evaluate {n.op}")
    memo[n] = v
    return v
