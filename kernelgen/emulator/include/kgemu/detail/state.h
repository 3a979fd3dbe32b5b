// kernelgen CPU emulator (private, kernel side): process-wide and per-block emulator state.
//
// Process-wide state (SOC, GM registry, tiling bytes) is written by the harness before blocks start and is
// read-only while they run. Per-block state is thread_local: each block runs on one worker thread.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/state.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_STATE_H
#define KGEMU_DETAIL_STATE_H

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "kgemu/detail/base.h"
#include "kgemu/detail/numerics.h"

namespace AscendC {
class TPipe;
}

namespace kgemu {
namespace detail {

struct GmRange {
    std::string name;
    uintptr_t base;
    uint64_t bytes;
    uint64_t slack = 0;  // allocated bytes past `bytes` (allocator rounding): reading them is a warning
    bool own_slack = false;  // the slack is the tensor's own (an aclnn workspace tensor's slice): writing it too
    uint64_t guard = 0;  // allocated bytes past the slack that belong to no tensor (the caller's red zone): a SIMT
                         // thread's access there left the tensor (SIMT accesses carry no tensor of their own)
    bool output = false;      // an output: no two blocks may write the same bytes (rt_check_outputs)
    bool must_cover = false;  // ... and every byte must be written
    uint64_t cover_bytes = UINT64_MAX;  // ... of its first cover_bytes (an output shaped by compute: rt_limit_output)
};

// SyncAll: a barrier over every block of the launch (the harness runs them all at once when it may be used).
struct SyncState {
    std::mutex mu;
    std::condition_variable cv;
    uint64_t generation = 0;
    uint32_t arrived = 0;      // blocks waiting in the current SyncAll
    uint32_t ended = 0;        // blocks that finished (or failed)
    uint32_t ended_aic = 0;    // ... of which AIC blocks (they take no part in SyncAll<true>)
    bool aiv_only = true;      // the barrier being filled is SyncAll<true> (AIVs only)
    uint32_t concurrency = 0;  // blocks the harness runs at once (0: unknown)
    bool broken = false;
    std::string why;
    std::string first_left;    // "block 3 ended" / "block 3 failed": the first block that left the launch
    std::string first_left_aiv;  // ... the first AIV (SyncAll<true> of a MIX launch waits for AIVs only)
    std::set<uint32_t> failed_waiting;  // blocks that failed only because another left while they waited
    // CrossCoreSetFlag / CrossCoreWaitFlag (kgemu/detail/cross_core.h): counters by (slot, flag id), the AIV
    // sets of mode 2 not yet merged into their AIC's counter, and the blocks blocked in CrossCoreWaitFlag
    std::unordered_map<uint64_t, uint32_t> xflags;
    std::unordered_map<uint64_t, uint32_t> xpending;
    uint32_t xwaiting = 0;
    bool cross_core_used = false;  // the launch used them: GM order between blocks is not only SyncAll's
    int64_t lowest_own_failed = -1;      // the lowest-numbered block that failed of its own cause, or -1
};

// A GM write span of one block, kept for the output-coverage check after every block ran.
struct CovWrite {
    uint64_t begin, end;  // host addresses
    uint32_t block;
    bool atomic;
    uint32_t phase;  // SyncAll calls the block had completed: writes of two phases are ordered by the barrier
};

// Pipes as vector-clock indices: S, V, M, MTE1, MTE2, MTE3, FIX, other.
constexpr int kSanPipes = 8;

// ---- GM shadow (kgemu/detail/gm_shadow.h) ----
// Within a block: a run of GM bytes of one registered tensor with its last write and last read per pipe.
struct GmSeg {
    uint64_t begin, end;  // host addresses
    uint32_t w_clk, w_call;
    uint32_t r_clk[kSanPipes];
    uint32_t r_call[kSanPipes];
    int8_t w_pipe;  // -1: not written by this block
};
// A GM-accessing call, for naming it in diagnoses.
struct GmCall {
    const char* api;
    uint64_t call_no;
    uint64_t tile;
    const void* origin;  // the pointer its GlobalTensor was set to (SetGlobalBuffer), or nullptr
    int8_t pipe;
};
// Across blocks: a run of GM bytes this block read or wrote in one SyncAll phase.
struct GmRun {
    uint64_t begin, end;  // host addresses
    uint64_t seq_lo, seq_hi;  // the block's GM accesses (GmShadow::seq) the run spans, for flag barriers
    uint32_t call;        // GmCall index of the block (UINT32_MAX: not recorded)
    uint32_t phase;       // SyncAll calls the block had completed
    uint16_t tensor;      // index into g_run.gm
    uint8_t kind;         // 0 read, 1 write, 2 atomic write
    int8_t pipe;
};
// A small GM access (a flag's size), kept for the flag-barrier analysis of gm_check_blocks (gm_shadow.h).
struct GmSyncEvent {
    uint64_t begin, end;  // host addresses
    uint64_t seq;         // the block's GM access number
    uint64_t time;        // launch-wide order (g_run.gm_clock): a write before its bytes move, a read after
    uint16_t tensor;
    uint8_t write;
    uint8_t polled;       // a read the block repeated with no other GM access between: it spins on these bytes
};
struct GmShadow {
    std::vector<std::vector<GmSeg>> segs;  // by g_run.gm index
    std::vector<GmCall> calls;
    std::vector<GmRun> runs;
    std::vector<GmSyncEvent> sync;
    uint64_t seq = 0;           // GM accesses so far
    bool stamp_pending = false;  // sync.back() is a read whose time is taken once its bytes have moved
    uint32_t phase = 0;
    uint64_t clk_call = ~0ULL;  // the API call whose pipe clock the GM hook already advanced (san_apply reuses it)
    uint32_t clk = 0;
    uint64_t rec_call = ~0ULL;  // the API call recorded last in `calls`
    size_t run_limit = 1u << 20;  // runs before they are sorted and merged (gm_run_add)
};
// One block's GM runs, kept for the cross-block check after the launch.
struct GmBlockLog {
    uint32_t block;
    std::vector<GmCall> calls;
    std::vector<GmRun> runs;
    std::vector<GmSyncEvent> sync;
};

struct RunState {
    const KgSoc* soc = nullptr;
    bool sanitize = true;  // KERNELGEN_SANITIZE=0 turns the sanitizer off
    std::string op_type;
    bool trace = false;
    std::vector<GmRange> gm;
    std::vector<uint8_t> tiling;
    bool tiling_set = false;
    bool tiling_is_capacity = false;  // unit tests (tikicpulib): the tiling GmAlloc region, which may exceed the struct
    SyncState sync;
    std::mutex cov_mu;
    std::vector<CovWrite> cov;  // every block's GM output writes (rt_block_end appends)
    std::vector<GmBlockLog> gm_log;  // every block's GM runs (rt_block_end appends; gm_shadow.h checks them)
    std::atomic<uint64_t> gm_clock{0};  // orders the blocks' small GM accesses (GmSyncEvent::time)
    // The first write into an output's allocation padding of the lowest block that made one (under cov_mu).
    bool has_deferred = false;
    uint32_t deferred_block = 0, deferred_count = 0;
    std::string deferred_progress, deferred_what;

