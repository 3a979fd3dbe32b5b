// kernelgen CPU emulator: metadef's error-message reporting (base/err_msg.h), which opbase's log.h includes and
// host code calls through REPORT_INNER_ERR_MSG (reverse_v2's tiling header, ops-nn's common/inc/error_util.h).
// A reported message is an error line of the host log (kgemu/detail/host_log.h), as OP_LOGE's are, so a
// failing tiling or infershape function that reports one names it.
#ifndef KGEMU_BASE_ERR_MSG_H
#define KGEMU_BASE_ERR_MSG_H

#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <vector>

#ifndef KGEMU_HOST_DETAIL_OK
#define KGEMU_HOST_DETAIL_OK
#endif
#include "kgemu/detail/host_log.h"

#define REPORT_INNER_ERR_MSG(error_code, format, ...) \
    (void)::error_message::ReportInnerErrMsg(__FILE__, __FUNCTION__, __LINE__, (error_code), (format), ##__VA_ARGS__)
#define REPORT_USER_DEFINED_ERR_MSG(error_code, format, ...) \
    (void)::error_message::ReportUserDefinedErrMsg((error_code), (format), ##__VA_ARGS__)

namespace error_message {
using char_t = char;
constexpr size_t LIMIT_PER_MSG = 1024U;

inline int32_t ReportInnerErrMsg(const char* file_name, const char* func, uint32_t line, const char* error_code,
                                 const char* format, ...) __attribute__((format(printf, 5, 6)));
inline int32_t ReportInnerErrMsg(const char* file_name, const char* func, uint32_t line, const char* error_code,
                                 const char* format, ...) {
    (void)file_name;
    (void)func;
    (void)line;
    va_list args;
    va_start(args, format);
    ::kgemu::detail::HostLogV(::kgemu::detail::LogLevel::kError, error_code, format, args);
    va_end(args);
    return 0;
}

inline int32_t ReportUserDefinedErrMsg(const char* error_code, const char* format, ...)
    __attribute__((format(printf, 2, 3)));
inline int32_t ReportUserDefinedErrMsg(const char* error_code, const char* format, ...) {
    va_list args;
    va_start(args, format);
    ::kgemu::detail::HostLogV(::kgemu::detail::LogLevel::kError, error_code, format, args);
    va_end(args);
    return 0;
}
}  // namespace error_message

namespace ge {
using error_message::ReportInnerErrMsg;
using error_message::ReportUserDefinedErrMsg;
}  // namespace ge

#endif  // KGEMU_BASE_ERR_MSG_H
