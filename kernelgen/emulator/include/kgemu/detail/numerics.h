// kernelgen CPU emulator (private, kernel side): the half and bfloat16_t types and exact conversions.
//
// Conversions from float are IEEE round-to-nearest-even with subnormals, overflow to inf, and NaN kept as a
// quiet NaN of the same sign; widening to float is exact. round_to_format() implements every Cast RoundMode
// for any narrower binary float format, from an exact double input.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/numerics.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_NUMERICS_H
#define KGEMU_DETAIL_NUMERICS_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "kgemu/detail/base.h"

namespace kgemu {
namespace detail {

// Bit casts usable in constant expressions (GCC >= 11 and clang provide __builtin_bit_cast in C++17), so that
// `constexpr half k = half(1.6732632423543772);` compiles as it does with the device compiler.
constexpr uint32_t f32_bits(float f) { return __builtin_bit_cast(uint32_t, f); }
constexpr float f32_from_bits(uint32_t u) { return __builtin_bit_cast(float, u); }
constexpr uint64_t f64_bits(double d) { return __builtin_bit_cast(uint64_t, d); }

// Exact fp16 -> fp32. A NaN keeps its sign and payload and is returned quiet.
constexpr float half_bits_to_float(uint16_t h) {
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000U) << 16;
    const uint32_t em = h & 0x7FFFU;
    if (em >= 0x0400U) {
        if (em < 0x7C00U) return f32_from_bits(sign | ((em << 13) + (112U << 23)));
        uint32_t bits = sign | 0x7F800000U | ((em & 0x3FFU) << 13);
        if (em & 0x3FFU) bits |= 0x400000U;
        return f32_from_bits(bits);
    }
    // zero or subnormal: em * 2^-24 is exact in float
    const float mag = static_cast<float>(em) * 5.9604644775390625e-08f;
    return f32_from_bits(f32_bits(mag) | sign);
}

// fp32 -> fp16, round to nearest even. Overflow gives inf, NaN gives a quiet NaN of the same sign.
constexpr uint16_t float_to_half_bits_rne(float value) {
    uint32_t f = f32_bits(value);
    const uint32_t sign = (f >> 16) & 0x8000U;
    f &= 0x7FFFFFFFU;
    uint32_t o = 0;
    if (f >= 0x47800000U) {  // >= 65536: inf, NaN or certain overflow
        o = f > 0x7F800000U ? (0x7E00U | ((f >> 13) & 0x3FFU)) : 0x7C00U;
    } else if (f < 0x38800000U) {  // below the smallest normal half: let the FPU round the subnormal
        const float denorm_magic = f32_from_bits(((127U - 15U) + (23U - 10U) + 1U) << 23);
        const float t = f32_from_bits(f) + denorm_magic;
        o = f32_bits(t) - f32_bits(denorm_magic);
    } else {
        const uint32_t mant_odd = (f >> 13) & 1U;
        f += (static_cast<uint32_t>(15 - 127) << 23) + 0xFFFU;
        f += mant_odd;
        o = f >> 13;  // a carry out of the mantissa correctly bumps the exponent (up to inf)
    }
    return static_cast<uint16_t>(o | sign);
}

// Exact bf16 -> fp32 (a NaN is returned quiet).
constexpr float bf16_bits_to_float(uint16_t b) {
    uint32_t bits = static_cast<uint32_t>(b) << 16;
    if ((bits & 0x7F800000U) == 0x7F800000U && (bits & 0x7FFFFFU)) bits |= 0x400000U;
    return f32_from_bits(bits);
}

// fp32 -> bf16, round to nearest even; NaN gives a quiet NaN of the same sign.
constexpr uint16_t float_to_bf16_bits_rne(float value) {
    const uint32_t u = f32_bits(value);
    if ((u & 0x7FFFFFFFU) > 0x7F800000U) return static_cast<uint16_t>((u >> 16) | 0x40U);
    return static_cast<uint16_t>((u + 0x7FFFU + ((u >> 16) & 1U)) >> 16);
}

// Rounds the exact value x into a binary format with `mant` fraction bits and `expb` exponent bits
// (fp16: 10/5, bf16: 7/8, fp32: 23/8) and returns its bit pattern. IEEE semantics for every mode:
// CAST_NONE and CAST_RINT round half to even, CAST_ROUND rounds half away from zero, CAST_ODD is
// von Neumann rounding (truncate, then force the last bit to 1 if anything was dropped). Overflow gives
// inf for the modes that round away from the finite range and the largest finite value otherwise.
constexpr uint32_t round_to_format(double x, int mant, int expb, AscendC::RoundMode mode) {
    using AscendC::RoundMode;
    const uint64_t u = f64_bits(x);
    const bool neg = (u >> 63) != 0;
    const uint64_t a = u & 0x7FFFFFFFFFFFFFFFULL;
    const int bias = (1 << (expb - 1)) - 1;
    const uint32_t sign_bit = neg ? (1U << (mant + expb)) : 0U;
    const uint32_t inf_bits = ((1U << expb) - 1U) << mant;
    if (a >= 0x7FF0000000000000ULL) {
        if (a == 0x7FF0000000000000ULL) return sign_bit | inf_bits;
        const uint32_t payload = static_cast<uint32_t>((a >> (52 - mant)) & ((1ULL << mant) - 1ULL));
        return sign_bit | inf_bits | (1U << (mant - 1)) | payload;
    }
    if (a == 0) return sign_bit;
    const int dexp = static_cast<int>(a >> 52);
    uint64_t m = a & 0xFFFFFFFFFFFFFULL;
    int e = -1074;
    if (dexp != 0) {
        m |= 1ULL << 52;
        e = dexp - 1075;
    }
    const int msb = 63 - __builtin_clzll(m);
    const int ex = msb + e;  // floor(log2 |x|)
    const int emin = 1 - bias;
    const int q = (ex >= emin ? ex : emin) - mant;  // log2 of the target quantum at |x|
    const int shift = q - e;
    uint64_t kept = 0;
    bool nonzero = false, above = false, tie = false;
    if (shift <= 0) {
        kept = m << (-shift);
    } else if (shift >= 64) {
        kept = 0;
        nonzero = true;  // m < 2^53 <= 2^(shift-1): below half a quantum
    } else {
        kept = m >> shift;
        const uint64_t rem = m & ((1ULL << shift) - 1ULL);
        const uint64_t halfq = 1ULL << (shift - 1);
        nonzero = rem != 0;
        above = rem > halfq;
        tie = rem == halfq;
    }
    uint64_t enc = 0;
    if (ex >= emin) {
        enc = (static_cast<uint64_t>(ex + bias) << mant) + (kept - (1ULL << mant));
    } else {
        enc = kept;
    }
    switch (mode) {
        case RoundMode::CAST_ROUND: enc += (above || tie) ? 1 : 0; break;
        case RoundMode::CAST_FLOOR: enc += (neg && nonzero) ? 1 : 0; break;
        case RoundMode::CAST_CEIL: enc += (!neg && nonzero) ? 1 : 0; break;
        case RoundMode::CAST_TRUNC: break;
        case RoundMode::CAST_ODD:
            if (nonzero) enc |= 1;
            break;
        default:  // CAST_NONE, CAST_RINT (and anything else): half to even
            enc += (above || (tie && (enc & 1))) ? 1 : 0;
            break;
    }
    if (enc >= inf_bits) {
        const bool to_inf = mode == RoundMode::CAST_NONE || mode == RoundMode::CAST_RINT ||
                            mode == RoundMode::CAST_ROUND || mode == RoundMode::CAST_HYBRID ||
                            (mode == RoundMode::CAST_FLOOR && neg) || (mode == RoundMode::CAST_CEIL && !neg);
        return sign_bit | (to_inf ? inf_bits : inf_bits - 1U);
    }
    return sign_bit | static_cast<uint32_t>(enc);
}

}  // namespace detail
}  // namespace kgemu

