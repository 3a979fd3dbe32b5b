"""Rows longer than UB: the chunked second tiling key of a row program (docs/lang.md "Rows longer than UB").

A row program (OpSpec.row_program) keeps one whole row in UB per tile. When a row's buffers do not fit, the tiling
picks the variant's chunked key (tiling key + CHUNK_KEY_OFFSET) and the kernel (templates/op_kernel/
row_chunked.h.jinja) runs each row in chunks of `rowAlloc` elements, in passes derived here from the program:

- a reduction's *level* is the number of reductions stacked under it: the softmax's max is level 0, its sum of
  exp(x - max) level 1 (it reads the max); an output's level is the highest level of the reductions it reads, plus 1;
- pass p (p = 0 .. L-1, L the outputs' highest level) reads the row chunk by chunk from GM and folds every
  reduction of level p into a 64-float accumulator; at the pass's end each accumulator is reduced to one float;
- the final pass (p = L) reads the row again and computes the outputs, chunk by chunk, and writes them;
- in each pass the program is cut to the steps that pass needs (a backward slice over the registers): a reduction
  of a lower level becomes a Duplicate of its finished value, one of the pass's level a fold, higher ones are
  never needed (by the level's definition).

So the softmax reads x three times (max, sum, output), rms_norm twice, a layer norm three times. The pass structure
comes from the expression's dependencies, not from the operator.
"""
from __future__ import annotations

from dataclasses import dataclass

from kernelgen.authoring.spec import ACCUMULATING_OPS, BUFFER_NUM, REDUCE_OPS, TBUF_PAD, BufferUse, DType, OpSpec, \
    Step, Variant

CHUNK_KEY_OFFSET = 100   # a variant's chunked tiling key: its key + 100
ACC_FLOATS = 64          # one 256-byte repeat: a reduction's per-row accumulator
MIN_CHUNK = 128          # the fold needs at least two repeats per chunk (the first chunk is always full)


@dataclass(frozen=True)
class ChunkPass:
    """One pass over a row: the program steps it runs, in order, each (index into Variant.program, role): role
    'step' runs the step, 'fold' folds a reduction of this pass into its accumulator, 'bcast' broadcasts a
    reduction finished by an earlier pass; `loads`: the streamed inputs (full-shape and LastAxis) it reads."""

    steps: tuple[tuple[int, str], ...]
    loads: tuple[str, ...]
    folds: tuple[int, ...]      # program indices of the reductions this pass finishes
    final: bool


@dataclass(frozen=True)
class ChunkPlan:
    key: int
    reductions: tuple[int, ...]          # program indices of every reduction (accumulator k is reductions[k])
    passes: tuple[ChunkPass, ...]

    def acc(self, index: int) -> int:
        """The accumulator number of the reduction at program index `index`."""
        return self.reductions.index(index)


def _reads(st: Step) -> tuple[str, ...]:
    srcs = st.srcs[:1] if st.op in REDUCE_OPS else st.srcs    # a reduction's srcs[1] is its work area
    return srcs + ((st.dst,) if st.op in ACCUMULATING_OPS else ())


def levels(program: tuple[Step, ...]) -> tuple[dict[int, int], dict[str, int]]:
    """({reduction index: level}, {register: level of its value at the program's end})."""
    reg: dict[str, int] = {}
    red: dict[int, int] = {}
    for i, st in enumerate(program):
        lvl = max((reg.get(r, 0) for r in _reads(st)), default=0)
        if st.op in REDUCE_OPS:
            red[i] = lvl
            lvl += 1
        reg[st.dst] = lvl
    return red, reg


