// kernelgen CPU emulator: AscendC::SortConfig and SortType (asc-devkit Sort.md, GetSortMaxMinTmpSize.md), shared by
// the host tiling (tiling/sort/sort_tiling.h) and the kernel's Sort with a SortConfig (kgemu/detail/sort_config.h),
// and the temporary-buffer rule both use.
#ifndef KGEMU_SORT_CONFIG_H
#define KGEMU_SORT_CONFIG_H

#include <cstdint>

namespace AscendC {
enum class SortType {
    RADIX_SORT,  // radix sort
    MERGE_SORT   // merge sort
};
struct SortConfig {
    SortType type = SortType::RADIX_SORT;
    bool isDescend = false;    // false: ascending
    bool hasSrcIndex = false;  // the input comes with indices
    bool hasDstIndex = false;  // indices are output
};
constexpr SortConfig DEFAULT_SORT_CONFIG = {SortType::RADIX_SORT, false};
}  // namespace AscendC

namespace kgemu {
// The temporary bytes a Sort with a SortConfig needs for n elements (minimum = maximum), by asc-devkit's host rule
// (impl/adv_api/tiling/sort/sort_tiling_impl.cpp): merge sort 8 bytes per element; radix sort, over n rounded up to
// 32: 7 bytes per element (the sorted and next-round uint32 keys, uint16 digits, a uint8 source) plus a 512-byte
// bucket table, plus a copy of the values (and of the indices where both are given, or of uint32 indices where
// only the output has them) unless the source may be reused; one-byte values with output indices only need 2
// bytes per element less.
inline uint32_t sort_tmp_bytes(bool merge, uint64_t n, uint32_t value_bytes, uint32_t index_bytes, bool reuse,
                               bool has_src_index, bool has_dst_index) {
    if (merge) return static_cast<uint32_t>(8 * n);
    const uint64_t m = (n + 31) / 32 * 32;
    const uint64_t extra_v = reuse ? 0 : value_bytes, extra_i = reuse ? 0 : index_bytes;
    uint64_t need = m * 7 + 512;
    if (value_bytes != 1) {
        if (!has_src_index && !has_dst_index) {
            need += m * extra_v;
        } else if (!has_src_index) {
            need += m * (4 + extra_v);
        } else {
            need += m * (extra_v + extra_i);
        }
    } else if (!has_src_index && has_dst_index) {
        need -= 2 * m;
    }
    return static_cast<uint32_t>(need);
}
}  // namespace kgemu

#endif  // KGEMU_SORT_CONFIG_H
