// kernelgen CPU emulator (private, kernel side): Reg API conversions and reductions: Cast (with RegLayout, SatMode,
// RoundMode), Truncate, Pack/UnPack of registers, Interleave/DeInterleave, Reduce, ReduceDataBlock.
//
// Cast between widths (asc-devkit 类型转换/Cast.md, 寄存器数据类型/MaskReg.md "Cast精度转换中的MaskReg"): widening
// b16 -> b32 reads the source elements 2j + layout (RegLayout::ZERO even, ONE odd), b8 -> b32 the elements 4j +
// layout; narrowing writes element j to 2j + layout (4j + layout) and zeroes the rest. The mask is read at the
// source's width. Reduce sums (or max/min) the enabled elements pairwise as a binary tree into element 0, zeroing
// the rest (precision appendix: "二叉树结构的成对累加").
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/reg/convert.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_REG_CONVERT_H
#define KGEMU_DETAIL_REG_CONVERT_H

#include "kgemu/detail/cast.h"
#include "kgemu/detail/fp8.h"
#include "kgemu/detail/limits.h"
#include "kgemu/detail/reg/compute.h"

namespace AscendC {
namespace Reg {
constexpr CastTrait kgDefaultCastTrait = {RegLayout::UNKNOWN, SatMode::UNKNOWN, MaskMergeMode::ZEROING,
                                          RoundMode::CAST_RINT};

// Saturation of a conversion into an 8-bit float: CTRL[60] = 1 (the reset value) makes CTRL[48] global (0:
// saturate), CTRL[60] = 0 leaves it to the trait's SatMode; CTRL[50] keeps NaN as NaN (SetCtrlSpr(ISASI).md).
inline ::kgemu::detail::Fp8Sat kg_fp8_sat(const CastTrait& trait) {
    const uint64_t ctrl = ::kgemu::detail::ctrl_bits(::kgemu::detail::block_state("Reg::Cast"));
    const bool global = (ctrl >> 60) & 1U;
    const bool sat = global ? ((ctrl >> 48) & 1U) == 0 : trait.satMode == SatMode::SAT;
    return {sat, ((ctrl >> 50) & 1U) != 0};
}

template <typename D, typename S>
inline D kg_cast_elem(S v, const CastTrait& trait) {
    RoundMode m = trait.roundMode;
    if (m == RoundMode::UNKNOWN) m = RoundMode::CAST_RINT;
    if constexpr (::kgemu::detail::is_fp8<D>::value || ::kgemu::detail::is_fp8<S>::value) {
        return ::kgemu::detail::fp8_cast<D, S>(v, m, kg_fp8_sat(trait));
    } else {
        if constexpr (kgr::fl<S>() && kgr::fl<D>()) {
            if (trait.satMode == SatMode::SAT && !std::is_same<D, float>::value) {
                const float x = kgr::f(v);
                const float lim = std::is_same<D, half>::value ? 65504.0f : 3.3895313892515355e38f;
                if (std::isinf(x) || x > lim || x < -lim) {
                    if (!std::isnan(x)) return kgr::fe<D>(x > 0 ? lim : -lim);
                }
            }
        }
        return ::kgemu::detail::cast_elem<D, S>(v, m);
    }
}

// Cast<D, S, trait>(dst, src, mask).
template <typename D = DefaultType, typename S = DefaultType, KGEMU_TRAIT_PARAM(CastTrait) trait = kgDefaultCastTrait,
          typename U, typename V, KGEMU_REG_IS_REG(U), KGEMU_REG_IS_REG(V)>
__aicore__ inline void Cast(U& dstReg, V& srcReg, MaskReg& mask) {
    constexpr const char* api = "Reg::Cast";
    (void)kgr::enter(api);
    using DE = typename U::ActualT;
    using SE = typename V::ActualT;
    constexpr uint32_t ds = sizeof(DE), ss = sizeof(SE);
    // A mask made for a width wider than the narrower operand is how a chain of casts keeps one mask: after a
    // b32 -> b16 cast with RegLayout::ZERO the halves sit at even b16 lanes, which a b32 mask's predicate bits (one
    // per 4 bytes) select (rms_norm_quant_v2's float -> half -> int8). A narrower mask counts other lanes: a defect.
    if (mask.esize < (V::kMaskStride < U::kMaskStride ? V::kMaskStride : U::kMaskStride)) {
        kgr::check_mask(api, mask, V::kMaskStride, U::kMaskStride);
    }
    if (trait.mrgMode == MaskMergeMode::MERGING) kgr::check_merge<MaskMergeMode::MERGING>(api, false);
    const int lay = trait.layoutMode == RegLayout::UNKNOWN ? 0 : static_cast<int>(trait.layoutMode);
    U out;
    if constexpr (ds == ss) {
        for (uint32_t i = 0; i < U::kLanes; ++i) {
            if (mask.bit(i * V::kMaskStride)) out.v[i] = kg_cast_elem<DE, SE>(srcReg.v[i], trait);
        }
    } else if constexpr (ds > ss) {  // widening: source element k * j + layout
        constexpr uint32_t k = ds / ss;
        if (lay >= static_cast<int>(k)) {
            ::kgemu::detail::fail(api, ::kgemu::detail::strf("RegLayout %d does not exist for a %u-to-%u byte widening "
                                                             "cast (ZERO..%u)", lay, ss, ds, k - 1));
        }
        for (uint32_t j = 0; j < U::kLanes; ++j) {
            const uint32_t i = k * j + static_cast<uint32_t>(lay);
            if (i < V::kLanes && mask.bit(i * V::kMaskStride)) out.v[j] = kg_cast_elem<DE, SE>(srcReg.v[i], trait);
        }
    } else {  // narrowing: destination element k * j + layout
        constexpr uint32_t k = ss / ds;
        if (lay >= static_cast<int>(k)) {
            ::kgemu::detail::fail(api, ::kgemu::detail::strf("RegLayout %d does not exist for a %u-to-%u byte narrowing "
                                                             "cast (ZERO..%u)", lay, ss, ds, k - 1));
        }
        for (uint32_t j = 0; j < V::kLanes; ++j) {
            const uint32_t i = k * j + static_cast<uint32_t>(lay);
            if (i < U::kLanes && mask.bit(j * V::kMaskStride)) out.v[i] = kg_cast_elem<DE, SE>(srcReg.v[j], trait);
        }
    }
    dstReg = out;
}

// Truncate<T, roundMode>: round to an integral value in the same float type.
template <typename T = DefaultType, RoundMode mode = RoundMode::CAST_RINT, MaskMergeMode mrg = MaskMergeMode::ZEROING,
          typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void Truncate(U& dstReg, U& srcReg, MaskReg& mask) {
    (void)kgr::enter("Reg::Truncate");
    using E = typename U::ActualT;
    kgr::map1<mrg>("Reg::Truncate", dstReg, srcReg, mask, [](E a) -> E {
        const double r = ::kgemu::detail::round_integral(static_cast<double>(kgr::f(a)),
                                                         mode == RoundMode::UNKNOWN ? RoundMode::CAST_RINT : mode);
        return kgr::fe<E>(static_cast<float>(r));
    });
}

// Pack<D, S, part>: each S element's low half (a D) into the LOWEST or HIGHEST half of dst, the other half zero.
template <typename D = DefaultType, typename S = DefaultType, HighLowPart part = HighLowPart::LOWEST, typename U,
          typename V, KGEMU_REG_IS_REG(U), KGEMU_REG_IS_REG(V)>
__aicore__ inline void Pack(U& dstReg, V& srcReg) {
    (void)kgr::enter("Reg::Pack");
    using DE = typename U::ActualT;
    static_assert(sizeof(DE) * 2 == sizeof(typename V::ActualT), "Reg::Pack narrows to half the element width");
    U out;
    const uint32_t base = part == HighLowPart::LOWEST ? 0 : U::kLanes / 2;
    for (uint32_t i = 0; i < V::kLanes; ++i) std::memcpy(&out.v[base + i], &srcReg.v[i], sizeof(DE));
    dstReg = out;
}
template <HighLowPart part, typename U, typename V, KGEMU_REG_IS_REG(U), KGEMU_REG_IS_REG(V)>
__aicore__ inline void Pack(U& dstReg, V& srcReg) {
    Pack<DefaultType, DefaultType, part>(dstReg, srcReg);
}
// UnPack<D, S, part>: the LOWEST or HIGHEST half of src's elements widened (sign-extended for signed S).
template <typename D = DefaultType, typename S = DefaultType, HighLowPart part = HighLowPart::LOWEST, typename U,
          typename V, KGEMU_REG_IS_REG(U), KGEMU_REG_IS_REG(V)>
__aicore__ inline void UnPack(U& dstReg, V& srcReg) {
    (void)kgr::enter("Reg::UnPack");
    using DE = typename U::ActualT;
    using SE = typename V::ActualT;
    U out;
    const uint32_t base = part == HighLowPart::LOWEST ? 0 : V::kLanes / 2;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        if constexpr (std::is_integral<DE>::value && std::is_integral<SE>::value) {
            out.v[i] = static_cast<DE>(srcReg.v[base + i]);
        } else {
            std::memset(&out.v[i], 0, sizeof(DE));
            std::memcpy(&out.v[i], &srcReg.v[base + i], sizeof(SE));
        }
    }
    dstReg = out;
}
template <HighLowPart part, typename U, typename V, KGEMU_REG_IS_REG(U), KGEMU_REG_IS_REG(V)>
__aicore__ inline void UnPack(U& dstReg, V& srcReg) {
    UnPack<DefaultType, DefaultType, part>(dstReg, srcReg);
}

// Interleave: dst0 = a0 b0 a1 b1 ... (first half), dst1 the second half; DeInterleave is its inverse.
template <typename T = DefaultType, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void Interleave(U& dstReg0, U& dstReg1, U& srcReg0, U& srcReg1) {
    (void)kgr::enter("Reg::Interleave");
    U o0, o1;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        const uint32_t j = 2 * i;
        U& d = j < U::kLanes ? o0 : o1;
        d.v[j % U::kLanes] = srcReg0.v[i];
        d.v[j % U::kLanes + 1] = srcReg1.v[i];
    }
    dstReg0 = o0;
    dstReg1 = o1;
}
template <typename T = DefaultType, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void DeInterleave(U& dstReg0, U& dstReg1, U& srcReg0, U& srcReg1) {
    (void)kgr::enter("Reg::DeInterleave");
    U o0, o1;
    for (uint32_t j = 0; j < 2 * U::kLanes; ++j) {
        const auto v = j < U::kLanes ? srcReg0.v[j] : srcReg1.v[j - U::kLanes];
        (j % 2 == 0 ? o0 : o1).v[j / 2] = v;
    }
    dstReg0 = o0;
    dstReg1 = o1;
}

