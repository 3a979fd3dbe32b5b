// kernelgen CPU emulator (private, kernel side): the sanitizer.
//
// The emulator runs a block's API calls in program order, but the NPU runs each pipe (S, V, MTE2, MTE3, ...)
// concurrently and orders two pipes only through explicit edges. The sanitizer keeps a vector clock per
// pipe and the edges that join them:
//   - program order within a pipe;
//   - TQue EnQue -> DeQue (producer pipe -> consumer pipe of the buffer) and FreeTensor -> AllocTensor
//     (consumer -> producer: the buffer is handed out again only after its last use);
//   - SetFlag<src_dst>(id) -> WaitFlag<src_dst>(id), matched in FIFO order per (event, id); a wait on pipe S
//     (X_S) orders X before the later instructions of every pipe, which the scalar unit issues after the wait;
//   - PipeBarrier<PIPE_ALL> and SyncAll (every pipe waits for every other).
// Every call's UB operands (ApiCall, or ub_operand for the APIs it validates) are checked against a shadow
// of UB kept as runs of bytes with one history each (ranges, not bytes): two accesses to overlapping bytes
// from different pipes, at least one a write, with no path of edges between them are a race; a read of
// bytes nothing wrote since the block started is a read of uninitialised memory; a queue tensor used after
// FreeTensor (or after its buffer was allocated again) is stale; a count past the LocalTensor's view is
// an overrun even inside the buffer. Scalar accesses (GetValue/SetValue, pipe S) are never races: BiSheng's
// automatic synchronisation (--cce-auto-sync, on by default in CANN operator projects and ops-nn) inserts
// the syncs between the scalar unit and MTE2/MTE3/V ("Automatic Synchronization", BiSheng Compiler User
// Guide). They are ordering edges all the same: a scalar access waits for every pipe that last wrote (or, for
// a write, read) its bytes, and a later MTE/V access to bytes the scalar unit touched waits for the scalar
// unit, so V -> SetValue -> MTE3 orders the whole vector result before the copy-out. GM output writes are collected per block for the
// coverage check after the launch (rt_check_outputs in runtime/kg_runtime.cpp).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/sanitize.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_SANITIZE_H
#define KGEMU_DETAIL_SANITIZE_H

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "kgemu/detail/access.h"
#include "kgemu/detail/gm_shadow.h"
#include "kgemu/detail/tpipe.h"

