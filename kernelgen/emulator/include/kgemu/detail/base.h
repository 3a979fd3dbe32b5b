// kernelgen CPU emulator (private, kernel side): qualifiers, constants and the Ascend C enums.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/base.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_BASE_H
#define KGEMU_DETAIL_BASE_H

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>

#include "kgemu/runtime.h"

// ---- branch hints, as the device toolchain's headers provide them beside GM_ADDR (asc-devkit
// impl/basic_api/utils/kernel_utils_macros.h): kernels and ATVOSS's reduce schedule write `if (unlikely(...))` ----
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
// PRELOAD(len): the instruction-cache preload hint of asc-devkit impl/basic_api/utils/kernel_utils_ceil_oom_que.h
// (layer_norm_grad's arch35 kernels, masked_softmax_with_rel_pos_bias); CANN's CPU-debug build makes it an empty
// block, as here: it has no effect on results.
#ifndef PRELOAD
#define PRELOAD(len) \
    {}
#endif

// KGEMU_TRAIT_PARAM(T): a configuration template parameter (Reg::Cast's CastTrait, the math APIs' ErfConfig, ...),
// `const T&` as asc-devkit declares it. g++ 12 crashes (internal compiler error in tsubst, or a segmentation fault)
// when a member template of a class template passes that class's `constexpr static` trait to such a parameter
// (softmax_focal_loss, dynamic_quant, ge_glu_v2); a class-type parameter by value (C++20) does not crash. The
// build retries a unit that crashed g++ as C++20 (build.py), where the parameter is taken by value.
#if __cplusplus >= 202002L
#define KGEMU_TRAIT_PARAM(T) T
#else
#define KGEMU_TRAIT_PARAM(T) const T&
#endif

// ---- qualifiers: empty, exactly like CANN's CPU-debug build ----
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __global__
#define __global__
#endif
#ifndef __host_aicore__  // a function for both host and AI Core (asc-devkit impl/utils/sys_macros.h; the cmct templates)
#define __host_aicore__
#endif
#ifndef __gm__
#define __gm__
#endif
#ifndef __forceinline__  // the device compiler's always-inline keyword (conv/common's arch35 helpers spell it)
#define __forceinline__ inline
#endif
// asc-devkit's kernel log (impl/basic_api/kernel_log.h): the CPU-debug build prints it; the level is
// KERNEL_DEBUG / KERNEL_INFO / KERNEL_WARN / KERNEL_ERROR
#ifndef KERNEL_LOG
#define KERNEL_LOG(level, format, ...) std::fprintf(stderr, "[" #level "] " format "\n", ##__VA_ARGS__)
#endif
#ifndef __ubuf__
#define __ubuf__
#endif
// the cube memories' address spaces (L1, L0A, L0B, L0C), empty like __ubuf__: a kernel may take an L1 tensor's
// address as `__cbuf__ T*` (conv3d_backprop_filter_v2's winograd transdata)
#ifndef __cbuf__
#define __cbuf__
#endif
#ifndef __ca__
#define __ca__
#endif
#ifndef __cb__
#define __cb__
#endif
#ifndef __cc__
#define __cc__
#endif
#ifndef __tiling_data_ptr__  // the qualifier of a GET_TILING_DATA_PTR_WITH_STRUCT pointer's tiling memory
#define __tiling_data_ptr__
#endif
#ifndef __inout_pipe__
#define __inout_pipe__(pipe)
#endif
#ifndef __sync_alias__
#define __sync_alias__
#endif
#ifndef __sync_noalias__
#define __sync_noalias__
#endif
#ifndef GM_ADDR
#define GM_ADDR __gm__ uint8_t*
#endif
// The core a block runs as, decided per launch by the kernel type (KgSoc launch layout, rt_block_core): AIV
// for vector-only kernels, AIC for the cube side of AIC-only and MIX kernels. Runtime expressions, so that one
// build serves both sides (`if ASCEND_IS_AIV { ... }` as kernels write it).
namespace kgemu {
namespace detail {
inline bool core_is_aic();  // kgemu/detail/state.h
}  // namespace detail
}  // namespace kgemu
#ifndef ASCEND_IS_AIV
#define ASCEND_IS_AIV (!::kgemu::detail::core_is_aic())
#endif
#ifndef ASCEND_IS_AIC
#define ASCEND_IS_AIC (::kgemu::detail::core_is_aic())
#endif
#ifndef ASCEND_IS_NOT_AIV
#define ASCEND_IS_NOT_AIV (::kgemu::detail::core_is_aic())
#endif
#ifndef ASCEND_IS_NOT_AIC
#define ASCEND_IS_NOT_AIC (!::kgemu::detail::core_is_aic())
#endif

