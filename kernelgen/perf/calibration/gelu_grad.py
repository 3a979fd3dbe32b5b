"""gelu_grad on the cost model: the reference's instruction sequence, the generated one, and a proposal.

REFERENCE_SIGMOID_MUL is the hand-written ops-nn kernel's tiling-key-0 sequence (reference-gelu-grad.md
§4.2: p = exp((C0 x^2 + C1) x), t = (C2 x^2 + C3) x, s = 1 / (p + 1) with a Duplicate of 1.0 per tile,
z = ((p s) t) s + s, times dy) written as a Variant, so it runs in kernelgen's own kernel scaffolding (same
tiling, queues and casts) and only the instruction sequence differs from the generated kernel.

The generated kernel adopted the cost model's proposals (docs/cost-model.md §5): the sigmoid_mul program (15
steps, now 14) and the 512-byte tiling granule; spec_with(..., granule_bytes=32) models the reference's tiling.
"""
from __future__ import annotations

import dataclasses

from kernelgen.authoring.ops import get_spec
from kernelgen.authoring.ops.gelu_grad import KC, KC3, K
from kernelgen.authoring.spec import OpSpec, Step, Variant

_C0, _C1, _C2, _C3 = -KC, -K, KC3, K   # the reference's COEFF0..COEFF3

REFERENCE_SIGMOID_MUL = Variant(
    name="sigmoid_mul",
    tiling_key=0,
    doc="ops-nn reference, tiling key 0 (reference-gelu-grad.md §4.2)",
    scratch=("a", "b"),
    constants=(("one", 1.0),),
    program=(
        Step("Mul", "b", ("x", "x")),
        Step("Muls", "z", ("b",), _C0),
        Step("Adds", "z", ("z",), _C1),
        Step("Mul", "z", ("z", "x")),
        Step("Exp", "z", ("z",)),                # p = exp(-2u)
        Step("Muls", "b", ("b",), _C2),
        Step("Adds", "b", ("b",), _C3),
        Step("Mul", "b", ("b", "x")),            # t = x (2u)'
        Step("Muls", "a", ("one",), 1.0),        # stands for the reference's per-tile Duplicate(1.0): same cost
        Step("Adds", "a", ("z",), 1.0),
        Step("Div", "a", ("one", "a")),          # s = 1 / (p + 1)
        Step("Mul", "z", ("z", "a")),
        Step("Mul", "z", ("z", "b")),
        Step("Mul", "z", ("z", "a")),
        Step("Add", "z", ("z", "a")),            # ((p s) t) s + s
        Step("Mul", "z", ("z", "dy")),
    ),
)

def spec_with(variant: Variant, granule_bytes: int | None = None, base: OpSpec | None = None) -> OpSpec:
    """gelu_grad's spec with the variant of the same name replaced (and optionally another tiling granule)."""
    base = base or get_spec("gelu_grad")
    spec = dataclasses.replace(base, variants=tuple(variant if v.name == variant.name else v for v in base.variants),
                               tiling_granule_bytes=granule_bytes or base.tiling_granule_bytes)
    spec.validate()
    return spec


def model_programs(soc: str, dtype: str, shape) -> dict:
    """{label: PerfEstimate} for the reference's sequence and tiling granule against the generated kernel."""
    from kernelgen.emulator.emulate import source_for_spec
    from kernelgen.perf.model import estimate, estimate_source

    return {
        "reference sequence, 32 B granule": estimate_source(
            source_for_spec(spec_with(REFERENCE_SIGMOID_MUL, 32), soc), soc, dtype, shape, label="reference sequence"),
        "generated": estimate("gelu_grad", soc, dtype, shape),
    }


def register_choices() -> dict[tuple[str, str, str], dict[str, float]]:
    """{(a, b, t) registers of sigmoid_mul's program: {dtype: modelled UB bank-conflict cycles per tile}} for the
    six ways to name its three working registers, each in the default InitBuffer order with the phases ub_layout
    plans for it (largest tile on ascend910b). The generated kernel uses ("a", "b", "z")."""
    import itertools

    from kernelgen.authoring import ub_layout
    from kernelgen.authoring.ops.gelu_grad import sigmoid_mul_program, sigmoid_mul_refinement_select
    from kernelgen.authoring.spec import DType

    base = get_spec("gelu_grad").variant("sigmoid_mul")
    out = {}
    for regs in itertools.permutations(("a", "b", "z")):
        v = dataclasses.replace(base, program=sigmoid_mul_program(*regs), refine=sigmoid_mul_refinement_select(*regs),
                                ub_order=())
        spec = spec_with(v)
        out[regs] = {d.name.lower(): ub_layout.conflict_cycles(spec, v, d) for d in (DType.FLOAT16, DType.FLOAT32)}
    return out
