// kernelgen CPU emulator (private, kernel side): TransDataTo5HD and the basic 16 x 16 Transpose (hicann/asc-devkit
// docs TransDataTo5HD.md, Transpose.md).
//
// TransDataTo5HD reads 16 source DataBlocks (32 bytes each, one address per block) and writes 16 destination
// DataBlocks per repeat:
//   16-bit T: dst block j = element j of each of the 16 source blocks (a 16 x 16 transpose);
//   32-bit T: element j (of 8) of the 16 source blocks fills two destination blocks: dst[2j] gets sources 0..7,
//             dst[2j + 1] sources 8..15;
//   8-bit T:  element j (+ 16 when srcHighHalf) of the 16 source blocks fills the low (or, with dstHighHalf, the
//             high) 16 bytes of dst block j.
// Repeat r adds r * srcRepStride (dstRepStride) DataBlocks to every source (destination) address. The address
// lists may be LocalTensors, their GetPhyAddr() values, or a LocalTensor<uint64_t> holding those values; every
// address must lie in this block's UB and be 32-byte aligned.
// Transpose(dst, src): one 16 x 16 matrix of 2-byte elements, dst[i][j] = src[j][i].
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/transpose.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_TRANSPOSE_H
#define KGEMU_DETAIL_TRANSPOSE_H

#include <cstdint>
#include <cstring>
#include <vector>

#include "kgemu/detail/access.h"
#include "kgemu/detail/vec_common.h"

namespace AscendC {

constexpr int32_t NCHW_CONV_ADDR_LIST_SIZE = 16;

struct TransDataTo5HDParams {
    TransDataTo5HDParams() = default;
    TransDataTo5HDParams(const bool dstHighHalfIn, const bool srcHighHalfIn, const uint8_t repeatTimesIn,
                         const uint16_t dstRepStrideIn, const uint16_t srcRepStrideIn)
        : dstHighHalf(dstHighHalfIn),
          srcHighHalf(srcHighHalfIn),
          repeatTimes(repeatTimesIn),
          dstRepStride(dstRepStrideIn),
          srcRepStride(srcRepStrideIn) {}
    bool dstHighHalf = false;
    bool srcHighHalf = false;
    uint8_t repeatTimes = 1;
    uint16_t dstRepStride = 0;
    uint16_t srcRepStride = 0;
};

}  // namespace AscendC

namespace kgemu {
namespace detail {

// A byte view of UB [begin, end) for describing raw-address operands to ApiCall.
inline AscendC::LocalTensor<uint8_t> ub_span(BlockState& b, uint64_t begin, uint64_t end) {
    AscendC::LocalTensor<uint8_t> t;
    t.kg_addr = b.ub + begin;
    t.kg_size = static_cast<uint32_t>(end - begin);
    t.kg_buf_begin = static_cast<uint32_t>(begin);
    t.kg_buf_end = static_cast<uint32_t>(end);
    return t;
}

// Offsets of the 16 address-list entries in UB, checked (inside UB, 32-byte aligned, every repeat in range).
inline void list_offsets(BlockState& b, const char* api, const char* role, const uint64_t* addrs, uint32_t repeat,
                         uint32_t stride, uint64_t off[16], uint64_t& lo, uint64_t& hi) {
    lo = ~0ULL;
    hi = 0;
    for (int i = 0; i < 16; ++i) {
        const auto* p = reinterpret_cast<const uint8_t*>(addrs[i]);
        if (!b.in_ub(p)) {
            fail(api, strf("%s[%d] does not point into this block's UB (pass LocalTensor::GetPhyAddr() values)", role,
                           i));
        }
        off[i] = static_cast<uint64_t>(p - b.ub);
        if (off[i] % 32 != 0) {
            fail(api, strf("%s[%d] is at UB offset %llu, which is not 32-byte aligned", role, i,
                           static_cast<unsigned long long>(off[i])));
        }
        const uint64_t end = off[i] + (static_cast<uint64_t>(repeat) - 1) * stride * 32 + 32;
        if (end > b.soc->ub_pool) {
            fail(api, strf("%s[%d]: repeat %u reaches UB byte %llu, past the end of UB (%llu bytes)", role, i,
                           repeat - 1, static_cast<unsigned long long>(end),
                           static_cast<unsigned long long>(b.soc->ub_pool)));
        }
        if (off[i] < lo) lo = off[i];
        if (end > hi) hi = end;
    }
}

template <typename T>
inline void trans_data_5hd(const uint64_t* dst_addrs, const uint64_t* src_addrs, const AscendC::TransDataTo5HDParams& p) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4,
                  "kgemu: TransDataTo5HD takes 8-, 16- or 32-bit elements");
    const char* api = "TransDataTo5HD";
    auto& b = api_enter(api);
    const uint32_t repeat = p.repeatTimes;
    note_vector(b, api, static_cast<uint64_t>(repeat) * 512 / sizeof(T), sizeof(T), static_cast<uint64_t>(repeat) * 512);
    if (repeat == 0) return;
    if ((p.dstHighHalf || p.srcHighHalf) && sizeof(T) != 1) {
        fail(api, "dstHighHalf / srcHighHalf apply to int8_t / uint8_t only");
    }
    // a single repeat ignores the strides (as on the NPU)
    const uint32_t ss = repeat == 1 ? 0 : p.srcRepStride, ds = repeat == 1 ? 0 : p.dstRepStride;
    uint64_t so[16], dso[16], slo, shi, dlo, dhi;
    list_offsets(b, api, "srcList", src_addrs, repeat, ss, so, slo, shi);
    list_offsets(b, api, "dstList", dst_addrs, repeat, ds, dso, dlo, dhi);
    ApiCall call(b, api, ::PIPE_V);
    // not element-wise: mapping unwritten source bytes onto the result by position would taint the wrong lanes
    // (kernels transpose partly filled blocks and use only the filled lanes), so the source is an extent
    call.read_extent(ub_span(b, slo, shi), 0, shi - slo);
    call.write(ub_span(b, dlo, dhi), 0, dhi - dlo);
    call.commit();
    for (uint32_t r = 0; r < repeat; ++r) {
        uint8_t in[16][32];
        for (int i = 0; i < 16; ++i) std::memcpy(in[i], b.ub + so[i] + static_cast<uint64_t>(r) * ss * 32, 32);
        for (int j = 0; j < 16; ++j) {
            uint8_t* d = b.ub + dso[j] + static_cast<uint64_t>(r) * ds * 32;
            if constexpr (sizeof(T) == 2) {
                for (int i = 0; i < 16; ++i) std::memcpy(d + 2 * i, in[i] + 2 * j, 2);
            } else if constexpr (sizeof(T) == 4) {
                const int e = j / 2, first = (j % 2) * 8;  // dst[2e] <- sources 0..7, dst[2e+1] <- 8..15
                for (int i = 0; i < 8; ++i) std::memcpy(d + 4 * i, in[first + i] + 4 * e, 4);
            } else {
                const int e = j + (p.srcHighHalf ? 16 : 0);
                for (int i = 0; i < 16; ++i) d[(p.dstHighHalf ? 16 : 0) + i] = in[i][e];
            }
        }
    }
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <typename T>
inline void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                           const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE],
                           const TransDataTo5HDParams& nchwconvParams) {
    uint64_t d[16], s[16];
    for (int i = 0; i < 16; ++i) {
        d[i] = dstList[i].GetPhyAddr();
        s[i] = srcList[i].GetPhyAddr();
    }
    kgemu::detail::trans_data_5hd<T>(d, s, nchwconvParams);
}

