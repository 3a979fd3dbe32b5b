// kernelgen CPU emulator (private, kernel side): PairReduceSum and RepeatReduceSum (hicann/asc-devkit docs
// PairReduceSum.md, RepeatReduceSum.md).
//
// PairReduceSum: repeat r sums adjacent pairs of its active elements, (a0 + a1, a2 + a3, ...), into
// dst + r * dstRepStride * 128 bytes (a reduced repeat is half a repeat long); a pair with no active element is
// not written, a pair with one adds that one. RepeatReduceSum: the sum of each repeat's first `mask` elements,
// as WholeReduceSum with a continuous mask (dstBlkStride is documented as ignored).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/reduce_pair.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_REDUCE_PAIR_H
#define KGEMU_DETAIL_REDUCE_PAIR_H

#include <cstdint>
#include <cstring>
#include <vector>

#include "kgemu/detail/access.h"
#include "kgemu/detail/extras.h"
#include "kgemu/detail/vec_common.h"

namespace kgemu {
namespace detail {

template <typename T>
inline void pair_reduce_sum(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                            const MaskBits& m, int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride) {
    const char* api = "PairReduceSum";
    auto& b = api_enter(api);
    check_vec_dtype<T>(b, api, RULE_FLOATS);
    note_vector(b, api, m.total(), sizeof(T), m.repeat * 256ULL);
    if (m.repeat == 0) return;
    const RepOperand os = rep_operand(b, api, "src", src, srcBlkStride, srcRepStride, m);
    const uint32_t half_rep = m.per_rep / 2;  // outputs per repeat
    const uint64_t dst_elems = static_cast<uint64_t>(m.repeat - 1) * dstRepStride * half_rep + (m.kmax / 2 + 1);
    T* d = ub_operand(b, api, "dst", dst, dst_elems * sizeof(T));
    ApiCall call(b, api, ::PIPE_V);
    call.read(src, 0, mask_extent(sizeof(T), srcBlkStride, srcRepStride, m) / sizeof(T));
    call.write(dst, 0, dst_elems);
    call.commit();
    std::vector<double> sums(static_cast<size_t>(m.repeat) * half_rep, 0.0);
    std::vector<uint8_t> seen(sums.size(), 0);
    for_active(m, [&](uint32_t r, uint32_t k) {
        T v;
        std::memcpy(&v, rep_addr(os, r, k), sizeof(T));
        sums[r * half_rep + k / 2] += reduce_value(v);
        seen[r * half_rep + k / 2] = 1;
    });
    for (uint32_t r = 0; r < m.repeat; ++r) {
        for (uint32_t j = 0; j < half_rep; ++j) {
            if (seen[r * half_rep + j]) {
                d[static_cast<uint64_t>(r) * dstRepStride * half_rep + j] =
                    from_f32<T>(static_cast<float>(sums[r * half_rep + j]));
            }
        }
    }
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <typename T, bool isSetMask = true>
inline void PairReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                          const uint64_t mask[], const int32_t dstRepStride, const int32_t srcBlkStride,
                          const int32_t srcRepStride) {
    kgemu::detail::check_count("PairReduceSum", repeatTime);
    const auto m = kgemu::detail::call_mask<isSetMask>("PairReduceSum", mask, 256 / sizeof(T),
                                                       static_cast<uint32_t>(repeatTime));
    kgemu::detail::pair_reduce_sum(dst, src, m, dstRepStride, srcBlkStride, srcRepStride);
}
template <typename T, bool isSetMask = true>
inline void PairReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                          const int32_t mask, const int32_t dstRepStride, const int32_t srcBlkStride,
                          const int32_t srcRepStride) {
    kgemu::detail::check_count("PairReduceSum", repeatTime);
    const auto m = kgemu::detail::call_mask<isSetMask>("PairReduceSum", static_cast<uint64_t>(mask), 256 / sizeof(T),
                                                       static_cast<uint32_t>(repeatTime));
    kgemu::detail::pair_reduce_sum(dst, src, m, dstRepStride, srcBlkStride, srcRepStride);
}

template <typename T, bool isSetMask = true>
inline void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                            const int32_t mask, const int32_t dstBlkStride, const int32_t srcBlkStride,
                            const int32_t dstRepStride, const int32_t srcRepStride) {
    (void)dstBlkStride;  // documented as ignored
    WholeReduceSum<T, isSetMask>(dst, src, static_cast<uint64_t>(mask), repeatTime, dstRepStride, srcBlkStride,
                                 srcRepStride);
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_REDUCE_PAIR_H
