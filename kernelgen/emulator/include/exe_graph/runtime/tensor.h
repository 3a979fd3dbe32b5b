// kernelgen CPU emulator: gert::Tensor as the host contexts hand it out (shape, format, dtype, address).
// The address is the host buffer standing in for GM; it is non-null only for inputs that declared a value
// dependency (OpParamDef::ValueDepend, or InputsDataDependency / TilingInputsDataDependency), as on CANN.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_TENSOR_H
#define KGEMU_EXE_GRAPH_RUNTIME_TENSOR_H

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/storage_format.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor_data.h"
#include "graph/types.h"

namespace gert {

class Tensor {
public:
    Tensor() = default;
    Tensor(const StorageShape& shape, const StorageFormat& format, ge::DataType data_type)
        : shape_(shape), format_(format), data_type_(data_type) {}
    // metadef's constructor: the tensor refers to addr (not owned); unit tests build const inputs with it
    Tensor(const StorageShape& shape, const StorageFormat& format, TensorPlacement placement, ge::DataType data_type,
           TensorAddress addr)
        : shape_(shape), format_(format), data_type_(data_type), data_(addr, nullptr, 0, placement) {}

    int64_t GetShapeSize() const { return shape_.GetStorageShape().GetShapeSize(); }
    const Shape& GetOriginShape() const { return shape_.GetOriginShape(); }
    const Shape& GetStorageShape() const { return shape_.GetStorageShape(); }
    Shape& MutableOriginShape() { return shape_.MutableOriginShape(); }
    Shape& MutableStorageShape() { return shape_.MutableStorageShape(); }
    const StorageShape& GetShape() const { return shape_; }
    StorageShape& GetShape() { return shape_; }
    ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
    ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
    const StorageFormat& GetFormat() const { return format_; }
    void SetOriginFormat(ge::Format f) { format_.SetOriginFormat(f); }
    void SetStorageFormat(ge::Format f) { format_.SetStorageFormat(f); }
    ge::DataType GetDataType() const { return data_type_; }
    void SetDataType(ge::DataType dt) { data_type_ = dt; }
    TensorPlacement GetPlacement() const {
        return data_.GetPlacement() == kTensorPlacementEnd ? kOnHost : data_.GetPlacement();
    }
    void SetPlacement(TensorPlacement placement) { data_.SetPlacement(placement); }

    const void* GetAddr() const { return data_.GetAddr(); }
    void* GetAddr() { return data_.GetAddr(); }
    template <typename T>
    const T* GetData() const { return static_cast<const T*>(data_.GetAddr()); }
    template <typename T>
    T* GetData() { return static_cast<T*>(data_.GetAddr()); }
    size_t GetSize() const { return data_.GetSize(); }
    void SetSize(size_t size) { data_.SetSize(size); }
    bool IsEmpty() const { return GetShapeSize() == 0; }
    const TensorData& GetTensorData() const { return data_; }
    TensorData& MutableTensorData() { return data_; }
    void SetData(TensorData&& data) { data_ = data; }
    void SetData(const TensorData& data) { data_ = data; }
    const StorageFormat& GetStorageFormatObj() const { return format_; }
    void SetOriginShape(const Shape& s) { shape_.MutableOriginShape() = s; }
    void SetStorageShape(const Shape& s) { shape_.MutableStorageShape() = s; }

    // emulator-private: set by the harness
    void KgSetData(void* addr, size_t size) { data_ = TensorData(addr, nullptr, size, kOnHost); }

private:
    StorageShape shape_;
    StorageFormat format_;
    ge::DataType data_type_ = ge::DT_UNDEFINED;
    TensorData data_;
};

// metadef's second tensor class (same layout for what the emulator uses); unit-test fakers take either
class TensorV2 : public Tensor {
public:
    using Tensor::Tensor;
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_TENSOR_H
