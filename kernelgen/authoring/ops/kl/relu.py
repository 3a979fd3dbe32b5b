"""Relu (ops-nn experimental/activation/relu; aclnnRelu): y = max(x, 0). Keeps the OpDef's names x -> y."""
import kernelgen.lang as kl


@kl.op(category="activation")
def relu(x):
    return kl.relu(x)
