// kernelgen CPU emulator (host side): stand-in for ops-nn's common/inc/op_api/runtime2_util.h: the compile-info
// accessor of tiling functions, the reduce-mean coefficient helpers (1 / number of reduced elements, and
// AddReduceMeanCof, which appends it to the tiling data: a float for float inputs, a half and two zero bytes for
// half), and OpHashInput, the byte-compared key of ops-nn's tiling cache (common/inc/op_host/tiling_cache.h and
// cache_runinfo.h, which include this header; layer_norm_v3's 950 tiling keeps its results in one).
#ifndef KGEMU_OP_API_RUNTIME2_UTIL_H
#define KGEMU_OP_API_RUNTIME2_UTIL_H

#include <cstdint>
#include <cstring>
#include <vector>

#include "exe_graph/runtime/tiling_parse_context.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/tiling_data.h"
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

namespace kg_rt2 {
// float -> IEEE half bits, round to nearest even (the coefficient is 1 / a count: finite and positive)
inline uint16_t half_bits(float v) {
    uint32_t x;
    std::memcpy(&x, &v, sizeof(x));
    const uint32_t sign = (x >> 16) & 0x8000U;
    const int32_t exp = static_cast<int32_t>((x >> 23) & 0xFFU) - 127 + 15;
    uint32_t man = x & 0x7FFFFFU;
    if (exp >= 31) return static_cast<uint16_t>(sign | 0x7C00U);
    uint32_t shift = 13;
    uint32_t h = 0;
    if (exp <= 0) {
        if (exp < -10) return static_cast<uint16_t>(sign);
        man |= 0x800000U;
        shift = static_cast<uint32_t>(14 - exp);
    } else {
        h = static_cast<uint32_t>(exp) << 10;
    }
    h |= man >> shift;
    const uint32_t rem = man & ((1U << shift) - 1U), halfway = 1U << (shift - 1);
    if (rem > halfway || (rem == halfway && (h & 1U))) ++h;
    return static_cast<uint16_t>(sign | h);
}
}  // namespace kg_rt2

// Appends 1 / (the reduced elements) after the tiling data: float for DT_FLOAT, half plus two zero bytes for
// DT_FLOAT16; other types append nothing and return false (ops-nn logs a warning), as does a bad axis.
template <typename T>
static inline bool AddReduceMeanCof(const gert::Shape& input_shape, const ge::DataType input_dtype,
                                    const std::vector<T>& reduce_axis, gert::TilingData* tiling_data) {
    float cof = 1.0f;
    const bool ok = CalcReduceMeanCof(input_shape, reduce_axis, cof);
    if (input_dtype == ge::DT_FLOAT) {
        tiling_data->Append(cof);
        return ok;
    }
    if (input_dtype == ge::DT_FLOAT16) {
        tiling_data->Append(kg_rt2::half_bits(cof));
        tiling_data->Append(static_cast<uint16_t>(0));
        return ok;
    }
    return false;
}

// A tiling-cache key: a copy of T, equal when the bytes are.
template <typename T>
class OpHashInput {
public:
    OpHashInput() = default;
    explicit OpHashInput(T& input) : content(input) {}
    bool operator==(const OpHashInput& other) const { return std::memcmp(&content, &other.content, sizeof(T)) == 0; }

private:
    T content{};
};
}  // namespace optiling

#endif  // KGEMU_OP_API_RUNTIME2_UTIL_H
