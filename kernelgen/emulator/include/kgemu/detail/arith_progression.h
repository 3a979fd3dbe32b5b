// kernelgen CPU emulator (private, kernel side): ArithProgression (hicann/asc-devkit ArithProgression.md).
//
// dst[i] = firstValue + i * diffValue for i in [0, count), on PIPE_V. Documented types: half, float, int16_t,
// int32_t (A2/A3/310B/950). Integers wrap; half is computed in fp32 and rounded once per element.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/arith_progression.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_ARITH_PROGRESSION_H
#define KGEMU_DETAIL_ARITH_PROGRESSION_H

#include <cstdint>

#include "kgemu/detail/access.h"
#include "kgemu/detail/vec_common.h"

namespace AscendC {

template <typename T>
inline void ArithProgression(const LocalTensor<T>& dstLocal, const T firstValue, const T diffValue,
                             const int32_t count) {
    const char* api = "ArithProgression";
    auto& b = kgemu::detail::api_enter(api);
    constexpr uint32_t kTypes = kgemu::detail::DT_F16 | kgemu::detail::DT_F32 | kgemu::detail::DT_S16 |
                                kgemu::detail::DT_S32;
    kgemu::detail::check_dtype<T>(b, api, kTypes, kTypes, kTypes);
    if (count < 0) kgemu::detail::fail(api, kgemu::detail::strf("count %d is negative", count));
    kgemu::detail::note_vector(b, api, static_cast<uint64_t>(count), sizeof(T), static_cast<uint64_t>(count) * sizeof(T));
    if (count == 0) return;
    T* d = kgemu::detail::ub_operand(b, api, "dst", dstLocal, static_cast<uint64_t>(count) * sizeof(T));
    kgemu::detail::ApiCall call(b, api, ::PIPE_V);
    call.write(dstLocal, 0, static_cast<uint64_t>(count));
    call.commit();
    for (int32_t i = 0; i < count; ++i) {
        if constexpr (kgemu::detail::is_float_like<T>::value) {
            const float v = kgemu::detail::to_f32(firstValue) + static_cast<float>(i) * kgemu::detail::to_f32(diffValue);
            d[i] = kgemu::detail::from_f32<T>(v);
        } else {
            using W = typename std::make_unsigned<T>::type;  // wraps, no signed overflow
            d[i] = static_cast<T>(static_cast<W>(static_cast<W>(firstValue) + static_cast<W>(i) * static_cast<W>(diffValue)));
        }
    }
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_ARITH_PROGRESSION_H
