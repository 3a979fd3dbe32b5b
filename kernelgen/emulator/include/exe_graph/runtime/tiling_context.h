// kernelgen CPU emulator: gert::TilingContext, what a tiling function (IMPL_OP_OPTILING(...).Tiling(fn))
// receives. Shapes, descriptions and attrs come from the run request; everything the function sets
// (key, block dim, tiling data, workspace sizes, ...) is read back by the harness after it returns.
// The raw tiling buffer starts filled with 0xCD: like on the NPU, GetTilingData<T>() does not construct T.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_TILING_CONTEXT_H
#define KGEMU_EXE_GRAPH_RUNTIME_TILING_CONTEXT_H

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <initializer_list>
#include <type_traits>
#include <vector>

#include "exe_graph/runtime/extended_kernel_context.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor.h"
#include "exe_graph/runtime/tiling_data.h"
#include "platform/platform_infos_def.h"

namespace kgemu {
// A host-side misuse that CANN would not report but that crashes or corrupts the host there (the harness makes
// the run a defect, KG_DEFECT, with this text).
class HostDefect : public std::runtime_error {
public:
    explicit HostDefect(const std::string& what) : std::runtime_error(what) {}
};
namespace detail {
// BEGIN_TILING_DATA_DEF classes (register/tilingdata_base.h, host side) carry this marker.
template <typename T, typename = void>
struct is_tiling_def_class : std::false_type {};
template <typename T>
struct is_tiling_def_class<T, std::void_t<typename T::kg_tiling_def_class>> : std::true_type {};
}  // namespace detail
}  // namespace kgemu

namespace gert {
struct Dim3 {
    uint32_t x, y, z;
    Dim3(const uint32_t dim3_x, const uint32_t dim3_y = 1, const uint32_t dim3_z = 1) : x(dim3_x), y(dim3_y), z(dim3_z) {}
};

// A tensor view's strides, in elements (metadef's gert::Stride): the emulator's tensors are contiguous, so
// GetInputStride / GetOutputStride return nullptr; host code (opbase's broadcast tiling) keeps Stride values.
class Stride {
public:
    Stride() = default;
    Stride(std::initializer_list<int64_t> strides) : strides_(strides) {}
    size_t GetDimNum() const { return strides_.size(); }
    void SetDimNum(size_t n) { strides_.resize(n, 0); }
    int64_t GetStride(size_t i) const { return i < strides_.size() ? strides_[i] : 0; }
    void SetStride(size_t i, int64_t v) {
        if (i >= strides_.size()) strides_.resize(i + 1, 0);
        strides_[i] = v;
    }
    Stride& AppendStride(int64_t v) {
        strides_.push_back(v);
        return *this;
    }
    // by index, unchecked, as Shape's (index/index's non-contiguous tiling compares strides element by element)
    const int64_t& operator[](const size_t idx) const { return strides_[idx]; }
    int64_t& operator[](const size_t idx) { return strides_[idx]; }
    bool operator==(const Stride& o) const { return strides_ == o.strides_; }
    bool operator!=(const Stride& o) const { return strides_ != o.strides_; }

private:
    std::vector<int64_t> strides_;
};

class TilingContext : public ExtendedKernelContext {
public:
    using ExtendedKernelContext::ExtendedKernelContext;

    const void* GetCompileInfo() const { return node_->compile_info; }
    template <typename T>
    const T* GetCompileInfo() const {
        return reinterpret_cast<const T*>(GetCompileInfo());
    }

    const StorageShape* GetInputShape(const size_t index) const { return InShape(index); }
    const Tensor* GetInputTensor(const size_t index) const { return InTensor(index); }
    const Tensor* GetOptionalInputTensor(const size_t ir_index) const { return InTensor(InputInstance(ir_index, 0)); }
    const Tensor* GetDynamicInputTensor(const size_t ir_index, const size_t relative_index) const {
        return InTensor(InputInstance(ir_index, relative_index));
    }
    const Tensor* GetRequiredInputTensor(const size_t ir_index) const { return InTensor(InputInstance(ir_index, 0)); }
    const StorageShape* GetOptionalInputShape(const size_t ir_index) const { return InShape(InputInstance(ir_index, 0)); }
    const StorageShape* GetRequiredInputShape(const size_t ir_index) const { return InShape(InputInstance(ir_index, 0)); }
    const StorageShape* GetDynamicInputShape(const size_t ir_index, const size_t relative_index) const {
        return InShape(InputInstance(ir_index, relative_index));
    }
    const StorageShape* GetOutputShape(const size_t index) const {
        return index < node_->out_shapes.size() ? &node_->out_shapes[index] : nullptr;
    }

