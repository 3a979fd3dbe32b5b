// kernelgen CPU emulator (private, kernel side): DataCopy and DataCopyPad between GM and UB.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/data_copy.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_DATA_COPY_H
#define KGEMU_DETAIL_DATA_COPY_H

#include <cstdint>
#include <cstring>
#include <mutex>
#include <type_traits>

#include "kgemu/detail/tensor.h"

namespace AscendC {

// Strides of the DataCopy form are in 32-byte blocks on both sides.
struct DataCopyParams {
    DataCopyParams() {}
    DataCopyParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn, const uint16_t dstStrideIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn) {}

    uint16_t blockCount = DEFAULT_DATA_COPY_NBURST;
    uint16_t blockLen = 0;
    union {
        uint16_t srcGap = 0;
        uint16_t srcStride;
    };
    union {
        uint16_t dstGap = 0;
        uint16_t dstStride;
    };
};

// DataCopyPad: blockLen in bytes; the GM-side stride in bytes, the UB-side stride in 32-byte blocks.
struct DataCopyExtParams {
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510)
    using StrideT = int64_t;
#else
    using StrideT = uint32_t;
#endif
    DataCopyExtParams() {}
    DataCopyExtParams(const uint16_t count, const uint32_t len, const StrideT srcStrideIn, const StrideT dstStrideIn,
                      const uint32_t rsvIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), rsv(rsvIn) {}

    uint16_t blockCount = DEFAULT_DATA_COPY_NBURST;
    uint32_t blockLen = 0;
    StrideT srcStride = DEFAULT_DATA_COPY_STRIDE;
    StrideT dstStride = DEFAULT_DATA_COPY_STRIDE;
    uint32_t rsv = 0;
};

struct DataCopyPadParams {
    DataCopyPadParams() {}
    DataCopyPadParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue,
                      const uint64_t padValue)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue) {}

    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
};

template <typename T>
struct DataCopyPadExtParams {
    DataCopyPadExtParams() {}
    DataCopyPadExtParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue, T padValue)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue) {}

    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    T paddingValue = T(0);
};

enum class PaddingMode : uint8_t { Normal = 0, Compact };

// SetLoopModePara (Ascend 950): the copies of one direction repeat over an inner and an outer loop.
enum class DataCopyMVType : uint8_t { UB_TO_OUT = 0, OUT_TO_UB = 1 };
struct LoopModeParams {
    uint32_t loop1Size = 0;
    uint32_t loop2Size = 0;
    uint64_t loop1SrcStride = 0;
    uint64_t loop1DstStride = 0;
    uint64_t loop2SrcStride = 0;
    uint64_t loop2DstStride = 0;
};

}  // namespace AscendC

