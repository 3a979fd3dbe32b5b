// kernelgen CPU emulator (private): the aclnn argument objects (aclTensor, aclScalar, aclIntArray, ...) with the
// opdev accessors that op_api code calls, and the op:: type names (op::DataType is ge::DataType, op::Shape is
// gert::Shape, as in CANN). Created by aclCreateTensor & co. (runtime/kg_acl_meta.cpp) or by an executor.
#include "kgemu/detail/acl_guard.h"
#ifndef KGEMU_DETAIL_ACL_OBJECTS_H
#define KGEMU_DETAIL_ACL_OBJECTS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <initializer_list>
#include <vector>

#include "aclnn/acl_meta.h"
#include "exe_graph/runtime/shape.h"
#include "graph/ascend_string.h"
#include "graph/types.h"
#include "kgemu/detail/acl_numeric.h"

namespace op {
using DataType = ge::DataType;
using Format = ge::Format;
using Shape = gert::Shape;
template <typename T>
struct FVectorOf {
    using type = std::vector<T>;
};
// CANN's FVector<bool> has data(); std::vector<bool> has not, so bools are stored one per byte.
class BoolVector : public std::vector<uint8_t> {
public:
    BoolVector() = default;
    BoolVector(std::initializer_list<bool> values)
    {
        for (bool v : values) push_back(v ? 1 : 0);
    }
    const bool* data() const { return reinterpret_cast<const bool*>(std::vector<uint8_t>::data()); }
    bool* data() { return reinterpret_cast<bool*>(std::vector<uint8_t>::data()); }
};
template <>
struct FVectorOf<bool> {
    using type = BoolVector;
};
template <typename T, size_t N = 8>
using FVector = typename FVectorOf<T>::type;
using Strides = FVector<int64_t, 25>;
}  // namespace op

namespace kgemu {
namespace acl {
constexpr uint32_t kTensorMagic = 0x6B675453U;    // "kgTS"
constexpr uint32_t kDeadMagic = 0xDEADBEEFU;

// Where an aclTensor's storage lives.
enum class TensorOrigin {
    kUser,        // aclCreateTensor: the caller's device memory
    kWorkspace,   // executor->AllocTensor: a slice of the workspace, bound when the executor runs
};
}  // namespace acl
}  // namespace kgemu

struct aclOpExecutor;

struct aclTensor {
public:
    // ---- opdev accessors (the names CANN's op_api code uses) ----
    op::DataType GetDataType() const { return dtype_; }
    const op::Shape& GetViewShape() const { return viewShape_; }
    const op::Shape& GetStorageShape() const { return storageShape_; }
    const op::Shape& GetOriginalShape() const { return originShape_; }
    op::Format GetViewFormat() const { return format_; }
    op::Format GetStorageFormat() const { return storageFormatSet_ ? storageFormat_ : format_; }
    op::Format GetOriginalFormat() const { return originFormatSet_ ? originFormat_ : format_; }
    // Format setters only relabel (no data moves), as in CANN. SetViewShape keeps the storage and the strides
    // row-major over the new shape; a shape with more elements than the storage holds is the caller's error,
    // caught when a launch touches it.
    void SetViewFormat(op::Format format) { format_ = format; }
    void SetStorageFormat(op::Format format) { storageFormat_ = format; storageFormatSet_ = true; }
    void SetOriginalFormat(op::Format format) { originFormat_ = format; originFormatSet_ = true; }
    void SetViewShape(const op::Shape& shape)
    {
        viewShape_ = shape;
        strides_.assign(shape.GetDimNum(), 0);
        int64_t stride = 1;
        for (size_t i = shape.GetDimNum(); i > 0; --i) {
            strides_[i - 1] = stride;
            stride *= shape.GetDim(i - 1);
        }
    }
    void SetStorageShape(const op::Shape& shape) { storageShape_ = shape; }
    void SetOriginalShape(const op::Shape& shape) { originShape_ = shape; }
    const op::Strides& GetViewStrides() const { return strides_; }
    int64_t GetViewOffset() const { return offset_; }
    int64_t GetStorageOffset() const { return offset_; }
    void* GetStorageAddr() const { return storage_; }
    // Address of the view's first element (storage + offset elements).
    void* GetData() const
    {
        return storage_ == nullptr ? nullptr
                                   : static_cast<uint8_t*>(storage_) + offset_ * static_cast<int64_t>(ElementSize());
    }
    int64_t Numel() const { return viewShape_.GetShapeSize(); }
    int64_t Size() const { return Numel(); }
    int64_t GetViewShapeSize() const { return Numel(); }
    bool IsEmpty() const { return Numel() == 0; }
    void SetDataType(op::DataType dtype) { dtype_ = dtype; }

