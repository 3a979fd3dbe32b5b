// aclnnSqErrLite: Contiguous -> Sub (broadcasting) -> the SquareLite kernel -> ReduceSumOp (reduction 1)
// -> ViewCopy into out.
#include "aclnn_sq_err_lite.h"
#include "square_lite.h"
#include "aclnn_kernels/contiguous.h"
#include "level0/reduce_sum_op.h"
#include "level0/sub.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/op_log.h"

extern "C" aclnnStatus aclnnSqErrLiteGetWorkspaceSize(const aclTensor* self, const aclTensor* target,
                                                      int64_t reduction, aclTensor* out, uint64_t* workspaceSize,
                                                      aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnSqErrLite, DFX_IN(self, target, reduction), DFX_OUT(out));
    if (self == nullptr || target == nullptr || out == nullptr) {
        OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "self, target and out must not be null");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (reduction != 0 && reduction != 1) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "reduction must be 0 (none) or 1 (sum), got %ld", reduction);
        return ACLNN_ERR_PARAM_INVALID;
    }
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    auto targetContiguous = l0op::Contiguous(target, uniqueExecutor.get());
    CHECK_RET(selfContiguous != nullptr && targetContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto diff = l0op::Sub(selfContiguous, targetContiguous, uniqueExecutor.get());
    CHECK_RET(diff != nullptr, ACLNN_ERR_INNER_NULLPTR);
    const aclTensor* result = l0op::SquareLite(diff, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    if (reduction == 1) {
        std::vector<int64_t> axes;
        for (size_t i = 0; i < result->GetViewShape().GetDimNum(); ++i) {
            axes.push_back(static_cast<int64_t>(i));
        }
        auto axesArray = uniqueExecutor.get()->AllocIntArray(axes.data(), axes.size());
        result = l0op::ReduceSumOp(result, axesArray, false, uniqueExecutor.get());
        CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    auto copied = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

extern "C" aclnnStatus aclnnSqErrLite(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                      aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnSqErrLite);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}
