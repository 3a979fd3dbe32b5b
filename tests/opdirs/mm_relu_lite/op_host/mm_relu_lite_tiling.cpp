// MmReluLite tiling: the Matmul's TCubeTiling from MultiCoreMatmulTiling over 2 AICs (16x16 base blocks with
// iterate = 1), tiling key 1 for a transposed b, and a workspace of M x N for the Matmul's result.
#include "register/op_impl_registry.h"
#include "tiling/tiling_api.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/mm_relu_lite_tiling_data.h"

namespace optiling {
static ge::graphStatus MmReluLiteTiling(gert::TilingContext* context)
{
    const auto a = context->GetInputShape(0)->GetStorageShape();
    const auto b = context->GetInputShape(1)->GetStorageShape();
    const auto* attrs = context->GetAttrs();
    const bool transB = *attrs->GetAttrPointer<bool>(0);
    const int64_t iterate = *attrs->GetAttrPointer<int64_t>(1);
    const int64_t hazard = *attrs->GetAttrPointer<int64_t>(2);
    const int64_t flags = *attrs->GetAttrPointer<int64_t>(3);
    const int32_t m = static_cast<int32_t>(a.GetDim(0));
    const int32_t k = static_cast<int32_t>(a.GetDim(1));
    const int32_t n = static_cast<int32_t>(transB ? b.GetDim(0) : b.GetDim(1));
    const bool fp16 = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT16;
    const auto dt = fp16 ? matmul_tiling::DataType::DT_FLOAT16 : matmul_tiling::DataType::DT_FLOAT;

    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    matmul_tiling::MultiCoreMatmulTiling mm(platform);
    mm.SetAType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, dt, false);
    mm.SetBType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, dt, transB);
    mm.SetCType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, dt);
    mm.SetBiasType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, dt);
    mm.SetShape(m, n, k);
    mm.SetOrgShape(m, n, k);
    mm.SetBias(true);
    mm.SetDim(2);
    if (iterate != 0) {
        mm.SetFixSplit(16, 16, -1);
    }
    mm.SetBufferSpace(-1, -1, -1);
    auto* td = context->GetTilingData<MmReluLiteTilingData>();
    if (mm.GetTiling(td->cube) == -1) {
        return ge::GRAPH_FAILED;
    }
    td->iterate = static_cast<uint32_t>(iterate);
    td->hazard = static_cast<uint32_t>(hazard);
    td->flags = static_cast<uint32_t>(flags);
    context->SetBlockDim(td->cube.usedCoreNum);
    context->SetTilingKey(transB ? 1 : 0);
    *context->GetWorkspaceSizes(1) = platform.GetLibApiWorkSpaceSize() +
                                     static_cast<size_t>(m) * n * (fp16 ? 2 : 4);
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(MmReluLite).Tiling(MmReluLiteTiling);
}  // namespace optiling
