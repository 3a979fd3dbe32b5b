// kernelgen CPU emulator: opdev/op_executor.h. aclOpExecutor, the AI Core launch macros and CommonOpExecutorRun.
//
//   ADD_TO_LAUNCHER_LIST_AICORE(GeluGrad, OP_INPUT(dy, x, y), OP_OUTPUT(z))  (needs `executor` in scope)
// records a launch of the emulated kernel; OP_INPUT/OP_OUTPUT name the tensors in OpDef order, and
// OP_ATTR(a, b) passes attributes by the names of the variables given.
#ifndef KGEMU_OPDEV_OP_EXECUTOR_H
#define KGEMU_OPDEV_OP_EXECUTOR_H

#include <bitset>

#include "opdev/common_types.h"
#include "opdev/data_type_utils.h"
#include "opdev/format_utils.h"
#include "opdev/op_def.h"
#include "opdev/platform.h"
#include "opdev/shape_utils.h"
#include "opdev/op_log.h"
#define KGEMU_ACL_DETAIL_OK
#include "kgemu/detail/acl_executor.h"
#include "kgemu/detail/acl_launch.h"

#define OP_INPUT(...) ::kgemu::acl::OpArgs(::kgemu::acl::OpArgRole::kInput, #__VA_ARGS__, {__VA_ARGS__})
#define OP_OUTPUT(...) ::kgemu::acl::OpArgs(::kgemu::acl::OpArgRole::kOutput, #__VA_ARGS__, {__VA_ARGS__})
#define OP_ATTR(...) ::kgemu::acl::MakeAttrs(#__VA_ARGS__, __VA_ARGS__)
// `auto uniqueExecutor = CREATE_EXECUTOR();` starts a plan; `uniqueExecutor.ReleaseTo(executor)` hands it over.
#define CREATE_EXECUTOR() ::kgemu::acl::UniqueExecutor(__func__)
namespace op {
using ::kgemu::acl::UniqueExecutor;
using std::bitset;  // CANN's opdev headers leave std::bitset visible unqualified to op code (ops-nn relies on it)
}  // namespace op

// OP_CHECK_ADD_TO_LAUNCHER_LIST_AICORE(failed, retExpr, message): when failed, logs message and runs retExpr.
#define OP_CHECK_ADD_TO_LAUNCHER_LIST_AICORE(failed, retExpr, ...)          \
    do {                                                                   \
        if (failed) {                                                      \
            OP_LOGE(ACLNN_ERR_INNER_NULLPTR, __VA_ARGS__);                 \
            retExpr;                                                       \
        }                                                                  \
    } while (0)

#define ADD_TO_LAUNCHER_LIST_AICORE(KERNEL_NAME, ...) \
    ::kgemu::acl::AddAiCoreLaunch(executor, #KERNEL_NAME, __VA_ARGS__)

// INFER_SHAPE(NllLoss, OP_INPUT(x, t), OP_OUTPUT(y), OP_ATTR(a)): sets the outputs' shapes from the operator's
// registered infershape (kgemu::acl::InferShapeImpl); returns ACLNN_SUCCESS or an error status.
#define INFER_SHAPE(KERNEL_NAME, ...) ::kgemu::acl::InferShape(#KERNEL_NAME, __VA_ARGS__)

#ifdef __cplusplus
extern "C" {
#endif
// The second stage of every aclnn API: checks executor, workspace and tensors, then runs the planned steps.
// Null executor: ACLNN_ERR_PARAM_NULLPTR. Unknown or already-run executor, or workspaceSize smaller than the
// first stage reported: ACLNN_ERR_PARAM_INVALID. Workspace or tensor memory not inside one aclrtMalloc
// buffer: ACLNN_ERR_RUNTIME_ERROR. The executor is freed afterwards unless made repeatable.
ACL_FUNC_VISIBILITY aclnnStatus CommonOpExecutorRun(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                    aclrtStream stream);
#ifdef __cplusplus
}
#endif

#endif  // KGEMU_OPDEV_OP_EXECUTOR_H
