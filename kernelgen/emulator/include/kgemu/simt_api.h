// kernelgen CPU emulator: the SIMT API of Ascend 950 (asc-devkit include/simt_api/...), for g++.
//
// Included by the simt_api/*.h headers kernels include, and by kernel_operator.h on npu arch 3510 (as CANN's
// kernel_operator_intf.h includes simt_api/cpp/kernel_simt_intf.h there). Names follow asc-devkit's SIMT-API
// pages: asc_vf_call<f>(dim3, args...) and AscendC::Simt::VF_CALL, the built-ins threadIdx / blockIdx /
// blockDim / gridDim, asc_syncthreads, the warp functions (asc_shfl*, asc_ballot / any / all / activemask,
// asc_reduce_add / max / min, laneid), the atomics (asc_atomic_*, AscendC::Simt::Atomic*), AscendC::Simt's
// thread queries, UintDiv, Cast and math, and the half / bfloat16 conversions. How threads run and how the
// sanitizer sees them: kgemu/detail/simt_sched.h, simt_race.h, simt_warp.h.
#ifndef KGEMU_SIMT_API_H
#define KGEMU_SIMT_API_H

#include "kernel_operator.h"

#define KGEMU_INSIDE_KERNEL_OPERATOR 1
#include "kgemu/detail/simt_sched.h"
#include "kgemu/detail/simt_race.h"
#include "kgemu/detail/simt_warp.h"
#undef KGEMU_INSIDE_KERNEL_OPERATOR

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

// ---- function qualifiers (asc-devkit "函数执行空间限定符"): plain functions on the CPU ----
#ifndef __simt_vf__
#define __simt_vf__
#endif
#ifndef __simt_callee__
#define __simt_callee__
#endif
#ifndef __vector__
#define __vector__
#endif
#ifndef __launch_bounds__
#define __launch_bounds__(...)
#endif
// LAUNCH_BOUND(n): the device compiler's spelling that ops-nn's SIMT kernels use without defining it (they define
// it empty only for __CCE_KT_TEST__ builds)
#ifndef LAUNCH_BOUND
#define LAUNCH_BOUND(...)
#endif
// Clang's vector types (`typedef int32_t int4 __attribute__((ext_vector_type(4)))`, ops-nn's gather kernels) as
// g++'s: every such typedef in ops-nn's main tree has 4-byte elements.
#ifndef ext_vector_type
#define ext_vector_type(n) vector_size((n) * 4)
#endif
#ifndef __SIMT_DEVICE_FUNCTIONS_DECL__
#define __SIMT_DEVICE_FUNCTIONS_DECL__
#endif

namespace kgemu {
namespace simt {
// "asc_vf_call<Kernel<float>>" from __PRETTY_FUNCTION__ of launch<f>: the VF's name for diagnoses.
inline std::string vf_name_from(const char* pretty) {
    std::string s = pretty;
    const auto at = s.find("F = ");
    if (at == std::string::npos) return std::string("a SIMT VF");
    s = s.substr(at + 4);
    return s.substr(0, s.find_first_of(";]"));
}
template <auto F>
inline const char* vf_name() {
    static const std::string name = vf_name_from(__PRETTY_FUNCTION__);
    return name.c_str();
}
}  // namespace simt
}  // namespace kgemu

// asc-devkit "核函数配置": launches blockDim threads of a __simt_vf__ function (a SIMT VF) on this AIV block.
template <auto funcPtr, typename... Args>
inline void asc_vf_call(dim3 threadNums, Args&&... args) {
    kgemu::simt::run_vf(kgemu::simt::vf_name<funcPtr>(), threadNums, [&]() { funcPtr(args...); });
}

// asc_syncthreads (device_sync_functions.h): the block's barrier. A macro, so a deadlock names the call site.
#define asc_syncthreads() ::kgemu::simt::barrier(__FILE__, __LINE__)
#define __syncthreads() ::kgemu::simt::barrier(__FILE__, __LINE__)
inline void asc_threadfence() {}        // orders this thread's own accesses: nothing to do on the CPU
inline void asc_threadfence_block() {}
// asc_dcci_single / asc_dcci_entire (访存函数): refresh the core's data cache before reading GM another core wrote;
// the emulator's GM has no cache (asc-devkit's software simulation does not support them either: 附录/SIMT接口软仿
// 情况汇总), so a read sees the latest value.
inline void asc_dcci_single(const volatile void* dst) { __builtin_cce_dcci(dst, 0, 0); }
inline void asc_dcci_entire(const volatile void* dst) { __builtin_cce_dcci(dst, 1, 0); }