namespace kgemu {
namespace detail {

constexpr int kSanS = 0, kSanV = 1, kSanMte2 = 4, kSanMte3 = 5;
constexpr size_t kSanMaxCalls = 1u << 21;  // call records kept for diagnoses (later calls are named by number only)

inline int san_pipe_index(::pipe_t p) {
    switch (p) {
        case ::PIPE_S: return 0;
        case ::PIPE_V: return 1;
        case ::PIPE_M: return 2;
        case ::PIPE_MTE1: return 3;
        case ::PIPE_MTE2: return 4;
        case ::PIPE_MTE3: return 5;
        case ::PIPE_FIX: return 6;
        default: return 7;
    }
}
inline int san_pipe_index(const char* name) {
    static const char* names[] = {"S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX"};
    for (int i = 0; i < 7; ++i) {
        if (std::strcmp(name, names[i]) == 0) return i;
    }
    return 7;
}
inline const char* san_pipe_label(int i) {
    static const char* names[] = {"S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX", "other"};
    return names[i & 7];
}

// The pipe of the call being described through ub_operand (PIPE_V unless the API sets another).
inline void san_pipe(BlockState& b, ::pipe_t p) { b.san.p_pipe = static_cast<int8_t>(san_pipe_index(p)); }

// Marks the last recorded operand as a conservative extent (strided/masked forms): races are checked on it,
// unwritten bytes are not.
inline void san_inexact(BlockState& b) {
    if (b.san.p_n > 0) b.san.p_ops[b.san.p_n - 1].exact = false;
}

inline void san_start(BlockState& b, bool on) {
    b.san.on = on;
    if (!on) return;
    SanSeg s{};
    s.begin = 0;
    s.end = static_cast<uint32_t>(b.local_size);
    s.w_pipe = -1;
    b.san.segs.assign(1, s);
    b.san.calls.reserve(1024);
}

// The buffer (queue or TBuf) a UB offset lies in, or nullptr; the latest InitBuffer wins.
inline const SanBuffer* san_buffer_at(const BlockState& b, uint64_t off) {
    for (auto it = b.san.layout.rbegin(); it != b.san.layout.rend(); ++it) {
        const SanBuffer& q = *it;
        if (off >= q.base && off < q.base + static_cast<uint64_t>(q.num) * q.len) return &q;
    }
    return nullptr;
}

// "queue 1 (VECIN) buffer 0" / "TBuf 2 (VECCALC)" / "UB outside every buffer" for a UB offset.
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
std::string san_buffer_name(const BlockState& b, uint64_t off)
#ifdef KGEMU_RUNTIME_IMPL
{
    const SanBuffer* q = san_buffer_at(b, off);
    if (q == nullptr) return "UB outside every TPipe buffer";
    if (q->tbuf) return strf("TBuf %d (%s)", q->id, position_name(q->pos));
    return strf("queue %d (%s) buffer %llu", q->id, position_name(q->pos),
                static_cast<unsigned long long>((off - q->base) / q->len));
}
#else
;
#endif

// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
std::string san_call_name(const BlockState& b, uint32_t idx)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (idx >= b.san.calls.size()) return "an earlier call";
    const SanCall& c = b.san.calls[idx];
    std::string s = strf("%s (pipe %s, API call #%llu", c.api, san_pipe_label(c.pipe),
                         static_cast<unsigned long long>(c.call_no));
    if (b.progress_queue != nullptr) s += strf(", tile %llu", static_cast<unsigned long long>(c.tile));
    return s + ")";
}
#else
;
#endif

// Index of the segment that starts at x, splitting the one that contains it.
inline size_t san_split(std::vector<SanSeg>& segs, uint32_t x) { return seg_split(segs, x); }

inline bool san_same_history(const SanSeg& a, const SanSeg& b) {
    return std::memcmp(&a.w_clk, &b.w_clk, sizeof(SanSeg) - offsetof(SanSeg, w_clk)) == 0;
}

// Merges equal neighbours in [lo - 1, hi].
inline void san_merge(std::vector<SanSeg>& segs, size_t lo, size_t hi) { seg_merge(segs, lo, hi, san_same_history); }

// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
[[noreturn]] void san_race(BlockState& b, const char* api, int pipe, bool write, const SanSeg& s, uint64_t a,
                                  uint64_t e, int other_pipe, uint32_t other_call, bool other_write)
#ifdef KGEMU_RUNTIME_IMPL
{
    const uint64_t lo = std::max<uint64_t>(a, s.begin), hi = std::min<uint64_t>(e, s.end);
    // A copy straight through a TQue<VECIN> (MTE2 in, MTE3 out, no vector step): its EnQue/DeQue order MTE2
    // before V only, so the usual advice would not help; the documented path is TQueBind<VECIN, VECOUT>.
    const SanBuffer* q = san_buffer_at(b, lo);
    const bool through_vecin = q != nullptr && !q->tbuf && q->cons_pipe == san_pipe_index(PIPE_V) && !write &&
                               other_write && pipe == san_pipe_index(PIPE_MTE3) &&
                               other_pipe == san_pipe_index(PIPE_MTE2);
    // A tensor made at a UB address (no TPipe) on a SOC with Mutex: the Mutex is the other way to order them.
    const bool mutex_soc = q == nullptr && b.soc != nullptr && b.soc->npu_arch >= 3510;
    const std::string fix =
        through_vecin ? "; a TQue<VECIN>'s EnQue/DeQue order MTE2 before V only: to copy a buffer straight from "
                        "GM to GM, allocate it from a TQueBind<VECIN, VECOUT>, whose EnQue/DeQue order MTE2 before "
                        "MTE3"
        : mutex_soc   ? strf(", or Mutex::Lock<PIPE_%s> the buffer's MutexID after pipe %s's Mutex::Unlock of it",
                             san_pipe_label(pipe), san_pipe_label(other_pipe))
                      : std::string(", or pass the tensor through EnQue/DeQue");
    fail(api, strf("race on UB [%llu, %llu) of %s: this call (pipe %s) %s bytes that %s %s, and nothing orders pipe "
                   "%s before pipe %s in between (on the NPU the result depends on timing): add SetFlag/"
                   "WaitFlag<HardEvent::%s_%s> between them%s",
                   static_cast<unsigned long long>(lo), static_cast<unsigned long long>(hi),
                   san_buffer_name(b, lo).c_str(), san_pipe_label(pipe), write ? "writes" : "reads",
                   san_call_name(b, other_call).c_str(), other_write ? "wrote" : "reads", san_pipe_label(other_pipe),
                   san_pipe_label(pipe), san_pipe_label(other_pipe), san_pipe_label(pipe), fix.c_str()));
}
#else
;
#endif

// A queue tensor must still be the allocation it was made from.
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void san_check_alloc(BlockState& b, const char* api, const SanOp& op)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (op.owner == nullptr || op.slot < 0 || b.pipe == nullptr) return;
    const QueCore* q = nullptr;
    for (const QueCore* c : b.pipe->kg_queues) {
        if (c == op.owner) {
            q = c;
            break;
        }
    }
    if (q == nullptr || static_cast<uint32_t>(op.slot) >= q->kg_num) return;
    const uint32_t slot = static_cast<uint32_t>(op.slot);
    if (q->kg_state[slot] == BUF_FREE) {
        fail(api, strf("%s is buffer %u of queue %d (%s), which FreeTensor already returned: use after FreeTensor "
                       "(the queue may hand the buffer out again while this tensor is still in use)",
                       op.role, slot, q->kg_id, position_name(q->kg_bpos)));
    }
    if (q->kg_gen[slot] != op.gen) {
        fail(api, strf("%s is a stale tensor: buffer %u of queue %d (%s) was freed and allocated again since this "
                       "LocalTensor was made (use after FreeTensor; the buffer now belongs to a later AllocTensor)",
                       op.role, slot, q->kg_id, position_name(q->kg_bpos)));
    }
}
#else
;
#endif

