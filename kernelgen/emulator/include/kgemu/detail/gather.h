// kernelgen CPU emulator (private, kernel side): Gather and GatherMask (hicann/asc-devkit docs Gather.md,
// GatherMask.md).
//
// Gather: dst[i] = the element of src at byte offset srcBaseAddr + srcOffset[i] (offsets in bytes, relative to
// src, aligned to the element size). Count form: i in [0, count); mask form: repeat r gathers the active elements
// k of the mask into dst + r * dstRepStride blocks, reading srcOffset[r * per_rep + k].
// Scatter: the reverse of Gather's count form (dst at byte offset dstBaseAddr + dstOffset[i] gets src[i]).
// GatherMask: keeps the elements of src0 whose gather-mask bit is 1 and packs them at the start of dst; rsvdCnt
// gets how many. The mask is a built-in pattern (1: even indices, 2: odd, 3..6: index % 4 == 0..3, 7: all) or a
// user pattern tensor (uint16_t bits for 16-bit T, uint32_t for 32-bit T; repeat r reads the pattern at
// src1 + r * src1RepeatStride blocks). reduceMode false: repeatTimes repeats of 256 bytes (mask ignored);
// true (counter mode, A2/A3 "configuration one"): repeatTimes repeats of mask elements each. The call leaves the
// mask register in normal mode, as the NPU does.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/gather.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_GATHER_H
#define KGEMU_DETAIL_GATHER_H

#include <cstdint>
#include <cstring>
#include <vector>

#include "kgemu/detail/access.h"
#include "kgemu/detail/vec_common.h"

namespace AscendC {

struct GatherMaskParams {
    GatherMaskParams() = default;
    GatherMaskParams(const uint8_t src0BlockStrideIn, const uint16_t repeatTimesIn, const uint16_t src0RepeatStrideIn,
                     const uint8_t src1RepeatStrideIn)
        : src0BlockStride(src0BlockStrideIn),
          repeatTimes(repeatTimesIn),
          src0RepeatStride(src0RepeatStrideIn),
          src1RepeatStride(src1RepeatStrideIn) {}
    uint8_t src0BlockStride = DEFAULT_BLK_STRIDE;
    uint16_t repeatTimes = 0;
    uint16_t src0RepeatStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepeatStride = DEFAULT_REPEAT_STRIDE;
};

enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V1;

}  // namespace AscendC