// ---- warp functions (device_warp_functions.h) ----
#define asc_shfl(var, ...) ::kgemu::simt::shfl_call(::kgemu::simt::kShfl, "asc_shfl", __FILE__, __LINE__, var, __VA_ARGS__)
#define __shfl(var, ...) ::kgemu::simt::shfl_call(::kgemu::simt::kShfl, "__shfl", __FILE__, __LINE__, var, __VA_ARGS__)
#define asc_shfl_up(var, ...) \
    ::kgemu::simt::shfl_call(::kgemu::simt::kShflUp, "asc_shfl_up", __FILE__, __LINE__, var, __VA_ARGS__)
#define asc_shfl_down(var, ...) \
    ::kgemu::simt::shfl_call(::kgemu::simt::kShflDown, "asc_shfl_down", __FILE__, __LINE__, var, __VA_ARGS__)
#define asc_shfl_xor(var, ...) \
    ::kgemu::simt::shfl_call(::kgemu::simt::kShflXor, "asc_shfl_xor", __FILE__, __LINE__, var, __VA_ARGS__)
#define asc_ballot(p) ::kgemu::simt::vote("asc_ballot", ::kgemu::simt::kBallot, (p), __FILE__, __LINE__)
#define asc_any(p) static_cast<int32_t>(::kgemu::simt::vote("asc_any", ::kgemu::simt::kAny, (p), __FILE__, __LINE__))
#define asc_all(p) static_cast<int32_t>(::kgemu::simt::vote("asc_all", ::kgemu::simt::kAll, (p), __FILE__, __LINE__))
#define asc_activemask() ::kgemu::simt::vote("asc_activemask", ::kgemu::simt::kActive, 1, __FILE__, __LINE__)
#define asc_reduce_add(v) ::kgemu::simt::reduce("asc_reduce_add", ::kgemu::simt::kRedAdd, (v), __FILE__, __LINE__)
#define asc_reduce_max(v) ::kgemu::simt::reduce("asc_reduce_max", ::kgemu::simt::kRedMax, (v), __FILE__, __LINE__)
#define asc_reduce_min(v) ::kgemu::simt::reduce("asc_reduce_min", ::kgemu::simt::kRedMin, (v), __FILE__, __LINE__)

namespace kgemu {
namespace simt {
template <typename T>
inline T shfl_call(int kind, const char* api, const char* file, int line, T var, int32_t arg, int32_t width = 32) {
    return shfl(api, kind, var, arg, width, file, line);
}
}  // namespace simt
}  // namespace kgemu

inline uint32_t laneid() { return kgemu::simt::lane_of(kgemu::simt::current("laneid")); }
inline uint32_t lanemask_eq() { return 1u << laneid(); }
inline uint32_t lanemask_lt() { return (1u << laneid()) - 1u; }
inline uint32_t lanemask_le() { return lanemask_lt() | lanemask_eq(); }
inline uint32_t lanemask_gt() { return ~lanemask_le(); }
inline uint32_t lanemask_ge() { return ~lanemask_lt(); }

// ---- atomics (device_atomic_functions.h): read-modify-write of UB or GM, returning the old value ----
namespace kgemu {
namespace simt {
template <typename T, typename F>
inline T atomic_rmw(const char* api, T* address, F op) {
    Vf& v = current(api);
    EmuScope quiet;
    access(v, reinterpret_cast<uint64_t>(address), sizeof(T), kAtomic, api);
    const T old = *address;
    *address = op(old);
    return old;
}
}  // namespace simt
}  // namespace kgemu

