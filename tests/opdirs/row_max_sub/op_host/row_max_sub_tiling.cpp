// RowMaxSub tiling: whole rows per core (a multiple of 8), tiles of at most 248 rows (the repeat limit of
// WholeReduceMax is 255; Brcb takes 8 rows per repeat).
#include <string>
#include "log/log.h"
#include "op_host/tiling_util.h"
#include "register/op_def_registry.h"
#include "util/math_util.h"
#include "util/platform_util.h"
#include "row_max_sub/op_kernel/row_max_sub_tiling_data.h"

namespace optiling {
static ge::graphStatus RowMaxSubTiling(gert::TilingContext* context)
{
    const gert::StorageShape* xShape = context->GetInputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
    const gert::Shape& shape = xShape->GetStorageShape();
    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    if (dtype != ge::DT_FLOAT) {
        OP_LOGE_FOR_INVALID_DTYPE(context->GetNodeName(), "x", Ops::Base::ToString(dtype), "FLOAT");
        return ge::GRAPH_FAILED;
    }
    const int64_t width = shape.GetDimNum() == 0 ? 1 : shape.GetDim(shape.GetDimNum() - 1);
    if (width % 8 != 0 || width > 64 || width == 0) {
        OP_LOGE_FOR_INVALID_VALUE(context->GetNodeName(), "last dimension of x", width,
                                  std::string("a multiple of 8 in [8, 64]"));
        return ge::GRAPH_FAILED;
    }
    const uint32_t rows = static_cast<uint32_t>(shape.GetShapeSize() / width);
    const uint32_t cores = Ops::Base::GetAivCoreNum(context);
    const uint32_t perCore = Ops::Base::CeilAlign(Ops::Base::CeilDiv(rows > 0 ? rows : 1U, cores), 8U);
    auto* tiling = context->GetTilingData<RowMaxSubTilingData>();
    OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
    tiling->rows = rows;
    tiling->width = static_cast<uint32_t>(width);
    tiling->rowsPerCore = perCore;
    tiling->tileRows = perCore < 248U ? perCore : 248U;
    context->SetBlockDim(Ops::Base::CeilDiv(rows > 0 ? rows : 1U, perCore));
    *context->GetWorkspaceSizes(1) = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(RowMaxSub).Tiling(RowMaxSubTiling);
}  // namespace optiling
