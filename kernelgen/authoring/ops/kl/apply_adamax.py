"""ApplyAdamax (ops-nn experimental/optim/apply_adamax; aclnnApplyAdamax by opbuild): m = beta1 m + (1 - beta1) grad;
v = max(beta2 v, |grad|); var -= lr / (1 - beta1Power) * m / (v + epsilon). Names var, m, v, grad -> varOut, mOut,
vOut (the emulator runs each in place of its input, as CANN's aclnn layer does for a `<name>Out` output);
attributes beta1Power, lr, beta1, beta2, epsilon (required floats in the OpDef, no default there: the defaults
here are Adamax's usual ones). float32 and float16 as the OpDef declares. v, an infinity-norm accumulator, is drawn
from [0.1, 5]. The golden is kernelgen/authoring/ops/_goldens.py's."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens

DEFAULTS = {"beta1Power": 0.9, "lr": 0.001, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8}


@kl.op(category="optim", dtypes=("float32", "float16"), outputs=("varOut", "mOut", "vOut"),
       domain={"v": (0.1, 5.0)},
       golden=lambda inputs, attrs: _goldens.golden("apply_adamax", inputs, {**DEFAULTS, **attrs}))
def apply_adamax(var, m, v, grad, beta1Power: float = DEFAULTS["beta1Power"], lr: float = DEFAULTS["lr"],
                 beta1: float = DEFAULTS["beta1"], beta2: float = DEFAULTS["beta2"], epsilon: float = DEFAULTS["epsilon"]):
    m_new = m * beta1 + grad * (1.0 - beta1)
    v_new = kl.maximum(v * beta2, kl.abs(grad))
    return var - lr / (1.0 - beta1Power) * m_new / (v_new + epsilon), m_new, v_new
