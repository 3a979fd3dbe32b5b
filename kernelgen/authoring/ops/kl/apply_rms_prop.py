"""ApplyRmsProp (ops-nn experimental/optim/apply_rms_prop; aclnnApplyRmsProp by opbuild): ms += (1 - rho)(grad^2 -
ms); mom = momentum mom + lr grad / sqrt(epsilon + ms); var -= mom. Names var, ms, mom, grad -> var_out, ms_out,
mom_out (the emulator runs each in place of its input, as CANN's aclnn layer does for a `<name>_out` output);
attributes lr, rho, momentum, epsilon with the OpDef's defaults (float32 values). ms, a mean square, is drawn from
[0, 10]. The golden is kernelgen/authoring/ops/_goldens.py's."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


@kl.op(category="optim", outputs=("var_out", "ms_out", "mom_out"), domain={"ms": (0.0, 10.0)},
       golden=lambda inputs, attrs: _goldens.golden("apply_rms_prop", inputs, attrs))
def apply_rms_prop(var, ms, mom, grad, lr: float = 0.0010000000474974513, rho: float = 0.8999999761581421,
                   momentum: float = 0.0, epsilon: float = 1.000000013351432e-10):
    ms_new = ms + (grad * grad - ms) * (1.0 - rho)
    mom_new = mom * momentum + lr * grad / kl.sqrt(ms_new + epsilon)
    return var - mom_new, ms_new, mom_new
