// kernelgen CPU emulator (private, kernel side): the sanitizer for SIMT threads.
//
// A kernel that uses SIMT is compiled with the compiler's memory-access instrumentation (g++
// -fsanitize=kernel-address with calls: SIMT_FLAGS in kernelgen/emulator/build.py), which calls
// __asan_load<N>_noabort / __asan_store<N>_noabort before every load and store of the translation unit. The
// definitions below ignore them unless a SIMT thread runs, and keep the bytes of UB and of the registered GM
// tensors only. Each such byte keeps, for the current epoch (the stretch between two asc_syncthreads of the VF),
// its plain writer, two readers and two atomic writers. Two threads of a VF with no barrier between them are
// unordered on the NPU, so
//   - a thread writing a byte another thread wrote or read, or reading a byte another thread wrote, or a plain
//     access to a byte another thread changes atomically, is a race naming both threads and the VF call;
//   - atomics (asc_atomic_*) among themselves are not races.
// A thread's pointer carries no tensor, so bounds are checked where the bytes lie: a write past a tensor's end (into
// its allocation padding) is out of bounds, and so is any access in the red zone a caller leaves past a tensor's
// padding (rt_register_gm's guard: the survey's buffers have one), which a read running off the end reaches first.
// Warp functions exchange registers, not memory, and order nothing. When the VF ends, the bytes it read (before
// writing them) and wrote are handed to the pipe sanitizer as one V-pipe call "asc_vf_call" (UB) and as GM
// operands of it, so queue / flag ordering against the block's DataCopy and vector calls is checked as for any
// vector instruction. Bytes a thread writes with the value they already hold are still writes (the compiler
// reports the store, not a change).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/simt_race.h is private to the kernelgen emulator; include \"simt_api/asc_simt.h\" instead"
#endif
#ifndef KGEMU_DETAIL_SIMT_RACE_H
#define KGEMU_DETAIL_SIMT_RACE_H

#include <algorithm>
#include <map>

#include "kgemu/detail/access.h"
#include "kgemu/detail/gm_shadow.h"
#include "kgemu/detail/simt_sched.h"