// Bytes of the call's exact reads that hold no defined value, relative to their operand (so that a write can
// map them onto its own operand: element i of an element-wise result depends on element i of each source).
struct SanUndef {
    uint64_t rel_begin, rel_end, len;  // [rel_begin, rel_end) of an operand of len bytes
    uint32_t origin;                   // the call that computed them (UINT32_MAX: never written at all)
    uint32_t src_lo, src_hi;           // the UB bytes nothing had written that they come from
};
struct SanUndefSet {
    SanUndef r[16];
    int n = 0;
    void add(const SanUndef& u) {
        if (n < 16) {
            r[n++] = u;
        } else {  // too many pieces: widen the last one
            r[15].rel_begin = std::min(r[15].rel_begin, u.rel_begin * r[15].len / (u.len ? u.len : 1));
            r[15].rel_end = r[15].len;
        }
    }
};

inline bool san_is_reduction(const char* api) {
    return std::strstr(api, "Reduce") != nullptr || std::strncmp(api, "Block", 5) == 0 ||
           std::strstr(api, "Sum") != nullptr;
}

// Sets the value state of UB [a, e): 1 defined, 2 computed from undefined bytes by `origin`.
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void san_mark(BlockState& b, uint64_t a64, uint64_t e64, uint8_t state, uint32_t origin, uint32_t src_lo = 0,
                     uint32_t src_hi = 0)
#ifdef KGEMU_RUNTIME_IMPL
{
    auto& segs = b.san.segs;
    const uint32_t a = static_cast<uint32_t>(std::min<uint64_t>(a64, b.local_size));
    const uint32_t e = static_cast<uint32_t>(std::min<uint64_t>(e64, b.local_size));
    if (a >= e) return;
    const size_t lo = san_split(segs, a);
    const size_t hi = san_split(segs, e);
    for (size_t i = lo; i < hi; ++i) {
        segs[i].written = state;
        segs[i].u_origin = state == 2 ? origin : 0;
        segs[i].u_lo = state == 2 ? src_lo : 0;
        segs[i].u_hi = state == 2 ? src_hi : 0;
    }
    san_merge(segs, lo, hi);
}
#else
;
#endif

