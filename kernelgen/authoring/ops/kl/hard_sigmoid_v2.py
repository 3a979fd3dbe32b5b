"""HardSigmoidV2 (ops-nn experimental/activation/hard_sigmoid_v2; aclnnHardsigmoidV2): 0 for x <= -3, x / 6 + 1/2
for -3 < x < 3, 1 for x >= 3, computed as min(relu(x + 3), 6) / 6 (x + 3 is exact near -3). Names x -> y; the
OpDef's float dtypes (its int32 is not a kernelgen.lang dtype)."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", aclnn="aclnnHardsigmoidV2", golden=reference("hard_sigmoid_v2"))
def hard_sigmoid_v2(x):
    return kl.minimum(kl.relu(x + 3.0), 6.0) / 6.0
