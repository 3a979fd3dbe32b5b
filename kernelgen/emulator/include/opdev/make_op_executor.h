// kernelgen CPU emulator: opdev/make_op_executor.h. `auto uniqueExecutor = CREATE_EXECUTOR();` starts a plan;
// `uniqueExecutor.ReleaseTo(executor)` hands it to the caller of the first stage.
#ifndef KGEMU_OPDEV_MAKE_OP_EXECUTOR_H
#define KGEMU_OPDEV_MAKE_OP_EXECUTOR_H

#include "opdev/op_executor.h"


#endif  // KGEMU_OPDEV_MAKE_OP_EXECUTOR_H