// One run of an operand. For an operand of several runs (SanOp::spans), op is the run and its undefined bytes are
// reported at logical offset lshift of an operand of ltotal bytes (the runs laid end to end in element order).
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void san_access(BlockState& b, const char* api, int pipe, uint32_t clk, uint32_t call, const SanOp& op,
                       SanUndefSet* undef = nullptr, uint64_t lshift = 0, uint64_t ltotal = 0)
#ifdef KGEMU_RUNTIME_IMPL
{
    auto& segs = b.san.segs;
    const uint64_t ub = b.local_size;
    const uint32_t a = static_cast<uint32_t>(std::min<uint64_t>(op.begin, ub));
    const uint32_t e = static_cast<uint32_t>(std::min<uint64_t>(op.end, ub));
    if (a >= e) return;
    const VClock& vc = b.san.vc[pipe];
    const size_t lo = san_split(segs, a);
    const size_t hi = san_split(segs, e);
    for (size_t i = lo; i < hi; ++i) {
        SanSeg& s = segs[i];
        if (pipe == kSanS) {  // the compiler's automatic sync: the scalar unit waits for the pipes before it
            if (s.w_pipe > kSanS) b.san.vc[kSanS].join(b.san.vc[s.w_pipe]);
            for (int q = 1; op.write && q < kSanPipes; ++q) {
                if (s.r_clk[q] != 0) b.san.vc[kSanS].join(b.san.vc[q]);
            }
        } else {
            const uint32_t ua = std::max(a, s.begin);
            uint32_t ue = std::min(e, s.end);
            // bytes a copy-out puts past an output's logical end belong to its padding write (deferred): only
            // the part inside the tensor is this check's
            bool into_padding = false;
            if (!op.write && op.exact && s.written != 1 && pipe == kSanMte3 && call < b.san.calls.size() &&
                b.san.calls[call].call_no == b.san.pad_call_no &&
                (ltotal != 0 ? ltotal : op.end - op.begin) == b.san.pad_bytes) {
                const uint64_t inside_end = op.begin + b.san.pad_inside - std::min(lshift, b.san.pad_inside);
                into_padding = ua >= inside_end;
                ue = static_cast<uint32_t>(std::min<uint64_t>(ue, std::max<uint64_t>(inside_end, ua + 1)));
            }
            if (!op.write && op.exact && s.written != 1 && !into_padding) {
                if (pipe == kSanMte3 || undef == nullptr) {  // the values leave UB: a defect
                    if (s.written == 0) {
                        fail(api, strf("%s reads UB [%llu, %llu) of %s, which nothing has written since the block "
                                       "started (uninitialised memory: NaN poison here, stale data on the NPU)",
                                       op.role, static_cast<unsigned long long>(ua), static_cast<unsigned long long>(ue),
                                       san_buffer_name(b, ua).c_str()));
                    }
                    fail(api, strf("%s reads UB [%llu, %llu) of %s, whose values %s computed from UB [%u, %u) of %s, "
                                   "which nothing had written (uninitialised memory: NaN poison here, stale data on "
                                   "the NPU)",
                                   op.role, static_cast<unsigned long long>(ua), static_cast<unsigned long long>(ue),
                                   san_buffer_name(b, ua).c_str(), san_call_name(b, s.u_origin).c_str(), s.u_lo,
                                   s.u_hi, san_buffer_name(b, s.u_lo).c_str()));
                }
                // a vector op: its results from these bytes are undefined too (an error only if they are copied out)
                undef->add(SanUndef{ua - op.begin + lshift, ue - op.begin + lshift,
                                    ltotal != 0 ? ltotal : op.end - op.begin,
                                    s.written == 2 ? s.u_origin : UINT32_MAX, s.written == 2 ? s.u_lo : ua,
                                    s.written == 2 ? s.u_hi : ue});
            }
            // the unordered access latest in program order is named (ordering after it usually fixes the rest)
            int rp = -1;
            uint32_t rcall = 0;
            bool rwrite = false;
            if (s.w_pipe > kSanS && s.w_pipe != pipe && vc.c[s.w_pipe] < s.w_clk) {
                rp = s.w_pipe;
                rcall = s.w_call;
                rwrite = true;
            }
            if (op.write) {
                for (int q = 1; q < kSanPipes; ++q) {
                    if (q != pipe && s.r_clk[q] > vc.c[q] && (rp < 0 || s.r_call[q] + 1 > rcall + 1)) {
                        rp = q;
                        rcall = s.r_call[q];
                        rwrite = false;
                    }
                }
            }
            if (rp >= 0) san_race(b, api, pipe, op.write, s, a, e, rp, rcall, rwrite);
        }
        if (op.write) {
            s.written = 1;
            s.u_origin = s.u_lo = s.u_hi = 0;
            s.w_pipe = static_cast<int8_t>(pipe);
            s.w_clk = clk;
            s.w_call = call;
            std::memset(s.r_clk, 0, sizeof(s.r_clk));
            std::memset(s.r_call, 0, sizeof(s.r_call));
        } else {
            s.r_clk[pipe] = pipe == kSanS ? 1 : clk;  // scalar reads: a mark (later pipes join the scalar clock)
            s.r_call[pipe] = call;
        }
    }
    san_merge(segs, lo, hi);
}
#else
;
#endif

