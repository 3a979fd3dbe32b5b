// kernelgen CPU emulator (private, kernel side): the sanitizer's GM hazards.
//
// GM is shared by the pipes of a block and by the blocks of a launch. Every GM access (DataCopy, DataCopyPad,
// InitGlobalMemory, GlobalTensor::GetValue / SetValue, ApiCall GM operands) is described here as byte runs of
// one registered tensor (inputs, outputs, the workspace, the tiling), never per byte:
//   - within a block, the runs keep their last write and last read per pipe, with the vector clocks of
//     sanitize.h: a DataCopy on MTE2 reading bytes that a DataCopy on MTE3 wrote (or the reverse) with no
//     ordering path between the two pipes (SetFlag/WaitFlag<HardEvent::MTE3_MTE2>, PipeBarrier<PIPE_ALL>,
//     SyncAll, or a chain of queue edges) is a race. Scalar (pipe S) accesses are not checked within a block:
//     the compiler orders the scalar unit around them.
//   - across blocks, each block's runs carry its SyncAll phase (SyncAll calls completed). After the launch,
//     bytes one block writes and another block reads (or writes atomically while the first writes plainly) in
//     the same phase are a race: blocks run concurrently on the NPU, and only SyncAll orders them. Two plain
//     writes from different blocks are the output-coverage check's (rt_check_outputs); atomic writes
//     (SetAtomicAdd / Max / Min) among themselves are not races.
//   - a GM flag barrier orders blocks as well (ops-nn's index_fill: each block writes its flag byte, then re-reads
//     every block's flags until all are set). Bytes a block reads again with no other GM access between are a
//     flag it spins on; a read of a flag orders the reader after every other block's write of those bytes that
//     came before it (launch-wide order: a write is stamped before its bytes move, a read after), and with it
//     everything the writer did before that write and everything the reader does after the read. The flag
//     bytes themselves are no race. One hop only (A's flag read by B, not through C), and only flag-sized
//     accesses (kGmSyncBytes) are kept for it.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/gm_shadow.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_GM_SHADOW_H
#define KGEMU_DETAIL_GM_SHADOW_H

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "kgemu/detail/state.h"

