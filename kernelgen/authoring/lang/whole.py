"""Whole-tensor reductions in kernelgen.lang: `kl.sum/max/min/mean(x)` with no axis, a one-element output.

An output that contains a reduction over every element is split into
- the reduced operands: elementwise tensor expressions (compiled by lower.Lowering into one tile program whose
  results are the partial registers p0, p1, ...), each with its reduction kind (mean reduces as a sum), and
- the finish: scalar arithmetic (+ - * /, unary -, kl.maximum/minimum) of the reduced totals, numbers,
  attributes, Scalar inputs and, for a mean, the element count N from the tiling data.

The kernel (templates/op_kernel/whole_reduce.h.jinja): every core runs the tile program over its tiles and
accumulates each operand elementwise in a float accumulator (the first tile copies, later tiles Add/Max/Min), so
float16/bfloat16 inputs are summed in float32; after its last tile it reduces the accumulator to one float (its
partial) and writes its partials into its own 32-byte slot of the workspace. After SyncAll, block 0 reads every
slot and combines them in core order 0, 1, ..., n-1 (a fixed order: the result does not depend on which core
finishes first), evaluates the finish in float and writes the output. A SOC without SyncAll (ascend310b) runs
one core, which finishes without the workspace.
"""
from __future__ import annotations

from dataclasses import dataclass

from kernelgen.authoring.lang.expr import REDUCE, LangError, Node
from kernelgen.authoring.spec import BUFFER_NUM, BufferUse, DType, scalar_member, scalar_tree_cpp, scalar_tree_eval

PARTIAL_FLOATS = 8          # one 32-byte workspace slot per core: up to 8 reductions
MAX_CORES = 64              # the UB for block 0's copy of every slot is budgeted for this many cores
SLOT_BYTES = PARTIAL_FLOATS * 4
# SOCs whose kernels cannot call SyncAll (asc-devkit SyncAll.md: "Atlas 200I/500 A2 推理产品: 不支持"): their
# tiling uses one core. By NPU arch, as the kernel's preprocessor sees it.
NO_SYNC_ALL_ARCHES = (3002,)
SUPPORTED_FINISH = ("+ - * / and unary - of whole-tensor reductions, numbers, attributes and Scalar inputs, "
                    "kl.maximum/kl.minimum of them")


@dataclass(frozen=True)
class WholeReduce:
    """A whole-tensor reduction program's reductions and finish (OpSpec.whole_reduce).

    partials: (register, kind) per reduction, kind "sum", "max" or "min": the tile program writes the reduced
        operand into the register; the kernel accumulates it over tiles and cores.
    finish: per output, a tree of tuples: ("const", v), ("scalar", run-time scalar name), ("total", i) (the i-th
        reduction over every element), ("count",) (the element count N), ("neg", e), (op, a, b) with op one of
        add, sub, mul, div, max, min.
    out_shape: the outputs' shape, () (0-d) or (1,) (as some hand-written OpDefs infer it).
    """

    partials: tuple[tuple[str, str], ...]
    finish: tuple[tuple, ...]
    out_shape: tuple[int, ...] = ()
    variant_finish: tuple = ()   # kl.Choice: (variant name, finish) per variant; else every variant has `finish`

    def finish_of(self, variant: str) -> tuple:
        return dict(self.variant_finish).get(variant, self.finish)

    def finish_cpp(self, variant: str, index: int) -> str:
        return _cpp(self.finish_of(variant)[index])

    def evaluate(self, index: int, totals: list[float], count: int, scalars: dict[str, float],
                 variant: str = "main") -> float:
        """The finish of output `index` in float32 (the kernel's arithmetic), for tests and the interpreter."""
        def leaf(e):
            return {"scalar": lambda: scalars[e[1]], "total": lambda: totals[e[1]], "count": lambda: count}[e[0]]()
        return float(scalar_tree_eval(self.finish_of(variant)[index], leaf))


def _cpp(e: tuple) -> str:
    def leaf(n):
        return {"scalar": lambda: scalar_member(n[1]), "total": lambda: f"total{n[1]}",
                "count": lambda: "static_cast<float>(totalDataNum_)"}[n[0]]()
    return scalar_tree_cpp(e, leaf)


def is_whole(n: Node) -> bool:
    return n.op in REDUCE and n.value == "all"


def has_whole(nodes) -> bool:
    seen: set = set()

    def walk(n: Node) -> bool:
        if n in seen:
            return False
        seen.add(n)
        return is_whole(n) or any(walk(a) for a in n.args)
    return any(walk(n) for n in nodes)