struct bfloat16_t;

// IEEE binary16. Arithmetic goes through float and rounds back (exact for + - * / sqrt of halves).
struct half {
    uint16_t bits_;

    half() = default;
    template <typename A, typename std::enable_if<std::is_arithmetic<A>::value, int>::type = 0>
    constexpr half(A v) : bits_(from_arith(v)) {}  // NOLINT(google-explicit-constructor): mirrors the native type
    explicit half(const bfloat16_t& v);

    constexpr operator float() const { return kgemu::detail::half_bits_to_float(bits_); }

    static half from_bits(uint16_t b) {
        half h;
        h.bits_ = b;
        return h;
    }
    constexpr uint16_t to_bits() const { return bits_; }

    template <typename A>
    static constexpr uint16_t from_arith(A v) {
        if constexpr (std::is_same<A, float>::value) {
            return kgemu::detail::float_to_half_bits_rne(v);
        } else if constexpr (std::is_floating_point<A>::value || (std::is_integral<A>::value && sizeof(A) > 2)) {
            return static_cast<uint16_t>(kgemu::detail::round_to_format(static_cast<double>(v), 10, 5,
                                                                         AscendC::RoundMode::CAST_RINT));
        } else {
            return kgemu::detail::float_to_half_bits_rne(static_cast<float>(v));
        }
    }
};

