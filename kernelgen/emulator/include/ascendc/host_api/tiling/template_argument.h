// kernelgen CPU emulator: template tiling-key declarations (ascendc/host_api/tiling/template_argument.h).
//   ASCENDC_TPL_ARGS_DECL(Name, ASCENDC_TPL_UINT_DECL(p, bits, ASCENDC_TPL_UI_LIST, v...), ...);
//   ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(p, ASCENDC_TPL_UI_LIST, v...), ...), ...);
//   key = GET_TPL_TILING_KEY(v_p, ...);  ASCENDC_TPL_SEL_PARAM(context, v_p, ...);
// The same header serves host and kernel translation units (both get g_tilingDeclareParams /
// g_tilingSelectParams); kgemu::tpl::DecodeTilingKey(Name, key, &values) decodes a key for a launcher.
// With ASCENDC_TPL_KERNEL defined (kernel side, after the kernel headers), TypeFromId<C_DT_x>::type maps a
// DATATYPE parameter to its C++ type as on CANN.
#ifndef KGEMU_ASCENDC_HOST_API_TILING_TEMPLATE_ARGUMENT_H
#define KGEMU_ASCENDC_HOST_API_TILING_TEMPLATE_ARGUMENT_H

#include <cstdint>
#include <cstring>
#include <vector>

#include "graph/c_types.h"
#ifndef KGEMU_HOST_DETAIL_OK
#define KGEMU_HOST_DETAIL_OK
#endif
#include "kgemu/detail/host_tpl.h"

// selectable kernel types
#define ASCENDC_TPL_AIV_ONLY 0
#define ASCENDC_TPL_AIC_ONLY 1
#define ASCENDC_TPL_MIX_AIV_1_0 4
#define ASCENDC_TPL_MIX_AIC_1_0 5
#define ASCENDC_TPL_MIX_AIC_1_1 6
#define ASCENDC_TPL_MIX_AIC_1_2 7
#define ASCENDC_TPL_AICORE 8
#define ASCENDC_TPL_VECTORCORE 9
#define ASCENDC_TPL_MIX_AICORE 10
#define ASCENDC_TPL_MIX_VECTOR_CORE 11
#define ASCENDC_TPL_MAX 12
// bit widths
#define ASCENDC_TPL_1_BW 1
#define ASCENDC_TPL_2_BW 2
#define ASCENDC_TPL_4_BW 4
#define ASCENDC_TPL_8_BW 8