// ---- reductions ----
template <ReduceType type, typename E>
inline E kg_reduce_tree(E* v, uint32_t n) {
    while (n > 1) {
        for (uint32_t i = 0; i < n / 2; ++i) {
            if (type == ReduceType::SUM) v[i] = kgr::e_add(v[2 * i], v[2 * i + 1]);
            else if (type == ReduceType::MAX) v[i] = kgr::e_max(v[2 * i], v[2 * i + 1]);
            else v[i] = kgr::e_min(v[2 * i], v[2 * i + 1]);
        }
        if (n % 2 != 0) v[n / 2] = v[n - 1];
        n = (n + 1) / 2;
    }
    return v[0];
}
template <ReduceType type, typename E>
inline E kg_reduce_identity() {
    if (type == ReduceType::SUM) return E{};
    if constexpr (kgr::fl<E>()) {
        return kgr::fe<E>(type == ReduceType::MAX ? -std::numeric_limits<float>::infinity()
                                                  : std::numeric_limits<float>::infinity());
    } else {
        return type == ReduceType::MAX ? std::numeric_limits<E>::lowest() : std::numeric_limits<E>::max();
    }
}
// Reduce<type>(dst, src, mask): element 0 of dst is the reduction of src's enabled elements, the rest zero.
template <ReduceType type = ReduceType::SUM, typename T = DefaultType, typename T2 = DefaultType,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename S, typename V, KGEMU_REG_IS_REG(S), KGEMU_REG_IS_REG(V)>
__aicore__ inline void Reduce(S& dstReg, V& srcReg, MaskReg& mask) {
    (void)kgr::enter("Reg::Reduce");
    kgr::check_mask("Reg::Reduce", mask, V::kMaskStride);
    using SE = typename V::ActualT;
    using DE = typename S::ActualT;
    SE buf[V::kLanes];
    for (uint32_t i = 0; i < V::kLanes; ++i) {
        buf[i] = mask.bit(i * V::kMaskStride) ? srcReg.v[i] : kg_reduce_identity<type, SE>();
    }
    const SE r = kg_reduce_tree<type>(buf, V::kLanes);
    S out;
    if constexpr (std::is_same<SE, DE>::value) out.v[0] = r;
    else out.v[0] = ::kgemu::detail::cast_elem<DE, SE>(r, RoundMode::CAST_RINT);
    dstReg = out;
}
// ReduceDataBlock<type>: each 32-byte block's enabled elements reduced; the VL / 32 results first in dst.
template <ReduceType type = ReduceType::SUM, typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING,
          typename S, typename V, KGEMU_REG_IS_REG(S), KGEMU_REG_IS_REG(V)>
