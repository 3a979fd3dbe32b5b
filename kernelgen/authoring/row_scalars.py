"""Row reductions used as scalars (row programs only; the rendering of a row's steps, not their values).

A last-axis reduction (ReduceSum/Max/Min) broadcasts one value along the row: RowReduce* reads it on the scalar unit
and Duplicates it over the row. Where that value only feeds
- a unary or scalar step (Ln of the row sum, the mean's Muls by 1 / row length, + eps, ...), whose result is again
  one value per row, or
- a binary step against a full row (x - max, x * rstd), which the scalar form computes from the value itself
  (Adds with -value, Muls, Maxs, Mins: x + (-s) is x - s exactly),
the kernel does not broadcast it: the reduction puts it in its register's first float on the vector unit (or only
reads it on the scalar unit where only scalar forms read it), the unary/scalar steps run on that one float, and
the binary step becomes its scalar form.
The values are the same bits as the broadcast program's (kernelgen.authoring.program models that one); only the
vector work shrinks. LogSoftmaxV2 (max, sum, Ln of the sum, two subtractions): 6 row-wide steps and 2 row-wide
Duplicates become 3 row-wide steps. A value an output keeps, or any other step reads (Div, Compare, Select, Sub
from it, a reduction), stays broadcast. Rows longer than UB (kernelgen.authoring.lang.chunk) are not planned here.
"""
from __future__ import annotations

from dataclasses import dataclass

from kernelgen.authoring.spec import BINARY_OPS, REDUCE_OPS, SCALAR_OPS, UNARY_OPS, Step

# binary step -> its scalar form, when the row value is the operand at that position (Sub only as the subtrahend)
_SCALAR_FORM = {("Add", 0): "Adds", ("Add", 1): "Adds", ("Sub", 1): "Adds", ("Mul", 0): "Muls", ("Mul", 1): "Muls",
                ("Max", 0): "Maxs", ("Max", 1): "Maxs", ("Min", 0): "Mins", ("Min", 1): "Mins"}
_PER_ROW_UNARY = tuple(UNARY_OPS) + tuple(o for o in SCALAR_OPS if o != "Axpy")   # Axpy reads its dst too


@dataclass(frozen=True)
class RowScalarPlan:
    """narrow: steps whose result is one value per row, kept in its register's first float (not broadcast); fill:
    for each narrow reduction, whether it puts the value there (a narrow step reads it) or only returns it;
    scalar_uses: {step: (position of the row value, the step that defined it)} for steps rendered in scalar form."""

    narrow: frozenset[int]
    fill: dict
    scalar_uses: dict

    def value(self, step: int) -> str:
        """The C++ float holding a narrow reduction's value (RowReduce*'s result)."""
        return f"rowValue{step}"


def plan(steps: tuple[Step, ...], outputs: tuple[str, ...], constants: tuple[str, ...] = ()) -> RowScalarPlan:
    """Which steps of a row program run on one value per row (see the module docstring). constants: registers
    holding one value everywhere (Variant.constants, e.g. rsqrt's 1 / ...), which a per-row step may read."""
    defs: dict[str, int] = {}           # register -> the step whose result it holds
    reads: list[tuple[int, int, int]] = []   # (reader step, source position, defining step)
    uniform: set[int] = set()
    for j, s in enumerate(steps):
        src_defs = [defs.get(r) for r in s.srcs]
        per_row = [d in uniform if d is not None else r in constants for r, d in zip(s.srcs, src_defs)]
        for p, d in enumerate(src_defs):
            if d is not None:
                reads.append((j, p, d))
        if s.op in REDUCE_OPS:
            uniform.add(j)
        elif s.op in _PER_ROW_UNARY and per_row[0]:
            uniform.add(j)
        elif s.op in BINARY_OPS and all(per_row):
            uniform.add(j)
        defs[s.dst] = j
    kept = {defs[o] for o in outputs if o in defs}   # an output's last value is written out row-wide
    narrow = set(uniform) - kept
    while True:
        dropped = {d for j, p, d in reads if d in narrow and not _per_row_read(steps, j, p, d, narrow, uniform)}
        if not dropped:
            break
        narrow -= dropped
    scalar_uses = {j: (p, d) for j, p, d in reads if d in narrow and j not in narrow}
    fill = {d: any(j in narrow for j, _, dd in reads if dd == d) for d in narrow if steps[d].op in REDUCE_OPS}
    return RowScalarPlan(frozenset(narrow), fill, scalar_uses)


def plan_for(spec, variant) -> RowScalarPlan | None:
    """The plan of a row program's variant (None for other programs, and for a float32 refinement, which the row
    kernel does not render)."""
    if not spec.row_program or variant.refine:
        return None
    return plan(variant.program, tuple(t.name for t in spec.outputs), tuple(c for c, _ in variant.constants))


def _per_row_read(steps, j: int, p: int, d: int, narrow: set, uniform: set) -> bool:
    """Whether step j may read the row value of step d (at source position p) without its broadcast."""
    if j in narrow:   # a per-row step itself, on the one repeat
        return steps[j].op not in REDUCE_OPS
    if j in uniform:  # per-row but broadcast: it runs row-wide and reads d row-wide
        return False
    s = steps[j]
    other = s.srcs[1 - p] if s.op in BINARY_OPS else None
    return (s.op, p) in _SCALAR_FORM and other != s.srcs[p]


def cpp(st: Step, index: int, rp: RowScalarPlan) -> str | None:
    """The kernel line of step `index` (st: as the path names its registers) where the plan changes it; None keeps
    the ordinary rendering."""
    if index in rp.narrow and st.op in REDUCE_OPS:
        if rp.fill[index]:   # the value in dst[0] on the vector unit; a scalar-form reader reads it there
            return f"RowReduce{st.op[6:]}First({st.dst}, {st.srcs[0]}, {st.srcs[1]}, len);"
        return f"const float {rp.value(index)} = RowReduce{st.op[6:]}({st.dst}, {st.srcs[0]}, {st.srcs[1]}, len, 0);"
    if index in rp.narrow:
        if st.op in SCALAR_OPS:
            return f"{st.op}({st.dst}, {st.srcs[0]}, {st.scalar_literal}, 1);"
        return f"{st.op}({st.dst}, {', '.join(st.srcs)}, 1);"
    if index in rp.scalar_uses:
        p, d = rp.scalar_uses[index]
        value = rp.value(d) if d in rp.fill and not rp.fill[d] else f"RowValue({st.srcs[p]})"
        if st.op == "Sub":
            value = f"-{value}"
        return f"{_SCALAR_FORM[(st.op, p)]}({st.dst}, {st.srcs[1 - p]}, {value}, len);"
    return None