#define ASCENDC_TPL_DTYPE_DECL(x, ...) ParamStruct{#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, "DECL"}
#define ASCENDC_TPL_DATATYPE_DECL(x, ...) ParamStruct{#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, "DECL"}
#define ASCENDC_TPL_FORMAT_DECL(x, ...) ParamStruct{#x, ASCENDC_TPL_FORMAT, ASCENDC_TPL_8_BW, {__VA_ARGS__}, "DECL"}
#define ASCENDC_TPL_UINT_DECL(x, bw, ...) ParamStruct{#x, ASCENDC_TPL_UINT, bw, {__VA_ARGS__}, "DECL"}
#define ASCENDC_TPL_BOOL_DECL(x, ...) ParamStruct{#x, ASCENDC_TPL_BOOL, ASCENDC_TPL_1_BW, {__VA_ARGS__}, "DECL"}
#define ASCENDC_TPL_KERNEL_TYPE_DECL(x, ...) \
    ParamStruct{#x, ASCENDC_TPL_SHARED_KERNEL_TYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, "DECL"}
// Each declaration in an inline namespace of its own: a kernel that includes another operator's tiling-key header
// beside its own (conv3d_transpose_v2's arch35 kernel reaches conv3d_backprop_input_v2's) compiles, as on CANN, whose
// kernel build expands these macros to nothing; GET_TPL_TILING_KEY in a unit with one declaration finds it.
#define ASCENDC_TPL_ARGS_DECL(x, ...)                                       \
    inline namespace kg_tpl_decl_##x {                                      \
    static TilingDeclareParams g_tilingDeclareParams{__VA_ARGS__};          \
    static const int kg_tpl_decl_registered_##x __attribute__((unused)) =   \
        ::kgemu::tpl::RegisterDecl(#x, g_tilingDeclareParams, __BASE_FILE__); \
    }                                                                       \
    static_assert(true, "")

#define ASCENDC_TPL_DTYPE_SEL(x, ...) ParamStruct{#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, "SEL"}
#define ASCENDC_TPL_DATATYPE_SEL(x, ...) ParamStruct{#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, "SEL"}
#define ASCENDC_TPL_FORMAT_SEL(x, ...) ParamStruct{#x, ASCENDC_TPL_FORMAT, ASCENDC_TPL_8_BW, {__VA_ARGS__}, "SEL"}
// UINT and BOOL selections: the list's text after macro expansion, its digit runs read as CANN's key tool reads
// them (kgemu::tpl::NumbersIn): an undefined name drops out instead of stopping the compile
#define KGEMU_TPL_TEXT(...) #__VA_ARGS__
#define ASCENDC_TPL_UINT_SEL(x, ...) \
    ParamStruct{#x, ASCENDC_TPL_UINT, 0, ::kgemu::tpl::NumbersIn(KGEMU_TPL_TEXT(__VA_ARGS__)), "SEL"}
#define ASCENDC_TPL_BOOL_SEL(x, ...) \
    ParamStruct{#x, ASCENDC_TPL_BOOL, ASCENDC_TPL_1_BW, ::kgemu::tpl::NumbersIn(KGEMU_TPL_TEXT(__VA_ARGS__)), "SEL"}
#define ASCENDC_TPL_TILING_STRUCT_SEL(x, ...) ParamStruct{#x, 100, 0, {}, "SEL"}
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...) \
    ParamStruct{"kernel_type", ASCENDC_TPL_KERNEL_TYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, "SEL"}
#define ASCENDC_TPL_DETERMINISTIC_SEL(...) \
    ParamStruct{"deterministic", ASCENDC_TPL_DETERMINISTIC, ASCENDC_TPL_1_BW, {__VA_ARGS__}, "SEL"}
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(x, ...) \
    ParamStruct{#x, ASCENDC_TPL_SHARED_KERNEL_TYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, "SEL"}
#define ASCENDC_TPL_ARGS_SEL(...) \
    { __VA_ARGS__ }
// ends with its own ';': ops-nn writes it with or without one (index_put_with_sort_v2_struct.h: none, then #endif)
#define KGEMU_TPL_CAT2(a, b) a##b
#define KGEMU_TPL_CAT(a, b) KGEMU_TPL_CAT2(a, b)
#define ASCENDC_TPL_SEL(...)                                               \
    inline namespace KGEMU_TPL_CAT(kg_tpl_sel_, __COUNTER__) {             \
    static TilingSelectParams g_tilingSelectParams{__VA_ARGS__};           \
    static const int kg_tpl_sel_registered __attribute__((unused)) =       \
        ::kgemu::tpl::RegisterSel(__BASE_FILE__, g_tilingSelectParams);    \
    }

namespace AscendC {
inline uint64_t FastEncodeTilingKeyDirect(const TilingDeclareParams& declareParams, std::initializer_list<uint64_t> args) {
    return ::kgemu::tpl::EncodeTilingKey(declareParams, args);
}
// CANN's debug-mode encoder: also checks the values against the ASCENDC_TPL_SEL lists.
inline uint64_t EncodeTilingKey(const TilingDeclareParams& declareParams, const TilingSelectParams& selectParams,
                                std::vector<uint64_t> tilingParams) {
    const uint64_t key = ::kgemu::tpl::EncodeTilingKey(declareParams, tilingParams.data(), tilingParams.size());
    if (key != INVALID_TILING_KEY && tilingParams.size() == declareParams.size() && !selectParams.empty() &&
        !::kgemu::tpl::SelectionAdmits(declareParams, selectParams, tilingParams)) {
        ::kgemu::detail::HostLog(::kgemu::detail::LogLevel::kError, "GET_TPL_TILING_KEY",
                                 "the template parameter values are not in any ASCENDC_TPL_ARGS_SEL");
        return INVALID_TILING_KEY;
    }
    return key;
}
}  // namespace AscendC

#define GET_TPL_TILING_KEY(...) ::kgemu::tpl::EncodeTilingKey(g_tilingDeclareParams, {__VA_ARGS__})
#define ASCENDC_TPL_SEL_PARAM(context, ...)               \
    do {                                                  \
        uint64_t kgTplKey = GET_TPL_TILING_KEY(__VA_ARGS__); \
        (context)->SetTilingKey(kgTplKey);                \
    } while (0)

#if defined(ASCENDC_TPL_KERNEL)
template <int dataTypeId>
struct TypeFromId {
    using type = void;
};
#define ASCENDC_TPL_TYPE_TRANS_DEFINE(id, r_type) \
    template <>                                   \
    struct TypeFromId<id> {                       \
        using type = r_type;                      \
    }
ASCENDC_TPL_TYPE_TRANS_DEFINE(C_DT_FLOAT, float);
ASCENDC_TPL_TYPE_TRANS_DEFINE(C_DT_FLOAT16, half);
ASCENDC_TPL_TYPE_TRANS_DEFINE(C_DT_INT8, int8_t);
ASCENDC_TPL_TYPE_TRANS_DEFINE(C_DT_INT32, int32_t);
ASCENDC_TPL_TYPE_TRANS_DEFINE(C_DT_UINT8, uint8_t);
ASCENDC_TPL_TYPE_TRANS_DEFINE(C_DT_INT16, int16_t);
ASCENDC_TPL_TYPE_TRANS_DEFINE(C_DT_UINT16, uint16_t);
ASCENDC_TPL_TYPE_TRANS_DEFINE(C_DT_INT64, int64_t);
ASCENDC_TPL_TYPE_TRANS_DEFINE(C_DT_UINT32, uint32_t);
ASCENDC_TPL_TYPE_TRANS_DEFINE(C_DT_UINT64, uint64_t);
ASCENDC_TPL_TYPE_TRANS_DEFINE(C_DT_DOUBLE, double);
ASCENDC_TPL_TYPE_TRANS_DEFINE(C_DT_BOOL, bool);
ASCENDC_TPL_TYPE_TRANS_DEFINE(C_DT_BF16, bfloat16_t);
#endif

#endif  // KGEMU_ASCENDC_HOST_API_TILING_TEMPLATE_ARGUMENT_H
