"""SGD with momentum: two outputs, a Scalar learning rate and a float attribute. The domain keeps gradients and
the momentum buffer of one sign: momentum * buf + grad of opposite signs cancels, and float32 cannot meet CANN's
relative-error bar there (float32 NumPy of the same formula misses it too)."""
import kernelgen.lang as kl


@kl.op(category="optim", outputs=("param_out", "momentum_out"),
       domain={"grad": (0.0, 1.0), "momentum_buf": (0.0, 1.0), "lr": (0.001, 0.1)})
def sgd_momentum(param, grad, momentum_buf, lr: kl.Scalar, momentum: float = 0.9):
    m = momentum * momentum_buf + grad
    return param - lr * m, m