template <typename T>
inline void TransDataTo5HD(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE], uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                           const TransDataTo5HDParams& nchwconvParams) {
    kgemu::detail::trans_data_5hd<T>(dstList, srcList, nchwconvParams);
}

template <typename T>
inline void TransDataTo5HD(const LocalTensor<uint64_t>& dst, const LocalTensor<uint64_t>& src,
                           const TransDataTo5HDParams& nchwconvParams) {
    auto& b = kgemu::detail::api_enter("TransDataTo5HD");
    const uint64_t* d = kgemu::detail::ub_operand(b, "TransDataTo5HD", "dst", dst, 16 * sizeof(uint64_t));
    const uint64_t* s = kgemu::detail::ub_operand(b, "TransDataTo5HD", "src", src, 16 * sizeof(uint64_t));
    uint64_t dl[16], sl[16];
    std::memcpy(dl, d, sizeof(dl));
    std::memcpy(sl, s, sizeof(sl));
    kgemu::detail::trans_data_5hd<T>(dl, sl, nchwconvParams);
}

// TransDataTo5HDImpl: the implementation name CANN's TransDataTo5HD forwards to (asc-devkit
// impl/basic_api/dav_c220 and dav_3510 kernel_operator_vec_transpose_impl.h declare it in AscendC): address lists as
// __ubuf__ pointers or as uint64_t. Kernels call it directly with pointer lists (layer_norm_grad_v3_transpose.h:332,
// ge_glu_grad_v2's arch35 bases, scatter_list); the same transfer and checks as TransDataTo5HD.
template <typename T>
inline void TransDataTo5HDImpl(__ubuf__ T* dstList[NCHW_CONV_ADDR_LIST_SIZE],
                               __ubuf__ T* srcList[NCHW_CONV_ADDR_LIST_SIZE],
                               const TransDataTo5HDParams& transDataTo5HDParams) {
    uint64_t d[16], s[16];
    for (int i = 0; i < 16; ++i) {
        d[i] = reinterpret_cast<uint64_t>(dstList[i]);
        s[i] = reinterpret_cast<uint64_t>(srcList[i]);
    }
    kgemu::detail::trans_data_5hd<T>(d, s, transDataTo5HDParams);
}
template <typename T>
inline void TransDataTo5HDImpl(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE], uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                               const TransDataTo5HDParams& transDataTo5HDParams) {
    kgemu::detail::trans_data_5hd<T>(dstList, srcList, transDataTo5HDParams);
}

// Transpose, basic form: one 16 x 16 matrix of 2-byte elements.
template <typename T>
inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src) {
    static_assert(sizeof(T) == 2, "kgemu: the basic Transpose(dst, src) transposes a 16 x 16 matrix of 2-byte elements");
    auto& b = kgemu::detail::api_enter("Transpose");
    kgemu::detail::note_vector(b, "Transpose", 256, sizeof(T), 512);
    T* d = kgemu::detail::ub_operand(b, "Transpose", "dst", dst, 512);
    const T* s = kgemu::detail::ub_operand(b, "Transpose", "src", src, 512);
    kgemu::detail::ApiCall call(b, "Transpose", ::PIPE_V);
    call.read_extent(src, 0, 256);  // a permutation, not element-wise (as TransDataTo5HD)
    call.write(dst, 0, 256);
    call.commit();
    T in[256];
    std::memcpy(in, s, sizeof(in));
    for (int i = 0; i < 16; ++i) {
        for (int j = 0; j < 16; ++j) d[i * 16 + j] = in[j * 16 + i];
    }
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_TRANSPOSE_H
