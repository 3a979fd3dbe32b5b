// kernelgen CPU emulator: gert::ExtendedKernelContext, the accessors every host context shares
// (tensor descriptions, IR instance info, attributes, node name/type). Contexts are views over the
// harness's kgemu::detail::HostNode; host code only ever receives pointers to them.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_EXTENDED_KERNEL_CONTEXT_H
#define KGEMU_EXE_GRAPH_RUNTIME_EXTENDED_KERNEL_CONTEXT_H

#include <cstddef>
#include <cstdint>
#include <limits>

#include "exe_graph/runtime/compute_node_info.h"
#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor.h"
#include "graph/ge_error_codes.h"
#include "graph/types.h"
#ifndef KGEMU_HOST_DETAIL_OK
#define KGEMU_HOST_DETAIL_OK
#endif
#include "kgemu/detail/host_node.h"

namespace gert {
// metadef's base of every context; registered tiling-parse functions are called through it
// (OpImplKernelRegistry::OpImplFunctions::tiling_parse takes a KernelContext*, as ops-nn's unit tests call it)
class KernelContext {};

class ExtendedKernelContext : public KernelContext {
public:
    explicit ExtendedKernelContext(kgemu::detail::HostNode* node) : node_(node) {}
    ExtendedKernelContext(const ExtendedKernelContext&) = delete;
    ExtendedKernelContext& operator=(const ExtendedKernelContext&) = delete;

    const CompileTimeTensorDesc* GetInputDesc(const size_t index) const { return node_->info.GetInputTdInfo(index); }
    const CompileTimeTensorDesc* GetOptionalInputDesc(const size_t ir_index) const {
        return GetDynamicInputDesc(ir_index, 0);
    }
    const CompileTimeTensorDesc* GetRequiredInputDesc(const size_t ir_index) const {
        return GetDynamicInputDesc(ir_index, 0);
    }
    const CompileTimeTensorDesc* GetDynamicInputDesc(const size_t ir_index, const size_t relative_index) const {
        const size_t i = InputInstance(ir_index, relative_index);
        return i == kNone ? nullptr : node_->info.GetInputTdInfo(i);
    }
    const CompileTimeTensorDesc* GetOutputDesc(const size_t index) const { return node_->info.GetOutputTdInfo(index); }
    const CompileTimeTensorDesc* GetDynamicOutputDesc(const size_t ir_index, const size_t relative_index) const {
        const size_t i = OutputInstance(ir_index, relative_index);
        return i == kNone ? nullptr : node_->info.GetOutputTdInfo(i);
    }
    const AnchorInstanceInfo* GetIrInputInstanceInfo(const size_t ir_index) const {
        return node_->info.GetInputInstanceInfo(ir_index);
    }
    const AnchorInstanceInfo* GetIrOutputInstanceInfo(const size_t ir_index) const {
        return node_->info.GetOutputInstanceInfo(ir_index);
    }
    size_t GetComputeNodeInputNum() const { return node_->info.GetInputsNum(); }
    size_t GetComputeNodeOutputNum() const { return node_->info.GetOutputsNum(); }
    const RuntimeAttrs* GetAttrs() const { return node_->info.GetAttrs(); }
    const char* GetNodeType() const { return node_->info.GetNodeType(); }
    const char* GetNodeName() const { return node_->info.GetNodeName(); }
    const ComputeNodeInfo* GetComputeNodeInfo() const { return &node_->info; }

    // emulator-private
    kgemu::detail::HostNode* KgNode() const { return node_; }

protected:
    static constexpr size_t kNone = std::numeric_limits<size_t>::max();
    size_t InputInstance(size_t ir_index, size_t relative_index) const {
        const AnchorInstanceInfo* ins = GetIrInputInstanceInfo(ir_index);
        if (ins == nullptr || ins->GetInstanceNum() <= relative_index) return kNone;
        return ins->GetInstanceStart() + relative_index;
    }
    size_t OutputInstance(size_t ir_index, size_t relative_index) const {
        const AnchorInstanceInfo* ins = GetIrOutputInstanceInfo(ir_index);
        if (ins == nullptr || ins->GetInstanceNum() <= relative_index) return kNone;
        return ins->GetInstanceStart() + relative_index;
    }
    const StorageShape* InShape(size_t i) const { return i < node_->in_shapes.size() ? &node_->in_shapes[i] : nullptr; }
    const Tensor* InTensor(size_t i) const { return i < node_->in_tensors.size() ? &node_->in_tensors[i] : nullptr; }
    kgemu::detail::HostNode* node_;
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_EXTENDED_KERNEL_CONTEXT_H
