// kernelgen CPU emulator: gert::StorageShape (origin shape + runtime storage shape).
#ifndef KGEMU_EXE_GRAPH_RUNTIME_STORAGE_SHAPE_H
#define KGEMU_EXE_GRAPH_RUNTIME_STORAGE_SHAPE_H

#include <initializer_list>

#include "exe_graph/runtime/shape.h"

namespace gert {
struct StorageShape {
public:
    StorageShape() = default;
    StorageShape(const std::initializer_list<int64_t>& origin_shape, const std::initializer_list<int64_t>& storage_shape)
        : origin_shape_(origin_shape), storage_shape_(storage_shape) {}
    StorageShape(const Shape& origin_shape, const Shape& storage_shape)
        : origin_shape_(origin_shape), storage_shape_(storage_shape) {}
    const Shape& GetOriginShape() const { return origin_shape_; }
    const Shape& GetStorageShape() const { return storage_shape_; }
    // The view shape of a tensor made as a view (aclnn's strided tensors); the emulator's tensors are contiguous,
    // so it is the storage shape.
    const Shape& GetShape() const { return storage_shape_; }
    Shape& MutableOriginShape() { return origin_shape_; }
    Shape& MutableStorageShape() { return storage_shape_; }
    bool operator==(const StorageShape& other) const {
        return origin_shape_ == other.origin_shape_ && storage_shape_ == other.storage_shape_;
    }
    bool operator!=(const StorageShape& other) const { return !(*this == other); }

private:
    Shape origin_shape_;
    Shape storage_shape_;
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_STORAGE_SHAPE_H
