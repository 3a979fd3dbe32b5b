// Miniature graph-mode infershape test in ops-nn's pattern (ge::op::<Op> from the prototype, UpdateInputDesc,
// the ut_op_common-style InferShapeTest, GetOutputDesc), written for kernelgen's tests.
#include <gtest/gtest.h>
#include "../../../op_graph/gelu_grad_proto.h"
#include "kg_mini_graph_ut.h"

TEST(GeluGradGraph, infershape_same_as_input)
{
    ge::op::GeluGrad op;
    ge::TensorDesc desc(ge::Shape({@SHAPE@}), ge::FORMAT_ND, ge::DT_FLOAT);
    ASSERT_EQ(op.UpdateInputDesc("dy", desc), ge::GRAPH_SUCCESS);
    ASSERT_EQ(op.UpdateInputDesc("x", desc), ge::GRAPH_SUCCESS);
    op.update_input_desc_y(desc);
    EXPECT_NE(op.UpdateInputDesc("no_such_input", desc), ge::GRAPH_SUCCESS);
    ASSERT_EQ(op.GetInputsSize(), 3U);
    ASSERT_EQ(op.GetOutputsSize(), 1U);
    ASSERT_EQ(KgInferShapeTest(op), ge::GRAPH_SUCCESS);
    std::vector<int64_t> expected = {@EXPECT_SHAPE@};
    EXPECT_EQ(op.GetOutputDesc(0).GetShape().GetDims(), expected);
    EXPECT_EQ(op.GetOutputDescByName("z").GetShape().GetDims(), expected);
}

TEST(GeluGradGraph, attributes)
{
    ge::op::GeluGrad op;
    auto types = op.GetAllAttrNamesAndTypes();
    EXPECT_EQ(types["approximate"], "VT_STRING");
    EXPECT_EQ(types["axes"], "VT_LIST_INT");
    EXPECT_EQ(op.get_attr_axes(), std::vector<int64_t>({1, 2}));
    op.SetAttr("approximate", "tanh");
    std::string v;
    ASSERT_EQ(op.GetAttr("approximate", v), ge::GRAPH_SUCCESS);
    EXPECT_EQ(v, "@ATTR@");
    int64_t wrong_type = 0;
    EXPECT_NE(op.GetAttr("approximate", wrong_type), ge::GRAPH_SUCCESS);
}

#include "base/context_builder/op_tiling_context_builder.h"

TEST(GeluGradGraph, tensors_kept_by_an_empty_list)
{
    // ops-nn's TilingContextFaker: DO_TILING gives OutputTensors, then Build passes the (empty) NodeOutputTd list
    gert::StorageShape shape = {{8}, {8}};
    gert::Tensor x(shape, {ge::FORMAT_ND, ge::FORMAT_ND}, gert::kOnHost, ge::DT_FLOAT16, nullptr);
    gert::Tensor z(shape, {ge::FORMAT_ND, ge::FORMAT_ND}, gert::kOnHost, ge::DT_FLOAT16, nullptr);
    auto holder = gert::OpTilingContextBuilder()
                      .OpType("GeluGrad")
                      .IONum(1, 1)
                      .InputTensors({&x})
                      .InputTensors(std::vector<gert::Tensor*>())
                      .OutputTensors({&z})
                      .OutputTensors(std::vector<gert::Tensor*>())
                      .Build();
    ASSERT_NE(holder.GetContext()->GetInputDesc(0), nullptr);
    EXPECT_EQ(holder.GetContext()->GetInputDesc(0)->GetDataType(), ge::DT_FLOAT16);
    auto desc = holder.GetContext()->GetOutputDesc(0);
    ASSERT_NE(desc, nullptr);
    EXPECT_EQ(desc->GetDataType(), ge::@OUT_DTYPE@);
}
