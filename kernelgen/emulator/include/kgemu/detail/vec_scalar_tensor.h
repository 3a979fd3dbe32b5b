// kernelgen CPU emulator (private, kernel side): the flexible scalar position's single-point form of the Memory
// API's scalar operations on the Ascend 950 (asc-devkit Memory矢量计算/基础算术/Adds / Muls / Maxs / Mins / Divs /
// Subs（灵活标量位置）): the scalar operand given as a LocalTensor, whose first element is the scalar
// (DEFAULT_BINARY_CONFIG: the right operand). activation/gelu_quant's 950 kernel divides by `scaleOut[0]` so.
// The element is read as an operand of the call (the sanitizer sees the read); on other SOCs the form does not
// exist and the call is a defect.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/vec_scalar_tensor.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_VEC_SCALAR_TENSOR_H
#define KGEMU_DETAIL_VEC_SCALAR_TENSOR_H

#include "kgemu/detail/vec_subs_copy.h"

namespace kgemu {
namespace detail {
template <typename T>
inline T scalar_element(const char* api, const AscendC::LocalTensor<T>& scalar) {
    BlockState& b = block_state(api);
    require_arch_3510(b, api, strf("%s with a LocalTensor element as its scalar (the flexible scalar position)", api)
                                  .c_str(), ": pass the element's value (GetValue) as the scalar");
    return *ub_operand(b, api, "scalar", scalar, sizeof(T), sizeof(T));
}
}  // namespace detail
}  // namespace kgemu

namespace AscendC {
#define KGEMU_SCALAR_TENSOR_FORM(NAME)                                                                          \
    template <typename T>                                                                                       \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& scalar,        \
                     const int32_t& count) {                                                                    \
        NAME(dst, src, kgemu::detail::scalar_element(#NAME, scalar), count);                                    \
    }
KGEMU_SCALAR_TENSOR_FORM(Adds)
KGEMU_SCALAR_TENSOR_FORM(Muls)
KGEMU_SCALAR_TENSOR_FORM(Maxs)
KGEMU_SCALAR_TENSOR_FORM(Mins)
KGEMU_SCALAR_TENSOR_FORM(Divs)
KGEMU_SCALAR_TENSOR_FORM(Subs)
#undef KGEMU_SCALAR_TENSOR_FORM
}  // namespace AscendC

#endif  // KGEMU_DETAIL_VEC_SCALAR_TENSOR_H
