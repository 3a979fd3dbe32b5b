// kernelgen CPU emulator (private, kernel side): the scalar unit's GM atomics of Ascend 950 (asc-devkit
// SIMD-API/基础API/原子操作: AtomicAdd, AtomicMax, AtomicMin, AtomicExch, AtomicCas; CANN's
// basic_api/kernel_operator_atomic_intf.h), and the device compiler's memory fence `__threadfence()` that
// asc_threadfence wraps (asc-devkit impl/simt_api/device_sync_functions_impl.h).
//
// As documented: each reads the value at a GM address, writes the combination back in one indivisible step and
// returns the old value. Types: Add / Max / Min take int32_t, uint32_t, float, int64_t, uint64_t; Exch and Cas
// take uint32_t, uint64_t (a compile error otherwise, as a missing overload is on the device). Ascend 950 only.
// The scalar atomics bypass the scalar data cache, so a line the cache already held is stale afterwards
// (DataCacheCleanAndInvalid before reading it with GetValue).
//
// Emulation: blocks run on host threads at once, so the step is a host compare-and-swap loop (no update of
// another block is lost). The sanitizer records an atomic GM write (pipe S): atomics of different blocks on the
// same bytes are no race, a plain write or read of them by another block in the same SyncAll phase is. An address
// outside every GM tensor of the launch, or not aligned to the element size, is a defect naming the call.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/scalar_atomic.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_SCALAR_ATOMIC_H
#define KGEMU_DETAIL_SCALAR_ATOMIC_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kgemu/detail/gm_shadow.h"
#include "kgemu/detail/state.h"

// The device compiler's fence built-in (no blocking; orders this thread's GM / UB writes). The emulator's memory
// is coherent, so it has no effect on values.
inline void __threadfence() {}
inline void __threadfence_block() {}

