// kernelgen CPU emulator (private, kernel side): Compare, Compares/CompareScalar, Select, And, Or, shifts.
//
// Compare results are bit masks: element i sets bit (i % 8) of byte (i / 8) of dst. The count form compares
// only whole 256-byte repeats (count * sizeof(T) must be a multiple of 256) on every SOC but the 950; the
// remainder is not computed, as on the NPU, and the block gets a warning. Compare.md lists that rule for the
// Atlas A2/A3 (and the older pages for all SOCs before 950); on the 950 (arch 3510) the count form loops
// ceil(count / per-repeat) times under a predicate made from the remaining count (asc-devkit
// impl/basic_api/dav_3510/kernel_operator_vec_cmp_impl.h, the Level-2 counter-mode VFs), so every one of the
// count elements is compared and ceil(count / 8) mask bytes are written.
// Select takes src0 where the mask bit is 1, src1 where it is 0.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/cmp_select.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_CMP_SELECT_H
#define KGEMU_DETAIL_CMP_SELECT_H

#include "kgemu/detail/vec_common.h"

namespace kgemu {
namespace detail {

inline const char* cmp_mode_name(AscendC::CMPMODE m) {
    switch (m) {
        case AscendC::CMPMODE::LT: return "LT";
        case AscendC::CMPMODE::GT: return "GT";
        case AscendC::CMPMODE::EQ: return "EQ";
        case AscendC::CMPMODE::LE: return "LE";
        case AscendC::CMPMODE::GE: return "GE";
        case AscendC::CMPMODE::NE: return "NE";
        default: return "?";
    }
}

template <typename V>
inline bool cmp_apply(AscendC::CMPMODE m, V a, V b) {
    switch (m) {
        case AscendC::CMPMODE::LT: return a < b;
        case AscendC::CMPMODE::GT: return a > b;
        case AscendC::CMPMODE::EQ: return a == b;
        case AscendC::CMPMODE::LE: return a <= b;
        case AscendC::CMPMODE::GE: return a >= b;
        case AscendC::CMPMODE::NE: return a != b && a == a && b == b;  // NaN operand: 0 (documented)
        default: return false;
    }
}

template <typename T>
using cmp_value_t = typename std::conditional<is_half_like<T>::value, float, T>::type;

template <typename T>
inline cmp_value_t<T> cmp_value(T v) {
    if constexpr (is_half_like<T>::value) {
        return to_f32(v);
    } else {
        return v;
    }
}

template <typename T>
inline void check_cmp_dtype(BlockState& b, const char* api, AscendC::CMPMODE m) {
    check_bf16_arith<T>(b, api);
    check_dtype<T>(b, api, DT_FLOATS | DT_S32, DT_FLOATS | DT_S32, DT_ALL);
    if (std::is_same<T, int32_t>::value && m != AscendC::CMPMODE::EQ && b.soc->npu_arch < 3500) {
        fail(api, strf("int32_t supports only CMPMODE::EQ on %s (got %s)", soc_name(b), cmp_mode_name(m)));
    }
}

// A bit mask tensor (Compare's dst, Select's selMask): Select.md documents selMask as uint8_t, uint16_t,
// uint32_t or uint64_t, and asc-devkit's CompareScalar checks dst is uint8_t on 910B/310P (ASCENDC_ASSERT, active
// only in CANN's CPU debug build). The instructions only see UB bytes, so a mask held in a LocalTensor of another
// type computes the same bits on the NPU: the emulator runs it and warns (a contract violation
// that CANN's CPU debug build would abort on).
template <typename U>
inline void check_mask_type(BlockState& b, const char* api, const char* role) {
    if (std::is_unsigned<U>::value && !std::is_same<U, bool>::value) return;
    warn(b, strf("%s: %s is a LocalTensor<%s>, but a bit mask is documented as a LocalTensor of uint8_t, uint16_t, "
                 "uint32_t or uint64_t (Select.md; CANN's CPU debug build aborts on it); the NPU sees the same bits",
                 api, role, dtype_info<U>::name));
}

// Count form: only whole 256-byte repeats are compared (every element on the 950).
template <typename T, typename U, typename G>
inline void compare_count(const char* api, const AscendC::LocalTensor<U>& dst, const AscendC::LocalTensor<T>& src0,
                          AscendC::CMPMODE m, uint32_t count, G rhs, const AscendC::LocalTensor<T>* src1) {
    auto& b = api_enter(api);
    check_cmp_dtype<T>(b, api, m);
    check_mask_type<U>(b, api, "dst");
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    const bool whole_repeats = b.soc->npu_arch != 3510;
    const uint64_t n = whole_repeats ? bytes / 256 * 256 / sizeof(T) : count;
    note_vector(b, api, count, sizeof(T), bytes);
    if (whole_repeats && bytes % 256 != 0) {
        warn(b, strf("%s: count %u of %s is %llu bytes, not a multiple of 256: the NPU compares only whole 256-byte "
                     "repeats, so the last %llu element(s) were not compared and their mask bits are undefined",
                     api, count, dtype_info<T>::name, static_cast<unsigned long long>(bytes),
                     static_cast<unsigned long long>(count - n)));
    }
    if (n == 0) return;
    const uint64_t mask_bytes = (n + 7) / 8;
    auto* d = reinterpret_cast<uint8_t*>(ub_operand(b, api, "dst", dst, mask_bytes));
    const T* a = ub_operand(b, api, "src0", src0, n * sizeof(T));
    if (src1 != nullptr) ub_operand(b, api, "src1", *src1, n * sizeof(T));
    check_overlap(b, api, "dst", d, mask_bytes, "src0", a, n * sizeof(T));
    for (uint64_t i = 0; i < n; i += 8) {
        uint8_t byte = 0;  // bits past count (950 only) are 0
        for (uint32_t j = 0; j < 8 && i + j < n; ++j) {
            byte |= static_cast<uint8_t>(cmp_apply(m, cmp_value(a[i + j]), rhs(i + j))) << j;
        }
        d[i / 8] = byte;
    }
}

template <typename T, typename U>
inline void check_sel_common(BlockState& b, const char* api, AscendC::SELMODE mode) {
    check_mask_type<U>(b, api, "selMask");
    check_bf16_arith<T>(b, api);
    check_dtype<T>(b, api, DT_FLOATS, DT_FLOATS, DT_ALL);
    if (b.soc->npu_arch == 1001 && mode != AscendC::SELMODE::VSEL_CMPMASK_SPR) {
        fail(api, strf("%s supports only SELMODE::VSEL_CMPMASK_SPR", soc_name(b)));
    }
}

// dst[i] = bit(i) ? src0[i] : other(i). Mode 0 reuses the first 256/sizeof(T) bits for every repeat.
template <typename T, typename U, typename G>
inline void select_count(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& sel,
                         const AscendC::LocalTensor<T>& src0, AscendC::SELMODE mode, uint32_t count, G other) {
    auto& b = block_state(api);
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    note_vector(b, api, count, sizeof(T), bytes);
    if (count == 0) return;
    const uint32_t per_rep = 256 / sizeof(T);
    const bool mode0 = mode == AscendC::SELMODE::VSEL_CMPMASK_SPR;
    const uint64_t mask_bytes = mode0 ? per_rep / 8 : (count + 7) / 8;
    T* d = ub_operand(b, api, "dst", dst, bytes);
    const auto* s = reinterpret_cast<const uint8_t*>(ub_operand(b, api, "selMask", sel, mask_bytes));
    const T* a = ub_operand(b, api, "src0", src0, bytes);
    check_overlap(b, api, "dst", d, bytes, "src0", a, bytes);
    check_overlap(b, api, "dst", d, bytes, "selMask", s, mask_bytes);
    for (uint32_t i = 0; i < count; ++i) {
        const uint32_t k = mode0 ? i % per_rep : i;
        d[i] = ((s[k >> 3] >> (k & 7)) & 1U) ? a[i] : other(i);
    }
}

struct OpAnd {
    template <typename V>
    V operator()(V a, V b) const {
        return static_cast<V>(a & b);
    }
};
struct OpOr {
    template <typename V>
    V operator()(V a, V b) const {
        return static_cast<V>(a | b);
    }
};
struct OpShiftLeft {
    template <typename V>
    V operator()(V a, V s) const {
        using UV = typename std::make_unsigned<V>::type;
        if (s < 0 || static_cast<uint64_t>(s) >= sizeof(V) * 8) return V(0);
        return static_cast<V>(static_cast<UV>(static_cast<UV>(a) << s));
    }
};
struct OpShiftRight {  // arithmetic for signed types, logical for unsigned
    template <typename V>
    V operator()(V a, V s) const {
        if (s < 0 || static_cast<uint64_t>(s) >= sizeof(V) * 8) return (std::is_signed<V>::value && a < 0) ? V(-1) : V(0);
        return static_cast<V>(a >> s);
    }
};

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <typename T, typename U>
inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
                    uint32_t count) {
    const T* b1 = src1.kg_addr;
    kgemu::detail::compare_count<T, U>("Compare", dst, src0, cmpMode, count,
                                       [b1](uint64_t i) { return kgemu::detail::cmp_value(b1[i]); }, &src1);
}

template <typename T, typename U>
inline void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,
                     uint32_t count) {
    const auto v = kgemu::detail::cmp_value(src1Scalar);
    kgemu::detail::compare_count<T, U>("Compares", dst, src0, cmpMode, count, [v](uint64_t) { return v; }, nullptr);
}

