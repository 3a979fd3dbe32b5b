// kernelgen CPU emulator: opdev/op_log.h. OP_LOGE(code, fmt, ...) prints to stderr and becomes
// aclGetRecentErrMsg(); OP_LOGW prints; OP_LOGI/OP_LOGD print only with KERNELGEN_ACL_TRACE=1.
#ifndef KGEMU_OPDEV_OP_LOG_H
#define KGEMU_OPDEV_OP_LOG_H

#include "aclnn/aclnn_base.h"
#define KGEMU_ACL_DETAIL_OK
#include "kgemu/detail/acl_log.h"

#define OP_LOGE(ERROR_CODE, ...) ::kgemu::acl::LogError((ERROR_CODE), __func__, __VA_ARGS__)
#define OP_LOGW(...) ::kgemu::acl::LogMessage(::kgemu::acl::LogLevel::kWarn, __func__, __VA_ARGS__)
#define OP_LOGI(...) ::kgemu::acl::LogMessage(::kgemu::acl::LogLevel::kInfo, __func__, __VA_ARGS__)
#define OP_LOGD(...) ::kgemu::acl::LogMessage(::kgemu::acl::LogLevel::kDebug, __func__, __VA_ARGS__)

// retExpr runs when param is null, after an ACLNN_ERR_PARAM_NULLPTR error naming the argument.
#define OP_CHECK_NULL(param, retExpr)                                                               \
    do {                                                                                            \
        if ((param) == nullptr) {                                                                   \
            OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "argument %s is null; a valid object is required", #param); \
            retExpr;                                                                                \
        }                                                                                           \
    } while (0)

#define OP_CHECK(cond, logExpr, retExpr) \
    do {                                 \
        if (!(cond)) {                   \
            logExpr;                     \
            retExpr;                     \
        }                                \
    } while (0)

// OP_CHECK_NO_RETURN(cond, logExpr): logs (typically a warning) when cond is false and carries on.
#define OP_CHECK_NO_RETURN(cond, logExpr) \
    do {                                  \
        if (!(cond)) {                    \
            logExpr;                      \
        }                                 \
    } while (0)

// CHECK_RET(cond, ret): returns ret from the caller when cond is false (CANN's opdev headers define it).
#ifndef CHECK_RET
#define CHECK_RET(cond, ret) \
    do {                     \
        if (!(cond)) {       \
            return ret;      \
        }                    \
    } while (false)
#endif

#endif  // KGEMU_OPDEV_OP_LOG_H
