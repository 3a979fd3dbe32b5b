// kernelgen CPU emulator (private, kernel side): the vector mask register and the mask/repeat forms that
// vec_binary.h / vec_unary.h / cmp_select.h do not define.
//   SetMaskNorm, SetMaskCount, SetVectorMask, ResetMask (read by every isSetMask = false call);
//   Compare (bit mask), Compares / CompareScalar, Select (all modes), And, Or, ShiftLeft/ShiftRight,
//   MulAddDst, Axpy: mask/repeat forms;  Copy (UB -> UB with CopyRepeatParams).
// Compare results: repeat r writes its per-repeat bits at bit r * (256 / sizeof(T)) of dst (contiguous, like
// the count form); Select modes 1 and 2 read the selection bit of element k of repeat r at r * per_rep + k, and
// mode 0 (VSEL_CMPMASK_SPR) reuses the first per_rep bits for every repeat.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/vec_mask.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_VEC_MASK_H
#define KGEMU_DETAIL_VEC_MASK_H

#include <cmath>
#include <cstring>

#include "kgemu/detail/cmp_select.h"
#include "kgemu/detail/vec_binary.h"

namespace AscendC {

enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };
constexpr uint64_t MASK_PLACEHOLDER = 0;
constexpr uint64_t MASK_PLACEHOLDER_LIST[2] = {0, 0};
constexpr uint8_t DEFAULT_REP_STRIDE = DEFAULT_REPEAT_STRIDE;

struct CopyRepeatParams {
    CopyRepeatParams() {}
    CopyRepeatParams(const uint16_t dstStrideIn, const uint16_t srcStrideIn, uint16_t dstRepeatSizeIn,
                     uint16_t srcRepeatSizeIn)
        : dstStride(dstStrideIn), srcStride(srcStrideIn), dstRepeatSize(dstRepeatSizeIn),
          srcRepeatSize(srcRepeatSizeIn) {}
    uint16_t dstStride = DEFAULT_BLK_STRIDE;
    uint16_t srcStride = DEFAULT_BLK_STRIDE;
    uint16_t dstRepeatSize = DEFAULT_REPEAT_STRIDE;
    uint16_t srcRepeatSize = DEFAULT_REPEAT_STRIDE;
};

// ---- the mask register ----
inline void SetMaskCount() { kgemu::detail::api_enter("SetMaskCount").mask_counter = true; }
inline void SetMaskNorm() { kgemu::detail::api_enter("SetMaskNorm").mask_counter = false; }
inline void ResetMask() {
    auto& b = kgemu::detail::api_enter("ResetMask");
    b.mask_w[0] = b.mask_w[1] = ~0ULL;
}

// Normal mode: maskLow / maskHigh are the bits of elements 0..63 / 64..127 of a repeat. Counter mode
// (SetMaskCount before, or mode = COUNTER): maskLow is the number of elements the next calls process.
template <typename T, MaskMode mode = MaskMode::NORMAL>
inline void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow) {
    auto& b = kgemu::detail::api_enter("SetVectorMask");
    if (mode == MaskMode::COUNTER || b.mask_counter) {
        b.mask_count = maskLow;
    } else {
        b.mask_w[0] = maskLow;
        b.mask_w[1] = maskHigh;
    }
}

// Normal mode: the first len elements of each repeat; counter mode: len elements in total.
template <typename T, MaskMode mode = MaskMode::NORMAL>
inline void SetVectorMask(int32_t len) {
    auto& b = kgemu::detail::api_enter("SetVectorMask");
    if (mode == MaskMode::COUNTER || b.mask_counter) {
        if (len < 0) kgemu::detail::fail("SetVectorMask", kgemu::detail::strf("count %d is negative", len));
        b.mask_count = static_cast<uint64_t>(len);
        return;
    }
    const int32_t per_rep = static_cast<int32_t>(256 / sizeof(T));
    if (len < 1 || len > per_rep || len > 128) {
        kgemu::detail::fail("SetVectorMask", kgemu::detail::strf("len %d is outside [1, %d] for %s", len,
                                                                 per_rep > 128 ? 128 : per_rep,
                                                                 kgemu::detail::dtype_info<T>::name));
    }
    b.mask_w[0] = len >= 64 ? ~0ULL : ((1ULL << len) - 1ULL);
    b.mask_w[1] = len <= 64 ? 0ULL : (len >= 128 ? ~0ULL : ((1ULL << (len - 64)) - 1ULL));
}

}  // namespace AscendC

