// kernelgen CPU emulator (private, kernel side): advanced (library) APIs Sigmoid, Tanh and Sign.
//
// They compute in fp32 with the host libm (sigmoid = 1 / (1 + exp(-x)), tanh = tanhf) and round once to the
// element type. The NPU library composes them from vector instructions; its exact error is unpublished, so
// treat results as close to, not bit-identical with, hardware. Sigmoid and Tanh reject any src/dst overlap
// (documented constraint); the optional sharedTmpBuffer is validated (32-byte aligned, no overlap with
// src/dst) and left poisoned afterwards, since its contents are undefined after the call.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/advanced.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_ADVANCED_H
#define KGEMU_DETAIL_ADVANCED_H

#include <cmath>

#include "kgemu/detail/vec_common.h"

namespace kgemu {
namespace detail {

inline float fn_sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }
inline float fn_tanh(float x) { return std::tanh(x); }
// Sign: NaN gives 0, as the Ascend C docs' example shows ([-inf, -2, -0, 0, nan, -nan, 2, inf] -> [-1, -1, 0, 0,
// 0, 0, 1, 1]).
inline float fn_sign(float x) { return x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : 0.0f); }

template <typename T, float (*Fn)(float)>
inline void advanced_unary(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                           const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count, bool forbid_src_dst_overlap) {
    static_assert(is_float_like<T>::value, "this advanced API takes half or float");
    auto& b = api_enter(api);
    check_vec_dtype<T>(b, api, RULE_FLOATS);
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    note_vector(b, api, count, sizeof(T), bytes);
    if (count == 0) return;
    T* d = ub_operand(b, api, "dst", dst, bytes);
    const T* s = ub_operand(b, api, "src", src, bytes);
    if (forbid_src_dst_overlap) {
        const auto* dp = reinterpret_cast<const uint8_t*>(d);
        const auto* sp = reinterpret_cast<const uint8_t*>(s);
        if (dp < sp + bytes && sp < dp + bytes) {
            fail(api, "src and dst overlap; this API does not support overlapping (or in-place) operands");
        }
    } else {
        check_overlap(b, api, "dst", d, bytes, "src", s, bytes);
    }
    uint8_t* t = nullptr;
    uint64_t tbytes = 0;
    if (tmp != nullptr) {
        tbytes = tmp->GetSize();
        t = ub_operand(b, api, "sharedTmpBuffer", *tmp, tbytes);
        const auto* dp = reinterpret_cast<const uint8_t*>(d);
        const auto* sp = reinterpret_cast<const uint8_t*>(s);
        if ((t < dp + bytes && dp < t + tbytes) || (t < sp + bytes && sp < t + tbytes)) {
            fail(api, "sharedTmpBuffer overlaps src or dst");
        }
    }
    loop1<T>(d, s, count, OpLanes<Fn>{});
    if (t != nullptr) std::memset(t, 0xFF, tbytes);
}

}  // namespace detail
}  // namespace kgemu

#define KGEMU_ADVANCED_API(NAME, FN, NO_OVERLAP, ...)                                                                \
    template <typename T, bool isReuseSource = false __VA_ARGS__>                                                   \
    inline void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                              \
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {                        \
        kgemu::detail::advanced_unary<T, FN>(#NAME, dstTensor, srcTensor, &sharedTmpBuffer, calCount, NO_OVERLAP);  \
    }                                                                                                               \
    template <typename T, bool isReuseSource = false __VA_ARGS__>                                                   \
    inline void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                              \
                     const LocalTensor<uint8_t>& sharedTmpBuffer) {                                                 \
        kgemu::detail::advanced_unary<T, FN>(#NAME, dstTensor, srcTensor, &sharedTmpBuffer, srcTensor.GetSize(),    \
                                             NO_OVERLAP);                                                           \
    }                                                                                                               \
    template <typename T, bool isReuseSource = false __VA_ARGS__>                                                   \
    inline void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount) {   \
        kgemu::detail::advanced_unary<T, FN>(#NAME, dstTensor, srcTensor, nullptr, calCount, NO_OVERLAP);           \
    }                                                                                                               \
    template <typename T, bool isReuseSource = false __VA_ARGS__>                                                   \
    inline void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {                            \
        kgemu::detail::advanced_unary<T, FN>(#NAME, dstTensor, srcTensor, nullptr, srcTensor.GetSize(), NO_OVERLAP);\
    }

namespace AscendC {

KGEMU_ADVANCED_API(Sigmoid, &kgemu::detail::fn_sigmoid, true)
KGEMU_ADVANCED_API(Tanh, &kgemu::detail::fn_tanh, true, , const TanhConfig& config = DEFAULT_TANH_CONFIG)
KGEMU_ADVANCED_API(Sign, &kgemu::detail::fn_sign, false)

}  // namespace AscendC

#undef KGEMU_ADVANCED_API

#endif  // KGEMU_DETAIL_ADVANCED_H