namespace kgemu {
namespace detail {

inline void trace_mte(BlockState& b, const char* api, const char* pipe, uint64_t bytes, uint32_t esize,
                      int64_t gm_off) {
    if (__builtin_expect(b.trace, 0)) trace_push(b, api, pipe, bytes, 0, 0, esize, gm_off, -1, -1);
}

template <typename T>
inline void check_gm_elem_align(const char* api, const T* p) {
    if (reinterpret_cast<uintptr_t>(p) % sizeof(T) != 0) {
        fail(api, strf("the GM address is not aligned to sizeof(%s) = %zu bytes", dtype_info<T>::name, sizeof(T)));
    }
}

template <typename T>
inline void check_count_form_bytes(const char* api, uint64_t count) {
    const uint64_t bytes = count * sizeof(T);
    if (bytes % 32 != 0) {
        fail(api, strf("count %llu of %s is %llu bytes, not a multiple of 32: the NPU would silently round it down "
                       "to a whole number of 32-byte blocks (%llu bytes) and leave the last %llu bytes uncopied; "
                       "use DataCopyPad (or a 32-byte aligned count) for unaligned lengths",
                       static_cast<unsigned long long>(count), dtype_info<T>::name,
                       static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(bytes / 32 * 32),
                       static_cast<unsigned long long>(bytes % 32)));
    }
}

// A UB -> GM write of n elements: a plain copy, or (after SetAtomicAdd / Max / Min) an element-wise combine with
// what GM holds, serialised across blocks as the NPU's atomic unit does.
inline std::mutex& atomic_mutex() {
    static std::mutex m;
    return m;
}

template <typename T>
inline void gm_store(BlockState& b, const char* api, T* dst, const T* src, uint64_t n) {
    san_gm_write(b, dst, n * sizeof(T));
    if (b.atomic_op == 0) {
        std::memcpy(dst, src, n * sizeof(T));
        return;
    }
    if (b.atomic_dtype != dtype_info<T>::bit) {
        fail(api, strf("an atomic %s is set for another dtype than this copy's %s (SetAtomic* names the GM element "
                       "type)", b.atomic_op == 1 ? "add" : (b.atomic_op == 2 ? "max" : "min"), dtype_info<T>::name));
    }
    if constexpr (std::is_same<T, float>::value || is_half_like<T>::value || std::is_same<T, int32_t>::value ||
                  std::is_same<T, int16_t>::value || std::is_same<T, int8_t>::value) {
        std::lock_guard<std::mutex> lock(atomic_mutex());
        for (uint64_t i = 0; i < n; ++i) {
            if constexpr (std::is_integral<T>::value) {
                const T a = dst[i], v = src[i];
                dst[i] = b.atomic_op == 1 ? static_cast<T>(a + v) : (b.atomic_op == 2 ? (a > v ? a : v) : (a < v ? a : v));
            } else {
                const float a = to_f32(dst[i]), v = to_f32(src[i]);
                const float r = b.atomic_op == 1 ? a + v : (b.atomic_op == 2 ? (a > v ? a : v) : (a < v ? a : v));
                dst[i] = from_f32<T>(r);
            }
        }
    } else {
        fail(api, strf("atomic GM writes of %s are not supported (float, half, bfloat16_t, int32/16/8 are)",
                       dtype_info<T>::name));
    }
}

struct PadRow {
    uint16_t count;
    uint64_t len;          // bytes of data per block
    uint64_t gm_stride;    // bytes between block starts in GM
    uint64_t ub_stride32;  // extra 32-byte blocks between UB blocks
};

template <typename T>
inline void check_pad_common(BlockState& b, const char* api, uint64_t count, uint64_t len) {
    if (!b.soc->has_data_copy_pad) {
        fail(api, strf("DataCopyPad is not supported on %s (no unaligned DMA on this SOC); move 32-byte aligned "
                       "lengths with DataCopy instead",
                       soc_name(b)));
    }
    check_bf16_any<T>(b, api);
    if (count > 4095) fail(api, strf("blockCount %llu is outside [0, 4095]", static_cast<unsigned long long>(count)));
    if (len % sizeof(T) != 0) {
        fail(api, strf("blockLen %llu bytes is not a multiple of sizeof(%s) = %zu", static_cast<unsigned long long>(len),
                       dtype_info<T>::name, sizeof(T)));
    }
}

// GM -> UB with padding. Each block lands 32-byte aligned in UB as [left pad][data][right pad][dummy to 32 B].
template <typename T>
inline void pad_gm_to_ub(const char* api, const AscendC::LocalTensor<T>& dst, const T* src, const PadRow& r,
                         bool is_pad, uint32_t left, uint32_t right, T pad_value, const void* origin = nullptr) {
    auto& b = api_enter(api);
    check_pad_common<T>(b, api, r.count, r.len);
    if (left * sizeof(T) > 32 || right * sizeof(T) > 32) {
        fail(api, strf("leftPadding %u / rightPadding %u elements exceed 32 bytes", left, right));
    }
    if (sizeof(T) == 8 && is_pad && std::memcmp(&pad_value, "\0\0\0\0\0\0\0\0", 8) != 0) {
        fail(api, "paddingValue must be 0 for 64-bit types");
    }
    if (r.count == 0 || r.len == 0) return;
    const uint64_t row_bytes = left * sizeof(T) + r.len + right * sizeof(T);
    const uint64_t row_aligned = (row_bytes + 31) / 32 * 32;
    const uint64_t ub_stride = row_aligned + r.ub_stride32 * 32;
    const uint64_t ub_total = (r.count - 1) * ub_stride + row_aligned;
    const uint64_t gm_total = (r.count - 1) * r.gm_stride + r.len;
    san_pipe(b, ::PIPE_MTE2);
    auto* d = reinterpret_cast<uint8_t*>(ub_operand(b, api, "dst", dst, ub_total));
    san_rows(b, r.count, row_aligned, ub_stride);
    const int64_t gm_off = gm_check(api, src, gm_total, false, origin);
    gm_access(b, api, ::PIPE_MTE2, src, r.len, false, origin, r.count, r.gm_stride);
    const auto* g = reinterpret_cast<const uint8_t*>(src);
    // the value of pad elements: paddingValue, else SetPadValue's value, else undefined (poison)
    uint8_t padv[sizeof(T)];
    bool pad_defined = true;
    if (is_pad) {
        std::memcpy(padv, &pad_value, sizeof(T));
    } else if (b.pad_value_set) {
        std::memcpy(padv, &b.pad_value_bits, sizeof(T));
    } else {
        std::memset(padv, 0xFF, sizeof(T));
        pad_defined = false;
    }
    (void)pad_defined;
    for (uint32_t i = 0; i < r.count; ++i) {
        uint8_t* row = d + i * ub_stride;
        const uint8_t* gr = g + i * r.gm_stride;
        uint8_t* p = row;
        for (uint32_t k = 0; k < left; ++k, p += sizeof(T)) std::memcpy(p, padv, sizeof(T));
        std::memcpy(p, gr, r.len);
        p += r.len;
        for (uint32_t k = 0; k < right; ++k, p += sizeof(T)) std::memcpy(p, padv, sizeof(T));
        if (row_bytes != row_aligned) {
            const uint8_t* fill = nullptr;
            if (left == 0 && right == 0) {
                fill = gr;  // the NPU repeats the block's first element
            } else if (is_pad) {
                fill = padv;
            }
            for (uint64_t at = row_bytes; at < row_aligned; at += sizeof(T)) {
                if (fill != nullptr) {
                    std::memcpy(row + at, fill, sizeof(T));
                } else {
                    std::memset(row + at, 0xFF, sizeof(T));
                }
            }
        }
    }
    trace_mte(b, api, "MTE2", r.count * r.len, sizeof(T), gm_off);
}

// UB -> GM: exactly blockLen bytes per block are written; UB blocks start 32-byte aligned.
template <typename T>
inline void pad_ub_to_gm(const char* api, T* dst, const AscendC::LocalTensor<T>& src, uint16_t count, uint64_t len,
                         uint64_t ub_stride32, uint64_t gm_stride_extra, const void* origin = nullptr) {
    auto& b = api_enter(api);
    check_pad_common<T>(b, api, count, len);
    if (count == 0 || len == 0) return;
    const uint64_t ub_stride = (len + 31) / 32 * 32 + ub_stride32 * 32;
    const uint64_t ub_total = (count - 1) * ub_stride + len;
    const uint64_t gm_stride = len + gm_stride_extra;
    const uint64_t gm_total = (count - 1) * gm_stride + len;
    san_pipe(b, ::PIPE_MTE3);
    const auto* s = reinterpret_cast<const uint8_t*>(ub_operand(b, api, "src", src, ub_total));
    san_rows(b, count, len, ub_stride);
    const int64_t gm_off = gm_check(api, dst, gm_total, true, origin);
    gm_access(b, api, ::PIPE_MTE3, dst, len, true, origin, count, gm_stride);
    auto* g = reinterpret_cast<uint8_t*>(dst);
    for (uint32_t i = 0; i < count; ++i) {
        gm_store(b, api, reinterpret_cast<T*>(g + i * gm_stride), reinterpret_cast<const T*>(s + i * ub_stride),
                 len / sizeof(T));
    }
    trace_mte(b, api, "MTE3", count * len, sizeof(T), gm_off);
}

// PaddingMode::Compact (Ascend 950; asc-devkit DataCopyPad "Compact模式"): the blocks lie back to back in UB,
// with no 32-byte alignment of their own (the UB-side stride and the left/right padding do not apply); only the
// whole run is padded at its end to 32 bytes, with paddingValue (isPad), SetPadValue's value, or dummy bytes.
inline void check_compact_soc(const BlockState& b, const char* api) {
    require_arch_3510(b, api, "PaddingMode::Compact", ": use PaddingMode::Normal");
}

template <typename T>
inline void compact_gm_to_ub(const char* api, const AscendC::LocalTensor<T>& dst, const T* src, uint16_t count,
                             uint64_t len, uint64_t gm_step, bool is_pad, T pad_value, const void* origin) {
    auto& b = api_enter(api);
    check_compact_soc(b, api);
    check_pad_common<T>(b, api, count, len);
    if (count == 0 || len == 0) return;
    const uint64_t data = static_cast<uint64_t>(count) * len;
    const uint64_t total = (data + 31) / 32 * 32;
    uint8_t padv[sizeof(T)];
    const bool pad_defined = is_pad || b.pad_value_set;
    if (is_pad) {
        std::memcpy(padv, &pad_value, sizeof(T));
    } else if (b.pad_value_set) {
        std::memcpy(padv, &b.pad_value_bits, sizeof(T));
    }
    san_pipe(b, ::PIPE_MTE2);
    auto* d = reinterpret_cast<uint8_t*>(ub_operand(b, api, "dst", dst, total));
    if (std::vector<SanSpan>* v = san_spans_begin(b)) {  // dummy bytes stay undefined for the sanitizer
        const uint64_t base = b.san.p_ops[b.san.p_n - 1].begin;
        san_span_push(*v, base, base + (pad_defined ? total : data));
        san_spans_end(b);
    }
    const int64_t gm_off = gm_check(api, src, (count - 1) * gm_step + len, false, origin);
    gm_access(b, api, ::PIPE_MTE2, src, len, false, origin, count, gm_step);
    const auto* g = reinterpret_cast<const uint8_t*>(src);
    for (uint32_t i = 0; i < count; ++i) std::memcpy(d + i * len, g + i * gm_step, len);
    for (uint64_t at = data; at < total; at += sizeof(T)) {
        if (pad_defined) {
            std::memcpy(d + at, padv, sizeof(T));
        } else {
            std::memset(d + at, 0xFF, sizeof(T));
        }
    }
    trace_mte(b, api, "MTE2", data, sizeof(T), gm_off);
}

template <typename T>
inline void compact_ub_to_gm(const char* api, T* dst, const AscendC::LocalTensor<T>& src, uint16_t count,
                             uint64_t len, uint64_t gm_stride_extra, const void* origin) {
    auto& b = api_enter(api);
    check_compact_soc(b, api);
    check_pad_common<T>(b, api, count, len);
    if (count == 0 || len == 0) return;
    const uint64_t data = static_cast<uint64_t>(count) * len;
    const uint64_t gm_stride = len + gm_stride_extra;
    san_pipe(b, ::PIPE_MTE3);
    const auto* s = reinterpret_cast<const uint8_t*>(ub_operand(b, api, "src", src, data));
    const int64_t gm_off = gm_check(api, dst, (count - 1) * gm_stride + len, true, origin);
    gm_access(b, api, ::PIPE_MTE3, dst, len, true, origin, count, gm_stride);
    auto* g = reinterpret_cast<uint8_t*>(dst);
    for (uint32_t i = 0; i < count; ++i) {
        gm_store(b, api, reinterpret_cast<T*>(g + i * gm_stride), reinterpret_cast<const T*>(s + i * len),
                 len / sizeof(T));
    }
    trace_mte(b, api, "MTE3", data, sizeof(T), gm_off);
}

// ---- loop mode (SetLoopModePara): each DataCopyPad of the direction runs loop2Size x loop1Size times, the
// iteration (i1, i2) shifted by i1 * loop1 stride + i2 * loop2 stride bytes on each side (a size of 0: no copy) ----
template <typename T>
inline AscendC::LocalTensor<T> ub_view_at(const char* api, const AscendC::LocalTensor<T>& t, uint64_t bytes) {
    if (bytes % 32 != 0) {
        fail(api, strf("loop mode: a UB-side stride lands %llu bytes into the tensor, not 32-byte aligned",
                       static_cast<unsigned long long>(bytes)));
    }
    AscendC::LocalTensor<T> v = t;
    v.kg_addr = reinterpret_cast<T*>(reinterpret_cast<uint8_t*>(t.kg_addr) + bytes);
    const uint64_t elems = bytes / sizeof(T);
    v.kg_size = elems < t.kg_size ? static_cast<uint32_t>(t.kg_size - elems) : 0U;
    return v;
}
template <typename T>
inline T* gm_at(T* p, uint64_t bytes) {
    return reinterpret_cast<T*>(reinterpret_cast<uint8_t*>(const_cast<std::remove_const_t<T>*>(p)) + bytes);
}
// f(ub tensor, gm pointer) once, or once per loop-mode iteration of direction dir (0 UB -> GM, 1 GM -> UB).
template <typename T, typename G, typename F>
inline void in_loop_mode(int dir, const AscendC::LocalTensor<T>& ub, G* gm, F f) {
    const BlockState* b = tl_block;
    if (b == nullptr || !b->loop_mode[dir].on) {
        f(ub, gm);
        return;
    }
    const auto lm = b->loop_mode[dir];  // dir 1: GM is the source side; dir 0: UB is
    for (uint32_t i2 = 0; i2 < lm.n2; ++i2) {
        for (uint32_t i1 = 0; i1 < lm.n1; ++i1) {
            const uint64_t src = i1 * lm.s1 + i2 * lm.s2, dst = i1 * lm.d1 + i2 * lm.d2;
            f(ub_view_at("DataCopyPad", ub, dir == 1 ? dst : src), gm_at(gm, dir == 1 ? src : dst));
        }
    }
}
inline void refuse_loop_mode(const char* api, int dir) {
    const BlockState* b = tl_block;
    if (b != nullptr && b->loop_mode[dir].on) {
        fail(api, "DataCopy under SetLoopModePara is not emulated (DataCopyPad is): the copy would ignore the loops");
    }
}

struct BlockCopyGeometry {
    uint64_t len;       // bytes per block
    uint64_t src_step;  // bytes from one block's start to the next, source side
    uint64_t dst_step;  // the same, destination side
};

// Validates blockCount and computes the geometry; false for the documented NOP (blockCount or blockLen 0).
inline bool block_copy_geometry(const AscendC::DataCopyParams& p, BlockCopyGeometry& g) {
    if (p.blockCount > 4095) fail("DataCopy", strf("blockCount %u is outside [0, 4095]", p.blockCount));
    if (p.blockCount == 0 || p.blockLen == 0) return false;
    g.len = p.blockLen * 32ULL;
    g.src_step = (p.blockLen + static_cast<uint64_t>(p.srcStride)) * 32ULL;
    g.dst_step = (p.blockLen + static_cast<uint64_t>(p.dstStride)) * 32ULL;
    return true;
}
}  // namespace detail
}  // namespace kgemu

