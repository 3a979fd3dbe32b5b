// HuberElem tiling: even split over the vector cores in 64-element units.
#include <cstring>
#include "register/op_def_registry.h"
#include "log/log.h"
#include "util/math_util.h"
#include "../op_kernel/huber_elem_tiling_data.h"
#include "../op_kernel/huber_elem_tiling_key.h"

namespace optiling {
constexpr uint64_t UNIT = 64;

static ge::graphStatus HuberElemTiling(gert::TilingContext* context)
{
    auto attrs = context->GetAttrs();
    OP_CHECK_NULL_WITH_CONTEXT(context, attrs);
    const float* delta = attrs->GetFloat(0);
    const bool* useCounter = attrs->GetBool(1);
    const char* reduction = attrs->GetStr(2);
    OP_CHECK_IF(delta == nullptr || *delta <= 0.0f, OP_LOGE(context, "delta must be positive"), return ge::GRAPH_FAILED);
    uint32_t mode = 3;
    if (reduction != nullptr) {
        mode = std::strcmp(reduction, "none") == 0 ? 0 : (std::strcmp(reduction, "sum") == 0 ? 1 :
                                                           (std::strcmp(reduction, "mean") == 0 ? 2 : 3));
    }
    OP_CHECK_IF(mode == 3, OP_LOGE(context, "reduction must be none, sum or mean, got '%s'",
                                   reduction ? reduction : "(null)"), return ge::GRAPH_FAILED);
    const gert::StorageShape* inShape = context->GetInputShape(0);
    const gert::StorageShape* tgtShape = context->GetInputShape(1);
    OP_CHECK_IF(inShape->GetStorageShape() != tgtShape->GetStorageShape(),
                OP_LOGE(context, "input and target shapes differ"), return ge::GRAPH_FAILED);
    uint64_t total = inShape->GetStorageShape().GetShapeSize();
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t cores = platform.GetCoreNumAiv();
    uint64_t blockFactor = Ops::Base::CeilAlign(Ops::Base::CeilDiv(std::max<uint64_t>(total, 1), cores), UNIT);
    uint64_t used = Ops::Base::CeilDiv(std::max<uint64_t>(total, 1), blockFactor);

    HuberElemTilingData* tiling = context->GetTilingData<HuberElemTilingData>();
    tiling->totalNum = total;
    tiling->blockFactor = blockFactor;
    tiling->ubFactor = 4096;
    tiling->delta = *delta;
    tiling->reduction = mode;
    tiling->usedCores = static_cast<uint32_t>(used);
    context->SetBlockDim(static_cast<uint32_t>(used));
    ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    ASCENDC_TPL_SEL_PARAM(context, static_cast<uint64_t>(dtype), static_cast<uint64_t>(*useCounter ? 1 : 0));
    // one 32-byte partial sum per core after the library's system workspace
    context->GetWorkspaceSizes(1)[0] = platform.GetLibApiWorkSpaceSize() + used * 32;
    return ge::GRAPH_SUCCESS;
}

struct HuberElemCompileInfo {};
static ge::graphStatus HuberElemParse(gert::TilingParseContext*) { return ge::GRAPH_SUCCESS; }

IMPL_OP_OPTILING(HuberElem).Tiling(HuberElemTiling).TilingParse<HuberElemCompileInfo>(HuberElemParse);
}  // namespace optiling