namespace kgemu {
namespace detail {

constexpr size_t kGmMaxCalls = 1u << 20;  // GM call records kept for diagnoses
constexpr uint64_t kGmSyncBytes = 256;    // GM accesses up to this span are kept as GmSyncEvents (flags)
constexpr size_t kGmSyncMax = 1u << 16;   // ... at most this many per block

inline int san_pipe_index(::pipe_t p);  // sanitize.h
inline const char* san_pipe_label(int i);

// The registered tensor holding host address a (its allocation padding included), or -1.
inline int gm_tensor_of(uint64_t a) {
    const auto& gm = g_run.gm;
    for (size_t i = 0; i < gm.size(); ++i) {
        if (a >= gm[i].base && a < gm[i].base + std::max<uint64_t>(gm[i].bytes + gm[i].slack, 1)) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

// "bytes [0, 256) of the user workspace (after the 16777216-byte system workspace of 'workspace')" /
// "bytes [0, 256) of 'y'", with the GlobalTensor it went through when that starts elsewhere.
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
std::string gm_range_name(int t, uint64_t a, uint64_t e, const void* origin)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (t < 0 || static_cast<size_t>(t) >= g_run.gm.size()) return "GM bytes outside every registered tensor";
    const GmRange& r = g_run.gm[static_cast<size_t>(t)];
    uint64_t lo = a - r.base, hi = e - r.base;
    std::string s;
    const uint64_t sys = g_run.soc != nullptr ? g_run.soc->libapi_workspace : 0;
    if (r.name == "workspace" && sys != 0 && lo >= sys) {
        s = strf("GM bytes [%llu, %llu) of the user workspace (past the %llu-byte system workspace)",
                 static_cast<unsigned long long>(lo - sys), static_cast<unsigned long long>(hi - sys),
                 static_cast<unsigned long long>(sys));
    } else {
        s = strf("GM bytes [%llu, %llu) of '%s'", static_cast<unsigned long long>(lo),
                 static_cast<unsigned long long>(hi), r.name.c_str());
    }
    const uint64_t o = reinterpret_cast<uint64_t>(origin);
    const bool user_ws = r.name == "workspace" && sys != 0 && o == r.base + sys;  // GetUserWorkspace's pointer
    if (origin != nullptr && o >= r.base && o != r.base && !user_ws) {
        s += strf(" (through the GlobalTensor set to '%s' + %llu bytes)", r.name.c_str(),
                  static_cast<unsigned long long>(o - r.base));
    }
    return s;
}
#else
;
#endif

// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
std::string gm_call_name(const std::vector<GmCall>& calls, uint32_t idx, bool tiles)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (idx >= calls.size()) return "an earlier call";
    const GmCall& c = calls[idx];
    std::string s = strf("%s (pipe %s", c.api, san_pipe_label(c.pipe));
    if (c.pipe != 0) {
        s += strf(", API call #%llu", static_cast<unsigned long long>(c.call_no));
    } else if (c.call_no != 0) {  // scalar accesses are not API calls: name the call they follow
        s += strf(", after API call #%llu", static_cast<unsigned long long>(c.call_no));
    }
    if (tiles) s += strf(", tile %llu", static_cast<unsigned long long>(c.tile));
    return s + ")";
}
#else
;
#endif

// ---- runs of bytes sorted by begin, each with one history (the GM shadow here, the UB shadow in sanitize.h) ----
// Index of the run that starts at x, splitting the one that contains it.
template <typename Seg, typename Pos>
inline size_t seg_split(std::vector<Seg>& segs, Pos x) {
    auto it = std::upper_bound(segs.begin(), segs.end(), x, [](Pos v, const Seg& s) { return v < s.begin; });
    if (it == segs.begin()) return 0;
    const size_t i = static_cast<size_t>(it - segs.begin()) - 1;
    if (segs[i].begin == x) return i;
    if (x >= segs[i].end) return i + 1;
    Seg tail = segs[i];
    tail.begin = x;
    segs[i].end = x;
    segs.insert(segs.begin() + static_cast<std::ptrdiff_t>(i) + 1, tail);
    return i + 1;
}

// Merges adjacent runs with the same history in [lo - 1, hi].
template <typename Seg, typename Same>
inline void seg_merge(std::vector<Seg>& segs, size_t lo, size_t hi, Same same) {
    if (segs.size() < 2) return;
    const size_t i = lo > 0 ? lo - 1 : 0;
    hi = std::min(hi, segs.size() - 1);
    size_t out = i;
    for (size_t k = i + 1; k <= hi; ++k) {
        if (segs[out].end == segs[k].begin && same(segs[out], segs[k])) {
            segs[out].end = segs[k].end;
        } else {
            segs[++out] = segs[k];
        }
    }
    if (out != hi) {
        segs.erase(segs.begin() + static_cast<std::ptrdiff_t>(out) + 1, segs.begin() + static_cast<std::ptrdiff_t>(hi) + 1);
    }
}

// ---- within a block ----
inline bool gm_same_history(const GmSeg& a, const GmSeg& b) {
    if (a.w_pipe != b.w_pipe || a.w_clk != b.w_clk || a.w_call != b.w_call) return false;
    for (int q = 0; q < kSanPipes; ++q) {
        if (a.r_clk[q] != b.r_clk[q] || a.r_call[q] != b.r_call[q]) return false;
    }
    return true;
}

// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
[[noreturn]] void gm_race_in_block(BlockState& b, const char* api, int pipe, bool write, int t, uint64_t a,
                                          uint64_t e, const void* origin, int other_pipe, uint32_t other_call,
                                          bool other_write)
#ifdef KGEMU_RUNTIME_IMPL
{
    const char* src = san_pipe_label(other_pipe);
    const char* dst = san_pipe_label(pipe);
    fail(api, strf("race on %s: this call (pipe %s%s) %s bytes that %s %s, and nothing orders pipe %s before pipe %s "
                   "in between (on the NPU the %s may happen before the %s): add SetFlag/WaitFlag<HardEvent::%s_%s> "
                   "between them, or PipeBarrier<PIPE_ALL>",
                   gm_range_name(t, a, e, origin).c_str(), dst,
                   b.progress_queue != nullptr ? strf(", tile %llu", static_cast<unsigned long long>(b.tiles)).c_str()
                                               : "",
                   write ? "writes" : "reads",
                   gm_call_name(b.san.gm.calls, other_call, b.progress_queue != nullptr).c_str(),
                   other_write ? "wrote" : "reads", src, dst, write ? "write" : "read",
                   other_write ? "earlier write" : "earlier read", src, dst));
}
#else
;
#endif

// One run [a, e) of tensor t on pipe `pipe` (not S) at clock clk.
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void gm_seg_access(BlockState& b, const char* api, int pipe, uint32_t clk, uint32_t call, int t, uint64_t a,
                          uint64_t e, bool write, const void* origin)
#ifdef KGEMU_RUNTIME_IMPL
{
    auto& all = b.san.gm.segs;
    if (all.size() <= static_cast<size_t>(t)) all.resize(g_run.gm.size());
    auto& segs = all[static_cast<size_t>(t)];
    if (segs.empty()) {
        const GmRange& r = g_run.gm[static_cast<size_t>(t)];
        GmSeg s{};
        s.begin = r.base;
        s.end = r.base + std::max<uint64_t>(r.bytes + r.slack, 1);
        s.w_pipe = -1;
        segs.push_back(s);
    }
    const size_t lo = seg_split(segs, a);
    const size_t hi = seg_split(segs, e);
    const VClock& vc = b.san.vc[pipe];
    for (size_t i = lo; i < hi; ++i) {
        GmSeg& s = segs[i];
        int rp = -1;
        uint32_t rcall = 0;
        bool rwrite = false;
        if (s.w_pipe > 0 && s.w_pipe != pipe && vc.c[s.w_pipe] < s.w_clk) {
            rp = s.w_pipe;
            rcall = s.w_call;
            rwrite = true;
        }
        if (write) {
            for (int q = 1; q < kSanPipes; ++q) {
                if (q != pipe && s.r_clk[q] > vc.c[q] && (rp < 0 || s.r_call[q] + 1 > rcall + 1)) {
                    rp = q;
                    rcall = s.r_call[q];
                    rwrite = false;
                }
            }
        }
        if (rp >= 0) {
            gm_race_in_block(b, api, pipe, write, t, std::max(a, s.begin), std::min(e, s.end), origin, rp, rcall,
                             rwrite);
        }
        if (write) {
            s.w_pipe = static_cast<int8_t>(pipe);
            s.w_clk = clk;
            s.w_call = call;
            std::fill(s.r_clk, s.r_clk + kSanPipes, 0u);
            std::fill(s.r_call, s.r_call + kSanPipes, 0u);
        } else {
            s.r_clk[pipe] = clk;
            s.r_call[pipe] = call;
        }
    }
    seg_merge(segs, lo, hi, gm_same_history);
}
#else
;
#endif

// ---- across blocks ----
// Sorts and merges a block's runs that share tensor, phase, kind and pipe (the merged run names its first call).
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void gm_compact(std::vector<GmRun>& runs)
#ifdef KGEMU_RUNTIME_IMPL
{
    std::sort(runs.begin(), runs.end(), [](const GmRun& x, const GmRun& y) {
        if (x.tensor != y.tensor) return x.tensor < y.tensor;
        if (x.phase != y.phase) return x.phase < y.phase;
        if (x.kind != y.kind) return x.kind < y.kind;
        if (x.pipe != y.pipe) return x.pipe < y.pipe;
        return x.begin < y.begin;
    });
    size_t out = 0;
    for (size_t k = 1; k < runs.size(); ++k) {
        GmRun& o = runs[out];
        const GmRun& r = runs[k];
        if (o.tensor == r.tensor && o.phase == r.phase && o.kind == r.kind && o.pipe == r.pipe && r.begin <= o.end) {
            o.end = std::max(o.end, r.end);
            o.seq_lo = std::min(o.seq_lo, r.seq_lo);
            o.seq_hi = std::max(o.seq_hi, r.seq_hi);
        } else {
            runs[++out] = r;
        }
    }
    if (!runs.empty()) runs.resize(out + 1);
}
#else
;
#endif

// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void gm_run_add(GmShadow& g, int t, uint64_t a, uint64_t e, uint8_t kind, int pipe, uint32_t call)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (!g.runs.empty()) {
        GmRun& l = g.runs.back();
        // the same call's next row, or the next scalar access of a run of them
        if (l.tensor == t && l.phase == g.phase && l.kind == kind && l.pipe == pipe &&
            (l.call == call || pipe == 0) && a >= l.begin && a <= l.end) {
            l.end = std::max(l.end, e);
            l.seq_hi = g.seq;
            return;
        }
    }
    g.runs.push_back(GmRun{a, e, g.seq, g.seq, call, g.phase, static_cast<uint16_t>(t), kind, static_cast<int8_t>(pipe)});
    if (g.runs.size() >= g.run_limit) {
        gm_compact(g.runs);
        if (g.runs.size() > g.run_limit / 2) g.run_limit *= 2;  // little to merge: compact again only much later
    }
}
#else
;
#endif

