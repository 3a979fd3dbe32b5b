/*!
 * \file copy_walkthrough_tiling.cpp
 * \brief Tiling of CopyWalkthrough: the rows of the [M, N] view spread over every vector core, each core's rows
 *        read in [tile_m, tile_n] blocks.
 */
#include <cstdint>

#include "log/log.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/copy_walkthrough_tiling_data.h"

namespace optiling {
static ge::graphStatus CopyWalkthroughTilingFunc(gert::TilingContext* context)
{
    const gert::StorageShape* xShape = context->GetInputShape(0);
    const auto* attrs = context->GetAttrs();
    if (xShape == nullptr || attrs == nullptr) {
        OP_LOGE(context->GetNodeName(), "missing input shape or attributes");
        return ge::GRAPH_FAILED;
    }
    const gert::Shape& shape = xShape->GetStorageShape();
    const size_t dims = shape.GetDimNum();
    if (dims != 2 || shape.GetShapeSize() == 0) {
        OP_LOGE(context->GetNodeName(), "x must be a non-empty [M, N] tensor");
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = static_cast<uint64_t>(shape.GetDim(0));
    const uint64_t cols = static_cast<uint64_t>(shape.GetDim(1));
    const int64_t* tileM = attrs->GetInt(0);
    const int64_t* tileN = attrs->GetInt(1);
    const uint64_t tm = tileM != nullptr ? static_cast<uint64_t>(*tileM) : 64;
    const uint64_t tn = tileN != nullptr ? static_cast<uint64_t>(*tileN) : 1024;
    uint64_t ubSize = 0;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    if (tm == 0 || tn == 0 || tm > 4095 || (tn * 2) % 32 != 0 || tm * tn * 2 > ubSize) {
        OP_LOGE(context->GetNodeName(), "tile [%lu, %lu] must be whole 32-byte rows, at most 4095 rows, within UB",
                static_cast<unsigned long>(tm), static_cast<unsigned long>(tn));
        return ge::GRAPH_FAILED;
    }
    uint64_t cores = static_cast<uint64_t>(platform.GetCoreNumAiv());
    cores = cores < rows ? cores : rows;

    CopyWalkthroughTilingData* tiling = context->GetTilingData<CopyWalkthroughTilingData>();
    if (tiling == nullptr) {
        return ge::GRAPH_FAILED;
    }
    tiling->rows = rows;
    tiling->cols = cols;
    tiling->cores = static_cast<uint32_t>(cores);
    tiling->tileM = static_cast<uint32_t>(tm);
    tiling->tileN = static_cast<uint32_t>(tn);
    context->SetTilingKey(0);
    context->SetBlockDim(static_cast<uint32_t>(cores));
    size_t* workspaces = context->GetWorkspaceSizes(1);
    if (workspaces != nullptr) {
        workspaces[0] = 0;
    }
    return ge::GRAPH_SUCCESS;
}

struct CopyWalkthroughCompileInfo {};

static ge::graphStatus TilingParseCopyWalkthrough(gert::TilingParseContext* context)
{
    (void)context;
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(CopyWalkthrough)
    .Tiling(CopyWalkthroughTilingFunc)
    .TilingParse<CopyWalkthroughCompileInfo>(TilingParseCopyWalkthrough);
}  // namespace optiling
