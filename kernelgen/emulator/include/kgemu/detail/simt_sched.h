// kernelgen CPU emulator (private, kernel side): SIMT vector functions (asc_vf_call<f>(dim3, ...)) on the CPU.
//
// A SIMT VF runs blockDim.x * y * z threads (at most 2048, asc-devkit "编程模型": Thread Block) of one AIV block.
// The emulator runs them as cooperative fibers (ucontext) on the block's worker thread, deterministically: each
// round resumes every runnable thread in linear thread order until it finishes or blocks in asc_syncthreads or a
// warp function; a barrier opens when every thread of the block waits at it, a warp function when every live lane
// of its warp is blocked (the lanes waiting at the same call are its active lanes). A thread that returns while
// others wait at a barrier, or threads waiting at different barriers, are a deadlock defect (the docs: every thread
// of the block must reach asc_syncthreads). Memory accesses of the threads are seen through the compiler's
// instrumentation (simt_race.h), checked for races between threads, and handed to the pipe sanitizer as one
// V-pipe step (the VF call) when the VF ends.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/simt_sched.h is private to the kernelgen emulator; include \"simt_api/asc_simt.h\" instead"
#endif
#ifndef KGEMU_DETAIL_SIMT_SCHED_H
#define KGEMU_DETAIL_SIMT_SCHED_H

#include <sys/mman.h>
#include <ucontext.h>

#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "kgemu/detail/state.h"

namespace cce {
// asc-devkit "内置数据类型": dim3 { unsigned x, y, z; dim3(x, y = 1, z = 1) }
struct dim3 {
    uint32_t x = 1u, y = 1u, z = 1u;
    constexpr dim3(uint32_t x_ = 1u, uint32_t y_ = 1u, uint32_t z_ = 1u) : x(x_), y(y_), z(z_) {}  // NOLINT
};
}  // namespace cce
using dim3 = cce::dim3;  // NOLINT: the device compiler's global name

// The built-in variables (asc-devkit "内置变量"): per worker thread, switched with the running SIMT thread.
inline thread_local cce::dim3 threadIdx(0u, 0u, 0u);
inline thread_local cce::dim3 blockIdx(0u, 0u, 0u);
inline thread_local cce::dim3 blockDim(1u, 1u, 1u);
inline thread_local cce::dim3 gridDim(1u, 1u, 1u);
constexpr int32_t warpSize = 32;  // NOLINT