def plan(spec: OpSpec, variant: Variant) -> ChunkPlan | None:
    """The passes of `variant` over a row in chunks; None where the chunked key is not compiled (not a row
    program, a whole-tensor reduction, or a float32-only refinement, whose steps the slices do not cover)."""
    if not spec.row_program or spec.whole_reduce is not None or variant.refine:
        return None
    program = variant.program
    red, final_lvl = levels(program)
    outs = [t.name for t in spec.outputs]
    top = max(final_lvl.get(o, 0) for o in outs)
    streamed = [t.name for t in spec.kernel_inputs + spec.last_axis_inputs]
    passes = []
    for p in range(top + 1):
        final = p == top
        needed = set(outs) if final else set()
        chosen: list[tuple[int, str]] = []
        for i in range(len(program) - 1, -1, -1):
            st = program[i]
            if st.op in REDUCE_OPS:
                if red[i] == p and not final:
                    if st.dst in needed:   # a value of this pass's level read after it: not by the levels' definition
                        raise AssertionError(f"{spec.op_type}: reduction {i} read in its own pass")
                    chosen.append((i, "fold"))
                    needed.add(st.srcs[0])
                elif st.dst in needed:
                    if red[i] >= p:
                        raise AssertionError(f"{spec.op_type}: reduction {i} (level {red[i]}) needed in pass {p}")
                    chosen.append((i, "bcast"))
                    needed.discard(st.dst)
                continue
            if st.dst in needed:
                chosen.append((i, "step"))
                needed.discard(st.dst)
                needed.update(_reads(st))
        chosen.reverse()
        folds = tuple(i for i, role in chosen if role == "fold")
        loads = tuple(n for n in streamed if n in needed)
        passes.append(ChunkPass(tuple(chosen), loads, folds, final))
    return ChunkPlan(variant.tiling_key + CHUNK_KEY_OFFSET, tuple(sorted(red)), tuple(passes))


def streamed(spec: OpSpec) -> tuple:
    """The tensors a chunk loads: full-shape inputs, then LastAxis inputs (a chunk of each row's)."""
    return spec.kernel_inputs + spec.last_axis_inputs


def buffer_plan(spec: OpSpec, variant: Variant, dtype: DType) -> tuple[BufferUse, ...]:
    """The chunked kernel's UB, per chunk element: every streamed input and output double-buffered in its dtype;
    on float16/bfloat16 a float copy of each streamed input; a float register per output (the float32 final pass
    writes straight into the output queue), per scratch and constant; masks one byte."""
    low = dtype.is_low_precision
    out = [BufferUse(f"queue_{t.name}", "queue", "VECIN", BUFFER_NUM, dtype.nbytes, t.name) for t in streamed(spec)]
    out += [BufferUse(f"queue_{t.name}", "queue", "VECOUT", BUFFER_NUM, dtype.nbytes, t.name) for t in spec.outputs]
    if low:
        out += [BufferUse(f"float_{t.name}", "float_copy", "VECCALC", 1, 4, t.name, TBUF_PAD) for t in streamed(spec)]
    out += [BufferUse(f"float_{t.name}", "float_copy", "VECCALC", 1, 4, t.name, TBUF_PAD) for t in spec.outputs]
    out += [BufferUse(f"scratch_{r}", "scratch", "VECCALC", 1, 4, "", TBUF_PAD) for r in variant.scratch]
    out += [BufferUse(f"mask_{r}", "mask", "VECCALC", 1, 1) for r in variant.masks]
    out += [BufferUse(f"const_{r}", "constant", "VECCALC", 1, 4, "", TBUF_PAD) for r, _ in variant.constants]
    return tuple(out)


def ub_bytes_per_elem(spec: OpSpec, variant: Variant, dtype: DType) -> int:
    return sum(b.total_per_elem for b in buffer_plan(spec, variant, dtype))


def ub_fixed_bytes(spec: OpSpec, variant: Variant, dtype: DType) -> int:
    """Bytes beyond the per-element ones: the TBufs' pads and one 256-byte accumulator per reduction."""
    plan_ = plan(spec, variant)
    accs = len(plan_.reductions) if plan_ else 0
    return sum(b.count * b.pad_bytes for b in buffer_plan(spec, variant, dtype)) + accs * ACC_FLOATS * 4


def chunk_len(spec: OpSpec, variant: Variant, dtype: DType, ub_bytes: int) -> int:
    """rowAlloc of the chunked key: the chunk UB holds, in whole 64-float repeats (the tiling's arithmetic)."""
    budget = ub_bytes - spec.ub_reserve_bytes - ub_fixed_bytes(spec, variant, dtype)
    return max(0, budget // ub_bytes_per_elem(spec, variant, dtype) // 64 * 64)


def render_context(spec: OpSpec, socs) -> dict:
    """What the templates need (render.build_context adds it): {variant name: ChunkPlan} for the variants that
    have a chunked key (empty on SOC lists with one lacking DataCopyPad, which the chunk copies use)."""
    import kernelgen.authoring.lang.chunk as module

    plans = {}
    if all(s.data_copy_pad for s in socs):
        plans = {v.name: p for v in spec.variants if (p := plan(spec, v)) is not None}
    return {"chunk": module, "chunk_plans": plans}
