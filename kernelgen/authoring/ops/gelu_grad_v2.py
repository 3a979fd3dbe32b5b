"""GeluGradV2: z = dy * GELU'(x) with attribute approximate in {"none", "tanh"}.

approximate="none" is the exact derivative Phi(x) + x*phi(x). erf is not a vector instruction, so the
kernel builds Phi from vector primitives with kernelgen's own erfc fit (scripts/fit_erfc.py):

    Phi(-|x|) = 0.5*erfc(|x|/sqrt 2) = exp(-x^2/2) * t*P(t),  t = 1/(1 + 0.43*|x|/sqrt 2),  deg P = 7,

whose relative error is 8.6e-8 in float64, so the tail keeps full relative precision; then
Phi(x) = h + m*(1 - 2h) with h = Phi(-|x|) and m = 1 for x > 0, 0 for x < 0 (a clamp of x*1e30),
which is exact for x < 0 (no 1 - h cancellation). x is clamped to [-13, 13] where GELU' is 0 or 1 in
float32. approximate="tanh" reuses GeluGrad's sigmoid formulation.
"""
from __future__ import annotations

import dataclasses
import math

from kernelgen.checking.golden import gelu_erf_derivative
from kernelgen.authoring.spec import AclnnParam, AclnnSpec, AttrSpec, DType, OpSpec, Step, TensorSpec, Variant
from kernelgen.authoring.ops._refine import refinement
from kernelgen.authoring.ops.gelu_grad import SIGMOID_MUL_BLEND

DTYPES = (DType.FLOAT32, DType.FLOAT16, DType.BFLOAT16)

ERFC_P = 0.43
ERFC_COEFFS = (0.12125725337266681, 0.12218848796774423, 0.10247072880357082, 0.12343844468495943,
               -0.04289429048143622, 0.19188777770326776, -0.1552073445938303, 0.03685898323785905)
X_CLAMP = 13.0


def _horner() -> tuple[Step, ...]:
    """z = t*P(t) with t in register c."""
    steps = [Step("Muls", "z", ("c",), ERFC_COEFFS[-1])]
    for coef in reversed(ERFC_COEFFS[:-1]):
        steps += [Step("Adds", "z", ("z",), coef), Step("Mul", "z", ("z", "c"))]
    steps.append(Step("Mul", "z", ("z", "c")))
    return tuple(steps)


ERF = Variant(
    name="erf",
    tiling_key=0,
    doc="exact derivative Phi(x) + x*phi(x), Phi from kernelgen's erfc fit",
    scratch=("a", "b", "c", "d"),
    constants=(("one", 1.0),),
    program=(
        Step("Maxs", "a", ("x",), -X_CLAMP),
        Step("Mins", "a", ("a",), X_CLAMP),                 # a = clamp(x)
        Step("Abs", "b", ("a",)),
        Step("Muls", "c", ("b",), ERFC_P / math.sqrt(2.0)),
        Step("Adds", "c", ("c",), 1.0),
        Step("Div", "c", ("one", "c")),                     # c = t
    ) + _horner()[:-1] + (
        Step("Mul", "d", ("a", "a")),
        Step("Muls", "d", ("d",), -0.5),
        Step("Exp", "d", ("d",)),                           # d = exp(-x^2/2)
        Step("Mul", "z", ("z", "d")),                       # z = h = Phi(-|x|)
        Step("Mul", "b", ("a", "d")),
        Step("Muls", "b", ("b",), 1.0 / math.sqrt(2.0 * math.pi)),  # b = x*phi(x)
        Step("Muls", "d", ("a",), 1e30),
        Step("Maxs", "d", ("d",), 0.0),
        Step("Mins", "d", ("d",), 1.0),                     # d = m: 1 for x > 0, 0 for x < 0
        Step("Muls", "c", ("z",), -2.0),
        Step("Adds", "c", ("c",), 1.0),
        Step("Mul", "c", ("c", "d")),
        Step("Add", "z", ("z", "c")),                       # z = Phi(x)
        Step("Add", "z", ("z", "b")),                       # z = GELU'(x)
        Step("Mul", "z", ("z", "dy")),
    ),
    refine=refinement(gelu_erf_derivative, (-0.8, -0.7), x="x", z="z", regs=("a", "b", "c")),
    refine_at=-1,
)

# GeluGrad's program with the blend window: Select's tensor-tensor mode is missing on 910, where an attribute
# (not the SOC) picks this variant.
TANH = dataclasses.replace(SIGMOID_MUL_BLEND, name="tanh", tiling_key=1,
                           doc="tanh approximation, GeluGrad's sigmoid ordering")

SPEC = OpSpec(
    op_type="GeluGradV2",
    snake="gelu_grad_v2",
    category="activation",
    family="elementwise_attr",
    doc="Gradient of GELU: z = dy * GELU'(x), exact (erf) for approximate=\"none\", tanh form for \"tanh\".",
    formula="none: z = dy * (Phi(x) + x*phi(x)); tanh: as GeluGrad",
    inputs=(
        TensorSpec("dy", DTYPES, doc="gradient flowing back (gradOutput)"),
        TensorSpec("x", DTYPES, doc="GELU's forward input (self)"),
    ),
    outputs=(TensorSpec("z", DTYPES, doc="gradient with respect to x (gradInput)"),),
    attrs=(AttrSpec("approximate", "str", "none", ("none", "tanh"), doc="none (erf) or tanh"),),
    default_socs=("ascend910b", "ascend910_93"),
    soc_variants=(),
    default_variant="erf",
    attr_variants=(("approximate", "none", "erf"), ("approximate", "tanh", "tanh")),
    variants=(ERF, TANH),
    golden="gelu_grad_v2",
    # the zeros of both forms (erf: -0.75179, tanh: -0.75246) and the clamp edges
    special_values=(("x", (-0.7517916, -0.75179, -0.7524614, -0.75246, -13.0, 13.0, -8.0, 8.0, -60.0, 60.0)),),
    saturating_inputs=("x",),  # clamped before exp: finite up to the largest float
    aclnn=AclnnSpec(
        name="aclnnGeluBackwardV2",
        header="aclnn_gelu_backward_v2",
        params=(AclnnParam("gradOutput", "dy", "input"), AclnnParam("self", "x", "input"),
                AclnnParam("approximate", "approximate", "attr"), AclnnParam("gradInput", "z", "output")),
        const_outputs=False,  # documented: char* approximate, aclTensor* gradInput
    ),
    spec_file="kernelgen/authoring/ops/gelu_grad_v2.py",
)