// The compiler's automatic sync from the scalar unit: a call touching bytes the scalar unit wrote (or, for a
// write, read) waits for the scalar unit, and so for everything the scalar unit waited for.
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void san_after_scalar(BlockState& b, int pipe, const SanOp* ops, int n)
#ifdef KGEMU_RUNTIME_IMPL
{
    const auto& segs = b.san.segs;
    for (int i = 0; i < n; ++i) {
        const uint32_t a = static_cast<uint32_t>(std::min<uint64_t>(ops[i].begin, b.local_size));
        const uint32_t e = static_cast<uint32_t>(std::min<uint64_t>(ops[i].end, b.local_size));
        auto it = std::upper_bound(segs.begin(), segs.end(), a, [](uint32_t v, const SanSeg& s) { return v < s.begin; });
        if (it != segs.begin()) --it;
        for (; it != segs.end() && it->begin < e; ++it) {
            if (it->end <= a) continue;
            if (it->w_pipe == kSanS || (ops[i].write && it->r_clk[kSanS] != 0)) {
                b.san.vc[pipe].join(b.san.vc[kSanS]);
                return;
            }
        }
    }
}
#else
;
#endif

// Bytes of an operand in element order: its runs laid end to end (all of [begin, end) when it has none).
inline uint64_t san_logical_bytes(const SanOp& op) {
    if (op.sp_n == 0) return op.end - op.begin;
    uint64_t n = 0;
    for (uint32_t k = 0; k < op.sp_n; ++k) n += op.spans[k].end - op.spans[k].begin;
    return n;
}

// Checks every run of op (one san_access per run, in element order).
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void san_access_runs(BlockState& b, const char* api, int pipe, uint32_t clk, uint32_t call, const SanOp& op,
                            SanUndefSet* undef)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (op.sp_n == 0) {
        san_access(b, api, pipe, clk, call, op, undef);
        return;
    }
    const uint64_t total = san_logical_bytes(op);
    uint64_t at = 0;
    SanOp run = op;
    run.sp_n = 0;
    run.spans = nullptr;
    for (uint32_t k = 0; k < op.sp_n; ++k) {
        run.begin = op.spans[k].begin;
        run.end = op.spans[k].end;
        san_access(b, api, pipe, clk, call, run, undef, at, total);
        at += run.end - run.begin;
    }
}
#else
;
#endif