def _contains(n: Node, pred) -> bool:
    return pred(n) or any(_contains(a, pred) for a in n.args)


def compile_whole(outputs: list[tuple[str, Node]], reserved: set[str], where: str, out_shape=(), seed=None):
    """(Compiled tile program, WholeReduce) for outputs that all finish whole-tensor reductions."""
    from kernelgen.authoring.lang.lower import Lowering

    def error(what: str, supported: str = SUPPORTED_FINISH) -> LangError:
        return LangError(f"{where}: {what}; supported: {supported}")

    operands: dict[tuple[str, Node], int] = {}
    taken = set(reserved)
    names: list[str] = []

    def finish(n: Node) -> tuple:
        if is_whole(n):
            body = n.args[0]
            if has_whole([body]):
                raise error(f"kl.{n.op} over every element of an expression that has a whole-tensor reduction in it",
                            "one reduction level: kl.sum(f(x)) with f elementwise")
            if not body.is_tensor:
                raise error(f"kl.{n.op} over every element of a number or attribute", "kl.sum(x) of a tensor")
            if _contains(body, lambda m: m.op == "last_axis" or (m.op in REDUCE and m.value == "last")):
                raise error(f"kl.{n.op} over every element of an expression with a LastAxis input or a last-axis "
                            "reduction", "elementwise expressions of full-shape tensors and Scalar inputs")
            kind = "sum" if n.op == "mean" else n.op
            key = (kind, body)
            if key not in operands:
                if len(operands) == PARTIAL_FLOATS:
                    raise error(f"more than {PARTIAL_FLOATS} different whole-tensor reductions",
                                f"at most {PARTIAL_FLOATS} per operator")
                operands[key] = len(operands)
                i = 0
                while f"p{i}" in taken:
                    i += 1
                taken.add(f"p{i}")
                names.append(f"p{i}")
            total = ("total", operands[key])
            return ("mul", total, ("div", ("const", 1.0), ("count",))) if n.op == "mean" else total
        if n.op == "const":
            return ("const", float(n.value))
        if n.op in ("attr", "scalar_input"):
            return ("pending", n)
        if n.op == "size":
            return ("count",)
        if n.op in ("input", "last_axis"):
            raise error(f"tensor {n.value} used next to a whole-tensor reduction, outside it (the output is one "
                        "element)", SUPPORTED_FINISH + "; a tensor only inside kl.sum/max/min/mean(...)")
        if n.op in REDUCE:
            raise error(f"kl.{n.op}(..., axis=-1, keepdims=True) next to a whole-tensor reduction",
                        SUPPORTED_FINISH)
        if n.op == "neg":
            return ("neg", finish(n.args[0]))
        if n.op in ("add", "sub", "mul", "div", "max", "min"):
            return (n.op, finish(n.args[0]), finish(n.args[1]))
        if n.op == "where" or n.is_mask:
            raise error("kl.where or a comparison on a whole-tensor reduction's result", SUPPORTED_FINISH)
        raise error(f"kl.{n.op} of a whole-tensor reduction's result", SUPPORTED_FINISH)

    trees = []
    for name, node in outputs:
        if not has_whole([node]):
            raise error(f"output {name} is a full-shape tensor while another output is a whole-tensor reduction",
                        "either every output a whole-tensor reduction (one element) or none")
        trees.append(finish(node))
    bodies = sorted(operands, key=operands.get)
    lowering = Lowering([(names[i], body) for i, (_, body) in enumerate(bodies)], set(taken), where,
                        chain=False, exact_products=False)   # partials: accumulated, not chained into
    if seed is not None:   # run-time scalar names shared with the other variants (kl.Choice)
        lowering.scalar_names = seed

    def resolve(e: tuple) -> tuple:
        """Scalar leaves (attributes, Scalar inputs) become run-time scalars of the Lowering (folded if constant)."""
        if e[0] == "pending":
            val, ref = lowering.operand(lowering.scalar_expr(e[1]))
            return ("const", val) if not ref else ("scalar", ref)
        if e[0] in ("const", "total", "count"):
            return e
        return (e[0],) + tuple(resolve(x) for x in e[1:])

    trees = [resolve(t) for t in trees]
    compiled = lowering.compile(doc="compiled by kernelgen.lang: a whole-tensor reduction's tile program")
    from dataclasses import replace

    program, names = _in_place(compiled.variant, names)
    variant = replace(compiled.variant, program=program,
                      scratch=tuple(compiled.variant.scratch) + tuple(n for n in names if n not in compiled.variant.scratch))
    compiled = replace(compiled, variant=variant)
    plan = WholeReduce(tuple((names[i], kind) for i, (kind, _) in enumerate(bodies)), tuple(trees),
                       tuple(out_shape))
    return compiled, plan


