// kernelgen CPU emulator: stand-in for ops-nn's common/inc/op_host/op_cache_tiling.h (reached as "op_cache_tiling.h"
// and "op_host/op_cache_tiling.h"). ops-nn's own definitions (common/src/op_host/op_cache_tiling.cpp) look each
// function up in CANN's legacy TBE tiling library at run time (LegacyCommonMgr) and, when it is absent, log a warning
// and answer false. The emulator has no legacy library, so the functions answer as they do then; the matmul tilings
// that call them take their own path or report their failure. The parameter structs are ops-nn's (beside it).
#ifndef KGEMU_OP_CACHE_TILING_H
#define KGEMU_OP_CACHE_TILING_H

#include <array>
#include <cstdint>
#include <string>

#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "op_cache_def_tiling.h"

namespace optiling {
const std::string WQBMM_MSD = "wqbmm_msd";
const std::string WQBMM_CUSTOM = "wqbmm_custom";
inline bool TilingPrepareForOpCache(gert::TilingContext*) { return false; }
inline bool TilingPrepareForOpCache(gert::TilingParseContext*) { return false; }
inline bool GenTiling(const std::string&, const BatchmatmulCompileParas&, BatchmatmulRunParas&, CacheTilingData&,
                      gert::TilingContext*)
{
    return false;
}
inline bool CheckSupportConditionQbmm(QbmmType, QuantBatchMatmulRunParas&, uint64_t, bool) { return false; }
inline bool GenWqbmmTiling(const std::string&, const WeightQuantBatchMatmulCacheTilingParas&,
                           WeightQuantBatchMatmulCacheTilingData&)
{
    return false;
}
}  // namespace optiling
namespace Ops {
namespace NN {
using optiling::CheckSupportConditionQbmm;
using optiling::GenTiling;
using optiling::GenWqbmmTiling;
using optiling::TilingPrepareForOpCache;
using optiling::WQBMM_CUSTOM;
using optiling::WQBMM_MSD;
}  // namespace NN
}  // namespace Ops

#endif  // KGEMU_OP_CACHE_TILING_H
