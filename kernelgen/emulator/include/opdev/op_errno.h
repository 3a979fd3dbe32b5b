// kernelgen CPU emulator: opdev/op_errno.h, the aclnn status codes.
#ifndef KGEMU_OPDEV_OP_ERRNO_H
#define KGEMU_OPDEV_OP_ERRNO_H

#include "aclnn/aclnn_base.h"

#endif  // KGEMU_OPDEV_OP_ERRNO_H
