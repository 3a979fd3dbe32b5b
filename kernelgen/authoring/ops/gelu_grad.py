"""GeluGrad: z = dy * d/dx GELU_tanh(x), the backward of GELU's tanh approximation.

This is the whole operator description: the generator, emulator, verifier, cost model and aclnn
layer all read it. The formulations follow reference-gelu-grad.md §4 with its defects removed:
x is clamped first (to +-10, or +-7.5 where w^2 is formed), so exp() never overflows and no inf*0 appears
for any finite input (beyond the clamp the derivative is 0 or 1 to float32 precision). sigmoid_mul uses
14 vector instructions and no constant buffer (docs/cost-model.md §5).
"""
from __future__ import annotations

import dataclasses
import math

from kernelgen.checking.golden import gelu_tanh_derivative
from kernelgen.authoring.spec import (AclnnParam, AclnnSpec, AttrSpec, DType, OpSpec, Step, TensorSpec, Variant)
from kernelgen.authoring.ops._refine import refinement, refinement_select

DTYPES = (DType.FLOAT32, DType.FLOAT16, DType.BFLOAT16)

K = 2.0 * math.sqrt(2.0 / math.pi)      # 2*sqrt(2/pi): 2u = x * (K + K*C*x^2)
C = 0.044715                             # the tanh approximation's cubic coefficient
KC = K * C                               # x^2 coefficient inside -2u (negated below)
KC3 = 3.0 * K * C                        # x^2 coefficient of (2u)'
X_CLAMP = 10.0                           # |x| beyond this changes nothing in float32
X_CLAMP_W2 = 7.5                         # sigmoid_mul squares w = 1 + exp(-2u): keep w^2 finite (GELU'(-7.5) = -5e-17)

_CLAMP = (
    Step("Maxs", "a", ("x",), -X_CLAMP),
    Step("Mins", "a", ("a",), X_CLAMP),          # a = clamp(x)
    Step("Mul", "b", ("a", "a")),                # b = x^2
)

def sigmoid_mul_program(a: str = "a", b: str = "b", t: str = "z") -> tuple[Step, ...]:
    """sigmoid_mul's 14 steps with its three working registers named a, b, t (t ends up free; z is the output)."""
    return (
        Step("Maxs", a, ("x",), -X_CLAMP_W2),
        Step("Mins", a, (a,), X_CLAMP_W2),             # a = clamp(x): w^2 stays finite
        Step("Mul", b, (a, a)),
        Step("Mul", b, (b, a)),                        # b = x^3
        Step("Muls", t, (a,), -K),
        Step("Axpy", t, (b,), -KC),                    # t = -2u = -K x - K C x^3
        Step("Axpy", b, (t,), -1.0 / (2.0 * KC)),      # b = x^3 + (K x + K C x^3)/(2 K C) = (x (2u)')/(2 K C)
        Step("Exp", t, (t,)),                          # t = p
        Step("Mul", b, (b, t)),                        # b = p x (2u)'/(2 K C)
        Step("Adds", a, (t,), 1.0),                    # a = w
        Step("Mul", t, (a, a)),                        # t = w^2
        Step("Axpy", a, (b,), 2.0 * KC),               # a = w + p x (2u)'
        Step("Div", a, (a, t)),                        # a = GELU'(x)
        Step("Mul", "z", (a, "dy")),
    )


def sigmoid_mul_refinement(a: str = "a", b: str = "b", t: str = "z") -> tuple[Step, ...]:
    """The 16-step float32 refinement of sigmoid_mul_program(a, b, t): GELU' in a; e, m, p in t, b and c."""
    return refinement(gelu_tanh_derivative, (-0.8, -0.7), x="x", z=a, regs=(t, b, "c"))


def sigmoid_mul_refinement_select(a: str = "a", b: str = "b", t: str = "z") -> tuple[Step, ...]:
    """The 10-step float32 refinement (CompareScalar + Select) of sigmoid_mul_program(a, b, t): GELU' in a; d in t,
    |d| and the polynomial in b, the window's bit mask in k."""
    return refinement_select(gelu_tanh_derivative, (-0.8, -0.7), x="x", z=a, regs=(t, b), mask="k")


SIGMOID_MUL = Variant(
    name="sigmoid_mul",
    tiling_key=0,
    doc="GELU' = (w + p*t)/w^2 with p = exp(-2u), w = 1 + p, t = x*(2u)' (x^3 and -2u shared through Axpy)",
    scratch=("a", "b"),
    constants=(),
    # Registers a, b, z: of the six assignments, the one with the fewest modelled UB bank-conflict cycles in the
    # planned layout (kernelgen.perf.calibration.gelu_grad.register_choices, docs/cost-model.md §5).
    program=sigmoid_mul_program("a", "b", "z"),
    # float32: the window by CompareScalar + Select (10 steps, no third register; docs/cost-model.md §5)
    refine=sigmoid_mul_refinement_select("a", "b", "z"),
    refine_at=-1,
    refine_masks=("k",),
    # kernelgen.authoring.ub_layout.best_alloc_order(every_order=True) (tests/test_perf.py checks it is still the
    # best): a, b and x's float copy in other UB banks than the buffers they meet in one instruction; the mask last.
    ub_order=("queue_dy", "scratch_b", "queue_x", "queue_z", "float_x", "scratch_a", "mask_k"),
)

