// kernelgen CPU emulator: gert::InferShapeRangeContext and gert::Range<T> (metadef's
// exe_graph/runtime/infer_shape_range_context.h). Shape-range inference runs only when a graph with unknown shapes is
// compiled; the emulator launches known shapes, so a registered InferShapeRange is recorded, never called. The class
// is here so host sources that define such a function (ops-math's infershape_reduce_util.h) compile; its range
// getters answer nullptr (no range is known), as CANN does for an index that has none.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_INFER_SHAPE_RANGE_CONTEXT_H
#define KGEMU_EXE_GRAPH_RUNTIME_INFER_SHAPE_RANGE_CONTEXT_H

#include "exe_graph/runtime/extended_kernel_context.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/tensor.h"

namespace gert {
template <typename T>
class Range {
public:
    Range() = default;
    Range(T* min, T* max) : min_(min), max_(max) {}
    explicit Range(T* same) : min_(same), max_(same) {}
    const T* GetMin() const { return min_; }
    const T* GetMax() const { return max_; }
    T* GetMin() { return min_; }
    T* GetMax() { return max_; }
    void SetMin(T* min) { min_ = min; }
    void SetMax(T* max) { max_ = max; }

private:
    T* min_ = nullptr;
    T* max_ = nullptr;
};

class InferShapeRangeContext : public ExtendedKernelContext {
public:
    using ExtendedKernelContext::ExtendedKernelContext;
    const Range<Shape>* GetInputShapeRange(const size_t) const { return nullptr; }
    const Range<Shape>* GetOptionalInputShapeRange(const size_t) const { return nullptr; }
    const Range<Shape>* GetDynamicInputShapeRange(const size_t, const size_t) const { return nullptr; }
    const Tensor* GetInputTensor(const size_t index) const { return InTensor(index); }
    Range<Shape>* GetOutputShapeRange(const size_t) { return nullptr; }
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_INFER_SHAPE_RANGE_CONTEXT_H
