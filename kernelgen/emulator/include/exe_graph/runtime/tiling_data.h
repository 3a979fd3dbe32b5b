// kernelgen CPU emulator: gert::TilingData, the raw tiling buffer a tiling function fills.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_TILING_DATA_H
#define KGEMU_EXE_GRAPH_RUNTIME_TILING_DATA_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>

#include "graph/ge_error_codes.h"

namespace gert {
class TilingData {
public:
    TilingData(void* data, size_t capacity) : capacity_(capacity), data_size_(0), data_(data) {}
    size_t GetCapacity() const { return capacity_; }
    size_t GetDataSize() const { return data_size_; }
    // Fails (and leaves the size) when size exceeds the capacity, like CANN.
    ge::graphStatus SetDataSize(const size_t size) {
        if (size > capacity_) return ge::GRAPH_FAILED;
        data_size_ = size;
        return ge::GRAPH_SUCCESS;
    }
    void* GetData() { return data_; }
    void SetData(void* data) { data_ = data; }
    void SetCapacity(size_t capacity) { capacity_ = capacity; }
    // metadef's factory: one buffer holding the TilingData header followed by cap_size bytes of data (what
    // unit tests hand to a TilingContext builder as the tiling buffer)
    static std::unique_ptr<uint8_t[]> CreateCap(const size_t cap_size) {
        std::unique_ptr<uint8_t[]> holder(new (std::nothrow) uint8_t[sizeof(TilingData) + cap_size]());
        if (holder == nullptr) return nullptr;
        new (holder.get()) TilingData(holder.get() + sizeof(TilingData), cap_size);
        return holder;
    }
    const void* GetData() const { return data_; }

    template <typename T, typename std::enable_if<std::is_standard_layout<T>::value, int>::type = 0>
    ge::graphStatus Append(const T& data) {
        return Append(&data, 1);
    }
    template <typename T, typename std::enable_if<std::is_standard_layout<T>::value, int>::type = 0>
    ge::graphStatus Append(const T* data, size_t append_num) {
        const size_t bytes = sizeof(T) * append_num;
        if (data == nullptr || data_size_ + bytes > capacity_) return ge::GRAPH_FAILED;
        std::memcpy(static_cast<uint8_t*>(data_) + data_size_, data, bytes);
        data_size_ += bytes;
        return ge::GRAPH_SUCCESS;
    }

private:
    size_t capacity_;
    size_t data_size_;
    void* data_;
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_TILING_DATA_H