// bfloat16 (8-bit exponent, 7-bit fraction).
struct bfloat16_t {
    uint16_t bits_;

    bfloat16_t() = default;
    template <typename A, typename std::enable_if<std::is_arithmetic<A>::value, int>::type = 0>
    constexpr bfloat16_t(A v) : bits_(from_arith(v)) {}  // NOLINT(google-explicit-constructor)
    explicit bfloat16_t(const half& v) : bits_(kgemu::detail::float_to_bf16_bits_rne(static_cast<float>(v))) {}

    constexpr operator float() const { return kgemu::detail::bf16_bits_to_float(bits_); }

    static bfloat16_t from_bits(uint16_t b) {
        bfloat16_t h;
        h.bits_ = b;
        return h;
    }
    constexpr uint16_t to_bits() const { return bits_; }

    template <typename A>
    static constexpr uint16_t from_arith(A v) {
        if constexpr (std::is_same<A, float>::value) {
            return kgemu::detail::float_to_bf16_bits_rne(v);
        } else if constexpr (std::is_floating_point<A>::value || (std::is_integral<A>::value && sizeof(A) > 2)) {
            return static_cast<uint16_t>(kgemu::detail::round_to_format(static_cast<double>(v), 7, 8,
                                                                         AscendC::RoundMode::CAST_RINT));
        } else {
            return kgemu::detail::float_to_bf16_bits_rne(static_cast<float>(v));
        }
    }
};

inline half::half(const bfloat16_t& v) : bits_(kgemu::detail::float_to_half_bits_rne(static_cast<float>(v))) {}

static_assert(sizeof(half) == 2 && std::is_trivially_copyable<half>::value, "half must be a 2-byte POD");
static_assert(sizeof(bfloat16_t) == 2 && std::is_trivially_copyable<bfloat16_t>::value, "bf16 must be 2 bytes");

// The device compiler's other spellings: float16_t is half, float32_t is float, and __bf16 is the builtin type
// behind bfloat16_t (kernels test std::is_same_v<T, float32_t> or std::is_same_v<T, __bf16>). A host compiler
// that has a builtin __bf16 of its own (GCC 13+, announced by __BFLT16_MANT_DIG__) keeps it: there __bf16 is a
// different type from the emulator's bfloat16_t, as it is not on the NPU.
#ifndef float16_t  // a build that defines the name itself (log_softmax_grad's UT: -Dfloat16_t=uint16_t) keeps its own
using float16_t = half;
#endif
using float32_t = float;
#ifndef __BFLT16_MANT_DIG__
using __bf16 = bfloat16_t;  // NOLINT(bugprone-reserved-identifier): the device compiler's name
#endif

namespace kgemu {
namespace detail {

template <typename T>
struct is_half_like : std::integral_constant<bool, std::is_same<T, half>::value || std::is_same<T, bfloat16_t>::value> {
};

// Result type of "H op A" for a half-like H and an arithmetic A: floating A wins (like C's usual
// arithmetic conversions with _Float16), an integer A keeps the half-like type.
template <typename H, typename A>
using mixed_t = typename std::conditional<std::is_floating_point<A>::value,
                                          typename std::common_type<float, A>::type, H>::type;

}  // namespace detail
}  // namespace kgemu

