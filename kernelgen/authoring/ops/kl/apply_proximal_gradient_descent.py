"""ApplyProximalGradientDescent (ops-nn experimental/optim/apply_proximal_gradient_descent; aclnn by opbuild): prox =
var - alpha * delta; var_out = sign(prox) * max(|prox| - alpha * l1, 0) / (1 + alpha * l2). alpha, l1 and l2 are
one-element tensors (the hand-written kernel reads each with GetValue). Names var, alpha, l1, l2, delta -> var_out
(the emulator runs var_out in place of var, as CANN's aclnn layer does for a `<name>_out` output). float32 and
float16 as the OpDef declares; the learning rate and the regularisation strengths are drawn positive (alpha from
[0.001, 1], l1 and l2 from [0, 1]). The golden is kernelgen/authoring/ops/_goldens.py's."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


@kl.op(category="optim", dtypes=("float32", "float16"), outputs=("var_out",),
       domain={"alpha": (0.001, 1.0), "l1": (0.0, 1.0), "l2": (0.0, 1.0)},
       golden=lambda inputs, attrs: _goldens.golden("apply_proximal_gradient_descent", inputs, attrs))
def apply_proximal_gradient_descent(var, alpha: kl.Scalar, l1: kl.Scalar, l2: kl.Scalar, delta):
    prox = var - alpha * delta
    shrunk = kl.maximum(kl.abs(prox) - alpha * l1, 0.0) / (1.0 + alpha * l2)
    return kl.where(prox < 0, -shrunk, shrunk)
