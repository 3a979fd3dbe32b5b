"""TanhGrad (ops-nn experimental/activation/tanh_grad; aclnnTanhGrad): dx = dy * (1 - y^2), y Tanh's forward
output. Keeps the OpDef's order y, dy -> dx."""
import kernelgen.lang as kl


@kl.op(category="activation", outputs=("dx",))
def tanh_grad(y, dy):
    return dy * (1.0 - y * y)
