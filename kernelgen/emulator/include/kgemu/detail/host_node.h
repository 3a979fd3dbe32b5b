// kernelgen CPU emulator (private): HostNode, the one object behind every gert context the harness hands to
// host code (TilingParseContext, TilingContext, InferShapeContext, InferDataTypeContext). The harness fills
// the inputs/outputs/attrs from the KgRunRequest; tiling functions write their results into it.
#include "kgemu/detail/host_guard.h"
#ifndef KGEMU_DETAIL_HOST_NODE_H
#define KGEMU_DETAIL_HOST_NODE_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "exe_graph/runtime/compute_node_info.h"
#include "exe_graph/runtime/continuous_vector.h"
#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor.h"
#include "exe_graph/runtime/tiling_data.h"
#include "kgemu/detail/host_attrs.h"
#include "platform/platform_infos_def.h"

namespace kgemu {
namespace detail {

// Most workspaces a tiling function may ask for with GetWorkspaceSizes(n).
constexpr size_t kMaxWorkspaceCount = 64;

struct HostNode {
    HostNode() : attrs(&attr_store), info(this), workspace(kMaxWorkspaceCount, 0) {}
    HostNode(const HostNode&) = delete;
    HostNode& operator=(const HostNode&) = delete;

    std::string op_type;
    std::string node_name;

    // Input instances (absent optional inputs have none), their IR mapping, and the same for outputs.
    std::vector<gert::StorageShape> in_shapes;
    std::vector<gert::CompileTimeTensorDesc> in_descs;
    std::vector<gert::Tensor> in_tensors;
    std::vector<gert::AnchorInstanceInfo> in_ir;
    std::vector<gert::StorageShape> out_shapes;
    std::vector<gert::CompileTimeTensorDesc> out_descs;
    std::vector<gert::Tensor> out_tensors;
    std::vector<gert::AnchorInstanceInfo> out_ir;

    AttrStore attr_store;
    gert::RuntimeAttrs attrs;
    gert::ComputeNodeInfo info;
    fe::PlatFormInfos* platform = nullptr;
    void* compile_info = nullptr;
    std::string compiled_json = "{}";

    // Tiling results.
    uint64_t tiling_key = 0;
    bool tiling_key_set = false;
    uint32_t block_dim = 0;
    bool block_dim_set = false;
    bool need_atomic = false;
    int32_t tiling_cond = 0;
    uint32_t schedule_mode = 0;
    uint32_t dyn_ubuf_size = 0;
    uint32_t aicpu_block_dim = 0;
    gert::TilingData* tiling_data = nullptr;
    std::vector<size_t> workspace;
    size_t workspace_num = 0;
    gert::ContinuousVector* workspace_cv = nullptr;  // a unit test's workspace vector (context builders)
    int32_t deterministic = 0;

    // InferDataType results (DT_UNDEFINED until set).
    std::vector<ge::DataType> out_dtypes;
};

}  // namespace detail
}  // namespace kgemu

namespace gert {
inline const char* ComputeNodeInfo::GetNodeType() const { return node_->op_type.c_str(); }
inline const char* ComputeNodeInfo::GetNodeName() const { return node_->node_name.c_str(); }
inline size_t ComputeNodeInfo::GetIrInputsNum() const { return node_->in_ir.size(); }
inline size_t ComputeNodeInfo::GetIrOutputsNum() const { return node_->out_ir.size(); }
inline size_t ComputeNodeInfo::GetInputsNum() const { return node_->in_descs.size(); }
inline size_t ComputeNodeInfo::GetOutputsNum() const { return node_->out_descs.size(); }
inline const AnchorInstanceInfo* ComputeNodeInfo::GetInputInstanceInfo(const size_t ir_index) const {
    return ir_index < node_->in_ir.size() ? &node_->in_ir[ir_index] : nullptr;
}
inline const AnchorInstanceInfo* ComputeNodeInfo::GetOutputInstanceInfo(const size_t ir_index) const {
    return ir_index < node_->out_ir.size() ? &node_->out_ir[ir_index] : nullptr;
}
inline const RuntimeAttrs* ComputeNodeInfo::GetAttrs() const { return &node_->attrs; }
inline const CompileTimeTensorDesc* ComputeNodeInfo::GetInputTdInfo(const size_t index) const {
    return index < node_->in_descs.size() ? &node_->in_descs[index] : nullptr;
}
inline const CompileTimeTensorDesc* ComputeNodeInfo::GetOutputTdInfo(const size_t index) const {
    return index < node_->out_descs.size() ? &node_->out_descs[index] : nullptr;
}
}  // namespace gert

#endif  // KGEMU_DETAIL_HOST_NODE_H
