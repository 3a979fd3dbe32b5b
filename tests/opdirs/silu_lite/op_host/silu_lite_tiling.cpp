// SiluLite tiling: the input is cut into 512-byte blocks; the first tailBlockNum cores take one block more.
#include "log/log.h"
#include "util/math_util.h"
#include "util/platform_util.h"
#include "op_host/tiling_util.h"
#include "silu_lite/op_kernel/silu_lite_tiling_data.h"
#include "silu_lite/op_kernel/silu_lite_tiling_key.h"

namespace optiling {
constexpr uint64_t BLOCK_SIZE = 512;
constexpr uint64_t BUFFER_NUM = 2;

struct SiluLiteCompileInfo {};

static ge::graphStatus SiluLiteTilingFunc(gert::TilingContext* context)
{
    auto ascendcPlatform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    ascendcPlatform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    uint64_t coreNum = ascendcPlatform.GetCoreNum();
    OP_CHECK_IF(coreNum == 0, OP_LOGE(context, "coreNum is 0"), return ge::GRAPH_FAILED);

    uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    uint32_t typeLength = 0;
    ge::TypeUtils::GetDataTypeLength(dtype, typeLength);
    OP_CHECK_IF(typeLength == 0, OP_LOGE(context, "typeLength is 0"), return ge::GRAPH_FAILED);

    // UB per element: double-buffered x and y (T), the float copies of x and the sigmoid, and the
    // Sigmoid temporary buffer (4 bytes per element).
    uint64_t perElem = BUFFER_NUM * 2 * typeLength + 3 * sizeof(float);
    uint64_t tileBlockNum = (ubSize - 8192) / perElem * typeLength / BLOCK_SIZE;
    uint64_t tileDataNum = tileBlockNum * BLOCK_SIZE / typeLength;

    uint64_t blocks = Ops::Base::CeilDiv(total * typeLength, BLOCK_SIZE);
    uint64_t cores = std::max<uint64_t>(1, std::min(coreNum, blocks));
    uint64_t everyCoreBlocks = blocks / cores;
    uint64_t tailBlockNum = blocks % cores;

    SiluLiteTilingData* tiling = context->GetTilingData<SiluLiteTilingData>();
    OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
    memset_s(tiling, sizeof(SiluLiteTilingData), 0, sizeof(SiluLiteTilingData));
    tiling->smallCoreDataNum = everyCoreBlocks * BLOCK_SIZE / typeLength;
    tiling->bigCoreDataNum = (everyCoreBlocks + 1) * BLOCK_SIZE / typeLength;
    tiling->tileDataNum = tileDataNum;
    tiling->finalSmallTileNum = Ops::Base::CeilDiv(everyCoreBlocks, tileBlockNum);
    tiling->finalBigTileNum = Ops::Base::CeilDiv(everyCoreBlocks + 1, tileBlockNum);
    tiling->smallTailDataNum = tiling->smallCoreDataNum - tileDataNum * (tiling->finalSmallTileNum == 0 ? 0 :
                                                                         tiling->finalSmallTileNum - 1);
    tiling->bigTailDataNum = tiling->bigCoreDataNum - tileDataNum * (tiling->finalBigTileNum - 1);
    tiling->tailBlockNum = tailBlockNum;

    context->SetBlockDim(cores);
    uint32_t schMode = dtype == ge::DT_FLOAT ? SILU_LITE_TPL_FP32 : SILU_LITE_TPL_FP16;
    context->SetTilingKey(GET_TPL_TILING_KEY(schMode));
    size_t* ws = context->GetWorkspaceSizes(1);
    ws[0] = ascendcPlatform.GetLibApiWorkSpaceSize();
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus TilingParseForSiluLite([[maybe_unused]] gert::TilingParseContext* context)
{
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(SiluLite).Tiling(SiluLiteTilingFunc).TilingParse<SiluLiteCompileInfo>(TilingParseForSiluLite);
}  // namespace optiling
