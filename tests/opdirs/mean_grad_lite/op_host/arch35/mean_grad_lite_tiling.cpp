// MeanGradLite tiling for ascend950 (arch35): larger tiles.
#include "../mean_grad_lite_tiling_body.h"

namespace optiling {
static ge::graphStatus MeanGradLiteTilingFunc(gert::TilingContext* context)
{
    return MeanGradLiteTiling(context, 4096);
}
IMPL_OP_OPTILING(MeanGradLite).Tiling(MeanGradLiteTilingFunc);
}  // namespace optiling