template <typename T, typename U>
inline void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,
                          uint32_t count) {
    const auto v = kgemu::detail::cmp_value(src1Scalar);
    kgemu::detail::compare_count<T, U>("CompareScalar", dst, src0, cmpMode, count, [v](uint64_t) { return v; },
                                       nullptr);
}

// Select, tensor-tensor (mode 0 or 2; mode 1 takes the scalar from src1[0]).
template <typename T, typename U>
inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                   const LocalTensor<T>& src1, SELMODE selMode, uint32_t count) {
    auto& b = kgemu::detail::api_enter("Select");
    kgemu::detail::check_sel_common<T, U>(b, "Select", selMode);
    if (count == 0) {
        kgemu::detail::note_vector(b, "Select", 0, sizeof(T), 0);
        return;
    }
    if (selMode == SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        const T s = *kgemu::detail::ub_operand(b, "Select", "src1", src1, sizeof(T));
        kgemu::detail::select_count("Select", dst, selMask, src0, selMode, count, [s](uint32_t) { return s; });
        return;
    }
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    const T* y = kgemu::detail::ub_operand(b, "Select", "src1", src1, bytes);
    kgemu::detail::check_overlap(b, "Select", "dst", dst.kg_addr, bytes, "src1", y, bytes);
    kgemu::detail::select_count("Select", dst, selMask, src0, selMode, count, [y](uint32_t i) { return y[i]; });
}

