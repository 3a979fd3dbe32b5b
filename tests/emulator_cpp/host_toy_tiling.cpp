// Tilings of the host-side emulator test operators, written against the ops-nn include spellings.
#include <algorithm>
#include <set>

#include "register/op_def_registry.h"
#include "op_common/log/log.h"
#include "op_common/op_host/util/math_util.h"
#include "op_common/op_host/util/platform_util.h"
#include "host_toy_tiling_data.h"
#include "host_toy_tiling_key.h"

namespace optiling {
using Ops::Base::CeilDiv;

struct KgToyCompileInfo {
    int64_t coreNum = 0;
    uint64_t ubSize = 0;
};

static ge::graphStatus KgToyParse(gert::TilingParseContext* context) {
    auto* info = context->GetCompiledInfo<KgToyCompileInfo>();
    OP_CHECK_NULL_WITH_CONTEXT(context, info);
    auto plat = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    info->coreNum = plat.GetCoreNumAiv();
    plat.GetCoreMemSize(platform_ascendc::CoreMemType::UB, info->ubSize);
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus KgToyTiling(gert::TilingContext* context) {
    const auto* info = context->GetCompileInfo<KgToyCompileInfo>();
    OP_CHECK_NULL_WITH_CONTEXT(context, info);
    auto xShape = context->GetInputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
    auto xDesc = context->GetInputDesc(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, xDesc);
    const auto* attrs = context->GetAttrs();
    OP_CHECK_NULL_WITH_CONTEXT(context, attrs);
    const float* alpha = attrs->GetFloat(0);
    const char* mode = attrs->GetStr(1);
    const int64_t* perBlock = attrs->GetInt(2);
    const int64_t* failBlock = attrs->GetInt(3);
    const bool* reject = attrs->GetBool(4);
    const auto* ws = attrs->GetListInt(5);
    const int64_t* schOverride = attrs->GetAttrPointer<int64_t>(7);
    OP_CHECK_IF(*reject, OP_LOGE(context, "x dtype %s rejected on purpose (mode %s)",
                                 Ops::Base::ToString(xDesc->GetDataType()).c_str(), mode),
                return ge::GRAPH_FAILED);
    OP_LOGW(context, "toy warning %d", 42);
    // Host data is visible only for value-dependent inputs: bias declares ValueDepend, x does not.
    OP_CHECK_IF(context->GetInputTensor(0)->GetData<float>() != nullptr,
                OP_LOGE(context, "x data is visible without ValueDepend"), return ge::GRAPH_FAILED);
    const gert::Tensor* biasTensor = context->GetOptionalInputTensor(1);
    if (biasTensor != nullptr) OP_LOGW(context, "bias[0] = %g", biasTensor->GetData<float>()[0]);

    KgToyTilingData* t = context->GetTilingData<KgToyTilingData>();
    OP_CHECK_NULL_WITH_CONTEXT(context, t);
    OP_CHECK_IF(memset_s(t, sizeof(KgToyTilingData), 0, sizeof(KgToyTilingData)) != EOK,
                OP_LOGE(context, "memset failed"), return ge::GRAPH_FAILED);
    const int64_t total = xShape->GetStorageShape().GetShapeSize();
    t->total = static_cast<uint32_t>(total);
    t->perBlock = static_cast<uint32_t>(*perBlock);
    t->alpha = *alpha;
    t->failBlock = static_cast<int32_t>(*failBlock);
    t->hasBias = context->GetOptionalInputShape(1) != nullptr ? 1 : 0;
    t->ubSize = static_cast<uint32_t>(info->ubSize);
    const int64_t blocks = total == 0 ? 1 : CeilDiv(total, static_cast<int64_t>(*perBlock));
    context->SetBlockDim(static_cast<uint32_t>(blocks));

    uint32_t sch = KGTOY_TPL_FP32;
    if (xDesc->GetDataType() == ge::DT_FLOAT16) sch = KGTOY_TPL_FP16;
    if (xDesc->GetDataType() == ge::DT_BF16) sch = KGTOY_TPL_BF16;
    if (*schOverride >= 0) sch = static_cast<uint32_t>(*schOverride);
    ASCENDC_TPL_SEL_PARAM(context, sch, t->hasBias);

    size_t* sizes = context->GetWorkspaceSizes(ws->GetSize());
    OP_CHECK_NULL_WITH_CONTEXT(context, sizes);
    for (size_t i = 0; i < ws->GetSize(); ++i) sizes[i] = static_cast<size_t>(ws->GetData()[i]);
    context->SetScheduleMode(1);
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(KgToyScale).Tiling(KgToyTiling).TilingParse<KgToyCompileInfo>(KgToyParse);

BEGIN_TILING_DATA_DEF(KgLegacyInner)
TILING_DATA_FIELD_DEF(int16_t, lo);
TILING_DATA_FIELD_DEF(int16_t, hi);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(KgLegacyTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(int64_t, tileNum);
TILING_DATA_FIELD_DEF_ARR(uint16_t, 3, dims);
TILING_DATA_FIELD_DEF(float, scale);
TILING_DATA_FIELD_DEF_STRUCT(KgLegacyInner, inner);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(KgToyLegacy, KgLegacyTilingData)

static ge::graphStatus KgLegacyTiling(gert::TilingContext* context) {
    KgLegacyTilingData tiling;
    tiling.set_totalLength(static_cast<uint32_t>(context->GetInputShape(0)->GetStorageShape().GetShapeSize()));
    tiling.set_tileNum(-3);
    uint16_t dims[3] = {4, 5, 6};
    tiling.set_dims(dims);
    tiling.set_scale(0.25f);
    tiling.inner.set_lo(-2);
    tiling.inner.set_hi(9);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    context->SetBlockDim(static_cast<uint32_t>(*context->GetAttrs()->GetInt(0)));
    context->SetTilingKey(0);
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(KgToyLegacy).Tiling(KgLegacyTiling);
}  // namespace optiling
