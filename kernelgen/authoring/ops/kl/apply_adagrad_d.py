"""ApplyAdagradD (ops-nn experimental/optim/apply_adagrad_d; aclnnApplyAdagradD by opbuild): accum += grad^2 when
update_slots, then var -= lr * grad / sqrt(accum); var and accum are updated in place (ref outputs: the OpDef's
Output("var") and Output("accum")), lr a one-element tensor. Names var, accum, lr, grad -> var, accum; attributes
update_slots = true, use_locking = false (declared, no effect on one device, as in the hand-written kernel).
update_slots enters as its 0/1 value times grad^2, so false leaves accum bit-exact. accum is drawn from [0.1, 10]
(an Adagrad accumulator is positive: it starts at a positive initial value and only grows). The golden is
kernelgen/authoring/ops/_goldens.py's."""
import kernelgen.lang as kl
from kernelgen.authoring.ops import _goldens


@kl.op(category="optim", outputs=("var", "accum"), domain={"accum": (0.1, 10.0)},
       golden=lambda inputs, attrs: _goldens.golden("apply_adagrad_d", inputs, attrs))
def apply_adagrad_d(var, accum, lr: kl.Scalar, grad, update_slots: bool = True, use_locking: bool = False):
    accum = accum + grad * grad * update_slots
    return var - lr * grad / kl.sqrt(accum), accum
