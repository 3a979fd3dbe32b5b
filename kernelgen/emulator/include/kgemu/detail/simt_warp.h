// kernelgen CPU emulator (private, kernel side): SIMT warp functions (asc-devkit "Warp函数": vote, shfl, reduce).
//
// A lane calling a warp function deposits its value and blocks; the scheduler (simt_sched.h) releases a warp's
// waiting lanes once every live lane of the warp is blocked. The lanes waiting at the same call (file and line)
// are that call's active lanes (the docs: lanes on another branch path do not take part); each released lane gets
// a snapshot of the active lanes' values and computes its own result from it. Reductions combine the active
// lanes pairwise in lane order (the docs: a binary tree, so float sums may differ from a sequential sum).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/simt_warp.h is private to the kernelgen emulator; include \"simt_api/asc_simt.h\" instead"
#endif
#ifndef KGEMU_DETAIL_SIMT_WARP_H
#define KGEMU_DETAIL_SIMT_WARP_H

#include <cstring>
#include <type_traits>

#include "kgemu/detail/simt_race.h"
#include "kgemu/detail/simt_sched.h"

namespace kgemu {
namespace simt {

enum WarpKind : int { kShfl = 1, kShflUp, kShflDown, kShflXor, kBallot, kAny, kAll, kActive, kRedAdd, kRedMax, kRedMin };

inline void resolve_warps(Vf& v, bool& progressed) {
    const uint32_t warps = (v.n + kWarp - 1) / kWarp;
    for (uint32_t w = 0; w < warps; ++w) {
        const uint32_t lo = w * kWarp, hi = std::min(v.n, lo + kWarp);
        for (uint32_t t = lo; t < hi; ++t) {
            Thread& lead = v.th[t];
            if (lead.st != St::kWarp) continue;
            uint32_t mask = 0;
            for (uint32_t u = lo; u < hi; ++u) {
                const Thread& o = v.th[u];
                if (o.st == St::kWarp && o.site_line == lead.site_line && o.site_file == lead.site_file &&
                    o.warp_kind == lead.warp_kind) {
                    mask |= 1u << (u - lo);
                }
            }
            uint64_t vals[kWarp] = {};
            for (uint32_t u = lo; u < hi; ++u) {
                if ((mask >> (u - lo)) & 1u) vals[u - lo] = v.th[u].warp_val;
            }
            for (uint32_t u = lo; u < hi; ++u) {
                if (((mask >> (u - lo)) & 1u) == 0) continue;
                Thread& o = v.th[u];
                o.snap_mask = mask;
                std::memcpy(o.snap, vals, sizeof(vals));
                o.st = St::kReady;
            }
            progressed = true;
        }
    }
}

template <typename T>
inline uint64_t to_bits(T x) {
    static_assert(sizeof(T) <= 8, "warp function operands are at most 8 bytes");
    uint64_t u = 0;
    std::memcpy(&u, &x, sizeof(T));
    return u;
}
template <typename T>
inline T from_bits(uint64_t u) {
    T x;
    std::memcpy(&x, &u, sizeof(T));
    return x;
}

// Blocks the lane at a warp function; on return o.snap / o.snap_mask hold the active lanes' values.
inline Thread& warp_wait(const char* api, int kind, uint64_t val, int32_t arg, int32_t width, const char* file,
                         int line) {
    Vf& v = current(api);
    Thread& me = v.th[v.cur];
    me.st = St::kWarp;
    me.warp_kind = kind;
    me.warp_val = val;
    me.warp_arg = arg;
    me.warp_width = width;
    me.site_file = file;
    me.site_line = line;
    yield(v);
    return v.th[v.cur];
}

inline uint32_t lane_of(const Vf& v) { return v.cur % kWarp; }

inline void check_width(const char* api, int32_t width) {
    if (width < 1 || width > 32 || (width & (width - 1)) != 0) {
        vf_fail(current(api), api, detail::strf("width %d: the group width is a power of 2 from 1 to 32", width));
    }
}

template <typename T>
inline T shfl(const char* api, int kind, T var, int32_t arg, int32_t width, const char* file, int line) {
    check_width(api, width);
    Vf& v = current(api);
    const uint32_t lane = lane_of(v);
    Thread& me = warp_wait(api, kind, to_bits(var), arg, width, file, line);
    const uint32_t base = lane / static_cast<uint32_t>(width) * static_cast<uint32_t>(width);
    int64_t src = lane;
    switch (kind) {
        case kShfl: src = base + static_cast<uint32_t>(arg) % static_cast<uint32_t>(width); break;
        case kShflUp: src = static_cast<int64_t>(lane) - arg < static_cast<int64_t>(base) ? lane : lane - arg; break;
        case kShflDown: src = lane + static_cast<uint32_t>(arg) >= base + static_cast<uint32_t>(width) ? lane : lane + arg; break;
        default: {  // xor: a lane outside the group reads its own value
            const uint32_t s = lane ^ static_cast<uint32_t>(arg);
            src = s >= base + static_cast<uint32_t>(width) || s < base ? lane : s;
        }
    }
    // an inactive source lane: the docs leave its register undefined; the emulator gives the caller's own value
    if (src < 0 || src >= 32 || ((me.snap_mask >> src) & 1u) == 0) return var;
    return from_bits<T>(me.snap[src]);
}

template <typename T>
inline T reduce(const char* api, int kind, T val, const char* file, int line) {
    Thread& me = warp_wait(api, kind, to_bits(val), 0, 32, file, line);
    using C = typename std::conditional<std::is_floating_point<T>::value || std::is_integral<T>::value, T, float>::type;
    C acc[kWarp];
    bool has[kWarp];
    for (uint32_t l = 0; l < kWarp; ++l) {
        has[l] = ((me.snap_mask >> l) & 1u) != 0;
        if (has[l]) acc[l] = static_cast<C>(from_bits<T>(me.snap[l]));
    }
    for (uint32_t step = 16; step >= 1; step /= 2) {  // pairwise, as the hardware's binary tree
        for (uint32_t l = 0; l < step; ++l) {
            if (!has[l + step]) continue;
            if (!has[l]) {
                acc[l] = acc[l + step];
                has[l] = true;
                continue;
            }
            const C a = acc[l], b = acc[l + step];
            if (kind == kRedAdd) {
                acc[l] = static_cast<C>(a + b);
            } else if (kind == kRedMax) {
                acc[l] = a < b ? b : a;
            } else {
                acc[l] = b < a ? b : a;
            }
            if (std::is_same<T, half>::value) acc[l] = static_cast<C>(static_cast<float>(T(acc[l])));
        }
    }
    return T(acc[0]);
}

inline uint32_t vote(const char* api, int kind, int32_t pred, const char* file, int line) {
    Thread& me = warp_wait(api, kind, pred != 0 ? 1 : 0, 0, 32, file, line);
    uint32_t ballot = 0;
    for (uint32_t l = 0; l < kWarp; ++l) {
        if (((me.snap_mask >> l) & 1u) != 0 && me.snap[l] != 0) ballot |= 1u << l;
    }
    switch (kind) {
        case kBallot: return ballot;
        case kAny: return ballot != 0 ? 1 : 0;
        case kAll: return ballot == me.snap_mask ? 1 : 0;
        default: return me.snap_mask;
    }
}

}  // namespace simt
}  // namespace kgemu

#endif  // KGEMU_DETAIL_SIMT_WARP_H