namespace AscendC {

// ---- DataCopy, count form: count * sizeof(T) must be a multiple of 32 bytes ----
template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count) {
    kgemu::detail::refuse_loop_mode("DataCopy", 1);
    auto& b = kgemu::detail::api_enter("DataCopy");
    kgemu::detail::check_bf16_any<T>(b, "DataCopy");
    kgemu::detail::check_count_form_bytes<T>("DataCopy", count);
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    kgemu::detail::san_pipe(b, ::PIPE_MTE2);
    T* d = kgemu::detail::ub_operand(b, "DataCopy", "dst", dst, bytes);
    kgemu::detail::check_gm_elem_align("DataCopy", src.kg_ptr);
    const int64_t off = kgemu::detail::gm_check("DataCopy", src.kg_ptr, bytes, false, src.kg_base);
    kgemu::detail::gm_access(b, "DataCopy", ::PIPE_MTE2, src.kg_ptr, bytes, false, src.kg_base);
    std::memcpy(d, src.kg_ptr, bytes);
    kgemu::detail::trace_mte(b, "DataCopy", "MTE2", bytes, sizeof(T), off);
    kgemu::detail::note_l2_mode("DataCopy", src.kg_cache);
}

template <typename T>
inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
    kgemu::detail::refuse_loop_mode("DataCopy", 0);
    auto& b = kgemu::detail::api_enter("DataCopy");
    kgemu::detail::check_bf16_any<T>(b, "DataCopy");
    kgemu::detail::check_count_form_bytes<T>("DataCopy", count);
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    kgemu::detail::san_pipe(b, ::PIPE_MTE3);
    const T* s = kgemu::detail::ub_operand(b, "DataCopy", "src", src, bytes);
    kgemu::detail::check_gm_elem_align("DataCopy", dst.kg_ptr);
    const int64_t off = kgemu::detail::gm_check("DataCopy", dst.kg_ptr, bytes, true, dst.kg_base);
    kgemu::detail::gm_access(b, "DataCopy", ::PIPE_MTE3, dst.kg_ptr, bytes, true, dst.kg_base);
    kgemu::detail::gm_store(b, "DataCopy", dst.kg_ptr, s, count);
    kgemu::detail::trace_mte(b, "DataCopy", "MTE3", bytes, sizeof(T), off);
    kgemu::detail::note_l2_mode("DataCopy", dst.kg_cache);
}