namespace kgemu {
namespace detail {

template <typename T>
struct scalar_atomic_bits {
    using type = typename std::conditional<sizeof(T) == 8, uint64_t, uint32_t>::type;
};

// One indivisible read-modify-write of *p on the host: returns the old value.
template <typename T, typename F>
inline T host_atomic_rmw(T* p, F op) {
    using U = typename scalar_atomic_bits<T>::type;
    static_assert(sizeof(T) == sizeof(U), "scalar atomics are 4- or 8-byte");
    U* q = reinterpret_cast<U*>(p);
    U seen = __atomic_load_n(q, __ATOMIC_SEQ_CST);
    for (;;) {
        T old;
        std::memcpy(&old, &seen, sizeof(T));
        const T next = op(old);
        U want;
        std::memcpy(&want, &next, sizeof(T));
        if (__atomic_compare_exchange_n(q, &seen, want, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return old;
    }
}

// The checks and the sanitizer's record of one scalar atomic on `bytes` bytes at p.
inline void scalar_atomic_enter(const char* api, const void* p, uint64_t bytes) {
    BlockState& b = api_enter(api);
    require_arch_3510(b, api, api, " (use SetAtomicAdd / SetAtomicMax / SetAtomicMin with DataCopy)");
    gm_check(api, p, bytes, true, nullptr);
    if (reinterpret_cast<uint64_t>(p) % bytes != 0) {
        const uint64_t a = reinterpret_cast<uint64_t>(p);
        fail(api, strf("%s is not aligned to its %llu-byte element: a GM atomic needs the element's alignment",
                       gm_range_name(gm_tensor_of(a), a, a + bytes, nullptr).c_str(),
                       static_cast<unsigned long long>(bytes)));
    }
    if (!b.san.on) return;
    const uint64_t line = reinterpret_cast<uint64_t>(p) / kDcLine;
    const auto held = b.san.dcache.find(line);
    const bool cached = held != b.san.dcache.end();
    const bool dirty = cached && held->second.dirty;
    const uint8_t saved = b.atomic_op;
    b.atomic_op = 1;  // an atomic write for the cross-block check and the output coverage
    gm_access(b, api, ::PIPE_S, p, bytes, true, nullptr, 1, 0);
    san_gm_write(b, p, bytes);
    b.atomic_op = saved;
    // past the data cache: the write is not in a cached line; a copy the cache held is stale
    if (!cached) {
        b.san.dcache.erase(line);
    } else {
        auto& l = b.san.dcache[line];
        l.dirty = dirty;
        l.stale_call = b.api_calls;
        l.stale_api = api;
    }
}

template <typename T>
inline constexpr bool scalar_atomic_arith_type() {
    return std::is_same<T, int32_t>::value || std::is_same<T, uint32_t>::value || std::is_same<T, float>::value ||
           std::is_same<T, int64_t>::value || std::is_same<T, uint64_t>::value;
}
template <typename T>
inline constexpr bool scalar_atomic_bits_type() {
    return std::is_same<T, uint32_t>::value || std::is_same<T, uint64_t>::value;
}
// max/min as the atomics define them (a NaN operand b wins); SIMT's atomics and Max/Min (simt_api.h) share them.
template <typename T>
inline T scalar_atomic_max(T a, T b) {
    if constexpr (std::is_floating_point<T>::value) {
        if (std::isnan(b)) return b;
    }
    return a < b ? b : a;
}
template <typename T>
inline T scalar_atomic_min(T a, T b) {
    if constexpr (std::is_floating_point<T>::value) {
        if (std::isnan(b)) return b;
    }
    return b < a ? b : a;
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <typename T>
inline T AtomicAdd(__gm__ T* address, T value) {
    static_assert(kgemu::detail::scalar_atomic_arith_type<T>(),
                  "AtomicAdd: T must be int32_t, uint32_t, float, int64_t or uint64_t");
    kgemu::detail::scalar_atomic_enter("AtomicAdd", address, sizeof(T));
    return kgemu::detail::host_atomic_rmw(address, [&](T o) { return static_cast<T>(o + value); });
}
template <typename T>
inline T AtomicMax(__gm__ T* address, T value) {
    static_assert(kgemu::detail::scalar_atomic_arith_type<T>(),
                  "AtomicMax: T must be int32_t, uint32_t, float, int64_t or uint64_t");
    kgemu::detail::scalar_atomic_enter("AtomicMax", address, sizeof(T));
    return kgemu::detail::host_atomic_rmw(address, [&](T o) { return kgemu::detail::scalar_atomic_max(o, value); });
}
template <typename T>
inline T AtomicMin(__gm__ T* address, T value) {
    static_assert(kgemu::detail::scalar_atomic_arith_type<T>(),
                  "AtomicMin: T must be int32_t, uint32_t, float, int64_t or uint64_t");
    kgemu::detail::scalar_atomic_enter("AtomicMin", address, sizeof(T));
    return kgemu::detail::host_atomic_rmw(address, [&](T o) { return kgemu::detail::scalar_atomic_min(o, value); });
}
template <typename T>
inline T AtomicExch(__gm__ T* address, T value) {
    static_assert(kgemu::detail::scalar_atomic_bits_type<T>(), "AtomicExch: T must be uint32_t or uint64_t");
    kgemu::detail::scalar_atomic_enter("AtomicExch", address, sizeof(T));
    return kgemu::detail::host_atomic_rmw(address, [&](T) { return value; });
}
// value1 is compared with the old value; value2 is written when they are equal.
template <typename T>
inline T AtomicCas(__gm__ T* address, T value1, T value2) {
    static_assert(kgemu::detail::scalar_atomic_bits_type<T>(), "AtomicCas: T must be uint32_t or uint64_t");
    kgemu::detail::scalar_atomic_enter("AtomicCas", address, sizeof(T));
    return kgemu::detail::host_atomic_rmw(address, [&](T o) { return o == value1 ? value2 : o; });
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_SCALAR_ATOMIC_H
