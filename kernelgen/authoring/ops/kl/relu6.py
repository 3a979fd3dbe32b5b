"""Relu6 (ops-nn experimental/activation/relu6; aclnnRelu6 by opbuild): min(max(x, 0), 6). Names x -> y; the
OpDef's float dtypes (its int32 is not a kernelgen.lang dtype)."""
import kernelgen.lang as kl
from kernelgen.authoring.ops._goldens import reference


@kl.op(category="activation", golden=reference("relu6"))
def relu6(x):
    return kl.clip(x, 0.0, 6.0)
