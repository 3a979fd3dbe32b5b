"""Sigmoid (ops-nn experimental/activation/sigmoid; aclnnSigmoid): y = 1 / (1 + exp(-x)). Names x -> y."""
import kernelgen.lang as kl


@kl.op(category="activation")
def sigmoid(x):
    return kl.sigmoid(x)
