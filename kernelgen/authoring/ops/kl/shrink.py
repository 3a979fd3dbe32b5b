"""Shrink (ops-nn experimental/activation/shrink; aclnnShrink by opbuild): x - bias for x > lambd, x + bias for
x < -lambd, else 0. Names self -> out, attributes lambd, bias = 1.0 (REQUIRED in the OpDef with those values)."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", outputs=("out",), dtypes=("float32", "float16"),
       golden=reference("shrink"))
def shrink(self, lambd: float = 1.0, bias: float = 1.0):
    return kl.where(self > lambd, self - bias, kl.where(self < -lambd, self + bias, 0.0))