__aicore__ inline void ReduceDataBlock(S& dstReg, V& srcReg, MaskReg& mask) {
    (void)kgr::enter("Reg::ReduceDataBlock");
    kgr::check_mask("Reg::ReduceDataBlock", mask, V::kMaskStride);
    using SE = typename V::ActualT;
    constexpr uint32_t per = 32 / sizeof(SE);
    S out;
    for (uint32_t k = 0; k < V::kLanes / per; ++k) {
        SE buf[per];
        for (uint32_t i = 0; i < per; ++i) {
            const uint32_t l = k * per + i;
            buf[i] = mask.bit(l * V::kMaskStride) ? srcReg.v[l] : kg_reduce_identity<type, SE>();
        }
        out.v[k] = static_cast<typename S::ActualT>(kg_reduce_tree<type>(buf, per));
    }
    dstReg = out;
}
// ReduceSum<T>(dst, src, mask): Reduce<SUM>.
template <typename T = DefaultType, typename S, typename V, KGEMU_REG_IS_REG(S), KGEMU_REG_IS_REG(V)>
__aicore__ inline void ReduceSum(S& dstReg, V& srcReg, MaskReg& mask) {
    Reduce<ReduceType::SUM>(dstReg, srcReg, mask);
}
// The reg_compute interface's other names (asc-devkit impl/basic_api/reg_compute/kernel_reg_compute_vec_reduce_intf_
// impl.h forwards them to the same implementations): ReduceMax / ReduceMin are Reduce<MAX / MIN>, the *WithDataBlock
// forms ReduceDataBlock<...> (adaptive_max_pool3d's arch35 kernel, swiglu_group_quant).
#define KGEMU_REG_REDUCE_NAME(NAME, IMPL, TYPE)                                                                    \
    template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U,                    \
              KGEMU_REG_IS_REG(U)>                                                                                  \
    __aicore__ inline void NAME(U& dstReg, U& srcReg, MaskReg& mask) {                                              \
        IMPL<ReduceType::TYPE>(dstReg, srcReg, mask);                                                               \
    }
KGEMU_REG_REDUCE_NAME(ReduceMax, Reduce, MAX)
KGEMU_REG_REDUCE_NAME(ReduceMin, Reduce, MIN)
KGEMU_REG_REDUCE_NAME(ReduceSumWithDataBlock, ReduceDataBlock, SUM)
KGEMU_REG_REDUCE_NAME(ReduceMaxWithDataBlock, ReduceDataBlock, MAX)
KGEMU_REG_REDUCE_NAME(ReduceMinWithDataBlock, ReduceDataBlock, MIN)
#undef KGEMU_REG_REDUCE_NAME
}  // namespace Reg
}  // namespace AscendC

#endif  // KGEMU_DETAIL_REG_CONVERT_H