template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
    auto& b = kgemu::detail::api_enter("DataCopy");
    kgemu::detail::check_bf16_any<T>(b, "DataCopy");
    kgemu::detail::check_count_form_bytes<T>("DataCopy", count);
    const uint64_t bytes = static_cast<uint64_t>(count) * sizeof(T);
    T* d = kgemu::detail::ub_operand(b, "DataCopy", "dst", dst, bytes);
    const T* s = kgemu::detail::ub_operand(b, "DataCopy", "src", src, bytes);
    std::memmove(d, s, bytes);
    kgemu::detail::trace_mte(b, "DataCopy", "V", bytes, sizeof(T), -1);
}

// ---- DataCopy, DataCopyParams form: blockLen and strides in 32-byte blocks ----
template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p) {
    kgemu::detail::refuse_loop_mode("DataCopy", 1);
    auto& b = kgemu::detail::api_enter("DataCopy");
    kgemu::detail::check_bf16_any<T>(b, "DataCopy");
    kgemu::detail::BlockCopyGeometry g;
    if (!kgemu::detail::block_copy_geometry(p, g)) return;
    const uint64_t len = g.len, ss = g.src_step, ds = g.dst_step;
    kgemu::detail::san_pipe(b, ::PIPE_MTE2);
    auto* d = reinterpret_cast<uint8_t*>(kgemu::detail::ub_operand(b, "DataCopy", "dst", dst, (p.blockCount - 1) * ds + len));
    kgemu::detail::san_rows(b, p.blockCount, len, ds);
    kgemu::detail::check_gm_elem_align("DataCopy", src.kg_ptr);
    const int64_t off = kgemu::detail::gm_check("DataCopy", src.kg_ptr, (p.blockCount - 1) * ss + len, false, src.kg_base);
    kgemu::detail::gm_access(b, "DataCopy", ::PIPE_MTE2, src.kg_ptr, len, false, src.kg_base, p.blockCount, ss);
    const auto* s = reinterpret_cast<const uint8_t*>(src.kg_ptr);
    for (uint32_t i = 0; i < p.blockCount; ++i) std::memcpy(d + i * ds, s + i * ss, len);
    kgemu::detail::trace_mte(b, "DataCopy", "MTE2", p.blockCount * len, sizeof(T), off);
    kgemu::detail::note_l2_mode("DataCopy", src.kg_cache);
}