template <typename T>
inline T asc_atomic_add(T* address, T val) {
    return kgemu::simt::atomic_rmw("asc_atomic_add", address, [&](T o) { return static_cast<T>(o + val); });
}
template <typename T>
inline T asc_atomic_sub(T* address, T val) {
    return kgemu::simt::atomic_rmw("asc_atomic_sub", address, [&](T o) { return static_cast<T>(o - val); });
}
template <typename T>
inline T asc_atomic_exch(T* address, T val) {
    return kgemu::simt::atomic_rmw("asc_atomic_exch", address, [&](T) { return val; });
}
template <typename T>
inline T asc_atomic_max(T* address, T val) {
    return kgemu::simt::atomic_rmw("asc_atomic_max", address, [&](T o) { return kgemu::detail::scalar_atomic_max(o, val); });
}
template <typename T>
inline T asc_atomic_min(T* address, T val) {
    return kgemu::simt::atomic_rmw("asc_atomic_min", address, [&](T o) { return kgemu::detail::scalar_atomic_min(o, val); });
}
template <typename T>
inline T asc_atomic_and(T* address, T val) {
    return kgemu::simt::atomic_rmw("asc_atomic_and", address, [&](T o) { return static_cast<T>(o & val); });
}
template <typename T>
inline T asc_atomic_or(T* address, T val) {
    return kgemu::simt::atomic_rmw("asc_atomic_or", address, [&](T o) { return static_cast<T>(o | val); });
}
template <typename T>
inline T asc_atomic_xor(T* address, T val) {
    return kgemu::simt::atomic_rmw("asc_atomic_xor", address, [&](T o) { return static_cast<T>(o ^ val); });
}
template <typename T>
inline T asc_atomic_cas(T* address, T compare, T val) {
    return kgemu::simt::atomic_rmw("asc_atomic_cas", address, [&](T o) { return o == compare ? val : o; });
}
// inc / dec (CUDA's wrap-around forms): old >= val ? 0 : old + 1; (old == 0 || old > val) ? val : old - 1
template <typename T>
inline T asc_atomic_inc(T* address, T val) {
    return kgemu::simt::atomic_rmw("asc_atomic_inc", address, [&](T o) { return o >= val ? T(0) : T(o + 1); });
}
template <typename T>
inline T asc_atomic_dec(T* address, T val) {
    return kgemu::simt::atomic_rmw("asc_atomic_dec", address,
                                   [&](T o) { return (o == T(0) || o > val) ? val : T(o - 1); });
}