// The scalar unit's data cache (asc-devkit "Scalar读写数据", DataCacheCleanAndInvalid): GetValue / SetValue go
// through a per-core cache of 64-byte lines, SetValue changes only the cached line (dirty), and DMA (DataCopy on
// MTE2 / MTE3, the cube's loads and write-outs) reads and writes GM directly. So within a block, a DMA read of a
// line SetValue left dirty reads what GM held before, and a GetValue of a line cached before a DMA wrote it reads
// the old copy, unless DataCacheCleanAndInvalid came in between.
constexpr uint64_t kDcLine = 64;

// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void dcache_access(BlockState& b, const char* api, int pipe, int t, uint64_t a, uint64_t e, bool write,
                          const void* origin)
#ifdef KGEMU_RUNTIME_IMPL
{
    auto& dc = b.san.dcache;
    uint64_t first = a / kDcLine, last = (e - 1) / kDcLine;
    if (pipe == 0) {
        b.san.dcache_lo = std::min(b.san.dcache_lo, first);
        b.san.dcache_hi = std::max(b.san.dcache_hi, last);
    } else {  // a DMA: only the lines inside the cached span can be held by the scalar unit
        if (dc.empty()) return;
        first = std::max(first, b.san.dcache_lo);
        last = std::min(last, b.san.dcache_hi);
    }
    for (uint64_t line = first; line <= last; ++line) {
        if (pipe == 0) {
            auto& l = dc[line];
            if (!write && l.stale_call != 0) {
                fail(api, strf("reads %s through the scalar data cache, whose copy of that 64-byte line predates %s "
                               "(API call #%llu) writing it %s: call DataCacheCleanAndInvalid on it before the "
                               "read, or the scalar unit sees the old value",
                               gm_range_name(t, a, e, origin).c_str(), l.stale_api,
                               static_cast<unsigned long long>(l.stale_call),
                               std::strncmp(l.stale_api, "Atomic", 6) == 0 ? "past the cache (a scalar atomic)"
                                                                            : "by DMA"));
            }
            if (write) l.dirty = true;
            continue;
        }
        auto it = dc.find(line);
        if (it == dc.end()) continue;
        if (!write && it->second.dirty) {
            fail(api, strf("reads %s by DMA, but a GlobalTensor::SetValue wrote into that 64-byte line through the "
                           "scalar data cache only: call DataCacheCleanAndInvalid after the SetValue, or the DMA reads "
                           "what GM held before",
                           gm_range_name(t, a, e, origin).c_str()));
        }
        if (write) {
            it->second.stale_call = b.api_calls;
            it->second.stale_api = api;
        }
    }
}
#else
;
#endif

