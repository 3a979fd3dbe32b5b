// kernelgen CPU emulator (private, kernel side): two Memory-API count forms ops-nn's activation kernels call
// (swiglu_group_quant_grad: the sigmoid derivative 1 - s and its working copies).
//   Subs(dst, src, scalar, count) / Subs(dst, scalar, src, count): dst = src - scalar or scalar - src (asc-devkit
//     Memory矢量计算/基础算术/Subs（灵活标量位置）: Ascend 950 only; elsewhere a defect naming the call).
//   Copy(dst, src, count): UB -> UB contiguous copy of count elements on pipe V (数据搬运导览/UB与UB数据搬运,
//     "连续数据搬运(Copy)"), bit-exact.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/vec_subs_copy.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_VEC_SUBS_COPY_H
#define KGEMU_DETAIL_VEC_SUBS_COPY_H

#include <type_traits>

#include "kgemu/detail/vec_binary.h"

namespace kgemu {
namespace detail {
struct OpRevSub {  // scalar - x
    template <typename V>
    V operator()(V a, V s) const {
        return OpSub{}(s, a);
    }
};
struct OpIdentity {
    template <typename V>
    V operator()(V a) const {
        return a;
    }
};
constexpr DtypeRule RULE_COPY{DT_S16 | DT_U16 | DT_F16 | DT_BF16 | DT_S32 | DT_U32 | DT_F32,
                              DT_S16 | DT_U16 | DT_F16 | DT_S32 | DT_U32 | DT_F32, DT_ALL};
inline void require_subs_arch() {
    BlockState& b = block_state("Subs");
    require_arch_3510(b, "Subs", "Subs (a flexible scalar position)", ": use Adds with the negated scalar");
}
}  // namespace detail
}  // namespace kgemu

namespace AscendC {
template <typename T, typename S, std::enable_if_t<std::is_convertible<S, T>::value, int> = 0>
inline void Subs(const LocalTensor<T>& dst, const LocalTensor<T>& src, const S& scalarValue, const int32_t& count) {
    kgemu::detail::require_subs_arch();
    kgemu::detail::scalar_count<T>("Subs", kgemu::detail::RULE_SCALAR, dst, src, static_cast<T>(scalarValue), count,
                                   kgemu::detail::OpSub{});
}
template <typename T, typename S, std::enable_if_t<std::is_convertible<S, T>::value, int> = 0>
inline void Subs(const LocalTensor<T>& dst, const S& scalarValue, const LocalTensor<T>& src, const int32_t& count) {
    kgemu::detail::require_subs_arch();
    kgemu::detail::scalar_count<T>("Subs", kgemu::detail::RULE_SCALAR, dst, src, static_cast<T>(scalarValue), count,
                                   kgemu::detail::OpRevSub{});
}
template <typename T>
inline void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {
    kgemu::detail::unary_count<T>("Copy", kgemu::detail::RULE_COPY, dst, src, count, kgemu::detail::OpIdentity{});
}
}  // namespace AscendC

#endif  // KGEMU_DETAIL_VEC_SUBS_COPY_H
