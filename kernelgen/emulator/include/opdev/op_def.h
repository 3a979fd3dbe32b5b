// kernelgen CPU emulator: opdev/op_def.h. OP_TYPE_REGISTER names an l0 operator type; the emulator launches
// kernels by the name given to ADD_TO_LAUNCHER_LIST_AICORE.
#ifndef KGEMU_OPDEV_OP_DEF_H
#define KGEMU_OPDEV_OP_DEF_H

#include "opdev/common_types.h"

#define OP_TYPE_REGISTER(kernelName) [[maybe_unused]] static const char* const kgOpTypeName_##kernelName = #kernelName

#endif  // KGEMU_OPDEV_OP_DEF_H