namespace AscendC {

// ---- constants (kernel_utils_constants.h names) ----
#ifndef ASCC_PARAM_ONE_BLK_SIZE  // also declared by the host tiling API (tiling/tiling_api.h), as in CANN
#define ASCC_PARAM_ONE_BLK_SIZE
constexpr int32_t ONE_BLK_SIZE = 32;
#endif
constexpr int32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t DEFAULT_BLK_NUM = 8;
constexpr int32_t HALF_FACTOR = 2;   // conv3d_backprop_input_v2's arch35 kernel halves UB with it
constexpr int32_t DEFAULT_C0_SIZE = 32;   // bytes of one C0 (conv3d_backprop_filter_v2's winograd helpers)
constexpr int32_t BYTE_PER_FRACTAL = 512;  // one 16 x 32-byte fractal (the same helpers)
// kernel_utils_ceil_oom_que.h's compile-time ceiling division (conv3d_backprop_filter_v2)
constexpr inline uint32_t ConstCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
constexpr int32_t DEFAULT_BLK_STRIDE = 1;
constexpr uint8_t DEFAULT_REPEAT_STRIDE = 8;
constexpr int32_t MAX_REPEAT_TIMES = 255;
// elements of one 32-byte block (quantize_add_layer_norm and add_layer_norm compute repeat strides with them)
constexpr uint32_t ONE_BLK_HALF_NUM = 32 / 2;
constexpr uint32_t ONE_BLK_FLOAT_NUM = 32 / 4;
// IEEE-754 float bit patterns as uint32 (a SIMT kernel reads -inf as `*reinterpret_cast<const float*>(&F32_NEG_INF)`)
constexpr uint32_t F32_INF = 0x7f800000;
constexpr uint32_t F32_NEG_INF = 0xff800000;
constexpr uint32_t F32_NAN = 0x7fc00000;
// One UB block's bytes under the name kernel_utils_constants.h gives it for the Ascend 950 family's arches (3510 and
// 5102 / 3003 / 3113) only, not for 2201 / 2002: scatter_add's arch35 kernel names it unqualified.
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510 || __NPU_ARCH__ == 5102 || __NPU_ARCH__ == 3003 || \
                              __NPU_ARCH__ == 3113)
constexpr uint32_t ONE_BLOCK_SIZE = 32;
#endif
#ifndef ASCC_PARAM_BLOCK_CUBE
#define ASCC_PARAM_BLOCK_CUBE
constexpr int32_t BLOCK_CUBE = 16;
#endif
constexpr int32_t QBUF_MAX_LEN = 64;
constexpr int32_t QBUFPOOL_MAX_LEN = 16;
constexpr uint16_t DEFAULT_DATA_COPY_NBURST = 1;
constexpr uint16_t DEFAULT_DATA_COPY_STRIDE = 0;
constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;

// ---- integer helpers (kernel_utils): ceil(a / b) and a rounded up to a multiple of b ----
template <typename T, typename U>
__aicore__ inline constexpr typename std::common_type<T, U>::type DivCeil(T a, U b) {
    using R = typename std::common_type<T, U>::type;
    return (static_cast<R>(a) + static_cast<R>(b) - 1) / static_cast<R>(b);
}
template <typename T, typename U>
__aicore__ inline constexpr typename std::common_type<T, U>::type AlignUp(T a, U b) {
    using R = typename std::common_type<T, U>::type;
    return DivCeil(a, b) * static_cast<R>(b);
}

enum class TPosition : uint8_t {
    GM,
    A1,
    A2,
    B1,
    B2,
    C1,
    C2,
    CO1,
    CO2,
    VECIN,
    VECOUT,
    VECCALC,
    LCM = VECCALC,
    SPM,
    SHM = SPM,
    TSCM,
    C2PIPE2GM,
    C2PIPE2LOCAL,
    MAX,
};
using QuePosition = TPosition;

enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

enum class HardEvent : uint8_t {
    MTE2_MTE1,
    MTE1_MTE2,
    MTE1_M,
    M_MTE1,
    MTE2_V,
    V_MTE2,
    MTE3_V,
    V_MTE3,
    M_V,
    V_M,
    V_V,
    MTE3_MTE1,
    MTE1_MTE3,
    MTE1_V,
    MTE2_M,
    M_MTE2,
    V_MTE1,
    M_FIX,
    FIX_M,
    MTE3_MTE2,
    MTE2_MTE3,
    S_V,
    V_S,
    S_MTE2,
    MTE2_S,
    S_MTE3,
    MTE3_S,
    MTE2_FIX,
    FIX_MTE2,
    FIX_S,
    M_S,
    FIX_MTE3,
    MTE1_FIX,
    FIX_MTE1,
    FIX_FIX,
    MAX,
};

