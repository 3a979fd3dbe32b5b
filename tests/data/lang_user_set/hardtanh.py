"""HardTanh with run-time bounds (a user's spec, written against docs/lang.md only)."""
import kernelgen.lang as kl


@kl.op(category="activation")
def hardtanh(x, min_val: float = -1.0, max_val: float = 1.0):
    return kl.clip(x, min_val, max_val)
