// kernelgen CPU emulator (private, kernel side): Reg API loads and stores between UB and registers
// (asc-devkit Reg数据搬入 / Reg数据搬出: LoadAlign/StoreAlign with their LoadDist/StoreDist modes, the PostUpdate and
// AddrReg forms, LoadUnAlign/StoreUnAlign, MaskReg loads and stores, and the older DataCopy spelling).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/reg/datamove.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_REG_DATAMOVE_H
#define KGEMU_DETAIL_REG_DATAMOVE_H

#include "kgemu/detail/reg/mask.h"

namespace kgemu {
namespace detail {
namespace reg {
using AscendC::Reg::LoadDist;
using AscendC::Reg::StoreDist;

template <typename U>
struct is_regtensor : std::false_type {};
template <typename T, const AscendC::Reg::RegTrait& Tr>
struct is_regtensor<AscendC::Reg::RegTensor<T, Tr>> : std::true_type {};

inline const char* load_dist_name(LoadDist d) {
    static const char* n[] = {"DIST_NORM", "DIST_BRC_B8", "DIST_BRC_B16", "DIST_BRC_B32", "DIST_US_B8", "DIST_US_B16",
                              "DIST_DS_B8", "DIST_DS_B16", "DIST_UNPACK_B8", "DIST_UNPACK_B16", "DIST_BLK",
                              "DIST_E2B_B16", "DIST_E2B_B32", "DIST_UNPACK_B32", "DIST_UNPACK4_B8", "DIST_DINTLV_B8",
                              "DIST_DINTLV_B16", "DIST_DINTLV_B32"};
    return n[static_cast<int>(d)];
}
inline const char* store_dist_name(StoreDist d) {
    static const char* n[] = {"DIST_NORM", "DIST_NORM_B8", "DIST_NORM_B16", "DIST_NORM_B32", "DIST_FIRST_ELEMENT_B8",
                              "DIST_FIRST_ELEMENT_B16", "DIST_FIRST_ELEMENT_B32", "DIST_PACK_B16", "DIST_PACK_B32",
                              "DIST_PACK_B64", "DIST_PACK4_B32", "DIST_INTLV_B8", "DIST_INTLV_B16", "DIST_INTLV_B32"};
    return n[static_cast<int>(d)];
}

// Single load: fills the register image `img` (nbytes) from UB at p per `dist`.
inline void load_single(const char* api, LoadDist dist, uint8_t* img, uint32_t nbytes, const uint8_t* p) {
    BlockState& b = *tl_block;
    std::string mode = std::string("LoadDist::") + load_dist_name(dist);
    auto rd = [&](uint64_t bytes, uint32_t align) {
        const uint64_t off = ub_addr(b, api, p, bytes, align, mode.c_str());
        load_range(b, api, off, bytes);
    };
    switch (dist) {
        case LoadDist::DIST_NORM:
            rd(nbytes, 32);
            std::memcpy(img, p, nbytes);
            return;
        case LoadDist::DIST_BRC_B8:
        case LoadDist::DIST_BRC_B16:
        case LoadDist::DIST_BRC_B32: {
            const uint32_t s = dist == LoadDist::DIST_BRC_B8 ? 1 : dist == LoadDist::DIST_BRC_B16 ? 2 : 4;
            rd(s, s);
            for (uint32_t i = 0; i < nbytes; i += s) std::memcpy(img + i, p, s);
            return;
        }
        case LoadDist::DIST_US_B8:
        case LoadDist::DIST_US_B16: {
            const uint32_t s = dist == LoadDist::DIST_US_B8 ? 1 : 2;
            rd(nbytes / 2, 32);
            for (uint32_t i = 0; i < nbytes / 2 / s; ++i) {
                std::memcpy(img + 2 * i * s, p + i * s, s);
                std::memcpy(img + (2 * i + 1) * s, p + i * s, s);
            }
            return;
        }
        case LoadDist::DIST_DS_B8:
        case LoadDist::DIST_DS_B16: {
            const uint32_t s = dist == LoadDist::DIST_DS_B8 ? 1 : 2;
            rd(2ULL * nbytes, 32);
            for (uint32_t i = 0; i < nbytes / s; ++i) std::memcpy(img + i * s, p + 2 * i * s, s);
            return;
        }
        case LoadDist::DIST_UNPACK_B8:
        case LoadDist::DIST_UNPACK_B16:
        case LoadDist::DIST_UNPACK_B32:
        case LoadDist::DIST_UNPACK4_B8: {
            const uint32_t s = dist == LoadDist::DIST_UNPACK_B16 ? 2 : dist == LoadDist::DIST_UNPACK_B32 ? 4 : 1;
            const uint32_t k = dist == LoadDist::DIST_UNPACK4_B8 ? 4 : 2;
            rd(nbytes / k, 32);
            std::memset(img, 0, nbytes);
            for (uint32_t i = 0; i < nbytes / k / s; ++i) std::memcpy(img + i * k * s, p + i * s, s);
            return;
        }
        case LoadDist::DIST_BLK:
            rd(32, 32);
            for (uint32_t i = 0; i < nbytes; i += 32) std::memcpy(img + i, p, 32);
            return;
        case LoadDist::DIST_E2B_B16:
        case LoadDist::DIST_E2B_B32: {
            const uint32_t s = dist == LoadDist::DIST_E2B_B16 ? 2 : 4;
            const uint32_t blocks = nbytes / 32;
            rd(static_cast<uint64_t>(blocks) * s, dist == LoadDist::DIST_E2B_B16 ? kVL / 16 : kVL / 8);
            for (uint32_t k = 0; k < blocks; ++k) {
                for (uint32_t j = 0; j < 32; j += s) std::memcpy(img + k * 32 + j, p + k * s, s);
            }
            return;
        }
        default:
            fail(api, mode + " is a dual-load mode: it needs two destination registers");
    }
}

// Single store of the register image per `dist`; the enabled elements' bytes only.
inline void store_single(const char* api, StoreDist dist, uint32_t esize, uint32_t stride, const uint8_t* img,
                         uint32_t nbytes, uint8_t* p, const MaskReg& mask) {
    BlockState& b = *tl_block;
    std::string mode = std::string("StoreDist::") + store_dist_name(dist);
    uint32_t s = esize, out = esize, align = 32;  // source element, bytes stored per element
    bool first = false;
    switch (dist) {
        case StoreDist::DIST_NORM: break;
        case StoreDist::DIST_NORM_B8: s = out = 1; break;
        case StoreDist::DIST_NORM_B16: s = out = 2; break;
        case StoreDist::DIST_NORM_B32: s = out = 4; break;
        case StoreDist::DIST_FIRST_ELEMENT_B8: s = out = align = 1; first = true; break;
        case StoreDist::DIST_FIRST_ELEMENT_B16: s = out = align = 2; first = true; break;
        case StoreDist::DIST_FIRST_ELEMENT_B32: s = out = align = 4; first = true; break;
        case StoreDist::DIST_PACK_B16: s = 2; out = 1; break;
        case StoreDist::DIST_PACK_B32: s = 4; out = 2; break;
        case StoreDist::DIST_PACK_B64: s = 8; out = 4; break;
        case StoreDist::DIST_PACK4_B32: s = 4; out = 1; break;
        default: fail(api, mode + " is a dual-store mode: it needs two source registers");
    }
    if (!first && s != esize && esize != 0 && dist >= StoreDist::DIST_NORM_B8 && dist <= StoreDist::DIST_NORM_B32) {
        fail(api, strf("%s stores %u-byte elements but the register holds %u-byte elements", mode.c_str(), s, esize));
    }
    if (!first) check_mask(api, mask, s == esize ? stride : s);
    const uint32_t lanes = nbytes / s;
    const uint64_t off = ub_addr(b, api, p, first ? out : static_cast<uint64_t>(lanes) * out, align, mode.c_str());
    if (first) {
        std::memcpy(p, img, out);
        store_range(b, api, off, off, off + out);
        return;
    }
    const uint32_t ms = s == esize ? stride : s;
    uint64_t lo = UINT64_MAX, hi = 0;
    for (uint32_t i = 0; i < lanes; ++i) {
        if (!mask.bit(i * ms)) continue;
        const uint64_t a = static_cast<uint64_t>(i) * out;
        if (a < lo) lo = a;
        if (a + out > hi) hi = a + out;
    }
    if (hi == 0) return;
    store_range(b, api, off, off + lo, off + hi);
    for (uint32_t i = 0; i < lanes; ++i) {
        if (mask.bit(i * ms)) std::memcpy(p + static_cast<uint64_t>(i) * out, img + static_cast<uint64_t>(i) * s, out);
    }
}

template <typename U>
inline uint8_t* image(U& r) {
    return reinterpret_cast<uint8_t*>(r.v);
}
template <typename U>
inline const uint8_t* image(const U& r) {
    return reinterpret_cast<const uint8_t*>(r.v);
}
}  // namespace reg
}  // namespace detail
}  // namespace kgemu

