// kernelgen CPU emulator (host side): stand-in for ops-nn's common/inc/op_api/runtime2_util.h: the compile-info
// accessor of tiling functions and the reduce-mean coefficient helpers (1 / number of reduced elements).
#ifndef KGEMU_OP_API_RUNTIME2_UTIL_H
#define KGEMU_OP_API_RUNTIME2_UTIL_H

#include <cstdint>
#include <vector>

#include "exe_graph/runtime/tiling_parse_context.h"
#include "exe_graph/runtime/shape.h"
#include "graph/types.h"
#include "log/log.h"
#include "register/op_impl_registry.h"
#include "platform/platform_infos_def.h"
// ops-nn's own runtime2_util.h includes its op_api/op_util.h (Ops::Nn::IsDimValid, GenInvalidDimMsg: norm
// infershapes such as layer_norm_v3 call them through this header); it is ops-nn's code, found in its common/inc
#if __has_include("op_api/op_util.h")
#include "op_api/op_util.h"
#endif

namespace optiling {
// The compile-info object a TilingParse function fills (nullptr when the context has none).
template <typename T>
static inline T* GetCompileInfoPtr(gert::TilingParseContext* context) {
    return context == nullptr ? nullptr : context->GetCompiledInfo<T>();
}

// 1 / (product of the reduced dims of input_shape); negative axes count from the end. False on an axis out of
// range or an empty reduction volume.
template <typename T>
static inline bool CalcReduceMeanCof(const gert::Shape& input_shape, const std::vector<T>& reduce_axis,
                                     float& reduce_mean_cof) {
    const int64_t rank = static_cast<int64_t>(input_shape.GetDimNum());
    int64_t count = 1;
    for (const T axis : reduce_axis) {
        int64_t a = static_cast<int64_t>(axis);
        if (a < 0) a += rank;
        if (a < 0 || a >= rank) return false;
        count *= input_shape.GetDim(static_cast<size_t>(a));
    }
    if (count <= 0) return false;
    reduce_mean_cof = 1.0f / static_cast<float>(count);
    return true;
}
}  // namespace optiling

#endif  // KGEMU_OP_API_RUNTIME2_UTIL_H
