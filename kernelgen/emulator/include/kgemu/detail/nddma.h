// kernelgen CPU emulator (private, kernel side): the multi-dimensional DMA of Ascend 950 (asc-devkit "多维数据搬运
// (ISASI)": DataCopy<T, dim, config>(LocalTensor, GlobalTensor, NdDmaParams), NdDmaDci; MultiCopy* are the older
// names). GM -> UB through up to five nested loops; loop k (index 0 is the innermost) runs loopSize[k] times,
// stepping loopSrcStride[k] elements in GM and loopDstStride[k] in UB, and may pad loopLpSize[k] elements before
// and loopRpSize[k] after its data with constantValue (or, with isNearestValueMode, the nearest data element). A
// source stride of 0 repeats the source: how ATVOSS broadcasts.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/nddma.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_NDDMA_H
#define KGEMU_DETAIL_NDDMA_H

#include <algorithm>
#include <vector>

#include "kgemu/detail/data_copy.h"

namespace AscendC {

struct NdDmaConfig {
    static constexpr uint16_t unsetPad = 0xffff;
    bool isNearestValueMode = false;
    uint16_t loopLpSize = unsetPad;  // when set: the left padding of every loop
    uint16_t loopRpSize = unsetPad;  // when set: the right padding of every loop
    bool ascOptimize = false;
};
using MultiCopyConfig = NdDmaConfig;
constexpr NdDmaConfig kDefaultNdDmaConfig = {false, NdDmaConfig::unsetPad, NdDmaConfig::unsetPad, false};
constexpr NdDmaConfig kDefaultMultiCopyConfig = kDefaultNdDmaConfig;

template <uint8_t dim>
struct MultiCopyLoopInfo {
    static_assert(dim >= 1 && dim <= 5, "the multi-dimensional DataCopy takes 1 to 5 dimensions");
    uint64_t loopSrcStride[dim] = {0};
    uint32_t loopDstStride[dim] = {0};
    uint32_t loopSize[dim] = {0};
    uint8_t loopLpSize[dim] = {0};
    uint8_t loopRpSize[dim] = {0};
};
template <uint8_t dim>
using NdDmaLoopInfo = MultiCopyLoopInfo<dim>;

template <typename T, uint8_t dim>
struct MultiCopyParams {
    MultiCopyLoopInfo<dim> loopInfo;
    T constantValue;
};
template <typename T, uint8_t dim>
using NdDmaParams = MultiCopyParams<T, dim>;

}  // namespace AscendC

namespace kgemu {
namespace detail {

// One multi-dimensional copy: every destination element with its source element (-1: a padding element).
template <typename T, uint8_t dim>
inline void nddma_copy(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::GlobalTensor<T>& src,
                       const AscendC::MultiCopyParams<T, dim>& p, const AscendC::NdDmaConfig& cfg) {
    auto& b = api_enter(api);
    require_arch_3510(b, api, "the multi-dimensional DataCopy (NdDmaParams)", "");
    check_bf16_any<T>(b, api);
    uint64_t lp[dim], rp[dim], ext[dim];
    uint64_t points = 1;
    for (int k = 0; k < dim; ++k) {
        lp[k] = cfg.loopLpSize != AscendC::NdDmaConfig::unsetPad ? cfg.loopLpSize : p.loopInfo.loopLpSize[k];
        rp[k] = cfg.loopRpSize != AscendC::NdDmaConfig::unsetPad ? cfg.loopRpSize : p.loopInfo.loopRpSize[k];
        if (lp[k] > 255 || rp[k] > 255) {
            fail(api, strf("loop %d pads %llu elements left / %llu right: padding must be below 256", k,
                           static_cast<unsigned long long>(lp[k]), static_cast<unsigned long long>(rp[k])));
        }
        ext[k] = lp[k] + p.loopInfo.loopSize[k] + rp[k];
        points *= ext[k];
    }
    if (points == 0) return;
    // Walk every destination point once: its UB element offset and its GM element offset (or -1 for padding).
    std::vector<uint64_t> dst_off;
    std::vector<int64_t> src_off;
    dst_off.reserve(points);
    src_off.reserve(points);
    uint64_t idx[dim] = {0};
    uint64_t d_max = 0, s_min = ~0ULL, s_max = 0;
    for (uint64_t n = 0; n < points; ++n) {
        uint64_t d = 0, s = 0;
        bool pad = false;
        for (int k = 0; k < dim; ++k) {
            d += idx[k] * p.loopInfo.loopDstStride[k];
            const uint64_t size = p.loopInfo.loopSize[k];
            uint64_t i;
            if (idx[k] < lp[k] || idx[k] >= lp[k] + size) {
                pad = true;
                i = size == 0 ? 0 : (idx[k] < lp[k] ? 0 : size - 1);  // the nearest data element
            } else {
                i = idx[k] - lp[k];
            }
            s += i * p.loopInfo.loopSrcStride[k];
        }
        const bool from_src = !pad || cfg.isNearestValueMode;
        dst_off.push_back(d);
        src_off.push_back(from_src ? static_cast<int64_t>(s) : -1);
        d_max = std::max(d_max, d);
        if (from_src) {
            s_min = std::min(s_min, s);
            s_max = std::max(s_max, s);
        }
        for (int k = 0; k < dim; ++k) {  // next index, innermost loop first
            if (++idx[k] < ext[k]) break;
            idx[k] = 0;
        }
    }
    san_pipe(b, ::PIPE_MTE2);
    T* ub = ub_operand(b, api, "dst", dst, (d_max + 1) * sizeof(T));
    if (std::vector<SanSpan>* v = san_spans_begin(b)) {  // the elements written, as runs of UB bytes
        std::vector<uint64_t> sorted(dst_off);
        std::sort(sorted.begin(), sorted.end());
        const uint64_t base = b.san.p_ops[b.san.p_n - 1].begin;
        for (uint64_t o : sorted) san_span_push(*v, base + o * sizeof(T), base + (o + 1) * sizeof(T));
        san_spans_end(b);
    }
    int64_t gm_off = -1;
    if (s_min <= s_max) {
        const T* lo = src.kg_ptr + s_min;
        const uint64_t bytes = (s_max - s_min + 1) * sizeof(T);
        check_gm_elem_align(api, src.kg_ptr);
        gm_off = gm_check(api, lo, bytes, false, src.kg_base);
        gm_access(b, api, ::PIPE_MTE2, lo, bytes, false, src.kg_base);
    }
    for (uint64_t n = 0; n < points; ++n) {
        ub[dst_off[n]] = src_off[n] < 0 ? p.constantValue : src.kg_ptr[src_off[n]];
    }
    trace_mte(b, api, "MTE2", points * sizeof(T), sizeof(T), gm_off);
    note_l2_mode(api, src.kg_cache);
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <typename T, uint8_t dim, const NdDmaConfig& config = kDefaultNdDmaConfig>
inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const MultiCopyParams<T, dim>& params) {
    kgemu::detail::nddma_copy<T, dim>("DataCopy", dst, src, params, config);
}

// Refreshes the multi-dimensional DMA's data cache before a copy of GM data other cores or pipes wrote. The
// emulator's copies read GM itself, so this has nothing to refresh (the NDDMA cache is not modelled).
inline void NdDmaDci() { kgemu::detail::api_enter("NdDmaDci"); }

}  // namespace AscendC

#endif  // KGEMU_DETAIL_NDDMA_H
