// kernelgen CPU emulator (private, kernel side): binary and tensor-scalar vector APIs.
// Add Sub Mul Div Max Min (count and mask/repeat forms), Adds Muls Maxs Mins Divs LeakyRelu, MulAddDst, Axpy.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/vec_binary.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_VEC_BINARY_H
#define KGEMU_DETAIL_VEC_BINARY_H

#include "kgemu/detail/vec_common.h"

namespace kgemu {
namespace detail {

// Binds the scalar of a tensor-scalar op. half/bf16 compute in fp32, so the functor takes float there.
template <typename T, typename Op>
inline auto bind_scalar(Op op, T s) {
    if constexpr (is_half_like<T>::value) {
        const float sf = to_f32(s);
        return [op, sf](float a) { return op(a, sf); };
    } else {
        return [op, s](T a) { return op(a, s); };
    }
}

// Tensor-scalar ops written as binary functors with the scalar second.
struct OpLeakyRelu {
    template <typename V>
    V operator()(V a, V alpha) const {
        return a >= V{} ? a : a * alpha;
    }
};
struct OpRevDiv {  // scalar / x
    template <typename V>
    V operator()(V a, V s) const {
        return OpDiv{}(s, a);
    }
};

}  // namespace detail
}  // namespace kgemu

// Count form plus both mask/repeat forms of a binary API.
#define KGEMU_BINARY_API(NAME, OP, RULE)                                                                             \
    template <typename T>                                                                                           \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,             \
                     const int32_t& count) {                                                                        \
        kgemu::detail::binary_count<T>(#NAME, RULE, dst, src0, src1, count, OP{});                                  \
    }                                                                                                               \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,             \
                     uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {           \
        const auto m = kgemu::detail::call_mask<isSetMask>(#NAME, mask, 256 / sizeof(T), repeatTime); \
        kgemu::detail::binary_repeat<T>(#NAME, RULE, dst, src0, src1, m, repeatParams, OP{});           \
    }                                                                                                               \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,             \
                     uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {             \
        const auto m = kgemu::detail::call_mask<isSetMask>(#NAME, mask, 256 / sizeof(T), repeatTime); \
        kgemu::detail::binary_repeat<T>(#NAME, RULE, dst, src0, src1, m, repeatParams, OP{});           \
    }

// Count form plus both mask/repeat forms of a tensor-scalar API.
#define KGEMU_SCALAR_API(NAME, OP, RULE)                                                                             \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,                    \
                     const int32_t& count) {                                                                        \
        kgemu::detail::scalar_count<T>(#NAME, RULE, dst, src, scalarValue,                                          \
                                       kgemu::detail::call_count<isSetMask>(#NAME, count), OP{});                   \
    }                                                                                                               \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask[],   \
                     const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {                             \
        const auto m = kgemu::detail::call_mask<isSetMask>(#NAME, mask, 256 / sizeof(T), repeatTime); \
        kgemu::detail::unary_repeat<T>(#NAME, RULE, dst, src, m, repeatParams,                          \
                                       kgemu::detail::bind_scalar<T>(OP{}, scalarValue));                            \
    }                                                                                                               \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask,     \
                     const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {                             \
        const auto m = kgemu::detail::call_mask<isSetMask>(#NAME, mask, 256 / sizeof(T), repeatTime); \
        kgemu::detail::unary_repeat<T>(#NAME, RULE, dst, src, m, repeatParams,                          \
                                       kgemu::detail::bind_scalar<T>(OP{}, scalarValue));                            \
    }

namespace AscendC {

KGEMU_BINARY_API(Add, kgemu::detail::OpAdd, kgemu::detail::RULE_ADD)
KGEMU_BINARY_API(Sub, kgemu::detail::OpSub, kgemu::detail::RULE_ADD)
KGEMU_BINARY_API(Mul, kgemu::detail::OpMul, kgemu::detail::RULE_MUL)
KGEMU_BINARY_API(Div, kgemu::detail::OpDiv, kgemu::detail::RULE_DIV)
KGEMU_BINARY_API(Max, kgemu::detail::OpMax, kgemu::detail::RULE_ADD)
KGEMU_BINARY_API(Min, kgemu::detail::OpMin, kgemu::detail::RULE_ADD)

KGEMU_SCALAR_API(Adds, kgemu::detail::OpAdd, kgemu::detail::RULE_SCALAR)
KGEMU_SCALAR_API(Muls, kgemu::detail::OpMul, kgemu::detail::RULE_SCALAR)
KGEMU_SCALAR_API(Maxs, kgemu::detail::OpMax, kgemu::detail::RULE_SCALAR)
KGEMU_SCALAR_API(Mins, kgemu::detail::OpMin, kgemu::detail::RULE_SCALAR)
KGEMU_SCALAR_API(LeakyRelu, kgemu::detail::OpLeakyRelu, kgemu::detail::RULE_FLOATS)

// Divs: dst = src / scalar, or dst = scalar / src.
template <typename T>
inline void Divs(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count) {
    kgemu::detail::scalar_count<T>("Divs", kgemu::detail::RULE_DIV, dst, src, scalarValue, count,
                                   kgemu::detail::OpDiv{});
}
template <typename T>
inline void Divs(const LocalTensor<T>& dst, const T& scalarValue, const LocalTensor<T>& src, const int32_t& count) {
    kgemu::detail::scalar_count<T>("Divs", kgemu::detail::RULE_DIV, dst, src, scalarValue, count,
                                   kgemu::detail::OpRevDiv{});
}

}  // namespace AscendC

#undef KGEMU_BINARY_API
#undef KGEMU_SCALAR_API

namespace kgemu {
namespace detail {

// dst = f(src0-ish, src1-ish, dst) where dst may be wider (float) than the sources (half). Two roundings, the
// product's then the sum's: asc-devkit documents a fused (one-rounding) multiply-add only for the 950's Reg API
// (附录/Reg矢量计算接口精度标准汇总.md, "同比Fma"); its Memory-API boundary appendix (附录/Memory矢量计算接口
// 边界值汇总.md, tables 20-21) gives Axpy and MulAddDst a separate product stage. docs/emulator.md, "Documented
// semantics"; tests/test_compound_rounding.py. `prod + acc` stays two operations because x86-64's baseline has no
// FMA; g++ contracts it on a target with one (aarch64, -march=haswell) unless -ffp-contract=off, and that test fails.
template <typename T, typename U, typename F>
inline void accumulate_count(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& s0,
                             const AscendC::LocalTensor<U>* s1, U scalar, int32_t count, F prod) {
    static_assert(is_float_like<T>::value && is_float_like<U>::value, "MulAddDst/Axpy support half and float");
    static_assert(std::is_same<T, U>::value || (std::is_same<T, float>::value && std::is_same<U, half>::value),
                  "MulAddDst/Axpy take matching types or a float destination with half sources");
    auto& b = api_enter(api);
    check_vec_dtype<T>(b, api, RULE_FLOATS);
    check_vec_dtype<U>(b, api, RULE_FLOATS);
    check_count(api, count);
    const uint64_t n = static_cast<uint64_t>(count);
    note_vector(b, api, n, sizeof(T), n * sizeof(T));
    if (count == 0) return;
    T* d = ub_operand(b, api, "dst", dst, n * sizeof(T));
    const U* x = ub_operand(b, api, s1 ? "src0" : "src", s0, n * sizeof(U));
    const U* y = s1 ? ub_operand(b, api, "src1", *s1, n * sizeof(U)) : nullptr;
    check_overlap(b, api, "dst", d, n * sizeof(T), s1 ? "src0" : "src", x, n * sizeof(U));
    if (y) check_overlap(b, api, "dst", d, n * sizeof(T), "src1", y, n * sizeof(U));
    if constexpr (std::is_same<T, float>::value && std::is_same<U, float>::value) {
        if (y) {
            map3_f32(d, x, y, n, [&](auto a, auto c, auto acc) { return prod(a, c) + acc; });
        } else {
            const float s = scalar;
            map3_f32(d, x, x, n, [&](auto a, auto, auto acc) { return prod(a, s) + acc; });
        }
    } else {
        const float s = to_f32(scalar);
        for (size_t i = 0; i < n; ++i) {
            // the product is rounded to the destination type, then the sum (see above)
            const float p = to_f32(from_f32<T>(prod(to_f32(x[i]), y ? to_f32(y[i]) : s)));
            d[i] = from_f32<T>(p + to_f32(d[i]));
        }
    }
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

// dst = src0 * src1 + dst
template <typename T, typename U>
inline void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                      const int32_t& count) {
    kgemu::detail::accumulate_count<T, U>("MulAddDst", dst, src0, &src1, U(0), count,
                                          [](auto a, auto c) { return a * c; });
}

// dst = src * scalar + dst
template <typename T, typename U>
inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U scalarValue, const int32_t& count) {
    kgemu::detail::accumulate_count<T, U>("Axpy", dst, src, nullptr, scalarValue, count,
                                          [](auto a, auto c) { return a * c; });
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_VEC_BINARY_H