    // ---- kernelgen emulator state (not CANN API) ----
    uint32_t ElementSize() const { return kgemu::acl::ElementSize(dtype_); }
    // True when the view is the row-major layout of its shape starting at storage + offset.
    bool IsRowMajor() const
    {
        int64_t expect = 1;
        for (size_t i = viewShape_.GetDimNum(); i > 0; --i) {
            const int64_t dim = viewShape_.GetDim(i - 1);
            if (dim != 1 && strides_[i - 1] != expect) return false;
            expect *= dim;
        }
        return true;
    }
    // Byte address of the element with row-major linear index `linear` of the view.
    uint8_t* ElementAddress(int64_t linear) const
    {
        int64_t elem = offset_;
        for (size_t i = viewShape_.GetDimNum(); i > 0; --i) {
            const int64_t dim = viewShape_.GetDim(i - 1);
            elem += (linear % dim) * strides_[i - 1];
            linear /= dim;
        }
        return static_cast<uint8_t*>(storage_) + elem * static_cast<int64_t>(ElementSize());
    }
    std::string Describe() const;  // e.g. "self [4,2] DT_FLOAT strides [1,4] offset 0"

    uint32_t magic_ = kgemu::acl::kTensorMagic;
    kgemu::acl::TensorOrigin origin_ = kgemu::acl::TensorOrigin::kUser;
    op::DataType dtype_ = ge::DT_UNDEFINED;
    op::Format format_ = ge::FORMAT_ND;          // the view format (and the others until set apart)
    op::Format storageFormat_ = ge::FORMAT_ND;   // SetStorageFormat's, when storageFormatSet_
    op::Format originFormat_ = ge::FORMAT_ND;    // SetOriginalFormat's, when originFormatSet_
    bool storageFormatSet_ = false;
    bool originFormatSet_ = false;
    op::Shape viewShape_;
    op::Shape storageShape_;
    op::Shape originShape_;
    op::Strides strides_;
    int64_t offset_ = 0;
    void* storage_ = nullptr;
    uint64_t workspaceOffset_ = 0;        // kWorkspace: byte offset in the executor's workspace
    const aclOpExecutor* owner_ = nullptr; // kWorkspace: the executor that allocated it
    std::string name_;                     // for messages: the aclnn parameter or "ws#N"
    // A const tensor (ConvertToTensor / ConstTensor): its bytes, known when the plan is made. CANN keeps such a
    // tensor on the host too, so a tiling that depends on its value (ValueDepend) reads it in the first stage.
    std::vector<uint8_t> hostData_;
};

struct aclScalar {
public:
    op::DataType GetDataType() const { return dtype_; }
    template <typename T>
    T ToValue() const { return static_cast<T>(kgemu::acl::LoadAsDouble(bytes_, dtype_)); }
    float ToFloat() const { return ToValue<float>(); }
    double ToDouble() const { return ToValue<double>(); }
    int64_t ToInt64() const { return ToValue<int64_t>(); }
    bool ToBool() const { return kgemu::acl::LoadAsDouble(bytes_, dtype_) != 0.0; }

    op::DataType dtype_ = ge::DT_UNDEFINED;
    uint8_t bytes_[16] = {};
};

template <typename T>
struct KgAclArray {
public:
    uint64_t Size() const { return values_.size(); }
    const T* GetData() const { return values_.data(); }
    const T& operator[](size_t i) const { return values_[i]; }
    T& operator[](size_t i) { return values_[i]; }
    std::vector<T> values_;
};

struct aclIntArray : KgAclArray<int64_t> {};
struct aclFloatArray : KgAclArray<float> {};
struct aclBoolArray {
public:
    uint64_t Size() const { return values_.size(); }
    const bool* GetData() const { return reinterpret_cast<const bool*>(values_.data()); }
    bool operator[](size_t i) const { return values_[i] != 0; }
    std::vector<uint8_t> values_;  // 0/1 bytes (std::vector<bool> has no data())
};
struct aclTensorList : KgAclArray<const aclTensor*> {};

namespace op {
ge::AscendString ToString(DataType dtype);
ge::AscendString ToString(const Shape& shape);
ge::AscendString ToString(Format format);
ge::AscendString ToString(const aclIntArray* array);
}  // namespace op

#endif  // KGEMU_DETAIL_ACL_OBJECTS_H