namespace AscendC {
namespace Reg {
#define KGEMU_REG_IS_REG(U) std::enable_if_t<::kgemu::detail::reg::is_regtensor<U>::value, int> = 0

// ---- LoadAlign ----
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U, typename A, KGEMU_REG_IS_REG(U)>
__aicore__ inline void LoadAlign(U& dstReg, __ubuf__ A* srcAddr) {
    (void)::kgemu::detail::reg::enter("Reg::LoadAlign");
    ::kgemu::detail::reg::load_single("Reg::LoadAlign", dist, ::kgemu::detail::reg::image(dstReg), sizeof(dstReg.v),
                                      reinterpret_cast<const uint8_t*>(srcAddr));
}
template <typename T = DefaultType, PostLiteral post, LoadDist dist = LoadDist::DIST_NORM, typename U, typename A,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void LoadAlign(U& dstReg, __ubuf__ A*& srcAddr, int32_t postUpdateStride) {
    LoadAlign<T, dist>(dstReg, srcAddr);
    if (post == PostLiteral::POST_MODE_UPDATE) srcAddr += postUpdateStride;
}
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U, typename A, KGEMU_REG_IS_REG(U)>
__aicore__ inline void LoadAlign(U& dstReg, __ubuf__ A* srcAddr, AddrReg offset) {
    LoadAlign<T, dist>(dstReg, srcAddr + offset.offset);
}
// Dual load: 2 * VL bytes deinterleaved, even elements to dstReg0, odd to dstReg1.
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_DINTLV_B32, typename U, typename A,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void LoadAlign(U& dstReg0, U& dstReg1, __ubuf__ A* srcAddr) {
    constexpr const char* api = "Reg::LoadAlign";
    auto& b = ::kgemu::detail::reg::enter(api);
    uint32_t s = dist == LoadDist::DIST_DINTLV_B8 ? 1 : dist == LoadDist::DIST_DINTLV_B16 ? 2 : 4;
    if (dist < LoadDist::DIST_DINTLV_B8) ::kgemu::detail::fail(api, "a single-load LoadDist given two registers");
    const uint32_t n = sizeof(dstReg0.v);
    const auto* p = reinterpret_cast<const uint8_t*>(srcAddr);
    const uint64_t off = ::kgemu::detail::reg::ub_addr(b, api, p, 2ULL * n, 32, "a dual LoadAlign (DIST_DINTLV_*)");
    ::kgemu::detail::reg::load_range(b, api, off, 2ULL * n);
    uint8_t* d0 = ::kgemu::detail::reg::image(dstReg0);
    uint8_t* d1 = ::kgemu::detail::reg::image(dstReg1);
    for (uint32_t i = 0; i < n / s; ++i) {
        std::memcpy(d0 + i * s, p + 2 * i * s, s);
        std::memcpy(d1 + i * s, p + (2 * i + 1) * s, s);
    }
}
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_DINTLV_B32, typename U, typename A,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void LoadAlign(U& dstReg0, U& dstReg1, __ubuf__ A* srcAddr, AddrReg offset) {
    LoadAlign<T, dist>(dstReg0, dstReg1, srcAddr + offset.offset);
}
template <typename T = DefaultType, PostLiteral post, LoadDist dist = LoadDist::DIST_DINTLV_B32, typename U,
          typename A, KGEMU_REG_IS_REG(U)>
__aicore__ inline void LoadAlign(U& dstReg0, U& dstReg1, __ubuf__ A*& srcAddr, int32_t postUpdateStride) {
    LoadAlign<T, dist>(dstReg0, dstReg1, srcAddr);
    if (post == PostLiteral::POST_MODE_UPDATE) srcAddr += postUpdateStride;
}
// Non-contiguous (非连续对齐搬入（LoadAlign）.md, DataCopyMode::DATA_BLOCK_COPY): the register's 32-byte block k from
// srcAddr + k * dataBlockStride blocks (stride 0 repeats the first block). A block with any element enabled by the
// mask is loaded whole; a block with none is not read (no UB check) and its elements are 0. The PostUpdate form
// starts at srcAddr + repeatStride blocks (POST_MODE_NORMAL) or at srcAddr, then moves srcAddr on by repeatStride
// blocks (POST_MODE_UPDATE).
template <typename T = DefaultType, DataCopyMode dataMode = DataCopyMode::DATA_BLOCK_COPY, typename U, typename A,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void LoadAlign(U& dstReg, __ubuf__ A* srcAddr, uint32_t dataBlockStride, MaskReg& mask) {
    constexpr const char* api = "Reg::LoadAlign";
    auto& b = ::kgemu::detail::reg::enter(api);
    uint8_t* d = ::kgemu::detail::reg::image(dstReg);
    const auto* p = reinterpret_cast<const uint8_t*>(srcAddr);
    constexpr uint32_t es = sizeof(typename U::ActualT);
    for (uint32_t k = 0; k < sizeof(dstReg.v) / 32; ++k) {
        bool any = false;
        for (uint32_t j = 0; j < 32 && !any; j += es) any = mask.bit(k * 32 + j);
        if (!any) {
            std::memset(d + k * 32, 0, 32);
            continue;
        }
        const uint8_t* q = p + static_cast<uint64_t>(k) * dataBlockStride * 32;
        const uint64_t off = ::kgemu::detail::reg::ub_addr(b, api, q, 32, 32, "a block-strided LoadAlign");
        ::kgemu::detail::reg::load_range(b, api, off, 32);
        std::memcpy(d + k * 32, q, 32);
    }
}
template <typename T = DefaultType, DataCopyMode dataMode, PostLiteral postMode, typename U, typename A,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void LoadAlign(U& dstReg, __ubuf__ A*& srcAddr, uint32_t dataBlockStride, uint32_t repeatStride,
                                 MaskReg& mask) {
    const uint64_t step = static_cast<uint64_t>(repeatStride) * 32 / sizeof(A);
    if (postMode == PostLiteral::POST_MODE_UPDATE) {
        LoadAlign<T, dataMode>(dstReg, srcAddr, dataBlockStride, mask);
        srcAddr += step;
    } else {
        LoadAlign<T, dataMode>(dstReg, srcAddr + step, dataBlockStride, mask);
    }
}
// A MaskReg from UB (VL / 8 bytes).
template <typename T = uint8_t, typename A>
__aicore__ inline void LoadAlign(MaskReg& mask, __ubuf__ A* srcAddr) {
    constexpr const char* api = "Reg::LoadAlign";
    auto& b = ::kgemu::detail::reg::enter(api);
    const uint64_t off = ::kgemu::detail::reg::ub_addr(b, api, srcAddr, 32, 32, "a MaskReg LoadAlign");
    ::kgemu::detail::reg::load_range(b, api, off, 32);
    std::memcpy(mask.w, srcAddr, 32);
    mask.esize = 0;
}
// ... at srcAddr + the AddrReg's offset (MaskReg搬入（LoadAlign）.md; index/non_zero's arch35 kernels).
template <typename T = uint8_t, typename A>
__aicore__ inline void LoadAlign(MaskReg& mask, __ubuf__ A* srcAddr, AddrReg offset) {
    LoadAlign<T>(mask, srcAddr + offset.offset);
}

// ---- StoreAlign ----
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename A, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void StoreAlign(__ubuf__ A* dstAddr, U& srcReg, MaskReg& mask) {
    (void)::kgemu::detail::reg::enter("Reg::StoreAlign");
    ::kgemu::detail::reg::store_single("Reg::StoreAlign", dist, sizeof(typename U::ActualT), U::kMaskStride,
                                       ::kgemu::detail::reg::image(srcReg), sizeof(srcReg.v),
                                       reinterpret_cast<uint8_t*>(dstAddr), mask);
}
template <typename T = DefaultType, PostLiteral post, StoreDist dist = StoreDist::DIST_NORM, typename A, typename U,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void StoreAlign(__ubuf__ A*& dstAddr, U& srcReg, int32_t postUpdateStride, MaskReg& mask) {
    StoreAlign<T, dist>(dstAddr, srcReg, mask);
    if (post == PostLiteral::POST_MODE_UPDATE) dstAddr += postUpdateStride;
}
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename A, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void StoreAlign(__ubuf__ A* dstAddr, U& srcReg, AddrReg offset, MaskReg& mask) {
    StoreAlign<T, dist>(dstAddr + offset.offset, srcReg, mask);
}
// Dual store: src0 and src1 interleaved over 2 * VL bytes (the mask is ignored).
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_INTLV_B32, typename A, typename U,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void StoreAlign(__ubuf__ A* dstAddr, U& srcReg0, U& srcReg1, MaskReg& mask) {
    constexpr const char* api = "Reg::StoreAlign";
    auto& b = ::kgemu::detail::reg::enter(api);
    if (dist < StoreDist::DIST_INTLV_B8) ::kgemu::detail::fail(api, "a single-store StoreDist given two registers");
    const uint32_t s = dist == StoreDist::DIST_INTLV_B8 ? 1 : dist == StoreDist::DIST_INTLV_B16 ? 2 : 4;
    const uint32_t n = sizeof(srcReg0.v);
    auto* p = reinterpret_cast<uint8_t*>(dstAddr);
    const uint64_t off = ::kgemu::detail::reg::ub_addr(b, api, p, 2ULL * n, 32, "a dual StoreAlign (DIST_INTLV_*)");
    ::kgemu::detail::reg::store_range(b, api, off, off, off + 2ULL * n);
    const uint8_t* s0 = ::kgemu::detail::reg::image(srcReg0);
    const uint8_t* s1 = ::kgemu::detail::reg::image(srcReg1);
    for (uint32_t i = 0; i < n / s; ++i) {
        std::memcpy(p + 2 * i * s, s0 + i * s, s);
        std::memcpy(p + (2 * i + 1) * s, s1 + i * s, s);
    }
    (void)mask;
}
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_INTLV_B32, typename A, typename U,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void StoreAlign(__ubuf__ A* dstAddr, U& srcReg0, U& srcReg1, AddrReg offset, MaskReg& mask) {
    StoreAlign<T, dist>(dstAddr + offset.offset, srcReg0, srcReg1, mask);
}
// Non-contiguous (非连续对齐搬出（StoreAlign）.md, DataCopyMode::DATA_BLOCK_COPY): the register's 32-byte block k to
// dstAddr + k * dataBlockStride blocks, only the elements the mask enables (a block with none is not touched, no UB
// check). The PostUpdate form as LoadAlign's.
template <typename T = DefaultType, DataCopyMode dataMode = DataCopyMode::DATA_BLOCK_COPY, typename A, typename U,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void StoreAlign(__ubuf__ A* dstAddr, U& srcReg, uint32_t dataBlockStride, MaskReg& mask) {
    constexpr const char* api = "Reg::StoreAlign";
    auto& b = ::kgemu::detail::reg::enter(api);
    const uint8_t* s = ::kgemu::detail::reg::image(srcReg);
    auto* p = reinterpret_cast<uint8_t*>(dstAddr);
    constexpr uint32_t es = sizeof(typename U::ActualT);
    for (uint32_t k = 0; k < sizeof(srcReg.v) / 32; ++k) {
        uint8_t* q = p + static_cast<uint64_t>(k) * dataBlockStride * 32;
        const uint64_t off = ::kgemu::detail::reg::ub_addr(b, api, q, 32, 32, "a block-strided StoreAlign");
        uint64_t lo = UINT64_MAX, hi = 0;
        for (uint32_t j = 0; j < 32; j += es) {
            if (!mask.bit(k * 32 + j)) continue;
            lo = j < lo ? j : lo;
            hi = j + es;
            std::memcpy(q + j, s + k * 32 + j, es);
        }
        if (hi != 0) ::kgemu::detail::reg::store_range(b, api, off, off + lo, off + hi);
    }
}
template <typename T = DefaultType, DataCopyMode dataMode, PostLiteral postMode, typename A, typename U,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void StoreAlign(__ubuf__ A*& dstAddr, U& srcReg, uint32_t dataBlockStride, uint32_t repeatStride,
                                  MaskReg& mask) {
    const uint64_t step = static_cast<uint64_t>(repeatStride) * 32 / sizeof(A);
    if (postMode == PostLiteral::POST_MODE_UPDATE) {
        StoreAlign<T, dataMode>(dstAddr, srcReg, dataBlockStride, mask);
        dstAddr += step;
    } else {
        StoreAlign<T, dataMode>(dstAddr + step, srcReg, dataBlockStride, mask);
    }
}
// A MaskReg to UB (VL / 8 bytes).
template <typename T = uint8_t, typename A>
__aicore__ inline void StoreAlign(__ubuf__ A* dstAddr, MaskReg& mask) {
    constexpr const char* api = "Reg::StoreAlign";
    auto& b = ::kgemu::detail::reg::enter(api);
    const uint64_t off = ::kgemu::detail::reg::ub_addr(b, api, dstAddr, 32, 32, "a MaskReg StoreAlign");
    ::kgemu::detail::reg::store_range(b, api, off, off, off + 32);
    std::memcpy(dstAddr, mask.w, 32);
}
template <typename T = uint8_t, typename A>
__aicore__ inline void StoreAlign(__ubuf__ A* dstAddr, MaskReg& mask, AddrReg offset) {
    StoreAlign<T>(dstAddr + offset.offset, mask);
}

// ---- unaligned forms (no alignment constraint; the UnalignReg's buffering is not modelled: data lands at once) ----
template <typename T = DefaultType, typename A>
__aicore__ inline void LoadUnAlignPre(UnalignRegForLoad& ureg, __ubuf__ A* srcAddr) {
    (void)::kgemu::detail::reg::enter("Reg::LoadUnAlignPre");
    ureg.pending = srcAddr;
}
template <typename T = DefaultType, typename A>
__aicore__ inline void LoadUnAlignPre(UnalignRegForLoad& ureg, __ubuf__ A* srcAddr, AddrReg& areg) {
    LoadUnAlignPre<T>(ureg, srcAddr + areg.offset);
}
template <typename T = DefaultType, typename U, typename A, KGEMU_REG_IS_REG(U)>
__aicore__ inline void LoadUnAlign(U& dstReg, UnalignRegForLoad& ureg, __ubuf__ A* srcAddr) {
    constexpr const char* api = "Reg::LoadUnAlign";
    auto& b = ::kgemu::detail::reg::enter(api);
    const uint64_t off = ::kgemu::detail::reg::ub_addr(b, api, srcAddr, sizeof(dstReg.v), 1, "");
    ::kgemu::detail::reg::load_range(b, api, off, sizeof(dstReg.v));
    std::memcpy(::kgemu::detail::reg::image(dstReg), srcAddr, sizeof(dstReg.v));
    (void)ureg;
}
template <typename T = DefaultType, PostLiteral post = PostLiteral::POST_MODE_UPDATE, typename U, typename A,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void LoadUnAlign(U& dstReg, UnalignRegForLoad& ureg, __ubuf__ A*& srcAddr, uint32_t postUpdateStride) {
    LoadUnAlign<T>(dstReg, ureg, static_cast<__ubuf__ A*>(srcAddr));
    if (post == PostLiteral::POST_MODE_UPDATE) srcAddr += postUpdateStride;
}
template <typename T = DefaultType, typename U, typename A, KGEMU_REG_IS_REG(U)>
__aicore__ inline void LoadUnAlign(U& dstReg, UnalignRegForLoad& ureg, __ubuf__ A*& srcAddr, AddrReg& areg,
                                   uint32_t inc) {
    LoadUnAlign<T>(dstReg, ureg, static_cast<__ubuf__ A*>(srcAddr + areg.offset));
    (void)inc;
}
// The first `count` elements of srcReg to the unaligned address; with POST_MODE_UPDATE the address moves on.
template <typename T = DefaultType, PostLiteral post = PostLiteral::POST_MODE_UPDATE, typename A, typename U,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void StoreUnAlign(__ubuf__ A*& dstAddr, U& srcReg, UnalignRegForStore& ureg, uint32_t count) {
    constexpr const char* api = "Reg::StoreUnAlign";
    auto& b = ::kgemu::detail::reg::enter(api);
    using E = typename U::ActualT;
    if (count > U::kLanes) {
        ::kgemu::detail::fail(api, ::kgemu::detail::strf("count %u exceeds the register's %u elements", count,
                                                         U::kLanes));
    }
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(E);
    auto* p = reinterpret_cast<uint8_t*>(dstAddr);
    if (bytes != 0) {
        const uint64_t off = ::kgemu::detail::reg::ub_addr(b, api, p, bytes, 1, "");
        ::kgemu::detail::reg::store_range(b, api, off, off, off + bytes);
        std::memcpy(p, srcReg.v, bytes);
    }
    if (post == PostLiteral::POST_MODE_UPDATE) dstAddr = reinterpret_cast<__ubuf__ A*>(p + bytes);
    (void)ureg;
}
template <typename T = DefaultType, typename A, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void StoreUnAlign(__ubuf__ A*& dstAddr, U& srcReg, UnalignRegForStore& ureg, AddrReg& areg) {
    __ubuf__ A* p = dstAddr + areg.offset;
    StoreUnAlign<T, PostLiteral::POST_MODE_NORMAL>(p, srcReg, ureg, U::kLanes);
}
template <typename T = DefaultType, PostLiteral post = PostLiteral::POST_MODE_UPDATE, typename A>
__aicore__ inline void StoreUnAlignPost(__ubuf__ A*& dstAddr, UnalignRegForStore& ureg, int32_t postUpdateStride) {
    (void)::kgemu::detail::reg::enter("Reg::StoreUnAlignPost");
    if (post == PostLiteral::POST_MODE_UPDATE) dstAddr += postUpdateStride;
    (void)ureg;
}
template <typename T = DefaultType, typename A>
__aicore__ inline void StoreUnAlignPost(__ubuf__ A*& dstAddr, UnalignRegForStore& ureg, AddrReg& areg) {
    (void)::kgemu::detail::reg::enter("Reg::StoreUnAlignPost");
    (void)dstAddr;
    (void)ureg;
    (void)areg;
}
template <typename T = DefaultType, typename A>
__aicore__ inline void StoreUnAlignPost(__ubuf__ A* const& dstAddr, UnalignRegForStore& ureg) {
    (void)::kgemu::detail::reg::enter("Reg::StoreUnAlignPost");
    (void)dstAddr;
    (void)ureg;
}

// ---- AddrReg, memory barriers ----
template <typename T = uint8_t>
__aicore__ inline AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0) {
    return AddrReg{static_cast<int64_t>(index0) * stride0, sizeof(T)};
}
template <typename T = uint8_t>
__aicore__ inline AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0, uint16_t index1, uint32_t stride1) {
    return AddrReg{static_cast<int64_t>(index0) * stride0 + static_cast<int64_t>(index1) * stride1, sizeof(T)};
}
template <typename T = uint8_t>
__aicore__ inline AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0, uint16_t index1, uint32_t stride1,
                                        uint16_t index2, uint32_t stride2) {
    return AddrReg{static_cast<int64_t>(index0) * stride0 + static_cast<int64_t>(index1) * stride1 +
                       static_cast<int64_t>(index2) * stride2, sizeof(T)};
}
template <typename T = uint8_t>
__aicore__ inline AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0, uint16_t index1, uint32_t stride1,
                                        uint16_t index2, uint32_t stride2, uint16_t index3, uint32_t stride3) {
    return AddrReg{static_cast<int64_t>(index0) * stride0 + static_cast<int64_t>(index1) * stride1 +
                       static_cast<int64_t>(index2) * stride2 + static_cast<int64_t>(index3) * stride3, sizeof(T)};
}
// Orders a vector function's UB stores before its later loads: the emulator runs them in program order already.
template <MemType src = MemType::VEC_STORE, MemType dst = MemType::VEC_LOAD>
__aicore__ inline void LocalMemBar() {}