#define KGEMU_HALF_LIKE_OPS(H)                                                                              \
    inline H operator-(H a) { return H::from_bits(static_cast<uint16_t>(a.to_bits() ^ 0x8000U)); }         \
    inline H operator+(H a) { return a; }                                                                  \
    inline H operator+(H a, H b) { return H(static_cast<float>(a) + static_cast<float>(b)); }              \
    inline H operator-(H a, H b) { return H(static_cast<float>(a) - static_cast<float>(b)); }              \
    inline H operator*(H a, H b) { return H(static_cast<float>(a) * static_cast<float>(b)); }              \
    inline H operator/(H a, H b) { return H(static_cast<float>(a) / static_cast<float>(b)); }              \
    inline bool operator==(H a, H b) { return static_cast<float>(a) == static_cast<float>(b); }            \
    inline bool operator!=(H a, H b) { return static_cast<float>(a) != static_cast<float>(b); }            \
    inline bool operator<(H a, H b) { return static_cast<float>(a) < static_cast<float>(b); }              \
    inline bool operator>(H a, H b) { return static_cast<float>(a) > static_cast<float>(b); }              \
    inline bool operator<=(H a, H b) { return static_cast<float>(a) <= static_cast<float>(b); }            \
    inline bool operator>=(H a, H b) { return static_cast<float>(a) >= static_cast<float>(b); }            \
    inline H& operator+=(H& a, H b) { return a = a + b; }                                                  \
    inline H& operator-=(H& a, H b) { return a = a - b; }                                                  \
    inline H& operator*=(H& a, H b) { return a = a * b; }                                                  \
    inline H& operator/=(H& a, H b) { return a = a / b; }                                                  \
    KGEMU_HALF_MIXED_OP(H, +)                                                                              \
    KGEMU_HALF_MIXED_OP(H, -)                                                                              \
    KGEMU_HALF_MIXED_OP(H, *)                                                                              \
    KGEMU_HALF_MIXED_OP(H, /)                                                                              \
    KGEMU_HALF_MIXED_CMP(H, ==)                                                                            \
    KGEMU_HALF_MIXED_CMP(H, !=)                                                                            \
    KGEMU_HALF_MIXED_CMP(H, <)                                                                             \
    KGEMU_HALF_MIXED_CMP(H, >)                                                                             \
    KGEMU_HALF_MIXED_CMP(H, <=)                                                                            \
    KGEMU_HALF_MIXED_CMP(H, >=)

#define KGEMU_HALF_MIXED_OP(H, OP)                                                                          \
    template <typename A, typename std::enable_if<std::is_arithmetic<A>::value, int>::type = 0>            \
    inline kgemu::detail::mixed_t<H, A> operator OP(H a, A b) {                                            \
        using R = kgemu::detail::mixed_t<H, A>;                                                            \
        if constexpr (std::is_floating_point<A>::value) {                                                  \
            return static_cast<R>(a) OP b;                                                                 \
        } else {                                                                                           \
            return a OP H(b);                                                                              \
        }                                                                                                  \
    }                                                                                                      \
    template <typename A, typename std::enable_if<std::is_arithmetic<A>::value, int>::type = 0>            \
    inline kgemu::detail::mixed_t<H, A> operator OP(A a, H b) {                                            \
        using R = kgemu::detail::mixed_t<H, A>;                                                            \
        if constexpr (std::is_floating_point<A>::value) {                                                  \
            return a OP static_cast<R>(b);                                                                 \
        } else {                                                                                           \
            return H(a) OP b;                                                                              \
        }                                                                                                  \
    }                                                                                                      \
    template <typename A, typename std::enable_if<std::is_arithmetic<A>::value, int>::type = 0>            \
    inline H& operator OP##=(H& a, A b) {                                                                  \
        return a = H(a OP b);                                                                              \
    }

#define KGEMU_HALF_MIXED_CMP(H, OP)                                                                         \
    template <typename A, typename std::enable_if<std::is_arithmetic<A>::value, int>::type = 0>            \
    inline bool operator OP(H a, A b) {                                                                    \
        return static_cast<double>(static_cast<float>(a)) OP static_cast<double>(b);                       \
    }                                                                                                      \
    template <typename A, typename std::enable_if<std::is_arithmetic<A>::value, int>::type = 0>            \
    inline bool operator OP(A a, H b) {                                                                    \
        return static_cast<double>(a) OP static_cast<double>(static_cast<float>(b));                       \
    }

KGEMU_HALF_LIKE_OPS(half)
KGEMU_HALF_LIKE_OPS(bfloat16_t)

#undef KGEMU_HALF_LIKE_OPS
#undef KGEMU_HALF_MIXED_OP
#undef KGEMU_HALF_MIXED_CMP