// Marks the logical bytes [x, y) of op (element order) with value state 2.
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void san_mark_logical(BlockState& b, const SanOp& op, uint64_t x, uint64_t y, uint32_t origin, uint32_t src_lo,
                             uint32_t src_hi)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (op.sp_n == 0) {
        san_mark(b, op.begin + x, op.begin + std::min(y, op.end - op.begin), 2, origin, src_lo, src_hi);
        return;
    }
    uint64_t at = 0;
    for (uint32_t k = 0; k < op.sp_n && at < y; ++k) {
        const uint64_t len = op.spans[k].end - op.spans[k].begin;
        const uint64_t lo = std::max(x, at), hi = std::min(y, at + len);
        if (lo < hi) san_mark(b, op.spans[k].begin + (lo - at), op.spans[k].begin + (hi - at), 2, origin, src_lo, src_hi);
        at += len;
    }
}
#else
;
#endif

// Checks one described call: allocation identity, then reads, then writes, on the call's pipe. A vector op
// that reads bytes without a defined value passes the undefinedness on to its results; a copy-out of such
// bytes is the defect (kernels routinely compute on a rounded-up count and copy out only the valid part).
// Operands with runs (strided, masked, scattered forms) are checked and marked run by run, so the bytes
// between the runs keep their state.
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void san_apply(BlockState& b, const char* api, uint64_t call_no, int pipe, const SanOp* ops, int n)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (!b.san.on || n == 0) return;
    uint32_t clk = 0, call = UINT32_MAX;
    if (pipe != kSanS) {
        // a GM access of this call (gm_shadow.h) already took the call's tick on its pipe
        clk = b.san.gm.clk_call == call_no ? b.san.gm.clk : ++b.san.vc[pipe].c[pipe];
        if (b.san.calls.size() < kSanMaxCalls) {
            call = static_cast<uint32_t>(b.san.calls.size());
            b.san.calls.push_back(SanCall{api, call_no, b.tiles, static_cast<int8_t>(pipe)});
        }
    }
    if (pipe != kSanS) san_after_scalar(b, pipe, ops, n);
    SanUndefSet undef;
    for (int i = 0; i < n; ++i) {
        if (!ops[i].write) san_access_runs(b, api, pipe, clk, call, ops[i], pipe == kSanV ? &undef : nullptr);
    }
    const bool reduction = undef.n != 0 && san_is_reduction(api);
    for (int i = 0; i < n; ++i) {
        if (!ops[i].write) continue;
        san_access_runs(b, api, pipe, clk, call, ops[i], nullptr);
        const uint64_t len = san_logical_bytes(ops[i]);
        for (int k = 0; k < undef.n; ++k) {  // element-wise: map each undefined piece onto the result
            const SanUndef& u = undef.r[k];
            // A result narrower than its source packs several elements into a byte (Compare's bit mask: 8 per
            // byte). The shadow is per byte, so a result byte is undefined when its first element is: kernels
            // compare a count rounded up to 256 bytes and Select only the defined bits, which stays clean; a
            // Select of an undefined bit that shares a byte with defined ones goes unreported.
            const bool packed = len < u.len;
            uint64_t x = reduction ? 0 : (u.rel_begin * len + (packed ? u.len - 1 : 0)) / u.len;
            uint64_t y = reduction ? len : (u.rel_end * len + u.len - 1) / u.len;
            san_mark_logical(b, ops[i], x, std::min(y, len), call, u.src_lo, u.src_hi);
        }
    }
}
#else
;
#endif

inline void san_flush(BlockState& b) {
    auto& s = b.san;
    const int n = s.p_n;
    s.p_n = 0;
    if (s.p_call == s.explicit_call) return;  // described through ApiCall already
    san_apply(b, s.p_api != nullptr ? s.p_api : "?", s.p_call, s.p_pipe, s.p_ops, n);
}

// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void san_record(BlockState& b, const char* api, const char* role, uint64_t off, uint64_t bytes, uint64_t view_end,
                       const void* owner, int32_t slot, uint32_t gen, bool exact)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (exact && off + bytes > (view_end + 31) / 32 * 32) {
        fail(api, strf("%s needs %llu bytes from UB offset %llu, past the end of its LocalTensor view at UB offset "
                       "%llu (%llu bytes): the count exceeds the tensor it was given (TBuf::Get<T>(n), a sub-view or "
                       "SetSize) although it stays inside the buffer",
                       role, static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(off),
                       static_cast<unsigned long long>(view_end), static_cast<unsigned long long>(view_end - off)));
    }
    auto& s = b.san;
    if (s.p_n == 8) san_flush(b);  // more operands than one record holds: check what we have
    SanOp& op = s.p_ops[s.p_n++];
    op.role = role;
    op.owner = owner;
    op.slot = slot;
    op.gen = gen;
    san_check_alloc(b, api, op);  // now, while the queue is alive
    op.begin = off;
    op.end = off + bytes;
    op.view_end = view_end;
    op.owner = owner;
    op.slot = slot;
    op.gen = gen;
    op.exact = exact;
    op.role = role;
    op.write = std::strcmp(role, "dst") == 0 || std::strcmp(role, "sharedTmpBuffer") == 0;
    op.spans = nullptr;
    op.sp_n = 0;
}
#else
;
#endif

// ---- the runs of a strided / masked operand (the one ub_operand recorded last) ----
constexpr size_t kSanMaxSpans = 4096;  // more runs than this: the operand stays a conservative extent

// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void san_span_push(std::vector<SanSpan>& v, uint64_t a, uint64_t e)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (!v.empty() && v.back().end == a) {
        v.back().end = static_cast<uint32_t>(e);
    } else {
        v.push_back(SanSpan{static_cast<uint32_t>(a), static_cast<uint32_t>(e)});
    }
}
#else
;
#endif
// The scratch vector for the last operand's runs (nullptr when the sanitizer is off).
inline std::vector<SanSpan>* san_spans_begin(BlockState& b) {
    if (!b.san.on || b.san.p_n == 0) return nullptr;
    auto& v = b.san.p_spans[b.san.p_n - 1];
    v.clear();
    return &v;
}
// Attaches the runs: the operand is checked and marked run by run (exact), or stays a conservative extent when
// there are too many of them.
inline void san_spans_end(BlockState& b) {
    SanOp& op = b.san.p_ops[b.san.p_n - 1];
    auto& v = b.san.p_spans[b.san.p_n - 1];
    if (v.empty() || v.size() > kSanMaxSpans) {
        op.exact = false;
        return;
    }
    op.exact = true;
    if (v.size() == 1 && v[0].begin == op.begin && v[0].end == op.end) return;
    op.spans = v.data();
    op.sp_n = static_cast<uint32_t>(v.size());
}
// `count` rows of `len` bytes, `step` bytes apart, from the last operand's start (DataCopy / DataCopyPad strides).
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void san_rows(BlockState& b, uint64_t count, uint64_t len, uint64_t step)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (count <= 1 || step == len) return;  // contiguous: the operand's span is exact already
    std::vector<SanSpan>* v = san_spans_begin(b);
    if (v == nullptr) return;
    const uint64_t base = b.san.p_ops[b.san.p_n - 1].begin;
    for (uint64_t r = 0; r < count && v->size() <= kSanMaxSpans; ++r) {
        san_span_push(*v, base + r * step, std::min<uint64_t>(base + r * step + len, b.local_size));
    }
    san_spans_end(b);
}
#else
;
#endif

// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void san_gm_write(BlockState& b, const void* p, uint64_t bytes)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (!b.san.on || bytes == 0) return;
    const uint64_t a = reinterpret_cast<uint64_t>(p), e = a + bytes;
    bool out = false;
    for (const auto& r : g_run.gm) {
        if (r.output && a >= r.base && a < r.base + r.bytes + r.slack) {
            out = true;
            break;
        }
    }
    if (!out) return;
    const bool atomic = b.atomic_op != 0;
    const uint32_t phase = b.san.gm.phase;
    auto& w = b.san.gm_writes;
    if (!w.empty() && w.back().end == a && w.back().atomic == atomic && w.back().phase == phase) {
        w.back().end = e;
        return;
    }
    w.push_back(SanGmWrite{a, e, atomic, phase});
}
#else
;
#endif

