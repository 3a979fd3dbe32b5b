// kernelgen CPU emulator (private, kernel side): the sort instructions of Atlas A2/A3-class cores
// (hicann/asc-devkit docs Sort32.md, MrgSort.md, GetMrgSortResult.md, Extract.md).
//
// The sorted layout is a list of 8-byte (score, index) structures: the score in the low bytes (float: bytes 0-3;
// half: bytes 0-1, bytes 2-3 reserved and written as 0 here), the uint32_t index in bytes 4-7. Lists are in
// descending score order; equal scores keep their input order (Sort32: the lower position first; MrgSort: the
// lower list first, then the lower position). NaN scores, which the docs do not order, sort before every number
// here (an emulator choice, so that a NaN is never lost between numbers).
//
//   Sort32(dst, score, index, repeat)      repeat r sorts the 32 scores at score[32 r] with index[32 r] into the
//                                          32 structures at dst + 256 r bytes.
//   MrgSort(dst, {src1..src4}, info)       merges 2, 3 or 4 sorted lists (validBit 3, 7, 15) of
//                                          elementLengths[k] structures into dst. repeatTimes > 1 needs four
//                                          equal, contiguous lists, validBit 15 and ifExhaustedSuspension false;
//                                          each repeat then moves src and dst on by the four lists' length.
//                                          With ifExhaustedSuspension the merge stops when a list runs out;
//                                          GetMrgSortResult then says how many structures each list gave.
//   Extract(value, index, sorted, repeat)  repeat r splits the 32 structures at sorted + 256 r bytes into 32
//                                          scores and 32 indices.
// All on PIPE_V. Sources and destination must not overlap; dst and the Sort32 / Extract operands are 32-byte
// aligned, MrgSort's sources 8-byte aligned. Supported on Atlas A2/A3, 200I/500 A2 (Sort32, MrgSort) and 950;
// the region-proposal forms of Atlas inference/training products (310P, 910) are not emulated.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/sort.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_SORT_H
#define KGEMU_DETAIL_SORT_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kgemu/detail/access.h"
#include "kgemu/detail/vec_common.h"

namespace AscendC {

template <typename T>
struct MrgSortSrcList {
    MrgSortSrcList() {}
    MrgSortSrcList(const LocalTensor<T> src1In, const LocalTensor<T> src2In, const LocalTensor<T> src3In,
                   const LocalTensor<T> src4In)
        : src1(src1In[0]), src2(src2In[0]), src3(src3In[0]), src4(src4In[0]) {}
    LocalTensor<T> src1;
    LocalTensor<T> src2;
    LocalTensor<T> src3;
    LocalTensor<T> src4;
};

struct MrgSort4Info {
    MrgSort4Info() {}
    MrgSort4Info(const uint16_t elementLengthsIn[4], const bool ifExhaustedSuspensionIn, const uint16_t validBitIn,
                 const uint16_t repeatTimesIn)
        : ifExhaustedSuspension(ifExhaustedSuspensionIn), validBit(validBitIn), repeatTimes(repeatTimesIn) {
        for (int i = 0; i < 4; ++i) elementLengths[i] = elementLengthsIn[i];
    }
    uint16_t elementLengths[4] = {0, 0, 0, 0};
    bool ifExhaustedSuspension = false;
    uint16_t validBit = 0;
    uint16_t repeatTimes = 1;
};

}  // namespace AscendC