// DataCacheCleanAndInvalid: the line holding p (or, with entire, every line) is written back and dropped.
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void dcache_clean(BlockState& b, const void* p, bool entire)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (!b.san.on) return;
    if (entire) {
        b.san.dcache.clear();
        b.san.dcache_lo = ~0ULL;
        b.san.dcache_hi = 0;
    } else {
        b.san.dcache.erase(reinterpret_cast<uint64_t>(p) / kDcLine);
    }
}
#else
;
#endif

// A GM access of the running call: `rows` runs of `bytes` bytes, `stride` bytes apart, from p, on `pipe`.
// The GM bounds are gm_check's (called before); `origin` is the GlobalTensor's SetGlobalBuffer pointer.
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void gm_access(BlockState& b, const char* api, ::pipe_t pipe_enum, const void* p, uint64_t bytes, bool write,
                      const void* origin, uint64_t rows, uint64_t stride)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (!b.san.on || bytes == 0 || rows == 0) return;
    const int t = gm_tensor_of(reinterpret_cast<uint64_t>(p));
    if (t < 0) return;
    GmShadow& g = b.san.gm;
    if (g.stamp_pending) gm_sync_stamp(b);  // the previous small read (a scalar GetValue has no api_enter)
    ++g.seq;
    {
        const uint64_t a = reinterpret_cast<uint64_t>(p), e = a + (rows - 1) * stride + bytes;
        if (e - a <= kGmSyncBytes) {
            GmSyncEvent* last = g.sync.empty() ? nullptr : &g.sync.back();
            if (!write && last != nullptr && !last->write && last->tensor == t && last->begin == a && last->end == e &&
                last->seq + 1 == g.seq) {  // the same bytes again, nothing else between: a spin-wait
                last->seq = g.seq;
                last->polled = 1;
                g.stamp_pending = true;
            } else if (g.sync.size() < kGmSyncMax) {
                g.sync.push_back(GmSyncEvent{a, e, g.seq, write ? g_run.gm_clock.fetch_add(1) + 1 : 0,
                                             static_cast<uint16_t>(t), static_cast<uint8_t>(write), 0});
                g.stamp_pending = !write;
            }
        }
    }
    const int pipe = san_pipe_index(pipe_enum);
    if (g.rec_call != b.api_calls || g.calls.empty() || g.calls.back().pipe != pipe || g.calls.back().api != api) {
        if (g.calls.size() < kGmMaxCalls) g.calls.push_back(GmCall{api, b.api_calls, b.tiles, origin, static_cast<int8_t>(pipe)});
        g.rec_call = b.api_calls;
    }
    const uint32_t call = g.calls.size() < kGmMaxCalls ? static_cast<uint32_t>(g.calls.size() - 1) : UINT32_MAX;
    uint32_t clk = 0;
    if (pipe != 0) {
        if (g.clk_call != b.api_calls) {  // this call's tick on its pipe (san_apply reuses it for the UB side)
            g.clk = ++b.san.vc[pipe].c[pipe];
            g.clk_call = b.api_calls;
        }
        clk = g.clk;
    }
    const uint8_t kind = write ? (b.atomic_op != 0 ? 2 : 1) : 0;
    const uint64_t base = reinterpret_cast<uint64_t>(p);
    for (uint64_t r = 0; r < rows; ++r) {
        const uint64_t a = base + r * stride, e = a + bytes;
        if (pipe != 0) gm_seg_access(b, api, pipe, clk, call, t, a, e, write, origin);
        dcache_access(b, api, pipe, t, a, e, write, origin);
        gm_run_add(g, t, a, e, kind, pipe, call);
    }
}
#else
;
#endif

