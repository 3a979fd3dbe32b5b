// ChannelScale tiling: one block; H * W from dims 2 and 3 of x without checking its rank (a 2-D x gives 0).
// `hazard` 2 takes the class through GetTilingData<ChannelScaleTilingData>() instead (the gather_v2 pattern): the
// raw buffer is not a constructed class, so set_* would write through an unset pointer.
#include "register/op_def_registry.h"
#include "channel_scale_tiling.h"

namespace optiling {
static ge::graphStatus ChannelScaleTilingFunc(gert::TilingContext* context)
{
    const gert::Shape& x = context->GetInputShape(0)->GetStorageShape();
    if (*context->GetAttrs()->GetInt(0) == 2) {
        ChannelScaleTilingData* misused = context->GetTilingData<ChannelScaleTilingData>();
        misused->set_total(static_cast<uint32_t>(x.GetShapeSize()));
    }
    ChannelScaleTilingData t;
    t.set_total(static_cast<uint32_t>(x.GetShapeSize()));
    t.set_channels(static_cast<uint32_t>(x.GetDim(1)));
    t.set_hw(static_cast<uint32_t>(x.GetDim(2) * x.GetDim(3)));
    t.set_hazard(static_cast<uint32_t>(*context->GetAttrs()->GetInt(0)));
    t.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(t.GetDataSize());
    context->SetBlockDim(1);
    context->SetTilingKey(0);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(ChannelScale).Tiling(ChannelScaleTilingFunc);
}  // namespace optiling
