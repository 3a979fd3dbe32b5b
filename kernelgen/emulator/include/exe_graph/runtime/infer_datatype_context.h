// kernelgen CPU emulator: gert::InferDataTypeContext (InferDataType(fn) of IMPL_OP_INFERSHAPE).
#ifndef KGEMU_EXE_GRAPH_RUNTIME_INFER_DATATYPE_CONTEXT_H
#define KGEMU_EXE_GRAPH_RUNTIME_INFER_DATATYPE_CONTEXT_H

#include "exe_graph/runtime/extended_kernel_context.h"
#include "graph/types.h"

namespace gert {
class InferDataTypeContext : public ExtendedKernelContext {
public:
    using ExtendedKernelContext::ExtendedKernelContext;
    ge::DataType GetInputDataType(const size_t index) const {
        const CompileTimeTensorDesc* d = GetInputDesc(index);
        return d == nullptr ? ge::DT_UNDEFINED : d->GetDataType();
    }
    ge::DataType GetOptionalInputDataType(const size_t ir_index) const {
        const size_t i = InputInstance(ir_index, 0);
        return i == kNone ? ge::DT_UNDEFINED : GetInputDataType(i);
    }
    ge::DataType GetRequiredInputDataType(const size_t ir_index) const { return GetOptionalInputDataType(ir_index); }
    ge::DataType GetDynamicInputDataType(const size_t ir_index, const size_t relative_index) const {
        const size_t i = InputInstance(ir_index, relative_index);
        return i == kNone ? ge::DT_UNDEFINED : GetInputDataType(i);
    }
    ge::DataType GetOutputDataType(const size_t index) const {
        return index < node_->out_dtypes.size() ? node_->out_dtypes[index] : ge::DT_UNDEFINED;
    }
    ge::graphStatus SetOutputDataType(const size_t index, const ge::DataType data_type) {
        if (index >= node_->out_dtypes.size()) return ge::GRAPH_FAILED;
        node_->out_dtypes[index] = data_type;
        return ge::GRAPH_SUCCESS;
    }
    ge::graphStatus SetDynamicOutputDataType(const size_t ir_index, const size_t relative_index, const ge::DataType dt) {
        const size_t i = OutputInstance(ir_index, relative_index);
        return i == kNone ? ge::GRAPH_FAILED : SetOutputDataType(i, dt);
    }
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_INFER_DATATYPE_CONTEXT_H
