// kernelgen CPU emulator (private, kernel side): NumericLimits (asc-devkit 工具接口/NumericLimits工具类) and the CTRL
// special register's accessors GetCtrlSpr / SetCtrlSpr (特殊寄存器访问/GetCtrlSpr(ISASI).md, SetCtrlSpr(ISASI).md).
//
// NumericLimits<T>: the documented scalar queries (constexpr) and their vector forms, which fill the first `count`
// elements of a LocalTensor (a Duplicate on pipe V, checked as one). Max/Lowest/Min for int8..uint32, half,
// bfloat16_t and float; Infinity, NegativeInfinity, QuietNaN (mantissa top bit 1), SignalingNaN (top bit 0) and
// DeNormMin for the float types only. Min of a float type is its smallest positive normal value, as the page says.
// Another type is a compile error naming the call, as the device headers' static checks are.
//
// CTRL: one 64-bit register per block, at its documented reset value (CTRL[60] = 1, every other bit 0). The
// template bit range must satisfy 0 <= startBit <= endBit <= 63 (a compile error otherwise); on Ascend 950 only
// the documented fields [8:6], [10:9], 45, 48, 50, 53, 59, 60 may be set, on Atlas A2/A3 only bit 48, and a value
// wider than the range is rejected: each a defect naming the call. The emulator keeps the bits (a kernel reads back
// what it wrote, per block) but its arithmetic does not consult them: the saturation CTRL[48]/[59]/[53] select is
// not modelled (Reg::Cast's SatMode is), so a kernel whose results depend on a non-default saturation setting is
// not emulated bit-exactly there.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/limits.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_LIMITS_H
#define KGEMU_DETAIL_LIMITS_H

#include <cstdint>
#include <limits>
#include <type_traits>

#include "kgemu/detail/numerics.h"
#include "kgemu/detail/state.h"
#include "kgemu/detail/tensor.h"
#include "kgemu/detail/vec_unary.h"

namespace kgemu {
namespace detail {
template <typename H>
constexpr H half_like_from_bits(uint16_t b) {
    H h{};
    h.bits_ = b;
    return h;
}
// IEEE binary16 and bfloat16 bit patterns of the documented values.
template <typename T>
struct limit_bits;
template <>
struct limit_bits<half> {
    static constexpr uint16_t max = 0x7BFF, min = 0x0400, denorm = 0x0001, inf = 0x7C00, qnan = 0x7E00, snan = 0x7D00;
};
template <>
struct limit_bits<bfloat16_t> {
    static constexpr uint16_t max = 0x7F7F, min = 0x0080, denorm = 0x0001, inf = 0x7F80, qnan = 0x7FC0, snan = 0x7FA0;
};
template <typename T>
constexpr bool limits_int_type() {
    return std::is_same<T, int8_t>::value || std::is_same<T, uint8_t>::value || std::is_same<T, int16_t>::value ||
           std::is_same<T, uint16_t>::value || std::is_same<T, int32_t>::value || std::is_same<T, uint32_t>::value;
}
template <typename T>
constexpr bool limits_float_type() {
    return std::is_same<T, half>::value || std::is_same<T, bfloat16_t>::value || std::is_same<T, float>::value;
}

// The CTRL register of the block running on this thread (reset when a new block starts on it).
struct CtrlState {
    uint64_t serial = UINT64_MAX;
    uint64_t bits = 1ULL << 60;
};
inline thread_local CtrlState tl_ctrl;
inline uint64_t& ctrl_bits(BlockState& b) {
    if (tl_ctrl.serial != b.serial) tl_ctrl = CtrlState{b.serial, 1ULL << 60};
    return tl_ctrl.bits;
}
inline bool ctrl_field_documented(const BlockState& b, int lo, int hi) {
    if (b.soc != nullptr && b.soc->npu_arch < 3510) return lo == 48 && hi == 48;  // Atlas A2/A3: CTRL[48] only
    for (int k = lo; k <= hi; ++k) {
        const bool ok = (k >= 6 && k <= 10) || k == 45 || k == 48 || k == 50 || k == 53 || k == 59 || k == 60;
        if (!ok) return false;
    }
    return true;
}
}  // namespace detail
}  // namespace kgemu

