"""ThresholdV2 (ops-nn experimental/activation/threshold_v2; aclnnThresholdV2 by opbuild): x where x > threshold,
else value. Names self -> out, attributes threshold and value.

The OpDef declares both REQUIRED with no value (`.Float()`); aclnnThresholdV2 always passes them. A kernelgen.lang
attribute needs a default (verify, run and the example call use it), so the spec takes the README's worked example,
threshold = 1.5 and value = 0.0, and the generated OpDef declares them OPTIONAL with those values: every call that
passes them, as every aclnn call does, behaves as the hand-written operator's."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", outputs=("out",), golden=reference("threshold_v2"))
def threshold_v2(self, threshold: float = 1.5, value: float = 0.0):
    return kl.where(self > threshold, self, value)