using TEventID = int8_t;

enum class RoundMode : uint8_t {
    CAST_NONE = 0,
    CAST_RINT,
    CAST_FLOOR,
    CAST_CEIL,
    CAST_ROUND,
    CAST_TRUNC,
    CAST_ODD,
    CAST_HYBRID,
    UNKNOWN,  // Ascend 950 Reg::CastTrait: the conversion's default (round to nearest even)
    CAST_EVEN,  // SIMT Cast (simt_api): round to nearest, ties to even
};

enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };

enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };

enum class TanhAlgo : uint8_t { INTRINSIC = 0, SUBSECTION_COMPENSATION };
struct TanhConfig {
    TanhAlgo algo = TanhAlgo::INTRINSIC;
};
inline constexpr TanhConfig DEFAULT_TANH_CONFIG = {TanhAlgo::INTRINSIC};

enum class CacheMode : uint8_t { CACHE_MODE_DISABLE = 0, CACHE_MODE_NORMAL, CACHE_MODE_LAST, CACHE_MODE_PERSISTENT };
enum class CacheRwMode : uint8_t { READ = 1, WRITE = 2, RW = 3 };

enum KernelMetaType : uint8_t {
    KERNEL_TYPE_AIV_ONLY,
    KERNEL_TYPE_AIC_ONLY,
    KERNEL_TYPE_MIX_AIV_1_0,
    KERNEL_TYPE_MIX_AIC_1_0,
    KERNEL_TYPE_MIX_AIC_1_1,
    KERNEL_TYPE_MIX_AIC_1_2,
    KERNEL_TYPE_AICORE,
    KERNEL_TYPE_VECTORCORE,
    KERNEL_TYPE_MIX_AICORE,
    KERNEL_TYPE_MIX_VECTOR_CORE,
    KERNEL_TYPE_MAX,
};

}  // namespace AscendC

// pipe_t and event_t are compiler builtins (global namespace) on the NPU.
enum event_t : int32_t {
    EVENT_ID0 = 0,
    EVENT_ID1,
    EVENT_ID2,
    EVENT_ID3,
    EVENT_ID4,
    EVENT_ID5,
    EVENT_ID6,
    EVENT_ID7,
};
enum pipe_t : int32_t {
    PIPE_S = 0,
    PIPE_V,
    PIPE_M,
    PIPE_MTE1,
    PIPE_MTE2,
    PIPE_MTE3,
    PIPE_ALL,
    PIPE_MTE4,
    PIPE_MTE5,
    PIPE_V2,
    PIPE_FIX,
};
// addr_cal_mode_t: the load_gm_to_cbuf builtins' address mode, an unscoped enum whose enumerators asc-devkit's
// impl names bare (kernel_operator_mm_impl.h:125 passes `dec`) and as addr_cal_mode_t::inc. A test with a global
// `using namespace std` makes a bare `dec` ambiguous with std::dec, which is why ops-nn's kernel tests pin
// `AscendC::dec = ::dec` (lp_loss, smooth_l1_loss_v2: "std::dec vs tikicpulib::dec").
enum addr_cal_mode_t : int32_t { inc = 0, dec = 1 };

namespace AscendC {
using ::event_t;
using ::pipe_t;
}  // namespace AscendC

// Kernel type markers are compile-time section markers: nothing at run time.
#define KERNEL_TASK_TYPE_DEFAULT(value)
#define KERNEL_TASK_TYPE(key, value)

