// kernelgen CPU emulator: the tensor-list descriptors of DYNAMIC inputs and outputs
// ("kernel_operator_list_tensor_intf.h"): AscendC::ListTensorDesc and AscendC::TensorDesc<T>.
//
// The kernel argument of a DYNAMIC param points at this GM layout (uint64 words), written by the harness:
//   [0]            byte offset of the pointer array
//   per tensor j:  dims | (j << 32), then `dims` shape values
//   pointer array: one data address per tensor
// Every read is checked against the run's registered GM buffers.
#ifndef KGEMU_KERNEL_OPERATOR_LIST_TENSOR_INTF_H
#define KGEMU_KERNEL_OPERATOR_LIST_TENSOR_INTF_H

#include <cstdint>

#include "kernel_operator.h"

namespace AscendC {

template <class T>
class TensorDesc {
public:
    TensorDesc() = default;
    void SetShapeAddr(uint64_t* shapePtr) { shape_ = shapePtr; }
    uint64_t GetDim() const { return dim_; }
    uint64_t GetIndex() const { return index_; }
    uint64_t GetShape(uint32_t offset) const {
        if (shape_ == nullptr) kgemu::detail::fail("TensorDesc::GetShape", "SetShapeAddr was not called");
        if (offset >= dim_) {
            kgemu::detail::fail("TensorDesc::GetShape",
                                kgemu::detail::strf("offset %u is beyond the tensor's %llu dims", offset,
                                                    static_cast<unsigned long long>(dim_)));
        }
        return shape_[offset];
    }
    __gm__ T* GetDataPtr() const { return data_; }
    GlobalTensor<T> GetDataObj() const {
        GlobalTensor<T> g;
        uint64_t n = 1;
        for (uint64_t i = 0; i < dim_ && shape_ != nullptr; ++i) n *= shape_[i];
        g.SetGlobalBuffer(data_, n);
        return g;
    }

    // ---- emulator bookkeeping, filled by ListTensorDesc::GetDesc ----
    uint64_t dim_ = 0;
    uint64_t index_ = 0;
    uint64_t* shape_ = nullptr;
    __gm__ T* data_ = nullptr;
};

class ListTensorDesc {
public:
    ListTensorDesc() = default;
    ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff) {
        Init(data, length, shapeSize);
    }

    void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff) {
        kgemu::detail::api_enter("ListTensorDesc::Init");
        if (data == nullptr) kgemu::detail::fail("ListTensorDesc::Init", "the tensor-list address is null");
        base_ = static_cast<__gm__ uint64_t*>(data);
        const uint64_t offset = Word("ListTensorDesc::Init", 0);
        if (offset % 8 != 0 || offset < 8) {
            kgemu::detail::fail("ListTensorDesc::Init",
                                kgemu::detail::strf("pointer-array offset %llu is not a multiple of 8 bytes past the "
                                                    "header", static_cast<unsigned long long>(offset)));
        }
        ptrs_ = offset / 8;
        count_ = 0;
        for (uint64_t w = 1; w < ptrs_; ++count_) w += 1 + (Word("ListTensorDesc::Init", w) & 0xffffffffULL);
        if (length != 0xffffffffU && (ptrs_ + count_) * 8 > length) {
            kgemu::detail::fail("ListTensorDesc::Init",
                                kgemu::detail::strf("the list needs %llu bytes but length is %u",
                                                    static_cast<unsigned long long>((ptrs_ + count_) * 8), length));
        }
        if (shapeSize != 0xffffffffU && shapeSize != count_) {
            kgemu::detail::fail("ListTensorDesc::Init", kgemu::detail::strf("shapeSize %u but the list holds %u "
                                                                            "tensors", shapeSize, count_));
        }
    }

    template <class T>
    void GetDesc(TensorDesc<T>& desc, uint32_t index) {
        const char* api = "ListTensorDesc::GetDesc";
        Check(api, index);
        uint64_t w = 1;
        for (uint32_t j = 0; j < index; ++j) w += 1 + (Word(api, w) & 0xffffffffULL);
        const uint64_t info = Word(api, w);
        desc.dim_ = info & 0xffffffffULL;
        desc.index_ = info >> 32;
        if (desc.shape_ == nullptr) kgemu::detail::fail(api, "call TensorDesc::SetShapeAddr before GetDesc");
        for (uint64_t d = 0; d < desc.dim_; ++d) desc.shape_[d] = Word(api, w + 1 + d);
        desc.data_ = GetDataPtr<T>(index);
    }

    template <class T>
    __gm__ T* GetDataPtr(uint32_t index) {
        Check("ListTensorDesc::GetDataPtr", index);
        return reinterpret_cast<__gm__ T*>(static_cast<uintptr_t>(Word("ListTensorDesc::GetDataPtr", ptrs_ + index)));
    }

    uint32_t GetSize() {
        if (base_ == nullptr) kgemu::detail::fail("ListTensorDesc::GetSize", "Init was not called");
        return count_;
    }

private:
    uint64_t Word(const char* api, uint64_t i) const {
        kgemu::detail::api_enter(api);
        kgemu::detail::gm_check(api, base_ + i, sizeof(uint64_t), false);
        return base_[i];
    }
    void Check(const char* api, uint32_t index) const {
        if (base_ == nullptr) kgemu::detail::fail(api, "Init was not called");
        if (index >= count_) {
            kgemu::detail::fail(api, kgemu::detail::strf("index %u is beyond the list's %u tensors", index, count_));
        }
    }

    __gm__ uint64_t* base_ = nullptr;
    uint64_t ptrs_ = 0;
    uint32_t count_ = 0;
};

}  // namespace AscendC

#endif  // KGEMU_KERNEL_OPERATOR_LIST_TENSOR_INTF_H
