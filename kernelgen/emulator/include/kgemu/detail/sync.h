// kernelgen CPU emulator (private, kernel side): pipe synchronisation, system variables and debug helpers.
//
// Blocks run their API calls in program order, so synchronisation has no effect on results; it is checked
// and traced: a WaitFlag without an outstanding matching SetFlag is a defect (the NPU would hang), and a
// SetFlag that is never waited is a warning at block end.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/sync.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_SYNC_H
#define KGEMU_DETAIL_SYNC_H

#include <cstdio>
#include <type_traits>

#include "kgemu/detail/sanitize.h"
#include "kgemu/detail/tensor.h"

namespace kgemu {
namespace detail {

inline void check_event_id(const char* api, AscendC::HardEvent evt, int32_t id) {
    if (id < 0 || id >= kMaxEventIds) {
        fail(api, strf("event id %d of HardEvent::%s is outside [0, %d)", id, event_pipes(evt).name, kMaxEventIds));
    }
}

[[noreturn]] inline void assert_fail(const char* expr, const char* file, int line) {
    fail("ASSERT", strf("assertion '%s' failed at %s:%d", expr, file, line));
}

// printf arguments: half/bf16 are passed as double (they are classes here, not builtin types).
template <typename A>
inline auto printf_arg(A a) {
    if constexpr (is_half_like<A>::value) {
        return static_cast<double>(static_cast<float>(a));
    } else {
        return a;
    }
}

// A kernel assertion's printf-style message (assert, ascendc_assert, ASSERT_MSG), without its trailing newline.
template <typename... Args>
inline std::string assert_message(const char* fmt, Args... args) {
    std::string message;
    if constexpr (sizeof...(Args) == 0) {
        message = fmt;
    } else {
        char buf[512];
        std::snprintf(buf, sizeof(buf), fmt, printf_arg(args)...);
        message = buf;
    }
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
    return message;
}

// assert's failure with an optional printf-style message (the kernel's assert, below).
[[noreturn]] inline void assert_fail_with(const char* expr, const char* file, int line) { assert_fail(expr, file, line); }
template <typename... Args>
[[noreturn]] inline void assert_fail_with(const char* expr, const char* file, int line, const char* fmt, Args... args) {
    fail("assert", strf("assertion '%s' failed at %s:%d: %s", expr, file, line, assert_message(fmt, args...).c_str()));
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <HardEvent evt>
inline void SetFlag(int32_t eventID) {
    auto& b = kgemu::detail::api_enter("SetFlag");
    kgemu::detail::check_event_id("SetFlag", evt, eventID);
    ++b.flags[static_cast<int>(evt)][eventID];
    kgemu::detail::san_set_flag(b, evt, eventID);
    if (__builtin_expect(b.trace, 0)) {
        kgemu::detail::trace_push(b, "SetFlag", kgemu::detail::event_pipes(evt).src, 0, 0, 0, 0, -1, eventID,
                                  static_cast<int32_t>(evt));
    }
}

template <HardEvent evt>
inline void WaitFlag(int32_t eventID) {
    auto& b = kgemu::detail::api_enter("WaitFlag");
    kgemu::detail::check_event_id("WaitFlag", evt, eventID);
    uint32_t& pending = b.flags[static_cast<int>(evt)][eventID];
    if (pending == 0) {
        const auto ep = kgemu::detail::event_pipes(evt);
        kgemu::detail::fail("WaitFlag", kgemu::detail::strf("WaitFlag<HardEvent::%s>(%d) has no matching "
                                                             "SetFlag<HardEvent::%s>(%d) before it: the %s pipe would "
                                                             "wait forever on the NPU",
                                                             ep.name, eventID, ep.name, eventID, ep.dst));
    }
    --pending;
    kgemu::detail::san_wait_flag(b, evt, eventID);
    if (__builtin_expect(b.trace, 0)) {
        kgemu::detail::trace_push(b, "WaitFlag", kgemu::detail::event_pipes(evt).dst, 0, 0, 0, 0, -1, eventID,
                                  static_cast<int32_t>(evt));
    }
}

template <pipe_t pipe>
inline void PipeBarrier() {
    auto& b = kgemu::detail::api_enter("PipeBarrier");
    if (pipe == PIPE_ALL) kgemu::detail::san_barrier_all(b);
    if (__builtin_expect(b.trace, 0)) {
        kgemu::detail::trace_push(b, "PipeBarrier", kgemu::detail::pipe_name(pipe), 0, 0, 0, 0, -1, -1, -1);
    }
}

// The vector mask register (SetMaskNorm, SetMaskCount, SetVectorMask, ResetMask) is in vec_mask.h.

// ---- system variables ----
// MIX launches (KERNEL_TYPE_MIX_AIC_1_2: N AICs, 2N AIVs): an AIC reports its index in [0, N); an AIV its index
// in [0, 2N) (AIC index * ratio + sub-block), its sub-block and the ratio; GetBlockNum() is N on both (the block
// dim: CANN's SyncAll<false> counts the AIVs of a MIX launch as GetTaskRatio() * GetBlockNum()).
inline int64_t GetBlockIdx() { return kgemu::detail::block_state("GetBlockIdx").core_idx; }
inline int64_t GetBlockNum() { return kgemu::detail::block_state("GetBlockNum").core_num; }
inline int64_t GetSubBlockIdx() { return kgemu::detail::block_state("GetSubBlockIdx").sub_idx; }
inline int64_t GetTaskRatio() { return kgemu::detail::block_state("GetTaskRatio").task_ratio; }
inline int64_t GetTaskRation() { return GetTaskRatio(); }  // the spelling of CANN releases before 8.3
// GetSubBlockNum (GetSubBlockNum(ISASI).md, 表2): the AIVs (or AICs) of one logical AI Core: 2 on an AIV of a
// KERNEL_TYPE_MIX_AIC_1_2 launch, 1 on every other AIV and on every AIC.
inline int64_t GetSubBlockNum() {
    const auto& b = kgemu::detail::block_state("GetSubBlockNum");
    return b.core_aic ? 1 : b.task_ratio;
}

// The user part of the workspace follows the library's reserved system workspace. CANN's CPU twin (tikicpulib: the
// kernel unit-test build, __CCE_KT_TEST__) hands the workspace back unchanged (asc-devkit
// impl/basic_api/dav_c220/kernel_operator_common_impl.h, GetUserWorkspace's ASCENDC_CPU_DEBUG branch), so a kernel
// test's GmAlloc'd workspace is all user workspace.
inline __gm__ uint8_t* GetUserWorkspace(__gm__ uint8_t* workspace) {
    auto& b = kgemu::detail::block_state("GetUserWorkspace");
#ifdef __CCE_KT_TEST__
    (void)b;
    return workspace;
#else
    if (workspace == nullptr) {
        // a null workspace while the launch passes one with a user part (the tiling asked for it): the entry's
        // workspace argument was not handed on (index/scatter_min calls Init(var, indices, updates), whose
        // workspace defaults to nullptr, and its sort path then skips all work)
        for (const auto& r : kgemu::detail::g_run.gm) {
            if (r.name == "workspace" && r.bytes > b.soc->libapi_workspace) {
                kgemu::detail::fail("GetUserWorkspace", kgemu::detail::strf(
                    "called with a null pointer while this launch passes a workspace of %llu bytes (%llu of them "
                    "the user's, which the tiling asked for): the kernel entry's workspace argument was not handed on",
                    static_cast<unsigned long long>(r.bytes),
                    static_cast<unsigned long long>(r.bytes - b.soc->libapi_workspace)));
            }
        }
        return nullptr;
    }
    return workspace + b.soc->libapi_workspace;
#endif
}
// The system workspace (asc-devkit include/basic_api/kernel_operator_swap_mem_intf.h): SetSysWorkspace records the
// kernel's workspace argument and GetSysWorkSpacePtr returns it; before any SetSysWorkspace, the launch's workspace
// (a framework launch reads it from the kernel's parameters), null when the launch has none (foreach_norm returns
// early on a null one).
inline void SetSysWorkspace(__gm__ uint8_t* workspace) {
    kgemu::detail::block_state("SetSysWorkspace").sys_workspace = workspace;
}
inline __gm__ uint8_t* GetSysWorkSpacePtr() {
    auto& b = kgemu::detail::block_state("GetSysWorkSpacePtr");
    if (b.sys_workspace != nullptr) return b.sys_workspace;
    for (const auto& r : kgemu::detail::g_run.gm) {
        if (r.name == "workspace") return reinterpret_cast<__gm__ uint8_t*>(r.base);
    }
    return nullptr;
}

// ---- debugging ----
[[noreturn]] inline void Trap() { kgemu::detail::fail("Trap", "the kernel called Trap()"); }

template <typename... Args>
inline void printf(const char* fmt, Args... args) {
    std::printf(fmt, kgemu::detail::printf_arg(args)...);
}
template <typename... Args>
inline void PRINTF(const char* fmt, Args... args) {
    std::printf(fmt, kgemu::detail::printf_arg(args)...);
}
template <typename T>
inline void DumpTensor(const LocalTensor<T>&, uint32_t, uint32_t) {}
template <typename T>
inline void DumpTensor(const GlobalTensor<T>&, uint32_t, uint32_t) {}

}  // namespace AscendC

// Legacy intrinsic spelling.
inline void pipe_barrier(pipe_t p) {
    auto& b = kgemu::detail::api_enter("PipeBarrier");
    if (p == PIPE_ALL) kgemu::detail::san_barrier_all(b);
}

#define TILING_KEY_IS(k) (::kgemu::detail::block_state("TILING_KEY_IS").tiling_key == static_cast<uint64_t>(k))

// Kernel assertions become defects of the block instead of aborting the process. The kernel's assert takes an
// optional printf-style message (asc-devkit assert.md: assert(expr) / assert(expr, fmt, args...), from
// utils/debug/asc_assert.h; ops-nn's index kernels pass one): the message joins the defect's text.
#define ASSERT(expr) ((expr) ? static_cast<void>(0) : ::kgemu::detail::assert_fail(#expr, __FILE__, __LINE__))
#include <cassert>
#undef assert
#define assert(expr, ...) \
    ((expr) ? static_cast<void>(0) : ::kgemu::detail::assert_fail_with(#expr, __FILE__, __LINE__, ##__VA_ARGS__))

#endif  // KGEMU_DETAIL_SYNC_H
