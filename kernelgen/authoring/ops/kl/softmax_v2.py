"""SoftmaxV2 (ops-nn experimental/activation/softmax_v2; aclnnSoftmaxV2 by opbuild): y = exp(x - max) / sum(exp(x -
max)) along dim, a row program. Names x -> y, attribute dim (the OpDef's optional int, no default there; -1 here).
Only the last axis is compiled: dim = -1 or rank - 1; the tiling refuses other values in one line. float32 and
float16, as the OpDef declares. The golden is kernelgen/authoring/ops/_goldens.py's."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


@kl.op(category="activation", dtypes=("float32", "float16"),
       golden=lambda inputs, attrs: _goldens.golden("softmax_v2", inputs, attrs))
def softmax_v2(x, dim: kl.Axis = -1):
    e = kl.exp(x - kl.max(x, axis=-1, keepdims=True))
    return e / kl.sum(e, axis=-1, keepdims=True)
