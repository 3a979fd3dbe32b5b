// kernelgen CPU emulator (private): element sizes and value conversion between dtypes for the emulated
// l0 operators (Cast, Contiguous, BroadcastTo, ViewCopy). float16 and bfloat16 are produced with exact
// round-to-nearest-even from the double value, with IEEE overflow to inf, subnormals and NaN.
#include "kgemu/detail/acl_guard.h"
#ifndef KGEMU_DETAIL_ACL_NUMERIC_H
#define KGEMU_DETAIL_ACL_NUMERIC_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "graph/types.h"

namespace kgemu {
namespace acl {

// Bytes per element for the dtypes the emulated l0 operators move and convert; 0 otherwise.
inline uint32_t ElementSize(int32_t dt)
{
    switch (dt) {
        case ge::DT_FLOAT: case ge::DT_INT32: case ge::DT_UINT32: return 4;
        case ge::DT_FLOAT16: case ge::DT_BF16: case ge::DT_INT16: case ge::DT_UINT16: return 2;
        case ge::DT_INT8: case ge::DT_UINT8: case ge::DT_BOOL: return 1;
        case ge::DT_INT64: case ge::DT_UINT64: case ge::DT_DOUBLE: case ge::DT_COMPLEX64: return 8;
        case ge::DT_COMPLEX128: return 16;
        default: return 0;
    }
}

// Dtypes whose values Cast can convert (complex and sub-byte types cannot).
inline bool IsConvertible(int32_t dt)
{
    return ElementSize(dt) != 0 && dt != ge::DT_COMPLEX64 && dt != ge::DT_COMPLEX128;
}

// |v| rounded to a binary format with `precision` significant bits and minimum normal exponent `emin`
// (round to nearest, ties to even); returns +inf when the rounded value exceeds `max_finite`.
inline double RoundToFormat(double v, int precision, int emin, double max_finite)
{
    double a = std::fabs(v);
    if (a == 0.0 || std::isinf(a)) return a;
    int e = 0;
    (void)std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1): the leading bit has exponent e - 1
    int lead = e - 1 < emin ? emin : e - 1;
    const int qexp = lead - (precision - 1);
    const double scaled = std::ldexp(a, -qexp);  // exact: a power-of-two scaling
    const double r = std::ldexp(std::nearbyint(scaled), qexp);  // nearbyint: ties to even (default mode)
    return r > max_finite ? std::numeric_limits<double>::infinity() : r;
}

inline uint16_t DoubleToHalfBits(double v)
{
    const uint16_t sign = std::signbit(v) ? 0x8000U : 0U;
    if (std::isnan(v)) return static_cast<uint16_t>(sign | 0x7E00U);
    const double r = RoundToFormat(v, 11, -14, 65504.0);
    if (std::isinf(r)) return static_cast<uint16_t>(sign | 0x7C00U);
    if (r < std::ldexp(1.0, -14)) {  // subnormal (or zero): multiples of 2^-24
        return static_cast<uint16_t>(sign | static_cast<uint16_t>(std::ldexp(r, 24)));
    }
    int e = 0;
    const double m = std::frexp(r, &e);  // r = m * 2^e, m in [0.5, 1)
    const uint32_t exp_field = static_cast<uint32_t>(e - 1 + 15);
    const uint32_t mant = static_cast<uint32_t>(std::ldexp(m, 11)) - 1024U;
    return static_cast<uint16_t>(sign | (exp_field << 10) | mant);
}

inline uint16_t DoubleToBf16Bits(double v)
{
    const uint16_t sign = std::signbit(v) ? 0x8000U : 0U;
    if (std::isnan(v)) return static_cast<uint16_t>(sign | 0x7FC0U);
    const double max_bf16 = std::ldexp(255.0, 120);  // (2 - 2^-7) * 2^127
    const double r = RoundToFormat(v, 8, -126, max_bf16);
    if (std::isinf(r)) return static_cast<uint16_t>(sign | 0x7F80U);
    const float f = static_cast<float>(r);  // exact: r is representable in bfloat16, hence in float
    uint32_t bits = 0;
    std::memcpy(&bits, &f, 4);
    return static_cast<uint16_t>(sign | (bits >> 16));
}

inline double HalfBitsToDouble(uint16_t h)
{
    const double sign = (h & 0x8000U) ? -1.0 : 1.0;
    const uint32_t exp = (h >> 10) & 0x1FU;
    const uint32_t mant = h & 0x3FFU;
    if (exp == 0) return sign * std::ldexp(static_cast<double>(mant), -24);
    if (exp == 31) return mant ? std::numeric_limits<double>::quiet_NaN() : sign * std::numeric_limits<double>::infinity();
    return sign * std::ldexp(static_cast<double>(mant + 1024U), static_cast<int>(exp) - 25);
}

inline double Bf16BitsToDouble(uint16_t h)
{
    const uint32_t bits = static_cast<uint32_t>(h) << 16;
    float f = 0.0F;
    std::memcpy(&f, &bits, 4);
    return static_cast<double>(f);
}

template <typename T>
inline T LoadRaw(const uint8_t* p)
{
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
}

template <typename T>
inline void StoreRaw(uint8_t* p, T v)
{
    std::memcpy(p, &v, sizeof(T));
}

// One element of dtype dt at p, as a double (exact for every convertible type up to 2^53).
inline double LoadAsDouble(const uint8_t* p, int32_t dt)
{
    switch (dt) {
        case ge::DT_FLOAT: return LoadRaw<float>(p);
        case ge::DT_DOUBLE: return LoadRaw<double>(p);
        case ge::DT_FLOAT16: return HalfBitsToDouble(LoadRaw<uint16_t>(p));
        case ge::DT_BF16: return Bf16BitsToDouble(LoadRaw<uint16_t>(p));
        case ge::DT_INT8: return LoadRaw<int8_t>(p);
        case ge::DT_UINT8: return LoadRaw<uint8_t>(p);
        case ge::DT_BOOL: return LoadRaw<uint8_t>(p) != 0 ? 1.0 : 0.0;
        case ge::DT_INT16: return LoadRaw<int16_t>(p);
        case ge::DT_UINT16: return LoadRaw<uint16_t>(p);
        case ge::DT_INT32: return LoadRaw<int32_t>(p);
        case ge::DT_UINT32: return LoadRaw<uint32_t>(p);
        case ge::DT_INT64: return static_cast<double>(LoadRaw<int64_t>(p));
        case ge::DT_UINT64: return static_cast<double>(LoadRaw<uint64_t>(p));
        default: return 0.0;
    }
}

// Float to integer: truncation toward zero, saturating at the type's range; NaN gives 0.
template <typename T>
inline T SaturateToInt(double v)
{
    if (std::isnan(v)) return T(0);
    const double t = std::trunc(v);
    if (t <= static_cast<double>(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
    if (t >= static_cast<double>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
    return static_cast<T>(t);
}

// Stores v converted to dtype dt at p (float16/bfloat16/float: round to nearest even).
inline void StoreFromDouble(uint8_t* p, int32_t dt, double v)
{
    switch (dt) {
        case ge::DT_FLOAT: StoreRaw<float>(p, static_cast<float>(v)); break;
        case ge::DT_DOUBLE: StoreRaw<double>(p, v); break;
        case ge::DT_FLOAT16: StoreRaw<uint16_t>(p, DoubleToHalfBits(v)); break;
        case ge::DT_BF16: StoreRaw<uint16_t>(p, DoubleToBf16Bits(v)); break;
        case ge::DT_BOOL: StoreRaw<uint8_t>(p, v != 0.0 ? 1 : 0); break;
        case ge::DT_INT8: StoreRaw<int8_t>(p, SaturateToInt<int8_t>(v)); break;
        case ge::DT_UINT8: StoreRaw<uint8_t>(p, SaturateToInt<uint8_t>(v)); break;
        case ge::DT_INT16: StoreRaw<int16_t>(p, SaturateToInt<int16_t>(v)); break;
        case ge::DT_UINT16: StoreRaw<uint16_t>(p, SaturateToInt<uint16_t>(v)); break;
        case ge::DT_INT32: StoreRaw<int32_t>(p, SaturateToInt<int32_t>(v)); break;
        case ge::DT_UINT32: StoreRaw<uint32_t>(p, SaturateToInt<uint32_t>(v)); break;
        case ge::DT_INT64: StoreRaw<int64_t>(p, SaturateToInt<int64_t>(v)); break;
        case ge::DT_UINT64: StoreRaw<uint64_t>(p, SaturateToInt<uint64_t>(v)); break;
        default: break;
    }
}

}  // namespace acl
}  // namespace kgemu

#endif  // KGEMU_DETAIL_ACL_NUMERIC_H
