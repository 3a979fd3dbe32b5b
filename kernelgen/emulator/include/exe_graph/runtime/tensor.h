// kernelgen CPU emulator: gert::Tensor as the host contexts hand it out (shape, format, dtype, address).
// The address is the host buffer standing in for GM; it is non-null only for inputs that declared a value
// dependency (OpParamDef::ValueDepend, or InputsDataDependency / TilingInputsDataDependency), as on CANN.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_TENSOR_H
#define KGEMU_EXE_GRAPH_RUNTIME_TENSOR_H

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/storage_format.h"
#include "exe_graph/runtime/storage_shape.h"
#include "graph/types.h"

namespace gert {
enum TensorPlacement { kOnDeviceHbm, kOnHost, kFollowing, kOnDeviceP2p, kTensorPlacementEnd };

class Tensor {
public:
    Tensor() = default;
    Tensor(const StorageShape& shape, const StorageFormat& format, ge::DataType data_type)
        : shape_(shape), format_(format), data_type_(data_type) {}

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
    TensorPlacement GetPlacement() const { return kOnHost; }

    const void* GetAddr() const { return addr_; }
    void* GetAddr() { return addr_; }
    template <typename T>
    const T* GetData() const { return static_cast<const T*>(addr_); }
    template <typename T>
    T* GetData() { return static_cast<T*>(addr_); }
    size_t GetSize() const { return size_; }
    bool IsEmpty() const { return GetShapeSize() == 0; }

    // emulator-private: set by the harness
    void KgSetData(void* addr, size_t size) {
        addr_ = addr;
        size_ = size;
    }

private:
    StorageShape shape_;
    StorageFormat format_;
    ge::DataType data_type_ = ge::DT_UNDEFINED;
    void* addr_ = nullptr;
    size_t size_ = 0;
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_TENSOR_H
