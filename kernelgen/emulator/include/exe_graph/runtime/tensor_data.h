// kernelgen CPU emulator: gert::TensorData, the address (and size, placement) behind a gert::Tensor, as metadef
// declares it. The emulator never frees what a TensorData points at (no manager callbacks): the owner of the
// buffer (the harness, a unit test) keeps it alive.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_TENSOR_DATA_H
#define KGEMU_EXE_GRAPH_RUNTIME_TENSOR_DATA_H

#include <cstddef>
#include <cstdint>

#include "graph/ge_error_codes.h"

namespace gert {
enum TensorPlacement { kOnDeviceHbm, kOnHost, kFollowing, kOnDeviceP2p, kTensorPlacementEnd };
using TensorAddress = void*;
using ConstTensorAddressPtr = const void*;

class TensorData {
public:
    TensorData() = default;
    explicit TensorData(TensorAddress addr, void* manager = nullptr, size_t size = 0,
                        TensorPlacement placement = kTensorPlacementEnd)
        : addr_(addr), size_(size), placement_(placement) {
        (void)manager;
    }
    TensorData(const TensorData&) = default;
    TensorData& operator=(const TensorData&) = default;
    TensorAddress GetAddr() const { return addr_; }
    size_t GetSize() const { return size_; }
    void SetSize(size_t size) { size_ = size; }
    TensorPlacement GetPlacement() const { return placement_; }
    void SetPlacement(TensorPlacement placement) { placement_ = placement; }
    ge::graphStatus SetAddr(ConstTensorAddressPtr addr, void* manager = nullptr) {
        (void)manager;
        addr_ = const_cast<void*>(addr);
        return ge::GRAPH_SUCCESS;
    }
    ge::graphStatus Free() {
        addr_ = nullptr;
        size_ = 0;
        return ge::GRAPH_SUCCESS;
    }
    bool IsSharedWith(const TensorData& other) const { return addr_ == other.addr_; }

private:
    TensorAddress addr_ = nullptr;
    size_t size_ = 0;
    TensorPlacement placement_ = kTensorPlacementEnd;
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_TENSOR_DATA_H
