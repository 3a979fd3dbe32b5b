// kernelgen CPU emulator: aclnn/aclnn_base.h. aclnnStatus and the aclnn status codes with their CANN values,
// plus the executor-level calls every aclnn API shares.
#ifndef KGEMU_ACLNN_ACLNN_BASE_H
#define KGEMU_ACLNN_ACLNN_BASE_H

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

static const aclnnStatus ACLNN_SUCCESS = 0;
static const aclnnStatus ACLNN_ERR_PARAM_NULLPTR = 161001;
static const aclnnStatus ACLNN_ERR_PARAM_INVALID = 161002;
static const aclnnStatus ACLNN_ERR_RUNTIME_ERROR = 361001;
static const aclnnStatus ACLNN_ERR_INNER = 561000;
static const aclnnStatus ACLNN_ERR_INNER_INFERSHAPE_ERROR = 561001;
static const aclnnStatus ACLNN_ERR_INNER_TILING_ERROR = 561002;
static const aclnnStatus ACLNN_ERR_INNER_FIND_KERNEL_ERROR = 561003;
static const aclnnStatus ACLNN_ERR_INNER_CREATE_EXECUTOR = 561101;
static const aclnnStatus ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR = 561102;
static const aclnnStatus ACLNN_ERR_INNER_NULLPTR = 561103;
static const aclnnStatus ACLNN_ERR_INNER_WRONG_ATTR_INFO_SIZE = 561104;
static const aclnnStatus ACLNN_ERR_INNER_KEY_CONFLICT = 561105;
static const aclnnStatus ACLNN_ERR_INNER_KEY_CONFILICT = 561105;  // deprecated spelling kept by CANN
static const aclnnStatus ACLNN_ERR_INNER_INVALID_IMPL_MODE = 561106;
static const aclnnStatus ACLNN_ERR_INNER_OPP_PATH_NOT_FOUND = 561107;
static const aclnnStatus ACLNN_ERR_INNER_LOAD_JSON_FAILED = 561108;
static const aclnnStatus ACLNN_ERR_INNER_JSON_VALUE_NOT_FOUND = 561109;
static const aclnnStatus ACLNN_ERR_INNER_JSON_FORMAT_INVALID = 561110;
static const aclnnStatus ACLNN_ERR_INNER_JSON_DTYPE_INVALID = 561111;
static const aclnnStatus ACLNN_ERR_INNER_OPP_KERNEL_PKG_NOT_FOUND = 561112;
static const aclnnStatus ACLNN_ERR_INNER_OP_FILE_INVALID = 561113;
static const aclnnStatus ACLNN_ERR_INNER_ATTR_NUM_OUT_OF_BOUND = 561114;
static const aclnnStatus ACLNN_ERR_INNER_ATTR_LEN_NOT_ENOUGH = 561115;
static const aclnnStatus ACLNN_ERR_INNER_INPUT_NUM_IN_JSON_TOO_LARGE = 561116;
static const aclnnStatus ACLNN_ERR_INNER_INPUT_JSON_IS_NULL = 561117;
static const aclnnStatus ACLNN_ERR_INNER_STATIC_WORKSPACE_INVALID = 561118;
static const aclnnStatus ACLNN_ERR_INNER_STATIC_BLOCK_DIM_INVALID = 561119;

// Frees an executor that a first stage returned but that will not be run.
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor);
// aclnn's own initialisation (CANN: loads the operator binaries); the emulator has nothing to load: both succeed.
ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char* configPath);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize(void);
// Lets an executor be run more than once (it is then freed only by aclDestroyAclOpExecutor).
ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor);

#ifdef __cplusplus
}
#endif

#endif  // KGEMU_ACLNN_ACLNN_BASE_H
