// MeanGradLite tiling, shared by the SOC folders (each passes its tile size): the scale 1 / prod(orig_shape) is
// computed on the host from the ValueDepend input's values; cores split dy in multiples of 64 elements.
#ifndef MEAN_GRAD_LITE_TILING_BODY_H
#define MEAN_GRAD_LITE_TILING_BODY_H
#include "register/op_def_registry.h"
#include "op_common/log/log.h"
#include "op_common/op_host/util/math_util.h"
#include "mean_grad_lite/op_kernel/mean_grad_lite_tiling_data.h"
#include "mean_grad_lite/op_kernel/mean_grad_lite_tiling_key.h"

namespace optiling {
static ge::graphStatus MeanGradLiteTiling(gert::TilingContext* context, int64_t tileNum)
{
    const gert::Tensor* shape = context->GetInputTensor(0);
    OP_CHECK_IF(shape == nullptr || shape->GetData<int64_t>() == nullptr,
                OP_LOGE(context, "orig_shape has no host data"), return ge::GRAPH_FAILED);
    const int64_t n = shape->GetShapeSize();
    int64_t count = 1;
    for (int64_t i = 0; i < n; ++i) {
        count *= shape->GetData<int64_t>()[i];
    }
    OP_CHECK_IF(count <= 0, OP_LOGE(context, "orig_shape must hold positive values"), return ge::GRAPH_FAILED);
    int64_t total = context->GetInputShape(1)->GetStorageShape().GetShapeSize();
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    int64_t cores = platform.GetCoreNumAiv();
    int64_t perCore = Ops::Base::CeilAlign(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), cores), int64_t(64));
    MeanGradLiteTilingData* t = context->GetTilingData<MeanGradLiteTilingData>();
    memset_s(t, sizeof(*t), 0, sizeof(*t));
    t->totalNum = total;
    t->perCore = perCore;
    t->tileNum = tileNum;
    t->scale = 1.0f / static_cast<float>(count);
    context->SetBlockDim(static_cast<uint32_t>(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), perCore)));
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling
#endif
