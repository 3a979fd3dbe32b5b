// aclnnSqErrLite: (self - target)^2 elementwise (reduction 0) or summed to a 0-d out (reduction 1).
#ifndef ACLNN_SQ_ERR_LITE_H_
#define ACLNN_SQ_ERR_LITE_H_
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif
aclnnStatus aclnnSqErrLiteGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                           aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnSqErrLite(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);
#ifdef __cplusplus
}
#endif
#endif
