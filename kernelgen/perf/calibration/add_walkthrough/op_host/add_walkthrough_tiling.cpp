/*!
 * \file add_walkthrough_tiling.cpp
 * \brief Tiling of AddWalkthrough: rows of the [M, N] view spread evenly over block_num cores (the first
 *        M % cores cores take one row more), each core's rows copied in copy_len-element passes.
 */
#include <cstdint>

#include "log/log.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/add_walkthrough_tiling_data.h"

namespace optiling {
static ge::graphStatus AddWalkthroughTilingFunc(gert::TilingContext* context)
{
    const gert::StorageShape* xShape = context->GetInputShape(0);
    const gert::StorageShape* yShape = context->GetInputShape(1);
    const gert::CompileTimeTensorDesc* xDesc = context->GetInputDesc(0);
    const auto* attrs = context->GetAttrs();
    if (xShape == nullptr || yShape == nullptr || xDesc == nullptr || attrs == nullptr) {
        OP_LOGE(context->GetNodeName(), "missing input shape, descriptor or attributes");
        return ge::GRAPH_FAILED;
    }
    const gert::Shape& shape = xShape->GetStorageShape();
    if (!(shape == yShape->GetStorageShape()) || shape.GetShapeSize() == 0) {
        OP_LOGE(context->GetNodeName(), "x and y must have one non-empty shape");
        return ge::GRAPH_FAILED;
    }
    const size_t dims = shape.GetDimNum();
    const uint64_t rowLength = dims == 0 ? 1 : static_cast<uint64_t>(shape.GetDim(dims - 1));
    const uint64_t rows = static_cast<uint64_t>(shape.GetShapeSize()) / rowLength;
    const uint64_t typeLength = xDesc->GetDataType() == ge::DT_FLOAT ? 4 : 2;

    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const int64_t* blockNum = attrs->GetInt(0);
    const int64_t* copyLen = attrs->GetInt(1);
    const bool* doubleBuffer = attrs->GetBool(2);
    const bool* scalar = attrs->GetBool(3);
    const bool* l2Bypass = attrs->GetBool(4);
    const int64_t* ubLayout = attrs->GetInt(5);
    uint64_t cores = (blockNum != nullptr && *blockNum > 0) ? static_cast<uint64_t>(*blockNum)
                                                           : static_cast<uint64_t>(platform.GetCoreNumAiv());
    cores = cores < rows ? cores : rows;
    const uint64_t len = copyLen != nullptr ? static_cast<uint64_t>(*copyLen) : 16384;
    const bool pingPong = doubleBuffer != nullptr && *doubleBuffer;
    const bool scalarLoop = scalar != nullptr && *scalar;
    const uint32_t layout = ubLayout != nullptr ? static_cast<uint32_t>(*ubLayout) : ADD_WALKTHROUGH_LAYOUT_PACKED;
    if (layout > ADD_WALKTHROUGH_LAYOUT_SPREAD || (scalarLoop && pingPong) ||
        (layout == ADD_WALKTHROUGH_LAYOUT_SPREAD && len * typeLength > ADD_WALKTHROUGH_SLOT_BYTES)) {
        OP_LOGE(context->GetNodeName(), "ub_layout must be 0 or 1 (1: copy_len at most 32 KiB), scalar excludes "
                "double_buffer");
        return ge::GRAPH_FAILED;
    }
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t sets = pingPong ? 2 : 1;
    if (len == 0 || (len * typeLength) % 32 != 0 || (rowLength * typeLength) % 32 != 0 ||
        3 * sets * len * typeLength > ubSize + 256) {
        OP_LOGE(context->GetNodeName(), "copy_len %lu does not fit: whole 32-byte blocks, %lu x 3 buffers in UB",
                static_cast<unsigned long>(len), static_cast<unsigned long>(sets));
        return ge::GRAPH_FAILED;
    }

    AddWalkthroughTilingData* tiling = context->GetTilingData<AddWalkthroughTilingData>();
    if (tiling == nullptr) {
        return ge::GRAPH_FAILED;
    }
    tiling->rows = rows;
    tiling->rowLength = rowLength;
    tiling->splitM = static_cast<uint32_t>(cores);
    tiling->copyLen = static_cast<uint32_t>(len);
    tiling->l2Bypass = (l2Bypass != nullptr && *l2Bypass) ? 1 : 0;
    tiling->ubLayout = layout;
    context->SetTilingKey(scalarLoop ? ADD_WALKTHROUGH_KEY_SCALAR
                                     : (pingPong ? ADD_WALKTHROUGH_KEY_DOUBLE : ADD_WALKTHROUGH_KEY_SINGLE));
    context->SetBlockDim(static_cast<uint32_t>(cores));
    size_t* workspaces = context->GetWorkspaceSizes(1);
    if (workspaces != nullptr) {
        workspaces[0] = 0;
    }
    return ge::GRAPH_SUCCESS;
}

struct AddWalkthroughCompileInfo {};

static ge::graphStatus TilingParseAddWalkthrough(gert::TilingParseContext* context)
{
    (void)context;
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(AddWalkthrough)
    .Tiling(AddWalkthroughTilingFunc)
    .TilingParse<AddWalkthroughCompileInfo>(TilingParseAddWalkthrough);
}  // namespace optiling
