// kernelgen CPU emulator (private, kernel side): Ascend 950's Sort with a SortConfig (asc-devkit
// SIMD-API/高阶API/排序操作/Sort.md, the forms "带SortConfig"; ops-nn's index operators sort their indices with it).
//
//   Sort<T, isReuseSource, config>(dst, src, [sharedTmpBuffer,] calCount)
//   Sort<T, isReuseSource, config>(dst, dstIndex, src, [sharedTmpBuffer,] calCount)             indices 0, 1, ...
//   Sort<T, U, isReuseSource, config>(dst, dstIndex, src, srcIndex, [sharedTmpBuffer,] calCount) src's indices
//
// calCount elements of src are sorted ascending (config.isDescend: descending); dstIndex receives, for each output
// position, the index of the element placed there. Order: RADIX_SORT sorts the values' bit patterns as a radix
// sort does (signed integers and floating types with the sign handled: -inf < ... < -0 < +0 < ... < +inf, a NaN
// with the sign bit set before -inf and one without after +inf); both algorithms are stable (equal values keep
// their input order). Types (static_assert, as a missing overload is on the device): RADIX_SORT T int8/uint8,
// int16/uint16, int32/uint32, int64/uint64, half, bfloat16, float and U int32/uint32/int64/uint64; MERGE_SORT T
// half or float and U uint32_t. sharedTmpBuffer must hold the minimum GetSortMaxMinTmpSize gives
// (kgemu::sort_tmp_bytes); its contents are undefined afterwards (poisoned here). Without it the framework takes
// the reserved space. Operands may not overlap (src with dst unless isReuseSource). Ascend 950 only; PIPE_V.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/sort_config.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_SORT_CONFIG_H
#define KGEMU_DETAIL_SORT_CONFIG_H

#include <algorithm>
#include <cstring>
#include <numeric>
#include <type_traits>
#include <vector>

#include "kgemu/sort_config.h"
#include "kgemu/detail/vec_common.h"

