// Miniature op_host tiling test in ops-nn's pattern: the tiling function found in the registry, run on a
// TilingContext built with injected platform figures; expected key, block dim and tiling bytes.
#include <gtest/gtest.h>
#include <cstdio>
#include <string>
#include "kg_mini_ut.h"

static std::string Hex(const void* p, size_t n) {
    std::string s;
    char b[3];
    for (size_t i = 0; i < n; ++i) {
        std::snprintf(b, sizeof(b), "%02x", static_cast<const unsigned char*>(p)[i]);
        s += b;
    }
    return s;
}

TEST(GeluGradTiling, fp32_shape)
{
    MiniPlatform plat("Ascend910B", @CORES@, @UB@);
    gert::StorageShape shape = {{@SHAPE@}, {@SHAPE@}};
    gert::Tensor dy(shape, {ge::FORMAT_ND, ge::FORMAT_ND}, gert::kOnHost, ge::DT_FLOAT, nullptr);
    gert::Tensor x(shape, {ge::FORMAT_ND, ge::FORMAT_ND}, gert::kOnHost, ge::DT_FLOAT, nullptr);
    gert::Tensor y(shape, {ge::FORMAT_ND, ge::FORMAT_ND}, gert::kOnHost, ge::DT_FLOAT, nullptr);
    gert::Tensor z(shape, {ge::FORMAT_ND, ge::FORMAT_ND}, gert::kOnHost, ge::DT_FLOAT, nullptr);
    auto td = gert::TilingData::CreateCap(4096);
    auto ws = gert::ContinuousVector::Create<size_t>(16);
    auto holder = gert::OpTilingContextBuilder()
                      .OpType("GeluGrad")
                      .OpName("GeluGrad")
                      .IONum(3, 1)
                      .IOInstanceNum({1, 1, 1}, {1})
                      .InputTensors({&dy, &x, &y})
                      .OutputTensors({&z})
                      .PlatformInfo(&plat.info)
                      .TilingData(reinterpret_cast<gert::TilingData*>(td.get()))
                      .Workspace(reinterpret_cast<gert::ContinuousVector*>(ws.get()))
                      .Build();
    auto impl = gert::DefaultOpImplSpaceRegistryV2::GetInstance().GetSpaceRegistry()->GetOpImpl("GeluGrad");
    ASSERT_NE(impl, nullptr);
    gert::TilingContext* ctx = holder.GetContext();
    ASSERT_EQ(impl->tiling(ctx), ge::GRAPH_SUCCESS);
    EXPECT_EQ(ctx->GetTilingKey(), @KEY@ULL);
    EXPECT_EQ(ctx->GetBlockDim(), @BLOCK_DIM@U);
    auto raw = ctx->GetRawTilingData();
    EXPECT_EQ(Hex(raw->GetData(), raw->GetDataSize()), "@TILING_HEX@");
    // metadef's ge::GetFormatName, as host sources print a rejected format (npu_alloc_float_status' arch35 tiling)
    EXPECT_STREQ(ge::GetFormatName(ge::FORMAT_NCHW), "NCHW");
}
