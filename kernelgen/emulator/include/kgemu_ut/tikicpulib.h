// kernelgen CPU emulator: tikicpulib.h, CANN's CPU-twin API that ops-nn's kernel unit tests (tests/ut/op_kernel,
// built with __CCE_KT_TEST__) call: AscendC::GmAlloc / GmFree, AscendC::SetKernelMode, ICPU_SET_TILING_KEY and
// ICPU_RUN_KF. ICPU_RUN_KF runs every block of the kernel on the emulator (in order; all at once for a kernel that
// synchronises its blocks) with its sanitizer: GM
// accesses outside what GmAlloc handed out, UB overruns, queue misuse and the rest are defects, and a block's
// defect fails the running gtest case (CANN's twin only logs). The last ICPU_RUN_KF argument is the tiling
// buffer, as in every ops-nn kernel test; GET_TILING_DATA reads it with its GmAlloc size.
#ifndef KGEMU_UT_TIKICPULIB_H
#define KGEMU_UT_TIKICPULIB_H

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"

enum class KernelMode { MIX_MODE = 0, AIC_MODE, AIV_MODE, MIX_AIC_1_1 };

namespace AscendC {
void* GmAlloc(size_t size);
void GmFree(void* ptr);
void SetKernelMode(KernelMode mode);
}  // namespace AscendC

namespace kgemu_ut {
void SetTilingKey(uint64_t key);
// Runs block i of n through body (on the emulator's per-block state); "" or the block's defect.
std::string RunBlock(uint32_t i, uint32_t n, void (*body)(void*), void* ctx);
// Runs the n blocks: one at a time in order (stopping at the first defect), or with at_once every block on its
// own thread (kernels that call SyncAll or CrossCoreWaitFlag: kernelgen ut defines KGEMU_UT_ALL_BLOCKS for them).
std::string RunBlocks(uint32_t n, bool at_once, void (*body)(void*), void* ctx);
// Before the blocks: a new launch over every live GmAlloc region, the tiling buffer given.
void BeginLaunch(const char* kernel, const void* tiling);
// After the blocks: output races and late defects ("" when none).
std::string EndLaunch();

template <typename T>
const void* AsPtr(T v) {
    if constexpr (std::is_pointer<T>::value) {
        return reinterpret_cast<const void*>(v);
    } else {
        return nullptr;
    }
}

template <typename F, typename... A>
void RunKf(const char* name, uint32_t block_dim, F&& f, A... args) {
    const void* ptrs[] = {nullptr, AsPtr(args)...};
    BeginLaunch(name, ptrs[sizeof...(A)]);
    auto call = [&]() { f(args...); };
    using Call = decltype(call);
#ifdef KGEMU_UT_ALL_BLOCKS
    constexpr bool at_once = true;
#else
    constexpr bool at_once = false;
#endif
    const std::string first = RunBlocks(block_dim, at_once, [](void* c) { (*static_cast<Call*>(c))(); }, &call);
    const std::string late = first.empty() ? EndLaunch() : std::string();
    if (!first.empty()) ADD_FAILURE() << "kernelgen emulator: " << name << ": " << first;
    if (!late.empty()) ADD_FAILURE() << "kernelgen emulator: " << name << ": " << late;
}
}  // namespace kgemu_ut

#define ICPU_SET_TILING_KEY(key) ::kgemu_ut::SetTilingKey(static_cast<uint64_t>(key))
#define ICPU_RUN_KF(func, blockdim, ...) ::kgemu_ut::RunKf(#func, static_cast<uint32_t>(blockdim), func, __VA_ARGS__)

#endif  // KGEMU_UT_TIKICPULIB_H