namespace AscendC {
template <typename T>
struct NumericLimits {
    static_assert(::kgemu::detail::limits_int_type<T>() || ::kgemu::detail::limits_float_type<T>(),
                  "kgemu: NumericLimits supports int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, "
                  "bfloat16_t and float (asc-devkit NumericLimits工具类)");
    static constexpr bool kFloat = ::kgemu::detail::limits_float_type<T>();
    constexpr __aicore__ static inline T Max() {
        if constexpr (std::is_same<T, float>::value) return std::numeric_limits<float>::max();
        else if constexpr (kFloat) return ::kgemu::detail::half_like_from_bits<T>(::kgemu::detail::limit_bits<T>::max);
        else return std::numeric_limits<T>::max();
    }
    constexpr __aicore__ static inline T Lowest() {
        if constexpr (std::is_same<T, float>::value) return std::numeric_limits<float>::lowest();
        else if constexpr (kFloat) {
            return ::kgemu::detail::half_like_from_bits<T>(
                static_cast<uint16_t>(::kgemu::detail::limit_bits<T>::max | 0x8000U));
        } else return std::numeric_limits<T>::lowest();
    }
    constexpr __aicore__ static inline T Min() {
        if constexpr (std::is_same<T, float>::value) return std::numeric_limits<float>::min();
        else if constexpr (kFloat) return ::kgemu::detail::half_like_from_bits<T>(::kgemu::detail::limit_bits<T>::min);
        else return std::numeric_limits<T>::min();
    }
    constexpr __aicore__ static inline T Infinity() {
        static_assert(kFloat, "kgemu: NumericLimits::Infinity supports half, bfloat16_t and float only");
        if constexpr (std::is_same<T, float>::value) return std::numeric_limits<float>::infinity();
        else return ::kgemu::detail::half_like_from_bits<T>(::kgemu::detail::limit_bits<T>::inf);
    }
    constexpr __aicore__ static inline T NegativeInfinity() {
        static_assert(kFloat, "kgemu: NumericLimits::NegativeInfinity supports half, bfloat16_t and float only");
        if constexpr (std::is_same<T, float>::value) return -std::numeric_limits<float>::infinity();
        else {
            return ::kgemu::detail::half_like_from_bits<T>(
                static_cast<uint16_t>(::kgemu::detail::limit_bits<T>::inf | 0x8000U));
        }
    }
    constexpr __aicore__ static inline T QuietNaN() {
        static_assert(kFloat, "kgemu: NumericLimits::QuietNaN supports half, bfloat16_t and float only");
        if constexpr (std::is_same<T, float>::value) return std::numeric_limits<float>::quiet_NaN();
        else return ::kgemu::detail::half_like_from_bits<T>(::kgemu::detail::limit_bits<T>::qnan);
    }
    constexpr __aicore__ static inline T SignalingNaN() {
        static_assert(kFloat, "kgemu: NumericLimits::SignalingNaN supports half, bfloat16_t and float only");
        if constexpr (std::is_same<T, float>::value) return std::numeric_limits<float>::signaling_NaN();
        else return ::kgemu::detail::half_like_from_bits<T>(::kgemu::detail::limit_bits<T>::snan);
    }
    constexpr __aicore__ static inline T DeNormMin() {
        static_assert(kFloat, "kgemu: NumericLimits::DeNormMin supports half, bfloat16_t and float only");
        if constexpr (std::is_same<T, float>::value) return std::numeric_limits<float>::denorm_min();
        else return ::kgemu::detail::half_like_from_bits<T>(::kgemu::detail::limit_bits<T>::denorm);
    }

