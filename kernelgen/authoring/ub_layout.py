"""A UB layout without bank conflicts for a variant's vector program, derived from the buffer plan.

The A2/A3 UB interleaves 16 bank groups every 512 bytes, and a vector instruction moves one 256-byte beat (half
of the groups) of every operand per cycle, writing a beat's result one beat later (hicann/asc-devkit
bank_conflict_ub README; kernelgen.ub_banks models it). So what decides a conflict is each operand's
start modulo 512, its *phase*, 0 or 256:
- two sources of one instruction in the same phase read the same bank groups: a read-read conflict;
- a destination in another phase than a source writes where that source reads next: a read-write conflict
  (when they share a bank).

Every buffer of the plan is a whole number of 512-byte granules (the tiling's granule), so the queues all start
in phase 0. Each TBuf (float copies, scratch and constant registers) is planned 256 bytes larger
(`BufferUse.pad_bytes`), and the kernel uses it from offset 0 or 256: the phase chosen here. The choice is
the cheapest over all phase assignments, by the cost model's per-beat costs (kernelgen.ub_banks, banks
included), of the path's vector instructions (the program's steps, and on the float16/bfloat16 path its Casts)
at the largest tile on the calibrated SOC: the steady state of large inputs. Other tiles keep the chosen phases (the bank of a buffer moves with the tile size, its phase does not).
"""
from __future__ import annotations

import dataclasses
import functools
import itertools

from kernelgen.authoring import row_scalars
from kernelgen.authoring.spec import ACCUMULATING_OPS, REDUCE_OPS, TBUF_PAD, DType, OpSpec, SpecError, Variant

PAD_BYTES = TBUF_PAD            # one beat: the phase step
LAYOUT_SOC = "ascend910b"       # the calibrated SOC whose largest tile the layout is chosen for
KIND_ORDER = {"queue": 0, "float_copy": 1, "scratch": 2, "constant": 3, "lastaxis": 3.5, "mask": 4,
              "stage": 5}   # the kernel's InitBuffer order (a row program's LastAxis buffers after the constants)
# Mask buffers (1 byte per element: not whole 512-byte granules) come last, so they shift no other buffer's phase.


def _registers(spec: OpSpec, variant: Variant, dtype: DType) -> dict[str, str]:
    """Program register -> the plan buffer that holds it on this dtype's path."""
    reg = {}
    if dtype.is_low_precision:
        layout = spec.low_precision_layout(variant)
        reg.update({n: f"float_{n}" for n in layout.early})
        reg.update({n: f"scratch_{r}" for n, r, _ in layout.late})
        reg.update({t.name: f"float_{layout.float_buffer(t.name)}" for t in spec.outputs})
    else:
        reg.update({t.name: f"queue_{t.name}" for t in (*spec.kernel_inputs, *spec.outputs)})
        reg.update({r: f"scratch_{r}" for r in variant.refine_scratch})
        reg.update({r: f"mask_{r}" for r in variant.refine_masks})
    reg.update({r: f"scratch_{r}" for r in variant.scratch})
    reg.update({r: f"const_{r}" for r, _ in variant.constants})
    reg.update({t.name: f"lastaxis_{t.name}" for t in spec.last_axis_inputs})
    return reg


def alloc_order(spec: OpSpec, variant: Variant) -> list[str]:
    """Every buffer of the plan (both paths) in the kernel's InitBuffer order (render.init_plan): the variant's
    `ub_order`, or queues, float copies, scratch, constants."""
    f32 = spec.buffer_plan(variant, DType.FLOAT32)
    low = spec.buffer_plan(variant, DType.FLOAT16)
    merged = [b for b in f32] + [b for b in low if b.name not in {x.name for x in f32}]
    if not variant.ub_order and variant.ub_search:
        return list(_searched_order(spec, variant))
    if not variant.ub_order:
        return [b.name for b in sorted(merged, key=lambda b: KIND_ORDER[b.kind])]
    if sorted(variant.ub_order) != sorted(b.name for b in merged):
        raise SpecError(f"{spec.op_type}/{variant.name}: ub_order {list(variant.ub_order)} must list each buffer "
                        f"of the plan once: {[b.name for b in merged]}")
    masks = [b.name for b in merged if b.kind == "mask"]
    if masks and list(variant.ub_order[-len(masks):]) != masks:
        raise SpecError(f"{spec.op_type}/{variant.name}: ub_order must end with the mask buffers {masks}")
    return list(variant.ub_order)


def tbuf_order(spec: OpSpec, variant: Variant, dtype: DType) -> list[str]:
    """The TBufs this dtype's path allocates whose phase is planned, in the kernel's InitBuffer order (masks, last,
    are left out)."""
    plan = {b.name: b for b in spec.buffer_plan(variant, dtype)}
    return [n for n in alloc_order(spec, variant) if n in plan and plan[n].kind not in ("queue", "mask", "stage")]