template <typename T>
inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    kgemu::detail::refuse_loop_mode("DataCopy", 0);
    auto& b = kgemu::detail::api_enter("DataCopy");
    kgemu::detail::check_bf16_any<T>(b, "DataCopy");
    kgemu::detail::BlockCopyGeometry g;
    if (!kgemu::detail::block_copy_geometry(p, g)) return;
    const uint64_t len = g.len, ss = g.src_step, ds = g.dst_step;
    kgemu::detail::san_pipe(b, ::PIPE_MTE3);
    const auto* s =
        reinterpret_cast<const uint8_t*>(kgemu::detail::ub_operand(b, "DataCopy", "src", src, (p.blockCount - 1) * ss + len));
    kgemu::detail::san_rows(b, p.blockCount, len, ss);
    kgemu::detail::check_gm_elem_align("DataCopy", dst.kg_ptr);
    const int64_t off = kgemu::detail::gm_check("DataCopy", dst.kg_ptr, (p.blockCount - 1) * ds + len, true, dst.kg_base);
    kgemu::detail::gm_access(b, "DataCopy", ::PIPE_MTE3, dst.kg_ptr, len, true, dst.kg_base, p.blockCount, ds);
    auto* d = reinterpret_cast<uint8_t*>(dst.kg_ptr);
    for (uint32_t i = 0; i < p.blockCount; ++i) {
        kgemu::detail::gm_store(b, "DataCopy", reinterpret_cast<T*>(d + i * ds), reinterpret_cast<const T*>(s + i * ss),
                                len / sizeof(T));
    }
    kgemu::detail::trace_mte(b, "DataCopy", "MTE3", p.blockCount * len, sizeof(T), off);
    kgemu::detail::note_l2_mode("DataCopy", dst.kg_cache);
}

