// kernelgen CPU emulator (private, kernel side): Cast with every RoundMode.
//
// Float -> narrower float rounds the exact value per mode (round_to_format); float -> int rounds per mode then
// saturates (NaN -> 0, +-inf and out of range -> the type's limits); int -> float rounds per mode; widening is
// exact. f32 -> f32 (and f16 -> f16) with a rounding mode rounds to an integral value and maps -0 to +0.
// The allowed (conversion, mode) pairs follow ascendc-api.md section 5; others are defects.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/cast.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_CAST_H
#define KGEMU_DETAIL_CAST_H

#include <cmath>
#include <cstdint>
#include <limits>

#include "kgemu/detail/vec_common.h"

namespace kgemu {
namespace detail {

using AscendC::RoundMode;

constexpr uint32_t rm_bit(RoundMode m) { return 1U << static_cast<uint32_t>(m); }
constexpr uint32_t RM_NONE = rm_bit(RoundMode::CAST_NONE);
constexpr uint32_t RM_FIVE = rm_bit(RoundMode::CAST_RINT) | rm_bit(RoundMode::CAST_FLOOR) |
                             rm_bit(RoundMode::CAST_CEIL) | rm_bit(RoundMode::CAST_ROUND) |
                             rm_bit(RoundMode::CAST_TRUNC);
constexpr uint32_t RM_ODD = rm_bit(RoundMode::CAST_ODD);

inline std::string round_mode_list(uint32_t mask) {
    std::string out;
    for (uint32_t i = 0; i <= static_cast<uint32_t>(RoundMode::CAST_HYBRID); ++i) {
        if (mask & (1U << i)) {
            if (!out.empty()) out += ", ";
            out += round_mode_name(static_cast<RoundMode>(i));
        }
    }
    return out;
}

// The documented RoundModes per conversion (A2/A3/310B; 310P and 910 restrict f32 -> f16 to ODD and NONE).
template <typename D, typename S>
inline uint32_t allowed_cast_modes(const KgSoc* soc) {
    constexpr uint32_t s = dtype_info<S>::bit, d = dtype_info<D>::bit;
    const int32_t arch = soc->npu_arch;
    if (s == d) return s == DT_F32 ? (RM_NONE | RM_FIVE) : (RM_NONE | RM_FIVE | RM_ODD);
    if (s == DT_F32 && d == DT_F16) return (arch == 1001 || arch == 2002) ? (RM_ODD | RM_NONE) : (RM_FIVE | RM_ODD | RM_NONE);
    if (s == DT_F32 && d == DT_BF16) return RM_FIVE;
    if ((s == DT_F16 || s == DT_BF16) && d == DT_F32) return RM_NONE;
    if ((s == DT_F16 && d == DT_BF16) || (s == DT_BF16 && d == DT_F16)) return 0;  // not in the tables: via f32
    if (s == DT_F32 && d == DT_S32 && arch == 2002) return 0;  // 310P's table has no f32 -> s32
    if (s == DT_F32 && (d == DT_S32 || d == DT_S64 || d == DT_S16)) return RM_FIVE;
    if ((s == DT_F16 || s == DT_BF16) && d == DT_S32) return RM_FIVE;
    if (s == DT_F16 && (d == DT_S8 || d == DT_U8)) return RM_FIVE | RM_NONE;
    if (s == DT_S32 && d == DT_F32) return RM_FIVE | RM_NONE;  // CAST_ODD is not listed for s32 -> f32
    return RM_FIVE | RM_NONE | RM_ODD;  // conversions the facts do not restrict
}

template <typename D, typename S>
inline void check_cast(BlockState& b, const char* api, RoundMode m) {
    check_bf16_any<S>(b, api);
    check_bf16_any<D>(b, api);
    const uint32_t allowed = allowed_cast_modes<D, S>(b.soc);
    if (allowed == 0) {
        fail(api, strf("%s -> %s is not in the documented conversion table of %s (Cast.md): the NPU has no such "
                       "conversion (go through a documented pair, e.g. via float)", dtype_info<S>::name, dtype_info<D>::name, soc_name(b)));
    }
    if (!(allowed & rm_bit(m))) {
        fail(api, strf("%s is not allowed for %s -> %s on %s (allowed: %s); for an unsupported mode "
                       "the NPU's Cast issues no conversion and dst is left unwritten", round_mode_name(m), dtype_info<S>::name,
                       dtype_info<D>::name, soc_name(b), round_mode_list(allowed).c_str()));
    }
}

// Rounds a float to an integral float value per mode.
inline double round_integral(double f, RoundMode m) {
    switch (m) {
        case RoundMode::CAST_FLOOR: return std::floor(f);
        case RoundMode::CAST_CEIL: return std::ceil(f);
        case RoundMode::CAST_ROUND: return std::round(f);
        case RoundMode::CAST_TRUNC: return std::trunc(f);
        case RoundMode::CAST_ODD: {
            const double t = std::trunc(f);
            if (t != f && std::fmod(t, 2.0) == 0.0) return t + (f > 0 ? 1.0 : -1.0);
            return t;
        }
        default: return std::nearbyint(f);  // half to even in the default FP environment
    }
}

template <typename D>
inline D saturate_to_int(double r) {
    if (r != r) return D(0);
    const double lo = static_cast<double>(std::numeric_limits<D>::min());
    const double hi = static_cast<double>(std::numeric_limits<D>::max());
    if (r <= lo) return std::numeric_limits<D>::min();
    if (r >= hi) return std::numeric_limits<D>::max();
    return static_cast<D>(r);
}

template <typename D>
constexpr int fmt_mant() {
    return std::is_same<D, half>::value ? 10 : (std::is_same<D, bfloat16_t>::value ? 7 : 23);
}
template <typename D>
constexpr int fmt_expb() {
    return std::is_same<D, half>::value ? 5 : 8;
}

// Exact value v (as double) into the float-like D, per mode.
template <typename D>
inline D round_into(double v, RoundMode m) {
    const uint32_t bits = round_to_format(v, fmt_mant<D>(), fmt_expb<D>(), m);
    if constexpr (std::is_same<D, float>::value) {
        return f32_from_bits(bits);
    } else {
        return D::from_bits(static_cast<uint16_t>(bits));
    }
}

template <typename D, typename S>
inline D cast_elem(S v, RoundMode m) {
    constexpr bool sf = is_float_like<S>::value, df = is_float_like<D>::value;
    if constexpr (sf && df) {
        if constexpr (std::is_same<D, S>::value) {
            if (m == RoundMode::CAST_NONE) return v;
            double r = round_integral(static_cast<double>(to_f32(v)), m);
            if (r == 0.0) r = 0.0;  // -0 -> +0 (documented for f32 -> f32)
            return from_f32<D>(static_cast<float>(r));
        } else if constexpr (std::is_same<D, float>::value || std::is_same<D, double>::value) {
            return static_cast<D>(to_f32(v));  // widening: exact
        } else {
            const float f = to_f32(v);
            if (m == RoundMode::CAST_NONE || m == RoundMode::CAST_RINT) return from_f32<D>(f);
            return round_into<D>(static_cast<double>(f), m);
        }
    } else if constexpr (sf && !df) {
        return saturate_to_int<D>(round_integral(static_cast<double>(to_f32(v)), m));
    } else if constexpr (!sf && df) {
        if constexpr (std::is_same<D, half>::value && std::is_same<S, int32_t>::value) {
            // the deq conversion: x * the SetDeqScale scale, rounded to half (the mode is ignored)
            (void)m;
            const float scale = tl_block != nullptr ? tl_block->deq_scale : 1.0f;
            return from_f32<D>(static_cast<float>(v) * scale);
        }
        const double x = static_cast<double>(v);
        if constexpr (std::is_same<D, float>::value && sizeof(S) <= 4) {
            if (m == RoundMode::CAST_NONE || m == RoundMode::CAST_RINT) return static_cast<float>(v);
        }
        return round_into<D>(x, m);
    } else {
        // integer -> integer saturates
        if constexpr (std::is_signed<S>::value == std::is_signed<D>::value && sizeof(D) >= sizeof(S)) {
            return static_cast<D>(v);
        } else {
            const long double x = static_cast<long double>(v);
            if (x < static_cast<long double>(std::numeric_limits<D>::min())) return std::numeric_limits<D>::min();
            if (x > static_cast<long double>(std::numeric_limits<D>::max())) return std::numeric_limits<D>::max();
            return static_cast<D>(v);
        }
    }
}

template <typename D, typename S>
inline void cast_loop(D* d, const S* s, size_t n, RoundMode m) {
    if constexpr (std::is_same<D, float>::value && std::is_same<S, half>::value) {
        for (size_t i = 0; i < n; ++i) d[i] = half_bits_to_float(s[i].bits_);
    } else if constexpr (std::is_same<D, float>::value && std::is_same<S, bfloat16_t>::value) {
        for (size_t i = 0; i < n; ++i) d[i] = bf16_bits_to_float(s[i].bits_);
    } else if constexpr (std::is_same<D, half>::value && std::is_same<S, float>::value) {
        if (m == RoundMode::CAST_NONE || m == RoundMode::CAST_RINT) {
            for (size_t i = 0; i < n; ++i) d[i].bits_ = float_to_half_bits_rne(s[i]);
            return;
        }
        for (size_t i = 0; i < n; ++i) d[i] = cast_elem<D, S>(s[i], m);
    } else if constexpr (std::is_same<D, bfloat16_t>::value && std::is_same<S, float>::value) {
        if (m == RoundMode::CAST_NONE || m == RoundMode::CAST_RINT) {
            for (size_t i = 0; i < n; ++i) d[i].bits_ = float_to_bf16_bits_rne(s[i]);
            return;
        }
        for (size_t i = 0; i < n; ++i) d[i] = cast_elem<D, S>(s[i], m);
    } else {
        for (size_t i = 0; i < n; ++i) d[i] = cast_elem<D, S>(s[i], m);
    }
}

template <typename T, typename U>
inline void cast_repeat(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& src, RoundMode roundMode,
                        const kgemu::detail::MaskBits& m, const AscendC::UnaryRepeatParams& p) {
    auto& b = kgemu::detail::api_enter("Cast");
    kgemu::detail::check_cast<T, U>(b, "Cast", roundMode);
    constexpr uint32_t wide = sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U);
    kgemu::detail::note_vector(b, "Cast", m.total(), wide, m.repeat * 256ULL);
    if (m.repeat == 0) return;
    const auto od = kgemu::detail::rep_operand(b, "Cast", "dst", dst, p.dstBlkStride, p.dstRepStride, m);
    const auto os = kgemu::detail::rep_operand(b, "Cast", "src", src, p.srcBlkStride, p.srcRepStride, m);
    kgemu::detail::for_active(m, [&](uint32_t r, uint32_t k) {
        U v;
        std::memcpy(&v, kgemu::detail::rep_addr(os, r, k), sizeof(U));
        const T out = kgemu::detail::cast_elem<T, U>(v, roundMode);
        std::memcpy(kgemu::detail::rep_addr(od, r, k), &out, sizeof(T));
    });
}

// Cast with a packed int4b_t operand (defined in kgemu/detail/int4_cast.h).
template <typename T, typename U>
inline void cast_int4(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& src, RoundMode m,
                      uint32_t count);

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <typename T, typename U>
inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
                 const uint32_t count) {
    if constexpr (kgemu::detail::elem_bits<T>::value < 8 || kgemu::detail::elem_bits<U>::value < 8) {
        kgemu::detail::cast_int4(dst, src, roundMode, count);  // packed int4b_t: kgemu/detail/int4_cast.h
    } else {
        auto& b = kgemu::detail::api_enter("Cast");
        kgemu::detail::check_cast<T, U>(b, "Cast", roundMode);
        constexpr uint32_t wide = sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U);
        kgemu::detail::note_vector(b, "Cast", count, wide, static_cast<uint64_t>(count) * wide);
        if (count == 0) return;
        const uint64_t db = static_cast<uint64_t>(count) * sizeof(T), sb = static_cast<uint64_t>(count) * sizeof(U);
        T* d = kgemu::detail::ub_operand(b, "Cast", "dst", dst, db);
        const U* s = kgemu::detail::ub_operand(b, "Cast", "src", src, sb);
        // In place to a narrower type (dst starts where src starts) is allowed: Cast.md singles out only casts to a
        // wider type as giving wrong results over overlapping addresses (each repeat's narrower dst lies inside
        // source bytes already read). Any other partial overlap breaks the general rule.
        if (static_cast<const void*>(d) != static_cast<const void*>(s) || sizeof(T) >= sizeof(U)) {
            kgemu::detail::check_overlap(b, "Cast", "dst", d, db, "src", s, sb);
        }
        kgemu::detail::cast_loop<T, U>(d, s, count, roundMode);
    }
}


// Mask/repeat forms: the mask and the repeat follow the larger of the two element types.
template <typename T, typename U, bool isSetMask = true>
inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint64_t mask,
                 const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {
    constexpr uint32_t wide = sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U);
    const auto m = kgemu::detail::call_mask<isSetMask>("Cast", mask, 256 / wide, repeatTime);
    kgemu::detail::cast_repeat(dst, src, roundMode, m, repeatParams);
}

template <typename T, typename U, bool isSetMask = true>
inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
                 const uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {
    constexpr uint32_t wide = sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U);
    const auto m = kgemu::detail::call_mask<isSetMask>("Cast", mask, 256 / wide, repeatTime);
    kgemu::detail::cast_repeat(dst, src, roundMode, m, repeatParams);
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_CAST_H
