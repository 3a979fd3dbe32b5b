// TanhShrink tiling: n elements over at most coreNum cores; the remainder goes one element each to the
// first cores. Key 1 = float, 2 = half.
#include "tanh_shrink_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t TILE_LENGTH = 4096;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    TanhShrinkTilingData tiling;
    auto ascendcPlatform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint32_t coreNum = ascendcPlatform.GetCoreNumAiv();
    uint32_t total = static_cast<uint32_t>(context->GetInputShape(0)->GetOriginShape().GetShapeSize());
    uint32_t cores = total < coreNum ? (total == 0 ? 1 : total) : coreNum;
    tiling.set_formerNum(total % cores);
    tiling.set_tailLength(total / cores);
    tiling.set_formerLength(total / cores + 1);
    tiling.set_tileLength(TILE_LENGTH);
    context->SetBlockDim(cores);
    auto dtype = context->GetInputDesc(0)->GetDataType();
    if (dtype == ge::DT_FLOAT) {
        context->SetTilingKey(1);
    } else if (dtype == ge::DT_FLOAT16) {
        context->SetTilingKey(2);
    } else {
        return ge::GRAPH_FAILED;
    }
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(TanhShrink).Tiling(TilingFunc);
}  // namespace optiling
