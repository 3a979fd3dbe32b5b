// Miniature op_host infershape test in ops-nn's pattern: the registered infer_shape on an InferShapeContext.
#include <gtest/gtest.h>
#include "base/registry/op_impl_space_registry_v2.h"
#include "base/context_builder/op_infer_shape_context_builder.h"

TEST(GeluGradInferShape, same_as_input)
{
    gert::StorageShape shape = {{@SHAPE@}, {@SHAPE@}};
    gert::Tensor dy(shape, {ge::FORMAT_ND, ge::FORMAT_ND}, gert::kOnHost, ge::DT_FLOAT, nullptr);
    gert::Tensor x(shape, {ge::FORMAT_ND, ge::FORMAT_ND}, gert::kOnHost, ge::DT_FLOAT, nullptr);
    gert::Tensor y(shape, {ge::FORMAT_ND, ge::FORMAT_ND}, gert::kOnHost, ge::DT_FLOAT, nullptr);
    auto holder = gert::OpInferShapeContextBuilder()
                      .OpType("GeluGrad")
                      .IONum(3, 1)
                      .InputTensors({&dy, &x, &y})
                      .OutputTensorDesc(0, ge::DT_FLOAT, ge::FORMAT_ND, ge::FORMAT_ND)
                      .Build();
    auto impl = gert::DefaultOpImplSpaceRegistryV2::GetInstance().GetSpaceRegistry()->GetOpImpl("GeluGrad");
    ASSERT_NE(impl, nullptr);
    ASSERT_EQ(impl->infer_shape(holder.GetContext()), ge::GRAPH_SUCCESS);
    const gert::Shape* out = holder.GetContext()->GetOutputShape(0);
    ASSERT_NE(out, nullptr);
    EXPECT_EQ(out->GetDimNum(), @NDIM@U);
    EXPECT_EQ(out->GetDim(@LAST@), @LAST_DIM@);
}