// SyncAll: later accesses belong to the next phase.
inline void gm_sync_all(BlockState& b) {
    if (b.san.on) ++b.san.gm.phase;
}

// rt_block_end: the block's runs join the launch's log.
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void gm_block_end(BlockState& b)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (!b.san.on || b.san.gm.runs.empty()) return;
    if (b.san.gm.stamp_pending) gm_sync_stamp(b);
    GmBlockLog log;
    log.block = b.block_idx;
    log.calls = std::move(b.san.gm.calls);
    log.runs = std::move(b.san.gm.runs);
    log.sync = std::move(b.san.gm.sync);
    std::lock_guard<std::mutex> lock(g_run.cov_mu);
    g_run.gm_log.push_back(std::move(log));
}
#else
;
#endif

// The order GM flag barriers give the blocks of a launch (see the top of this file): the flags are the byte ranges
// some block spun on; a read of flag bytes by block B after block A wrote them is an edge (A's access number of
// the write, B's of the read).
class GmFlagOrder {
public:
    explicit GmFlagOrder(const std::vector<GmBlockLog>& logs) : n_(logs.size()) {
        for (const auto& l : logs) {
            for (const auto& ev : l.sync) {
                if (ev.polled) flags_.push_back(ev);
            }
        }
        if (flags_.empty()) return;
        edges_.resize(n_ * n_);
        std::vector<std::vector<const GmSyncEvent*>> writes(n_);  // each block's writes of flag bytes
        for (size_t i = 0; i < n_; ++i) {
            for (const auto& ev : logs[i].sync) {
                if (ev.write && overlaps_flag(ev)) writes[i].push_back(&ev);
            }
        }
        for (size_t rb = 0; rb < n_; ++rb) {
            for (const auto& r : logs[rb].sync) {
                if (r.write || r.time == 0 || !overlaps_flag(r)) continue;
                for (size_t wb = 0; wb < n_; ++wb) {
                    if (wb == rb) continue;
                    for (const GmSyncEvent* w : writes[wb]) {
                        if (w->tensor == r.tensor && w->begin < r.end && r.begin < w->end && w->time < r.time) {
                            edges_[wb * n_ + rb].push_back({r.seq, w->seq});
                        }
                    }
                }
            }
        }
        for (auto& v : edges_) {  // by the read's access number, with the latest write seen by then
            std::sort(v.begin(), v.end());
            for (size_t k = 1; k < v.size(); ++k) v[k].second = std::max(v[k].second, v[k - 1].second);
        }
    }
    // Bytes [a, e) of tensor t lie in a flag.
    bool is_flag(uint16_t t, uint64_t a, uint64_t e) const {
        for (const auto& f : flags_) {
            if (f.tensor == t && f.begin <= a && e <= f.end) return true;
        }
        return false;
    }
    // Block log wl's accesses up to number w_seq come before block log rl's from number r_seq on.
    bool before(uint32_t wl, uint64_t w_seq, uint32_t rl, uint64_t r_seq) const {
        if (wl == rl || flags_.empty()) return false;
        const auto& v = edges_[wl * n_ + rl];
        auto it = std::upper_bound(v.begin(), v.end(), std::make_pair(r_seq, ~uint64_t{0}));
        return it != v.begin() && std::prev(it)->second >= w_seq;
    }

private:
    bool overlaps_flag(const GmSyncEvent& ev) const {
        for (const auto& f : flags_) {
            if (f.tensor == ev.tensor && f.begin < ev.end && ev.begin < f.end) return true;
        }
        return false;
    }
    size_t n_;
    std::vector<GmSyncEvent> flags_;
    std::vector<std::vector<std::pair<uint64_t, uint64_t>>> edges_;
};

