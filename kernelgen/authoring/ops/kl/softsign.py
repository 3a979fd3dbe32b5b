"""Softsign (ops-nn experimental/activation/softsign; aclnnSoftsign): y = x / (1 + |x|). Names x -> y."""
import kernelgen.lang as kl


@kl.op(category="activation")
def softsign(x):
    return x / (1.0 + kl.abs(x))
