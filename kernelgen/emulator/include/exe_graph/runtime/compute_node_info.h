// kernelgen CPU emulator: gert::CompileTimeTensorDesc, gert::AnchorInstanceInfo and gert::ComputeNodeInfo.
// "Inputs" here are instances: an absent OPTIONAL input has no instance (so later inputs shift down, as on
// CANN) and a DYNAMIC input has one instance per tensor. IR indices address the OpDef's declarations.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_COMPUTE_NODE_INFO_H
#define KGEMU_EXE_GRAPH_RUNTIME_COMPUTE_NODE_INFO_H

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/storage_format.h"
#include "graph/types.h"

namespace kgemu {
namespace detail {
struct HostNode;
}
}  // namespace kgemu

namespace gert {
class CompileTimeTensorDesc {
public:
    CompileTimeTensorDesc() = default;
    CompileTimeTensorDesc(ge::DataType dt, ge::Format origin, ge::Format storage)
        : data_type_(dt), storage_format_(origin, storage) {}
    ge::DataType GetDataType() const { return data_type_; }
    void SetDataType(const ge::DataType data_type) { data_type_ = data_type; }
    ge::Format GetStorageFormat() const { return storage_format_.GetStorageFormat(); }
    void SetStorageFormat(const ge::Format format) { storage_format_.SetStorageFormat(format); }
    ge::Format GetOriginFormat() const { return storage_format_.GetOriginFormat(); }
    void SetOriginFormat(const ge::Format format) { storage_format_.SetOriginFormat(format); }
    const StorageFormat& GetFormat() const { return storage_format_; }
    ExpandDimsType GetExpandDimsType() const { return storage_format_.GetExpandDimsType(); }

private:
    ge::DataType data_type_ = ge::DT_UNDEFINED;
    StorageFormat storage_format_;
};

class AnchorInstanceInfo {
public:
    AnchorInstanceInfo() = default;
    AnchorInstanceInfo(uint32_t instance_start, uint32_t instantiation_num)
        : instance_start_(instance_start), instantiation_num_(instantiation_num) {}
    size_t GetInstanceNum() const { return instantiation_num_; }
    size_t GetInstanceStart() const { return instance_start_; }
    void SetInstanceStart(const size_t start) { instance_start_ = static_cast<uint32_t>(start); }
    void SetInstantiationNum(const size_t num) { instantiation_num_ = static_cast<uint32_t>(num); }

private:
    uint32_t instance_start_ = 0;
    uint32_t instantiation_num_ = 0;
};

class ComputeNodeInfo {
public:
    explicit ComputeNodeInfo(const kgemu::detail::HostNode* node) : node_(node) {}
    const char* GetNodeType() const;
    const char* GetNodeName() const;
    size_t GetIrInputsNum() const;
    size_t GetIrOutputsNum() const;
    size_t GetInputsNum() const;
    size_t GetOutputsNum() const;
    const AnchorInstanceInfo* GetInputInstanceInfo(const size_t ir_index) const;
    const AnchorInstanceInfo* GetOutputInstanceInfo(const size_t ir_index) const;
    const RuntimeAttrs* GetAttrs() const;
    const CompileTimeTensorDesc* GetInputTdInfo(const size_t index) const;
    const CompileTimeTensorDesc* GetOutputTdInfo(const size_t index) const;
    // An infershape may set an output's compile-time dtype/format through these; the emulator's tensors keep the
    // dtypes of the OpDef combination being run.
    CompileTimeTensorDesc* MutableInputTdInfo(const size_t index) const {
        return const_cast<CompileTimeTensorDesc*>(GetInputTdInfo(index));
    }
    CompileTimeTensorDesc* MutableOutputTdInfo(const size_t index) const {
        return const_cast<CompileTimeTensorDesc*>(GetOutputTdInfo(index));
    }

private:
    const kgemu::detail::HostNode* node_;
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_COMPUTE_NODE_INFO_H
