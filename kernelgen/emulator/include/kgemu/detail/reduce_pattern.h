// kernelgen CPU emulator (private, kernel side): the high-level ReduceSum / ReduceMax / ReduceMin over a 2-D shape
// with a Pattern (hicann/asc-devkit docs, adv_api reduce: ReduceSum<T, Pattern::Reduce::AR>(dst, src, srcShape,
// srcInnerPad) and the forms with a sharedTmpBuffer).
//
// srcShape = {rows, cols}. Pattern::Reduce::AR reduces the last axis (dst[i] = op over cols of row i: rows
// results); RA reduces the first (dst[j] = op over rows of column j: cols results). With srcInnerPad each row
// occupies cols rounded up to 32 bytes (the padding is not read); without it rows are cols apart. Sums are
// accumulated in double and rounded once.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/reduce_pattern.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_REDUCE_PATTERN_H
#define KGEMU_DETAIL_REDUCE_PATTERN_H

#include <cstdint>
#include <type_traits>
#include <vector>

#include "kgemu/detail/access.h"
#include "kgemu/detail/extras.h"
#include "kgemu/detail/vec_common.h"

namespace AscendC {
namespace Pattern {
namespace Reduce {
struct AR {};
struct RA {};
}  // namespace Reduce
}  // namespace Pattern
}  // namespace AscendC

namespace kgemu {
namespace detail {

enum class ReduceKind : uint8_t { kSum, kMax, kMin };
constexpr DtypeRule RULE_REDUCE_SUM{DT_FLOATS, DT_FLOATS, DT_FLOATS | DT_S32 | DT_U32 | DT_S64 | DT_U64};
constexpr DtypeRule RULE_REDUCE_MAX_MIN{DT_FLOATS, DT_FLOATS,
                                        DT_FLOATS | DT_BF16 | DT_S8 | DT_U8 | DT_S16 | DT_U16 | DT_S32 | DT_U32 |
                                            DT_S64 | DT_U64};

template <typename T, class Pat>
inline void reduce_pattern(const char* api, ReduceKind kind, const AscendC::LocalTensor<T>& dst,
                           const AscendC::LocalTensor<T>& src, const uint32_t* shape, bool innerPad) {
    static_assert(std::is_same<Pat, AscendC::Pattern::Reduce::AR>::value ||
                      std::is_same<Pat, AscendC::Pattern::Reduce::RA>::value,
                  "kgemu: the Reduce APIs take Pattern::Reduce::AR or Pattern::Reduce::RA");
    auto& b = api_enter(api);
    // asc-devkit 高阶API/归约操作 ReduceSum-90.md, ReduceMax-91.md, ReduceMin-92.md: float (and half, which
    // kernels on the 910B give Max/Min) everywhere; the 950 adds integers (ReduceSum: 32- and 64-bit)
    check_vec_dtype<T>(b, api, kind == ReduceKind::kSum ? RULE_REDUCE_SUM : RULE_REDUCE_MAX_MIN);
    const uint64_t rows = shape[0], cols = shape[1];
    if (rows == 0 || cols == 0) fail(api, strf("srcShape {%llu, %llu} has an empty axis",
                                               static_cast<unsigned long long>(rows),
                                               static_cast<unsigned long long>(cols)));
    const uint64_t epb = 32 / sizeof(T);
    const uint64_t stride = innerPad ? (cols + epb - 1) / epb * epb : cols;
    const bool ar = std::is_same<Pat, AscendC::Pattern::Reduce::AR>::value;
    const uint64_t n_out = ar ? rows : cols;
    const uint64_t src_elems = (rows - 1) * stride + cols;
    note_vector(b, api, rows * cols, sizeof(T), src_elems * sizeof(T));
    const T* s = ub_operand(b, api, "src", src, src_elems * sizeof(T));
    T* d = ub_operand(b, api, "dst", dst, n_out * sizeof(T));
    ApiCall call(b, api, ::PIPE_V);
    call.read(src, 0, src_elems);
    call.write(dst, 0, n_out);
    call.commit();
    if constexpr (std::is_integral<T>::value) {   // exact: a sum wraps around as the integer type does
        for (uint64_t k = 0; k < n_out; ++k) {
            uint64_t sum = 0;
            T best = s[ar ? k * stride : k];
            for (uint64_t t = 0; t < (ar ? cols : rows); ++t) {
                const T v = s[ar ? k * stride + t : t * stride + k];
                sum += static_cast<uint64_t>(v);
                if (kind == ReduceKind::kMax ? v > best : v < best) best = v;
            }
            d[k] = kind == ReduceKind::kSum ? static_cast<T>(sum) : best;
        }
        return;
    }
    std::vector<double> acc(n_out, kind == ReduceKind::kSum ? 0.0 : (kind == ReduceKind::kMax ? -INFINITY : INFINITY));
    for (uint64_t i = 0; i < rows; ++i) {
        for (uint64_t j = 0; j < cols; ++j) {
            const double v = reduce_value(s[i * stride + j]);
            double& a = acc[ar ? i : j];
            if (kind == ReduceKind::kSum) a += v;
            else if (v != v || (kind == ReduceKind::kMax ? v > a : v < a)) a = (a != a) ? a : v;
        }
    }
    for (uint64_t k = 0; k < n_out; ++k) d[k] = from_f32<T>(static_cast<float>(acc[k]));
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

#define KGEMU_REDUCE_PATTERN(NAME, KIND)                                                                              \
    template <class T, class pattern, bool isReuseSource = false,                                                    \
              typename std::enable_if<std::is_class<pattern>::value, int>::type = 0>                                 \
    inline void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t srcShape[],    \
                     bool srcInnerPad) {                                                                             \
        kgemu::detail::reduce_pattern<T, pattern>(#NAME, KIND, dstTensor, srcTensor, srcShape, srcInnerPad);         \
    }                                                                                                                \
    template <class T, class pattern, bool isReuseSource = false,                                                    \
              typename std::enable_if<std::is_class<pattern>::value, int>::type = 0>                                 \
    inline void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                               \
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t srcShape[], bool srcInnerPad) {     \
        (void)sharedTmpBuffer;                                                                                       \
        kgemu::detail::reduce_pattern<T, pattern>(#NAME, KIND, dstTensor, srcTensor, srcShape, srcInnerPad);         \
    }
KGEMU_REDUCE_PATTERN(ReduceSum, kgemu::detail::ReduceKind::kSum)
KGEMU_REDUCE_PATTERN(ReduceMax, kgemu::detail::ReduceKind::kMax)
KGEMU_REDUCE_PATTERN(ReduceMin, kgemu::detail::ReduceKind::kMin)
#undef KGEMU_REDUCE_PATTERN

}  // namespace AscendC

#endif  // KGEMU_DETAIL_REDUCE_PATTERN_H