// ---- pipe edges ----
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void san_set_flag(BlockState& b, AscendC::HardEvent evt, int32_t id)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (!b.san.on) return;
    const int src = san_pipe_index(event_pipes(evt).src);
    b.san.flags[static_cast<int>(evt) * kMaxEventIds + id].push_back(b.san.vc[src]);
}
#else
;
#endif
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void san_wait_flag(BlockState& b, AscendC::HardEvent evt, int32_t id)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (!b.san.on) return;
    auto it = b.san.flags.find(static_cast<int>(evt) * kMaxEventIds + id);
    if (it == b.san.flags.end() || it->second.empty()) return;
    const int dst = san_pipe_index(event_pipes(evt).dst);
    b.san.vc[dst].join(it->second.front());
    if (dst == kSanS) {
        // The scalar unit dispatches every later instruction to its pipe's queue in program order: while it
        // waits, nothing after the wait is issued, so X_S orders pipe X before every pipe's later instructions.
        for (int p = 0; p < kSanPipes; ++p) b.san.vc[p].join(it->second.front());
    }
    it->second.erase(it->second.begin());
}
#else
;
#endif
inline void san_barrier_all(BlockState& b) {
    if (!b.san.on) return;
    VClock all;
    for (int p = 0; p < kSanPipes; ++p) all.join(b.san.vc[p]);
    for (int p = 0; p < kSanPipes; ++p) b.san.vc[p] = all;
}

// ApiCall::commit: the explicit description supersedes what ub_operand recorded for this call.
inline void check_call(const ApiCall& call) {
    BlockState& b = call.block();
    if (!b.san.on) return;
    b.san.explicit_call = b.api_calls;
    if (b.san.p_call == b.api_calls) b.san.p_n = 0;
    SanOp ops[ApiCall::kMaxOperands];
    int n = 0;
    for (int i = 0; i < call.size(); ++i) {
        const Access& a = call[i];
        if (a.space != Access::kUb) continue;
        SanOp& op = ops[n++];
        op.begin = a.begin;
        op.end = a.end;
        op.view_end = a.view_end;
        op.owner = a.owner;
        op.slot = a.slot;
        op.gen = a.gen;
        op.write = a.write;
        op.exact = a.exact;
        op.role = a.write ? "dst" : "src";
        op.spans = a.spans;
        op.sp_n = a.sp_n;
        san_check_alloc(b, call.api(), op);
        if (a.exact && a.sp_n == 0 && a.end > (static_cast<uint64_t>(a.view_end) + 31) / 32 * 32) {
            fail(call.api(), strf("%s needs UB [%llu, %llu), past the end of its LocalTensor view at UB offset %u: "
                                  "the count exceeds the tensor it was given although it stays inside the buffer",
                                  op.role, static_cast<unsigned long long>(a.begin),
                                  static_cast<unsigned long long>(a.end), a.view_end));
        }
    }
    for (int i = 0; i < call.size(); ++i) {
        const Access& a = call[i];
        if (a.space != Access::kGm) continue;
        if (a.write) san_gm_write(b, reinterpret_cast<const void*>(a.begin), a.end - a.begin);
        gm_access(b, call.api(), call.pipe(), reinterpret_cast<const void*>(a.begin), a.end - a.begin, a.write, nullptr,
                  1, 0);
    }
    san_apply(b, call.api(), b.api_calls, san_pipe_index(call.pipe()), ops, n);
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {
template <typename T>
inline void LocalTensor<T>::kg_scalar_access(uint32_t index, bool write) const {
    kgemu::detail::BlockState* b = kgemu::detail::tl_block;
    if (b == nullptr || !b->san.on) return;
    if (b->san.p_n != 0) kgemu::detail::san_flush(*b);  // the vector call before it is checked first
    const uint64_t off = kgemu::detail::ub_offset_of(*b, kg_addr + index);
    kgemu::detail::SanOp op;
    op.begin = off;
    op.end = off + sizeof(T);
    op.write = write;
    kgemu::detail::san_access(*b, write ? "SetValue" : "GetValue", kgemu::detail::kSanS, 0, UINT32_MAX, op);
}
}  // namespace AscendC

#endif  // KGEMU_DETAIL_SANITIZE_H
