"""LeakyreluV2 (ops-nn experimental/activation/leakyrelu_v2; aclnnLeakyreluV2 by opbuild): x for x >= 0,
negativeSlope * x otherwise. Names x -> y, attribute negativeSlope (camelCase, as the OpDef spells it).

The OpDef declares negativeSlope OPTIONAL with no value (`.Float()`); the operator's own graph prototype
(op_graph/leakyrelu_v2_proto.h: `.ATTR(negativeSlope, Float, 1.0)`) and its tiling's fallback when the attribute
is absent (`negativeSlope = 1.0f`) both make 1.0 the value an absent attribute takes, so that is the default here.
aclnnLeakyreluV2 always passes it."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", dtypes=("float32", "float16"), golden=reference("leakyrelu_v2"))
def leakyrelu_v2(x, negativeSlope: float = 1.0):  # noqa: N803 -- the OpDef's attribute name
    return kl.where(x >= 0, x, x * negativeSlope)