// Select, tensor-scalar (mode 1).
template <typename T, typename U>
inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
                   SELMODE selMode, uint32_t count) {
    auto& b = kgemu::detail::api_enter("Select");
    kgemu::detail::check_sel_common<T, U>(b, "Select", selMode);
    if (selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        kgemu::detail::fail("Select", "a scalar src1 needs SELMODE::VSEL_TENSOR_SCALAR_MODE");
    }
    kgemu::detail::select_count("Select", dst, selMask, src0, selMode, count, [src1](uint32_t) { return src1; });
}

// Select with the scalar first (asc-devkit "Select (flexible scalar position)", Ascend 950 only; mode 1): where a
// selMask bit is 1 the scalar src0, else src1[i] (opbase's atvoss/util/vec.h Select: threshold_v2,
// smooth_l1_loss_grad_v2).
template <typename T, typename U>
inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, T src0, const LocalTensor<T>& src1,
                   SELMODE selMode, uint32_t count) {
    auto& b = kgemu::detail::api_enter("Select");
    kgemu::detail::check_sel_common<T, U>(b, "Select", selMode);
    kgemu::detail::require_arch_3510(b, "Select", "Select with a scalar src0 (the flexible scalar position)",
                                     ": swap the operands and invert the mask");
    if (selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        kgemu::detail::fail("Select", "a scalar src0 needs SELMODE::VSEL_TENSOR_SCALAR_MODE");
    }
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    kgemu::detail::note_vector(b, "Select", count, sizeof(T), bytes);
    if (count == 0) return;
    T* d = kgemu::detail::ub_operand(b, "Select", "dst", dst, bytes);
    const auto* m = reinterpret_cast<const uint8_t*>(
        kgemu::detail::ub_operand(b, "Select", "selMask", selMask, (static_cast<uint64_t>(count) + 7) / 8));
    const T* y = kgemu::detail::ub_operand(b, "Select", "src1", src1, bytes);
    kgemu::detail::check_overlap(b, "Select", "dst", d, bytes, "src1", y, bytes);
    for (uint32_t i = 0; i < count; ++i) d[i] = ((m[i >> 3] >> (i & 7)) & 1U) ? src0 : y[i];
}

template <typename T>
inline void And(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                const int32_t& count) {
    kgemu::detail::binary_count<T>("And", kgemu::detail::RULE_BITWISE, dst, src0, src1, count, kgemu::detail::OpAnd{});
}

template <typename T>
inline void Or(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
               const int32_t& count) {
    kgemu::detail::binary_count<T>("Or", kgemu::detail::RULE_BITWISE, dst, src0, src1, count, kgemu::detail::OpOr{});
}

template <typename T, bool isSetMask = true>
inline void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,
                      const int32_t& count) {
    kgemu::detail::scalar_count<T>("ShiftLeft", kgemu::detail::RULE_SHIFT, dst, src, scalarValue, count,
                                   kgemu::detail::OpShiftLeft{});
}

template <typename T, bool isSetMask = true>
inline void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,
                       const int32_t& count) {
    kgemu::detail::scalar_count<T>("ShiftRight", kgemu::detail::RULE_SHIFT, dst, src, scalarValue, count,
                                   kgemu::detail::OpShiftRight{});
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_CMP_SELECT_H
