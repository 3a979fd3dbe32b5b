// kernelgen CPU emulator: the kernel-side runtime (kgemu/runtime.h).
//
// Process-wide state (SOC, GM registry, tiling bytes) is set by the harness before any block runs and is
// only read while blocks run. Per-block state lives in thread_local storage: rt_block_begin, the kernel and
// rt_block_end (or rt_block_abort) of one block must run on the same thread.
#include <atomic>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>

// The one definition of the emulator helpers kernel TUs only declare (the sanitizer, the GM shadow: see
// KGEMU_RUNTIME_IMPL in kgemu/detail/sanitize.h, gm_shadow.h, state.h, tensor.h): compiled here once per cache
#define KGEMU_RUNTIME_IMPL 1
#include "kernel_operator.h"
#include "kgemu/runtime.h"

namespace kgemu {
namespace detail {

RunState g_run;

namespace {

struct ThreadStore {
    std::unique_ptr<BlockState> state;
    uint8_t* ub = nullptr;
    uint64_t ub_cap = 0;
    std::string last_progress = "no block has run on this thread";

    ~ThreadStore() { std::free(ub); }

    uint8_t* ub_for(uint64_t bytes) {
        if (bytes > ub_cap) {
            std::free(ub);
            const uint64_t rounded = (bytes + 4095) / 4096 * 4096;
            ub = static_cast<uint8_t*>(std::aligned_alloc(4096, rounded));
            if (ub == nullptr) throw EmuError("rt_block_begin: cannot allocate the block's UB");
            ub_cap = rounded;
        }
        return ub;
    }
};

thread_local ThreadStore t_store;

std::string progress_of(const BlockState& b) {
    std::string out;
    if (b.progress_queue != nullptr) {
        out = b.tiles == 0 ? std::string("before the first tile") : "tile " + std::to_string(b.tiles);
        out += ", ";
    }
    out += "API call #" + std::to_string(b.api_calls);
    return out;
}

std::string gm_where(const GmRange& r, uintptr_t a, uintptr_t e, const char* verb) {
    const long long lo = static_cast<long long>(a - r.base);
    const long long hi = static_cast<long long>(e - r.base);
    return strf("%s bytes [%lld, %lld) of '%s' which has %llu bytes", verb, lo, hi, r.name.c_str(),
                static_cast<unsigned long long>(r.bytes));
}

}  // namespace

int64_t gm_check(const char* api, const void* p, uint64_t bytes, bool write, const void* origin) {
    BlockState* b = tl_block;
    const uintptr_t a = reinterpret_cast<uintptr_t>(p);
    const uintptr_t e = a + bytes;
    if (bytes == 0) return -1;
    const char* verb = write ? "writes" : "reads";
    if (origin != nullptr) {  // the GlobalTensor's own buffer names the access when it leaves that buffer
        const uintptr_t o = reinterpret_cast<uintptr_t>(origin);
        const GmRange* own = nullptr;
        for (const auto& r : g_run.gm) {
            if (o >= r.base && o < r.base + std::max<uint64_t>(r.bytes, 1)) {
                own = &r;
                break;
            }
        }
        for (const auto& r : g_run.gm) {  // an empty view set at a tensor's end (a block left without rows)
            if (own == nullptr && r.bytes != 0 && o == r.base + r.bytes) own = &r;
        }
        if (own != nullptr && (a < own->base || a >= own->base + own->bytes + own->slack)) {  // left its tensor
            fail(api, strf("the GlobalTensor set to '%s' %s", own->name.c_str(), gm_where(*own, a, e, verb).c_str()));
        }
    }
    for (const auto& r : g_run.gm) {
        if (a >= r.base && e <= r.base + r.bytes) {
            if (b != nullptr) {
                if (write) {
                    b->stats.gm_write_bytes += bytes;
                } else {
                    b->stats.gm_read_bytes += bytes;
                }
            }
            return static_cast<int64_t>(a - r.base);
        }
    }
    for (const auto& r : g_run.gm) {  // runs past the end, but stays inside the allocation's rounding slack
        if (r.slack != 0 && a >= r.base && a < r.base + r.bytes + r.slack && e <= r.base + r.bytes + r.slack) {
            if (write && g_run.sanitize && !r.own_slack) {
                const std::string what =
                    std::string(api) + ": " +
                    strf("%s past the logical end of '%s' (%llu bytes) into its allocation padding: an aclnn "
                         "output may be a view into larger storage, so these bytes can be a neighbour's data "
                         "(write exactly the tensor's bytes: DataCopyPad, or a shifted last tile)",
                         gm_where(r, a, e, verb).c_str(), r.name.c_str(), static_cast<unsigned long long>(r.bytes));
                if (b == nullptr) throw EmuError(what);
                // Deferred (runtime.h, rt_deferred_defect): the bytes are allocated, the block goes on.
                b->stats.gm_write_bytes += bytes;
                b->san.pad_call_no = b->api_calls;
                b->san.pad_bytes = bytes;
                b->san.pad_inside = r.base + r.bytes > a ? r.base + r.bytes - a : 0;
                std::lock_guard<std::mutex> lock(g_run.cov_mu);
                ++g_run.deferred_count;
                if (!g_run.has_deferred || b->block_idx < g_run.deferred_block) {
                    g_run.has_deferred = true;
                    g_run.deferred_block = b->block_idx;
                    g_run.deferred_progress = detail::progress_of(*b);
                    g_run.deferred_what = what;
                }
                return static_cast<int64_t>(a - r.base);
            }
            if (b != nullptr) {
                (write ? b->stats.gm_write_bytes : b->stats.gm_read_bytes) += bytes;
                warn(*b, strf("%s: %s past the end of '%s' (%llu bytes) into its allocation padding: harmless with "
                              "the NPU allocator's rounding (buffers padded to 512 bytes), but those bytes are not "
                              "the tensor's%s",
                              api, verb, r.name.c_str(), static_cast<unsigned long long>(r.bytes),
                              write ? "" : " (the emulator fills them with 0xFF)"));
            }
            return static_cast<int64_t>(a - r.base);
        }
    }
    for (const auto& r : g_run.gm) {  // starts inside a buffer and runs past its end
        if (a >= r.base && a < r.base + r.bytes) fail(api, gm_where(r, a, e, verb));
    }
    for (const auto& r : g_run.gm) {  // starts before a buffer and runs into it
        if (a < r.base + r.bytes && e > r.base) fail(api, gm_where(r, a, e, verb));
    }
    const GmRange* below = nullptr;
    for (const auto& r : g_run.gm) {
        if (r.base + r.bytes <= a && (below == nullptr || r.base + r.bytes > below->base + below->bytes)) below = &r;
    }
    if (below != nullptr) {
        fail(api, strf("%s %llu bytes starting %llu bytes past the end of '%s' (which has %llu bytes): the access "
                       "touches no registered GM buffer",
                       verb, static_cast<unsigned long long>(bytes),
                       static_cast<unsigned long long>(a - (below->base + below->bytes)), below->name.c_str(),
                       static_cast<unsigned long long>(below->bytes)));
    }
    fail(api, strf("%s %llu bytes at address %p, which touches no registered GM buffer", verb,
                   static_cast<unsigned long long>(bytes), p));
}

}  // namespace detail

using detail::BlockState;
using detail::g_run;
using detail::t_store;
using detail::tl_block;

void rt_begin_run(const KgSoc* soc, const char* op_type, bool trace) {
    if (soc == nullptr) throw EmuError("rt_begin_run: the SOC description is null");
    if (soc->ub_pool == 0 || soc->que_max_event == 0) {
        throw EmuError("rt_begin_run: the SOC description has ub_pool or que_max_event 0");
    }
    g_run.soc = soc;
    g_run.op_type = op_type != nullptr ? op_type : "";
    g_run.trace = trace;
    g_run.gm.clear();
    g_run.tiling.clear();
    g_run.tiling_set = false;
    const char* san = std::getenv("KERNELGEN_SANITIZE");
    g_run.sanitize = san == nullptr || std::strcmp(san, "0") != 0;
    {
        std::lock_guard<std::mutex> cov_lock(g_run.cov_mu);
        g_run.cov.clear();
        g_run.gm_log.clear();
        g_run.has_deferred = false;
        g_run.deferred_block = 0;
        g_run.deferred_count = 0;
        g_run.deferred_progress.clear();
        g_run.deferred_what.clear();
    }
    std::lock_guard<std::mutex> lock(g_run.sync.mu);
    g_run.sync.generation = 0;
    g_run.sync.xflags.clear();
    g_run.sync.xpending.clear();
    g_run.sync.xwaiting = 0;
    g_run.sync.cross_core_used = false;
    g_run.sync.arrived = 0;
    g_run.sync.ended = 0;
    g_run.sync.ended_aic = 0;
    g_run.sync.first_left_aiv.clear();
    g_run.sync.aiv_only = true;
    g_run.sync.concurrency = 0;
    g_run.sync.broken = false;
    g_run.sync.why.clear();
    g_run.sync.first_left.clear();
    g_run.sync.failed_waiting.clear();
    g_run.sync.lowest_own_failed = -1;
}

int64_t rt_failed_block_to_report() {
    std::lock_guard<std::mutex> lock(g_run.sync.mu);
    return g_run.sync.lowest_own_failed;
}

uint32_t rt_blocks_failed_waiting() {
    std::lock_guard<std::mutex> lock(g_run.sync.mu);
    return static_cast<uint32_t>(g_run.sync.failed_waiting.size());
}

void rt_set_concurrency(uint32_t blocks_at_once) {
    std::lock_guard<std::mutex> lock(g_run.sync.mu);
    g_run.sync.concurrency = blocks_at_once;
}

namespace {
// A block left the launch: blocks waiting in SyncAll can never be released (the NPU would hang).
void sync_block_left(const BlockState& b, bool failed) {
    auto& st = g_run.sync;
    std::lock_guard<std::mutex> lock(st.mu);
    const uint32_t block_idx = b.block_idx;
    if (failed && st.failed_waiting.count(block_idx) == 0 &&
        (st.lowest_own_failed < 0 || block_idx < st.lowest_own_failed)) {
        st.lowest_own_failed = block_idx;
    }
    const std::string who = detail::core_name(b);
    const char* how = failed ? "failed" : "ended without calling SyncAll";
    if (b.core_aic) ++st.ended_aic;
    if (st.ended++ == 0) st.first_left = detail::strf("%s %s", who.c_str(), how);
    if (!b.core_aic && st.first_left_aiv.empty()) st.first_left_aiv = detail::strf("%s %s", who.c_str(), how);
    // an AIC that ends normally takes no part in SyncAll<true> (AIVs only)
    if (st.xwaiting > 0) st.cv.notify_all();  // blocks in CrossCoreWaitFlag re-check whether anyone can still set
    if (st.arrived > 0 && !st.broken && !(b.core_aic && !failed && st.aiv_only)) {
        st.broken = true;
        st.why = detail::strf("%s %s while %u block(s) wait in SyncAll: the NPU would wait forever", who.c_str(), how,
                              st.arrived);
        st.cv.notify_all();
    }
}
}  // namespace

void rt_register_gm(const char* name, void* base, uint64_t bytes, uint64_t slack, bool own_slack, uint64_t guard) {
    detail::GmRange r;
    r.name = name != nullptr ? name : "?";
    r.base = reinterpret_cast<uintptr_t>(base);
    r.bytes = bytes;
    r.slack = slack;
    r.own_slack = own_slack;
    r.guard = guard;
    g_run.gm.push_back(r);
}

void rt_mark_output(const char* name, bool must_cover) {
    for (auto& r : g_run.gm) {
        if (name != nullptr && r.name == name) {
            r.output = true;
            r.must_cover = must_cover;
        }
    }
}

void rt_limit_output(const char* name, uint64_t bytes) {
    for (auto& r : g_run.gm) {
        if (name != nullptr && r.name == name) r.cover_bytes = bytes;
    }
}

bool rt_deferred_defect(DeferredDefect* out) {
    std::lock_guard<std::mutex> lock(g_run.cov_mu);
    if (!g_run.has_deferred) return false;
    if (out != nullptr) {
        out->block = g_run.deferred_block;
        out->progress = g_run.deferred_progress;
        out->what = g_run.deferred_what;
        out->more = g_run.deferred_count - 1;
    }
    return true;
}

std::string rt_check_outputs() {
    if (!g_run.sanitize) return "";
    std::vector<detail::CovWrite> cov;
    {
        std::lock_guard<std::mutex> lock(g_run.cov_mu);
        cov = g_run.cov;
    }
    std::sort(cov.begin(), cov.end(), [](const detail::CovWrite& x, const detail::CovWrite& y) {
        return x.begin != y.begin ? x.begin < y.begin : x.block < y.block;
    });
    for (const auto& r : g_run.gm) {
        if (!r.output || r.bytes == 0) continue;
        const uint64_t lo = r.base, hi = r.base + std::min(r.bytes, r.cover_bytes);
        uint64_t covered = lo;  // [lo, covered) is written
        uint64_t gap_bytes = 0, first_gap = 0, first_gap_end = 0;
        bool any_atomic = false;
        // per SyncAll phase, the plain write that reaches furthest so far: two blocks' plain writes of the same
        // bytes race within a phase; across phases the barrier orders them (a block clears, SyncAll, another
        // block writes the result: segment_sum's AllClear)
        std::map<uint32_t, const detail::CovWrite*> reach_in;
        for (const auto& w : cov) {
            if (w.end <= lo || w.begin >= hi + r.slack) continue;
            any_atomic = any_atomic || w.atomic;
            const detail::CovWrite* reach = w.atomic ? nullptr : reach_in[w.phase];
            if (reach != nullptr && w.begin < reach->end && w.block != reach->block) {
                const uint64_t a = w.begin, e = std::min(w.end, reach->end);
                return detail::strf("output '%s': bytes [%llu, %llu) were written by %s and by %s: "
                                    "overlapping writes from different blocks (the result depends on which block "
                                    "finishes last; split the output so each element has one writer, or use "
                                    "SetAtomicAdd)",
                                    r.name.c_str(), static_cast<unsigned long long>(a - lo),
                                    static_cast<unsigned long long>(e - lo), detail::slot_label(reach->block).c_str(),
                                    detail::slot_label(w.block).c_str());
            }
            if (w.begin > covered && covered < hi) {
                const uint64_t ge = std::min<uint64_t>(w.begin, hi);
                if (gap_bytes == 0) {
                    first_gap = covered;
                    first_gap_end = ge;
                }
                gap_bytes += ge - covered;
            }
            if (w.end > covered) covered = w.end;
            if (!w.atomic && (reach == nullptr || w.end > reach->end)) reach_in[w.phase] = &w;
        }
        if (covered < hi) {
            if (gap_bytes == 0) {
                first_gap = covered;
                first_gap_end = hi;
            }
            gap_bytes += hi - covered;
        }
        if (gap_bytes != 0 && r.must_cover && !any_atomic) {
            return detail::strf("output '%s' (%llu bytes): %llu byte(s) were never written by any block, first "
                                "[%llu, %llu) (every output element must be written exactly once: a skipped tile, "
                                "a remainder no block handles, or a count that stops short)",
                                r.name.c_str(), static_cast<unsigned long long>(hi - lo),
                                static_cast<unsigned long long>(gap_bytes),
                                static_cast<unsigned long long>(first_gap - lo),
                                static_cast<unsigned long long>(first_gap_end - lo));
        }
    }
    // GM written by one block and read by another with no SyncAll between (not checked when the blocks also
    // ordered themselves with CrossCoreSetFlag / CrossCoreWaitFlag: the SyncAll phases do not capture that order)
    if (g_run.sync.cross_core_used) return "";
    return detail::gm_check_blocks();
}

void rt_set_tiling(const uint8_t* data, uint64_t size) {
    g_run.tiling.assign(data, data + size);
    g_run.tiling_set = true;
    g_run.tiling_is_capacity = false;
}

void rt_set_tiling_buffer(const uint8_t* data, uint64_t capacity) {
    rt_set_tiling(data, capacity);
    g_run.tiling_is_capacity = true;
}

const KgSoc* rt_soc() { return g_run.soc; }

std::vector<CoreSlot> rt_launch_slots(int32_t kernel_type, uint32_t block_dim) {
    std::vector<CoreSlot> out;
    uint32_t aics = 0, ratio = 1;  // AIV-only unless the kernel type says otherwise
    bool aivs = true;
    switch (kernel_type) {
        case 1: case 5: aics = 1; aivs = false; break;  // AIC_ONLY, MIX_AIC_1_0
        case 6: aics = 1; break;                         // MIX_AIC_1_1
        case 7: aics = 1; ratio = 2; break;              // MIX_AIC_1_2
        default: break;
    }
    const bool mix = aics != 0 && aivs;
    for (uint32_t i = 0; aics != 0 && i < block_dim; ++i) {
        CoreSlot c;
        c.aic = true;
        c.idx = i;
        c.num = block_dim;
        out.push_back(c);
    }
    for (uint32_t i = 0; aivs && i < block_dim * ratio; ++i) {
        CoreSlot c;
        c.idx = i;
        c.num = block_dim;  // GetBlockNum(): the launch's block dim, also on an AIV of a MIX launch
        c.sub = mix ? i % ratio : 0;
        c.ratio = ratio;
        out.push_back(c);
    }
    return out;
}

std::string rt_slot_name(const std::vector<CoreSlot>& slots, uint32_t slot) {
    if (slot >= slots.size()) return detail::strf("block %u", slot);
    const CoreSlot& c = slots[slot];
    const bool mix = !slots.empty() && slots.front().aic && !slots.back().aic;
    if (c.aic) return detail::strf("AIC %u", c.idx);
    if (mix) return detail::strf("AIV %u (sub-block %u of AIC %u)", c.idx, c.sub, c.idx / c.ratio);
    return detail::strf("block %u", c.idx);
}

void rt_set_slot_names(const std::vector<CoreSlot>& slots) {
    g_run.slot_names.clear();
    const bool mix = !slots.empty() && slots.front().aic;
    for (uint32_t i = 0; mix && i < slots.size(); ++i) g_run.slot_names.push_back(rt_slot_name(slots, i));
}

void rt_block_core(const CoreSlot& core, uint32_t aiv_slots) {
    BlockState* b = tl_block;
    if (b == nullptr) throw EmuError("rt_block_core: rt_block_begin was not called on this thread");
    b->core_aic = core.aic;
    b->core_idx = core.idx;
    b->core_num = core.num;
    b->sub_idx = core.sub;
    b->task_ratio = core.ratio;
    b->aiv_slots = aiv_slots;
}

void rt_block_begin(uint32_t block_idx, uint32_t block_num, uint64_t tiling_key) {
    if (g_run.soc == nullptr) throw EmuError("rt_block_begin: rt_begin_run was not called");
    if (!t_store.state) t_store.state.reset(new BlockState());
    BlockState& b = *t_store.state;
    b = BlockState();
    b.block_idx = block_idx;
    b.block_num = block_num;
    b.core_idx = block_idx;
    b.core_num = block_num;
    b.aiv_slots = block_num;
    b.tiling_key = tiling_key;
    static std::atomic<uint64_t> block_serial{0};
    b.serial = ++block_serial;
    b.soc = g_run.soc;
    b.trace = g_run.trace;
    // UB and then the cube's memories (kgemu/detail/cube_mem.h): one local address space per block
    b.local_size = detail::local_memory_bytes(*g_run.soc);
    b.ub = t_store.ub_for(b.local_size);
    std::memset(b.ub, 0xFF, b.local_size);  // fresh local memory is poison: NaN for f32/f16/bf16
    detail::san_start(b, g_run.sanitize);
    tl_block = &b;
}

BlockStats rt_block_end() {
    BlockState* b = tl_block;
    if (b == nullptr) throw EmuError("rt_block_end: no block is running on this thread");
    if (b->san.p_n != 0) detail::san_flush(*b);
    if (!b->san.gm_writes.empty()) {
        std::lock_guard<std::mutex> lock(g_run.cov_mu);
        for (const auto& w : b->san.gm_writes) g_run.cov.push_back({w.begin, w.end, b->block_idx, w.atomic, w.phase});
    }
    detail::gm_block_end(*b);
    for (int e = 0; e < detail::kNumHardEvents; ++e) {
        for (int id = 0; id < detail::kMaxEventIds; ++id) {
            if (b->flags[e][id] != 0) {
                const auto ep = detail::event_pipes(static_cast<AscendC::HardEvent>(e));
                detail::warn(*b, detail::strf("SetFlag<HardEvent::%s>(%d) was never waited (%u outstanding at block "
                                              "end)",
                                              ep.name, id, b->flags[e][id]));
            }
        }
    }
    if (b->pipe != nullptr) {
        detail::warn(*b, "the TPipe was still alive at block end (it should be a local of the kernel function)");
        b->pipe = nullptr;
    }
    sync_block_left(*b, false);
    BlockStats out = std::move(b->stats);
    for (const auto& kv : b->vector_calls) out.vector_calls[kv.first] += kv.second;
    t_store.last_progress = detail::progress_of(*b);
    tl_block = nullptr;
    return out;
}

void rt_block_abort() {
    if (tl_block != nullptr) sync_block_left(*tl_block, true);
    if (tl_block != nullptr) t_store.last_progress = detail::progress_of(*tl_block);
    tl_block = nullptr;
}

const char* block_last_api() {
    return tl_block != nullptr && tl_block->san.p_api != nullptr ? tl_block->san.p_api : "";
}

std::string block_progress() {
    if (tl_block != nullptr) return detail::progress_of(*tl_block);
    return t_store.last_progress;
}

std::string rt_block_abandon() noexcept {
    std::string progress;
    try {
        progress = block_progress();
    } catch (...) {
    }
    try {
        rt_block_abort();
    } catch (...) {
    }
    return progress;
}

}  // namespace kgemu

// The device compiler's single-precision math intrinsics that SIMT kernels call directly (deformable_offsets'
// __floorf, ctc_loss_v2_grad's __expf / __logf). glibc declares these names (its internal aliases) but exports no
// definitions, so a kernel calling them linked but could not be loaded ("undefined symbol: __floorf"); here they
// are the float functions they name.
extern "C" {
float __floorf(float x) noexcept { return std::floor(x); }
float __expf(float x) noexcept { return std::exp(x); }
float __logf(float x) noexcept { return std::log(x); }
}