    std::vector<std::string> slot_names;  // "AIC 0", "AIV 1": a launch with AIC cores (kgemu::rt_slot_name)
};
extern RunState g_run;  // defined in runtime/kg_runtime.cpp

constexpr int kMaxEventIds = 16;
constexpr int kNumHardEvents = static_cast<int>(AscendC::HardEvent::MAX);

// ---- sanitizer state (kgemu/detail/sanitize.h) ----
struct VClock {
    uint32_t c[kSanPipes] = {};
    void join(const VClock& o) {
        for (int i = 0; i < kSanPipes; ++i) c[i] = c[i] > o.c[i] ? c[i] : o.c[i];
    }
};
// A run of UB bytes an operand touches (absolute UB offsets).
struct SanSpan {
    uint32_t begin, end;
};
// One UB operand of the call being described (see ApiCall / ub_operand).
struct SanOp {
    uint64_t begin = 0, end = 0;  // UB byte offsets
    uint64_t view_end = 0;        // end of the LocalTensor's view
    const void* owner = nullptr;  // owning queue (QueCore) or nullptr for TBuf memory
    int32_t slot = -1;
    uint32_t gen = 0;             // allocation generation of (owner, slot) the view came from
    bool write = false;
    bool exact = true;            // the span is exactly what is read (count forms), not a conservative extent
    const char* role = "";
    // Strided / masked / scattered forms: the bytes touched are sp_n runs (SanSpan, absolute UB offsets, in the
    // order of the elements they hold) inside [begin, end); sp_n == 0: all of [begin, end).
    const SanSpan* spans = nullptr;
    uint32_t sp_n = 0;
};
// A run of UB bytes with one history: written at all, the last write and the last read on every pipe.
struct SanSeg {
    uint32_t begin, end;
    uint32_t w_clk, w_call;
    uint32_t r_clk[kSanPipes];
    uint32_t r_call[kSanPipes];
    uint32_t u_origin;  // written == 2: the call that computed the undefined values
    uint32_t u_lo, u_hi;  // ... from UB [u_lo, u_hi), which nothing had written
    int8_t w_pipe;
    uint8_t written;    // 0 never written, 1 defined, 2 computed from undefined bytes
    uint8_t pad_[2];
};
struct SanCall {
    const char* api;
    uint64_t call_no;
    uint64_t tile;
    int8_t pipe;
};
struct SanGmWrite {
    uint64_t begin, end;  // host addresses
    bool atomic;
    uint32_t phase;  // GmShadow::phase when written
};
struct SanBuffer {  // one InitBuffer, for naming UB ranges in diagnoses
    uint32_t base, num, len;
    int32_t id;
    AscendC::TPosition pos;
    bool tbuf;
    int8_t cons_pipe;  // the pipe its DeQue orders the producer before (V for a TQue<VECIN>)
};
struct SanState {
    bool on = false;
    VClock vc[kSanPipes];
    std::vector<SanSeg> segs;
    std::vector<SanCall> calls;
    std::vector<SanBuffer> layout;
    std::unordered_map<int, std::vector<VClock>> flags;  // (event, id) -> FIFO of SetFlag snapshots
    VClock mutex[32];  // Mutex id -> the join of every Unlock of it so far (what a later Lock waits for)
    // the call being described by ub_operand (committed at the next API call)
    const char* p_api = nullptr;
    uint64_t p_call = 0;
    int8_t p_pipe = 1;
    int p_n = 0;
    SanOp p_ops[8];
    uint64_t explicit_call = ~0ULL;  // the last call described through ApiCall (its ub_operand records are dropped)
    std::vector<SanSpan> p_spans[8];    // the runs of p_ops[i] (SanOp::spans points here)
    std::vector<SanGmWrite> gm_writes;  // GM output writes of this block, coalesced
    GmShadow gm;                        // GM ranges by pipe and SyncAll phase (kgemu/detail/gm_shadow.h)
    // The last copy-out that ran into an output's allocation padding (a deferred defect, runtime.h): its
    // call, its GM bytes, and how many of them lie inside the tensor. The undefined UB bytes it copies into
    // the padding are part of that defect, not a second one.
    uint64_t pad_call_no = 0, pad_bytes = 0, pad_inside = 0;
    // The scalar unit's data cache (gm_shadow.h, dcache_*): 64-byte GM lines it holds, by line address.
    struct DcLine {
        bool dirty = false;       // written by SetValue, not yet written back
        uint64_t stale_call = 0;  // a DMA write to the line since it was cached (its API call), or 0
        const char* stale_api = nullptr;
    };
    std::unordered_map<uint64_t, DcLine> dcache;
    uint64_t dcache_lo = ~0ULL, dcache_hi = 0;  // the span of cached lines (a DMA outside it looks nothing up)
};

struct BlockState {
    uint32_t block_idx = 0;   // the harness's slot of this block (unique in the launch; diagnoses name it)
    uint32_t block_num = 1;   // slots in the launch
    uint64_t tiling_key = 0;
    // The core this block runs as (rt_block_core): AIV-only launches have one AIV per slot; AIC-only and MIX
    // launches (KERNEL_TYPE_AIC_ONLY / MIX_AIC_1_1 / MIX_AIC_1_2) add AIC slots. What GetBlockIdx, GetBlockNum,
    // GetSubBlockIdx and GetTaskRatio report, and who takes part in SyncAll<true> (AIVs) or SyncAll<false> (all).
    bool core_aic = false;
    uint32_t core_idx = 0;
    uint32_t core_num = 1;
    uint32_t sub_idx = 0;
    uint32_t task_ratio = 1;
    uint8_t* sys_workspace = nullptr;  // SetSysWorkspace's pointer (GetSysWorkSpacePtr returns it)
    uint32_t aiv_slots = 1;   // AIV slots of the launch (SyncAll<true> participants)
    const KgSoc* soc = nullptr;
    // The block's local memory, poisoned with 0xFF at block start: UB's soc->ub_pool bytes first, then the cube's
    // memories (L1, L0A, L0B, L0C, BT, FB: cube_mem.h). A check that concerns UB alone is bound by ub_bytes().
    uint8_t* ub = nullptr;
    uint64_t local_size = 0;
    uint64_t ub_bytes() const { return soc->ub_pool; }
    bool in_ub(const void* p) const {
        const auto* q = static_cast<const uint8_t*>(p);
        return q >= ub && q < ub + ub_bytes();
    }
    bool trace = false;
    uint64_t api_calls = 0;
    uint64_t serial = 0;      // unique per rt_block_begin in the process: per-thread caches keyed on it start empty
    BlockStats stats;
    std::unordered_map<const char*, uint64_t> vector_calls;  // keyed by the API-name literal
    AscendC::TPipe* pipe = nullptr;                          // the live TPipe, if any
    uint32_t allocators_live = 0;  // bit h: a LocalMemAllocator<Hardware h> is alive (local_mem_allocator.h)
    // block_progress(): AllocTensor count on the first VECIN queue (or the first queue at all)
    const void* progress_queue = nullptr;
    bool progress_queue_is_vecin = false;
    uint64_t tiles = 0;
    // SetFlag/WaitFlag pairing: outstanding SetFlags per (HardEvent, event id)
    uint32_t flags[kNumHardEvents][kMaxEventIds] = {};
    // Mutex::Lock / Unlock (Ascend 950): per MutexID the pipe holding it (-1: free) and the Lock's API call
    int8_t mutex_holder[32] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                               -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
    // SetLoopModePara (Ascend 950): DataCopyPad repeated over two loops, [0] UB -> GM (UB_TO_OUT), [1] GM -> UB
    struct LoopMode {
        bool on = false;
        uint32_t n1 = 0, n2 = 0;          // loop1Size (inner), loop2Size (outer)
        uint64_t s1 = 0, d1 = 0, s2 = 0, d2 = 0;  // source / destination byte strides of each loop
    } loop_mode[2];
    // SetPadValue
    uint64_t pad_value_bits = 0;
    bool pad_value_set = false;
    // the vector mask register (SetMaskCount / SetMaskNorm / SetVectorMask), read by isSetMask = false calls
    bool mask_counter = false;
    uint64_t mask_count = 0;
    uint64_t mask_w[2] = {~0ULL, ~0ULL};
    // SetAtomicAdd / SetAtomicMax / SetAtomicMin: UB -> GM copies combine with GM instead of overwriting
    uint8_t atomic_op = 0;        // 0 none, 1 add, 2 max, 3 min
    uint32_t atomic_dtype = 0;    // dtype_info<T>::bit of the SetAtomic* call
    // SetDeqScale: the scale an int32_t -> half Cast multiplies by
    float deq_scale = 1.0f;
    // SetHF32Mode(ENABLE): Mmad rounds FP32 operands to HF32 first (not emulated: a float Mmad then stops)
    bool hf32 = false;
    SanState san;                 // the sanitizer (kgemu/detail/sanitize.h)
};

inline thread_local BlockState* tl_block = nullptr;

inline bool core_is_aic() { return tl_block != nullptr && tl_block->core_aic; }

// How launch-wide diagnoses name the block in slot `slot`.
inline std::string slot_label(uint32_t slot) {
    if (slot < g_run.slot_names.size()) return g_run.slot_names[slot];
    return strf("block %u", slot);
}

// How diagnoses name a block: "block 3" in AIV-only launches, "AIC 1" / "AIV 3" when the launch has AIC cores.
inline std::string core_name(const BlockState& b) {
    if (b.core_aic) return strf("AIC %u", b.core_idx);
    if (b.aiv_slots != b.block_num) return strf("AIV %u", b.core_idx);
    return strf("block %u", b.block_idx);
}

// Checks the call ub_operand described (sanitize.h); runs at the next API call and at block end.
inline void san_flush(BlockState& b);

[[noreturn]] inline void no_block(const char* api) {
    fail(api, "called outside an emulated block (the harness must call kgemu::rt_block_begin on this thread first)");
}

// The pending small GM read's time, now that its bytes have been read (gm_access records it before they move).
inline void gm_sync_stamp(BlockState& b) {
    b.san.gm.stamp_pending = false;
    if (!b.san.gm.sync.empty()) b.san.gm.sync.back().time = g_run.gm_clock.fetch_add(1) + 1;
}

// Every emulated API call goes through here: it finds the block and counts the call.
inline BlockState& api_enter(const char* api) {
    BlockState* b = tl_block;
    if (__builtin_expect(b == nullptr, 0)) no_block(api);
    if (b->san.p_n != 0) san_flush(*b);
    if (__builtin_expect(b->san.gm.stamp_pending, 0)) gm_sync_stamp(*b);
    ++b->api_calls;
    b->san.p_api = api;
    b->san.p_call = b->api_calls;
    b->san.p_pipe = 1;  // PIPE_V unless the API says otherwise (san_pipe)
    return *b;
}

inline BlockState& block_state(const char* api) {
    BlockState* b = tl_block;
    if (__builtin_expect(b == nullptr, 0)) no_block(api);
    return *b;
}

inline void warn(BlockState& b, const std::string& msg) {
    for (const auto& w : b.stats.warnings) {
        if (w == msg) return;
    }
    b.stats.warnings.push_back(msg);
}

inline constexpr const char* kScalarEvent = "Scalar";

inline void trace_push(BlockState& b, const char* api, const char* pipe, uint64_t bytes, uint64_t elements,
                       uint32_t repeats, uint32_t dtype_bytes, int64_t gm_offset, int32_t queue, int32_t buffer) {
    TraceEvent ev;
    ev.api = api;
    ev.pipe = pipe;
    ev.bytes = bytes;
    ev.elements = elements;
    ev.repeats = repeats;
    ev.dtype_bytes = dtype_bytes;
    ev.gm_offset = gm_offset;
    ev.queue = queue;
    ev.buffer = buffer;
    b.stats.trace.push_back(ev);
}

// Scalar-unit element accesses (LocalTensor/GlobalTensor GetValue, SetValue): with tracing on, a run of them
// between other traced calls is one "Scalar" event on pipe S whose `elements` counts the accesses.
inline void note_scalar() {
    BlockState* b = tl_block;
    if (__builtin_expect(b == nullptr || !b->trace, 1)) return;
    auto& tr = b->stats.trace;
    if (!tr.empty() && tr.back().api == kScalarEvent) {
        ++tr.back().elements;
        return;
    }
    trace_push(*b, kScalarEvent, "S", 0, 1, 0, 0, -1, -1, -1);
}

// The CacheMode of the GlobalTensor of the GM transfer just traced (SetL2CacheHint; the cost model's L2).
inline void note_l2_mode(const char* api, uint8_t mode) {
    BlockState* b = tl_block;
    if (__builtin_expect(b == nullptr || !b->trace, 1)) return;
    auto& tr = b->stats.trace;
    if (!tr.empty() && tr.back().api == api && tr.back().l2 < 0 && tr.back().gm_offset >= 0) tr.back().l2 = mode;
}

// Counts a vector (pipe V) API call; with tracing on, records its cost-model event.
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void note_vector(BlockState& b, const char* api, uint64_t elements, uint32_t dtype_bytes, uint64_t bytes)
#ifdef KGEMU_RUNTIME_IMPL
{
    ++b.vector_calls[api];
    if (__builtin_expect(b.trace, 0)) {
        trace_push(b, api, "V", bytes, elements, static_cast<uint32_t>((bytes + 255) / 256), dtype_bytes, -1, -1, -1);
    }
}
#else
;
#endif

// GM bounds check against the harness's registered buffers. Returns the byte offset of p within its
// buffer; throws EmuError naming the buffer and the byte range otherwise. Counts the bytes moved.
// `origin` is the pointer the GlobalTensor was set to (SetGlobalBuffer): an access outside the buffer that
// holds it is reported against that tensor, whatever the host placed at the address.
int64_t gm_check(const char* api, const void* p, uint64_t bytes, bool write, const void* origin = nullptr);

// ---- bf16 gating by SOC (KgSoc::bf16_level) ----
inline const char* soc_name(const BlockState& b) { return b.soc && b.soc->name ? b.soc->name : "?"; }

// An Ascend 950 (npu arch 3510) API used on an earlier SOC: `what` names it, `instead` says what that SOC offers.
inline void require_arch_3510(const BlockState& b, const char* api, const char* what, const char* instead) {
    if (b.soc != nullptr && b.soc->npu_arch < 3510) {
        fail(api, strf("%s is an Ascend 950 API (npu arch 3510); %s (arch %d) has none%s", what, soc_name(b),
                       b.soc->npu_arch, instead));
    }
}

template <typename T>
inline void check_bf16_any(BlockState& b, const char* api) {
    if constexpr (std::is_same<T, bfloat16_t>::value) {
        if (b.soc->bf16_level == 0) {
            fail(api, strf("bfloat16_t is not supported at all on %s (no bf16 in DataCopy, Cast or vector "
                           "instructions)", soc_name(b)));
        }
    }
}

template <typename T>
inline void check_bf16_arith(BlockState& b, const char* api) {
    if constexpr (std::is_same<T, bfloat16_t>::value) {
        check_bf16_any<T>(b, api);
        if (b.soc->bf16_level < 2) {
            fail(api, strf("bfloat16_t vector arithmetic is not supported on %s (bf16 level %u: only DataCopy, "
                           "Duplicate and Cast accept bfloat16_t); Cast to float, compute, and Cast back",
                           soc_name(b), b.soc->bf16_level));
        }
    }
}

// Documented dtype lists per API. `a2` applies to 2002/2201/3002 (310P, 910B, 910_93, 310B), `v910` to
// 1001 and `v950` to 3510. bf16 is decided by check_bf16_arith (bf16_level), not by these masks.
template <typename T>
inline void check_dtype(BlockState& b, const char* api, uint32_t a2, uint32_t v910, uint32_t v950) {
    constexpr uint32_t bit = dtype_info<T>::bit;
    if (bit == DT_BF16) return;
    const int32_t arch = b.soc->npu_arch;
    const uint32_t allowed = arch == 1001 ? v910 : (arch >= 3500 ? v950 : a2);
    if (!(allowed & bit)) {
        fail(api, strf("%s is not a supported dtype on %s (documented: %s)", dtype_info<T>::name, soc_name(b),
                       dtype_list(allowed).c_str()));
    }
}

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_STATE_H
