// kernelgen CPU emulator: opdev/aicpu/aicpu_task.h. AI CPU kernels are not emulated: ADD_TO_LAUNCHER_LIST_AICPU
// compiles and, when an operator's op_api takes that path (a dtype its AI Core kernel does not support), fails at
// the first stage with ACLNN_ERR_INNER_FIND_KERNEL_ERROR naming the operator.
#ifndef KGEMU_OPDEV_AICPU_AICPU_TASK_H
#define KGEMU_OPDEV_AICPU_AICPU_TASK_H

#include "opdev/op_executor.h"

namespace kgemu {
namespace acl {
aclnnStatus AicpuNotEmulated(const char* opType);
}  // namespace acl
}  // namespace kgemu

namespace op {
namespace internal {
// The AI CPU task cache CANN keeps per operator; nothing to keep here.
struct AicpuTaskSpace {
    template <typename... Args>
    explicit AicpuTaskSpace(const Args&...) {}
};
}  // namespace internal
}  // namespace op

#define OP_ATTR_NAMES(...) 0
#define ADD_TO_LAUNCHER_LIST_AICPU(KERNEL_NAME, ...) ::kgemu::acl::AicpuNotEmulated(#KERNEL_NAME)

#endif  // KGEMU_OPDEV_AICPU_AICPU_TASK_H
