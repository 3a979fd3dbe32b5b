// SeluAct tiling: elements split evenly over the vector cores (blockFactor), each core's share in UB tiles
// of ubFactor elements. The key is the input dtype (ASCENDC_TPL_SEL_PARAM).
#include <set>
#include "register/op_def_registry.h"
#include "op_common/log/log.h"
#include "op_common/op_host/util/math_util.h"
#include "op_common/op_host/util/platform_util.h"
#include "../op_kernel/selu_act_tiling_data.h"
#include "../op_kernel/selu_act_tiling_key.h"

namespace optiling {
using Ops::Base::CeilDiv;
using Ops::Base::FloorAlign;
using Ops::Base::FloorDiv;

constexpr int64_t COMPUTE_ALIGN = 64;  // Compare works on whole 256-byte repeats of float

struct SeluActCompileInfo {};

static ge::graphStatus SeluActTilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    int64_t coreNum = platform.GetCoreNumAiv();
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    OP_CHECK_IF(coreNum <= 0 || ubSize == 0, OP_LOGE(context, "bad platform info"), return ge::GRAPH_FAILED);

    auto xShape = context->GetInputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
    int64_t totalNum = xShape->GetStorageShape().GetShapeSize();
    auto xDesc = context->GetInputDesc(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, xDesc);
    ge::DataType dtype = xDesc->GetDataType();
    const std::set<ge::DataType> supported = {ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16};
    OP_CHECK_IF(supported.count(dtype) == 0, OP_LOGE(context, "unsupported dtype %d", static_cast<int>(dtype)),
                return ge::GRAPH_FAILED);
    uint32_t typeSize = 0;
    ge::TypeUtils::GetDataTypeLength(dtype, typeSize);

    const float* alpha = context->GetAttrs()->GetAttrPointer<float>(0);
    const float* scale = context->GetAttrs()->GetFloat(1);
    OP_CHECK_NULL_WITH_CONTEXT(context, alpha);
    OP_CHECK_NULL_WITH_CONTEXT(context, scale);

    SeluActTilingData* tiling = context->GetTilingData<SeluActTilingData>();
    OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
    OP_CHECK_IF(memset_s(tiling, sizeof(SeluActTilingData), 0, sizeof(SeluActTilingData)) != EOK,
                OP_LOGE(context, "memset_s failed"), return ge::GRAPH_FAILED);

    // UB per element: 2 x double-buffered in/out queues of T, plus two float temporaries and a mask bit.
    int64_t bytesPerElem = 2 * 2 * typeSize + 2 * sizeof(float) + 1;
    int64_t ubFactor = FloorAlign(FloorDiv(static_cast<int64_t>(ubSize) - 8192, bytesPerElem), COMPUTE_ALIGN);
    int64_t blockFactor = CeilDiv(std::max<int64_t>(totalNum, 1), coreNum);
    blockFactor = Ops::Base::CeilAlign(blockFactor, static_cast<int64_t>(Ops::Base::GetUbBlockSize(context)));
    int64_t usedCores = std::max<int64_t>(1, CeilDiv(totalNum, blockFactor));

    tiling->totalNum = totalNum;
    tiling->blockFactor = blockFactor;
    tiling->ubFactor = ubFactor;
    tiling->alpha = *alpha;
    tiling->scale = *scale;
    context->SetBlockDim(static_cast<uint32_t>(usedCores));
    size_t* ws = context->GetWorkspaceSizes(1);
    OP_CHECK_NULL_WITH_CONTEXT(context, ws);
    ws[0] = 0;
    uint32_t dTypeX = static_cast<uint32_t>(dtype);
    ASCENDC_TPL_SEL_PARAM(context, dTypeX);
    OP_LOGD(context, "totalNum %ld blockFactor %ld ubFactor %ld", totalNum, blockFactor, ubFactor);
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus TilingParseForSeluAct([[maybe_unused]] gert::TilingParseContext* context)
{
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(SeluAct).Tiling(SeluActTilingFunc).TilingParse<SeluActCompileInfo>(TilingParseForSeluAct);
}  // namespace optiling