namespace kgemu {
namespace detail {

// One (score, index) structure, the score widened to float.
struct SortItem {
    float score;
    uint32_t index;
};

// a before b in a sorted list: the higher score first, NaN before every number.
inline bool sort_before(float a, float b) {
    if (std::isnan(a)) return !std::isnan(b);
    if (std::isnan(b)) return false;
    return a > b;
}

template <typename T>
inline SortItem sort_load(const uint8_t* p) {
    SortItem it;
    T s;
    std::memcpy(&s, p, sizeof(T));
    it.score = to_f32(s);
    std::memcpy(&it.index, p + 4, 4);
    return it;
}

template <typename T>
inline void sort_store(uint8_t* p, const SortItem& it) {
    std::memset(p, 0, 8);
    const T s = from_f32<T>(it.score);  // exact: the score came from a T
    std::memcpy(p, &s, sizeof(T));
    std::memcpy(p + 4, &it.index, 4);
}

template <typename T>
inline void check_sort_call(BlockState& b, const char* api) {
    static_assert(std::is_same<T, half>::value || std::is_same<T, float>::value,
                  "kgemu: Sort32 / MrgSort / Extract take half or float scores");
    const int32_t arch = b.soc->npu_arch;
    if (arch != 2201 && arch != 3002 && arch != 3510) {
        fail(api, strf("not supported on %s (the (score, index) sort instructions are Atlas A2/A3, 200I/500 A2 and "
                       "Ascend 950; the region-proposal forms of %s are not emulated)", soc_name(b), soc_name(b)));
    }
}

inline void check_repeat(const char* api, int64_t repeat) {
    if (repeat < 0 || repeat > 255) fail(api, strf("repeatTime %lld is outside [0, 255]", static_cast<long long>(repeat)));
}

inline void check_disjoint(const char* api, const char* a, uint64_t a0, uint64_t a1, const char* b, uint64_t b0,
                           uint64_t b1) {
    if (a0 < b1 && b0 < a1) {
        fail(api, strf("%s UB [%llu, %llu) overlaps %s UB [%llu, %llu): the sort instructions do not work in place",
                       a, static_cast<unsigned long long>(a0), static_cast<unsigned long long>(a1), b,
                       static_cast<unsigned long long>(b0), static_cast<unsigned long long>(b1)));
    }
}

// The structures each list gave in the last MrgSort of this block's thread (GetMrgSortResult).
inline thread_local uint16_t tl_mrg_sort_result[4] = {0, 0, 0, 0};

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <typename T>
inline void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src1,
                   const int32_t repeatTime) {
    const char* api = "Sort32";
    auto& b = kgemu::detail::api_enter(api);
    kgemu::detail::check_sort_call<T>(b, api);
    kgemu::detail::check_repeat(api, repeatTime);
    const uint64_t n = static_cast<uint64_t>(repeatTime) * 32;
    kgemu::detail::note_vector(b, api, n, sizeof(T), n * 8);
    if (n == 0) return;
    uint8_t* d = reinterpret_cast<uint8_t*>(kgemu::detail::ub_operand(b, api, "dst", dst, n * 8));
    const T* s = kgemu::detail::ub_operand(b, api, "src0", src0, n * sizeof(T));
    const uint32_t* ix = kgemu::detail::ub_operand(b, api, "src1", src1, n * 4);
    const uint64_t od = kgemu::detail::ub_offset_of(b, d), os = kgemu::detail::ub_offset_of(b, s),
                   oi = kgemu::detail::ub_offset_of(b, ix);
    kgemu::detail::check_disjoint(api, "dst", od, od + n * 8, "src0", os, os + n * sizeof(T));
    kgemu::detail::check_disjoint(api, "dst", od, od + n * 8, "src1", oi, oi + n * 4);
    kgemu::detail::ApiCall call(b, api, ::PIPE_V);
    call.read(src0, 0, n);
    call.read(src1, 0, n);
    call.write(dst, 0, n * 8 / sizeof(T));
    call.commit();
    std::vector<kgemu::detail::SortItem> group(32);
    for (int32_t r = 0; r < repeatTime; ++r) {
        for (uint32_t k = 0; k < 32; ++k) group[k] = {kgemu::detail::to_f32(s[r * 32 + k]), ix[r * 32 + k]};
        std::stable_sort(group.begin(), group.end(), [](const kgemu::detail::SortItem& x,
                                                        const kgemu::detail::SortItem& y) {
            return kgemu::detail::sort_before(x.score, y.score);
        });
        for (uint32_t k = 0; k < 32; ++k) kgemu::detail::sort_store<T>(d + (static_cast<uint64_t>(r) * 32 + k) * 8, group[k]);
    }
}

template <typename T>
inline void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params) {
    const char* api = "MrgSort";
    auto& b = kgemu::detail::api_enter(api);
    kgemu::detail::check_sort_call<T>(b, api);
    int lists = 0;
    switch (params.validBit) {
        case 3: lists = 2; break;
        case 7: lists = 3; break;
        case 15: lists = 4; break;
        default:
            kgemu::detail::fail(api, kgemu::detail::strf("validBit %u is not 3, 7 or 15 (the first 2, 3 or 4 lists)",
                                                         params.validBit));
    }
    kgemu::detail::check_repeat(api, params.repeatTimes);
    const LocalTensor<T>* srcs[4] = {&src.src1, &src.src2, &src.src3, &src.src4};
    uint64_t len[4] = {0, 0, 0, 0}, total = 0;
    for (int k = 0; k < lists; ++k) {
        len[k] = params.elementLengths[k];
        if (len[k] > 4095) {
            kgemu::detail::fail(api, kgemu::detail::strf("elementLengths[%d] = %llu is outside [0, 4095]", k,
                                                         static_cast<unsigned long long>(len[k])));
        }
        total += len[k];
    }
    const uint32_t repeat = params.repeatTimes;
    kgemu::detail::note_vector(b, api, total * repeat, sizeof(T), total * repeat * 8);
    if (repeat == 0) return;
    const char* roles[4] = {"src1", "src2", "src3", "src4"};
    const uint8_t* sp[4] = {nullptr, nullptr, nullptr, nullptr};
    if (repeat > 1) {
        bool contiguous = lists == 4 && !params.ifExhaustedSuspension;
        for (int k = 0; contiguous && k < 4; ++k) {
            contiguous = len[k] == len[0] && (srcs[k]->kg_addr != nullptr) &&
                         reinterpret_cast<const uint8_t*>(srcs[k]->kg_addr) ==
                             reinterpret_cast<const uint8_t*>(srcs[0]->kg_addr) + k * len[0] * 8;
        }
        if (!contiguous) {
            kgemu::detail::fail(api, kgemu::detail::strf("repeatTimes %u needs four lists of equal length stored one "
                                                         "after another, validBit 15 and ifExhaustedSuspension false",
                                                         repeat));
        }
    }
    // A repeated merge reads the four lists as one span from src1.
    for (int k = 0; k < lists; ++k) {
        const uint64_t bytes = repeat > 1 ? (k == 0 ? total * repeat * 8 : 0) : len[k] * 8;
        if (repeat > 1 && k > 0) {
            sp[k] = sp[0] + k * len[0] * 8;
            continue;
        }
        sp[k] = reinterpret_cast<const uint8_t*>(
            kgemu::detail::ub_operand(b, api, roles[k], *srcs[k], bytes > 0 ? bytes : 8, 8));
    }
    uint8_t* d = reinterpret_cast<uint8_t*>(kgemu::detail::ub_operand(b, api, "dst", dst, total * repeat * 8));
    const uint64_t od = kgemu::detail::ub_offset_of(b, d);
    for (int k = 0; k < lists; ++k) {
        const uint64_t o = kgemu::detail::ub_offset_of(b, sp[k]);
        const uint64_t bytes = repeat > 1 ? total * repeat * 8 : len[k] * 8;
        kgemu::detail::check_disjoint(api, "dst", od, od + total * repeat * 8, roles[k], o, o + bytes);
        if (repeat > 1) break;
    }
    // Merge first, then describe what was written (a suspended merge writes fewer structures).
    std::vector<kgemu::detail::SortItem> out;
    out.reserve(static_cast<size_t>(total * repeat));
    uint64_t used[4] = {0, 0, 0, 0};
    for (uint32_t r = 0; r < repeat; ++r) {
        const uint64_t base = static_cast<uint64_t>(r) * total * 8;
        for (int k = 0; k < 4; ++k) used[k] = 0;
        for (;;) {
            int best = -1;
            kgemu::detail::SortItem bi{0.0f, 0};
            bool exhausted = false;
            for (int k = 0; k < lists; ++k) {
                if (used[k] == len[k]) {
                    exhausted = true;
                    continue;
                }
                const auto it = kgemu::detail::sort_load<T>(sp[k] + base + used[k] * 8);
                if (best < 0 || kgemu::detail::sort_before(it.score, bi.score)) {
                    best = k;
                    bi = it;
                }
            }
            if (best < 0 || (exhausted && params.ifExhaustedSuspension)) break;
            out.push_back(bi);
            ++used[best];
        }
    }
    for (int k = 0; k < 4; ++k) kgemu::detail::tl_mrg_sort_result[k] = static_cast<uint16_t>(used[k]);
    kgemu::detail::ApiCall call(b, api, ::PIPE_V);
    for (int k = 0; k < lists; ++k) {
        if (repeat > 1) {
            call.read(*srcs[0], 0, total * repeat * 8 / sizeof(T));
            break;
        }
        if (len[k] > 0) call.read(*srcs[k], 0, len[k] * 8 / sizeof(T));
    }
    if (!out.empty()) call.write(dst, 0, out.size() * 8 / sizeof(T));
    call.commit();
    for (size_t i = 0; i < out.size(); ++i) kgemu::detail::sort_store<T>(d + i * 8, out[i]);
}