namespace kgemu {
namespace detail {

inline AscendC::BinaryRepeatParams binary_of(const AscendC::UnaryRepeatParams& p) {
    return AscendC::BinaryRepeatParams(static_cast<uint8_t>(p.dstBlkStride), static_cast<uint8_t>(p.srcBlkStride),
                                       static_cast<uint8_t>(p.srcBlkStride), p.dstRepStride, p.srcRepStride,
                                       p.srcRepStride);
}

// Compare's own mask parameter is reserved and has no effect on A2/A3 (2201), 310P (2002) and 910 (1001):
// every element of each repeat is compared (Compare.md); 310B and 950 apply it.
template <typename T, bool isSetMask, typename M>
inline MaskBits compare_mask(M mask, uint8_t repeatTime) {
    const uint32_t per_rep = 256 / sizeof(T);
    if constexpr (isSetMask) {
        const int32_t arch = block_state("Compare").soc->npu_arch;
        if (arch == 2201 || arch == 2002 || arch == 1001) return mask_continuous("Compare", per_rep, per_rep, repeatTime);
    }
    return call_mask<isSetMask>("Compare", mask, per_rep, repeatTime);
}

// Compare in mask/repeat form: the right-hand side of element (r, k) from rhs(r, k).
template <typename T, typename U, typename G>
inline void compare_repeat(const char* api, const AscendC::LocalTensor<U>& dst, const AscendC::LocalTensor<T>& src0,
                           const AscendC::LocalTensor<T>* src1, AscendC::CMPMODE mode, const MaskBits& m,
                           uint32_t s0_blk, uint32_t s0_rep, uint32_t s1_blk, uint32_t s1_rep, G rhs) {
    auto& b = api_enter(api);
    check_cmp_dtype<T>(b, api, mode);
    check_mask_type<U>(b, api, "dst");
    note_vector(b, api, m.total(), sizeof(T), m.repeat * 256ULL);
    if (m.repeat == 0) return;
    const uint64_t bits = static_cast<uint64_t>(m.repeat) * m.per_rep;
    auto* d = reinterpret_cast<uint8_t*>(ub_operand(b, api, "dst", dst, (bits + 7) / 8));
    const RepOperand o0 = rep_operand(b, api, "src0", src0, s0_blk, s0_rep, m);
    RepOperand o1{};
    if (src1 != nullptr) o1 = rep_operand(b, api, "src1", *src1, s1_blk, s1_rep, m);
    for_active(m, [&](uint32_t r, uint32_t k) {
        T x;
        std::memcpy(&x, rep_addr(o0, r, k), sizeof(T));
        cmp_value_t<T> y;
        if (src1 != nullptr) {
            T t1;
            std::memcpy(&t1, rep_addr(o1, r, k), sizeof(T));
            y = cmp_value(t1);
        } else {
            y = rhs();
        }
        const uint64_t bit = static_cast<uint64_t>(r) * m.per_rep + k;
        const bool v = cmp_apply(mode, cmp_value(x), y);
        d[bit >> 3] = static_cast<uint8_t>((d[bit >> 3] & ~(1U << (bit & 7))) | (static_cast<unsigned>(v) << (bit & 7)));
    });
}

// Select in mask/repeat form; other(r, k, addr1) gives the value taken where the selection bit is 0.
template <typename T, typename U, typename G>
inline void select_repeat(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& sel,
                          const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<T>* src1,
                          AscendC::SELMODE mode, const MaskBits& m, const AscendC::BinaryRepeatParams& p, G scalar) {
    auto& b = api_enter(api);
    check_sel_common<T, U>(b, api, mode);
    note_vector(b, api, m.total(), sizeof(T), m.repeat * 256ULL);
    if (m.repeat == 0) return;
    const bool mode0 = mode == AscendC::SELMODE::VSEL_CMPMASK_SPR;
    const uint64_t bits = mode0 ? m.per_rep : static_cast<uint64_t>(m.repeat) * m.per_rep;
    const auto* s = reinterpret_cast<const uint8_t*>(ub_operand(b, api, "selMask", sel, (bits + 7) / 8));
    check_dst_blk(api, p.dstBlkStride, m, sizeof(T));
    const RepOperand od = rep_operand(b, api, "dst", dst, p.dstBlkStride, p.dstRepStride, m);
    const RepOperand o0 = rep_operand(b, api, "src0", src0, p.src0BlkStride, p.src0RepStride, m);
    RepOperand o1{};
    if (src1 != nullptr) o1 = rep_operand(b, api, "src1", *src1, p.src1BlkStride, p.src1RepStride, m);
    for_active(m, [&](uint32_t r, uint32_t k) {
        const uint64_t bit = mode0 ? k : static_cast<uint64_t>(r) * m.per_rep + k;
        T out;
        if ((s[bit >> 3] >> (bit & 7)) & 1U) {
            std::memcpy(&out, rep_addr(o0, r, k), sizeof(T));
        } else if (src1 != nullptr) {
            std::memcpy(&out, rep_addr(o1, r, k), sizeof(T));
        } else {
            out = scalar;
        }
        std::memcpy(rep_addr(od, r, k), &out, sizeof(T));
    });
}

// dst = f(dst, src0, src1) per active element (MulAddDst / Axpy mask forms), the product rounded to T before the
// sum, as the count forms (vec_binary.h accumulate_count says why).
template <typename T, typename F>
inline void accumulate_repeat(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& s0,
                              const AscendC::LocalTensor<T>& s1, const MaskBits& m,
                              const AscendC::BinaryRepeatParams& p, F f) {
    auto& b = api_enter(api);
    check_vec_dtype<T>(b, api, RULE_FLOATS);
    note_vector(b, api, m.total(), sizeof(T), m.repeat * 256ULL);
    if (m.repeat == 0) return;
    const RepOperand od = rep_operand(b, api, "dst", dst, p.dstBlkStride, p.dstRepStride, m);
    const RepOperand o0 = rep_operand(b, api, "src0", s0, p.src0BlkStride, p.src0RepStride, m);
    const RepOperand o1 = rep_operand(b, api, "src1", s1, p.src1BlkStride, p.src1RepStride, m);
    for_active(m, [&](uint32_t r, uint32_t k) {
        T acc, x, y;
        std::memcpy(&acc, rep_addr(od, r, k), sizeof(T));
        std::memcpy(&x, rep_addr(o0, r, k), sizeof(T));
        std::memcpy(&y, rep_addr(o1, r, k), sizeof(T));
        const float prod = to_f32(from_f32<T>(f(to_f32(x), to_f32(y))));
        const T out = from_f32<T>(prod + to_f32(acc));
        std::memcpy(rep_addr(od, r, k), &out, sizeof(T));
    });
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

// ---- Compare / Compares / CompareScalar: mask/repeat forms ----
template <typename T, typename U, bool isSetMask = true>
inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
                    const uint64_t mask, uint8_t repeatTime, const BinaryRepeatParams& p) {
    const auto m = kgemu::detail::compare_mask<T, isSetMask>(mask, repeatTime);
    kgemu::detail::compare_repeat<T, U>("Compare", dst, src0, &src1, cmpMode, m, p.src0BlkStride, p.src0RepStride,
                                        p.src1BlkStride, p.src1RepStride, [] { return kgemu::detail::cmp_value_t<T>(); });
}
template <typename T, typename U, bool isSetMask = true>
inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
                    const uint64_t mask[], uint8_t repeatTime, const BinaryRepeatParams& p) {
    const auto m = kgemu::detail::compare_mask<T, isSetMask>(mask, repeatTime);
    kgemu::detail::compare_repeat<T, U>("Compare", dst, src0, &src1, cmpMode, m, p.src0BlkStride, p.src0RepStride,
                                        p.src1BlkStride, p.src1RepStride, [] { return kgemu::detail::cmp_value_t<T>(); });
}

#define KGEMU_CMP_SCALAR_REPEAT(NAME, MASK_T)                                                                          \
    template <typename T, typename U, bool isSetMask = true>                                                          \
    inline void NAME(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,     \
                     MASK_T mask, uint8_t repeatTime, const UnaryRepeatParams& p) {                                   \
        const auto m = kgemu::detail::call_mask<isSetMask>(#NAME, mask, 256 / sizeof(T), repeatTime);                 \
        const auto v = kgemu::detail::cmp_value(src1Scalar);                                                          \
        kgemu::detail::compare_repeat<T, U>(#NAME, dst, src0, nullptr, cmpMode, m, p.srcBlkStride, p.srcRepStride, 0, \
                                            0, [v] { return v; });                                                    \
    }
KGEMU_CMP_SCALAR_REPEAT(Compares, const uint64_t)
KGEMU_CMP_SCALAR_REPEAT(Compares, const uint64_t*)
KGEMU_CMP_SCALAR_REPEAT(CompareScalar, const uint64_t)
KGEMU_CMP_SCALAR_REPEAT(CompareScalar, const uint64_t*)
#undef KGEMU_CMP_SCALAR_REPEAT

// ---- Select: mask/repeat forms (tensor-tensor: modes 0 and 2; tensor-scalar: mode 1) ----
#define KGEMU_SELECT_REPEAT(MASK_T)                                                                                    \
    template <typename T, typename U, bool isSetMask = true>                                                          \
    inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,          \
                       const LocalTensor<T>& src1, SELMODE selMode, MASK_T mask, uint8_t repeatTime,                  \
                       const BinaryRepeatParams& p) {                                                                 \
        const auto m = kgemu::detail::call_mask<isSetMask>("Select", mask, 256 / sizeof(T), repeatTime);              \
        if (selMode == SELMODE::VSEL_TENSOR_SCALAR_MODE) {                                                            \
            auto& b = kgemu::detail::block_state("Select");                                                           \
            const T s = *kgemu::detail::ub_operand(b, "Select", "src1", src1, sizeof(T));                             \
            kgemu::detail::select_repeat<T, U>("Select", dst, selMask, src0, nullptr, selMode, m, p, s);              \
            return;                                                                                                   \
        }                                                                                                             \
        kgemu::detail::select_repeat<T, U>("Select", dst, selMask, src0, &src1, selMode, m, p, T());                  \
    }                                                                                                                 \
    template <typename T, typename U, bool isSetMask = true>                                                          \
    inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,  \
                       SELMODE selMode, MASK_T mask, uint8_t repeatTime, const BinaryRepeatParams& p) {               \
        if (selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE) {                                                            \
            kgemu::detail::fail("Select", "a scalar src1 needs SELMODE::VSEL_TENSOR_SCALAR_MODE");                     \
        }                                                                                                             \
        const auto m = kgemu::detail::call_mask<isSetMask>("Select", mask, 256 / sizeof(T), repeatTime);              \
        kgemu::detail::select_repeat<T, U>("Select", dst, selMask, src0, nullptr, selMode, m, p, src1);               \
    }