template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    auto& b = kgemu::detail::api_enter("DataCopy");
    kgemu::detail::check_bf16_any<T>(b, "DataCopy");
    if (p.blockCount == 0 || p.blockLen == 0) return;
    const uint64_t len = p.blockLen * 32ULL;
    const uint64_t ss = (p.blockLen + static_cast<uint64_t>(p.srcStride)) * 32, ds = (p.blockLen + p.dstStride) * 32ULL;
    auto* d = reinterpret_cast<uint8_t*>(kgemu::detail::ub_operand(b, "DataCopy", "dst", dst, (p.blockCount - 1) * ds + len));
    kgemu::detail::san_rows(b, p.blockCount, len, ds);
    const auto* s =
        reinterpret_cast<const uint8_t*>(kgemu::detail::ub_operand(b, "DataCopy", "src", src, (p.blockCount - 1) * ss + len));
    kgemu::detail::san_rows(b, p.blockCount, len, ss);
    for (uint32_t i = 0; i < p.blockCount; ++i) std::memmove(d + i * ds, s + i * ss, len);
    kgemu::detail::trace_mte(b, "DataCopy", "V", p.blockCount * len, sizeof(T), -1);
}

// ---- DataCopyPad ----
template <typename T>
inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                        const DataCopyPadExtParams<T>& pad) {
    kgemu::detail::PadRow r{p.blockCount, p.blockLen, p.blockLen + static_cast<uint64_t>(p.srcStride),
                            static_cast<uint64_t>(p.dstStride)};
    kgemu::detail::in_loop_mode(1, dst, src.kg_ptr, [&](const LocalTensor<T>& d, T* s) {
        kgemu::detail::pad_gm_to_ub("DataCopyPad", d, s, r, pad.isPad, pad.leftPadding, pad.rightPadding,
                                    pad.paddingValue, src.kg_base);
    });
    kgemu::detail::note_l2_mode("DataCopyPad", src.kg_cache);
}

