// MeanGradLite tiling for ascend910b (its CMakeLists.txt pairs ascend910b with this folder).
#include "../mean_grad_lite_tiling_body.h"

namespace optiling {
static ge::graphStatus MeanGradLiteTilingFunc(gert::TilingContext* context)
{
    return MeanGradLiteTiling(context, 1024);
}
IMPL_OP_OPTILING(MeanGradLite).Tiling(MeanGradLiteTilingFunc);
}  // namespace optiling
