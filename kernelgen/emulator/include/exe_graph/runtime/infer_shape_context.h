// kernelgen CPU emulator: gert::InferShapeContext. Input shapes are the storage shapes of the request's
// tensors; GetOutputShape(i) is the shape the harness reports for output i after InferShape returns.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_INFER_SHAPE_CONTEXT_H
#define KGEMU_EXE_GRAPH_RUNTIME_INFER_SHAPE_CONTEXT_H

#include "exe_graph/runtime/extended_kernel_context.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/tensor.h"

namespace gert {
class InferShapeContext : public ExtendedKernelContext {
public:
    using ExtendedKernelContext::ExtendedKernelContext;
    const Shape* GetInputShape(const size_t index) const {
        const StorageShape* s = InShape(index);
        return s == nullptr ? nullptr : &s->GetStorageShape();
    }
    const Tensor* GetInputTensor(const size_t index) const { return InTensor(index); }
    const Shape* GetOptionalInputShape(const size_t ir_index) const { return GetInputShape(InputInstance(ir_index, 0)); }
    const Shape* GetRequiredInputShape(const size_t ir_index) const { return GetInputShape(InputInstance(ir_index, 0)); }
    const Shape* GetDynamicInputShape(const size_t ir_index, const size_t relative_index) const {
        return GetInputShape(InputInstance(ir_index, relative_index));
    }
    const Tensor* GetOptionalInputTensor(const size_t ir_index) const { return InTensor(InputInstance(ir_index, 0)); }
    const Tensor* GetRequiredInputTensor(const size_t ir_index) const { return InTensor(InputInstance(ir_index, 0)); }
    const Tensor* GetDynamicInputTensor(const size_t ir_index, const size_t relative_index) const {
        return InTensor(InputInstance(ir_index, relative_index));
    }
    Shape* GetOutputShape(const size_t index) {
        return index < node_->out_shapes.size() ? &node_->out_shapes[index].MutableStorageShape() : nullptr;
    }
    Shape* GetDynamicOutputShape(const size_t ir_index, const size_t relative_index) {
        return GetOutputShape(OutputInstance(ir_index, relative_index));
    }
    Shape* GetRequiredOutputShape(const size_t ir_index) { return GetOutputShape(OutputInstance(ir_index, 0)); }
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_INFER_SHAPE_CONTEXT_H