template <typename T>
inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                        const DataCopyPadParams& pad) {
    if (p.blockLen > 65535) kgemu::detail::fail("DataCopyPad", "blockLen above 65535");
    kgemu::detail::PadRow r{p.blockCount, p.blockLen, static_cast<uint64_t>(p.blockLen) + p.srcStride,
                            static_cast<uint64_t>(p.dstStride)};
    kgemu::detail::pad_gm_to_ub("DataCopyPad", dst, src.kg_ptr, r, pad.isPad, pad.leftPadding, pad.rightPadding,
                                static_cast<T>(pad.paddingValue), src.kg_base);
    kgemu::detail::note_l2_mode("DataCopyPad", src.kg_cache);
}

template <typename T>
inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p) {
    kgemu::detail::in_loop_mode(0, src, dst.kg_ptr, [&](const LocalTensor<T>& s, T* d) {
        kgemu::detail::pad_ub_to_gm("DataCopyPad", d, s, p.blockCount, p.blockLen, static_cast<uint64_t>(p.srcStride),
                                    static_cast<uint64_t>(p.dstStride), dst.kg_base);
    });
    kgemu::detail::note_l2_mode("DataCopyPad", dst.kg_cache);
}

template <typename T>
inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    kgemu::detail::pad_ub_to_gm("DataCopyPad", dst.kg_ptr, src, p.blockCount, p.blockLen,
                                static_cast<uint64_t>(p.srcStride), static_cast<uint64_t>(p.dstStride), dst.kg_base);
    kgemu::detail::note_l2_mode("DataCopyPad", dst.kg_cache);
}

