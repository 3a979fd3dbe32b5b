"""ApplyGradientDescent (ops-nn experimental/optim/apply_gradient_descent; aclnnApplyGradientDescent, docs/): var =
var - alpha * delta, var updated in place (Input("var") and Output("var"): a ref output), alpha a one-element tensor.
Names var, alpha, delta -> var. The golden is kernelgen/authoring/ops/_goldens.py's."""
from dataclasses import replace

import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


@kl.op(category="optim", outputs=("var",),
       golden=lambda inputs, attrs: _goldens.golden("apply_gradient_descent", inputs, attrs))
def apply_gradient_descent(var, alpha: kl.Scalar, delta):
    return var - alpha * delta


# aclnnApplyGradientDescent's docs name the in-place tensor `aclTensor* var` (opbuild would say varRef): same
# position and type, the documented name.
apply_gradient_descent.spec = replace(apply_gradient_descent.spec, aclnn=replace(
    apply_gradient_descent.spec.aclnn, params=tuple(replace(p, name="var") if p.role == "ref" else p
                                                    for p in apply_gradient_descent.spec.aclnn.params)))
