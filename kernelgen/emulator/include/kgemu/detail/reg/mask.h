// kernelgen CPU emulator (private, kernel side): Reg API masks: CreateMask, UpdateMask, the MaskReg logic and the
// per-element predicate every masked operation reads (asc-devkit 寄存器数据类型/MaskReg.md, MaskReg计算/*).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/reg/mask.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_REG_MASK_H
#define KGEMU_DETAIL_REG_MASK_H

#include "kgemu/detail/reg/vf.h"

namespace kgemu {
namespace detail {
namespace reg {
template <typename U>
constexpr uint32_t stride_of() {
    return U::kMaskStride;
}
template <typename T>
constexpr uint32_t esize_of() {
    return sizeof(T);
}

// A count or pattern mask made for one element width used on another: a defect (uniform masks read the same at
// every width). `alt` is a second accepted width (a Cast's destination), 0 for none.
inline void check_mask(const char* api, const MaskReg& m, uint32_t width, uint32_t alt = 0) {
    if (m.esize == 0 || m.esize == width || (alt != 0 && m.esize == alt) || m.uniform()) return;
    fail(api, strf("the mask was made for %s elements (UpdateMask/CreateMask/Compare<%u-byte type>) and is used on "
                   "%s elements: each %s element reads the predicate bit of its first byte, so the mask enables "
                   "other elements than it counts (make it with the operands' type)",
                   elem_width_name(m.esize), m.esize, elem_width_name(width), elem_width_name(width)));
}

inline bool lane_on(const MaskReg& m, uint32_t lane, uint32_t stride) { return m.bit(lane * stride); }

// n lanes of `stride` bytes enabled from lane 0 (the low bit of each lane's group).
inline MaskReg count_mask(uint32_t n, uint32_t stride) {
    MaskReg m;
    const uint32_t lanes = kVL / stride;
    for (uint32_t i = 0; i < n && i < lanes; ++i) m.set(i * stride, true);
    m.esize = static_cast<uint8_t>(stride);
    return m;
}

template <MaskMergeMode mode>
inline void check_merge(const char* api, bool merging_supported) {
    if (mode == MaskMergeMode::MERGING && !merging_supported) {
        fail(api, "MaskMergeMode::MERGING is not supported by this operation (asc-devkit's MergeMode appendix: it "
                  "takes MaskMergeMode::ZEROING only; MERGING exists for Add, Max, Min, Move and Copy)");
    }
}
}  // namespace reg
}  // namespace detail
}  // namespace kgemu

