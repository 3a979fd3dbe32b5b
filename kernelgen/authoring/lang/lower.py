"""Compile a traced kernelgen.lang expression DAG to the Steps IR (kernelgen.authoring.spec.Variant).

Three passes, after the rewrite pass of rewrite.py:
1. scalars: subexpressions of numbers, attributes and Scalar inputs only. Numbers fold (in float64, rounded
   once to float32 when rendered); anything naming an attribute or a Scalar input becomes a run-time scalar
   (OpSpec.scalars) the kernel computes once per core in float32.
2. instruction selection over the tensor DAG (equal subexpressions are one node, computed once): the scalar
   forms where one side is a scalar (Adds, Muls, Maxs, Mins), Axpy for t + u * s when t dies there, Relu, Abs,
   Exp, Ln, Sqrt; division by a scalar is a multiplication by its reciprocal; rsqrt is 0.5 * Sqrt(Div(4, v)) (the
   Reciprocal and Rsqrt instructions are documented as imprecise); sigmoid and tanh need no clamp before Exp
   (an overflow to inf ends as 1/inf = 0, rewrite.py rule 5); kl.refine_root's float32 window is refine.py's;
   where is Compare/CompareScalar + Select (sources copied out of input queues by
   Adds 0 so the whole-repeat compare reads no undefined bytes; a mask of scalars only compares a constant
   register).
3. register allocation: linear scan over value lifetimes; a value takes the register of a source that dies at
   the same instruction (in place, except Select); each output's value is computed straight into the output.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from kernelgen.authoring.lang.expr import LangError, Node, walk
from kernelgen.authoring.lang.refine import lower_refine, split_refine
from kernelgen.authoring.spec import ScalarDef, Step, Variant

_MODES = {"lt": "LT", "le": "LE", "gt": "GT", "ge": "GE", "eq": "EQ", "ne": "NE"}
_SWAP = {"LT": "GT", "LE": "GE", "GT": "LT", "GE": "LE", "EQ": "EQ", "NE": "NE"}
_TENSOR_BINARY = {"add": "Add", "sub": "Sub", "mul": "Mul", "div": "Div", "max": "Max", "min": "Min"}
_FOLD = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide, "max": np.maximum,
         "min": np.minimum, "neg": np.negative, "abs": np.abs, "exp": np.exp, "log": np.log, "sqrt": np.sqrt,
         "rsqrt": lambda v: 1.0 / np.sqrt(v), "tanh": np.tanh, "relu": lambda v: np.maximum(v, 0.0),
         "sigmoid": lambda v: 1.0 / (1.0 + np.exp(-v))}
TANH_SMALL = 0.0625        # below: x (1 - x^2/3 + 2 x^4/15) (the next term is 3e-9 relative); above: 1 - 2/(e^2x + 1)


@dataclass
class _VReg:
    kind: str                  # "float" or "mask"
    fixed: str = ""            # an input or constant register's name (never written by a step)
    color: str = ""            # an output's register


@dataclass
class _Instr:
    op: str
    dst: int
    srcs: tuple[int, ...]
    scalar: float | None = None
    ref: str = ""
    cmp: str = ""
    tied: bool = False         # Axpy: dst is srcs[0], accumulated in place
    f32: bool = False          # a float32-only refinement step (kl.refine_root: Variant.refine)


@dataclass
class Compiled:
    variant: Variant
    scalars: tuple[ScalarDef, ...]
    used_inputs: frozenset[str] = field(default_factory=frozenset)


def _exact_product_form(n: Node) -> tuple[Node, Node, Node, str] | None:
    """(u, v, s, "add"|"sub") when n is u + v*s, v*s + u or u - v*s with u and v tensor inputs and s an attribute
    or a Scalar input (no earlier step rounded any of them), else None. A computed u carries its own rounding into
    the cancellation, so an exact product alone does not bring it under CANN's bar (apply_adamax's mOut: 1.050x
    the hand-written time for no cure): no window there."""
    if n.op not in ("add", "sub") or len(n.args) != 2:
        return None
    pairs = [(n.args[0], n.args[1])] + ([(n.args[1], n.args[0])] if n.op == "add" else [])
    for u, prod in pairs:
        if prod.op != "mul" or u.op != "input":
            continue
        for v, s in (prod.args, prod.args[::-1]):
            if v.op == "input" and s.op in ("attr", "scalar_input"):
                return u, v, s, n.op
    return None


class Lowering:
    def __init__(self, outputs: list[tuple[str, Node]], reserved: set[str], where: str, chain: bool = True,
                 exact_products: bool = True):
        self.outputs = outputs
        self.exact_products = exact_products   # u ± v*s outputs' float32 window (_exact_products)
        self.chain = chain     # outputs' in-place chains (_chain_into_outputs)
        self.reserved = set(reserved)
        self.where = where
        self.vregs: list[_VReg] = []
        self.instrs: list[_Instr] = []
        self.memo: dict[Node, int] = {}
        self.scalar_names: dict[tuple, str] = {}
        self.const_regs: dict[object, int] = {}
        self.input_regs: dict[str, int] = {}
        self.uses: dict[Node, int] = {}
        self.work: int | None = None      # the reductions' work register (fixed: not allocated)

    # ---- names ---------------------------------------------------------------------------------
    def _fresh(self, stem: str, taken: set[str]) -> str:
        i = 0
        while f"{stem}{i}" in self.reserved or f"{stem}{i}" in taken:
            i += 1
        return f"{stem}{i}"

    def error(self, what: str, supported: str) -> LangError:
        return LangError(f"{self.where}: {what}; supported: {supported}")

    # ---- scalars -------------------------------------------------------------------------------
    def scalar_expr(self, n: Node) -> tuple:
        """The ScalarDef expression tree of a scalar node, folded where it is all numbers."""
        if n.op == "const":
            return ("const", float(n.value))
        if n.op == "attr":
            return ("attr", n.value)
        if n.op == "scalar_input":
            return ("input", n.value)
        if n.op == "size":   # kl.size(x): the element count, from the tiling data
            return ("size",)
        subs = [self.scalar_expr(a) for a in n.args]
        if all(s[0] == "const" for s in subs) and n.op in _FOLD:
            with np.errstate(all="ignore"):
                v = float(_FOLD[n.op](*(np.float64(s[1]) for s in subs)))
            if not np.isfinite(v):
                raise self.error(f"the constant {n.op}{tuple(s[1] for s in subs)} is {v}", "finite constants")
            return ("const", v)
        if n.op == "neg":
            return ("neg", subs[0])
        if n.op in ("add", "sub", "mul", "div", "max", "min"):
            return (n.op, subs[0], subs[1])
        raise self.error(f"{n.op} of an attribute or Scalar input (a run-time scalar)",
                         "+ - * / kl.maximum kl.minimum of attributes and Scalar inputs; functions of tensors")

    def operand(self, expr: tuple) -> tuple[float | None, str]:
        """(literal, "") or (None, run-time scalar name) for a Step's scalar operand."""
        if expr[0] == "const":
            return float(expr[1]), ""
        if expr not in self.scalar_names:
            self.scalar_names[expr] = self._fresh("s", set(self.scalar_names.values()))
        return None, self.scalar_names[expr]

    # ---- values --------------------------------------------------------------------------------
    def new(self, kind: str = "float", fixed: str = "") -> int:
        self.vregs.append(_VReg(kind, fixed))
        return len(self.vregs) - 1

    def emit(self, op: str, srcs: tuple[int, ...], scalar=None, ref: str = "", cmp: str = "",
             kind: str = "float", tied: bool = False, tied_dst: int | None = None) -> int:
        dst = srcs[0] if tied else tied_dst if tied_dst is not None else self.new(kind)
        self.instrs.append(_Instr(op, dst, tuple(srcs), scalar, ref, cmp, tied))
        return dst

    def emit_s(self, op: str, src: int, expr: tuple) -> int:
        scalar, ref = self.operand(expr)
        return self.emit(op, (src,), scalar, ref)

    def const(self, expr: tuple) -> int:
        """A register filled with a scalar (literal or run-time) in Init."""
        scalar, ref = self.operand(expr)
        key = ref or scalar
        if key not in self.const_regs:
            taken = {self.vregs[v].fixed for v in self.const_regs.values()}
            self.const_regs[key] = self.new(fixed=self._fresh("c", taken))
        return self.const_regs[key]

    def writable(self, v: int) -> int:
        """v, or a copy of it when a step never writes it (an input or constant): a compare's source."""
        return self.emit("Adds", (v,), 0.0) if self.vregs[v].fixed else v   # -0 becomes +0: the same compare

    def count_uses(self, roots) -> None:
        """uses[n]: how many of the outputs and distinct parent nodes read n (an argument twice: twice)."""
        for r in roots:
            self.uses[r] = self.uses.get(r, 0) + 1
        for n in walk(roots):
            for a in n.args:
                self.uses[a] = self.uses.get(a, 0) + 1

    def val(self, n: Node) -> int:
        if n in self.memo:
            return self.memo[n]
        v = self._val(n)
        self.memo[n] = v
        return v

    def _val(self, n: Node) -> int:
        if n.op in ("input", "last_axis"):
            if n.value not in self.input_regs:
                self.input_regs[n.value] = self.new(fixed=n.value)
            return self.input_regs[n.value]
        if not n.is_tensor:
            raise self.error("a scalar where a tensor is needed", "tensor expressions")
        if n.op in ("sum", "max", "min", "mean") and n.value == "last":
            return self.reduce(n.op, n.args[0])
        if n.op in ("sum", "max", "min", "mean") and n.value == "all":
            raise self.error(f"kl.{n.op} over every element (whole-tensor reductions are not compiled yet)",
                             "kl.sum/max/min/mean(x, axis=-1, keepdims=True) and elementwise expressions")
        if n.is_mask:
            raise self.error("a comparison outside kl.where", "kl.where(a < b, x, y)")
        if n.op == "where":
            return self.where_(n)
        if n.op == "refine":
            return lower_refine(self, n)
        if len(n.args) == 1:
            return self.unary(n.op, n.args[0])
        return self.binary(n.op, n.args[0], n.args[1])

    def reduce(self, op: str, a: Node) -> int:
        """A last-axis reduction broadcast back along the row: Reduce*(dst, (src, work)); mean is the sum times a
        run-time 1 / row length."""
        if self.work is None:
            self.work = self.new(fixed=self._fresh("w", set()))
        src = self.val(a)
        name = {"sum": "ReduceSum", "mean": "ReduceSum", "max": "ReduceMax", "min": "ReduceMin"}[op]
        out = self.emit(name, (src, self.work))
        if op == "mean":
            out = self.emit_s("Muls", out, ("div", ("const", 1.0), ("rowlen",)))
        return out

    def unary(self, op: str, a: Node) -> int:
        t = self.val(a)
        simple = {"abs": "Abs", "exp": "Exp", "log": "Ln", "sqrt": "Sqrt", "relu": "Relu"}
        if op in simple:
            return self.emit(simple[op], (t,))
        if op == "neg":
            return self.emit("Muls", (t,), -1.0)
        if op == "rsqrt":
            # 0.5 * sqrt(4 / v), not 1 / sqrt(v): the root halves the reciprocal's rounding (at most 0.85 ulp
            # against 1.49 ulp over [1, 4]), what a layer norm's d * rstd * gamma + beta needs (docs/lang.md);
            # 4 / v, not 1 / v: it stays a normal float for every finite v >= 2^-126 (Div flushes denormals)
            root = self.emit("Sqrt", (self.emit("Div", (self.const(("const", 4.0)), t)),))
            return self.emit("Muls", (root,), 0.5)
        if op == "sigmoid":
            n = self.emit("Muls", (t,), -1.0)   # no clamp: exp overflows to inf, 1 / inf = 0 (rewrite.py, rule 5)
            n = self.emit("Exp", (n,))
            n = self.emit("Adds", (n,), 1.0)
            return self.emit("Div", (self.const(("const", 1.0)), n))
        if op == "tanh":
            a_ = self.emit("Abs", (t,))
            mask = self.emit("CompareScalar", (a_,), TANH_SMALL, cmp="LT", kind="mask")
            u = self.emit("Mul", (t, t))
            p = self.emit("Muls", (u,), 2.0 / 15.0)
            p = self.emit("Adds", (p,), -1.0 / 3.0)
            p = self.emit("Mul", (p, u))
            p = self.emit("Adds", (p,), 1.0)
            small = self.emit("Mul", (p, t))
            c = self.emit("Muls", (t,), 2.0)   # no clamp: e^2t = inf gives 1 - 2/inf = 1, e^-inf = 0 gives -1
            c = self.emit("Exp", (c,))
            c = self.emit("Adds", (c,), 1.0)
            c = self.emit("Div", (self.const(("const", -2.0)), c))
            big = self.emit("Adds", (c,), 1.0)
            return self.emit("Select", (mask, small, big))
        raise self.error(f"function {op}", "kl.abs, kl.exp, kl.log, kl.sqrt, kl.rsqrt, kl.tanh, kl.sigmoid, kl.relu")

    def _axpy(self, acc: Node, prod: Node, sign: float) -> int | None:
        """acc + sign * (u * s) as Axpy when acc's value dies here and u * s is used only here."""
        if prod.op != "mul" or self.uses.get(prod, 0) != 1 or self.uses.get(acc, 0) != 1 or acc in self.memo:
            return None
        u, s = prod.args
        if not u.is_tensor:
            u, s = s, u
        if not u.is_tensor or s.is_tensor or acc.op == "input":
            return None
        expr = self.scalar_expr(s)
        if sign < 0:
            expr = ("const", -expr[1]) if expr[0] == "const" else ("neg", expr)
        a = self.val(acc)
        if self.vregs[a].fixed:   # acc folded to an input (x * 1): not writable
            return None
        src = self.val(u)
        scalar, ref = self.operand(expr)
        return self.emit("Axpy", (a, src), scalar, ref, tied=True)

    def binary(self, op: str, a: Node, b: Node) -> int:
        ta, tb = a.is_tensor, b.is_tensor
        if op in ("add", "sub") and ta and tb:
            fused = self._axpy(a, b, -1.0 if op == "sub" else 1.0)
            if fused is None and op == "add":
                fused = self._axpy(b, a, 1.0)
            if fused is not None:
                return fused
        if ta and tb:
            return self.emit(_TENSOR_BINARY[op], (self.val(a), self.val(b)))
        if ta:
            t, expr = self.val(a), self.scalar_expr(b)
            const = expr[1] if expr[0] == "const" else None
            if op == "add":
                return t if const == 0.0 else self.emit_s("Adds", t, expr)
            if op == "sub":
                return t if const == 0.0 else self.emit_s("Adds", t, ("const", -const) if const is not None
                                                          else ("neg", expr))
            if op == "mul":
                return t if const == 1.0 else self.emit_s("Muls", t, expr)
            if op == "div":
                if const == 0.0:
                    raise self.error("division by the constant 0", "finite constants")
                return t if const == 1.0 else self.emit_s(
                    "Muls", t, ("const", 1.0 / const) if const is not None else ("div", ("const", 1.0), expr))
            return self.emit_s({"max": "Maxs", "min": "Mins"}[op], t, expr)
        # scalar (op) tensor
        t, expr = self.val(b), self.scalar_expr(a)
        if op in ("add", "mul", "max", "min"):
            return self.binary(op, b, a)
        if op == "sub":   # s - t = (-t) + s, exactly as rounded as s - t
            return self.emit_s("Adds", self.emit("Muls", (t,), -1.0), expr)
        return self.emit("Div", (self.const(expr), t))

    def where_(self, n: Node) -> int:
        m, a, b = n.args
        mask = self.mask(m)
        ra = self.val(a) if a.is_tensor else self.const(self.scalar_expr(a))
        rb = self.val(b) if b.is_tensor else self.const(self.scalar_expr(b))
        return self.emit("Select", (mask, ra, rb))

    def mask(self, m: Node) -> int:
        if m in self.memo:
            return self.memo[m]
        l, r = m.args
        mode = _MODES[m.op]
        if l.is_tensor and r.is_tensor:
            v = self.emit("Compare", (self.writable(self.val(l)), self.writable(self.val(r))), cmp=mode, kind="mask")
        elif l.is_tensor or r.is_tensor:
            t, s = (l, r) if l.is_tensor else (r, l)
            scalar, ref = self.operand(self.scalar_expr(s))
            v = self.emit("CompareScalar", (self.writable(self.val(t)),), scalar, ref,
                          cmp=mode if l.is_tensor else _SWAP[mode], kind="mask")
        else:   # attributes, numbers, Scalar inputs: the left side as a constant register (filled in Init)
            scalar, ref = self.operand(self.scalar_expr(r))
            v = self.emit("CompareScalar", (self.writable(self.const(self.scalar_expr(l))),), scalar, ref, cmp=mode,
                          kind="mask")
        self.memo[m] = v
        return v

    # ---- the whole program ---------------------------------------------------------------------
    def compile(self, name: str = "main", doc: str = "compiled by kernelgen.lang") -> Compiled:
        self.count_uses([node for _, node in self.outputs])
        roots: list[tuple[str, int]] = []
        for out, node in self.outputs:
            if node.is_mask:
                raise self.error(f"output {out} is a comparison (outputs have the inputs' dtype)",
                                 "kl.where(mask, 1.0, 0.0)")
            if not node.is_tensor:
                raise self.error(f"output {out} depends on no tensor input", "expressions of tensor inputs")
            roots.append((out, self.val(node)))
        classes = self._classes()
        colored: dict[int, str] = {}
        finals: list[int] = []
        for out, v in roots:
            c = classes[v]
            if self.vregs[v].fixed or c in colored:
                v = self.emit("Muls", (v,), 1.0)
                classes[v] = v
                c = v
            colored[c] = out
            finals.append(v)
        self._exact_products(finals)
        for v in range(len(self.vregs)):   # the window's values: each its own class
            classes.setdefault(v, v)
        if self.chain:
            self._chain_into_outputs(classes, colored)
        return self._allocate(classes, colored, name, doc)

    def _exact_products(self, finals: list[int]) -> None:
        """Each output u - v*s or u + v*s (v a tensor input, s an attribute or a Scalar input) gets a float32-only
        window that recomputes it with the product exact but for v*sl (docs/lang.md, "u ± v*s in float32"): the
        plain form rounds v*s first, and where u nearly cancels it that rounding alone misses CANN's float32 bar
        (scripts/two_rounding_bound.py). float16/bfloat16 keep the plain form: their rounding hides the difference.
        One window per program (Variant.refine is one run), so not next to kl.refine_root's; elementwise programs
        only (not row programs, nor a whole-tensor reduction's tile program, whose partials it would not reach); not
        where the plain form is an Axpy into a computed u (u + v*s with u dying there): u's value is overwritten."""
        if any(ins.f32 for ins in self.instrs) or not self.exact_products or self.work is not None \
                or any(n.op == "last_axis" for n in walk([node for _, node in self.outputs])):
            return   # row programs: their chunked key does not cover a window (chunk.py)
        for (_, node), v in zip(self.outputs, finals):
            form = _exact_product_form(node)
            # an Axpy of the plain form accumulated into u's register: u's value is gone (left as it is)
            if form is not None and not any(ins.tied and ins.dst == self.memo.get(form[0]) for ins in self.instrs):
                start = len(self.instrs)
                self._exact_product(v, *form)
                for ins in self.instrs[start:]:
                    ins.f32 = True
                return

    def _exact_product(self, out: int, u: Node, v: Node, s: Node, op: str) -> None:
        """out = (u - vh*sh) - (vl*sh + v*sl) (op "sub"; "add" alike): v = vh + vl by Veltkamp's split (Muls 4097,
        Sub, Sub, Sub; each half 12 significant bits), s = sh + sl split the same way once in Init, so vh*sh and
        vl*sh are exact and only v*sl (2^-12 of the product) is rounded; where u nearly cancels the product,
        u - vh*sh is exact too (Sterbenz). 9 vector instructions."""
        sv = self.scalar_expr(s)
        c = ("mul", ("const", 4097.0), sv)
        s_hi = ("sub", c, ("sub", c, sv))
        s_lo = ("sub", sv, s_hi)
        ru, rv = self.val(u), self.val(v)
        big = self.emit("Muls", (rv,), 4097.0)
        t = self.emit("Sub", (big, rv))
        v_hi = self.emit("Sub", (big, t))
        v_lo = self.emit("Sub", (rv, v_hi))
        p_hi = self.emit_s("Muls", v_hi, s_hi)                        # exact: 12 x 12 significant bits
        near = self.emit("Sub" if op == "sub" else "Add", (ru, p_hi))
        rest = self.emit_s("Muls", v_lo, s_hi)                        # exact
        scalar, ref = self.operand(s_lo)
        rest = self.emit("Axpy", (rest, rv), scalar, ref, tied=True)  # + v*sl, the only rounded product
        self.emit("Sub" if op == "sub" else "Add", (near, rest), tied_dst=out)

    def _chain_into_outputs(self, classes: dict[int, int], colored: dict[int, str]) -> None:
        """Compute each output's in-place chain in the output's own register: walking back from the output's value,
        a float source that dies at the instruction defining the value joins the output's class. The output's
        register then doubles as a working register (as the hand-written GeluGrad's z does), one scratch buffer
        fewer; on float16/bfloat16 it still shares an early input's float copy when its first write comes after
        that input's last read (OpSpec.low_precision_layout)."""
        last_use: dict[int, int] = {}
        first_def: dict[int, int] = {}
        inputs = set(self.input_regs.values())
        reads: dict[int, int] = {}   # each tensor input's last read on every dtype's path (not the float32 window)
        for i, ins in enumerate(self.instrs):
            for s in ins.srcs:
                last_use[s] = i
                if s in inputs and not ins.f32:
                    reads[s] = i
            first_def.setdefault(ins.dst, i)
        input_read = min(reads.values(), default=-1)   # the chain starts after one input's copy is free to share
        joined = set(colored)
        for root in list(colored):
            v = root
            while v in first_def:
                ins = self.instrs[first_def[v]]
                if ins.op == "Select" or ins.tied:
                    break
                dying = [s for s in ins.srcs if s not in joined and classes[s] == s and not self.vregs[s].fixed
                         and self.vregs[s].kind == "float" and last_use.get(s) == first_def[v]
                         and first_def.get(s, -1) > input_read]
                nxt = max(dying, key=lambda s: first_def[s], default=None)   # the latest: the shortest overlap
                if nxt is None:
                    break
                classes[nxt] = root
                joined.add(nxt)
                v = nxt

    def _classes(self) -> dict[int, int]:
        parent = list(range(len(self.vregs)))
        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x
        # tied: Axpy's dst is its accumulator (srcs[0]) -- same vreg already; nothing to union
        return {v: find(v) for v in range(len(self.vregs))}

    def _allocate(self, classes, colored, name, doc) -> Compiled:
        last_use: dict[int, int] = {}
        for i, ins in enumerate(self.instrs):
            for s in ins.srcs:
                last_use[classes.get(s, s)] = i
        end = len(self.instrs)
        for c in colored:
            last_use[c] = end
        reg: dict[int, str] = {}
        free = {"float": [], "mask": []}
        made = {"float": [], "mask": []}
        taken = set(self.reserved) | {v.fixed for v in self.vregs if v.fixed}
        steps = []
        for i, ins in enumerate(self.instrs):
            dying = []
            for s in dict.fromkeys(ins.srcs):
                c = classes.get(s, s)
                if self.vregs[s].fixed or c in colored or last_use.get(c) != i or (ins.tied and s == ins.srcs[0]):
                    continue
                dying.append(c)
            if ins.op != "Select":   # in place: the destination may take a source that dies here
                for c in dying:
                    free[self.vregs[c].kind].append(reg[c])
            dc = classes.get(ins.dst, ins.dst)
            if dc not in reg:
                if dc in colored:
                    reg[dc] = colored[dc]
                else:
                    kind = self.vregs[ins.dst].kind
                    if free[kind]:
                        reg[dc] = free[kind].pop()
                    else:
                        stem = "r" if kind == "float" else "k"
                        nm = self._fresh(stem, taken)
                        taken.add(nm)
                        made[kind].append(nm)
                        reg[dc] = nm
            if ins.op == "Select":
                for c in dying:
                    free[self.vregs[c].kind].append(reg[c])
            def rn(v):
                return self.vregs[v].fixed or reg[classes.get(v, v)]
            srcs = ins.srcs[1:] if ins.tied else ins.srcs
            steps.append(Step(ins.op, rn(ins.dst), tuple(rn(s) for s in srcs), ins.scalar, ins.cmp, ins.ref))
            if last_use.get(dc, -1) < i and dc not in colored and dc in reg:   # a value nobody reads
                free[self.vregs[ins.dst].kind].append(reg[dc])
        scratch = tuple(made["float"]) + ((self.vregs[self.work].fixed,) if self.work is not None else ())
        consts = []
        for key, v in self.const_regs.items():
            consts.append((self.vregs[v].fixed, key))
        scalars = tuple(ScalarDef(nm, expr) for expr, nm in self.scalar_names.items())
        fields = split_refine(steps, [ins.f32 for ins in self.instrs], scratch, tuple(made["mask"]))
        variant = Variant(name=name, tiling_key=0, doc=doc, constants=tuple(consts), **fields)
        used = frozenset(n for n in self.input_regs)
        return Compiled(variant, scalars, used)