namespace kgemu {
namespace detail {

template <typename T>
constexpr bool sortcfg_radix_value() {
    return std::is_same<T, int8_t>::value || std::is_same<T, uint8_t>::value || std::is_same<T, int16_t>::value ||
           std::is_same<T, uint16_t>::value || std::is_same<T, int32_t>::value || std::is_same<T, uint32_t>::value ||
           std::is_same<T, int64_t>::value || std::is_same<T, uint64_t>::value || std::is_same<T, half>::value ||
           std::is_same<T, bfloat16_t>::value || std::is_same<T, float>::value;
}
template <typename U>
constexpr bool sortcfg_radix_index() {
    return std::is_same<U, int32_t>::value || std::is_same<U, uint32_t>::value || std::is_same<U, int64_t>::value ||
           std::is_same<U, uint64_t>::value;
}

// The unsigned key a radix sort orders T by: unsigned as they are; signed integers with the sign bit flipped;
// floating types with every bit flipped when negative, else the sign bit set.
template <typename T>
inline uint64_t sortcfg_key(const T& v) {
    uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof(T));
    const uint64_t sign = 1ULL << (sizeof(T) * 8 - 1);
    const uint64_t all = sizeof(T) == 8 ? ~0ULL : ((1ULL << (sizeof(T) * 8)) - 1);
    if (std::is_unsigned<T>::value) return bits;
    if (std::is_integral<T>::value) return bits ^ sign;
    return (bits & sign) != 0 ? (~bits & all) : (bits | sign);
}

template <typename T>
inline uint8_t* sortcfg_bytes(BlockState& b, const char* api, const char* role, const AscendC::LocalTensor<T>& t,
                              uint64_t n, ApiCall& call, bool write) {
    uint8_t* p = reinterpret_cast<uint8_t*>(ub_operand(b, api, role, t, n * sizeof(T)));
    if (write) {
        call.write(t, 0, n);
    } else {
        call.read(t, 0, n);
    }
    return p;
}

inline void sortcfg_disjoint(const char* api, const char* a, const uint8_t* pa, uint64_t na, const char* bname,
                             const uint8_t* pb, uint64_t nb) {
    if (pa == nullptr || pb == nullptr || na == 0 || nb == 0) return;
    if (pa < pb + nb && pb < pa + na) {
        fail(api, strf("%s overlaps %s: Sort's operands may not share UB bytes", a, bname));
    }
}

// The one body of every form. U is void-like (uint32_t, with has_src false) when there is no source index.
template <typename T, typename U, bool isReuseSource, const AscendC::SortConfig& config, bool has_dst, bool has_src>
inline void sortcfg_run(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>* dst_index,
                        const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<U>* src_index,
                        const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count) {
    constexpr bool merge = config.type == AscendC::SortType::MERGE_SORT;
    static_assert(merge ? (std::is_same<T, half>::value || std::is_same<T, float>::value) : sortcfg_radix_value<T>(),
                  "Sort with a SortConfig: RADIX_SORT takes (u)int8/16/32/64, half, bfloat16_t, float; MERGE_SORT "
                  "takes half or float");
    static_assert(merge ? std::is_same<U, uint32_t>::value : sortcfg_radix_index<U>(),
                  "Sort with a SortConfig: the index type is (u)int32/(u)int64 for RADIX_SORT, uint32_t for "
                  "MERGE_SORT");
    const char* api = "Sort";
    BlockState& b = api_enter(api);
    require_arch_3510(b, api, "Sort with a SortConfig", " (use Sort<T, isFullSort> with Sort32 / MrgSort)");
    if (count == 0) return;
    ApiCall call(b, api, ::PIPE_V);
    const uint8_t* s = sortcfg_bytes(b, api, "srcTensor", src, count, call, false);
    const uint8_t* si = has_src ? sortcfg_bytes(b, api, "srcIndexTensor", *src_index, count, call, false) : nullptr;
    uint8_t* d = sortcfg_bytes(b, api, "dstTensor", dst, count, call, true);
    uint8_t* di = has_dst ? sortcfg_bytes(b, api, "dstIndexTensor", *dst_index, count, call, true) : nullptr;
    const uint64_t nv = static_cast<uint64_t>(count) * sizeof(T), ni = static_cast<uint64_t>(count) * sizeof(U);
    if (!isReuseSource) sortcfg_disjoint(api, "dstTensor", d, nv, "srcTensor", s, nv);
    sortcfg_disjoint(api, "dstIndexTensor", di, ni, "srcTensor", s, nv);
    sortcfg_disjoint(api, "dstIndexTensor", di, ni, "dstTensor", d, nv);
    sortcfg_disjoint(api, "dstTensor", d, nv, "srcIndexTensor", si, ni);
    uint8_t* t = nullptr;
    uint64_t tbytes = 0;
    if (tmp != nullptr) {
        tbytes = tmp->GetSize();
        const uint32_t need = sort_tmp_bytes(merge, count, sizeof(T), has_src ? sizeof(U) : 4, isReuseSource,
                                             has_src, has_dst);
        if (tbytes < need) {
            fail(api, strf("sharedTmpBuffer holds %llu bytes; sorting %u elements of %u bytes needs at least %u "
                           "(GetSortMaxMinTmpSize's minimum)",
                           static_cast<unsigned long long>(tbytes), count, static_cast<unsigned>(sizeof(T)), need));
        }
        t = reinterpret_cast<uint8_t*>(ub_operand(b, api, "sharedTmpBuffer", *tmp, tbytes));
        call.write(*tmp, 0, tbytes);
        sortcfg_disjoint(api, "sharedTmpBuffer", t, tbytes, "srcTensor", s, nv);
        sortcfg_disjoint(api, "sharedTmpBuffer", t, tbytes, "dstTensor", d, nv);
        sortcfg_disjoint(api, "sharedTmpBuffer", t, tbytes, "dstIndexTensor", di, ni);
        sortcfg_disjoint(api, "sharedTmpBuffer", t, tbytes, "srcIndexTensor", si, ni);
    }
    call.commit();
    std::vector<T> vals(count);
    std::memcpy(vals.data(), s, nv);
    std::vector<U> idx(count);
    if (has_src) {
        std::memcpy(idx.data(), si, ni);
    } else {
        for (uint32_t k = 0; k < count; ++k) idx[k] = static_cast<U>(k);
    }
    std::vector<uint32_t> order(count);
    std::iota(order.begin(), order.end(), 0u);
    std::vector<uint64_t> keys(count);
    for (uint32_t k = 0; k < count; ++k) keys[k] = sortcfg_key(vals[k]);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
        return config.isDescend ? keys[x] > keys[y] : keys[x] < keys[y];
    });
    for (uint32_t k = 0; k < count; ++k) {
        std::memcpy(d + static_cast<uint64_t>(k) * sizeof(T), &vals[order[k]], sizeof(T));
        if (has_dst) std::memcpy(di + static_cast<uint64_t>(k) * sizeof(U), &idx[order[k]], sizeof(U));
    }
    if (t != nullptr) std::memset(t, 0xFF, tbytes);
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
inline void Sort(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount) {
    kgemu::detail::sortcfg_run<T, uint32_t, isReuseSource, config, false, false>(dstTensor, nullptr, srcTensor,
                                                                                 nullptr, nullptr, calCount);
}
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
inline void Sort(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    kgemu::detail::sortcfg_run<T, uint32_t, isReuseSource, config, false, false>(dstTensor, nullptr, srcTensor,
                                                                                 nullptr, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
inline void Sort(const LocalTensor<T>& dstTensor, const LocalTensor<uint32_t>& dstIndexTensor,
                 const LocalTensor<T>& srcTensor, const uint32_t calCount) {
    kgemu::detail::sortcfg_run<T, uint32_t, isReuseSource, config, true, false>(dstTensor, &dstIndexTensor, srcTensor,
                                                                                nullptr, nullptr, calCount);
}
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
inline void Sort(const LocalTensor<T>& dstTensor, const LocalTensor<uint32_t>& dstIndexTensor,
                 const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                 const uint32_t calCount) {
    kgemu::detail::sortcfg_run<T, uint32_t, isReuseSource, config, true, false>(dstTensor, &dstIndexTensor, srcTensor,
                                                                                nullptr, &sharedTmpBuffer, calCount);
}
template <typename T, typename U, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
inline void Sort(const LocalTensor<T>& dstTensor, const LocalTensor<U>& dstIndexTensor,
                 const LocalTensor<T>& srcTensor, const LocalTensor<U>& srcIndexTensor, const uint32_t calCount) {
    kgemu::detail::sortcfg_run<T, U, isReuseSource, config, true, true>(dstTensor, &dstIndexTensor, srcTensor,
                                                                        &srcIndexTensor, nullptr, calCount);
}
template <typename T, typename U, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
inline void Sort(const LocalTensor<T>& dstTensor, const LocalTensor<U>& dstIndexTensor,
                 const LocalTensor<T>& srcTensor, const LocalTensor<U>& srcIndexTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    kgemu::detail::sortcfg_run<T, U, isReuseSource, config, true, true>(dstTensor, &dstIndexTensor, srcTensor,
                                                                        &srcIndexTensor, &sharedTmpBuffer, calCount);
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_SORT_CONFIG_H
