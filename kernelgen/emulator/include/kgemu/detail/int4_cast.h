// kernelgen CPU emulator (private, kernel side): Cast between half and the packed int4b_t (count form).
//
// half -> int4b_t rounds per mode (CAST_NONE = CAST_RINT, FLOOR, CEIL, ROUND, TRUNC) and saturates to [-8, 7]
// (NaN -> 0), as the f16 -> s8 conversion does; int4b_t -> half is exact (CAST_NONE). Documented on Atlas A2/A3
// and Ascend 950 (the A2/A3 table lists f16 -> s4 with the five modes plus NONE; 310B has no int4). The int4
// operand's bytes are count / 2 (an odd count touches half of its last byte; the other nibble is kept).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/int4_cast.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_INT4_CAST_H
#define KGEMU_DETAIL_INT4_CAST_H

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "kgemu/detail/access.h"
#include "kgemu/detail/cast.h"
#include "kgemu/detail/int4.h"

namespace kgemu {
namespace detail {

template <typename T, typename U>
inline void cast_int4(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& src, RoundMode m,
                      uint32_t count) {
    constexpr bool to4 = std::is_same<T, AscendC::int4b_t>::value;
    static_assert((to4 && std::is_same<U, half>::value) ||
                      (std::is_same<U, AscendC::int4b_t>::value && std::is_same<T, half>::value),
                  "kgemu: Cast with int4b_t converts half -> int4b_t or int4b_t -> half");
    const char* api = "Cast";
    auto& b = api_enter(api);
    const int32_t arch = b.soc->npu_arch;
    if (arch != 2201 && arch != 3510) {
        fail(api, strf("%s -> %s is not supported on %s (int4b_t casts: Atlas A2/A3 and Ascend 950)",
                       dtype_info<U>::name, dtype_info<T>::name, soc_name(b)));
    }
    const uint32_t allowed = to4 ? (RM_FIVE | RM_NONE) : RM_NONE;
    if (!(allowed & rm_bit(m))) {
        fail(api, strf("%s -> %s does not take %s on %s (allowed: %s)", dtype_info<U>::name, dtype_info<T>::name,
                       round_mode_name(m), soc_name(b), round_mode_list(allowed).c_str()));
    }
    note_vector(b, api, count, 2, static_cast<uint64_t>(count) * 2);
    if (count == 0) return;
    const uint64_t nb4 = bytes_of<AscendC::int4b_t>(count), nb16 = static_cast<uint64_t>(count) * 2;
    uint8_t* d = reinterpret_cast<uint8_t*>(ub_operand(b, api, "dst", dst, to4 ? nb4 : nb16));
    const uint8_t* s = reinterpret_cast<const uint8_t*>(ub_operand(b, api, "src", src, to4 ? nb16 : nb4));
    check_overlap(b, api, "dst", d, to4 ? nb4 : nb16, "src", s, to4 ? nb16 : nb4);
    ApiCall call(b, api, ::PIPE_V);
    if (to4) {
        call.read(src, 0, count);
        call.write(dst.template ReinterpretCast<uint8_t>(), 0, nb4);
    } else {
        call.read(src.template ReinterpretCast<uint8_t>(), 0, nb4);
        call.write(dst, 0, count);
    }
    call.commit();
    if constexpr (to4) {
        const RoundMode mode = m == RoundMode::CAST_NONE ? RoundMode::CAST_RINT : m;
        for (uint32_t i = 0; i < count; ++i) {
            half h;
            std::memcpy(&h, s + 2ULL * i, 2);
            const float f = to_f32(h);
            int32_t v = 0;
            if (f == f) {
                const double r = round_integral(static_cast<double>(f), mode);
                v = r <= -8.0 ? -8 : (r >= 7.0 ? 7 : static_cast<int32_t>(r));
            }
            int4_set(d, i, v);
        }
    } else {
        for (uint32_t i = 0; i < count; ++i) {
            const half h = from_f32<half>(static_cast<float>(int4_get(s, i)));
            std::memcpy(d + 2ULL * i, &h, 2);
        }
    }
}

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_INT4_CAST_H