def _bases(spec: OpSpec, variant: Variant, dtype: DType, tile: int) -> dict[str, list[int]]:
    """Buffer -> UB byte offset of each of its slots, allocated in the kernel's order, with no view shift."""
    plan = {b.name: b for b in spec.buffer_plan(variant, dtype)}
    order = [n for n in alloc_order(spec, variant) if n in plan]
    out, at = {}, 0
    for name in order:
        b = plan[name]
        size = tile * b.bytes_per_elem + b.pad_bytes
        out[name] = [at + k * size for k in range(b.count)]
        at += b.count * size
    return out


def _operands(spec: OpSpec, variant: Variant, dtype: DType, reg: dict[str, str]) -> list[tuple[str, tuple, int]]:
    """(destination buffer, source buffers, bytes per element) of every vector instruction of a tile on this
    dtype's path, in order: on the float16/bfloat16 path the Casts too (early inputs first, late inputs before the
    step that first reads them, outputs last), and on the float16 path the half clamp (in place on the input's half
    tile, then its Cast into the clamp's register), as the kernel template's ComputeLow issues them."""
    layout = spec.low_precision_layout(variant) if dtype.is_low_precision else None
    half = layout.half_clamp if dtype is DType.FLOAT16 else ()
    rows = row_scalars.plan_for(spec, variant)
    out = []
    for n in (layout.early if layout else ()):
        if half and half[0] == n:
            out += [(f"queue_{n}", (f"queue_{n}",), 2)] * half[2] + [(reg[half[1]], (f"queue_{n}",), 4)]
        else:
            out.append((reg[n], (f"queue_{n}",), 4))
    for i, s in enumerate(variant.steps(dtype)):
        if half and i < half[2]:
            continue
        out += [(f"scratch_{r}", (f"queue_{n}",), 4) for n, r, at in (layout.late if layout else ()) if at == i]
        srcs = tuple(reg.get(r, r) for r in s.float_srcs)   # Select's mask: not traced as a beat operand
        if s.op in ACCUMULATING_OPS:
            srcs = (reg.get(s.dst, s.dst),) + srcs
        if rows and i in rows.narrow:   # a row value: a reduction's row read, or one float (width 0: one beat)
            out.append((srcs[1], srcs[:1], 4) if s.op in REDUCE_OPS else (reg.get(s.dst, s.dst), srcs, 0))
            continue
        if rows and i in rows.scalar_uses:   # its scalar form reads the full-row operand only
            srcs = (srcs[1 - rows.scalar_uses[i][0]],)
        out.append((reg.get(s.dst, s.dst), srcs, 4))
    if layout:
        out += [(f"queue_{t.name}", (reg[t.name],), 4) for t in spec.outputs]
    return out


