// kernelgen CPU emulator (private, kernel side): the system counter and the compiler's scalar intrinsics.
//
//   GetSystemCycle()   the system cycle counter (int64_t), PIPE_S. The documented conversion is time = cycles / 50 us,
//                      i.e. a 50 MHz counter (hicann/asc-devkit GetSystemCycle.md); the emulator's counter is the
//                      host's monotonic clock read at that rate (nanoseconds / 20), so it never goes backwards, a
//                      spin-wait of N cycles lasts N / 50 us of wall time, and every block sees the same clock.
//                      Documented on Atlas A2/A3 and Ascend 950 only; other SOCs are a defect.
//   DataSyncBarrier<MemDsbT::ALL / DDR / UB / SEQ>()
//                      blocks later instructions until every earlier memory access has finished: for the
//                      sanitizer a barrier across all pipes (as PipeBarrier<PIPE_ALL>). Atlas A2, 200I/500 A2 and
//                      Ascend 950 (DataSyncBarrier.md; the A3 column differs between doc versions, allowed here).
//   min(a, b), max(a, b)
//                      the CCE compiler's scalar intrinsics (PIPE_S) in the global namespace, which kernels reach
//                      unqualified: one overload per documented type (long long, long, int, short, char, signed
//                      char, float), both operands of that type. A call no overload matches exactly is ambiguous,
//                      as it is for the NPU compiler; AscendC::Std::min / max is the templated library form.
//                      Left out of kernel unit tests (__CCE_KT_TEST__), as from the g++ build of CANN's CPU twin.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/system_scalar.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_SYSTEM_SCALAR_H
#define KGEMU_DETAIL_SYSTEM_SCALAR_H

#include <chrono>
#include <cstdint>

#include "kgemu/detail/access.h"
#include "kgemu/detail/sanitize.h"

namespace kgemu {
namespace detail {

// The emulated counter's rate: the documented conversion base (cycles / 50 = microseconds).
constexpr int64_t kSystemCycleHz = 50000000;

inline int64_t system_cycle_now() {
    const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now().time_since_epoch())
                        .count();
    return static_cast<int64_t>(ns / (1000000000 / kSystemCycleHz));
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

inline int64_t GetSystemCycle() {
    auto& b = kgemu::detail::api_enter("GetSystemCycle");
    const int32_t arch = b.soc->npu_arch;
    if (arch != 2201 && arch != 3510) {  // DOC: Atlas A2/A3 (2201) and Ascend 950 / Atlas 350 (3510)
        kgemu::detail::fail("GetSystemCycle", kgemu::detail::strf("not supported on %s (Atlas A2/A3 and Ascend 950 "
                                                                  "only)", kgemu::detail::soc_name(b)));
    }
    kgemu::detail::ApiCall call(b, "GetSystemCycle", ::PIPE_S);
    call.commit();
    return kgemu::detail::system_cycle_now();
}

enum class MemDsbT : uint8_t { ALL = 0, DDR = 1, UB = 2, SEQ = 3 };

template <MemDsbT arg0>
inline void DataSyncBarrier() {
    auto& b = kgemu::detail::api_enter("DataSyncBarrier");
    const int32_t arch = b.soc->npu_arch;
    if (arch != 2201 && arch != 3002 && arch != 3510) {
        kgemu::detail::fail("DataSyncBarrier", kgemu::detail::strf("not supported on %s (Atlas A2/A3, 200I/500 A2 "
                                                                   "and Ascend 950 only)", kgemu::detail::soc_name(b)));
    }
    kgemu::detail::san_barrier_all(b);
}

}  // namespace AscendC

// Not under __CCE_KT_TEST__: CANN's CPU twin is g++, which has no such globals; a kernel test's tiling header
// (relu_v3_tiling_def.h:209, a copy of the one CANN generates) defines its own `constexpr int min(int, int)`.
#ifndef __CCE_KT_TEST__
#define KGEMU_CCE_SCALAR_MIN_MAX(T)                               \
    inline T min(const T a, const T b) { return b < a ? b : a; } \
    inline T max(const T a, const T b) { return a < b ? b : a; }
KGEMU_CCE_SCALAR_MIN_MAX(long long)
KGEMU_CCE_SCALAR_MIN_MAX(long)
KGEMU_CCE_SCALAR_MIN_MAX(int)
KGEMU_CCE_SCALAR_MIN_MAX(short)
KGEMU_CCE_SCALAR_MIN_MAX(char)
KGEMU_CCE_SCALAR_MIN_MAX(signed char)
KGEMU_CCE_SCALAR_MIN_MAX(float)
#undef KGEMU_CCE_SCALAR_MIN_MAX
#endif  // __CCE_KT_TEST__

#endif  // KGEMU_DETAIL_SYSTEM_SCALAR_H