namespace kgemu {
namespace detail {

// printf into a std::string (messages only; never on a per-element path).
inline std::string strf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
inline std::string strf(const char* fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    const int n = std::vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    if (n < 0) return std::string(fmt);
    if (static_cast<size_t>(n) < sizeof(buf)) return std::string(buf, static_cast<size_t>(n));
    std::string out(static_cast<size_t>(n) + 1, '\0');
    va_start(ap, fmt);
    std::vsnprintf(&out[0], out.size(), fmt, ap);
    va_end(ap);
    out.resize(static_cast<size_t>(n));
    return out;
}

// Every defect is reported as "<API call>: <problem>".
[[noreturn]] inline void fail(const char* api, const std::string& problem) {
    throw EmuError(std::string(api) + ": " + problem);
}

inline const char* position_name(AscendC::TPosition p) {
    switch (p) {
        case AscendC::TPosition::GM: return "GM";
        case AscendC::TPosition::A1: return "A1";
        case AscendC::TPosition::A2: return "A2";
        case AscendC::TPosition::B1: return "B1";
        case AscendC::TPosition::B2: return "B2";
        case AscendC::TPosition::C1: return "C1";
        case AscendC::TPosition::C2: return "C2";
        case AscendC::TPosition::CO1: return "CO1";
        case AscendC::TPosition::CO2: return "CO2";
        case AscendC::TPosition::VECIN: return "VECIN";
        case AscendC::TPosition::VECOUT: return "VECOUT";
        case AscendC::TPosition::VECCALC: return "VECCALC";
        case AscendC::TPosition::SPM: return "SPM";
        case AscendC::TPosition::TSCM: return "TSCM";
        case AscendC::TPosition::C2PIPE2GM: return "C2PIPE2GM";
        case AscendC::TPosition::C2PIPE2LOCAL: return "C2PIPE2LOCAL";
        default: return "MAX";
    }
}

inline bool position_is_ub(AscendC::TPosition p) {
    return p == AscendC::TPosition::VECIN || p == AscendC::TPosition::VECOUT || p == AscendC::TPosition::VECCALC;
}

// Names of the pipes on both sides of a HardEvent ("V_MTE3" -> "V" then "MTE3").
struct EventPipes {
    const char* name;
    const char* src;
    const char* dst;
};

inline EventPipes event_pipes(AscendC::HardEvent e) {
    static const EventPipes table[] = {
        {"MTE2_MTE1", "MTE2", "MTE1"}, {"MTE1_MTE2", "MTE1", "MTE2"}, {"MTE1_M", "MTE1", "M"},
        {"M_MTE1", "M", "MTE1"},       {"MTE2_V", "MTE2", "V"},       {"V_MTE2", "V", "MTE2"},
        {"MTE3_V", "MTE3", "V"},       {"V_MTE3", "V", "MTE3"},       {"M_V", "M", "V"},
        {"V_M", "V", "M"},             {"V_V", "V", "V"},             {"MTE3_MTE1", "MTE3", "MTE1"},
        {"MTE1_MTE3", "MTE1", "MTE3"}, {"MTE1_V", "MTE1", "V"},       {"MTE2_M", "MTE2", "M"},
        {"M_MTE2", "M", "MTE2"},       {"V_MTE1", "V", "MTE1"},       {"M_FIX", "M", "FIX"},
        {"FIX_M", "FIX", "M"},         {"MTE3_MTE2", "MTE3", "MTE2"}, {"MTE2_MTE3", "MTE2", "MTE3"},
        {"S_V", "S", "V"},             {"V_S", "V", "S"},             {"S_MTE2", "S", "MTE2"},
        {"MTE2_S", "MTE2", "S"},       {"S_MTE3", "S", "MTE3"},       {"MTE3_S", "MTE3", "S"},
        {"MTE2_FIX", "MTE2", "FIX"},   {"FIX_MTE2", "FIX", "MTE2"},   {"FIX_S", "FIX", "S"},
        {"M_S", "M", "S"},             {"FIX_MTE3", "FIX", "MTE3"},   {"MTE1_FIX", "MTE1", "FIX"},
        {"FIX_MTE1", "FIX", "MTE1"},   {"FIX_FIX", "FIX", "FIX"},
    };
    const auto i = static_cast<size_t>(e);
    if (i < sizeof(table) / sizeof(table[0])) return table[i];
    return {"MAX", "?", "?"};
}

inline const char* pipe_name(::pipe_t p) {
    switch (p) {
        case ::PIPE_S: return "S";
        case ::PIPE_V: return "V";
        case ::PIPE_M: return "M";
        case ::PIPE_MTE1: return "MTE1";
        case ::PIPE_MTE2: return "MTE2";
        case ::PIPE_MTE3: return "MTE3";
        case ::PIPE_ALL: return "ALL";
        case ::PIPE_MTE4: return "MTE4";
        case ::PIPE_MTE5: return "MTE5";
        case ::PIPE_V2: return "V2";
        case ::PIPE_FIX: return "FIX";
        default: return "?";
    }
}

inline const char* round_mode_name(AscendC::RoundMode m) {
    switch (m) {
        case AscendC::RoundMode::CAST_NONE: return "CAST_NONE";
        case AscendC::RoundMode::CAST_RINT: return "CAST_RINT";
        case AscendC::RoundMode::CAST_FLOOR: return "CAST_FLOOR";
        case AscendC::RoundMode::CAST_CEIL: return "CAST_CEIL";
        case AscendC::RoundMode::CAST_ROUND: return "CAST_ROUND";
        case AscendC::RoundMode::CAST_TRUNC: return "CAST_TRUNC";
        case AscendC::RoundMode::CAST_ODD: return "CAST_ODD";
        case AscendC::RoundMode::CAST_HYBRID: return "CAST_HYBRID";
        default: return "CAST_<?>";
    }
}

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_BASE_H
