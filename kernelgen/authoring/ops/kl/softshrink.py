"""Softshrink (ops-nn experimental/activation/softshrink; aclnnSoftshrink by opbuild): x - lambd above lambd,
x + lambd below -lambd, else 0. Names input_x -> output_y, attribute lambd = 0.5."""
import kernelgen.lang as kl


@kl.op(category="activation", outputs=("output_y",))
def softshrink(input_x, lambd: float = 0.5):
    return kl.where(input_x > lambd, input_x - lambd, kl.where(input_x < -lambd, input_x + lambd, 0.0))