namespace kgemu {
namespace detail {

template <typename T>
inline void check_gather_dtype(BlockState& b, const char* api) {
    static_assert(sizeof(T) == 2 || sizeof(T) == 4,
                  "kgemu: Gather / GatherMask take 16- or 32-bit elements (half, bfloat16_t, int16_t, uint16_t, "
                  "float, int32_t, uint32_t)");
    check_bf16_any<T>(b, api);
}

// Reads the element at byte offset `off` of src (checked against src's buffer and the element alignment).
template <typename T>
inline T gather_read(const char* api, const AscendC::LocalTensor<T>& src, uint64_t off, uint64_t i) {
    const auto& b = *tl_block;
    const uint64_t base = ub_offset_of(b, src.kg_addr);
    if (off % sizeof(T) != 0) {
        fail(api, strf("offset %llu of element %llu is not a multiple of %zu bytes (sizeof %s): offsets are in "
                       "bytes and must be aligned to the element size",
                       static_cast<unsigned long long>(off), static_cast<unsigned long long>(i), sizeof(T),
                       dtype_info<T>::name));
    }
    if (base + off + sizeof(T) > src.kg_buf_end) {
        fail(api, strf("offset %llu bytes of element %llu reads past the end of src's buffer [%u, %u) (UB offset "
                       "%llu): srcOffset values are byte offsets from src's start",
                       static_cast<unsigned long long>(off), static_cast<unsigned long long>(i), src.kg_buf_begin,
                       src.kg_buf_end, static_cast<unsigned long long>(base + off)));
    }
    T v;
    std::memcpy(&v, reinterpret_cast<const uint8_t*>(src.kg_addr) + off, sizeof(T));
    return v;
}

// The bytes of src a Gather reads: srcBaseAddr + srcOffset[i] are byte offsets from src's start that may reach
// anywhere in src's buffer, past its view (the docs bound them by the element alignment only; gather_read checks
// them against the buffer). The ApiCall declares [lowest, highest + sizeof(T)) of what was read, as a conservative
// extent (the bytes between the gathered elements need not hold values).
struct GatherSpan {
    uint64_t lo = UINT64_MAX, hi = 0;
    void add(uint64_t off) {
        lo = off < lo ? off : lo;
        hi = off > hi ? off : hi;
    }
    template <typename T>
    void describe(ApiCall& call, const AscendC::LocalTensor<T>& src) const {
        if (lo <= hi) call.read_extent(src, lo / sizeof(T), (hi - lo) / sizeof(T) + 1);
    }
};

// The gather-mask bit of element k (of per_rep) in repeat r.
struct GatherPattern {
    uint8_t builtin = 0;            // 1..7, or 0 for a user pattern
    const uint8_t* user = nullptr;  // repeat 0's pattern bits
    uint64_t user_rep_bytes = 0;    // src1RepeatStride in bytes
    bool test(uint32_t r, uint64_t k) const {
        switch (builtin) {
            case 1: return k % 2 == 0;
            case 2: return k % 2 == 1;
            case 3: case 4: case 5: case 6: return k % 4 == static_cast<uint64_t>(builtin - 3);
            case 7: return true;
            default: break;
        }
        const uint8_t* p = user + r * user_rep_bytes;
        return (p[k / 8] >> (k % 8)) & 1U;
    }
};

template <typename T, typename P>
inline uint64_t gather_mask_run(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                                const GatherPattern& pat, const AscendC::LocalTensor<P>* user, bool reduceMode,
                                uint32_t mask, const AscendC::GatherMaskParams& p) {
    const char* api = "GatherMask";
    auto& b = api_enter(api);
    check_gather_dtype<T>(b, api);
    const uint32_t per_rep = 256 / sizeof(T);
    const uint32_t epb = 32 / sizeof(T);
    const uint32_t repeat = p.repeatTimes;
    if (reduceMode && mask == 0) fail(api, "reduceMode true (counter mode) needs mask in [1, 2^32 - 1], got 0");
    const uint64_t per = reduceMode ? mask : per_rep;  // elements per repeat
    b.mask_counter = false;                            // the instruction leaves the mask register in normal mode
    note_vector(b, api, static_cast<uint64_t>(repeat) * per, sizeof(T), static_cast<uint64_t>(repeat) * 256ULL);
    if (repeat == 0) return 0;
    ApiCall call(b, api, ::PIPE_V);
    const uint64_t last = per - 1;  // src0 extent: the last element of the last repeat
    const uint64_t src_bytes = (static_cast<uint64_t>(repeat - 1) * p.src0RepeatStride +
                                (last / epb) * p.src0BlockStride) * 32 + (last % epb + 1) * sizeof(T);
    const uint8_t* s = reinterpret_cast<const uint8_t*>(ub_operand(b, api, "src0", src0, src_bytes));
    call.read(src0, 0, (src_bytes + sizeof(T) - 1) / sizeof(T));
    GatherPattern pt = pat;
    if (user != nullptr) {
        const uint64_t pat_bytes = static_cast<uint64_t>(repeat - 1) * p.src1RepeatStride * 32 + (per + 7) / 8;
        pt.user = reinterpret_cast<const uint8_t*>(ub_operand(b, api, "src1Pattern", *user, pat_bytes));
        pt.user_rep_bytes = static_cast<uint64_t>(p.src1RepeatStride) * 32;
        call.read(*user, 0, (pat_bytes + sizeof(P) - 1) / sizeof(P));
    }
    std::vector<T> kept;
    kept.reserve(static_cast<size_t>(repeat * per));
    for (uint32_t r = 0; r < repeat; ++r) {
        for (uint64_t k = 0; k < per; ++k) {
            if (!pt.test(r, k)) continue;
            T v;
            std::memcpy(&v, s + (static_cast<uint64_t>(r) * p.src0RepeatStride + (k / epb) * p.src0BlockStride) * 32 +
                                (k % epb) * sizeof(T), sizeof(T));
            kept.push_back(v);
        }
    }
    if (!kept.empty()) {
        T* d = ub_operand(b, api, "dst", dst, kept.size() * sizeof(T));
        call.write(dst, 0, kept.size());
        call.commit();
        std::memcpy(d, kept.data(), kept.size() * sizeof(T));
    }
    return kept.size();
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

// ---- Gather, count form ----
template <typename T>
inline void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
                   const uint32_t srcBaseAddr, const uint32_t count) {
    auto& b = kgemu::detail::api_enter("Gather");
    kgemu::detail::check_gather_dtype<T>(b, "Gather");
    kgemu::detail::note_vector(b, "Gather", count, sizeof(T), static_cast<uint64_t>(count) * sizeof(T));
    if (count == 0) return;
    T* d = kgemu::detail::ub_operand(b, "Gather", "dst", dst, static_cast<uint64_t>(count) * sizeof(T));
    const uint32_t* off =
        kgemu::detail::ub_operand(b, "Gather", "srcOffset", srcOffset, static_cast<uint64_t>(count) * sizeof(uint32_t));
    kgemu::detail::ub_operand(b, "Gather", "src", src, sizeof(T));
    std::vector<T> out(count);  // read everything first: dst may alias src
    kgemu::detail::GatherSpan span;
    for (uint32_t i = 0; i < count; ++i) {
        const uint64_t o = static_cast<uint64_t>(srcBaseAddr) + off[i];
        out[i] = kgemu::detail::gather_read("Gather", src, o, i);
        span.add(o);
    }
    kgemu::detail::ApiCall call(b, "Gather", ::PIPE_V);
    call.read(srcOffset, 0, count);
    span.describe<T>(call, src);
    call.write(dst, 0, count);
    call.commit();
    std::memcpy(d, out.data(), out.size() * sizeof(T));
}

// ---- Gather, mask / repeat form: repeat r gathers the active elements of the mask ----
#define KGEMU_GATHER_MASKED(MASK_T)                                                                                   \
    template <typename T>                                                                                           \
    inline void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset, \
                       const uint32_t srcBaseAddr, MASK_T mask, const uint8_t repeatTime,                          \
                       const uint16_t dstRepStride) {                                                               \
        auto& b = kgemu::detail::api_enter("Gather");                                                               \
        kgemu::detail::check_gather_dtype<T>(b, "Gather");                                                          \
        const auto m = kgemu::detail::call_mask<true>("Gather", mask, 256 / sizeof(T), repeatTime);                 \
        kgemu::detail::note_vector(b, "Gather", m.total(), sizeof(T), m.repeat * 256ULL);                           \
        if (m.repeat == 0) return;                                                                                  \
        const auto od = kgemu::detail::rep_operand(b, "Gather", "dst", dst, 1, dstRepStride, m);                    \
        const uint32_t* off = kgemu::detail::ub_operand(b, "Gather", "srcOffset", srcOffset,                        \
                                                        static_cast<uint64_t>(m.repeat) * m.per_rep * 4);           \
        kgemu::detail::ub_operand(b, "Gather", "src", src, sizeof(T));                                              \
        std::vector<std::pair<uint8_t*, T>> out;                                                                    \
        kgemu::detail::GatherSpan span;                                                                             \
        kgemu::detail::for_active(m, [&](uint32_t r, uint32_t k) {                                                  \
            const uint64_t i = static_cast<uint64_t>(r) * m.per_rep + k;                                            \
            const uint64_t o = static_cast<uint64_t>(srcBaseAddr) + off[i];                                         \
            out.emplace_back(kgemu::detail::rep_addr(od, r, k), kgemu::detail::gather_read("Gather", src, o, i));   \
            span.add(o);                                                                                            \
        });                                                                                                         \
        kgemu::detail::ApiCall call(b, "Gather", ::PIPE_V);                                                         \
        call.read(srcOffset, 0, static_cast<uint64_t>(m.repeat) * m.per_rep);                                       \
        span.describe<T>(call, src);                                                                                \
        call.write(dst, 0, kgemu::detail::mask_extent(sizeof(T), 1, dstRepStride, m) / sizeof(T));                  \
        call.commit();                                                                                              \
        for (const auto& e : out) std::memcpy(e.first, &e.second, sizeof(T));                                       \
    }
KGEMU_GATHER_MASKED(const uint64_t)
KGEMU_GATHER_MASKED(const uint64_t*)
#undef KGEMU_GATHER_MASKED

// ---- GatherMask: a user pattern tensor ----
template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
inline void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1Pattern,
                       const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                       uint64_t& rsvdCnt) {
    static_assert(sizeof(U) == sizeof(T) && std::is_unsigned<U>::value,
                  "kgemu: GatherMask's src1Pattern is uint16_t for 16-bit T and uint32_t for 32-bit T");
    rsvdCnt = kgemu::detail::gather_mask_run<T, U>(dst, src0, kgemu::detail::GatherPattern{}, &src1Pattern, reduceMode,
                                                   mask, gatherMaskParams);
}