namespace kgemu {
namespace simt {

constexpr uint32_t kMaxThreads = 2048;  // asc-devkit: blockDim.x * blockDim.y * blockDim.z <= 2048
constexpr uint32_t kWarp = 32;
constexpr size_t kStackBytes = 256u << 10;  // per SIMT thread (virtual; only touched pages are committed)

enum class St : uint8_t { kReady, kBarrier, kWarp, kDone };

// One byte's accesses in the current epoch (the stretch between two barriers) of the running VF.
struct Cell {
    uint32_t epoch = 0;
    int16_t w = -1;             // plain writer
    int16_t r1 = -1, r2 = -1;   // two distinct readers (enough to name one that is not the writer)
    int16_t a1 = -1, a2 = -1;   // two distinct atomic writers
    uint8_t vf = 0;             // over the whole VF: 1 read before any write, 2 written, 4 atomically written
    uint8_t pad = 0;
};

struct Thread {
    ucontext_t ctx;
    void* stack = nullptr;
    St st = St::kReady;
    const char* site_file = nullptr;  // barrier / warp function call site
    int site_line = 0;
    int warp_kind = 0;
    uint64_t warp_val = 0;            // the value a lane brings to a warp function (bits)
    int32_t warp_arg = 0, warp_width = 32;
    uint32_t snap_mask = 0;           // at release: the active lanes and their values
    uint64_t snap[kWarp];
};

struct Vf {
    const char* name = "";
    cce::dim3 dim;
    uint32_t n = 0;
    std::vector<Thread> th;
    ucontext_t main_ctx;
    uint32_t cur = 0;
    bool running = false;   // a SIMT thread runs (its accesses are recorded)
    bool in_emu = false;    // emulator code runs on the thread (its accesses are not the kernel's)
    std::exception_ptr err;
    uint32_t epoch = 1;
    uint32_t barriers = 0;
    uint64_t call_no = 0;
    std::function<void()> body;
    // shadow pages by host address >> 12
    std::unordered_map<uint64_t, std::unique_ptr<Cell[]>> pages;
    uint64_t last_page = ~0ull;
    Cell* last_cells = nullptr;
    uint64_t tensor_lo = 1, tensor_hi = 0;  // the last GM tensor hit (a cache for gm_tensor_of)
    int tensor_idx = -1;
    kgemu::detail::BlockState* block = nullptr;
};

inline thread_local Vf* tl_vf = nullptr;
inline thread_local std::vector<void*> tl_stacks;  // stacks kept for the worker thread's next VF

inline std::string thread_name(const Vf& v, uint32_t t) {
    const uint32_t x = t % v.dim.x, y = (t / v.dim.x) % v.dim.y, z = t / (v.dim.x * v.dim.y);
    if (v.dim.y == 1 && v.dim.z == 1) return detail::strf("thread %u", t);
    return detail::strf("thread (%u, %u, %u)", x, y, z);
}

inline std::string vf_label(const Vf& v) {
    return detail::strf("asc_vf_call<%s> (dim3(%u, %u, %u), API call #%llu)", v.name, v.dim.x, v.dim.y, v.dim.z,
                        static_cast<unsigned long long>(v.call_no));
}

// The calling SIMT thread's VF; a SIMT API used outside one is a defect.
inline Vf& current(const char* api) {
    Vf* v = tl_vf;
    if (v == nullptr || !v->running) {
        detail::fail(api, "called outside a SIMT vector function: it is a thread API, valid only in a __simt_vf__ "
                          "function launched by asc_vf_call<f>(dim3(...), ...)");
    }
    return *v;
}

// A defect found on a SIMT thread: thrown there, carried to the block by the scheduler.
[[noreturn]] inline void vf_fail(const Vf& v, const char* api, const std::string& problem) {
    detail::fail(api, problem + " [" + thread_name(v, v.cur) + " of " + vf_label(v) + "]");
}

inline void set_builtins(const Vf& v, uint32_t t) {
    threadIdx.x = t % v.dim.x;
    threadIdx.y = (t / v.dim.x) % v.dim.y;
    threadIdx.z = t / (v.dim.x * v.dim.y);
}

inline void fiber_main() {
    Vf* v = tl_vf;
    const uint32_t t = v->cur;
    try {
        v->body();
    } catch (...) {
        if (!v->err) v->err = std::current_exception();
    }
    v->th[t].st = St::kDone;
    v->running = false;
    swapcontext(&v->th[t].ctx, &v->main_ctx);
}

// Suspends the running SIMT thread (it has set its state) until the scheduler resumes it.
inline void yield(Vf& v) {
    const uint32_t t = v.cur;
    v.running = false;
    swapcontext(&v.th[t].ctx, &v.main_ctx);
    // resumed: the scheduler set cur, the built-ins and running
}

inline void resume(Vf& v, uint32_t t) {
    v.cur = t;
    set_builtins(v, t);
    v.running = true;
    swapcontext(&v.main_ctx, &v.th[t].ctx);
    v.running = false;
}

// asc_syncthreads: waits until every thread of the block is here; then a new epoch starts for the race check.
inline void barrier(const char* file, int line) {
    Vf& v = current("asc_syncthreads");
    Thread& me = v.th[v.cur];
    me.st = St::kBarrier;
    me.site_file = file;
    me.site_line = line;
    yield(v);
}

inline void report_vf(Vf& v);  // simt_race.h: hands the VF's accesses to the pipe sanitizer
inline void resolve_warps(Vf& v, bool& progressed);  // simt_warp.h

inline std::string site(const Thread& t) {
    const char* f = t.site_file != nullptr ? t.site_file : "?";
    const char* s = std::strrchr(f, '/');
    return detail::strf("%s:%d", s != nullptr ? s + 1 : f, t.site_line);
}

[[noreturn]] inline void deadlock(Vf& v) {
    // a waiting thread and why it can never go on
    int32_t waiting = -1, done = -1, other = -1;
    for (uint32_t t = 0; t < v.n; ++t) {
        const Thread& th = v.th[t];
        if (th.st == St::kBarrier && waiting < 0) waiting = static_cast<int32_t>(t);
        if (th.st == St::kDone && done < 0) done = static_cast<int32_t>(t);
    }
    if (waiting < 0) {  // only warp functions wait (their lanes cannot all arrive)
        for (uint32_t t = 0; t < v.n; ++t) {
            if (v.th[t].st == St::kWarp) waiting = static_cast<int32_t>(t);
        }
    }
    const Thread& w = v.th[static_cast<uint32_t>(waiting)];
    for (uint32_t t = 0; t < v.n; ++t) {
        if (v.th[t].st == St::kBarrier && (v.th[t].site_line != w.site_line || v.th[t].site_file != w.site_file)) {
            other = static_cast<int32_t>(t);
            break;
        }
    }
    std::string why;
    if (other >= 0) {
        why = detail::strf("%s waits at asc_syncthreads (%s) and %s at another asc_syncthreads (%s): the threads "
                           "of a block must all reach the same barrier",
                           thread_name(v, static_cast<uint32_t>(waiting)).c_str(), site(w).c_str(),
                           thread_name(v, static_cast<uint32_t>(other)).c_str(), site(v.th[other]).c_str());
    } else if (done >= 0) {
        why = detail::strf("%s waits at asc_syncthreads (%s), but %s returned without reaching it: every thread of "
                           "the block must reach the barrier (a barrier inside a branch or a loop whose trip count "
                           "differs between threads hangs the NPU)",
                           thread_name(v, static_cast<uint32_t>(waiting)).c_str(), site(w).c_str(),
                           thread_name(v, static_cast<uint32_t>(done)).c_str());
    } else {
        why = detail::strf("%s waits at a warp function (%s) whose other lanes wait at asc_syncthreads",
                           thread_name(v, static_cast<uint32_t>(waiting)).c_str(), site(w).c_str());
    }
    detail::fail("asc_syncthreads", "deadlock in " + vf_label(v) + ": " + why);
}

inline void* take_stack() {
    if (!tl_stacks.empty()) {
        void* s = tl_stacks.back();
        tl_stacks.pop_back();
        return s;
    }
    void* s = mmap(nullptr, kStackBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (s == MAP_FAILED) detail::fail("asc_vf_call", "no memory for the SIMT thread stacks");
    return s;
}

struct VfScope {  // gives the stacks back and clears tl_vf however the VF ends
    Vf& v;
    explicit VfScope(Vf& vf) : v(vf) { tl_vf = &vf; }
    ~VfScope() {
        tl_vf = nullptr;
        for (auto& t : v.th) {
            if (t.stack != nullptr) tl_stacks.push_back(t.stack);
            t.stack = nullptr;
        }
    }
};

// Runs body() on dim's threads. name: the VF function, for diagnoses.
inline void run_vf(const char* name, cce::dim3 dim, std::function<void()> body) {
    auto& b = detail::api_enter("asc_vf_call");
    const uint64_t n = static_cast<uint64_t>(dim.x) * dim.y * dim.z;
    if (dim.x == 0 || dim.y == 0 || dim.z == 0 || n > kMaxThreads) {
        detail::fail("asc_vf_call", detail::strf("asc_vf_call<%s>(dim3(%u, %u, %u)): %llu threads; a thread block has "
                                                 "1 to %u threads (blockDim.x * blockDim.y * blockDim.z <= %u)",
                                                 name, dim.x, dim.y, dim.z, static_cast<unsigned long long>(n),
                                                 kMaxThreads, kMaxThreads));
    }
    if (tl_vf != nullptr) {
        detail::fail("asc_vf_call", detail::strf("asc_vf_call<%s> inside the SIMT vector function %s: a VF cannot "
                                                 "launch another", name, tl_vf->name));
    }
    if (b.soc != nullptr && b.soc->npu_arch != 3510 && b.soc->npu_arch != 5102) {
        detail::fail("asc_vf_call", detail::strf("SIMT vector functions are an Ascend 950 feature (npu arch 3510); "
                                                 "this SOC is arch %d", b.soc->npu_arch));
    }
    auto v = std::make_unique<Vf>();
    v->name = name;
    v->dim = dim;
    v->n = static_cast<uint32_t>(n);
    v->body = std::move(body);
    v->call_no = b.api_calls;
    v->block = &b;
    v->th.resize(v->n);
    blockDim = dim;
    blockIdx = cce::dim3(b.core_idx, 0u, 0u);
    gridDim = cce::dim3(b.core_num, 1u, 1u);
    VfScope scope(*v);
    for (uint32_t t = 0; t < v->n; ++t) {
        Thread& th = v->th[t];
        th.stack = take_stack();
        getcontext(&th.ctx);
        th.ctx.uc_stack.ss_sp = th.stack;
        th.ctx.uc_stack.ss_size = kStackBytes;
        th.ctx.uc_link = nullptr;
        makecontext(&th.ctx, fiber_main, 0);
    }
    for (;;) {
        for (uint32_t t = 0; t < v->n; ++t) {
            if (v->th[t].st != St::kReady) continue;
            resume(*v, t);
            if (v->err) std::rethrow_exception(v->err);
        }
        bool all_done = true, any_warp = false;
        for (const auto& t : v->th) {
            all_done = all_done && t.st == St::kDone;
            any_warp = any_warp || t.st == St::kWarp;
        }
        if (all_done) break;
        if (any_warp) {
            bool progressed = false;
            resolve_warps(*v, progressed);
            if (progressed) continue;
        }
        // a barrier opens when every thread waits at the same one
        const Thread* first = nullptr;
        bool open = true;
        for (const auto& t : v->th) {
            if (t.st != St::kBarrier) {
                open = false;
                break;
            }
            if (first == nullptr) first = &t;
            if (t.site_line != first->site_line || t.site_file != first->site_file) {
                open = false;
                break;
            }
        }
        if (!open) deadlock(*v);
        ++v->epoch;
        ++v->barriers;
        for (auto& t : v->th) t.st = St::kReady;
    }
    report_vf(*v);
}

}  // namespace simt
}  // namespace kgemu

#endif  // KGEMU_DETAIL_SIMT_SCHED_H
