// RowSortLite tiling: rows of exactly 64 floats, split over the cores in contiguous ranges.
#include <string>
#include "log/log.h"
#include "op_host/tiling_util.h"
#include "register/op_def_registry.h"
#include "util/math_util.h"
#include "util/platform_util.h"
#include "row_sort_lite/op_kernel/row_sort_lite_tiling_data.h"

namespace optiling {
static ge::graphStatus RowSortLiteTiling(gert::TilingContext* context)
{
    const gert::StorageShape* xShape = context->GetInputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
    const gert::Shape& shape = xShape->GetStorageShape();
    const int64_t width = shape.GetDimNum() == 0 ? 1 : shape.GetDim(shape.GetDimNum() - 1);
    if (width != 64) {
        OP_LOGE_FOR_INVALID_VALUE(context->GetNodeName(), "last dimension of x", width, std::string("64"));
        return ge::GRAPH_FAILED;
    }
    const uint32_t rows = static_cast<uint32_t>(shape.GetShapeSize() / width);
    const uint32_t cores = Ops::Base::GetAivCoreNum(context);
    const uint32_t perCore = Ops::Base::CeilDiv(rows > 0 ? rows : 1U, cores);
    auto* tiling = context->GetTilingData<RowSortLiteTilingData>();
    OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
    tiling->rows = rows;
    tiling->rowsPerCore = perCore;
    context->SetBlockDim(Ops::Base::CeilDiv(rows > 0 ? rows : 1U, perCore));
    *context->GetWorkspaceSizes(1) = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(RowSortLite).Tiling(RowSortLiteTiling);
}  // namespace optiling