def _in_place(variant, names: list[str]) -> tuple[tuple, list[str]]:
    """Write each partial into a scratch register its last step reads and nothing reads afterwards (in place, as the
    Lowering does for every other value), so the partial needs no UB buffer of its own: (program, partial names)."""
    from dataclasses import replace

    steps = list(variant.program)
    names = list(names)
    for i, p in enumerate(names):
        writers = [k for k, st in enumerate(steps) if st.dst == p]
        if len(writers) != 1 or steps[writers[0]].op in ("Select", "Axpy"):
            continue
        k = writers[0]
        later = steps[k + 1:]
        free = [r for r in steps[k].srcs if r in variant.scratch and r not in names
                and not any(r in st.srcs or r == st.dst for st in later)]
        if free and not any(p in st.srcs for st in later):
            steps[k] = replace(steps[k], dst=free[0])
            names[i] = free[0]
    return tuple(steps), names


def buffer_plan(spec, variant, dtype: DType) -> tuple[BufferUse, ...]:
    """The UB plan of a whole-tensor reduction kernel (the kernel's InitBuffers and the tiling's budget): input
    queues (double-buffered), float copies of float16/bfloat16 inputs (cast on arrival), the program's registers
    (the partial registers among them), one float accumulator per reduction, constants and masks per element; the
    core's partial slot, block 0's copy of every core's slot and the output's staging as fixed bytes."""
    wr = spec.whole_reduce
    plan = [BufferUse(f"queue_{t.name}", "queue", "VECIN", BUFFER_NUM, dtype.nbytes, t.name) for t in spec.kernel_inputs]
    if dtype.is_low_precision:
        plan += [BufferUse(f"float_{t.name}", "float_copy", "VECCALC", 1, 4, t.name) for t in spec.kernel_inputs]
    plan += [BufferUse(f"scratch_{r}", "scratch", "VECCALC", 1, 4) for r in variant.scratch]
    plan += [BufferUse(f"scratch_acc_{r}", "scratch", "VECCALC", 1, 4) for r, _ in wr.partials]
    plan += [BufferUse(f"const_{r}", "constant", "VECCALC", 1, 4) for r, _ in variant.constants]
    plan += [BufferUse("scratch_slot", "scratch", "VECCALC", 1, 0, "", SLOT_BYTES),
             BufferUse("scratch_all", "scratch", "VECCALC", 1, 0, "", SLOT_BYTES * MAX_CORES),
             BufferUse("scratch_result", "scratch", "VECCALC", 1, 0, "", 32 * len(spec.outputs)),
             BufferUse("scratch_out", "scratch", "VECCALC", 1, 0, "", 32 * len(spec.outputs))]
    plan += [BufferUse(f"mask_{r}", "mask", "VECCALC", 1, 1) for r in variant.masks]
    return tuple(plan)


def check_socs(spec, socs) -> None:
    """A whole-tensor reduction kernel copies with DataCopyPad: refuse a SOC without it, in one line."""
    from kernelgen.errors import UsageError

    lacking = [s.family for s in socs if not s.data_copy_pad]
    if spec.whole_reduce is not None and lacking:
        raise UsageError(f"{spec.op_type} (a whole-tensor reduction) needs DataCopyPad, which {', '.join(lacking)} "
                         "lacks; supported: SOCs with DataCopyPad (ascend910b, ascend310b, ...)")


def render_context(spec, socs) -> dict:
    """What the templates need of a whole-tensor reduction (render.build_context adds it)."""
    import kernelgen.authoring.lang.whole as module

    wr = spec.whole_reduce
    if wr is None:
        return {"whole": module, "whole_finish": None, "whole_tbufs": (), "whole_choice_fields": ()}
    check_socs(spec, socs)
    names: list[str] = []
    for v in spec.variants:
        for d in (DType.FLOAT32, DType.FLOAT16):
            for b in spec.buffer_plan(v, d):
                if b.kind not in ("queue", "float_copy") and b.name not in names:
                    names.append(b.name)
    return {"whole": module, "whole_finish": wr.finish_cpp, "whole_tbufs": tuple(names),
            "whole_choice_fields": ()}