// ---- half / bfloat16 conversions and bit casts (asc_fp16.h, asc_bf16.h, device_functions.h) ----
inline float __half2float(half h) { return static_cast<float>(h); }
inline half __float2half(float f) { return half(f); }
inline half __float2half_rn(float f) { return half(f); }
inline half __float2half_rz(float f) {
    return half::from_bits(static_cast<uint16_t>(
        kgemu::detail::round_to_format(static_cast<double>(f), 10, 5, AscendC::RoundMode::CAST_TRUNC)));
}
inline float __bfloat162float(bfloat16_t h) { return static_cast<float>(h); }
inline bfloat16_t __float2bfloat16(float f) { return bfloat16_t(f); }
inline bfloat16_t __float2bfloat16_rn(float f) { return bfloat16_t(f); }
inline bool __hisnan(half h) { return std::isnan(static_cast<float>(h)); }
inline bool __hisnan(bfloat16_t h) { return std::isnan(static_cast<float>(h)); }
inline bool __hisinf(half h) { return std::isinf(static_cast<float>(h)); }
inline half __habs(half h) { return half::from_bits(static_cast<uint16_t>(h.to_bits() & 0x7FFFu)); }
inline half __hmax(half a, half b) { return static_cast<float>(a) < static_cast<float>(b) ? b : a; }
inline half __hmin(half a, half b) { return static_cast<float>(b) < static_cast<float>(a) ? b : a; }
inline half hlog(half h) { return half(std::log(static_cast<float>(h))); }
inline half hlog2(half h) { return half(std::log2(static_cast<float>(h))); }
inline half hlog10(half h) { return half(std::log10(static_cast<float>(h))); }
inline half hexp(half h) { return half(std::exp(static_cast<float>(h))); }
inline half hsqrt(half h) { return half(std::sqrt(static_cast<float>(h))); }
inline half hrint(half h) { return half(std::nearbyint(static_cast<float>(h))); }
inline half hfloor(half h) { return half(std::floor(static_cast<float>(h))); }
inline half hceil(half h) { return half(std::ceil(static_cast<float>(h))); }
inline half htrunc(half h) { return half(std::trunc(static_cast<float>(h))); }
inline bfloat16_t hlog(bfloat16_t h) { return bfloat16_t(std::log(static_cast<float>(h))); }
inline bfloat16_t hlog10(bfloat16_t h) { return bfloat16_t(std::log10(static_cast<float>(h))); }
inline bfloat16_t hrint(bfloat16_t h) { return bfloat16_t(std::nearbyint(static_cast<float>(h))); }
inline uint32_t __float_as_uint(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}
inline int32_t __float_as_int(float f) { return static_cast<int32_t>(__float_as_uint(f)); }
inline float __uint_as_float(uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}
inline float __int_as_float(int32_t i) { return __uint_as_float(static_cast<uint32_t>(i)); }
inline uint32_t __umulhi(uint32_t a, uint32_t b) {
    return static_cast<uint32_t>((static_cast<uint64_t>(a) * b) >> 32);
}
inline uint64_t __umul64hi(uint64_t a, uint64_t b) {
    return static_cast<uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
}
inline int32_t __float2int_rn(float f) { return static_cast<int32_t>(std::nearbyint(f)); }
inline int32_t __float2int_rz(float f) { return static_cast<int32_t>(f); }
inline int32_t __float2int_rd(float f) { return static_cast<int32_t>(std::floor(f)); }
inline int32_t __float2int_ru(float f) { return static_cast<int32_t>(std::ceil(f)); }
// unqualified float helpers of math_functions.h that <cmath> does not have under these names
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline float exp10f(float x) { return std::pow(10.0f, x); }
inline float fdividef(float a, float b) { return a / b; }
inline float erfinvf(float y) {  // Newton on erf from a Giles-style start; exact to a few ulp in float
    if (y <= -1.0f) return y == -1.0f ? -std::numeric_limits<float>::infinity() : NAN;
    if (y >= 1.0f) return y == 1.0f ? std::numeric_limits<float>::infinity() : NAN;
    double x = 0.0, w = -std::log((1.0 - y) * (1.0 + y));
    x = w < 5.0 ? (w - 2.5) * 2.81022636e-08 + 3.43273939e-07 : std::sqrt(w) - 3.0;
    x = y * (w < 5.0 ? 1.50140941 + 0.246640727 * (w - 2.5) : 2.83297682 + 1.00167406 * x);
    for (int i = 0; i < 4; ++i) x -= (std::erf(x) - y) / (2.0 / std::sqrt(M_PI) * std::exp(-x * x));
    return static_cast<float>(x);
}
// isnan / isinf / isfinite / signbit of float and double unqualified (math_functions.h declares them; g++'s
// <cmath> keeps them in std): templates, so a <math.h> that brings std's into the global namespace still wins
template <typename T, typename std::enable_if<std::is_floating_point<T>::value, int>::type = 0>
inline bool isnan(T x) { return std::isnan(x); }
template <typename T, typename std::enable_if<std::is_floating_point<T>::value, int>::type = 0>
inline bool isinf(T x) { return std::isinf(x); }
template <typename T, typename std::enable_if<std::is_floating_point<T>::value, int>::type = 0>
inline bool isfinite(T x) { return std::isfinite(x); }
template <typename T, typename std::enable_if<std::is_floating_point<T>::value, int>::type = 0>
inline bool signbit(T x) { return std::signbit(x); }
inline bool isnan(half h) { return std::isnan(static_cast<float>(h)); }
inline bool isnan(bfloat16_t h) { return std::isnan(static_cast<float>(h)); }
inline bool isinf(half h) { return std::isinf(static_cast<float>(h)); }
inline bool isinf(bfloat16_t h) { return std::isinf(static_cast<float>(h)); }
inline uint32_t umax(uint32_t a, uint32_t b) { return a < b ? b : a; }
inline uint32_t umin(uint32_t a, uint32_t b) { return b < a ? b : a; }
inline int64_t llmax(int64_t a, int64_t b) { return a < b ? b : a; }
inline int64_t llmin(int64_t a, int64_t b) { return b < a ? b : a; }
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a < b ? b : a; }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return b < a ? b : a; }
// The SIMT integer library's unsigned min / max (asc-devkit 整型数学库函数 min / max: char to long long, signed and
// unsigned; the signed ones are the scalar unit's, kgemu/detail/system_scalar.h). Without them min(uint64_t,
// uint64_t) is ambiguous between the signed overloads (index_fill's arch35 copy length).
#define KGEMU_SIMT_UNSIGNED_MIN_MAX(T)                           \
    inline T min(const T a, const T b) { return b < a ? b : a; } \
    inline T max(const T a, const T b) { return a < b ? b : a; }