KGEMU_SELECT_REPEAT(uint64_t)
KGEMU_SELECT_REPEAT(const uint64_t*)
#undef KGEMU_SELECT_REPEAT

// ---- And / Or (binary) and ShiftLeft / ShiftRight (tensor-scalar): mask/repeat forms ----
#define KGEMU_BITWISE_REPEAT(NAME, OP, MASK_T)                                                                         \
    template <typename T, bool isSetMask = true>                                                                      \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, MASK_T mask,  \
                     const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {                              \
        const auto m = kgemu::detail::call_mask<isSetMask>(#NAME, mask, 256 / sizeof(T), repeatTime);                 \
        kgemu::detail::binary_repeat<T>(#NAME, kgemu::detail::RULE_BITWISE, dst, src0, src1, m, repeatParams, OP{});  \
    }
KGEMU_BITWISE_REPEAT(And, kgemu::detail::OpAnd, uint64_t)
KGEMU_BITWISE_REPEAT(And, kgemu::detail::OpAnd, uint64_t*)
KGEMU_BITWISE_REPEAT(Or, kgemu::detail::OpOr, uint64_t)
KGEMU_BITWISE_REPEAT(Or, kgemu::detail::OpOr, uint64_t*)
#undef KGEMU_BITWISE_REPEAT

// Ands / Ors (tensor-scalar bitwise, count form; the scalar on either side): dst = src & scalar, src | scalar.
#define KGEMU_BITWISE_SCALAR(NAME, OP)                                                                                 \
    template <typename T, bool isSetMask = true>                                                                      \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,                      \
                     const int32_t& count) {                                                                          \
        kgemu::detail::scalar_count<T>(#NAME, kgemu::detail::RULE_BITWISE, dst, src, scalarValue,                     \
                                       kgemu::detail::call_count<isSetMask>(#NAME, count), OP{});                     \
    }                                                                                                                 \
    template <typename T, bool isSetMask = true>                                                                      \
    inline void NAME(const LocalTensor<T>& dst, const T& scalarValue, const LocalTensor<T>& src,                      \
                     const int32_t& count) {                                                                          \
        kgemu::detail::scalar_count<T>(#NAME, kgemu::detail::RULE_BITWISE, dst, src, scalarValue,                     \
                                       kgemu::detail::call_count<isSetMask>(#NAME, count), OP{});                     \
    }
KGEMU_BITWISE_SCALAR(Ands, kgemu::detail::OpAnd)
KGEMU_BITWISE_SCALAR(Ors, kgemu::detail::OpOr)
#undef KGEMU_BITWISE_SCALAR

#define KGEMU_SHIFT_REPEAT(NAME, OP, MASK_T)                                                                           \
    template <typename T, bool isSetMask = true>                                                                      \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, MASK_T mask,         \
                     const uint8_t repeatTime, const UnaryRepeatParams& repeatParams, bool roundEn = false) {         \
        (void)roundEn;                                                                                                \
        const auto m = kgemu::detail::call_mask<isSetMask>(#NAME, mask, 256 / sizeof(T), repeatTime);                 \
        kgemu::detail::unary_repeat<T>(#NAME, kgemu::detail::RULE_SHIFT, dst, src, m, repeatParams,                   \
                                       kgemu::detail::bind_scalar<T>(OP{}, scalarValue));                              \
    }
KGEMU_SHIFT_REPEAT(ShiftLeft, kgemu::detail::OpShiftLeft, uint64_t)
KGEMU_SHIFT_REPEAT(ShiftLeft, kgemu::detail::OpShiftLeft, uint64_t*)
KGEMU_SHIFT_REPEAT(ShiftRight, kgemu::detail::OpShiftRight, uint64_t)
KGEMU_SHIFT_REPEAT(ShiftRight, kgemu::detail::OpShiftRight, uint64_t*)
#undef KGEMU_SHIFT_REPEAT

// ---- MulAddDst (dst = src0 * src1 + dst) and Axpy (dst = src * scalar + dst): mask/repeat forms ----
#define KGEMU_ACC_REPEAT(MASK_T)                                                                                       \
    template <typename T, typename U, bool isSetMask = true>                                                          \
    inline void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,          \
                          MASK_T mask, const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {            \
        static_assert(std::is_same<T, U>::value, "the emulator's MulAddDst mask form takes one dtype");               \
        const auto m = kgemu::detail::call_mask<isSetMask>("MulAddDst", mask, 256 / sizeof(T), repeatTime);           \
        kgemu::detail::accumulate_repeat<T>("MulAddDst", dst, src0, src1, m, repeatParams,                            \
                                            [](float a, float c) { return a * c; });                                  \
    }                                                                                                                 \
    template <typename T, typename U, bool isSetMask = true>                                                          \
    inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U scalarValue, MASK_T mask,          \
                     const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {                               \
        static_assert(std::is_same<T, U>::value, "the emulator's Axpy mask form takes one dtype");                    \
        const auto m = kgemu::detail::call_mask<isSetMask>("Axpy", mask, 256 / sizeof(T), repeatTime);                \
        const float s = kgemu::detail::to_f32(scalarValue);                                                           \
        kgemu::detail::accumulate_repeat<T>("Axpy", dst, src, src, m, kgemu::detail::binary_of(repeatParams),         \
                                            [s](float a, float) { return a * s; });                                   \
    }
KGEMU_ACC_REPEAT(uint64_t)
KGEMU_ACC_REPEAT(uint64_t*)
#undef KGEMU_ACC_REPEAT

// ---- Copy: UB -> UB in mask/repeat form (strides in 32-byte blocks) ----
#define KGEMU_COPY_REPEAT(MASK_T)                                                                                      \
    template <typename T, bool isSetMask = true>                                                                      \
    inline void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, MASK_T mask, const uint8_t repeatTime,     \
                     const CopyRepeatParams& p) {                                                                     \
        static_assert(sizeof(T) == 2 || sizeof(T) == 4, "Copy takes 16- or 32-bit element types");                    \
        auto& b = kgemu::detail::api_enter("Copy");                                                                   \
        const auto m = kgemu::detail::call_mask<isSetMask>("Copy", mask, 256 / sizeof(T), repeatTime);                \
        kgemu::detail::note_vector(b, "Copy", m.total(), sizeof(T), m.repeat * 256ULL);                               \
        if (m.repeat == 0) return;                                                                                    \
        const auto od = kgemu::detail::rep_operand(b, "Copy", "dst", dst, p.dstStride, p.dstRepeatSize, m);           \
        const auto os = kgemu::detail::rep_operand(b, "Copy", "src", src, p.srcStride, p.srcRepeatSize, m);           \
        kgemu::detail::for_active(m, [&](uint32_t r, uint32_t k) {                                                    \
            std::memmove(kgemu::detail::rep_addr(od, r, k), kgemu::detail::rep_addr(os, r, k), sizeof(T));           \
        });                                                                                                           \
    }
KGEMU_COPY_REPEAT(uint64_t)
KGEMU_COPY_REPEAT(uint64_t*)
#undef KGEMU_COPY_REPEAT

// ---- AddRelu / SubRelu (count form): max(src0 +/- src1, 0) ----
template <typename T>
inline void AddRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                    const int32_t& count) {
    kgemu::detail::binary_count<T>("AddRelu", kgemu::detail::RULE_RELU, dst, src0, src1, count,
                                   [](auto a, auto b) { return kgemu::detail::OpRelu{}(kgemu::detail::OpAdd{}(a, b)); });
}
template <typename T>
inline void SubRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                    const int32_t& count) {
    kgemu::detail::binary_count<T>("SubRelu", kgemu::detail::RULE_RELU, dst, src0, src1, count,
                                   [](auto a, auto b) { return kgemu::detail::OpRelu{}(kgemu::detail::OpSub{}(a, b)); });
}

// ---- FusedMulAdd: dst = src0 * dst + src1; FusedMulAddRelu: max(that, 0) (count form, half / float) ----
// Despite the name, two roundings: 附录/Memory矢量计算接口边界值汇总.md table 22 gives it a product stage like Axpy's.
template <typename T, bool RELU = false>
inline void FusedMulAddImpl(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                            const LocalTensor<T>& src1, int32_t count) {
    static_assert(kgemu::detail::is_float_like<T>::value, "FusedMulAdd takes half or float");
    auto& b = kgemu::detail::api_enter(api);
    kgemu::detail::check_vec_dtype<T>(b, api, kgemu::detail::RULE_FLOATS);
    kgemu::detail::check_count(api, count);
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    kgemu::detail::note_vector(b, api, static_cast<uint64_t>(count), sizeof(T), bytes);
    if (count == 0) return;
    T* d = kgemu::detail::ub_operand(b, api, "dst", dst, bytes);
    const T* x = kgemu::detail::ub_operand(b, api, "src0", src0, bytes);
    const T* y = kgemu::detail::ub_operand(b, api, "src1", src1, bytes);
    kgemu::detail::check_overlap(b, api, "dst", d, bytes, "src0", x, bytes);
    kgemu::detail::check_overlap(b, api, "dst", d, bytes, "src1", y, bytes);
    for (int32_t i = 0; i < count; ++i) {
        const float p = kgemu::detail::to_f32(kgemu::detail::from_f32<T>(kgemu::detail::to_f32(x[i]) *
                                                                         kgemu::detail::to_f32(d[i])));
        float r = p + kgemu::detail::to_f32(y[i]);
        if (RELU && r < 0.0f) r = 0.0f;
        d[i] = kgemu::detail::from_f32<T>(r);
    }
}
template <typename T>
inline void FusedMulAdd(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                        const int32_t& count) {
    FusedMulAddImpl<T, false>("FusedMulAdd", dst, src0, src1, count);
}
template <typename T>
inline void FusedMulAddRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                            const int32_t& count) {
    FusedMulAddImpl<T, true>("FusedMulAddRelu", dst, src0, src1, count);
}

// ---- CreateVecIndex: dst[i] = firstValue + i ----
template <typename T>
inline void CreateVecIndex(const LocalTensor<T>& dst, const T& firstValue, uint32_t calCount) {
    auto& b = kgemu::detail::api_enter("CreateVecIndex");
    kgemu::detail::check_dtype<T>(b, "CreateVecIndex", kgemu::detail::DT_FLOATS | kgemu::detail::DT_S16 |
                                  kgemu::detail::DT_S32, kgemu::detail::DT_FLOATS | kgemu::detail::DT_S16 |
                                  kgemu::detail::DT_S32, kgemu::detail::DT_ALL);
    kgemu::detail::note_vector(b, "CreateVecIndex", calCount, sizeof(T), static_cast<uint64_t>(calCount) * sizeof(T));
    if (calCount == 0) return;
    T* d = kgemu::detail::ub_operand(b, "CreateVecIndex", "dst", dst, static_cast<uint64_t>(calCount) * sizeof(T));
    for (uint32_t i = 0; i < calCount; ++i) {
        if constexpr (kgemu::detail::is_half_like<T>::value) {
            d[i] = kgemu::detail::from_f32<T>(kgemu::detail::to_f32(firstValue) + static_cast<float>(i));
        } else {
            d[i] = static_cast<T>(firstValue + static_cast<T>(i));
        }
    }
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_VEC_MASK_H
