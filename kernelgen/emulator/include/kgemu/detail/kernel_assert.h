// kernelgen CPU emulator (private, kernel side): ascendc_assert(expr) / ascendc_assert(expr, fmt, args...), the
// kernel assertion of the Ascend C docs (ascendc_assert, "debugging APIs"): when expr is false the NPU prints
// "[ASSERT] file:line: Assertion `expr' <message>" and stops the kernel. Here the block fails with that text (the
// survey's row names the assertion); a true expr costs nothing. ASCENDC_DUMP=0 disables it, as in CANN.
#ifndef KGEMU_DETAIL_KERNEL_ASSERT_H
#define KGEMU_DETAIL_KERNEL_ASSERT_H

#include <cstdio>
#include <string>

#include "kgemu/detail/base.h"
#include "kgemu/detail/sync.h"

namespace kgemu {
namespace detail {
[[noreturn]] inline void ascendc_assert_fail(const char* expr, const char* file, int line) {
    fail("ascendc_assert", strf("Assertion `%s' failed at %s:%d", expr, file, line));
}

template <typename... Args>
[[noreturn]] inline void ascendc_assert_fail(const char* expr, const char* file, int line, const char* fmt,
                                             Args... args) {
    fail("ascendc_assert",
         strf("Assertion `%s' failed at %s:%d: %s", expr, file, line, assert_message(fmt, args...).c_str()));
}
}  // namespace detail
}  // namespace kgemu

#if defined(ASCENDC_DUMP) && ASCENDC_DUMP == 0
#define ascendc_assert(expr, ...) static_cast<void>(0)
#else
#define ascendc_assert(expr, ...) \
    ((expr) ? static_cast<void>(0) : ::kgemu::detail::ascendc_assert_fail(#expr, __FILE__, __LINE__, ##__VA_ARGS__))
#endif

// ASSERT_MSG(expr, fmt, ...): the kernel assertion macro asc-devkit's impl/basic_api/kernel_log.h defines beside it
// (kernel_operator.h brings it; inplace_apply_adadelta's arch35 kernel checks rho with it): when expr is false it
// prints "[ASSERT] file:line: Assertion `expr' <message>" and traps (abort() in CANN's CPU debug build). Here the
// block fails with that text, named ASSERT_MSG; it is not switched off by ASCENDC_DUMP (CANN's is not).
#define ASSERT_MSG(expr, fmt, ...)                                                                                   \
    do {                                                                                                             \
        if (!(expr)) ::kgemu::detail::assert_msg_fail(#expr, __FILE__, __LINE__, fmt, ##__VA_ARGS__);               \
    } while (0)

namespace kgemu {
namespace detail {
template <typename... Args>
[[noreturn]] inline void assert_msg_fail(const char* expr, const char* file, int line, const char* fmt, Args... args) {
    fail("ASSERT_MSG", strf("Assertion `%s' failed at %s:%d: %s", expr, file, line, assert_message(fmt, args...).c_str()));
}
}  // namespace detail
}  // namespace kgemu

// ASCENDC_ASSERT(cond, behavior): the library's own check (asc-devkit impl/basic_api/kernel_log.h; kernels use it too:
// weight_quant_batch_matmul_v2's arch35 tool_arch35.h guards CeilAlign's divisor with it). CANN's CPU debug build runs
// behavior (a KERNEL_LOG) and raises SIGABRT when cond is false; the NPU build compiles it away. Here behavior runs
// and the block fails naming the condition, as the CPU debug build stops there. ASCENDC_ASSERT_WARNING runs behavior
// only.
#ifndef ASCENDC_ASSERT
#define ASCENDC_ASSERT(cond, behavior)                                                                               \
    do {                                                                                                             \
        if (!(cond)) {                                                                                               \
            behavior;                                                                                                \
            ::kgemu::detail::fail("ASCENDC_ASSERT",                                                                  \
                                  ::kgemu::detail::strf("Assertion `%s' failed at %s:%d", #cond, __FILE__, __LINE__)); \
        }                                                                                                            \
    } while (0)
#endif
#ifndef ASCENDC_ASSERT_WARNING
#define ASCENDC_ASSERT_WARNING(cond, behavior) \
    do {                                       \
        if (!(cond)) {                         \
            behavior;                          \
        }                                      \
    } while (0)
#endif

#endif  // KGEMU_DETAIL_KERNEL_ASSERT_H
