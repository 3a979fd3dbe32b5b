"""HardSwishV2 (ops-nn experimental/activation/hard_swish_v2; aclnnHardSwishV2 by opbuild): y = x * min(max(x + 3,
0), 6) / 6. Names x -> y."""
import kernelgen.lang as kl


@kl.op(category="activation")
def hard_swish_v2(x):
    return x * kl.clip(x + 3.0, 0.0, 6.0) / 6.0
