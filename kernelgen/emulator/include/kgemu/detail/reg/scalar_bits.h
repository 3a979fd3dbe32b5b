// kernelgen CPU emulator (private, kernel side): the scalar bit-counting APIs (asc-devkit 标量计算: GetBitCount,
// CountLeadingZero, GetSFFValue, and their older names ScalarGetCountOfValue, ScalarCountLeadingZero,
// ScalarGetSFFValue), which ATVOSS's reduce schedule uses next to its register functions.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/reg/scalar_bits.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_REG_SCALAR_BITS_H
#define KGEMU_DETAIL_REG_SCALAR_BITS_H

#include <cstdint>

namespace AscendC {
// How many bits of valueIn equal countValue (0 or 1).
template <int countValue = 1>
__aicore__ inline int64_t GetBitCount(uint64_t valueIn) {
    const int64_t ones = __builtin_popcountll(valueIn);
    return countValue == 1 ? ones : 64 - ones;
}
// Leading zero bits of valueIn (64 for 0).
__aicore__ inline int64_t CountLeadingZero(uint64_t valueIn) {
    return valueIn == 0 ? 64 : __builtin_clzll(valueIn);
}
// The position of the first bit equal to countValue from the least significant end, -1 if none.
template <int countValue = 1>
__aicore__ inline int64_t GetSFFValue(uint64_t valueIn) {
    const uint64_t v = countValue == 1 ? valueIn : ~valueIn;
    return v == 0 ? -1 : __builtin_ctzll(v);
}
template <int countValue = 1>
__aicore__ inline int64_t ScalarGetCountOfValue(uint64_t valueIn) {
    return GetBitCount<countValue>(valueIn);
}
// ceil(num1 / num2) (asc-devkit 标量计算/CeilDivision.md), as Reg vector functions count their loops.
__aicore__ constexpr inline int32_t CeilDivision(int32_t num1, int32_t num2) {
    return num2 == 0 ? 0 : (num1 + num2 - 1) / num2;
}
__aicore__ inline int64_t ScalarCountLeadingZero(uint64_t valueIn) { return CountLeadingZero(valueIn); }
template <int countValue = 1>
__aicore__ inline int64_t ScalarGetSFFValue(uint64_t valueIn) {
    return GetSFFValue<countValue>(valueIn);
}
}  // namespace AscendC

// The device compiler's scalar builtins under them (asc-devkit impl/c_api/instr_impl/npu_arch_*/scalar_compute_impl:
// asc_clz is clz, asc_popc bcnt1, asc_zero_bits_cnt bcnt0), which kernels also call directly (softmax_grad_ext)
__aicore__ inline int64_t clz(uint64_t valueIn) { return AscendC::CountLeadingZero(valueIn); }
__aicore__ inline int64_t bcnt1(uint64_t valueIn) { return AscendC::GetBitCount<1>(valueIn); }
__aicore__ inline int64_t bcnt0(uint64_t valueIn) { return AscendC::GetBitCount<0>(valueIn); }

#endif  // KGEMU_DETAIL_REG_SCALAR_BITS_H
