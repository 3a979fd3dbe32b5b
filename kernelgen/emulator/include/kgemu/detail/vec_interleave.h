// kernelgen CPU emulator (private, kernel side): the Memory API's Interleave and DeInterleave on the Ascend 950
// (asc-devkit Memory矢量计算/数据重排（ISASI）/Interleave.md, DeInterleave.md). Interleave: the sequence
// src0[0], src1[0], src0[1], src1[1], ... of 2 * count elements, its first count to dst0 and the rest to dst1;
// DeInterleave: src0 then src1 read as one sequence, its even elements to dst0 and its odd ones to dst1 (the
// one-input form: src's srcCount elements, half to each). count (srcCount) must be even and the operands 32-byte
// aligned; no source may overlap a destination ("不支持源操作数与目的操作数地址重叠": in place is refused too, as
// swiglu_backward_mx_quant_with_dual_axis writes it). Other SOCs do not have the form.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/vec_interleave.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_VEC_INTERLEAVE_H
#define KGEMU_DETAIL_VEC_INTERLEAVE_H

#include <cstring>
#include <vector>

#include "kgemu/detail/tensor.h"

namespace kgemu {
namespace detail {
struct RearrangeOperand {
    const char* role;
    const uint8_t* p;
    uint64_t bytes;
};

inline void refuse_any_overlap(BlockState& b, const char* api, const RearrangeOperand* dsts, size_t nd,
                               const RearrangeOperand* srcs, size_t ns) {
    for (size_t i = 0; i < nd; ++i) {
        for (size_t j = 0; j < ns; ++j) {
            const RearrangeOperand& d = dsts[i];
            const RearrangeOperand& s = srcs[j];
            if (bytes_overlap(d.p, d.bytes, s.p, s.bytes)) {
                const uint64_t d0 = ub_offset_of(b, d.p), s0 = ub_offset_of(b, s.p);
                fail(api, strf("%s UB [%llu, %llu) overlaps %s UB [%llu, %llu): %s does not support a source "
                               "overlapping a destination, in place included",
                               d.role, static_cast<unsigned long long>(d0), static_cast<unsigned long long>(d0 + d.bytes),
                               s.role, static_cast<unsigned long long>(s0), static_cast<unsigned long long>(s0 + s.bytes),
                               api));
            }
        }
    }
}

// the 2 * half elements of `in` (already one sequence) rearranged by `pick` into dst0 / dst1 (half each)
template <typename T, typename Pick>
inline void rearrange(const char* api, const AscendC::LocalTensor<T>& dst0, const AscendC::LocalTensor<T>& dst1,
                      const AscendC::LocalTensor<T>* src0, const AscendC::LocalTensor<T>* src1, int64_t count,
                      uint64_t in_count, Pick pick) {
    BlockState& b = api_enter(api);
    require_arch_3510(b, api, api, "");
    check_count(api, count);
    if (count % 2 != 0) fail(api, strf("count %lld is odd: it must be even", static_cast<long long>(count)));
    const uint64_t out_n = src1 ? static_cast<uint64_t>(count) : in_count / 2;
    note_vector(b, api, 2 * out_n, sizeof(T), 2 * out_n * sizeof(T));
    if (out_n == 0) return;
    T* d0 = ub_operand(b, api, "dst0", dst0, out_n * sizeof(T));
    T* d1 = ub_operand(b, api, "dst1", dst1, out_n * sizeof(T));
    const uint64_t s_n = src1 ? out_n : in_count;
    const T* s0 = ub_operand(b, api, src1 ? "src0" : "src", *src0, s_n * sizeof(T));
    const T* s1 = src1 ? ub_operand(b, api, "src1", *src1, s_n * sizeof(T)) : nullptr;
    const RearrangeOperand dsts[] = {{"dst0", reinterpret_cast<const uint8_t*>(d0), out_n * sizeof(T)},
                                     {"dst1", reinterpret_cast<const uint8_t*>(d1), out_n * sizeof(T)}};
    const RearrangeOperand srcs[] = {{src1 ? "src0" : "src", reinterpret_cast<const uint8_t*>(s0), s_n * sizeof(T)},
                                     {"src1", reinterpret_cast<const uint8_t*>(s1), s1 ? s_n * sizeof(T) : 0}};
    refuse_any_overlap(b, api, dsts, 2, srcs, s1 ? 2 : 1);
    std::vector<T> seq(2 * out_n);
    for (uint64_t k = 0; k < 2 * out_n; ++k) seq[k] = pick(s0, s1, k);
    std::memcpy(d0, seq.data(), out_n * sizeof(T));
    std::memcpy(d1, seq.data() + out_n, out_n * sizeof(T));
}
}  // namespace detail
}  // namespace kgemu

namespace AscendC {
template <typename T>
inline void Interleave(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src0,
                       const LocalTensor<T>& src1, const int32_t count) {
    kgemu::detail::rearrange<T>("Interleave", dst0, dst1, &src0, &src1, count, 0,
                                [](const T* a, const T* c, uint64_t k) { return (k % 2 == 0 ? a : c)[k / 2]; });
}
template <typename T>
inline void DeInterleave(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src0,
                         const LocalTensor<T>& src1, const int32_t count) {
    // src0 ++ src1 read as one sequence: its even elements first (dst0), then its odd ones (dst1)
    const uint64_t n = count > 0 ? static_cast<uint64_t>(count) : 0;
    kgemu::detail::rearrange<T>("DeInterleave", dst0, dst1, &src0, &src1, count, 0,
                                [n](const T* a, const T* c, uint64_t k) {
                                    const uint64_t at = k < n ? 2 * k : 2 * (k - n) + 1;
                                    return at < n ? a[at] : c[at - n];
                                });
}
template <typename T>
inline void DeInterleave(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src,
                         const int32_t srcCount) {
    const uint64_t n = srcCount > 0 ? static_cast<uint64_t>(srcCount) : 0;
    kgemu::detail::rearrange<T>("DeInterleave", dst0, dst1, &src, nullptr, srcCount, n,
                                [n](const T* a, const T*, uint64_t k) { return a[k < n / 2 ? 2 * k : 2 * (k - n / 2) + 1]; });
}
}  // namespace AscendC

#endif  // KGEMU_DETAIL_VEC_INTERLEAVE_H