# Atlas training (910, arch 1001): Select has only its VSEL_CMPMASK_SPR mode, so the window is the 16-step blend,
# with a third register c.
SIGMOID_MUL_BLEND = dataclasses.replace(
    SIGMOID_MUL,
    name="sigmoid_mul_blend",
    tiling_key=2,
    doc=SIGMOID_MUL.doc + "; float32 window by mask arithmetic (no Select tensor-tensor mode)",
    refine=sigmoid_mul_refinement("a", "b", "z"),
    refine_scratch=("c",),
    refine_masks=(),
    # b and c before the queues, a after them: a and b (and c) in other UB banks, so fewer read-write conflicts
    # (kernelgen.authoring.ub_layout.best_alloc_order's subset search).
    ub_order=("scratch_b", "scratch_c", "queue_dy", "queue_x", "queue_z", "float_x", "scratch_a"),
)

SIGMOID_FMA = Variant(
    name="sigmoid_fma",
    tiling_key=1,
    doc="the 310B ordering: s*(1 + (s-1)*x*g2) with s = 1/(1+exp(-2u)), g2 = -(2u)'",
    scratch=("a", "b", "c"),
    constants=(("one", 1.0),),
    program=_CLAMP + (
        Step("Muls", "z", ("b",), -KC),
        Step("Adds", "z", ("z",), -K),
        Step("Mul", "z", ("z", "a")),
        Step("Exp", "z", ("z",)),
        Step("Adds", "z", ("z",), 1.0),
        Step("Div", "z", ("one", "z")),          # z = s
        Step("Muls", "b", ("b",), -KC3),
        Step("Adds", "b", ("b",), -K),           # b = g2 = -(2u)'
        Step("Adds", "c", ("z",), -1.0),
        Step("Mul", "c", ("c", "a")),            # c = (s-1)*x
        Step("Mul", "c", ("c", "b")),
        Step("Adds", "c", ("c",), 1.0),
        Step("Mul", "c", ("c", "z")),            # c = GELU'(x)
        Step("Mul", "z", ("c", "dy")),
    ),
    refine=refinement(gelu_tanh_derivative, (-0.8, -0.7), x="x", z="c", regs=("a", "b", "z")),
    refine_at=-1,
)

SPEC = OpSpec(
    op_type="GeluGrad",
    snake="gelu_grad",
    category="activation",
    family="elementwise",
    doc="Gradient of GELU (tanh approximation): z = dy * GELU'(x). Input y (GELU's forward output) "
        "is declared for compatibility with the ops-nn OpDef and is not read.",
    formula="z = dy * (0.5*(1 + tanh(u)) + 0.5*x*(1 - tanh(u)^2) * sqrt(2/pi) * (1 + 3*0.044715*x^2)), "
            "u = sqrt(2/pi) * (x + 0.044715*x^3)",
    inputs=(
        TensorSpec("dy", DTYPES, doc="gradient flowing back (gradOutput)"),
        TensorSpec("x", DTYPES, doc="GELU's forward input (self)"),
        TensorSpec("y", DTYPES, used_by_kernel=False, doc="GELU's forward output; accepted, not read"),
    ),
    outputs=(TensorSpec("z", DTYPES, doc="gradient with respect to x (gradInput)"),),
    attrs=(),
    default_socs=("ascend910b", "ascend310b"),
    soc_variants=(("ascend310b", "sigmoid_fma"), ("ascend910", "sigmoid_mul_blend")),
    default_variant="sigmoid_mul",
    variants=(SIGMOID_MUL, SIGMOID_FMA, SIGMOID_MUL_BLEND),
    golden="gelu_grad",
    # The derivative's zero (x = -0.75179...) and the clamp edges are where formulations go wrong.
    special_values=(("x", (-0.7524614, -0.75246, -0.7517916, -0.7518, -10.0, 10.0, -10.06, -60.0, 60.0)),),
    saturating_inputs=("x",),  # clamped before exp: finite up to the largest float
    aclnn=AclnnSpec(
        name="aclnnGeluBackward",
        header="aclnn_gelu_backward",
        params=(AclnnParam("gradOutput", "dy", "input"), AclnnParam("self", "x", "input"),
                AclnnParam("gradInput", "z", "output")),
        extra_slots=(("y", "gradOutput"),),
    ),
    spec_file="kernelgen/authoring/ops/gelu_grad.py",
)

__all__ = ["SPEC", "AttrSpec"]