namespace kgemu {
namespace simt {

constexpr uint64_t kPage = 4096;

// Where a byte lives, for diagnoses: "UB offset 128" / "GM tensor 'y' byte 64".
__attribute__((no_sanitize_address)) inline std::string where(const Vf& v, uint64_t a) {
    const auto& b = *v.block;
    const uint64_t ub = reinterpret_cast<uint64_t>(b.ub);
    if (a >= ub && a < ub + b.local_size) return detail::strf("UB byte %llu", static_cast<unsigned long long>(a - ub));
    const int t = detail::gm_tensor_of(a);
    if (t >= 0) {
        const auto& g = detail::g_run.gm[static_cast<size_t>(t)];
        return detail::strf("byte %llu of GM tensor '%s'", static_cast<unsigned long long>(a - g.base), g.name.c_str());
    }
    return detail::strf("address %#llx", static_cast<unsigned long long>(a));
}

__attribute__((no_sanitize_address)) inline bool tracked(Vf& v, uint64_t a) {
    const auto& b = *v.block;
    const uint64_t ub = reinterpret_cast<uint64_t>(b.ub);
    if (a - ub < b.local_size) return true;
    if (a >= v.tensor_lo && a < v.tensor_hi) return true;
    const int t = detail::gm_tensor_of(a);
    if (t < 0) return false;
    const auto& g = detail::g_run.gm[static_cast<size_t>(t)];
    v.tensor_lo = g.base;
    v.tensor_hi = g.base + std::max<uint64_t>(g.bytes + g.slack, 1);
    v.tensor_idx = t;
    return true;
}

__attribute__((no_sanitize_address)) inline Cell& cell(Vf& v, uint64_t a) {
    const uint64_t pg = a / kPage;
    if (pg != v.last_page) {
        auto& slot = v.pages[pg];
        if (!slot) slot.reset(new Cell[kPage]);
        v.last_page = pg;
        v.last_cells = slot.get();
    }
    return v.last_cells[a % kPage];
}

enum AccessKind : int { kRead = 0, kWrite = 1, kAtomic = 2 };

// A defect found in the instrumentation callback: the callback cannot throw (g++ treats it as nothrow), so the
// thread stores the defect and leaves for good; the scheduler throws it on the block's own stack.
[[noreturn]] __attribute__((no_sanitize_address)) inline void abandon(Vf& v, const char* api, const std::string& problem) {
    v.in_emu = true;
    try {
        detail::fail(api, problem);
    } catch (...) {
        if (!v.err) v.err = std::current_exception();
    }
    v.th[v.cur].st = St::kDone;
    v.running = false;
    v.in_emu = false;
    swapcontext(&v.th[v.cur].ctx, &v.main_ctx);
    __builtin_unreachable();
}

[[noreturn]] __attribute__((no_sanitize_address)) inline void race(Vf& v, const char* api, uint64_t a, int kind,
                                                                   int other, const char* other_did) {
    static const char* did[] = {"reads", "writes", "atomically updates"};
    v.in_emu = true;
    abandon(v, api, detail::strf("race on %s between SIMT threads of %s: %s %s a byte that %s %s in the same "
                                 "epoch, and no asc_syncthreads orders them (on the NPU the result depends on "
                                 "timing): put asc_syncthreads() between the two accesses, or give each thread "
                                 "its own bytes",
                                 where(v, a).c_str(), vf_label(v).c_str(), thread_name(v, v.cur).c_str(), did[kind],
                                 thread_name(v, static_cast<uint32_t>(other)).c_str(), other_did));
}

__attribute__((no_sanitize_address)) inline void access_byte(Vf& v, uint64_t a, int kind, const char* api) {
    Cell& c = cell(v, a);
    const int16_t t = static_cast<int16_t>(v.cur);
    if (c.epoch != v.epoch) {
        c.epoch = v.epoch;
        c.w = c.r1 = c.r2 = c.a1 = c.a2 = -1;
    }
    const int16_t other_atomic = c.a1 >= 0 && c.a1 != t ? c.a1 : (c.a2 >= 0 && c.a2 != t ? c.a2 : -1);
    if (kind == kRead) {
        if (c.w >= 0 && c.w != t) race(v, api, a, kind, c.w, "wrote");
        if (other_atomic >= 0) race(v, api, a, kind, other_atomic, "atomically updated");
        if (c.r1 < 0) {
            c.r1 = t;
        } else if (c.r1 != t && c.r2 < 0) {
            c.r2 = t;
        }
        if ((c.vf & 6) == 0) c.vf |= 1;
        return;
    }
    if (c.w >= 0 && c.w != t) race(v, api, a, kind, c.w, "wrote");
    const int16_t other_reader = c.r1 >= 0 && c.r1 != t ? c.r1 : (c.r2 >= 0 && c.r2 != t ? c.r2 : -1);
    if (other_reader >= 0) race(v, api, a, kind, other_reader, "read");
    if (kind == kWrite) {
        if (other_atomic >= 0) race(v, api, a, kind, other_atomic, "atomically updated");
        c.w = t;
        c.vf |= 2;
    } else {
        if (c.a1 < 0) {
            c.a1 = t;
        } else if (c.a1 != t && c.a2 < 0) {
            c.a2 = t;
        }
        c.vf |= 4;
    }
}

// The registered tensor whose red zone (GmRange::guard, past its allocation padding) holds host address a, or -1.
__attribute__((no_sanitize_address)) inline int guard_owner(uint64_t a) {
    const auto& gm = detail::g_run.gm;
    for (size_t i = 0; i < gm.size(); ++i) {
        const uint64_t lo = gm[i].base + gm[i].bytes + gm[i].slack;
        if (gm[i].guard != 0 && a >= lo && a < lo + gm[i].guard) return static_cast<int>(i);
    }
    return -1;
}

// An access in a tensor's red zone: it left the tensor (the padding's end is as far as the allocation reaches).
[[noreturn]] __attribute__((no_sanitize_address)) inline void past_the_end(Vf& v, uint64_t a, uint64_t bytes, int kind,
                                                                           const char* api, int t) {
    const auto& g = detail::g_run.gm[static_cast<size_t>(t)];
    v.in_emu = true;
    abandon(v, api, detail::strf("GM out of bounds: %s %s %llu bytes at byte %llu of GM tensor '%s', which has %llu "
                                 "bytes (%llu allocated with the NPU allocator's padding): the access is past the "
                                 "allocation's end [%s of %s]",
                                 thread_name(v, v.cur).c_str(), kind == kRead ? "reads" : "writes",
                                 static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(a - g.base),
                                 g.name.c_str(), static_cast<unsigned long long>(g.bytes),
                                 static_cast<unsigned long long>(g.bytes + g.slack), thread_name(v, v.cur).c_str(),
                                 vf_label(v).c_str()));
}

// An access of `bytes` bytes at host address a by the running SIMT thread.
__attribute__((no_sanitize_address)) inline void access(Vf& v, uint64_t a, uint64_t bytes, int kind, const char* api) {
    if (!tracked(v, a) && !tracked(v, a + bytes - 1)) {
        // not UB and no tensor's: the thread's own stack, unless it is a red zone a buffer's overrun reaches
        const int t = guard_owner(a);
        if (t >= 0) past_the_end(v, a, bytes, kind, api, t);
        return;
    }
    if (v.tensor_idx >= 0 && a >= v.tensor_lo && a < v.tensor_hi) {
        const auto& g = detail::g_run.gm[static_cast<size_t>(v.tensor_idx)];
        if (kind != kRead && a + bytes > g.base + g.bytes && !g.own_slack) {
            abandon(v, api, detail::strf("GM out of bounds: %s writes %llu bytes at byte %llu of GM tensor '%s', "
                                           "which has %llu bytes [%s of %s]",
                                           thread_name(v, v.cur).c_str(), static_cast<unsigned long long>(bytes),
                                           static_cast<unsigned long long>(a - g.base), g.name.c_str(),
                                           static_cast<unsigned long long>(g.bytes), thread_name(v, v.cur).c_str(),
                                           vf_label(v).c_str()));
        }
    }
    for (uint64_t i = 0; i < bytes; ++i) access_byte(v, a + i, kind, api);
}

// The instrumentation entry: a load or store of the kernel's code.
__attribute__((no_sanitize_address)) inline void on_access(uintptr_t a, size_t bytes, bool write) {
    Vf* v = tl_vf;
    if (v == nullptr || !v->running || v->in_emu || bytes == 0) return;
    v->in_emu = true;
    access(*v, a, bytes, write ? kWrite : kRead, "SIMT thread memory access");
    v->in_emu = false;
}

// Emulator code on a SIMT thread (atomics, warp functions): its own loads and stores are not the kernel's.
struct EmuScope {
    Vf* v;
    bool was;
    __attribute__((no_sanitize_address)) EmuScope() : v(tl_vf), was(v != nullptr && v->in_emu) {
        if (v != nullptr) v->in_emu = true;
    }
    __attribute__((no_sanitize_address)) ~EmuScope() {
        if (v != nullptr) v->in_emu = was;
    }
};

// ---- the VF as one V-pipe step for the pipe sanitizer -------------------------------------------------------
struct Run {
    uint64_t begin, end;
    bool write;
    bool ub;
    bool atomic;  // written by atomics only (GM: SetAtomicAdd-like for the launch's block checks)
};

inline void report_runs(detail::BlockState& b, const std::vector<Run>& runs) {
    constexpr size_t kMaxRunsExact = 64;  // more runs: one conservative extent per space and direction
    std::vector<Run> use = runs;
    if (runs.size() > kMaxRunsExact) {
        use.clear();
        for (int ub = 0; ub < 2; ++ub) {
            for (int w = 0; w < 2; ++w) {
                Run r{~0ull, 0, w != 0, ub != 0, false};
                for (const auto& x : runs) {
                    if (x.ub != (ub != 0) || x.write != (w != 0)) continue;
                    r.atomic = x.atomic;
                    r.begin = std::min(r.begin, x.begin);
                    r.end = std::max(r.end, x.end);
                }
                if (r.end > r.begin) use.push_back(r);
            }
        }
    }
    const bool exact = runs.size() <= kMaxRunsExact;
    size_t i = 0;
    while (i < use.size()) {
        if (i > 0) detail::api_enter("asc_vf_call");  // later chunks: calls of their own on pipe V
        const bool atomic = use[i].atomic && !use[i].ub;
        const uint8_t saved_atomic = b.atomic_op;
        if (atomic) b.atomic_op = 1;
        detail::ApiCall call(b, "asc_vf_call", ::PIPE_V);
        for (int k = 0; k < detail::ApiCall::kMaxOperands && i < use.size() && (use[i].atomic && !use[i].ub) == atomic;
             ++k, ++i) {
            const Run& r = use[i];
            if (!r.ub) {
                if (r.write) {
                    call.write_gm(reinterpret_cast<const void*>(r.begin), r.end - r.begin);
                } else {
                    call.read_gm(reinterpret_cast<const void*>(r.begin), r.end - r.begin);
                }
                continue;
            }
            AscendC::LocalTensor<uint8_t> t;
            const uint64_t off = r.begin - reinterpret_cast<uint64_t>(b.ub);
            t.kg_addr = b.ub + off;
            t.kg_size = static_cast<uint32_t>(r.end - r.begin);
            t.kg_buf_begin = static_cast<uint32_t>(off);
            t.kg_buf_end = static_cast<uint32_t>(off + (r.end - r.begin));
            if (r.write) {
                call.write(t, 0, r.end - r.begin);
            } else if (exact) {
                call.read(t, 0, r.end - r.begin);
            } else {
                call.read_extent(t, 0, r.end - r.begin);
            }
        }
        call.commit();
        b.atomic_op = saved_atomic;
    }
}

inline void report_vf(Vf& v) {
    EmuScope quiet;
    detail::BlockState& b = *v.block;
    std::map<uint64_t, Cell*> pages;
    for (auto& kv : v.pages) pages[kv.first] = kv.second.get();
    const uint64_t ub = reinterpret_cast<uint64_t>(b.ub);
    std::vector<Run> runs;
    for (int pass = 0; pass < 3; ++pass) {  // reads first: a VF reads what it was given before its own writes
        bool open = false;
        Run cur{0, 0, pass > 0, false, pass == 2};
        for (auto& kv : pages) {
            for (uint64_t i = 0; i < kPage; ++i) {
                const uint64_t a = kv.first * kPage + i;
                const uint8_t f = kv.second[i].vf;
                const bool hit = pass == 0 ? (f & 1) != 0 : (pass == 1 ? (f & 2) != 0 : (f & 6) == 4);
                const bool is_ub = a - ub < b.local_size;
                if (open && (!hit || a != cur.end || is_ub != cur.ub)) {
                    runs.push_back(cur);
                    open = false;
                }
                if (hit && !open) {
                    cur.begin = a;
                    cur.end = a;
                    cur.ub = is_ub;
                    open = true;
                }
                if (hit) cur.end = a + 1;
            }
        }
        if (open) runs.push_back(cur);
    }
    b.vector_calls["asc_vf_call"] += 1;
    report_runs(b, runs);
}

}  // namespace simt
}  // namespace kgemu

