"""TanhGrad (ops-nn experimental/activation/tanh_grad; aclnnTanhGrad): dx = dy * (1 - y^2), y Tanh's forward
output. Keeps the OpDef's order y, dy -> dx. y is drawn from [-1, 1], tanh's range (outside it, float16's dx = dy (1 -
y^2) overflows for the hazard |y| = 60: 60 x 3599 > 65504)."""
import kernelgen.lang as kl


@kl.op(category="activation", outputs=("dx",), domain={"y": (-1.0, 1.0)})
def tanh_grad(y, dy):
    return dy * (1.0 - y * y)
