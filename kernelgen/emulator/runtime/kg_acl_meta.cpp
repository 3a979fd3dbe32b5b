// kernelgen CPU emulator: aclnn/acl_meta.h (aclCreateTensor & co.) and the opdev helpers for dtypes, shapes,
// formats and the platform (opdev/data_type_utils.h, shape_utils.h, format_utils.h, platform.h).
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "aclnn/acl_meta.h"
#include "opdev/common_types.h"
#include "opdev/data_type_utils.h"
#include "opdev/format_utils.h"
#include "opdev/op_log.h"
#include "opdev/platform.h"
#include "opdev/shape_utils.h"
#define KGEMU_ACL_DETAIL_OK
#include "kgemu/detail/acl_device.h"

namespace kgemu {
namespace acl {
namespace {
std::mutex g_tensorsMu;
std::set<const aclTensor*>& LiveTensors()
{
    static auto* live = new std::set<const aclTensor*>();
    return *live;
}
uint64_t g_tensorSerial = 0;

bool ValidDims(const int64_t* dims, uint64_t n, const char* what)
{
    if (n > gert::Shape::kMaxDimNum) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s has %llu dims; at most %zu are supported", what,
                static_cast<unsigned long long>(n), gert::Shape::kMaxDimNum);
        return false;
    }
    if (n > 0 && dims == nullptr) {
        OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "%s is null but its count is %llu", what, static_cast<unsigned long long>(n));
        return false;
    }
    for (uint64_t i = 0; i < n; ++i) {
        if (dims[i] < 0) {
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s[%llu] is %lld; dims must be >= 0", what,
                    static_cast<unsigned long long>(i), static_cast<long long>(dims[i]));
            return false;
        }
    }
    return true;
}

template <typename Array, typename T>
Array* NewArray(const T* value, uint64_t size, const char* func)
{
    if (size > 0 && value == nullptr) {
        LogError(ACLNN_ERR_PARAM_NULLPTR, func, "value is null but size is %llu", static_cast<unsigned long long>(size));
        return nullptr;
    }
    auto* array = new Array();
    array->values_.assign(value, value + size);
    return array;
}

template <typename Array>
int32_t GetArraySize(const Array* array, uint64_t* size, const char* func)
{
    if (array == nullptr || size == nullptr) {
        LogError(ACLNN_ERR_PARAM_NULLPTR, func, "array or size is null");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    *size = array->Size();
    return ACLNN_SUCCESS;
}

bool IsLiveUserTensor(const aclTensor* tensor)
{
    std::lock_guard<std::mutex> lock(g_tensorsMu);
    return LiveTensors().count(tensor) != 0;
}

int32_t CopyDims(const op::Shape& shape, int64_t** dims, uint64_t* num)
{
    *num = shape.GetDimNum();
    *dims = new int64_t[shape.GetDimNum() == 0 ? 1 : shape.GetDimNum()];
    for (size_t i = 0; i < shape.GetDimNum(); ++i) (*dims)[i] = shape.GetDim(i);
    return ACLNN_SUCCESS;
}
}  // namespace
}  // namespace acl
}  // namespace kgemu

std::string aclTensor::Describe() const
{
    std::string s = name_ + " " + op::ToString(viewShape_).GetString() + " " + op::ToString(dtype_).GetString();
    if (!IsRowMajor() || offset_ != 0) {
        s += " strides [";
        for (size_t i = 0; i < strides_.size(); ++i) s += (i ? "," : "") + std::to_string(strides_[i]);
        s += "] offset " + std::to_string(offset_);
    }
    return s;
}

