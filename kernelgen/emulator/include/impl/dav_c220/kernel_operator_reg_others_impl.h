// kernelgen CPU emulator: "impl/dav_c220/kernel_operator_reg_others_impl.h", an internal header of CANN's Ascend C
// (the 220 architecture's implementation of the public scalar/register helpers). ops-nn's norm, loss and rnn kernels
// include it after kernel_operator.h (21 files of the main tree, some under `__CCE_AICORE__ == 220` only, some
// unconditionally in arch35 kernels) and call nothing of it by an internal name: what they use is the public API,
// which the emulator declares in kernel_operator.h. A kernel calling an internal *Impl function still fails to
// compile and the survey names the function.
#ifndef KGEMU_IMPL_DAV_C220_KERNEL_OPERATOR_REG_OTHERS_IMPL_H
#define KGEMU_IMPL_DAV_C220_KERNEL_OPERATOR_REG_OTHERS_IMPL_H

#include "kernel_operator.h"

#endif
