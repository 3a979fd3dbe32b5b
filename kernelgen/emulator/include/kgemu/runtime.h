// kernelgen CPU emulator: the kernel-side runtime interface used by runtime/kg_harness.cpp.
// Implemented in runtime/kg_runtime.cpp (process-wide state) and the kernel headers (per-block state
// lives in thread_local storage so blocks can run on worker threads).
#ifndef KGEMU_RUNTIME_H
#define KGEMU_RUNTIME_H

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "kgemu/abi.h"

namespace kgemu {

// Thrown by any emulated API that catches a defect. what() is "<API call>: <problem>".
// The harness prefixes operator, SOC, block and progress (see block_progress()).
class EmuError : public std::runtime_error {
public:
    explicit EmuError(const std::string& what) : std::runtime_error(what) {}
};

// One event of the optional trace (cost model). pipe: "MTE2", "V", "MTE3", "S".
struct TraceEvent {
    const char* api;       // "DataCopy", "Add", "EnQue", "DeQue", "SetFlag", ...
    const char* pipe;
    uint64_t bytes;        // bytes moved (MTE) or bytes touched by the vector op
    uint64_t elements;     // elements processed (vector) or 0
    uint32_t repeats;      // 256-byte repeats for vector ops
    uint32_t dtype_bytes;  // element size
    int64_t gm_offset;     // GM byte offset of a transfer within its buffer, -1 otherwise
    int32_t queue;         // queue/buffer id for EnQue/DeQue/Alloc/Free, event id for flags, -1 otherwise
    int32_t buffer;        // buffer slot within the queue, -1 otherwise
    int32_t ub_dst = -1;   // vector ops: UB byte offsets of dst, src0 (or src), src1 (UB bank model), -1 unknown
    int32_t ub_src0 = -1;
    int32_t ub_src1 = -1;
    int32_t l2 = -1;       // GM transfers: the GlobalTensor's CacheMode (0 DISABLE, 1 NORMAL, ...); -1 otherwise
};

struct BlockStats {
    std::map<std::string, uint64_t> vector_calls;  // API name -> calls
    uint64_t gm_read_bytes = 0;
    uint64_t gm_write_bytes = 0;
    uint64_t ub_bytes_used = 0;   // TPipe high-water mark of InitBuffer totals (or of tensors made at a UB address)
    std::vector<TraceEvent> trace;  // only when tracing is on
    std::vector<std::string> warnings;
};

// ---- process-wide, called by the harness before blocks start (single thread) ----
void rt_begin_run(const KgSoc* soc, const char* op_type, bool trace);
// Every GM range the kernel may touch. Accesses outside all registered ranges are defects. `slack` bytes past
// the end are allocated too (the NPU allocator's rounding): a read reaching into them is a block warning, a
// write a defect (an aclnn output may be a view into larger storage, so those bytes may be a neighbour's).
// With own_slack, the slack is the tensor's own storage (an aclnn executor's workspace tensor in its 512-byte
// slice): writes into it are warnings as well. `guard` bytes past the slack are allocated and belong to no
// tensor (a red zone the caller leaves between buffers): a SIMT thread's load or store there is a defect naming
// this tensor (a raw pointer carries no tensor, so without the zone a read past the end lands unnoticed on
// whatever buffer the allocator put next).
void rt_register_gm(const char* name, void* base, uint64_t bytes, uint64_t slack = 0, bool own_slack = false,
                    uint64_t guard = 0);
// Marks the registered range `name` as an output the kernel must write exactly once per element: after the
// launch, rt_check_outputs reports bytes no block wrote (unless `must_cover` is false: in-place outputs,
// outputs the framework pre-fills) and bytes two blocks wrote (unless with an atomic add/max/min).
void rt_mark_output(const char* name, bool must_cover);
// An output whose shape the kernel computes (OutputShapeDependOnCompute): the caller's buffer is an upper bound and
// the kernel writes the first `bytes` of it, which alone must be covered.
void rt_limit_output(const char* name, uint64_t bytes);
// After every block ended: the output-coverage defect, else a GM race between blocks (bytes one block wrote and
// another read with no SyncAll between: kgemu/detail/gm_shadow.h); "" when none, or when the sanitizer is off.
std::string rt_check_outputs();
// The tiling-data bytes written by the host; GET_TILING_DATA* copies from here and checks sizes.
void rt_set_tiling(const uint8_t* data, uint64_t size);
// A unit test's tiling buffer (tikicpulib): capacity bytes from data, of which the kernel's struct reads a prefix.
void rt_set_tiling_buffer(const uint8_t* data, uint64_t capacity);
const KgSoc* rt_soc();
// How many blocks the harness runs at once; SyncAll needs all of them (default: unknown, assumed enough).
void rt_set_concurrency(uint32_t blocks_at_once);
// The lowest-numbered block of the last launch that failed of its own cause, or -1. Blocks waiting in SyncAll
// for a block that failed fail too, but only as its victims: which of them got there first depends on thread
// timing, while each block's own failures in a SyncAll phase do not, so this choice makes the report repeatable.
int64_t rt_failed_block_to_report();
// How many blocks of the last launch failed only because they were left waiting in SyncAll.
uint32_t rt_blocks_failed_waiting();

// A write past an output's logical end into its allocation padding (harmless for a whole allocation, a
// neighbour's bytes for a view) does not stop its block: those bytes are allocated, so the launch goes on and
// finds what else is wrong, which is reported first. After the launch, when no block failed and rt_check_outputs
// found nothing, the harness reports the lowest block's first such write. False when there was none.
struct DeferredDefect {
    uint32_t block = 0;
    std::string progress;  // "tile 2, API call #41", as block_progress() says it
    std::string what;      // "DataCopy: writes bytes [576, 608) of 'y' ..."
    uint32_t more = 0;     // further such writes in the launch
    std::string text() const {
        return more == 0 ? what : what + " (" + std::to_string(more) + " more such write(s) in this launch)";
    }
};
bool rt_deferred_defect(DeferredDefect* out);

// The cores of a launch. kernel_type is the ASCENDC_TPL_* code of the kernel type (0 AIV_ONLY, 1 AIC_ONLY,
// 4 MIX_AIV_1_0, 5 MIX_AIC_1_0, 6 MIX_AIC_1_1, 7 MIX_AIC_1_2; -1 or any other: AIV only, one AIV per block).
// A launch of block_dim logical blocks runs block_dim AICs (slots 0..block_dim-1) and then ratio * block_dim
// AIVs, as the NPU's separated architecture does; each slot is one emulated block (rt_block_begin's index).
struct CoreSlot {
    bool aic = false;
    uint32_t idx = 0;    // GetBlockIdx()
    uint32_t num = 1;    // GetBlockNum()
    uint32_t sub = 0;    // GetSubBlockIdx()
    uint32_t ratio = 1;  // GetTaskRatio()
};
std::vector<CoreSlot> rt_launch_slots(int32_t kernel_type, uint32_t block_dim);
// "AIC 1", "AIV 3 (sub-block 1 of AIC 1)", or "block 2" for AIV-only launches: how diagnoses name a slot.
std::string rt_slot_name(const std::vector<CoreSlot>& slots, uint32_t slot);
// Before the blocks run: launch-wide diagnoses (output coverage, GM races) name slots this way.
void rt_set_slot_names(const std::vector<CoreSlot>& slots);

// ---- per block, on the thread that runs the block ----
void rt_block_begin(uint32_t block_idx, uint32_t block_num, uint64_t tiling_key);
// After rt_block_begin: the core the block runs as (default: AIV block_idx of block_num); aiv_slots is the number
// of AIVs in the launch (SyncAll<true> waits for them only).
void rt_block_core(const CoreSlot& core, uint32_t aiv_slots);
// Ends the block: checks that nothing is left inconsistent and returns the block's statistics.
BlockStats rt_block_end();
// Frees per-block state after an exception (no checks).
void rt_block_abort();
// Human-readable progress of the current block, e.g. "tile 3 (alloc #7 on queue 0)".
std::string block_progress();
// After an exception in a block: its progress (as block_progress() says it, "" if that fails too), then
// rt_block_abort(). Never throws: the caller is already reporting a failure.
std::string rt_block_abandon() noexcept;
// The name of the last emulated API the current block called ("" when none, or outside a block).
const char* block_last_api();

}  // namespace kgemu

#endif  // KGEMU_RUNTIME_H
