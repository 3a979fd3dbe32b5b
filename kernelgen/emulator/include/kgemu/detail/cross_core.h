// kernelgen CPU emulator (private, kernel side): CrossCoreSetFlag / CrossCoreWaitFlag, the separated
// architecture's synchronisation between the cores of a MIX launch (hicann/asc-devkit: CrossCoreSetFlag).
//
// Each core has a counter per flag id, 0 at launch. CrossCoreWaitFlag blocks while its counter is 0, then takes
// one. CrossCoreSetFlag<mode, pipe>(id) raises counters:
//   mode 0: when every AIV (or, on an AIC, every AIC) of the launch has set id, each of them gets one;
//   mode 1: when both AIVs of an AI core have set id, each of the two gets one;
//   mode 2: an AIC's set gives each of its AIVs one; when each of its AIVs has set id, the AIC gets one.
// Flag ids are 0..10 on 2201 (Atlas A2 / A3), and a counter holds at most 15 (16 sets without a wait).
// A wait that nothing can satisfy any more (every other block ended, or waits itself) is a defect: the NPU hangs.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/cross_core.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_CROSS_CORE_H
#define KGEMU_DETAIL_CROSS_CORE_H

#include <vector>

#include "kgemu/detail/state.h"

namespace kgemu {
namespace detail {

inline uint64_t xkey(uint32_t slot, uint16_t id) { return (static_cast<uint64_t>(slot) << 16) | id; }

// Slots of a MIX launch: AICs 0..n-1, then AIV v at n + v (kgemu::rt_launch_slots).
inline uint32_t x_aics(const BlockState& b) { return b.block_num - b.aiv_slots; }
inline uint32_t x_group(const BlockState& b) { return b.core_aic ? b.core_idx : b.core_idx / b.task_ratio; }

inline void x_check(BlockState& b, const char* api, uint16_t id) {
    const uint16_t max_id = b.soc != nullptr && b.soc->npu_arch == 2201 ? 10 : 15;
    if (id > max_id) {
        fail(api, strf("flag id %u is out of range: %s takes flag ids 0..%u", id, soc_name(b), max_id));
    }
}

inline void x_raise(BlockState& b, const char* api, uint32_t slot, uint16_t id) {
    uint32_t& c = g_run.sync.xflags[xkey(slot, id)];
    if (c >= 15) {
        fail(api, strf("flag id %u was set 16 times with no CrossCoreWaitFlag taking one: its counter holds at most 15",
                       id));
    }
    ++c;
    (void)b;
}

// Every block is blocked (in CrossCoreWaitFlag or SyncAll) or has ended: nothing can release the waiters.
inline bool x_deadlock(const BlockState& b) {
    const auto& st = g_run.sync;
    return st.xwaiting + st.arrived + st.ended >= b.block_num;
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <uint8_t modeId, pipe_t pipe>
inline void CrossCoreSetFlag(uint16_t flagId) {
    static_assert(modeId <= 2, "CrossCoreSetFlag: modeId is 0, 1 or 2");
    static_assert(pipe != PIPE_S && pipe != PIPE_ALL, "CrossCoreSetFlag: pipe cannot be PIPE_S or PIPE_ALL");
    const char* api = "CrossCoreSetFlag";
    auto& b = kgemu::detail::api_enter(api);
    kgemu::detail::x_check(b, api, flagId);
    kgemu::detail::san_barrier_all(b);  // the flag is raised after the pipe's earlier work
    auto& st = kgemu::detail::g_run.sync;
    std::lock_guard<std::mutex> lock(st.mu);
    st.cross_core_used = true;
    const uint32_t aics = kgemu::detail::x_aics(b);
    if (modeId == 2) {
        if (aics == 0) kgemu::detail::fail(api, "mode 2 synchronises an AIC with its AIVs, but this launch has no AIC "
                                                "(set the kernel type to KERNEL_TYPE_MIX_AIC_1_1 or _1_2)");
        const uint32_t g = kgemu::detail::x_group(b), ratio = b.aiv_slots / aics;
        if (b.core_aic) {
            for (uint32_t s = 0; s < ratio; ++s) kgemu::detail::x_raise(b, api, aics + g * ratio + s, flagId);
        } else {
            ++st.xpending[kgemu::detail::xkey(b.block_idx, flagId)];
            bool all = true;
            for (uint32_t s = 0; s < ratio; ++s) all = all && st.xpending[kgemu::detail::xkey(aics + g * ratio + s, flagId)] > 0;
            if (all) {
                for (uint32_t s = 0; s < ratio; ++s) --st.xpending[kgemu::detail::xkey(aics + g * ratio + s, flagId)];
                kgemu::detail::x_raise(b, api, g, flagId);
            }
        }
    } else {
        // the cores that synchronise: mode 1 the AIVs of this AI core; mode 0 every AIV (every AIC on an AIC)
        std::vector<uint32_t> group;
        if (modeId == 1) {
            if (b.core_aic) kgemu::detail::fail(api, "mode 1 synchronises the AIVs of an AI core; an AIC called it");
            const uint32_t ratio = aics == 0 ? 1 : b.aiv_slots / aics, g = kgemu::detail::x_group(b);
            for (uint32_t s = 0; s < ratio; ++s) group.push_back(aics + g * ratio + s);
        } else if (b.core_aic) {
            for (uint32_t s = 0; s < aics; ++s) group.push_back(s);
        } else {
            for (uint32_t s = 0; s < b.aiv_slots; ++s) group.push_back(aics + s);
        }
        const uint64_t tag = (static_cast<uint64_t>(modeId) << 48);
        ++st.xpending[tag | kgemu::detail::xkey(b.block_idx, flagId)];
        bool all = true;
        for (uint32_t s : group) all = all && st.xpending[tag | kgemu::detail::xkey(s, flagId)] > 0;
        if (all) {
            for (uint32_t s : group) {
                --st.xpending[tag | kgemu::detail::xkey(s, flagId)];
                kgemu::detail::x_raise(b, api, s, flagId);
            }
        }
    }
    st.cv.notify_all();
}

template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
inline void CrossCoreWaitFlag(uint16_t flagId) {
    const char* api = "CrossCoreWaitFlag";
    auto& b = kgemu::detail::api_enter(api);
    kgemu::detail::x_check(b, api, flagId);
    auto& st = kgemu::detail::g_run.sync;
    std::unique_lock<std::mutex> lock(st.mu);
    st.cross_core_used = true;
    uint32_t& c = st.xflags[kgemu::detail::xkey(b.block_idx, flagId)];
    ++st.xwaiting;
    while (c == 0 && !st.broken) {
        if (kgemu::detail::x_deadlock(b)) {
            st.broken = true;
            st.why = kgemu::detail::strf("CrossCoreWaitFlag(%u) waits for a flag no block can set any more (%s "
                                         "was the last block running; every other one ended or waits too): the NPU "
                                         "would wait forever", flagId, kgemu::detail::core_name(b).c_str());
            st.cv.notify_all();
            break;
        }
        st.cv.wait(lock);
    }
    --st.xwaiting;
    if (c == 0) {
        st.failed_waiting.insert(b.block_idx);
        kgemu::detail::fail(api, st.why);
    }
    --c;
    kgemu::detail::san_barrier_all(b);  // what follows the wait starts after it
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_CROSS_CORE_H
