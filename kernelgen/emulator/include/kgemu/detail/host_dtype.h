// kernelgen CPU emulator (private): dtype/format names and sizes, float <-> half/bf16 conversion.
#include "kgemu/detail/host_guard.h"
#ifndef KGEMU_DETAIL_HOST_DTYPE_H
#define KGEMU_DETAIL_HOST_DTYPE_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "graph/types.h"

namespace kgemu {
namespace detail {

inline const char* DataTypeName(int32_t dt) {
    switch (dt) {
        case ge::DT_FLOAT: return "DT_FLOAT";
        case ge::DT_FLOAT16: return "DT_FLOAT16";
        case ge::DT_INT8: return "DT_INT8";
        case ge::DT_INT32: return "DT_INT32";
        case ge::DT_UINT8: return "DT_UINT8";
        case ge::DT_INT16: return "DT_INT16";
        case ge::DT_UINT16: return "DT_UINT16";
        case ge::DT_UINT32: return "DT_UINT32";
        case ge::DT_INT64: return "DT_INT64";
        case ge::DT_UINT64: return "DT_UINT64";
        case ge::DT_DOUBLE: return "DT_DOUBLE";
        case ge::DT_BOOL: return "DT_BOOL";
        case ge::DT_STRING: return "DT_STRING";
        case ge::DT_COMPLEX64: return "DT_COMPLEX64";
        case ge::DT_COMPLEX128: return "DT_COMPLEX128";
        case ge::DT_BF16: return "DT_BF16";
        case ge::DT_UNDEFINED: return "DT_UNDEFINED";
        case ge::DT_INT4: return "DT_INT4";
        case ge::DT_UINT1: return "DT_UINT1";
        case ge::DT_INT2: return "DT_INT2";
        case ge::DT_UINT2: return "DT_UINT2";
        case ge::DT_COMPLEX32: return "DT_COMPLEX32";
        case ge::DT_HIFLOAT8: return "DT_HIFLOAT8";
        case ge::DT_FLOAT8_E5M2: return "DT_FLOAT8_E5M2";
        case ge::DT_FLOAT8_E4M3FN: return "DT_FLOAT8_E4M3FN";
        case ge::DT_FLOAT8_E8M0: return "DT_FLOAT8_E8M0";
        case ge::DT_FLOAT6_E3M2: return "DT_FLOAT6_E3M2";
        case ge::DT_FLOAT6_E2M3: return "DT_FLOAT6_E2M3";
        case ge::DT_FLOAT4_E2M1: return "DT_FLOAT4_E2M1";
        case ge::DT_FLOAT4_E1M2: return "DT_FLOAT4_E1M2";
        default: return nullptr;
    }
}

inline std::string DataTypeString(int32_t dt) {
    const char* n = DataTypeName(dt);
    return n != nullptr ? std::string(n) : "DT_<" + std::to_string(dt) + ">";
}

inline const char* FormatName(int32_t f) {
    switch (ge::GetPrimaryFormat(f)) {
        case ge::FORMAT_NCHW: return "FORMAT_NCHW";
        case ge::FORMAT_NHWC: return "FORMAT_NHWC";
        case ge::FORMAT_ND: return "FORMAT_ND";
        case ge::FORMAT_NC1HWC0: return "FORMAT_NC1HWC0";
        case ge::FORMAT_FRACTAL_Z: return "FORMAT_FRACTAL_Z";
        case ge::FORMAT_HWCN: return "FORMAT_HWCN";
        case ge::FORMAT_NDHWC: return "FORMAT_NDHWC";
        case ge::FORMAT_FRACTAL_NZ: return "FORMAT_FRACTAL_NZ";
        case ge::FORMAT_NCDHW: return "FORMAT_NCDHW";
        case ge::FORMAT_NDC1HWC0: return "FORMAT_NDC1HWC0";
        case ge::FORMAT_NC: return "FORMAT_NC";
        case ge::FORMAT_NCL: return "FORMAT_NCL";
        case ge::FORMAT_ALL: return "FORMAT_ALL";
        case ge::FORMAT_NULL: return "FORMAT_NULL";
        default: return nullptr;
    }
}

inline std::string FormatString(int32_t f) {
    const char* n = FormatName(f);
    return n != nullptr ? std::string(n) : "FORMAT_<" + std::to_string(f) + ">";
}

// Bytes per element of a whole-byte type, 0 for sub-byte or size-less types.
inline uint32_t DataTypeBytes(int32_t dt) {
    const int32_t s = ge::GetSizeByDataType(static_cast<ge::DataType>(dt));
    return (s > 0 && s < ge::kDataTypeSizeBitOffset) ? static_cast<uint32_t>(s) : 0U;
}

// Round-to-nearest-even float -> IEEE half bits (with inf/nan handling).
inline uint16_t FloatToHalfBits(float value) {
    uint32_t x;
    std::memcpy(&x, &value, 4);
    const uint32_t sign = (x >> 16) & 0x8000U;
    const uint32_t exp = (x >> 23) & 0xFFU;
    uint32_t mant = x & 0x7FFFFFU;
    if (exp == 0xFFU) return static_cast<uint16_t>(sign | 0x7C00U | (mant != 0 ? 0x200U : 0U));
    int32_t e = static_cast<int32_t>(exp) - 127 + 15;
    if (e >= 31) return static_cast<uint16_t>(sign | 0x7C00U);
    if (e <= 0) {
        if (e < -10) return static_cast<uint16_t>(sign);
        mant |= 0x800000U;
        const uint32_t shift = static_cast<uint32_t>(14 - e);
        uint32_t half = mant >> shift;
        const uint32_t rem = mant & ((1U << shift) - 1U);
        const uint32_t mid = 1U << (shift - 1U);
        if (rem > mid || (rem == mid && (half & 1U))) ++half;
        return static_cast<uint16_t>(sign | half);
    }
    uint32_t half = (static_cast<uint32_t>(e) << 10) | (mant >> 13);
    const uint32_t rem = mant & 0x1FFFU;
    if (rem > 0x1000U || (rem == 0x1000U && (half & 1U))) ++half;
    return static_cast<uint16_t>(sign | half);
}

inline uint16_t FloatToBf16Bits(float value) {
    uint32_t x;
    std::memcpy(&x, &value, 4);
    if ((x & 0x7F800000U) == 0x7F800000U && (x & 0x7FFFFFU) != 0) return static_cast<uint16_t>((x >> 16) | 0x40U);
    const uint32_t rounding = 0x7FFFU + ((x >> 16) & 1U);
    return static_cast<uint16_t>((x + rounding) >> 16);
}

inline float HalfBitsToFloat(uint16_t h) {
    const uint32_t sign = (static_cast<uint32_t>(h) & 0x8000U) << 16;
    const uint32_t exp = (h >> 10) & 0x1FU;
    const uint32_t mant = h & 0x3FFU;
    float out;
    if (exp == 0) {
        out = std::ldexp(static_cast<float>(mant), -24);
        if (sign) out = -out;
        return out;
    }
    uint32_t bits;
    if (exp == 31) bits = sign | 0x7F800000U | (mant << 13);
    else bits = sign | ((exp - 15 + 127) << 23) | (mant << 13);
    std::memcpy(&out, &bits, 4);
    return out;
}

inline float Bf16BitsToFloat(uint16_t h) {
    const uint32_t bits = static_cast<uint32_t>(h) << 16;
    float out;
    std::memcpy(&out, &bits, 4);
    return out;
}

// Writes `value` converted to `dt` at dst (one element). Returns false for types it cannot write.
inline bool StoreScalarAs(int32_t dt, double value, void* dst) {
    switch (dt) {
        case ge::DT_FLOAT: { float v = static_cast<float>(value); std::memcpy(dst, &v, 4); return true; }
        case ge::DT_DOUBLE: { std::memcpy(dst, &value, 8); return true; }
        case ge::DT_FLOAT16: { uint16_t v = FloatToHalfBits(static_cast<float>(value)); std::memcpy(dst, &v, 2); return true; }
        case ge::DT_BF16: { uint16_t v = FloatToBf16Bits(static_cast<float>(value)); std::memcpy(dst, &v, 2); return true; }
        case ge::DT_INT8: { int8_t v = static_cast<int8_t>(value); std::memcpy(dst, &v, 1); return true; }
        case ge::DT_UINT8: { uint8_t v = static_cast<uint8_t>(value); std::memcpy(dst, &v, 1); return true; }
        case ge::DT_BOOL: { uint8_t v = value != 0.0 ? 1 : 0; std::memcpy(dst, &v, 1); return true; }
        case ge::DT_INT16: { int16_t v = static_cast<int16_t>(value); std::memcpy(dst, &v, 2); return true; }
        case ge::DT_UINT16: { uint16_t v = static_cast<uint16_t>(value); std::memcpy(dst, &v, 2); return true; }
        case ge::DT_INT32: { int32_t v = static_cast<int32_t>(value); std::memcpy(dst, &v, 4); return true; }
        case ge::DT_UINT32: { uint32_t v = static_cast<uint32_t>(value); std::memcpy(dst, &v, 4); return true; }
        case ge::DT_INT64: { int64_t v = static_cast<int64_t>(value); std::memcpy(dst, &v, 8); return true; }
        case ge::DT_UINT64: { uint64_t v = static_cast<uint64_t>(value); std::memcpy(dst, &v, 8); return true; }
        default: return false;
    }
}

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_HOST_DTYPE_H
