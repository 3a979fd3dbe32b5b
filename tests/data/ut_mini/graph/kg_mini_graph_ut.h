// kernelgen's miniature of ops-nn's tests/ut/common/ut_op_common (InferShapeTest): a ge::Operator's input
// descriptions become an InferShapeContext, the registered infer_shape runs, the output shapes go back into the
// operator's output descriptions. Written for kernelgen's tests.
#ifndef KG_MINI_GRAPH_UT_H
#define KG_MINI_GRAPH_UT_H
#include <vector>
#include "graph/operator.h"
#include "graph/tensor.h"
#include "base/registry/op_impl_space_registry_v2.h"
#include "base/context_builder/op_infer_shape_context_builder.h"

inline ge::graphStatus KgInferShapeTest(ge::Operator& op)
{
    const size_t n_in = op.GetInputsSize(), n_out = op.GetOutputsSize();
    std::vector<gert::Tensor> ins(n_in);
    std::vector<gert::Tensor*> refs;
    for (size_t i = 0; i < n_in; ++i) {
        ge::TensorDesc d = op.GetInputDesc(static_cast<uint32_t>(i));
        for (int64_t dim : d.GetShape().GetDims()) {
            ins[i].MutableOriginShape().AppendDim(dim);
            ins[i].MutableStorageShape().AppendDim(dim);
        }
        ins[i].SetDataType(d.GetDataType());
        refs.push_back(&ins[i]);
    }
    auto holder = gert::OpInferShapeContextBuilder()
                      .OpType(op.GetOpType().c_str())
                      .IONum(n_in, n_out)
                      .InputTensors(refs)
                      .OutputTensorDesc(0, ge::DT_FLOAT, ge::FORMAT_ND, ge::FORMAT_ND)
                      .Build();
    auto impl = gert::DefaultOpImplSpaceRegistryV2::GetInstance().GetSpaceRegistry()->GetOpImpl(op.GetOpType().c_str());
    if (impl == nullptr || impl->infer_shape == nullptr) return ge::GRAPH_FAILED;
    ge::graphStatus ret = impl->infer_shape(holder.GetContext());
    for (size_t i = 0; i < n_out; ++i) {
        const gert::Shape* s = holder.GetContext()->GetOutputShape(i);
        if (s == nullptr) return ge::GRAPH_FAILED;
        std::vector<int64_t> dims;
        for (size_t k = 0; k < s->GetDimNum(); ++k) dims.push_back(s->GetDim(k));
        ge::TensorDesc out = op.GetOutputDesc(static_cast<uint32_t>(i));
        out.SetShape(ge::Shape(dims));
        op.UpdateOutputDesc(static_cast<uint32_t>(i), out);
    }
    return ret;
}
#endif
