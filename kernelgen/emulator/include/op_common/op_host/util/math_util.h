// kernelgen CPU emulator: Ops::Base integer helpers (op_common/op_host/util/math_util.h).
// Same contracts as opbase: FloorDiv/CeilDiv return x when y == 0; FloorAlign/CeilAlign return 0 when
// align == 0; CeilAlign saturates at the type's max. Both arguments must have the same type, as on CANN.
#ifndef KGEMU_OP_COMMON_OP_HOST_UTIL_MATH_UTIL_H
#define KGEMU_OP_COMMON_OP_HOST_UTIL_MATH_UTIL_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#if defined(KGEMU_TILING_DATA_AS_STRUCT)
// A kernel TU reaches this host header only through a tiling header the launcher includes for its structs (CANN's
// kernel never sees it: its generated tiling header holds the structs only). The kernel's own Ops::Base division
// helpers (op_kernel/math_util.h) are then the ones its code means; defining both made every kernel call
// ambiguous (softmax_grad, log_softmax_grad: "call of overloaded 'CeilDiv(int64_t, int64_t)' is ambiguous").
#include "op_kernel/math_util.h"
namespace Ops {
namespace Base {
#else
namespace Ops {
namespace Base {
template <typename T>
auto FloorDiv(T x, T y) -> typename std::enable_if<std::is_integral<T>::value, T>::type {
    return y == 0 ? x : x / y;
}

template <typename T>
auto FloorAlign(T x, T align) -> typename std::enable_if<std::is_integral<T>::value, T>::type {
    return align == 0 ? 0 : x / align * align;
}

template <typename T>
auto CeilDiv(T x, T y) -> typename std::enable_if<std::is_signed<T>::value, T>::type {
    if (y == 0 || x == 0) return x;
    const T q = x / y;
    return (x % y != 0 && ((x ^ y) >= 0)) ? q + 1 : q;
}

template <typename T>
auto CeilDiv(T x, T y) -> typename std::enable_if<std::is_unsigned<T>::value, T>::type {
    if (y == 0 || x == 0) return x;
    const T q = x / y;
    return (x % y != 0) ? q + 1 : q;
}

template <typename T>
auto CeilAlign(T x, T align) -> typename std::enable_if<std::is_integral<T>::value, T>::type {
    if (align == 0) return 0;
    const T d = CeilDiv(x, align);
    if (d > std::numeric_limits<T>::max() / align) return std::numeric_limits<T>::max();
    return d * align;
}

#endif  // KGEMU_TILING_DATA_AS_STRUCT

template <typename T>
auto IsFloatEqual(T a, T b) -> typename std::enable_if<std::is_floating_point<T>::value, bool>::type {
    if (std::isnan(a) || std::isnan(b)) return false;
    // Same as opbase: when either side is infinite only the signs are compared.
    if (std::isinf(a) || std::isinf(b)) return std::signbit(a) == std::signbit(b);
    return std::fabs(a - b) <= std::numeric_limits<T>::epsilon();
}

// Largest power of two <= n (0 for 0).
inline uint64_t LastPow2(uint64_t n) {
    if (n == 0) return 0;
    uint64_t p = 1;
    while (p <= n / 2) p <<= 1;
    return p;
}

struct SplitResult {
    int32_t splitCount = 0;
    int64_t splitFactor = 0;
    int64_t splitTailFactor = 0;
};

// Splits splitLen into `parts` nearly equal pieces: factor = ceil(len / parts), count = ceil(len / factor).
inline bool SplitIntoEqualByParts(int64_t splitLen, int32_t parts, SplitResult& r) {
    if (splitLen <= 0 || parts <= 0) return false;
    r.splitFactor = CeilDiv(splitLen, static_cast<int64_t>(parts));
    r.splitCount = static_cast<int32_t>(CeilDiv(splitLen, r.splitFactor));
    r.splitTailFactor = splitLen - (static_cast<int64_t>(r.splitCount) - 1) * r.splitFactor;
    return true;
}

// Splits splitLen into pieces of `factor` (the last one is the tail).
inline bool SplitIntoEqualByFactor(int64_t splitLen, int32_t factor, SplitResult& r) {
    if (splitLen <= 0 || factor <= 0) return false;
    r.splitFactor = factor;
    r.splitCount = static_cast<int32_t>(CeilDiv(splitLen, static_cast<int64_t>(factor)));
    r.splitTailFactor = splitLen - (static_cast<int64_t>(r.splitCount) - 1) * r.splitFactor;
    return true;
}
}  // namespace Base
}  // namespace Ops

#endif  // KGEMU_OP_COMMON_OP_HOST_UTIL_MATH_UTIL_H