    // The vector forms: the first `count` elements of dst (a Duplicate of the scalar, on pipe V).
    __aicore__ static inline void Max(const LocalTensor<T>& dst, uint32_t count) { Fill(dst, Max(), count); }
    __aicore__ static inline void Lowest(const LocalTensor<T>& dst, uint32_t count) { Fill(dst, Lowest(), count); }
    __aicore__ static inline void Min(const LocalTensor<T>& dst, uint32_t count) { Fill(dst, Min(), count); }
    __aicore__ static inline void Infinity(const LocalTensor<T>& dst, uint32_t count) { Fill(dst, Infinity(), count); }
    __aicore__ static inline void NegativeInfinity(const LocalTensor<T>& dst, uint32_t count) {
        Fill(dst, NegativeInfinity(), count);
    }
    __aicore__ static inline void QuietNaN(const LocalTensor<T>& dst, uint32_t count) { Fill(dst, QuietNaN(), count); }
    __aicore__ static inline void SignalingNaN(const LocalTensor<T>& dst, uint32_t count) {
        Fill(dst, SignalingNaN(), count);
    }
    __aicore__ static inline void DeNormMin(const LocalTensor<T>& dst, uint32_t count) {
        Fill(dst, DeNormMin(), count);
    }

 private:
    static void Fill(const LocalTensor<T>& dst, T v, uint32_t count) {
        ::AscendC::Duplicate(dst, v, static_cast<int32_t>(count));
    }
};

template <int8_t startBit, int8_t endBit>
__aicore__ static inline int64_t GetCtrlSpr() {
    static_assert(0 <= startBit && startBit <= endBit && endBit <= 63,
                  "GetCtrlSpr<startBit, endBit>: 0 <= startBit <= endBit <= 63");
    auto& b = ::kgemu::detail::block_state("GetCtrlSpr");
    const uint64_t bits = ::kgemu::detail::ctrl_bits(b);
    const int w = endBit - startBit + 1;
    const uint64_t field = w == 64 ? ~0ULL : ((1ULL << w) - 1);
    return static_cast<int64_t>((bits >> startBit) & field);
}
template <int8_t startBit, int8_t endBit>
__aicore__ static inline void SetCtrlSpr(int64_t value) {
    static_assert(0 <= startBit && startBit <= endBit && endBit <= 63,
                  "SetCtrlSpr<startBit, endBit>: 0 <= startBit <= endBit <= 63");
    constexpr const char* api = "SetCtrlSpr";
    auto& b = ::kgemu::detail::api_enter(api);
    if (!::kgemu::detail::ctrl_field_documented(b, startBit, endBit)) {
        ::kgemu::detail::fail(api, ::kgemu::detail::strf(
            "CTRL[%d:%d] is not a field %s lets a kernel set (%s)", endBit, startBit, ::kgemu::detail::soc_name(b),
            b.soc != nullptr && b.soc->npu_arch < 3510 ? "Atlas A2/A3: CTRL[48] only"
                                                       : "Ascend 950: CTRL[8:6], [10:9], 45, 48, 50, 53, 59, 60"));
    }
    const int w = endBit - startBit + 1;
    const uint64_t field = w == 64 ? ~0ULL : ((1ULL << w) - 1);
    if (static_cast<uint64_t>(value) & ~field) {
        ::kgemu::detail::fail(api, ::kgemu::detail::strf("value %lld does not fit CTRL[%d:%d] (%d bit%s: 0..%llu)",
                                                         static_cast<long long>(value), endBit, startBit, w,
                                                         w == 1 ? "" : "s", static_cast<unsigned long long>(field)));
    }
    uint64_t& bits = ::kgemu::detail::ctrl_bits(b);
    bits = (bits & ~(field << startBit)) | (static_cast<uint64_t>(value) << startBit);
}
}  // namespace AscendC

#endif  // KGEMU_DETAIL_LIMITS_H