def _beat_costs(spec: OpSpec, variant: Variant, dtype: DType, soc: str):
    """(TBufs free to shift, cost(shift) -> the path's vector beat cycles per tile, both queue slots averaged)."""
    from kernelgen.authoring.tiling import tile_data_num
    from kernelgen.socs import cost_model_constants, get_soc
    from kernelgen.ub_banks import beat_cycles

    layout_soc = get_soc(soc)
    constants = cost_model_constants(layout_soc)   # the cost model's per-beat conflict cycles (BCU)
    rr_cycles, rw_cycles = constants["ub_rr_conflict_cycles"], constants["ub_rw_conflict_cycles"]
    tile = tile_data_num(spec, layout_soc, variant, dtype)
    steps = _operands(spec, variant, dtype, _registers(spec, variant, dtype))
    bases = _bases(spec, variant, dtype, tile)
    repeats = max(1, tile * 4 // 256)

    def cost(shift: dict[str, int]) -> float:
        total = 0.0
        for slot in (0, 1):    # queue buffers alternate between their slots tile by tile
            def addr(n):
                b = bases.get(n)
                return -1 if b is None else b[min(slot, len(b) - 1)] + shift.get(n, 0)
            for d, srcs, width in steps:
                ops = tuple(addr(x) for x in dict.fromkeys(srcs))
                reps = max(1, repeats * width // 4)
                total += reps * beat_cycles(addr(d), ops + (-1,) * (2 - len(ops)), reps, rr_cycles, rw_cycles)
        return total / 2
    return tbuf_order(spec, variant, dtype), cost, sum(max(1, repeats * w // 4) for _, _, w in steps)


def phases(spec: OpSpec, variant: Variant, dtype: DType, soc: str = LAYOUT_SOC) -> dict[str, int]:
    """TBuf -> phase (0 or 1, in 256-byte steps) minimising the modelled vector cycles of the program (and, for
    float16/bfloat16, its Casts) at the largest tile on `soc` (the steady state of large inputs); queues keep
    phase 0."""
    return dict(_phases(spec, variant, dtype, soc))


@functools.lru_cache(maxsize=256)
def _phases(spec: OpSpec, variant: Variant, dtype: DType, soc: str) -> tuple[tuple[str, int], ...]:
    """phases() as items, searched once per process (a rendering asks for each path's views a dozen times)."""
    free, cost, _ = _beat_costs(spec, variant, dtype, soc)
    best, best_cost = {}, None
    for bits in itertools.product((0, 1), repeat=len(free)):
        shift = {n: ((bit - k) % 2) * PAD_BYTES for k, (n, bit) in enumerate(zip(free, bits))}
        c = cost(shift) + 1e-6 * sum(bits)   # ties: fewer shifted views
        if best_cost is None or c < best_cost:
            best, best_cost = dict(zip(free, bits)), c
    return tuple(best.items())


def conflict_cycles(spec: OpSpec, variant: Variant, dtype: DType, soc: str = LAYOUT_SOC) -> float:
    """The UB bank-conflict cycles per tile (beyond one cycle per beat) of the path's vector instructions in the
    chosen layout, at the largest tile on `soc`."""
    free, cost, beats = _beat_costs(spec, variant, dtype, soc)
    want = phases(spec, variant, dtype, soc)
    shift = {n: ((want.get(n, 0) - k) % 2) * PAD_BYTES for k, n in enumerate(free)}
    return cost(shift) - beats


def view_offsets(spec: OpSpec, variant: Variant, dtype: DType) -> dict[str, int]:
    """TBuf -> the float offset (0 or 64) of its view, so that it starts in its chosen phase.

    TBuf k of the path starts in phase k mod 2 (the queues before it are whole granules; each TBuf before it is
    a whole number of granules plus PAD_BYTES)."""
    want = phases(spec, variant, dtype)
    return {name: ((want.get(name, 0) - k) % 2) * PAD_BYTES // 4
            for k, name in enumerate(tbuf_order(spec, variant, dtype))}


def best_alloc_order(spec: OpSpec, variant: Variant, soc: str = LAYOUT_SOC,
                     every_order: bool = False) -> tuple[str, ...]:
    """An InitBuffer order for `Variant.ub_order`, the one with the fewest conflict cycles per element (float32 plus
    float16 path, largest tiles on `soc`, phases chosen for each; the first found among equals). every_order=False
    searches the queues in plan order with each TBuf before or after them (in the default order within each side),
    2^TBufs orders, for at most SEARCHED_TBUFS TBufs (the default order beyond); every_order=True every permutation of the buffers (6 buffers: 720 orders, about 8 s). Masks
    stay last. Run it when the program changes, and store its result in the spec."""
    import dataclasses

    from kernelgen.authoring.tiling import tile_data_num
    from kernelgen.socs import get_soc

    default = alloc_order(spec, dataclasses.replace(variant, ub_order=()))
    kinds = {b.name: b.kind for d in (DType.FLOAT32, DType.FLOAT16) for b in spec.buffer_plan(variant, d)}
    queues = [n for n in default if kinds[n] == "queue"]
    masks = [n for n in default if kinds[n] == "mask"]
    tbufs = [n for n in default if kinds[n] not in ("queue", "mask")]

    def cost_of(order):
        v = dataclasses.replace(variant, ub_order=order)
        return sum(conflict_cycles(spec, v, d, soc) / tile_data_num(spec, get_soc(soc), v, d)
                   for d in (DType.FLOAT32, DType.FLOAT16))

    def split(bits):
        return tuple([n for n, b in zip(tbufs, bits) if b] + queues + [n for n, b in zip(tbufs, bits) if not b]
                     + masks)

    if not every_order and len(tbufs) > SEARCHED_TBUFS:
        return tuple(default)
    if every_order:
        orders = (tuple(p) + tuple(masks) for p in itertools.permutations(queues + tbufs))
    else:
        orders = (split(bits) for bits in itertools.product((0, 1), repeat=len(tbufs)))
    best, best_cost = tuple(default), None
    for order in orders:
        cost = cost_of(order)
        if best_cost is None or cost < best_cost - 1e-9:
            best, best_cost = order, cost
    return best


# Beyond this many TBufs the default order stands: 2^TBufs orders, each costed on the bank model of the whole
# program, is 64 evaluations at 6 (about a second) but 1024 at 10 (seven minutes for a two-output spec with 15
# buffers, measured); a coordinate descent still took 41 s there.
SEARCHED_TBUFS = 6


@functools.lru_cache(maxsize=64)
def _searched_order(spec: OpSpec, variant: Variant) -> tuple[str, ...]:
    """best_alloc_order for a variant that asks for the search (Variant.ub_search), once per process (about 1 s)."""
    return best_alloc_order(spec, dataclasses.replace(variant, ub_search=False))
