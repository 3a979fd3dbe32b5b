// kernelgen CPU emulator (private, kernel side): type traits kernels use (IsSameType, SupportType, Std::),
// GM atomics (SetAtomicAdd / Max / Min / None), SyncAll, reductions (ReduceSum / ReduceMax / ReduceMin count
// form, WholeReduceSum / Max / Min, BlockReduceSum / Max / Min, Brcb), DataCacheCleanAndInvalid (a no-op), and
// the APIs that are declared only to fail at compile time with "not emulated yet" (LocalTensor
// operator expressions, Mmad, ...).
//
// Reductions sum in double and round once to T; the NPU's summation order (a binary tree per repeat) is not
// reproduced, so sums can differ from hardware in the last bits.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/extras.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_EXTRAS_H
#define KGEMU_DETAIL_EXTRAS_H

#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "kgemu/detail/vec_mask.h"

namespace kgemu {
namespace detail {
template <typename... A>
struct kernel_false : std::false_type {};
template <auto... V>
struct kernel_false_v : std::false_type {};

template <typename T>
inline double reduce_value(T v) {
    return static_cast<double>(to_f32(v));
}
}  // namespace detail
}  // namespace kgemu

namespace AscendC {

// ---- type traits ----
template <typename T, typename U>
struct IsSameType {
    static constexpr bool value = std::is_same<T, U>::value;
};
// asc-devkit impl/basic_api/utils/kernel_utils_ceil_oom_que.h: AscendC's boolean tag types (conv/common's arch35
// framework detects a policy's members with them)
template <bool b>
struct BoolInst {
    using Type = BoolInst<b>;
    static constexpr bool value = b;
};
using TrueType = BoolInst<true>;
using FalseType = BoolInst<false>;
template <typename T, typename... Ts>
constexpr bool SupportType() {
    return (std::is_same<T, Ts>::value || ...);
}
// asc-devkit impl/basic_api/utils/kernel_utils_constants.h: AscendC's own type selector (a kernel's accumulator
// type: `Conditional<sizeof(T) == 4, T, float>::type`), and the two-condition form built on it.
template <bool condition, class T1, class T2>
struct Conditional {
    using type = T1;
};
template <class T1, class T2>
struct Conditional<false, T1, T2> {
    using type = T2;
};
template <bool condition1, bool condition2, class T1, class T2, class T3, class T4>
struct ConditionalMulti {
    using type = typename Conditional<condition1, typename Conditional<condition2, T1, T2>::type,
                                      typename Conditional<condition2, T3, T4>::type>::type;
};
template <typename T>
using PrimT = T;  // TensorTrait is not emulated: a LocalTensor's element type is the type itself
namespace Std {
// asc-devkit's C++ standard library subset (include/utils/std/: type_traits.h, utility.h, tuple.h; docs/zh/api/
// Utils-API/CPP标准库/ 类型特性, 通用工具, 容器函数): the same names and meanings as the standard library's, which the
// emulator's are (a host compiler has it). Std::min / max (算法/min-268.md: the two operands of one type) are in
// scalar_utils.h. A tuple's 64-element limit (tuple.md) is not checked.
using std::add_const;
using std::add_const_t;
using std::add_cv;
using std::add_cv_t;
using std::add_lvalue_reference;
using std::add_lvalue_reference_t;
using std::add_pointer;
using std::add_pointer_t;
using std::add_rvalue_reference;
using std::add_rvalue_reference_t;
using std::add_volatile;
using std::add_volatile_t;
using std::bool_constant;
using std::conditional;
using std::conditional_t;
using std::decay;
using std::decay_t;
using std::declval;
using std::enable_if;
using std::enable_if_t;
using std::false_type;
using std::forward;
using std::integral_constant;
using std::is_array;
using std::is_array_v;
using std::is_base_of;
using std::is_base_of_v;
using std::is_class;
using std::is_class_v;
using std::is_const;
using std::is_const_v;
using std::is_convertible;
using std::is_convertible_v;
using std::is_floating_point;
using std::is_floating_point_v;
using std::is_function;
using std::is_function_v;
using std::is_integral;
using std::is_integral_v;
using std::is_pointer;
using std::is_pointer_v;
using std::is_reference;
using std::is_reference_v;
using std::is_same;
using std::is_same_v;
using std::is_union;
using std::is_union_v;
using std::is_void;
using std::is_void_v;
using std::move;
using std::remove_const;
using std::remove_const_t;
using std::remove_cv;
using std::remove_cv_t;
using std::remove_extent;
using std::remove_extent_t;
using std::remove_pointer;
using std::remove_pointer_t;
using std::remove_reference;
using std::remove_reference_t;
using std::remove_volatile;
using std::remove_volatile_t;
using std::true_type;
// C++20's remove_cvref (asc-devkit type_traits/remove_cvref.h), which C++17 lacks
template <typename T>
struct remove_cvref {
    using type = std::remove_cv_t<std::remove_reference_t<T>>;
};
template <typename T>
using remove_cvref_t = typename remove_cvref<T>::type;
// asc-devkit's own traits: is_one_of (T among the list), is_constant (an integral_constant holding n)
template <typename T, typename... Ts>
struct is_one_of : bool_constant<(std::is_same_v<T, Ts> || ...)> {};
template <typename T, typename... Ts>
inline constexpr bool is_one_of_v = is_one_of<T, Ts...>::value;
template <auto n, typename T>
struct is_constant : false_type {};
template <auto n, typename T>
struct is_constant<n, const T> : is_constant<n, T> {};
template <auto n, typename T>
struct is_constant<n, T&> : is_constant<n, T> {};
template <auto n, typename T>
struct is_constant<n, T&&> : is_constant<n, T> {};
template <auto n, typename T, T v>
struct is_constant<n, integral_constant<T, v>> : bool_constant<v == n> {};
// asc-devkit include/utils/std/tuple.h: AscendC::Std's tuple (ATVOSS's DAGs and the cmct gemm templates are built
// from it); the emulator's is the standard library's.
using std::get;
using std::index_sequence;
using std::integer_sequence;
using std::make_index_sequence;
using std::make_integer_sequence;
using std::make_tuple;
using std::tie;
using std::tuple;
using std::tuple_element;
using std::tuple_element_t;
using std::tuple_size;
using std::tuple_size_v;
// is_tuple: a type tuple_size answers for (asc-devkit type_traits/is_tuple.h)
template <typename T, typename = void>
struct is_tuple : false_type {};
template <typename T>
struct is_tuple<T, std::void_t<decltype(tuple_size<std::remove_cv_t<T>>::value)>> : true_type {};
template <typename T>
inline constexpr bool is_tuple_v = is_tuple<T>::value;
}  // namespace Std

// ---- GM atomics: later UB -> GM DataCopy / DataCopyPad combine with GM (see data_copy.h gm_store) ----
template <typename T>
inline void SetAtomicType() {
    kgemu::detail::api_enter("SetAtomicType").atomic_dtype = kgemu::detail::dtype_info<T>::bit;
}
template <typename T>
inline void SetAtomicAdd() {
    auto& b = kgemu::detail::api_enter("SetAtomicAdd");
    b.atomic_op = 1;
    b.atomic_dtype = kgemu::detail::dtype_info<T>::bit;
}
template <typename T>
inline void SetAtomicMax() {
    auto& b = kgemu::detail::api_enter("SetAtomicMax");
    b.atomic_op = 2;
    b.atomic_dtype = kgemu::detail::dtype_info<T>::bit;
}
template <typename T>
inline void SetAtomicMin() {
    auto& b = kgemu::detail::api_enter("SetAtomicMin");
    b.atomic_op = 3;
    b.atomic_dtype = kgemu::detail::dtype_info<T>::bit;
}
inline void SetAtomicNone() { kgemu::detail::api_enter("SetAtomicNone").atomic_op = 0; }

}  // namespace AscendC

