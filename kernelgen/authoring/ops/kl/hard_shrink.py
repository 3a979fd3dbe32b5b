"""HardShrink (ops-nn experimental/activation/hard_shrink; aclnnHardShrink): x where |x| > lambd, else 0.
Names self -> out, attribute lambd = 0.5 (aclnnHardShrink's docs pass it as an aclScalar; kernelgen's aclnn
takes a float, as opbuild generates it from the OpDef)."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", outputs=("out",), golden=reference("hard_shrink"))
def hard_shrink(self, lambd: float = 0.5):
    return kl.where(kl.abs(self) > lambd, self, 0.0)