    ge::graphStatus SetTilingKey(const uint64_t tiling_key) {
        node_->tiling_key = tiling_key;
        node_->tiling_key_set = true;
        return ge::GRAPH_SUCCESS;
    }
    uint64_t GetTilingKey() const { return node_->tiling_key; }
    ge::graphStatus SetScheduleMode(const uint32_t schedule_mode) {
        node_->schedule_mode = schedule_mode;
        return ge::GRAPH_SUCCESS;
    }
    uint32_t GetScheduleMode() const { return node_->schedule_mode; }
    ge::graphStatus SetBlockDim(const uint32_t block_dim) { return SetSimdNumBlocks(block_dim); }
    ge::graphStatus SetSimdNumBlocks(const uint32_t num_blocks) {
        node_->block_dim = num_blocks;
        node_->block_dim_set = true;
        return ge::GRAPH_SUCCESS;
    }
    uint32_t GetBlockDim() const { return GetSimdNumBlocks(); }
    uint32_t GetSimdNumBlocks() const { return node_->block_dim; }
    ge::graphStatus SetAicpuBlockDim(uint32_t block_dim) { return SetAicpuNumBlocks(block_dim); }
    ge::graphStatus SetAicpuNumBlocks(uint32_t num_blocks) {
        node_->aicpu_block_dim = num_blocks;
        return ge::GRAPH_SUCCESS;
    }
    uint32_t GetAicpuBlockDim() const { return node_->aicpu_block_dim; }
    uint32_t GetAicpuNumBlocks() const { return node_->aicpu_block_dim; }
    ge::graphStatus SetTilingCond(int32_t tiling_cond) {
        node_->tiling_cond = tiling_cond;
        return ge::GRAPH_SUCCESS;
    }
    int32_t GetTilingCond() const { return node_->tiling_cond; }
    ge::graphStatus SetNeedAtomic(const bool atomic) {
        node_->need_atomic = atomic;
        return ge::GRAPH_SUCCESS;
    }
    bool NeedAtomic() const { return node_->need_atomic; }

    // Typed view of the raw tiling buffer; records sizeof(T) as the written size. nullptr if T does not fit.
    // A BEGIN_TILING_DATA_DEF class is not a plain struct: CANN reinterprets the raw buffer as one without
    // constructing it, so its set_* methods write through a data pointer nobody set (on CANN a host crash or
    // corrupted memory); the emulator makes that a defect before the tiling function touches it.
    template <typename T>
    auto GetTilingData() -> T* {
        if constexpr (kgemu::detail::is_tiling_def_class<T>::value) {
            throw kgemu::HostDefect(std::string("GetTilingData<") + T::kg_class_name + ">: " + T::kg_class_name +
                                    " is a BEGIN_TILING_DATA_DEF class, not a plain struct; GetTilingData reinterprets "
                                    "the raw tiling buffer as it without constructing it, so its set_* methods write "
                                    "through an unset data pointer (a host crash on CANN): fill an instance and call "
                                    "SaveToBuffer, or declare the tiling data as a plain struct");
        }
        TilingData* tiling_data = GetRawTilingData();
        if (tiling_data == nullptr || tiling_data->GetCapacity() < sizeof(T)) return nullptr;
        (void)tiling_data->SetDataSize(sizeof(T));
        return static_cast<T*>(tiling_data->GetData());
    }
    TilingData* GetRawTilingData() { return node_->tiling_data; }

    size_t* GetWorkspaceSizes(const size_t workspace_count) {
        if (node_->workspace_cv != nullptr) {  // a unit test's vector, as CANN writes the context's own
            if (node_->workspace_cv->SetSize(workspace_count) != ge::GRAPH_SUCCESS) return nullptr;
            node_->workspace_num = workspace_count;
            return static_cast<size_t*>(node_->workspace_cv->MutableData());
        }
        if (workspace_count > node_->workspace.size()) return nullptr;
        node_->workspace_num = workspace_count;
        return node_->workspace.data();
    }
    size_t GetWorkspaceNum() const { return node_->workspace_num; }

    fe::PlatFormInfos* GetPlatformInfo() const { return node_->platform; }
    int32_t GetDeterministic() const { return node_->deterministic; }
    int32_t GetDeterministicLevel() const { return node_->deterministic; }

    ge::graphStatus SetLocalMemorySize(const uint32_t local_memory_size) { return SetDynUBufSize(local_memory_size); }
    ge::graphStatus SetDynUBufSize(const uint32_t dyn_ubuf_size) {
        node_->dyn_ubuf_size = dyn_ubuf_size;
        return ge::GRAPH_SUCCESS;
    }
    uint32_t GetLocalMemorySize() const { return node_->dyn_ubuf_size; }
    uint32_t GetDynUBufSize() const { return node_->dyn_ubuf_size; }

    // The emulator's tensors are always contiguous: no views, strides or offsets.
    bool InputIsView(const size_t) const { return false; }
    bool OutputIsView(const size_t) const { return false; }
    const Stride* GetInputStride(const size_t) const { return nullptr; }
    const Stride* GetOutputStride(const size_t) const { return nullptr; }
    const Stride* GetDynamicInputStride(const size_t, const size_t) const { return nullptr; }  // a list's tensor
    int64_t GetInputOffset(const size_t) const { return -1; }
    int64_t GetOutputOffset(const size_t) const { return -1; }
    bool OptionalInputIsView(const size_t) const { return false; }
    bool RequiredInputIsView(const size_t) const { return false; }
    bool DynamicInputIsView(const size_t, const size_t) const { return false; }
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_TILING_CONTEXT_H