namespace AscendC {
using ::bfloat16_t;
using ::half;

// Scalar helpers of the Ascend C API.
inline float ToFloat(const bfloat16_t& v) { return static_cast<float>(v); }
inline float ToFloat(const half& v) { return static_cast<float>(v); }
// asc-devkit documents the bfloat16_t form only, which a float reaches through bfloat16_t's conversion (rounded to
// bf16); here that is said outright, or the half form made the call ambiguous (loss/ctc_loss_v3 calls ToFloat on a
// float under a run-time `if (is_same<T, bfloat16_t>)`)
inline float ToFloat(float v) { return static_cast<float>(bfloat16_t(v)); }
inline bfloat16_t ToBfloat16(const float& v) { return bfloat16_t(v); }
}  // namespace AscendC

namespace kgemu {
namespace detail {

// ---- element types: one bit each, for the per-API dtype tables ----
enum DtBit : uint32_t {
    DT_F32 = 1U << 0,
    DT_F16 = 1U << 1,
    DT_BF16 = 1U << 2,
    DT_S8 = 1U << 3,
    DT_U8 = 1U << 4,
    DT_S16 = 1U << 5,
    DT_U16 = 1U << 6,
    DT_S32 = 1U << 7,
    DT_U32 = 1U << 8,
    DT_S64 = 1U << 9,
    DT_U64 = 1U << 10,
    DT_F64 = 1U << 11,
    DT_BOOL = 1U << 12,
    DT_OTHER = 1U << 13,
    DT_ALL = 0x3FFFU,
};

template <typename T>
struct dtype_info {
    static constexpr uint32_t bit = DT_OTHER;
    static constexpr const char* name = "<unknown type>";
};
#define KGEMU_DTYPE(T, BIT)                          \
    template <>                                      \
    struct dtype_info<T> {                           \
        static constexpr uint32_t bit = BIT;         \
        static constexpr const char* name = #T;      \
    };
KGEMU_DTYPE(float, DT_F32)
KGEMU_DTYPE(half, DT_F16)
KGEMU_DTYPE(bfloat16_t, DT_BF16)
KGEMU_DTYPE(int8_t, DT_S8)
KGEMU_DTYPE(uint8_t, DT_U8)
KGEMU_DTYPE(int16_t, DT_S16)
KGEMU_DTYPE(uint16_t, DT_U16)
KGEMU_DTYPE(int32_t, DT_S32)
KGEMU_DTYPE(uint32_t, DT_U32)
KGEMU_DTYPE(int64_t, DT_S64)
KGEMU_DTYPE(uint64_t, DT_U64)
KGEMU_DTYPE(double, DT_F64)
KGEMU_DTYPE(bool, DT_BOOL)
#undef KGEMU_DTYPE

inline std::string dtype_list(uint32_t mask) {
    static const char* names[] = {"float",   "half",     "bfloat16_t", "int8_t",  "uint8_t",
                                  "int16_t", "uint16_t", "int32_t",    "uint32_t", "int64_t",
                                  "uint64_t", "double",  "bool"};
    std::string out;
    for (int i = 0; i < 13; ++i) {
        if (mask & (1U << i)) {
            if (!out.empty()) out += ", ";
            out += names[i];
        }
    }
    return out.empty() ? std::string("none") : out;
}

// Element <-> float for the float-like types (the vector unit computes half/bf16 through fp32).
template <typename T>
inline float to_f32(T v) {
    if constexpr (std::is_same<T, half>::value) {
        return half_bits_to_float(v.bits_);
    } else if constexpr (std::is_same<T, bfloat16_t>::value) {
        return bf16_bits_to_float(v.bits_);
    } else {
        return static_cast<float>(v);
    }
}

template <typename T>
inline T from_f32(float f) {
    if constexpr (std::is_same<T, half>::value) {
        return half::from_bits(float_to_half_bits_rne(f));
    } else if constexpr (std::is_same<T, bfloat16_t>::value) {
        return bfloat16_t::from_bits(float_to_bf16_bits_rne(f));
    } else {
        return static_cast<T>(f);
    }
}

template <typename T>
struct is_float_like
    : std::integral_constant<bool, std::is_floating_point<T>::value || is_half_like<T>::value> {};

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_NUMERICS_H
