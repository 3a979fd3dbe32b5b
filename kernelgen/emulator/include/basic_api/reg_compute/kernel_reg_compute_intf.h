// kernelgen CPU emulator: Ascend 950's register-level vector API (AscendC::Reg, alias AscendC::MicroAPI) under the
// header path asc-devkit documents ("basic_api/reg_compute/kernel_reg_compute_*_intf.h"). Kernels reach it through
// "kernel_operator.h"; the implementation is private, under kgemu/detail/reg/.
#ifndef KGEMU_BASIC_API_REG_COMPUTE_INTF_H
#define KGEMU_BASIC_API_REG_COMPUTE_INTF_H

#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#include "kernel_operator.h"
#else
#include "kgemu/detail/reg/types.h"
#include "kgemu/detail/reg/vf.h"
#include "kgemu/detail/reg/mask.h"
#include "kgemu/detail/reg/datamove.h"
#include "kgemu/detail/reg/compute.h"
#include "kgemu/detail/reg/convert.h"
#include "kgemu/detail/reg/gather.h"
#include "kgemu/detail/reg/scalar_bits.h"
#include "kgemu/detail/reg/intrinsics.h"
#include "kgemu/detail/reg/adl.h"
#endif

#endif  // KGEMU_BASIC_API_REG_COMPUTE_INTF_H