// The instrumentation's entry points (g++ -fsanitize=kernel-address
// --param asan-instrumentation-with-call-threshold=0). Weak: every instrumented translation unit has them.
#define KGEMU_SIMT_HOOK(N)                                                                                   \
    extern "C" __attribute__((weak, no_sanitize_address)) void __asan_load##N##_noabort(uintptr_t a) {      \
        kgemu::simt::on_access(a, N, false);                                                                  \
    }                                                                                                         \
    extern "C" __attribute__((weak, no_sanitize_address)) void __asan_store##N##_noabort(uintptr_t a) {     \
        kgemu::simt::on_access(a, N, true);                                                                   \
    }
KGEMU_SIMT_HOOK(1)
KGEMU_SIMT_HOOK(2)
KGEMU_SIMT_HOOK(4)
KGEMU_SIMT_HOOK(8)
KGEMU_SIMT_HOOK(16)
#undef KGEMU_SIMT_HOOK
extern "C" __attribute__((weak, no_sanitize_address)) void __asan_loadN_noabort(uintptr_t a, size_t n) {
    kgemu::simt::on_access(a, n, false);
}
extern "C" __attribute__((weak, no_sanitize_address)) void __asan_storeN_noabort(uintptr_t a, size_t n) {
    kgemu::simt::on_access(a, n, true);
}
extern "C" __attribute__((weak, no_sanitize_address)) void __asan_handle_no_return() {}
extern "C" __attribute__((weak, no_sanitize_address)) void __asan_before_dynamic_init(const char*) {}
extern "C" __attribute__((weak, no_sanitize_address)) void __asan_after_dynamic_init() {}

#endif  // KGEMU_DETAIL_SIMT_RACE_H