namespace kgemu {
namespace detail {
// x rounded to T's precision (as an f32 value)
template <typename T>
inline float round_as(float x) {
    if constexpr (is_half_like<T>::value) {
        return to_f32(from_f32<T>(x));
    } else {
        return x;
    }
}
// Sum of n elements (stride in elements) by a binary tree of adjacent pairs, each add rounded to T.
template <typename T>
inline float tree_sum(const T* s, uint32_t stride, uint32_t n) {
    if (n == 0) return 0.0f;
    float buf[256];
    for (uint32_t i = 0; i < n; ++i) buf[i] = to_f32(s[static_cast<uint64_t>(i) * stride]);
    while (n > 1) {
        const uint32_t half_n = n / 2;
        for (uint32_t i = 0; i < half_n; ++i) buf[i] = round_as<T>(buf[2 * i] + buf[2 * i + 1]);
        if (n % 2 != 0) buf[half_n] = buf[n - 1];
        n = (n + 1) / 2;
    }
    return buf[0];
}
}  // namespace detail
}  // namespace kgemu

namespace AscendC {
// ---- reductions, count form: dst[0] = sum / max / min of src[0, count); ReduceMax / ReduceMin with
// calIndex also write the index of the first extreme element into dst[1] (its bits as an unsigned integer) ----
template <typename T, bool isReuseSource = false>
inline void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& workLocal,
                      const int32_t count) {
    (void)workLocal;
    auto& b = kgemu::detail::api_enter("ReduceSum");
    kgemu::detail::check_vec_dtype<T>(b, "ReduceSum", kgemu::detail::RULE_FLOATS);
    kgemu::detail::check_count("ReduceSum", count);
    kgemu::detail::note_vector(b, "ReduceSum", count, sizeof(T), static_cast<uint64_t>(count) * sizeof(T));
    const T* s = kgemu::detail::ub_operand(b, "ReduceSum", "src", src, static_cast<uint64_t>(count) * sizeof(T));
    T* d = kgemu::detail::ub_operand(b, "ReduceSum", "dst", dst, sizeof(T), sizeof(T));  // 2 / 4-byte aligned
    // as documented: a binary tree inside each 256-byte repeat, repeats added in order, all in T's precision
    const uint32_t per_rep = 256 / sizeof(T);
    float acc = 0.0f;
    for (int32_t at = 0; at < count; at += static_cast<int32_t>(per_rep)) {
        const uint32_t n = static_cast<uint32_t>(count - at) < per_rep ? static_cast<uint32_t>(count - at) : per_rep;
        const float part = kgemu::detail::tree_sum<T>(s + at, 1, n);
        acc = at == 0 ? part : kgemu::detail::round_as<T>(acc + part);
    }
    d[0] = kgemu::detail::from_f32<T>(acc);
}