// The explicit-PaddingMode spellings: DataCopyPad<T, PaddingMode::Normal> is the forms above; Compact (950 only)
// lays the blocks back to back in UB (kgemu::detail::compact_gm_to_ub / compact_ub_to_gm).
template <typename T, PaddingMode mode>
inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                        const DataCopyPadExtParams<T>& pad) {
    if constexpr (mode == PaddingMode::Compact) {
        const int64_t step = static_cast<int64_t>(p.blockLen) + static_cast<int64_t>(p.srcStride);
        if (step < 0) {  // a negative stride may re-read a block (step 0), not run backwards
            kgemu::detail::fail("DataCopyPad", kgemu::detail::strf("srcStride %lld runs back past the block's start",
                                                                   static_cast<long long>(p.srcStride)));
        }
        kgemu::detail::in_loop_mode(1, dst, src.kg_ptr, [&](const LocalTensor<T>& d, T* s) {
            kgemu::detail::compact_gm_to_ub("DataCopyPad", d, s, p.blockCount, p.blockLen,
                                            static_cast<uint64_t>(step), pad.isPad, pad.paddingValue, src.kg_base);
        });
        kgemu::detail::note_l2_mode("DataCopyPad", src.kg_cache);
    } else {
        DataCopyPad<T>(dst, src, p, pad);
    }
}
template <typename T, PaddingMode mode>
inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p) {
    if constexpr (mode == PaddingMode::Compact) {
        kgemu::detail::in_loop_mode(0, src, dst.kg_ptr, [&](const LocalTensor<T>& s, T* d) {
            kgemu::detail::compact_ub_to_gm("DataCopyPad", d, s, p.blockCount, p.blockLen,
                                            static_cast<uint64_t>(p.dstStride), dst.kg_base);
        });
        kgemu::detail::note_l2_mode("DataCopyPad", dst.kg_cache);
    } else {
        DataCopyPad<T>(dst, src, p);
    }
}

inline void SetLoopModePara(const LoopModeParams& p, DataCopyMVType type) {
    auto& b = kgemu::detail::api_enter("SetLoopModePara");
    kgemu::detail::require_arch_3510(b, "SetLoopModePara", "loop mode", "");
    auto& lm = b.loop_mode[type == DataCopyMVType::OUT_TO_UB ? 1 : 0];
    lm.on = true;
    lm.n1 = p.loop1Size;
    lm.n2 = p.loop2Size;
    lm.s1 = p.loop1SrcStride;
    lm.d1 = p.loop1DstStride;
    lm.s2 = p.loop2SrcStride;
    lm.d2 = p.loop2DstStride;
}
inline void ResetLoopModePara(DataCopyMVType type) {
    auto& b = kgemu::detail::api_enter("ResetLoopModePara");
    b.loop_mode[type == DataCopyMVType::OUT_TO_UB ? 1 : 0] = {};
}

// Value of the pad elements of later DataCopyPad calls with isPad == false.
template <typename T, TPosition pos = TPosition::MAX>
inline void SetPadValue(T paddingValue) {
    auto& b = kgemu::detail::api_enter("SetPadValue");
    b.pad_value_bits = 0;
    std::memcpy(&b.pad_value_bits, &paddingValue, sizeof(T) < 8 ? sizeof(T) : 8);
    b.pad_value_set = true;
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_DATA_COPY_H
