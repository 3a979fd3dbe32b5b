// kernelgen CPU emulator (private, kernel side): Reg API data selection: Squeeze / GatherMask (compress the enabled
// elements, optionally counting their bytes in the AR special register), the StoreUnAlign form that stores AR's
// bytes, GetSpr / ClearSpr, and Gather from UB by an index register (asc-devkit 比较与选择/Squeeze.md,
// 系统变量访问/ClearSpr.md, 离散操作/Gather.md), its inverse Scatter to UB (Reg数据搬出/离散搬出（Scatter）.md), and the
// byte Histograms (直方图计算/Histograms.md).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/reg/gather.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_REG_GATHER_H
#define KGEMU_DETAIL_REG_GATHER_H

#include "kgemu/detail/reg/convert.h"

namespace kgemu {
namespace detail {
namespace reg {
struct SprState {
    uint64_t ar_last = 0;   // bytes the last STORE_REG Squeeze kept
    uint64_t ar_total = 0;  // since the last ClearSpr
};
inline thread_local SprState tl_spr;
}  // namespace reg
}  // namespace detail
}  // namespace kgemu

namespace AscendC {
namespace Reg {
// The enabled elements of srcReg, in order, at the front of dstReg; the rest zero.
template <typename T = DefaultType, GatherMaskMode store = GatherMaskMode::NO_STORE_REG, typename U,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void Squeeze(U& dstReg, U& srcReg, MaskReg& mask) {
    (void)kgr::enter("Reg::Squeeze");
    kgr::check_mask("Reg::Squeeze", mask, U::kMaskStride);
    U out;
    uint32_t k = 0;
    for (uint32_t i = 0; i < U::kLanes; ++i) {
        if (mask.bit(i * U::kMaskStride)) out.v[k++] = srcReg.v[i];
    }
    dstReg = out;
    if (store == GatherMaskMode::STORE_REG) {
        auto& s = ::kgemu::detail::reg::tl_spr;
        s.ar_last = static_cast<uint64_t>(k) * sizeof(typename U::ActualT);
        s.ar_total += s.ar_last;
    }
}
template <typename T = DefaultType, GatherMaskMode store = GatherMaskMode::NO_STORE_REG, typename U,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void GatherMask(U& dstReg, U& srcReg, MaskReg& mask) {
    Squeeze<T, store>(dstReg, srcReg, mask);
}
}  // namespace Reg
// GetSpr is AscendC's (asc-devkit 特殊寄存器访问/GetSpr.md: "命名空间为AscendC", called outside the VF;
// unique_consecutive calls it unqualified after `using namespace AscendC`); kernels also name it AscendC::MicroAPI::
// (scatter_add), the same function.
template <SpecialPurposeReg spr = SpecialPurposeReg::AR>
__aicore__ inline int64_t GetSpr() {
    return static_cast<int64_t>(::kgemu::detail::reg::tl_spr.ar_total);
}
namespace Reg {
using ::AscendC::GetSpr;
template <SpecialPurposeReg spr = SpecialPurposeReg::AR>
__aicore__ inline void ClearSpr() {
    ::kgemu::detail::reg::tl_spr = ::kgemu::detail::reg::SprState{};
}
// StoreUnAlign by the AR register (Reg数据搬出/连续非对齐搬出（StoreUnAlign）.md, "使用AR寄存器存储偏移量接口"): the
// bytes the last STORE_REG Squeeze counted, stored at dstAddr plus AR's offset, the bytes the Squeezes before it
// counted (POST_MODE_UPDATE; POST_MODE_NORMAL stores at dstAddr, the caller moves it). dstAddr is taken by value, as
// the page declares it: the base stays, AR carries the offset, so a helper that receives the base as a copy
// (unique_consecutive's CollectAndCopy2Ub) stores where the hardware does.
template <typename T = DefaultType, PostLiteral post = PostLiteral::POST_MODE_UPDATE, typename A, typename U,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void StoreUnAlign(__ubuf__ A* dstAddr, U& srcReg, UnalignRegForStore& ureg) {
    const auto& spr = ::kgemu::detail::reg::tl_spr;
    const uint64_t bytes = spr.ar_last;
    const uint64_t offset = post == PostLiteral::POST_MODE_UPDATE ? spr.ar_total - spr.ar_last : 0;
    __ubuf__ A* p = reinterpret_cast<__ubuf__ A*>(reinterpret_cast<uint8_t*>(dstAddr) + offset);
    StoreUnAlign<T, PostLiteral::POST_MODE_NORMAL>(p, srcReg, ureg,
                                                   static_cast<uint32_t>(bytes / sizeof(typename U::ActualT)));
}
// dst[i] = baseAddr[index[i]] for the enabled elements (index in elements of the base type).
template <typename T = DefaultType, typename T2 = DefaultType, typename T3 = DefaultType, typename U, typename A,
          typename V, KGEMU_REG_IS_REG(U), KGEMU_REG_IS_REG(V)>
__aicore__ inline void Gather(U& dstReg, __ubuf__ A* baseAddr, V& index, MaskReg& mask) {
    constexpr const char* api = "Reg::Gather";
    auto& b = kgr::enter(api);
    using E = typename U::ActualT;
    U out;
    for (uint32_t i = 0; i < U::kLanes && i < V::kLanes; ++i) {
        if (!mask.bit(i * U::kMaskStride)) continue;
        const auto* p = reinterpret_cast<const uint8_t*>(baseAddr) + static_cast<uint64_t>(index.v[i]) * sizeof(E);
        const uint64_t off = kgr::ub_addr(b, api, p, sizeof(E), 1, "");
        kgr::load_range(b, api, off, sizeof(E));
        std::memcpy(&out.v[i], p, sizeof(E));
    }
    dstReg = out;
}
// Register gather (asc-devkit Reg矢量计算/离散操作/Gather.md): dstReg[i] = srcReg[indexReg[i] % (VL / sizeof(T))],
// every lane (no mask); indexes may repeat. b8 / b16 / b32 elements with an unsigned index of the same width, which
// the page requires ("数据类型的位宽需要与目的操作数的位宽保持一致"): another width is a defect. dst may be src.
template <typename T = DefaultType, typename U = DefaultType, typename S, typename V, KGEMU_REG_IS_REG(S),
          KGEMU_REG_IS_REG(V)>
__aicore__ inline void Gather(S& dstReg, S& srcReg, V& indexReg) {
    constexpr const char* api = "Reg::Gather";
    (void)kgr::enter(api);
    using E = typename S::ActualT;
    using I = typename V::ActualT;
    static_assert(sizeof(E) <= 4 && S::kRegs == 1, "Reg::Gather (register form) takes b8, b16 or b32 elements");
    if (sizeof(I) != sizeof(E) || !std::is_unsigned<I>::value) {
        ::kgemu::detail::fail(api, ::kgemu::detail::strf(
            "the index register holds %u-byte %s elements for %u-byte data: the index must be an unsigned type of "
            "the data's width (uint8_t / uint16_t / uint32_t)", static_cast<unsigned>(sizeof(I)),
            std::is_unsigned<I>::value ? "unsigned" : "signed", static_cast<unsigned>(sizeof(E))));
    }
    S out;
    for (uint32_t i = 0; i < S::kLanes; ++i) {
        const uint64_t at = static_cast<uint64_t>(indexReg.v[i]) % S::kLanes;
        std::memcpy(&out.v[i], &srcReg.v[at], sizeof(E));
    }
    dstReg = out;
}

template <typename T = DefaultType, typename T2 = DefaultType, typename U, typename A, typename V, KGEMU_REG_IS_REG(U),
          KGEMU_REG_IS_REG(V)>
__aicore__ inline void DataCopyGather(U& dstReg, __ubuf__ A* baseAddr, V& index, MaskReg& mask) {
    Gather(dstReg, baseAddr, index, mask);
}

// Scatter (asc-devkit Reg数据搬出/离散搬出（Scatter）.md): each enabled element of srcReg to baseAddr[index] (index in
// elements of T, one index lane per source lane). baseAddr must be 32-byte aligned; the enabled indexes must be
// distinct (the page: which of two equal ones lands is undefined), so a repeat is a defect naming both lanes; every
// element stored must stay inside the LocalTensor view baseAddr lies in. 8-bit T: the even source lanes go, lane 2i
// with index lane i (uint16_t indexes). Index types: uint16_t for 1- and 2-byte T, uint32_t for 4-byte T, uint32_t
// or uint64_t for 8-byte T (then the first lanes both registers have).
template <typename T = DefaultType, typename U = DefaultType, typename A, typename S, typename V, KGEMU_REG_IS_REG(S),
          KGEMU_REG_IS_REG(V)>
__aicore__ inline void Scatter(__ubuf__ A* baseAddr, S& srcReg, V& index, MaskReg& mask) {
    constexpr const char* api = "Reg::Scatter";
    auto& b = kgr::enter(api);
    using E = typename S::ActualT;
    using I = typename V::ActualT;
    static_assert(sizeof(A) == sizeof(E), "Reg::Scatter: the destination's element type is the source register's");
    static_assert((sizeof(E) <= 2 && std::is_same<I, uint16_t>::value) ||
                      (sizeof(E) == 4 && std::is_same<I, uint32_t>::value) ||
                      (sizeof(E) == 8 && (std::is_same<I, uint32_t>::value || std::is_same<I, uint64_t>::value)),
                  "Reg::Scatter indexes: uint16_t for 8/16-bit data, uint32_t for 32-bit, uint32_t or uint64_t for "
                  "64-bit (asc-devkit 离散搬出（Scatter）.md, table 3)");
    kgr::check_mask(api, mask, S::kMaskStride, sizeof(E) == 1 ? 2 : 0);
    constexpr uint32_t step = sizeof(E) == 1 ? 2 : 1;  // source lanes per index lane
    constexpr uint32_t lanes = S::kLanes / step < V::kLanes ? S::kLanes / step : V::kLanes;
    const uint64_t base = kgr::ub_addr(b, api, baseAddr, sizeof(E), 32, "Scatter's baseAddr");
    std::vector<std::pair<uint64_t, uint32_t>> seen;  // (index, lane) of the enabled lanes
    for (uint32_t i = 0; i < lanes; ++i) {
        const uint32_t src = i * step;
        if (!mask.bit(src * S::kMaskStride)) continue;
        const uint64_t at = static_cast<uint64_t>(index.v[i]);
        for (const auto& [prev, lane] : seen) {
            if (prev == at) {
                ::kgemu::detail::fail(api, ::kgemu::detail::strf(
                    "index lanes %u and %u both hold %llu: Scatter's enabled indexes must be distinct (which "
                    "element lands is undefined)", lane, i, static_cast<unsigned long long>(at)));
            }
        }
        seen.emplace_back(at, i);
        auto* p = reinterpret_cast<uint8_t*>(baseAddr) + at * sizeof(E);
        const uint64_t off = kgr::ub_addr(b, api, p, sizeof(E), 1, "");
        kgr::store_range(b, api, base, off, off + sizeof(E));
        std::memcpy(p, &srcReg.v[src], sizeof(E));
    }
}

// Histograms<uint8_t, uint16_t, bin, type>(dst, src, mask) (asc-devkit 直方图计算/Histograms.md): the enabled uint8
// lanes of src whose value falls in the bin (BIN0: 0..127, BIN1: 128..255) are counted into dst's 128 uint16
// lanes, added to what dst holds (wrapping at 65536, as the page warns): FREQUENCY counts value base + n in lane n,
// ACCUMULATE counts the values base..base + n. The mask is read per source byte, so a mask made for b32 elements
// counts the low byte of each 32-bit lane (scatter_update's hash histogram of int32 indices does exactly that).
template <typename T = DefaultType, typename U = DefaultType, HistogramsBinType bin = HistogramsBinType::BIN0,
          HistogramsType type = HistogramsType::FREQUENCY, typename S, typename V, KGEMU_REG_IS_REG(S),
          KGEMU_REG_IS_REG(V)>
__aicore__ inline void Histograms(V& dstReg, S& srcReg, MaskReg& mask) {
    (void)kgr::enter("Reg::Histograms");
    static_assert(std::is_same<typename S::ActualT, uint8_t>::value && std::is_same<typename V::ActualT, uint16_t>::value,
                  "Reg::Histograms counts uint8_t source lanes into uint16_t destination lanes (its only types)");
    constexpr uint32_t base = bin == HistogramsBinType::BIN0 ? 0 : 128;
    uint32_t freq[128] = {};
    for (uint32_t i = 0; i < S::kLanes; ++i) {
        const uint32_t v = srcReg.v[i];
        if (mask.bit(i) && v >= base && v < base + 128) ++freq[v - base];
    }
    uint32_t running = 0;
    for (uint32_t n = 0; n < 128 && n < V::kLanes; ++n) {
        running += freq[n];
        const uint32_t add = type == HistogramsType::FREQUENCY ? freq[n] : running;
        dstReg.v[n] = static_cast<uint16_t>(dstReg.v[n] + add);
    }
}

// DataCopyScatter: the older MicroAPI name of Scatter, as DataCopyGather is Gather's (max_pool3d_grad, pool_grad_common,
// non_zero).
template <typename T = DefaultType, typename U = DefaultType, typename A, typename S, typename V, KGEMU_REG_IS_REG(S),
          KGEMU_REG_IS_REG(V)>
__aicore__ inline void DataCopyScatter(__ubuf__ A* baseAddr, S& srcReg, V& index, MaskReg& mask) {
    Scatter<T, U>(baseAddr, srcReg, index, mask);
}

// The older MicroAPI names of the forms above and of datamove.h's short ones, as ops-nn's index kernels call them
// (unsorted_segment_sum, index, non_zero: the AR form after a STORE_REG Squeeze, the load without post-update, the
// two-argument post); datamove.h has the four-argument forms.
template <typename T = DefaultType, PostLiteral post = PostLiteral::POST_MODE_UPDATE, typename A, typename U,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopyUnAlign(__ubuf__ A* dstAddr, U& srcReg, UnalignRegForStore& ureg) {
    StoreUnAlign<T, post>(dstAddr, srcReg, ureg);
}
template <typename T = DefaultType, typename U, typename A, KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopyUnAlign(U& dstReg, UnalignRegForLoad& ureg, __ubuf__ A* srcAddr) {
    LoadUnAlign<T>(dstReg, ureg, srcAddr);
}
template <typename T = DefaultType, typename A>
__aicore__ inline void DataCopyUnAlignPost(__ubuf__ A* const& dstAddr, UnalignRegForStore& ureg) {
    StoreUnAlignPost<T>(dstAddr, ureg);
}
}  // namespace Reg
}  // namespace AscendC

#endif  // KGEMU_DETAIL_REG_GATHER_H