// ---- GatherMask: a built-in pattern 1..7 ----
template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
inline void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern,
                       const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                       uint64_t& rsvdCnt) {
    if (src1Pattern < 1 || src1Pattern > 7) {
        kgemu::detail::api_enter("GatherMask");
        kgemu::detail::fail("GatherMask", kgemu::detail::strf("built-in pattern %u is outside [1, 7] (1: even "
                                                              "indices, 2: odd, 3..6: one of every four, 7: all)",
                                                              src1Pattern));
    }
    kgemu::detail::GatherPattern pat;
    pat.builtin = src1Pattern;
    rsvdCnt = kgemu::detail::gather_mask_run<T, uint8_t>(dst, src0, pat, nullptr, reduceMode, mask, gatherMaskParams);
}

// ---- Scatter, count form: dst's element at byte offset dstBaseAddr + dstOffset[i] becomes src[i] ----
template <typename T>
inline void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& dstOffset,
                    const uint32_t dstBaseAddr, const uint32_t count) {
    auto& b = kgemu::detail::api_enter("Scatter");
    kgemu::detail::check_gather_dtype<T>(b, "Scatter");
    kgemu::detail::note_vector(b, "Scatter", count, sizeof(T), static_cast<uint64_t>(count) * sizeof(T));
    if (count == 0) return;
    const T* s = kgemu::detail::ub_operand(b, "Scatter", "src", src, static_cast<uint64_t>(count) * sizeof(T));
    const uint32_t* off =
        kgemu::detail::ub_operand(b, "Scatter", "dstOffset", dstOffset, static_cast<uint64_t>(count) * sizeof(uint32_t));
    kgemu::detail::ub_operand(b, "Scatter", "dst", dst, sizeof(T));
    // What the hardware addresses: dst's start + dstBaseAddr + dstOffset[i] (bytes), element by element, anywhere
    // in dst's buffer (not bounded by the view): the runs of those bytes in element order.
    const uint64_t base = kgemu::detail::ub_offset_of(b, dst.kg_addr);
    std::vector<kgemu::detail::SanSpan> runs;
    for (uint32_t i = 0; i < count; ++i) {
        const uint64_t o = static_cast<uint64_t>(dstBaseAddr) + off[i];
        kgemu::detail::gather_read("Scatter", dst, o, i);  // the same offset checks as Gather's
        kgemu::detail::san_span_push(runs, base + o, base + o + sizeof(T));
    }
    kgemu::detail::ApiCall call(b, "Scatter", ::PIPE_V);
    call.read(src, 0, count);
    call.read(dstOffset, 0, count);
    call.write_runs(dst, runs.data(), static_cast<uint32_t>(runs.size()));
    call.commit();
    std::vector<T> in(s, s + count);  // read everything first: src may alias dst
    for (uint32_t i = 0; i < count; ++i) {
        const uint64_t o = static_cast<uint64_t>(dstBaseAddr) + off[i];
        std::memcpy(b.ub + base + o, &in[i], sizeof(T));
    }
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_GATHER_H