namespace AscendC {
namespace Reg {

template <typename T = uint8_t, MaskPattern mode = MaskPattern::ALL, const RegTrait& Trait = RegTraitNumOne>
__aicore__ inline MaskReg CreateMask() {
    (void)::kgemu::detail::reg::enter("Reg::CreateMask");
    constexpr uint32_t stride = sizeof(T) / Trait.REG_NUM;
    constexpr uint32_t lanes = kVL / stride;
    MaskReg m;
    uint32_t n = 0;
    switch (mode) {
        case MaskPattern::ALL: m.w[0] = m.w[1] = m.w[2] = m.w[3] = ~0ULL; return m;
        case MaskPattern::ALLF: return m;
        case MaskPattern::VL1: n = 1; break;
        case MaskPattern::VL2: n = 2; break;
        case MaskPattern::VL3: n = 3; break;
        case MaskPattern::VL4: n = 4; break;
        case MaskPattern::VL8: n = 8; break;
        case MaskPattern::VL16: n = 16; break;
        case MaskPattern::VL32: n = 32; break;
        case MaskPattern::VL64: n = 64; break;
        case MaskPattern::VL128: n = 128; break;
        case MaskPattern::H: n = lanes / 2; break;
        case MaskPattern::Q: n = lanes / 4; break;
        case MaskPattern::M3:
        case MaskPattern::M4: {
            const uint32_t k = mode == MaskPattern::M3 ? 3 : 4;
            for (uint32_t i = 0; i < lanes; i += k) m.set(i * stride, true);
            m.esize = static_cast<uint8_t>(stride);
            return m;
        }
    }
    return ::kgemu::detail::reg::count_mask(n < lanes ? n : lanes, stride);
}

// The first min(scalarValue, VL_T) elements; scalarValue is decreased by VL_T (to 0 at least).
template <typename T = uint8_t, const RegTrait& Trait = RegTraitNumOne>
__aicore__ inline MaskReg UpdateMask(uint32_t& scalarValue) {
    (void)::kgemu::detail::reg::enter("Reg::UpdateMask");
    constexpr uint32_t stride = sizeof(T) / Trait.REG_NUM;
    constexpr uint32_t lanes = kVL / stride;
    const uint32_t n = scalarValue < lanes ? scalarValue : lanes;
    scalarValue = scalarValue < lanes ? 0 : scalarValue - lanes;
    return ::kgemu::detail::reg::count_mask(n, stride);
}
template <typename T = uint8_t, const RegTrait& Trait = RegTraitNumOne, typename S,
          typename = std::enable_if_t<!std::is_same<S, uint32_t>::value && std::is_integral<S>::value>>
__aicore__ inline MaskReg UpdateMask(S& scalarValue) {
    uint32_t v = static_cast<uint32_t>(scalarValue);
    MaskReg m = UpdateMask<T, Trait>(v);
    scalarValue = static_cast<S>(v);
    return m;
}
// An rvalue count (a mask of the first n elements; nothing to update).
template <typename T = uint8_t, const RegTrait& Trait = RegTraitNumOne>
__aicore__ inline MaskReg UpdateMask(uint32_t&& scalarValue) {
    uint32_t v = scalarValue;
    return UpdateMask<T, Trait>(v);
}

#define KGEMU_REG_MASK_BINOP(NAME, EXPR)                                                                       \
    __aicore__ inline void NAME(MaskReg& dst, const MaskReg& src0, const MaskReg& src1, const MaskReg& mask) {  \
        (void)::kgemu::detail::reg::enter("Reg::" #NAME);                                                     \
        MaskReg out;                                                                                          \
        for (int k = 0; k < 4; ++k) {                                                                         \
            const uint64_t a = src0.w[k], b = src1.w[k];                                                      \
            out.w[k] = (EXPR) & mask.w[k];                                                                    \
        }                                                                                                     \
        out.esize = src0.esize == src1.esize ? src0.esize : 0;                                                \
        dst = out;                                                                                            \
    }
KGEMU_REG_MASK_BINOP(MaskAnd, a & b)
KGEMU_REG_MASK_BINOP(MaskOr, a | b)
KGEMU_REG_MASK_BINOP(MaskXor, a ^ b)
#undef KGEMU_REG_MASK_BINOP

__aicore__ inline void MaskNot(MaskReg& dst, const MaskReg& src, const MaskReg& mask) {
    (void)::kgemu::detail::reg::enter("Reg::MaskNot");
    MaskReg out;
    for (int k = 0; k < 4; ++k) out.w[k] = ~src.w[k] & mask.w[k];
    out.esize = src.esize;
    dst = out;
}
// The logic operations' MaskReg forms (asc-devkit 逻辑计算/And.md, Or.md, Xor.md, Not.md: "对MaskReg操作", the
// mask says which bits count): the same as MaskAnd / MaskOr / MaskXor / MaskNot.
__aicore__ inline void And(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) { MaskAnd(dst, src0, src1, mask); }
__aicore__ inline void Or(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) { MaskOr(dst, src0, src1, mask); }
__aicore__ inline void Xor(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) { MaskXor(dst, src0, src1, mask); }
__aicore__ inline void Not(MaskReg& dst, MaskReg& src, MaskReg& mask) { MaskNot(dst, src, mask); }
// Select on masks: dst = mask ? src0 : src1, bit by bit.
__aicore__ inline void MaskSel(MaskReg& dst, const MaskReg& src0, const MaskReg& src1, const MaskReg& mask) {
    (void)::kgemu::detail::reg::enter("Reg::Select");
    MaskReg out;
    for (int k = 0; k < 4; ++k) out.w[k] = (src0.w[k] & mask.w[k]) | (src1.w[k] & ~mask.w[k]);
    out.esize = src0.esize;
    dst = out;
}
__aicore__ inline void Select(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) {
    MaskSel(dst, src0, src1, mask);
}
// Move of a mask register (with a mask: the enabled bits of src, others cleared).
__aicore__ inline void Move(MaskReg& dst, const MaskReg& src) { dst = src; }
__aicore__ inline void Move(MaskReg& dst, const MaskReg& src, const MaskReg& mask) {
    (void)::kgemu::detail::reg::enter("Reg::Move");
    MaskReg out;
    for (int k = 0; k < 4; ++k) out.w[k] = src.w[k] & mask.w[k];
    out.esize = src.esize;
    dst = out;
}

// MaskPack: every other bit (the low half of each 2-bit group) of the mask into the LOWEST or HIGHEST half;
// MaskUnPack: the LOWEST or HIGHEST half spread to 2 bits per bit. Their widths halve / double.
template <HighLowPart part = HighLowPart::LOWEST>
__aicore__ inline void MaskPack(MaskReg& dst, const MaskReg& src) {
    (void)::kgemu::detail::reg::enter("Reg::MaskPack");
    MaskReg out;
    const uint32_t base = part == HighLowPart::LOWEST ? 0 : kVL / 2;
    for (uint32_t i = 0; i < kVL / 2; ++i) out.set(base + i, src.bit(2 * i));
    out.esize = static_cast<uint8_t>(src.esize >= 2 ? src.esize / 2 : 0);
    dst = out;
}
template <HighLowPart part = HighLowPart::LOWEST>
__aicore__ inline void MaskUnPack(MaskReg& dst, const MaskReg& src) {
    (void)::kgemu::detail::reg::enter("Reg::MaskUnPack");
    MaskReg out;
    const uint32_t base = part == HighLowPart::LOWEST ? 0 : kVL / 2;
    for (uint32_t i = 0; i < kVL / 2; ++i) out.set(2 * i, src.bit(base + i));
    out.esize = static_cast<uint8_t>(src.esize != 0 && src.esize <= 4 ? src.esize * 2 : 0);
    dst = out;
}
template <HighLowPart part = HighLowPart::LOWEST>
__aicore__ inline void Pack(MaskReg& dst, MaskReg& src) { MaskPack<part>(dst, src); }
template <HighLowPart part = HighLowPart::LOWEST>
__aicore__ inline void UnPack(MaskReg& dst, MaskReg& src) { MaskUnPack<part>(dst, src); }

// MaskInterleave / MaskDeInterleave (b8 lanes of two masks interleaved / split), element width T.
template <typename T = uint8_t>
__aicore__ inline void MaskInterleave(MaskReg& dst0, MaskReg& dst1, const MaskReg& src0, const MaskReg& src1) {
    (void)::kgemu::detail::reg::enter("Reg::MaskInterleave");
    constexpr uint32_t s = sizeof(T), lanes = kVL / s;
    MaskReg o0, o1;
    for (uint32_t i = 0; i < lanes; ++i) {
        const uint32_t j = 2 * i;
        MaskReg& d0 = j < lanes ? o0 : o1;
        const uint32_t k0 = j % lanes;
        d0.set(k0 * s, src0.bit(i * s));
        d0.set((k0 + 1) * s, src1.bit(i * s));
    }
    o0.esize = o1.esize = static_cast<uint8_t>(s);
    dst0 = o0;
    dst1 = o1;
}
template <typename T = uint8_t>
__aicore__ inline void MaskDeInterleave(MaskReg& dst0, MaskReg& dst1, const MaskReg& src0, const MaskReg& src1) {
    (void)::kgemu::detail::reg::enter("Reg::MaskDeInterleave");
    constexpr uint32_t s = sizeof(T), lanes = kVL / s;
    MaskReg o0, o1;
    for (uint32_t j = 0; j < 2 * lanes; ++j) {
        const bool on = j < lanes ? src0.bit(j * s) : src1.bit((j - lanes) * s);
        (j % 2 == 0 ? o0 : o1).set((j / 2) * s, on);
    }
    o0.esize = o1.esize = static_cast<uint8_t>(s);
    dst0 = o0;
    dst1 = o1;
}
}  // namespace Reg
}  // namespace AscendC

#endif  // KGEMU_DETAIL_REG_MASK_H
