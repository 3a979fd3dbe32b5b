"""LogSoftmaxV2 (ops-nn experimental/activation/log_softmax_v2): out = x - max - log(sum(exp(x - max))) along axes, a
row program. Names input -> out, attribute axes (list_int, default [-1], as the OpDef). Only the last axis is
compiled: every entry of axes is -1 or rank - 1; the tiling refuses others in one line. The aclnn API is opbuild's
from the OpDef (aclnnLogSoftmaxV2(input, axes, out)); the hand-written docs/ declare (self, int64_t dim, out), which
its own op_api maps onto axes = [dim]: not rendered here. The golden is kernelgen/authoring/ops/_goldens.py's."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


@kl.op(category="activation", outputs=("out",),
       golden=lambda inputs, attrs: _goldens.golden("log_softmax_v2", inputs, attrs))
def log_softmax_v2(input, axes: kl.Axes = (-1,)):  # noqa: A002 -- the OpDef's name
    d = input - kl.max(input, axis=-1, keepdims=True)
    return d - kl.log(kl.sum(kl.exp(d), axis=-1, keepdims=True))
