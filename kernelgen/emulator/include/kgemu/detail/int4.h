// kernelgen CPU emulator (private, kernel side): int4b_t, the packed 4-bit signed integer (S4 in the Ascend C
// data-type tables).
//
// Two elements share a byte, element 2k in the low nibble of byte k and element 2k + 1 in the high nibble, each a
// two's-complement value in [-8, 7]. A LocalTensor<int4b_t> / GlobalTensor<int4b_t> counts elements: n elements
// take n / 2 bytes (GetLength, ReinterpretCast to and from uint8_t, TBuf::Get), and a sub-view t[k] starts on a
// whole byte (k even). Element access (GetValue / SetValue) is not emulated (static_assert): kernels reach the
// nibbles through a uint8_t view. The vector API that takes int4b_t is Cast (kgemu/detail/int4_cast.h).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/int4.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_INT4_H
#define KGEMU_DETAIL_INT4_H

#include <cstdint>
#include <type_traits>

#include "kgemu/detail/tensor.h"

namespace AscendC {
// Storage of a pair of int4 values; only its address and size mean anything (one byte holds two elements).
struct int4b_t {
    uint8_t kg_pair;
};
}  // namespace AscendC

namespace kgemu {
namespace detail {
template <>
struct elem_bits<AscendC::int4b_t> : std::integral_constant<uint64_t, 4> {};
template <>
struct dtype_info<AscendC::int4b_t> {
    static constexpr uint32_t bit = DT_OTHER;
    static constexpr const char* name = "int4b_t";
};

// Element i of a packed int4 array, sign-extended.
inline int32_t int4_get(const uint8_t* p, uint64_t i) {
    const uint8_t nib = static_cast<uint8_t>((p[i / 2] >> ((i % 2) * 4)) & 0xF);
    return nib >= 8 ? static_cast<int32_t>(nib) - 16 : static_cast<int32_t>(nib);
}
// Sets element i (v in [-8, 7]) and keeps the other nibble of its byte.
inline void int4_set(uint8_t* p, uint64_t i, int32_t v) {
    const uint32_t shift = static_cast<uint32_t>(i % 2) * 4;
    const uint8_t nib = static_cast<uint8_t>(static_cast<uint32_t>(v) & 0xF);
    p[i / 2] = static_cast<uint8_t>((p[i / 2] & ~(0xF << shift)) | (nib << shift));
}
}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_INT4_H