KGEMU_SIMT_UNSIGNED_MIN_MAX(unsigned long long)
KGEMU_SIMT_UNSIGNED_MIN_MAX(unsigned long)
KGEMU_SIMT_UNSIGNED_MIN_MAX(unsigned int)
KGEMU_SIMT_UNSIGNED_MIN_MAX(unsigned short)
KGEMU_SIMT_UNSIGNED_MIN_MAX(unsigned char)
#undef KGEMU_SIMT_UNSIGNED_MIN_MAX

// ---- AscendC::Simt (simt_api/cpp/kernel_simt_*_intf.h) ----
namespace AscendC {
namespace Simt {
using Dim3 = cce::dim3;
enum class SatMode { NO_SAT = 0, SAT };

template <auto funcPtr, typename... Args>
inline void VF_CALL(Dim3 threadNums, Args&&... args) {
    kgemu::simt::run_vf(kgemu::simt::vf_name<funcPtr>(), threadNums, [&]() { funcPtr(args...); });
}

inline int32_t GetWarpSize() { return 32; }
template <int32_t dim = 0>
inline uint32_t GetThreadNum() {
    static_assert(dim >= 0 && dim <= 2, "dim is out of range [0, 2]");
    return dim == 0 ? blockDim.x : (dim == 1 ? blockDim.y : blockDim.z);
}
template <int32_t dim = 0>
inline uint32_t GetThreadIdx() {
    static_assert(dim >= 0 && dim <= 2, "dim is out of range [0, 2]");
    return dim == 0 ? threadIdx.x : (dim == 1 ? threadIdx.y : threadIdx.z);
}
inline uint32_t GetBlockIdx() { return blockIdx.x; }
inline uint32_t GetBlockNum() { return gridDim.x; }
inline uint32_t GetLaneId() { return laneid(); }

// x / d with the magic and shift of GetUintDivMagicAndShift: (x + umulhi(x, magic)) >> shift
template <typename T>
inline T UintDiv(T dividend, T magic, T shift) {
    static_assert(std::is_same<T, uint32_t>::value || std::is_same<T, uint64_t>::value,
                  "Input type T only supports uint32_t, uint64_t.");
    T q;
    if constexpr (std::is_same<T, uint32_t>::value) {
        q = __umulhi(dividend, magic);
    } else {
        q = __umul64hi(dividend, magic);
    }
    return static_cast<T>(dividend + q) >> shift;
}

namespace detail {
inline double round_mode(double x, RoundMode m) {
    switch (m) {
        case RoundMode::CAST_FLOOR: return std::floor(x);
        case RoundMode::CAST_CEIL: return std::ceil(x);
        case RoundMode::CAST_ROUND: return std::round(x);
        case RoundMode::CAST_TRUNC: return std::trunc(x);
        default: return std::nearbyint(x);
    }
}
}  // namespace detail

// Cast<To, From, RoundMode[, SatMode]>(x): float <-> integer / half / bfloat16 with the given rounding; integer
// results saturate to the destination's range (NaN -> 0).
template <typename T, typename U, RoundMode roundMode, SatMode satMode = SatMode::NO_SAT>
inline T Cast(U x) {
    const RoundMode m = roundMode == RoundMode::CAST_EVEN ? RoundMode::CAST_RINT : roundMode;
    const double d = static_cast<double>(static_cast<float>(x));
    if constexpr (std::is_integral<T>::value) {
        if (std::isnan(d)) return T(0);
        const double r = detail::round_mode(d, m);
        if (r <= static_cast<double>(std::numeric_limits<T>::lowest())) return std::numeric_limits<T>::lowest();
        if (r >= static_cast<double>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
        return static_cast<T>(r);
    } else if constexpr (std::is_same<T, half>::value) {
        const RoundMode hm = m == RoundMode::CAST_NONE ? RoundMode::CAST_RINT : m;
        half h = half::from_bits(static_cast<uint16_t>(kgemu::detail::round_to_format(d, 10, 5, hm)));
        if (satMode == SatMode::SAT && std::isinf(static_cast<float>(h)) && !std::isinf(d)) h = half(d < 0 ? -65504.0f : 65504.0f);
        return h;
    } else if constexpr (std::is_same<T, bfloat16_t>::value) {
        const RoundMode hm = m == RoundMode::CAST_NONE ? RoundMode::CAST_RINT : m;
        return bfloat16_t::from_bits(static_cast<uint16_t>(kgemu::detail::round_to_format(d, 7, 8, hm)));
    } else if constexpr (std::is_integral<U>::value) {
        return static_cast<T>(x);
    } else {
        return static_cast<T>(detail::round_mode(d, m));
    }
}
template <typename T>
inline T Round(T x) { return T(std::round(static_cast<float>(x))); }
template <typename T>
inline T Rint(T x) { return T(std::nearbyint(static_cast<float>(x))); }
template <typename T>
inline T Floor(T x) { return T(std::floor(static_cast<float>(x))); }
template <typename T>
inline T Ceil(T x) { return T(std::ceil(static_cast<float>(x))); }
template <typename T>
inline T Trunc(T x) { return T(std::trunc(static_cast<float>(x))); }
template <typename T>
inline bool IsNan(T x) { return std::isnan(static_cast<float>(x)); }
template <typename T>
inline bool IsInf(T x) { return std::isinf(static_cast<float>(x)); }
template <typename T>
inline T Abs(T x) {
    if constexpr (std::is_integral<T>::value) {
        return x < 0 ? static_cast<T>(-x) : x;
    } else {
        return T(std::fabs(static_cast<float>(x)));
    }
}
template <typename T>
inline T Max(T a, T b) { return kgemu::detail::scalar_atomic_max(a, b); }
template <typename T>
inline T Min(T a, T b) { return kgemu::detail::scalar_atomic_min(a, b); }
template <typename T>
inline T Mod(T a, T b) {
    if constexpr (std::is_integral<T>::value) {
        return static_cast<T>(a % b);
    } else {
        return T(std::fmod(static_cast<float>(a), static_cast<float>(b)));
    }
}
template <typename T>
inline T Exp(T x) { return T(std::exp(static_cast<float>(x))); }
template <typename T>
inline T Log(T x) { return T(std::log(static_cast<float>(x))); }
template <typename T>
inline T Sqrt(T x) { return T(std::sqrt(static_cast<float>(x))); }
template <typename T>
inline T Rsqrt(T x) { return T(1.0f / std::sqrt(static_cast<float>(x))); }
template <typename T>
inline T Tanh(T x) { return T(std::tanh(static_cast<float>(x))); }
template <typename T>
inline T Pow(T a, T b) { return T(std::pow(static_cast<float>(a), static_cast<float>(b))); }

template <typename T>
inline T AtomicAdd(T* address, T val) { return asc_atomic_add(address, val); }
template <typename T>
inline T AtomicSub(T* address, T val) { return asc_atomic_sub(address, val); }
template <typename T>
inline T AtomicExch(T* address, T val) { return asc_atomic_exch(address, val); }
template <typename T>
inline T AtomicMax(T* address, T val) { return asc_atomic_max(address, val); }
template <typename T>
inline T AtomicMin(T* address, T val) { return asc_atomic_min(address, val); }
template <typename T>
inline T AtomicCas(T* address, T compare, T val) { return asc_atomic_cas(address, compare, val); }
template <typename T>
inline T AtomicAnd(T* address, T val) { return asc_atomic_and(address, val); }
template <typename T>
inline T AtomicOr(T* address, T val) { return asc_atomic_or(address, val); }
}  // namespace Simt

// GetUintDivMagicAndShift (kernel_operator_scalar_intf.h): magic and shift with x / d == (x + umulhi(x, magic))
// >> shift for every x of T.
template <typename T>
inline void GetUintDivMagicAndShift(T& magic, T& shift, T divisor) {
    static_assert(std::is_same<T, uint32_t>::value || std::is_same<T, uint64_t>::value,
                  "Input type T only supports uint32_t, uint64_t.");
    if (divisor == 0) kgemu::detail::fail("GetUintDivMagicAndShift", "divisor 0: the divisor must be positive");
    const int bits = static_cast<int>(sizeof(T) * 8);
    int pos = 0;
    while (pos < bits && (static_cast<unsigned __int128>(1) << pos) < divisor) ++pos;  // ceil(log2(divisor))
    shift = static_cast<T>(pos);
    const unsigned __int128 one = 1;
    magic = static_cast<T>(((one << bits) * ((one << pos) - divisor)) / divisor + 1);
}
}  // namespace AscendC

#endif  // KGEMU_SIMT_API_H