extern "C" {

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
                           int64_t offset, aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                           void* tensorData)
{
    using namespace kgemu::acl;
    if (!ValidDims(viewDims, viewDimsNum, "viewDims") || !ValidDims(storageDims, storageDimsNum, "storageDims")) {
        return nullptr;
    }
    if (static_cast<int32_t>(dataType) < -1 || static_cast<int32_t>(dataType) >= ge::DT_MAX) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "dataType %d is not an aclDataType", static_cast<int>(dataType));
        return nullptr;
    }
    if (offset < 0) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "offset is %lld; it must be >= 0", static_cast<long long>(offset));
        return nullptr;
    }
    auto tensor = std::make_unique<aclTensor>();
    tensor->dtype_ = dataType == ACL_DT_UNDEFINED ? ge::DT_UNDEFINED : static_cast<ge::DataType>(dataType);
    tensor->format_ = format == ACL_FORMAT_UNDEFINED ? ge::FORMAT_ND : static_cast<ge::Format>(format);
    op::ToShape(viewDims, viewDimsNum, tensor->viewShape_);
    op::ToShape(storageDims, storageDimsNum, tensor->storageShape_);
    tensor->originShape_ = tensor->viewShape_;
    tensor->offset_ = offset;
    tensor->storage_ = tensorData;
    tensor->strides_.assign(viewDimsNum, 0);
    int64_t rowMajor = 1;
    for (uint64_t i = viewDimsNum; i > 0; --i) {
        tensor->strides_[i - 1] = stride != nullptr ? stride[i - 1] : rowMajor;
        rowMajor *= viewDims[i - 1];
        if (tensor->strides_[i - 1] < 0) {
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "stride[%llu] is %lld; strides must be >= 0",
                    static_cast<unsigned long long>(i - 1), static_cast<long long>(tensor->strides_[i - 1]));
            return nullptr;
        }
    }
    // The view must stay inside the storage: its last element is offset + sum((dim - 1) * stride).
    const int64_t numel = tensor->viewShape_.GetShapeSize();
    if (numel > 0) {
        int64_t last = offset;
        for (uint64_t i = 0; i < viewDimsNum; ++i) last += (viewDims[i] - 1) * tensor->strides_[i];
        const int64_t storageNumel = tensor->storageShape_.GetShapeSize();
        if (last >= storageNumel) {
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "the view reaches storage element %lld, but the storage shape %s has "
                    "only %lld elements", static_cast<long long>(last), op::ToString(tensor->storageShape_).GetString(),
                    static_cast<long long>(storageNumel));
            return nullptr;
        }
    }
    std::lock_guard<std::mutex> lock(g_tensorsMu);
    tensor->name_ = "tensor#" + std::to_string(++g_tensorSerial);
    aclTensor* raw = tensor.release();
    LiveTensors().insert(raw);
    CountTensor(1);
    return raw;
}

int32_t aclDestroyTensor(const aclTensor* tensor)
{
    using namespace kgemu::acl;
    if (tensor == nullptr) return ACLNN_SUCCESS;
    {
        std::lock_guard<std::mutex> lock(g_tensorsMu);
        if (LiveTensors().erase(tensor) == 0) {
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%p is not a live aclTensor from aclCreateTensor (destroyed twice?)",
                    static_cast<const void*>(tensor));
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    CountTensor(-1);
    const_cast<aclTensor*>(tensor)->magic_ = kDeadMagic;
    delete tensor;
    return ACLNN_SUCCESS;
}

aclScalar* aclCreateScalar(void* value, aclDataType dataType)
{
    const uint32_t size = kgemu::acl::ElementSize(static_cast<int32_t>(dataType));
    if (value == nullptr || size == 0) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "value is null or dataType %d has no element size", static_cast<int>(dataType));
        return nullptr;
    }
    auto* scalar = new aclScalar();
    scalar->dtype_ = static_cast<ge::DataType>(dataType);
    std::memcpy(scalar->bytes_, value, size);
    return scalar;
}

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size)
{
    return kgemu::acl::NewArray<aclIntArray>(value, size, __func__);
}

aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size)
{
    return kgemu::acl::NewArray<aclFloatArray>(value, size, __func__);
}

aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size)
{
    return kgemu::acl::NewArray<aclBoolArray>(value, size, __func__);
}

aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size)
{
    return kgemu::acl::NewArray<aclTensorList>(value, size, __func__);
}

int32_t aclDestroyScalar(const aclScalar* scalar)
{
    delete scalar;
    return ACLNN_SUCCESS;
}

int32_t aclDestroyIntArray(const aclIntArray* array)
{
    delete array;
    return ACLNN_SUCCESS;
}

int32_t aclDestroyFloatArray(const aclFloatArray* array)
{
    delete array;
    return ACLNN_SUCCESS;
}

int32_t aclDestroyBoolArray(const aclBoolArray* array)
{
    delete array;
    return ACLNN_SUCCESS;
}

int32_t aclDestroyTensorList(const aclTensorList* array)
{
    if (array == nullptr) return ACLNN_SUCCESS;
    for (const aclTensor* t : array->values_) aclDestroyTensor(t);
    delete array;
    return ACLNN_SUCCESS;
}

#define KGEMU_CHECK_TENSOR_ARG(tensor, out)                                                       \
    do {                                                                                          \
        if ((tensor) == nullptr || (out) == nullptr) {                                            \
            OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "tensor or output pointer is null");                 \
            return ACLNN_ERR_PARAM_NULLPTR;                                                       \
        }                                                                                         \
    } while (0)

int32_t aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum)
{
    KGEMU_CHECK_TENSOR_ARG(tensor, viewDims);
    KGEMU_CHECK_TENSOR_ARG(tensor, viewDimsNum);
    return kgemu::acl::CopyDims(tensor->GetViewShape(), viewDims, viewDimsNum);
}

int32_t aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims, uint64_t* storageDimsNum)
{
    KGEMU_CHECK_TENSOR_ARG(tensor, storageDims);
    KGEMU_CHECK_TENSOR_ARG(tensor, storageDimsNum);
    return kgemu::acl::CopyDims(tensor->GetStorageShape(), storageDims, storageDimsNum);
}

int32_t aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue, uint64_t* stridesNum)
{
    KGEMU_CHECK_TENSOR_ARG(tensor, stridesValue);
    KGEMU_CHECK_TENSOR_ARG(tensor, stridesNum);
    const auto& strides = tensor->GetViewStrides();
    *stridesNum = strides.size();
    *stridesValue = new int64_t[strides.empty() ? 1 : strides.size()];
    for (size_t i = 0; i < strides.size(); ++i) (*stridesValue)[i] = strides[i];
    return ACLNN_SUCCESS;
}

int32_t aclGetViewOffset(const aclTensor* tensor, int64_t* offset)
{
    KGEMU_CHECK_TENSOR_ARG(tensor, offset);
    *offset = tensor->GetViewOffset();
    return ACLNN_SUCCESS;
}

int32_t aclGetFormat(const aclTensor* tensor, aclFormat* format)
{
    KGEMU_CHECK_TENSOR_ARG(tensor, format);
    *format = static_cast<aclFormat>(tensor->GetViewFormat());
    return ACLNN_SUCCESS;
}

int32_t aclGetDataType(const aclTensor* tensor, aclDataType* dataType)
{
    KGEMU_CHECK_TENSOR_ARG(tensor, dataType);
    *dataType = op::ToAclDataType(tensor->GetDataType());
    return ACLNN_SUCCESS;
}

int32_t aclGetIntArraySize(const aclIntArray* array, uint64_t* size) { return kgemu::acl::GetArraySize(array, size, __func__); }
int32_t aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size) { return kgemu::acl::GetArraySize(array, size, __func__); }
int32_t aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size) { return kgemu::acl::GetArraySize(array, size, __func__); }
int32_t aclGetTensorListSize(const aclTensorList* list, uint64_t* size) { return kgemu::acl::GetArraySize(list, size, __func__); }

}  // extern "C"