// ---- the older spelling: DataCopy(reg, addr) loads, DataCopy(addr, reg, mask) stores ----
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U, typename A, KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopy(U& dstReg, __ubuf__ A* srcAddr) {
    LoadAlign<T, dist>(dstReg, srcAddr);
}
template <typename T = DefaultType, PostLiteral post, LoadDist dist = LoadDist::DIST_NORM, typename U, typename A,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopy(U& dstReg, __ubuf__ A*& srcAddr, int32_t postUpdateStride) {
    LoadAlign<T, post, dist>(dstReg, srcAddr, postUpdateStride);
}
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U, typename A, KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopy(U& dstReg, __ubuf__ A* srcAddr, AddrReg offset) {
    LoadAlign<T, dist>(dstReg, srcAddr, offset);
}
// MaskReg to and from UB in the older spelling (index/non_zero: DataCopy(maskReg, ubPtr, addrReg))
template <typename T = uint8_t, typename A>
__aicore__ inline void DataCopy(MaskReg& mask, __ubuf__ A* srcAddr, AddrReg offset) {
    LoadAlign<T>(mask, srcAddr, offset);
}
template <typename T = uint8_t, typename A>
__aicore__ inline void DataCopy(__ubuf__ A* dstAddr, MaskReg& mask, AddrReg offset) {
    StoreAlign<T>(dstAddr, mask, offset);
}
template <typename T = DefaultType, LoadDist dist, typename U, typename A, KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopy(U& dstReg0, U& dstReg1, __ubuf__ A* srcAddr) {
    LoadAlign<T, dist>(dstReg0, dstReg1, srcAddr);
}
// the dual forms with a post-update or an AddrReg, as LoadAlign's (grouped_dynamic_mx_quant_with_dual_axis reads
// its even and odd columns with DataCopy<T, POST_MODE_UPDATE, DIST_DINTLV_B16>(x0, x1, cursor, stride))
template <typename T = DefaultType, PostLiteral post, LoadDist dist, typename U, typename A, KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopy(U& dstReg0, U& dstReg1, __ubuf__ A*& srcAddr, int32_t postUpdateStride) {
    LoadAlign<T, post, dist>(dstReg0, dstReg1, srcAddr, postUpdateStride);
}
template <typename T = DefaultType, LoadDist dist, typename U, typename A, KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopy(U& dstReg0, U& dstReg1, __ubuf__ A* srcAddr, AddrReg offset) {
    LoadAlign<T, dist>(dstReg0, dstReg1, srcAddr, offset);
}
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename A, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopy(__ubuf__ A* dstAddr, U& srcReg, MaskReg& mask) {
    StoreAlign<T, dist>(dstAddr, srcReg, mask);
}
template <typename T = DefaultType, PostLiteral post, StoreDist dist = StoreDist::DIST_NORM, typename A, typename U,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopy(__ubuf__ A*& dstAddr, U& srcReg, int32_t postUpdateStride, MaskReg& mask) {
    StoreAlign<T, post, dist>(dstAddr, srcReg, postUpdateStride, mask);
}
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename A, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopy(__ubuf__ A* dstAddr, U& srcReg, AddrReg offset, MaskReg& mask) {
    StoreAlign<T, dist>(dstAddr, srcReg, offset, mask);
}
template <typename T = DefaultType, StoreDist dist, typename A, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopy(__ubuf__ A* dstAddr, U& srcReg0, U& srcReg1, MaskReg& mask) {
    StoreAlign<T, dist>(dstAddr, srcReg0, srcReg1, mask);
}
template <typename T = DefaultType, StoreDist dist, typename A, typename U, KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopy(__ubuf__ A* dstAddr, U& srcReg0, U& srcReg1, AddrReg offset, MaskReg& mask) {
    StoreAlign<T, dist>(dstAddr, srcReg0, srcReg1, offset, mask);
}
template <typename T = DefaultType, typename A>
__aicore__ inline void DataCopyUnAlignPre(UnalignReg& ureg, __ubuf__ A* srcAddr) {
    LoadUnAlignPre<T>(ureg, srcAddr);
}
// DataCopyUnAlign / DataCopyUnAlignPost take LoadUnAlign's / StoreUnAlign's PostUpdate template parameters in their
// order (T, then the PostLiteral: norm_common's reduce_common_regbase.h spells
// DataCopyUnAlign<float, PostLiteral::POST_MODE_UPDATE>(dst, uSrc, src, stride)).
template <typename T = DefaultType, PostLiteral post = PostLiteral::POST_MODE_UPDATE, typename U, typename A,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopyUnAlign(U& dstReg, UnalignReg& ureg, __ubuf__ A*& srcAddr, uint32_t stride) {
    LoadUnAlign<T, post>(dstReg, ureg, srcAddr, stride);
}
template <typename T = DefaultType, PostLiteral post = PostLiteral::POST_MODE_UPDATE, typename A, typename U,
          KGEMU_REG_IS_REG(U)>
__aicore__ inline void DataCopyUnAlign(__ubuf__ A*& dstAddr, U& srcReg, UnalignReg& ureg, uint32_t count) {
    StoreUnAlign<T, post>(dstAddr, srcReg, ureg, count);
}
template <typename T = DefaultType, PostLiteral post = PostLiteral::POST_MODE_UPDATE, typename A>
__aicore__ inline void DataCopyUnAlignPost(__ubuf__ A*& dstAddr, UnalignReg& ureg, int32_t stride) {
    StoreUnAlignPost<T, post>(dstAddr, ureg, stride);
}
}  // namespace Reg
}  // namespace AscendC

#endif  // KGEMU_DETAIL_REG_DATAMOVE_H
