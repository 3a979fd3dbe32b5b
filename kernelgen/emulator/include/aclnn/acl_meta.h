// kernelgen CPU emulator: aclnn/acl_meta.h. The aclnn argument objects (aclTensor, aclScalar, arrays, lists)
// and their create/destroy/query calls. The objects are opaque here; opdev/common_types.h defines them.
#ifndef KGEMU_ACLNN_ACL_META_H
#define KGEMU_ACLNN_ACL_META_H

#include <stdbool.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t aclnnStatus;  // declared here, as in CANN, for the opbuild-generated headers

typedef struct aclOpExecutor aclOpExecutor;
typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
typedef struct aclIntArray aclIntArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclBoolArray aclBoolArray;
typedef struct aclTensorList aclTensorList;

// A view of viewDimsNum dims with element strides over storage at tensorData (device memory): element i of the
// view is at tensorData + (offset + sum(index_k * stride_k)) * elementSize. Returns null for malformed
// arguments (null dims with a non-zero count, negative dims, unknown dtype); the reason is in aclGetRecentErrMsg.
ACL_FUNC_VISIBILITY aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                               const int64_t* stride, int64_t offset, aclFormat format,
                                               const int64_t* storageDims, uint64_t storageDimsNum,
                                               void* tensorData);
ACL_FUNC_VISIBILITY aclScalar* aclCreateScalar(void* value, aclDataType dataType);
ACL_FUNC_VISIBILITY aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size);
ACL_FUNC_VISIBILITY aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size);
ACL_FUNC_VISIBILITY aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size);
ACL_FUNC_VISIBILITY aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size);

ACL_FUNC_VISIBILITY int32_t aclDestroyTensor(const aclTensor* tensor);
ACL_FUNC_VISIBILITY int32_t aclDestroyScalar(const aclScalar* scalar);
ACL_FUNC_VISIBILITY int32_t aclDestroyIntArray(const aclIntArray* array);
ACL_FUNC_VISIBILITY int32_t aclDestroyFloatArray(const aclFloatArray* array);
ACL_FUNC_VISIBILITY int32_t aclDestroyBoolArray(const aclBoolArray* array);
ACL_FUNC_VISIBILITY int32_t aclDestroyTensorList(const aclTensorList* array);

// The arrays returned through viewDims/storageDims/stridesValue are allocated with new[]; free with delete[].
ACL_FUNC_VISIBILITY int32_t aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum);
ACL_FUNC_VISIBILITY int32_t aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims,
                                               uint64_t* storageDimsNum);
ACL_FUNC_VISIBILITY int32_t aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue, uint64_t* stridesNum);
ACL_FUNC_VISIBILITY int32_t aclGetViewOffset(const aclTensor* tensor, int64_t* offset);
ACL_FUNC_VISIBILITY int32_t aclGetFormat(const aclTensor* tensor, aclFormat* format);
ACL_FUNC_VISIBILITY int32_t aclGetDataType(const aclTensor* tensor, aclDataType* dataType);
ACL_FUNC_VISIBILITY int32_t aclGetIntArraySize(const aclIntArray* array, uint64_t* size);
ACL_FUNC_VISIBILITY int32_t aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size);
ACL_FUNC_VISIBILITY int32_t aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size);
ACL_FUNC_VISIBILITY int32_t aclGetTensorListSize(const aclTensorList* tensorList, uint64_t* size);

#ifdef __cplusplus
}
#endif

#endif  // KGEMU_ACLNN_ACL_META_H
