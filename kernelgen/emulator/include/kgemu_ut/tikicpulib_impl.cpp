// kernelgen CPU emulator: the runtime behind kgemu_ut/tikicpulib.h (GM regions, tiling key, launches).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "kgemu/abi.h"
#include "kgemu/runtime.h"

enum class KernelMode { MIX_MODE = 0, AIC_MODE, AIV_MODE, MIX_AIC_1_1 };

extern "C" const KgSoc* kgemu_ut_soc();  // the --soc record (generated per SOC by kernelgen ut)

namespace {
std::mutex g_mu;
std::map<uintptr_t, size_t>& Regions() {
    static std::map<uintptr_t, size_t> r;
    return r;
}
uint64_t g_key = 0;
KernelMode g_mode = KernelMode::AIV_MODE;
}  // namespace

namespace AscendC {
void* GmAlloc(size_t size) {
    // 32-byte aligned like the NPU allocator; zero-filled so an unwritten read is repeatable
    const size_t bytes = size == 0 ? 32 : (size + 31) / 32 * 32;
    void* p = std::aligned_alloc(64, bytes + 64);
    if (p == nullptr) throw std::bad_alloc();
    std::memset(p, 0, bytes + 64);
    std::lock_guard<std::mutex> lk(g_mu);
    Regions()[reinterpret_cast<uintptr_t>(p)] = size;
    return p;
}
void GmFree(void* ptr) {
    if (ptr == nullptr) return;
    std::lock_guard<std::mutex> lk(g_mu);
    Regions().erase(reinterpret_cast<uintptr_t>(ptr));
    std::free(ptr);
}
void SetKernelMode(KernelMode mode) { g_mode = mode; }
}  // namespace AscendC

namespace kgemu_ut {
void SetTilingKey(uint64_t key) { g_key = key; }

void BeginLaunch(const char* kernel, const void* tiling) {
    kgemu::rt_begin_run(kgemu_ut_soc(), kernel, false);
    size_t tiling_size = 0;
    int k = 0;
    for (const auto& r : Regions()) {
        const std::string name = "GmAlloc #" + std::to_string(k++) + " (" + std::to_string(r.second) + " bytes)";
        kgemu::rt_register_gm(name.c_str(), reinterpret_cast<void*>(r.first), r.second, (r.second + 31) / 32 * 32 - r.second);
        if (reinterpret_cast<uintptr_t>(tiling) >= r.first && reinterpret_cast<uintptr_t>(tiling) < r.first + r.second) {
            tiling_size = r.first + r.second - reinterpret_cast<uintptr_t>(tiling);
        }
    }
    if (tiling != nullptr) kgemu::rt_set_tiling_buffer(static_cast<const uint8_t*>(tiling), tiling_size);
}

std::string RunBlock(uint32_t i, uint32_t n, void (*body)(void*), void* ctx) {
    try {
        kgemu::rt_block_begin(i, n, g_key);
        body(ctx);
        (void)kgemu::rt_block_end();
        return "";
    } catch (const std::exception& e) {
        const std::string progress = kgemu::rt_block_abandon();
        return "block " + std::to_string(i) + " of " + std::to_string(n) + (progress.empty() ? "" : ", " + progress) +
               ": " + e.what();
    }
}

std::string RunBlocks(uint32_t n, bool at_once, void (*body)(void*), void* ctx) {
    kgemu::rt_set_concurrency(at_once ? std::max<uint32_t>(1, n) : 1);
    if (!at_once || n <= 1) {
        for (uint32_t i = 0; i < n; ++i) {
            std::string r = RunBlock(i, n, body, ctx);
            if (!r.empty()) return r;
        }
        return "";
    }
    // Every block on its own thread, as the NPU runs them, so that SyncAll completes. The report is the lowest
    // block that failed of its own cause (the others may only have been left waiting for it in SyncAll).
    std::vector<std::string> res(n);
    std::vector<std::thread> pool;
    pool.reserve(n);
    for (uint32_t i = 0; i < n; ++i) pool.emplace_back([&res, i, n, body, ctx]() { res[i] = RunBlock(i, n, body, ctx); });
    for (auto& t : pool) t.join();
    const int64_t own = kgemu::rt_failed_block_to_report();
    const uint32_t waiting = kgemu::rt_blocks_failed_waiting();
    if (own >= 0 && static_cast<uint32_t>(own) < n && !res[own].empty()) {
        return res[own] + (waiting > 0 ? " (" + std::to_string(waiting) + " other block(s) then failed waiting in SyncAll)" : "");
    }
    for (const auto& r : res) {
        if (!r.empty()) return r;
    }
    return "";
}

std::string EndLaunch() {
    std::string out = kgemu::rt_check_outputs();
    kgemu::DeferredDefect late;
    if (out.empty() && kgemu::rt_deferred_defect(&late)) out = "block " + std::to_string(late.block) + ": " + late.text();
    return out;
}
}  // namespace kgemu_ut