#define KGEMU_REDUCE_EXTREME(NAME, BETTER)                                                                            \
    template <typename T, bool isReuseSource = false>                                                               \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& workLocal,         \
                     const int32_t count, bool calIndex = false) {                                                  \
        (void)workLocal;                                                                                            \
        auto& b = kgemu::detail::api_enter(#NAME);                                                                  \
        kgemu::detail::check_vec_dtype<T>(b, #NAME, kgemu::detail::RULE_FLOATS);                                    \
        kgemu::detail::check_count(#NAME, count);                                                                   \
        kgemu::detail::note_vector(b, #NAME, count, sizeof(T), static_cast<uint64_t>(count) * sizeof(T));           \
        if (count == 0) return;                                                                                     \
        const T* s = kgemu::detail::ub_operand(b, #NAME, "src", src, static_cast<uint64_t>(count) * sizeof(T));     \
        T* d = kgemu::detail::ub_operand(b, #NAME, "dst", dst, (calIndex ? 2 : 1) * sizeof(T), sizeof(T));          \
        int32_t best = 0;                                                                                           \
        for (int32_t i = 1; i < count; ++i) {                                                                       \
            const double v = kgemu::detail::reduce_value(s[i]), w = kgemu::detail::reduce_value(s[best]);           \
            if (v BETTER w || (v != v && w == w)) best = i;                                                         \
        }                                                                                                           \
        d[0] = s[best];                                                                                             \
        if (calIndex) {                                                                                             \
            using IndexT = typename std::conditional<sizeof(T) == 2, uint16_t, uint32_t>::type;                    \
            const IndexT idx = static_cast<IndexT>(best);                                                           \
            std::memcpy(&d[1], &idx, sizeof(IndexT));                                                               \
        }                                                                                                           \
    }
KGEMU_REDUCE_EXTREME(ReduceMax, >)
KGEMU_REDUCE_EXTREME(ReduceMin, <)
#undef KGEMU_REDUCE_EXTREME

// ---- WholeReduceSum: dst[r * dstRepStride] = sum of the active elements of repeat r ----
#define KGEMU_WHOLE_REDUCE_SUM(MASK_T)                                                                                \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void WholeReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, MASK_T mask,                   \
                               const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,    \
                               const int32_t srcRepStride) {                                                        \
        auto& b = kgemu::detail::api_enter("WholeReduceSum");                                                       \
        kgemu::detail::check_vec_dtype<T>(b, "WholeReduceSum", kgemu::detail::RULE_FLOATS);                         \
        const auto m = kgemu::detail::call_mask<isSetMask>("WholeReduceSum", mask, 256 / sizeof(T),                 \
                                                           static_cast<uint32_t>(repeatTime));                      \
        kgemu::detail::note_vector(b, "WholeReduceSum", m.total(), sizeof(T), m.repeat * 256ULL);                   \
        if (m.repeat == 0) return;                                                                                  \
        const auto os = kgemu::detail::rep_operand(b, "WholeReduceSum", "src", src, srcBlkStride, srcRepStride, m); \
        T* d = kgemu::detail::ub_operand(b, "WholeReduceSum", "dst", dst,                                           \
                                         (static_cast<uint64_t>(m.repeat - 1) * dstRepStride + 1) * sizeof(T),      \
                                         sizeof(T));                                                                \
        std::vector<std::vector<T>> vals(m.repeat);                                                                 \
        kgemu::detail::for_active(m, [&](uint32_t r, uint32_t k) {                                                  \
            T v;                                                                                                    \
            std::memcpy(&v, kgemu::detail::rep_addr(os, r, k), sizeof(T));                                          \
            vals[r].push_back(v);                                                                                   \
        });                                                                                                         \
        for (uint32_t r = 0; r < m.repeat; ++r) { /* a binary tree per repeat, in T's precision */                 \
            d[static_cast<uint64_t>(r) * dstRepStride] = kgemu::detail::from_f32<T>(                               \
                kgemu::detail::tree_sum<T>(vals[r].data(), 1, static_cast<uint32_t>(vals[r].size())));              \
        }                                                                                                           \
    }
KGEMU_WHOLE_REDUCE_SUM(const uint64_t)
KGEMU_WHOLE_REDUCE_SUM(const uint64_t*)
#undef KGEMU_WHOLE_REDUCE_SUM

// ---- WholeReduceMax / Min: the max (min) of the active elements of each repeat and its index inside the
// repeat (the element's position k in [0, 256 / sizeof(T)), the first one on ties). ReduceOrder picks what is
// written at dst + r * dstRepStride units: ORDER_VALUE_INDEX (value, then the index's bits in a T-sized slot;
// unit 2 * sizeof(T)), ORDER_INDEX_VALUE (index first), ORDER_ONLY_VALUE (unit sizeof(T)) or ORDER_ONLY_INDEX
// (a uint32_t; unit 4 bytes). dst needs 2 * sizeof(T)-byte alignment (4 for half, 8 for float), as documented.
enum class ReduceOrder : uint8_t { ORDER_VALUE_INDEX = 0, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX };

#define KGEMU_WHOLE_REDUCE_MAXMIN(NAME, IS_MAX, MASK_T)                                                               \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, MASK_T mask, const int32_t repeatTime,   \
                     const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,            \
                     ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {                                          \
        auto& b = kgemu::detail::api_enter(#NAME);                                                                  \
        kgemu::detail::check_vec_dtype<T>(b, #NAME, kgemu::detail::RULE_FLOATS);                                   \
        const auto m = kgemu::detail::call_mask<isSetMask>(#NAME, mask, 256 / sizeof(T),                           \
                                                           static_cast<uint32_t>(repeatTime));                      \
        kgemu::detail::note_vector(b, #NAME, m.total(), sizeof(T), m.repeat * 256ULL);                             \
        if (m.repeat == 0) return;                                                                                  \
        const auto os = kgemu::detail::rep_operand(b, #NAME, "src", src, srcBlkStride, srcRepStride, m);           \
        const bool pair = order == ReduceOrder::ORDER_VALUE_INDEX || order == ReduceOrder::ORDER_INDEX_VALUE;      \
        const uint64_t unit = pair ? 2 * sizeof(T) : (order == ReduceOrder::ORDER_ONLY_INDEX ? 4 : sizeof(T));      \
        uint8_t* d = reinterpret_cast<uint8_t*>(kgemu::detail::ub_operand(                                          \
            b, #NAME, "dst", dst, static_cast<uint64_t>(m.repeat - 1) * dstRepStride * unit + unit,               \
            static_cast<uint32_t>(2 * sizeof(T))));                                                                 \
        using IdxT = typename std::conditional<sizeof(T) == 2, uint16_t, uint32_t>::type;                           \
        std::vector<float> best(m.repeat, 0.0f);                                                                    \
        std::vector<uint32_t> at(m.repeat, 0);                                                                      \
        std::vector<uint8_t> seen(m.repeat, 0);                                                                     \
        kgemu::detail::for_active(m, [&](uint32_t r, uint32_t k) {                                                  \
            T v;                                                                                                    \
            std::memcpy(&v, kgemu::detail::rep_addr(os, r, k), sizeof(T));                                          \
            const float x = kgemu::detail::to_f32(v);                                                               \
            if (!seen[r] || (IS_MAX ? x > best[r] : x < best[r])) {                                                 \
                best[r] = x;                                                                                        \
                at[r] = k;                                                                                          \
                seen[r] = 1;                                                                                        \
            }                                                                                                       \
        });                                                                                                         \
        for (uint32_t r = 0; r < m.repeat; ++r) {                                                                   \
            if (!seen[r]) continue;                                                                                 \
            uint8_t* out = d + static_cast<uint64_t>(r) * dstRepStride * unit;                                      \
            const T val = kgemu::detail::from_f32<T>(best[r]);                                                      \
            const IdxT idx = static_cast<IdxT>(at[r]);                                                              \
            if (order == ReduceOrder::ORDER_ONLY_INDEX) {                                                           \
                const uint32_t i32 = at[r];                                                                         \
                std::memcpy(out, &i32, 4);                                                                          \
            } else if (order == ReduceOrder::ORDER_ONLY_VALUE) {                                                    \
                std::memcpy(out, &val, sizeof(T));                                                                  \
            } else if (order == ReduceOrder::ORDER_VALUE_INDEX) {                                                   \
                std::memcpy(out, &val, sizeof(T));                                                                  \
                std::memcpy(out + sizeof(T), &idx, sizeof(T));                                                      \
            } else {                                                                                                \
                std::memcpy(out, &idx, sizeof(T));                                                                  \
                std::memcpy(out + sizeof(T), &val, sizeof(T));                                                      \
            }                                                                                                       \
        }                                                                                                           \
    }
KGEMU_WHOLE_REDUCE_MAXMIN(WholeReduceMax, true, const uint64_t)
KGEMU_WHOLE_REDUCE_MAXMIN(WholeReduceMax, true, const uint64_t*)
KGEMU_WHOLE_REDUCE_MAXMIN(WholeReduceMin, false, const uint64_t)
KGEMU_WHOLE_REDUCE_MAXMIN(WholeReduceMin, false, const uint64_t*)
#undef KGEMU_WHOLE_REDUCE_MAXMIN

// ---- Brcb: repeat r reads 8 consecutive elements src[8r .. 8r+7]; element j fills the whole 32-byte block
// at dst + (r * dstRepStride + j * dstBlkStride) * 32 bytes. 16- and 32-bit types; src and dst 32-byte aligned.
struct BrcbRepeatParams {
    BrcbRepeatParams() = default;
    BrcbRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t dstRepStrideIn)
        : dstBlkStride(dstBlkStrideIn), dstRepStride(dstRepStrideIn) {}
    uint16_t dstBlkStride = 0;
    uint16_t dstRepStride = 0;
};

template <typename T>
inline void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t repeatTime,
                 const BrcbRepeatParams& repeatParams) {
    static_assert(sizeof(T) == 2 || sizeof(T) == 4, "kgemu: Brcb takes 16- or 32-bit elements (Ascend C docs)");
    auto& b = kgemu::detail::api_enter("Brcb");
    const uint32_t epb = 32 / sizeof(T);
    kgemu::detail::note_vector(b, "Brcb", static_cast<uint64_t>(repeatTime) * 8 * epb, sizeof(T),
                               static_cast<uint64_t>(repeatTime) * 256ULL);
    if (repeatTime == 0) return;
    const uint64_t last_blk = static_cast<uint64_t>(repeatTime - 1) * repeatParams.dstRepStride +
                              7ULL * repeatParams.dstBlkStride;
    T* d = kgemu::detail::ub_operand(b, "Brcb", "dst", dst, (last_blk + 1) * 32);
    const T* s = kgemu::detail::ub_operand(b, "Brcb", "src0", src0, static_cast<uint64_t>(repeatTime) * 8 * sizeof(T));
    std::vector<T> in(s, s + static_cast<size_t>(repeatTime) * 8);  // read before writing: dst may alias src0
    for (uint32_t r = 0; r < repeatTime; ++r) {
        for (uint32_t j = 0; j < 8; ++j) {
            T* blk = d + (static_cast<uint64_t>(r) * repeatParams.dstRepStride +
                          static_cast<uint64_t>(j) * repeatParams.dstBlkStride) * epb;
            for (uint32_t e = 0; e < epb; ++e) blk[e] = in[r * 8 + j];
        }
    }
}

// ---- DataCacheCleanAndInvalid: on the NPU it writes back / drops the core's scalar data-cache lines so scalar
// GM accesses (GetValue / SetValue) and DMA or other cores agree. The emulator's GM has no cache (every scalar
// access goes straight to memory, so the values are the NPU's after a correct program); the sanitizer keeps
// which lines the scalar unit holds and clears them here (kgemu/detail/gm_shadow.h, dcache_*).
enum class CacheLine : uint8_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint8_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

template <typename T, CacheLine entireType, DcciDst dcciDst>
inline void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst) {
    auto& b = kgemu::detail::api_enter("DataCacheCleanAndInvalid");
    kgemu::detail::dcache_clean(b, dst.GetPhyAddr(), entireType == CacheLine::ENTIRE_DATA_CACHE);
}
template <typename T, CacheLine entireType, DcciDst dcciDst>
inline void DataCacheCleanAndInvalid(const LocalTensor<T>&) {
    kgemu::detail::api_enter("DataCacheCleanAndInvalid");
}
template <typename T, CacheLine entireType>
inline void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst) {
    auto& b = kgemu::detail::api_enter("DataCacheCleanAndInvalid");
    kgemu::detail::dcache_clean(b, dst.GetPhyAddr(), entireType == CacheLine::ENTIRE_DATA_CACHE);
}
// ICachePreLoad (ICachePreLoad(ISASI).md): preloads instructions into the core's ICache; no effect on results here.
// preFetchLen counts 2 KiB units and must stay below the ICache's size in them: 32 KiB on an AIC, 16 KiB on an AIV
// (950, A3, A2). GetICachePreloadStatus answers 0 (done).
inline void ICachePreLoad(const int64_t preFetchLen) {
    auto& b = kgemu::detail::api_enter("ICachePreLoad");
    const int64_t limit = b.core_aic ? 32 / 2 : 16 / 2;
    if (preFetchLen < 0 || preFetchLen >= limit) {
        kgemu::detail::fail("ICachePreLoad", kgemu::detail::strf("preFetchLen %lld (2 KiB units) must be in [0, %lld) "
                                                                 "on an %s (ICache %lld KiB)",
                                                                 static_cast<long long>(preFetchLen),
                                                                 static_cast<long long>(limit), b.core_aic ? "AIC" : "AIV",
                                                                 static_cast<long long>(limit * 2)));
    }
}
inline int64_t GetICachePreloadStatus() {
    (void)kgemu::detail::api_enter("GetICachePreloadStatus");
    return 0;
}
}  // namespace AscendC

// The device compiler's data-cache builtin under dcci() and asc_dcci_single / asc_dcci_entire (asc-devkit
// impl/simt_api/device_functions_impl.h: dcci(dst, 0 | 1)): (GM address, 0 = its cache line / 1 = the entire data
// cache, destination). Not a documented API, but ops-nn's SIMT kernels call it directly (index/unique_dim). As
// DataCacheCleanAndInvalid: the emulator's GM has no cache, and the sanitizer forgets the scalar lines it kept.
inline void __builtin_cce_dcci(const volatile void* addr, int entire, int /*dst*/) {
    auto* b = ::kgemu::detail::tl_block;
    if (b != nullptr) ::kgemu::detail::dcache_clean(*b, const_cast<const void*>(addr), entire != 0);
}

namespace AscendC {
// ---- BlockReduceSum / Max / Min: each 32-byte block of a repeat reduces to one element; repeat r's eight
// results start at dst[r * dstRepStride * 8] ----
#define KGEMU_BLOCK_REDUCE(NAME, KIND, MASK_T)                                                                        \
    template <typename T, bool isSetMask = true>                                                                    \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime, MASK_T mask,   \
                     const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride) {          \
        auto& b = kgemu::detail::api_enter(#NAME);                                                                  \
        kgemu::detail::check_vec_dtype<T>(b, #NAME, kgemu::detail::RULE_FLOATS);                                   \
        const auto m = kgemu::detail::call_mask<isSetMask>(#NAME, mask, 256 / sizeof(T),                           \
                                                           static_cast<uint32_t>(repeatTime));                      \
        kgemu::detail::note_vector(b, #NAME, m.total(), sizeof(T), m.repeat * 256ULL);                             \
        if (m.repeat == 0) return;                                                                                  \
        const auto os = kgemu::detail::rep_operand(b, #NAME, "src", src, srcBlkStride, srcRepStride, m);           \
        T* d = kgemu::detail::ub_operand(b, #NAME, "dst", dst,                                                      \
                                         (static_cast<uint64_t>(m.repeat - 1) * dstRepStride * 8 + 8) * sizeof(T)); \
        const uint32_t epb = 32 / sizeof(T);                                                                        \
        std::vector<double> acc(static_cast<size_t>(m.repeat) * 8, 0.0);                                           \
        std::vector<uint8_t> seen(acc.size(), 0);                                                                   \
        kgemu::detail::for_active(m, [&](uint32_t r, uint32_t k) {                                                  \
            T v;                                                                                                    \
            std::memcpy(&v, kgemu::detail::rep_addr(os, r, k), sizeof(T));                                          \
            const double x = kgemu::detail::reduce_value(v);                                                        \
            double& a = acc[r * 8 + k / epb];                                                                       \
            uint8_t& s = seen[r * 8 + k / epb];                                                                     \
            if (KIND == 0) a += x;                                                                                  \
            else if (!s || (KIND == 1 ? x > a : x < a)) a = x;                                                      \
            s = 1;                                                                                                  \
        });                                                                                                         \
        for (uint32_t r = 0; r < m.repeat; ++r) {                                                                   \
            for (uint32_t j = 0; j < 8; ++j) {                                                                      \
                if (seen[r * 8 + j] || KIND == 0) {                                                                 \
                    d[static_cast<uint64_t>(r) * dstRepStride * 8 + j] =                                            \
                        kgemu::detail::from_f32<T>(static_cast<float>(acc[r * 8 + j]));                             \
                }                                                                                                   \
            }                                                                                                       \
        }                                                                                                           \
    }
KGEMU_BLOCK_REDUCE(BlockReduceSum, 0, const uint64_t)
KGEMU_BLOCK_REDUCE(BlockReduceSum, 0, const uint64_t*)
KGEMU_BLOCK_REDUCE(BlockReduceMax, 1, const uint64_t)
KGEMU_BLOCK_REDUCE(BlockReduceMax, 1, const uint64_t*)
KGEMU_BLOCK_REDUCE(BlockReduceMin, 2, const uint64_t)
KGEMU_BLOCK_REDUCE(BlockReduceMin, 2, const uint64_t*)
#undef KGEMU_BLOCK_REDUCE

// ---- declared so that a kernel using them fails to compile with a message that names them ----
#define KGEMU_NOT_EMULATED(NAME)                                                                                      \
    template <typename... KgA, typename... KgArgs>                                                                  \
    inline void NAME(KgArgs&&...) {                                                                                 \
        static_assert(kgemu::detail::kernel_false<KgA..., KgArgs...>::value,                                        \
                      "kgemu: " #NAME " is not emulated yet by kernelgen's CPU emulator");                          \
    }
KGEMU_NOT_EMULATED(GetReduceRepeatMaxMinSpr)
KGEMU_NOT_EMULATED(Gatherb)
KGEMU_NOT_EMULATED(IBSet)
KGEMU_NOT_EMULATED(IBWait)
KGEMU_NOT_EMULATED(SetLoadDataPaddingValue)
#undef KGEMU_NOT_EMULATED

// SyncAll: every block of the launch waits until all have arrived. A block that ends (or fails) while others
// wait, or a launch with more blocks than the harness runs at once, is a defect (the NPU would hang). In a launch
// with AIC cores (MIX kernels), SyncAll<true> synchronises the AIVs only (an AIC calling it does not wait) and
// SyncAll<false> every AIC and AIV.
template <bool isAIVOnly = true>
inline void SyncAll() {
    auto& b = kgemu::detail::api_enter("SyncAll");
    if (isAIVOnly && b.core_aic) return;
    kgemu::detail::san_barrier_all(b);  // SyncAll orders every pipe of the block as well
    kgemu::detail::gm_sync_all(b);      // ... and the GM accesses of every block (gm_shadow.h)
    auto& st = kgemu::detail::g_run.sync;
    std::unique_lock<std::mutex> lock(st.mu);
    const uint32_t at_once = st.concurrency == 0 ? 1 : st.concurrency;
    const uint32_t parties = isAIVOnly ? b.aiv_slots : b.block_num;
    if (at_once < parties) {
        kgemu::detail::fail("SyncAll", kgemu::detail::strf("the %u blocks must all run at once, but the harness runs "
                                                           "%u at a time", parties, at_once));
    }
    const uint32_t left = isAIVOnly ? st.ended - st.ended_aic : st.ended;
    if (!st.broken && left > 0) {
        st.broken = true;
        st.why = (isAIVOnly && !st.first_left_aiv.empty() ? st.first_left_aiv : st.first_left) +
                 " before this SyncAll: the blocks waiting in it would wait forever on the NPU";
        st.cv.notify_all();
    }
    if (st.broken) {
        st.failed_waiting.insert(b.block_idx);
        kgemu::detail::fail("SyncAll", st.why);
    }
    const uint64_t gen = st.generation;
    if (st.arrived == 0) st.aiv_only = isAIVOnly;
    if (++st.arrived == parties) {
        st.arrived = 0;
        ++st.generation;
        st.cv.notify_all();
        return;
    }
    if (st.xwaiting > 0 && kgemu::detail::x_deadlock(b)) {
        st.broken = true;
        st.why = kgemu::detail::strf("%s waits in SyncAll while every other block waits in CrossCoreWaitFlag or "
                                     "SyncAll or has ended: the NPU would wait forever",
                                     kgemu::detail::core_name(b).c_str());
        st.cv.notify_all();
    }
    st.cv.wait(lock, [&] { return st.generation != gen || st.broken; });
    if (st.generation == gen) {
        st.failed_waiting.insert(b.block_idx);
        kgemu::detail::fail("SyncAll", st.why);
    }
}
template <bool isAIVOnly = true>
inline void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                    const int32_t usedCores = 0) {
    (void)gmWorkspace;
    (void)ubWorkspace;
    (void)usedCores;
    SyncAll<isAIVOnly>();
}


// Expression forms `dst = src0 + src1` (and - * / & | with tensors or scalars).
#define KGEMU_NOT_EMULATED_OPERATOR(OP)                                                                               \
    template <typename T, typename U>                                                                               \
    inline LocalTensor<T> operator OP(const LocalTensor<T>&, const U&) {                                            \
        static_assert(kgemu::detail::kernel_false<T, U>::value,                                                     \
                      "kgemu: LocalTensor operator" #OP " is not emulated yet by kernelgen's CPU emulator (the "    \
                      "expression form of the vector APIs); call the API (Add, Sub, Mul, Div, And, Or, ...)");      \
        return {};                                                                                                  \
    }
KGEMU_NOT_EMULATED_OPERATOR(+)
KGEMU_NOT_EMULATED_OPERATOR(-)
KGEMU_NOT_EMULATED_OPERATOR(*)
KGEMU_NOT_EMULATED_OPERATOR(/)
KGEMU_NOT_EMULATED_OPERATOR(&)
KGEMU_NOT_EMULATED_OPERATOR(|)
KGEMU_NOT_EMULATED_OPERATOR(<)
KGEMU_NOT_EMULATED_OPERATOR(>)
#undef KGEMU_NOT_EMULATED_OPERATOR

}  // namespace AscendC

#endif  // KGEMU_DETAIL_EXTRAS_H
