// kernelgen CPU emulator (private, kernel side): ArithProgression (hicann/asc-devkit ArithProgression.md) and
// Arange (高阶API/索引计算/Arange-94.md), the same arithmetic sequence under two names.
//
// dst[i] = firstValue + i * diffValue for i in [0, count), on PIPE_V. Documented types: half, float, int16_t,
// int32_t (A2/A3/310B/950), and for Arange int64_t on Ascend 950 too. Integers wrap; half is computed in fp32 and
// rounded once per element. Arange's page asks count > 0 and diffValue >= 0: other values are a defect.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/arith_progression.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_ARITH_PROGRESSION_H
#define KGEMU_DETAIL_ARITH_PROGRESSION_H

#include <cstdint>

#include "kgemu/detail/access.h"
#include "kgemu/detail/vec_common.h"

namespace kgemu {
namespace detail {
template <bool kArange, typename T>
inline void arith_sequence(const char* api, const AscendC::LocalTensor<T>& dstLocal, const T firstValue,
                           const T diffValue, const int32_t count) {
    auto& b = api_enter(api);
    constexpr uint32_t kTypes = DT_F16 | DT_F32 | DT_S16 | DT_S32;
    // Arange: Atlas training series (910) not supported, int64_t on Ascend 950 only
    check_dtype<T>(b, api, kTypes, kArange ? 0 : kTypes, kArange ? kTypes | DT_S64 : kTypes);
    if (count < 0) fail(api, strf("count %d is negative", count));
    if constexpr (kArange) {
        if (count == 0) fail(api, "count is 0: Arange's count is > 0 (Arange-94.md)");
        bool negative = false;
        if constexpr (is_float_like<T>::value) {
            negative = !(to_f32(diffValue) >= 0.0f);
        } else {
            negative = diffValue < static_cast<T>(0);
        }
        if (negative) fail(api, "diffValue is negative: Arange's diffValue is >= 0 (Arange-94.md)");
    }
    note_vector(b, api, static_cast<uint64_t>(count), sizeof(T), static_cast<uint64_t>(count) * sizeof(T));
    if (count == 0) return;
    T* d = ub_operand(b, api, "dst", dstLocal, static_cast<uint64_t>(count) * sizeof(T));
    ApiCall call(b, api, ::PIPE_V);
    call.write(dstLocal, 0, static_cast<uint64_t>(count));
    call.commit();
    for (int32_t i = 0; i < count; ++i) {
        if constexpr (is_float_like<T>::value) {
            const float v = to_f32(firstValue) + static_cast<float>(i) * to_f32(diffValue);
            d[i] = from_f32<T>(v);
        } else {
            using W = typename std::make_unsigned<T>::type;  // wraps, no signed overflow
            d[i] = static_cast<T>(static_cast<W>(static_cast<W>(firstValue) + static_cast<W>(i) * static_cast<W>(diffValue)));
        }
    }
}
}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <typename T>
inline void ArithProgression(const LocalTensor<T>& dstLocal, const T firstValue, const T diffValue,
                             const int32_t count) {
    kgemu::detail::arith_sequence<false>("ArithProgression", dstLocal, firstValue, diffValue, count);
}

template <typename T>
inline void Arange(const LocalTensor<T>& dst, const T firstValue, const T diffValue, const int32_t count) {
    kgemu::detail::arith_sequence<true>("Arange", dst, firstValue, diffValue, count);
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_ARITH_PROGRESSION_H
