// kernelgen CPU emulator: aclnn_kernels/common/op_error_check.h. The parameter-check macros of aclnn APIs.
// Each logs an ACLNN_ERR_PARAM_* error naming the argument, then evaluates retExpr.
#ifndef KGEMU_ACLNN_KERNELS_COMMON_OP_ERROR_CHECK_H
#define KGEMU_ACLNN_KERNELS_COMMON_OP_ERROR_CHECK_H

#include "opdev/common_types.h"
#include "opdev/data_type_utils.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"


#define OP_CHECK_DTYPE_NOT_SUPPORT(tensor, supportList, retExpr)                                           \
    do {                                                                                                    \
        if (!::op::CheckType((tensor)->GetDataType(), supportList)) {                                       \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s has dtype %s, which is not supported; supported: %s", #tensor, \
                    ::op::ToString((tensor)->GetDataType()).GetString(),                                    \
                    ::kgemu::acl::DtypeListString(supportList).c_str());                                    \
            retExpr;                                                                                        \
        }                                                                                                   \
    } while (0)

// The first-stage output pointers: both must be non-null (ACLNN_ERR_PARAM_NULLPTR returns from the caller).
#define OP_CHECK_COMM_INPUT(workspaceSize, executor)                                                     \
    do {                                                                                                  \
        OP_CHECK_NULL(workspaceSize, return ACLNN_ERR_PARAM_NULLPTR);                                     \
        OP_CHECK_NULL(executor, return ACLNN_ERR_PARAM_NULLPTR);                                          \
    } while (0)

#define OP_CHECK_WRONG_DIMENSION(tensor, expectedDim, retExpr)                                            \
    do {                                                                                                  \
        if ((tensor)->GetViewShape().GetDimNum() != static_cast<size_t>(expectedDim)) {                   \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s must have %zu dims, but has %zu", #tensor,               \
                    static_cast<size_t>(expectedDim), (tensor)->GetViewShape().GetDimNum());               \
            retExpr;                                                                                      \
        }                                                                                                 \
    } while (0)

#define OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(tensor, expectedShape, retExpr)                       \
    do {                                                                                                  \
        if ((tensor)->GetViewShape() != (expectedShape)) {                                                \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s has shape %s but %s is expected", #tensor,               \
                    ::op::ToString((tensor)->GetViewShape()).GetString(),                                 \
                    ::op::ToString(expectedShape).GetString());                                           \
            retExpr;                                                                                      \
        }                                                                                                 \
    } while (0)

#define OP_CHECK_RESULT_DTYPE_CAST_FAILED(fromDtype, toDtype, retExpr)                                  \
    do {                                                                                                  \
        if (!::op::CanCast((fromDtype), (toDtype))) {                                                     \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "the result dtype %s cannot be cast to the output dtype %s",   \
                    ::op::ToString(fromDtype).GetString(), ::op::ToString(toDtype).GetString());          \
            retExpr;                                                                                      \
        }                                                                                                 \
    } while (0)

#define OP_CHECK_DTYPE_NOT_SAME(tensor1, tensor2, retExpr)                                                \
    do {                                                                                                  \
        if ((tensor1)->GetDataType() != (tensor2)->GetDataType()) {                                       \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s (%s) and %s (%s) must have the same dtype", #tensor1,    \
                    ::op::ToString((tensor1)->GetDataType()).GetString(), #tensor2,                       \
                    ::op::ToString((tensor2)->GetDataType()).GetString());                                \
            retExpr;                                                                                      \
        }                                                                                                 \
    } while (0)

#define OP_CHECK_DTYPE_NOT_MATCH(tensor, expectedDtype, retExpr)                                         \
    do {                                                                                                  \
        if ((tensor)->GetDataType() != (expectedDtype)) {                                                 \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s has dtype %s but %s is required", #tensor,               \
                    ::op::ToString((tensor)->GetDataType()).GetString(),                                  \
                    ::op::ToString(expectedDtype).GetString());                                           \
            retExpr;                                                                                      \
        }                                                                                                 \
    } while (0)

#define OP_CHECK_MAX_DIM(tensor, maxDim, retExpr)                                                           \
    do {                                                                                                     \
        if ((tensor)->GetViewShape().GetDimNum() > static_cast<size_t>(maxDim)) {                            \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s has %zu dims; at most %zu are supported", #tensor,          \
                    (tensor)->GetViewShape().GetDimNum(), static_cast<size_t>(maxDim));                      \
            retExpr;                                                                                         \
        }                                                                                                    \
    } while (0)

#define OP_CHECK_MIN_DIM(tensor, minDim, retExpr)                                                           \
    do {                                                                                                     \
        if ((tensor)->GetViewShape().GetDimNum() < static_cast<size_t>(minDim)) {                            \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s has %zu dims; at least %zu are required", #tensor,          \
                    (tensor)->GetViewShape().GetDimNum(), static_cast<size_t>(minDim));                      \
            retExpr;                                                                                         \
        }                                                                                                    \
    } while (0)

#define OP_CHECK_SHAPE_NOT_EQUAL(tensor1, tensor2, retExpr)                                               \
    do {                                                                                                   \
        if ((tensor1)->GetViewShape() != (tensor2)->GetViewShape()) {                                      \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s %s and %s %s must have the same shape", #tensor1,         \
                    ::op::ToString((tensor1)->GetViewShape()).GetString(), #tensor2,                       \
                    ::op::ToString((tensor2)->GetViewShape()).GetString());                                \
            retExpr;                                                                                       \
        }                                                                                                  \
    } while (0)

#define OP_CHECK_BROADCAST(tensor1, tensor2, retExpr)                                                     \
    do {                                                                                                   \
        ::op::Shape kgBroadcastShape_;                                                                     \
        if (!::op::BroadcastInferShape((tensor1)->GetViewShape(), (tensor2)->GetViewShape(),               \
                                       kgBroadcastShape_)) {                                               \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "shapes of %s %s and %s %s do not broadcast", #tensor1,      \
                    ::op::ToString((tensor1)->GetViewShape()).GetString(), #tensor2,                       \
                    ::op::ToString((tensor2)->GetViewShape()).GetString());                                \
            retExpr;                                                                                       \
        }                                                                                                  \
    } while (0)

#define OP_CHECK_BROADCAST_AND_INFER_SHAPE(tensor1, tensor2, outShape, retExpr)                           \
    do {                                                                                                   \
        if (!::op::BroadcastInferShape((tensor1)->GetViewShape(), (tensor2)->GetViewShape(), outShape)) { \
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "shapes of %s %s and %s %s do not broadcast", #tensor1,      \
                    ::op::ToString((tensor1)->GetViewShape()).GetString(), #tensor2,                       \
                    ::op::ToString((tensor2)->GetViewShape()).GetString());                                \
            retExpr;                                                                                       \
        }                                                                                                  \
    } while (0)

#endif  // KGEMU_ACLNN_KERNELS_COMMON_OP_ERROR_CHECK_H