// After the launch: a byte range one block writes and another reads (or writes atomically against a plain
// write) in the same SyncAll phase. Returns the diagnosis, or "".
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
std::string gm_check_blocks()
#ifdef KGEMU_RUNTIME_IMPL
{
    std::vector<GmBlockLog> logs;
    {
        std::lock_guard<std::mutex> lock(g_run.cov_mu);
        logs.swap(g_run.gm_log);
    }
    std::sort(logs.begin(), logs.end(), [](const GmBlockLog& x, const GmBlockLog& y) { return x.block < y.block; });
    std::vector<uint8_t> written(g_run.gm.size(), 0);
    for (const auto& l : logs) {
        for (const auto& r : l.runs) {
            if (r.kind != 0 && r.tensor < written.size()) written[r.tensor] = 1;
        }
    }
    struct Ent {
        uint64_t begin, end, seq_lo, seq_hi;
        uint32_t phase, log, call;
        uint16_t tensor;
        uint8_t kind;
    };
    std::vector<Ent> ents;
    for (uint32_t li = 0; li < logs.size(); ++li) {
        for (const auto& r : logs[li].runs) {
            if (r.tensor < written.size() && written[r.tensor]) {
                ents.push_back({r.begin, r.end, r.seq_lo, r.seq_hi, r.phase, li, r.call, r.tensor, r.kind});
            }
        }
    }
    const GmFlagOrder flags(logs);
    if (ents.empty()) return "";
    std::sort(ents.begin(), ents.end(), [](const Ent& x, const Ent& y) {
        if (x.tensor != y.tensor) return x.tensor < y.tensor;
        if (x.phase != y.phase) return x.phase < y.phase;
        return x.begin != y.begin ? x.begin < y.begin : x.log < y.log;
    });
    bool tiles = false;  // name tiles only when the kernel has a queue (sanitize.h does the same per block)
    for (const auto& l : logs) {
        for (const auto& c : l.calls) tiles = tiles || c.tile != 0;
    }
    std::vector<const Ent*> w;
    std::vector<uint64_t> wmax;  // running max of the writes' ends
    for (size_t g0 = 0; g0 < ents.size();) {
        size_t g1 = g0;
        while (g1 < ents.size() && ents[g1].tensor == ents[g0].tensor && ents[g1].phase == ents[g0].phase) ++g1;
        w.clear();
        wmax.clear();
        for (size_t k = g0; k < g1; ++k) {
            if (ents[k].kind == 0) continue;
            w.push_back(&ents[k]);
            wmax.push_back(std::max(wmax.empty() ? 0 : wmax.back(), ents[k].end));
        }
        for (size_t k = g0; k < g1 && !w.empty(); ++k) {
            const Ent& x = ents[k];
            // writes starting before x ends, newest first, while any of them may still reach x
            size_t j = static_cast<size_t>(std::lower_bound(w.begin(), w.end(), x.end,
                                                            [](const Ent* e, uint64_t v) { return e->begin < v; }) -
                                           w.begin());
            while (j-- > 0 && wmax[j] > x.begin) {
                const Ent& y = *w[j];
                if (y.end <= x.begin || y.log == x.log || &y == &x) continue;
                const bool conflict = x.kind == 0 || (x.kind != y.kind);  // read/write, or atomic against plain
                if (!conflict) continue;
                const Ent& wr = (x.kind == 0 || x.kind == 2) ? y : x;  // name the plain write as "writes"
                const Ent& ot = &wr == &y ? x : y;
                const auto& wl = logs[wr.log];
                const auto& ol = logs[ot.log];
                const void* origin = wr.call < wl.calls.size() ? wl.calls[wr.call].origin : nullptr;
                const uint64_t a = std::max(x.begin, y.begin), e = std::min(x.end, y.end);
                if (flags.is_flag(x.tensor, a, e) || flags.before(y.log, y.seq_hi, x.log, x.seq_lo) ||
                    flags.before(x.log, x.seq_hi, y.log, y.seq_lo)) {
                    continue;  // a GM flag barrier orders them (or these are its flag bytes)
                }
                const char* what = ot.kind == 0 ? "reads" : "adds atomically to";
                return strf("race on %s: %s writes them in %s and %s %s them in %s, with no SyncAll "
                            "between (both after %u SyncAll call(s)): blocks run concurrently on the NPU, so the "
                            "%s may happen before or after the write; add SyncAll() between the write and the %s "
                            "(or keep each block to the bytes it wrote)",
                            gm_range_name(wr.tensor, a, e, origin).c_str(), slot_label(wl.block).c_str(),
                            gm_call_name(wl.calls, wr.call, tiles).c_str(), slot_label(ol.block).c_str(), what,
                            gm_call_name(ol.calls, ot.call, tiles).c_str(), x.phase,
                            ot.kind == 0 ? "read" : "atomic add", ot.kind == 0 ? "read" : "atomic add");
            }
        }
        g0 = g1;
    }
    return "";
}
#else
;
#endif

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_GM_SHADOW_H