// The number of structures each list contributed to the last MrgSort (meaningful after a suspended merge).
inline void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3,
                             uint16_t& mrgSortList4) {
    kgemu::detail::api_enter("GetMrgSortResult");
    mrgSortList1 = kgemu::detail::tl_mrg_sort_result[0];
    mrgSortList2 = kgemu::detail::tl_mrg_sort_result[1];
    mrgSortList3 = kgemu::detail::tl_mrg_sort_result[2];
    mrgSortList4 = kgemu::detail::tl_mrg_sort_result[3];
}

template <typename T>
inline void Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& dstIndex, const LocalTensor<T>& sorted,
                    const int32_t repeatTime) {
    const char* api = "Extract";
    auto& b = kgemu::detail::api_enter(api);
    kgemu::detail::check_sort_call<T>(b, api);
    kgemu::detail::check_repeat(api, repeatTime);
    const uint64_t n = static_cast<uint64_t>(repeatTime) * 32;
    kgemu::detail::note_vector(b, api, n, sizeof(T), n * 8);
    if (n == 0) return;
    const uint8_t* s = reinterpret_cast<const uint8_t*>(kgemu::detail::ub_operand(b, api, "sorted", sorted, n * 8));
    T* dv = kgemu::detail::ub_operand(b, api, "dstValue", dstValue, n * sizeof(T));
    uint32_t* di = kgemu::detail::ub_operand(b, api, "dstIndex", dstIndex, n * 4);
    const uint64_t os = kgemu::detail::ub_offset_of(b, s), ov = kgemu::detail::ub_offset_of(b, dv),
                   oi = kgemu::detail::ub_offset_of(b, di);
    kgemu::detail::check_disjoint(api, "dstValue", ov, ov + n * sizeof(T), "sorted", os, os + n * 8);
    kgemu::detail::check_disjoint(api, "dstIndex", oi, oi + n * 4, "sorted", os, os + n * 8);
    kgemu::detail::ApiCall call(b, api, ::PIPE_V);
    call.read(sorted, 0, n * 8 / sizeof(T));
    call.write(dstValue, 0, n);
    call.write(dstIndex, 0, n);
    call.commit();
    for (uint64_t i = 0; i < n; ++i) {
        std::memcpy(dv + i, s + i * 8, sizeof(T));
        std::memcpy(di + i, s + i * 8 + 4, 4);
    }
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_SORT_H
