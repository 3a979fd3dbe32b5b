// kernelgen CPU emulator: gert::ContinuousVector / TypedContinuousVector<T>: a header (capacity, size)
// followed inline by the elements, as list attributes are stored.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_CONTINUOUS_VECTOR_H
#define KGEMU_EXE_GRAPH_RUNTIME_CONTINUOUS_VECTOR_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

#include "graph/ge_error_codes.h"

namespace gert {
class ContinuousVector {
public:
    size_t GetSize() const { return size_; }
    size_t GetCapacity() const { return capacity_; }
    ge::graphStatus SetSize(const size_t size) {
        if (size > capacity_) return ge::GRAPH_FAILED;
        size_ = size;
        return ge::GRAPH_SUCCESS;
    }
    const void* GetData() const { return data_; }
    void* MutableData() { return data_; }
    // Bytes needed for a vector of `capacity` elements of `elem_size` bytes.
    static size_t TotalSize(size_t capacity, size_t elem_size) { return offsetof(ContinuousVector, data_) + capacity * elem_size; }
    // metadef's factory: a vector of `capacity` T's in one buffer (capacity set, size 0)
    template <typename T>
    static std::unique_ptr<uint8_t[]> Create(size_t capacity) {
        const size_t total = TotalSize(capacity, sizeof(T)) + sizeof(T);
        std::unique_ptr<uint8_t[]> holder(new (std::nothrow) uint8_t[total]());
        if (holder == nullptr) return nullptr;
        reinterpret_cast<ContinuousVector*>(holder.get())->Init(capacity);
        return holder;
    }
    void Init(size_t capacity) {
        capacity_ = capacity;
        size_ = 0;
    }

protected:
    size_t capacity_ = 0;
    size_t size_ = 0;
    alignas(8) uint8_t data_[8];
};

template <typename T>
class TypedContinuousVector : private ContinuousVector {
public:
    using ContinuousVector::GetCapacity;
    using ContinuousVector::GetSize;
    using ContinuousVector::SetSize;
    T* MutableData() { return reinterpret_cast<T*>(ContinuousVector::MutableData()); }
    const T* GetData() const { return reinterpret_cast<const T*>(ContinuousVector::GetData()); }
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_CONTINUOUS_VECTOR_H
