// kernelgen CPU emulator: the ops-nn / opbase logging and check macros (op_common/log/log.h).
// OP_LOGE and OP_LOGW lines are captured (see kgemu/detail/host_log.h); a tiling or infershape function
// that fails reports its OP_LOGE text as the run's diagnosis. OP_LOGI / OP_LOGD print only with
// KGEMU_HOST_LOG=1 in the environment.
#ifndef KGEMU_OP_COMMON_LOG_LOG_H
#define KGEMU_OP_COMMON_LOG_LOG_H

// Standard headers CANN's log.h brings in transitively and operator code relies on without including.
#include <algorithm>
#include <array>
#include <cinttypes>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "exe_graph/runtime/shape.h"
#include "graph/ge_error_codes.h"
#include "graph/types.h"
#include "graph/utils/type_utils.h"
#include "securec.h"
#ifndef KGEMU_HOST_DETAIL_OK
#define KGEMU_HOST_DETAIL_OK
#endif
#include "kgemu/detail/host_dtype.h"
#include "kgemu/detail/host_log.h"

#define KGEMU_OP_LOG(level, opName, ...) \
    ::kgemu::detail::HostLog(level, ::kgemu::detail::OpInfoString(opName).c_str(), __VA_ARGS__)

#define OP_LOGE(opName, ...) KGEMU_OP_LOG(::kgemu::detail::LogLevel::kError, opName, __VA_ARGS__)
#define OP_LOGE_WITHOUT_REPORT(opName, ...) KGEMU_OP_LOG(::kgemu::detail::LogLevel::kError, opName, __VA_ARGS__)
#define OP_LOGW(opName, ...) KGEMU_OP_LOG(::kgemu::detail::LogLevel::kWarn, opName, __VA_ARGS__)
#define OP_LOGI(opName, ...) KGEMU_OP_LOG(::kgemu::detail::LogLevel::kInfo, opName, __VA_ARGS__)
#define OP_LOGD(opName, ...) KGEMU_OP_LOG(::kgemu::detail::LogLevel::kDebug, opName, __VA_ARGS__)
#define D_OP_LOGE(opName, ...) OP_LOGE(opName, __VA_ARGS__)
#define D_OP_LOGW(opName, ...) OP_LOGW(opName, __VA_ARGS__)
#define D_OP_LOGI(opName, ...) OP_LOGI(opName, __VA_ARGS__)
#define D_OP_LOGD(opName, ...) OP_LOGD(opName, __VA_ARGS__)

#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif

#define OP_CHECK_IF(condition, log, return_expr) \
    do {                                         \
        if (unlikely(condition)) {               \
            log;                                 \
            return_expr;                         \
        }                                        \
    } while (0)

#define OP_CHECK_NULL_WITH_CONTEXT(context, ptr)                                                          \
    do {                                                                                                  \
        if (unlikely((ptr) == nullptr)) {                                                                 \
            const char* kgName = ((context) == nullptr || (context)->GetNodeName() == nullptr) ? "nil"    \
                                                                                              : (context)->GetNodeName(); \
            OP_LOGE(kgName, "%s is nullptr!", #ptr);                                                      \
            return ge::GRAPH_FAILED;                                                                      \
        }                                                                                                 \
    } while (0)

// Older spellings still found in ops-nn / ops-transformer host code.
#define OP_LOGE_IF(condition, return_value, opName, ...) \
    do {                                                 \
        if (unlikely(condition)) {                       \
            OP_LOGE(opName, __VA_ARGS__);                \
            return return_value;                         \
        }                                                \
    } while (0)
#define OP_TILING_CHECK(cond, log_func, return_expr) OP_CHECK_IF(cond, log_func, return_expr)
#define OPS_ERR_IF(cond, log_func, return_expr) OP_CHECK_IF(cond, log_func, return_expr)
#define OPS_LOG_E(opName, ...) OP_LOGE(opName, __VA_ARGS__)
#define OPS_LOG_W(opName, ...) OP_LOGW(opName, __VA_ARGS__)
#define OPS_LOG_I(opName, ...) OP_LOGI(opName, __VA_ARGS__)
#define OPS_LOG_D(opName, ...) OP_LOGD(opName, __VA_ARGS__)
#define OPS_CHECK_NULL_WITH_CONTEXT(context, ptr) OP_CHECK_NULL_WITH_CONTEXT(context, ptr)
#define VECTOR_INNER_ERR_REPORT_TILIING(opName, ...) OP_LOGE(opName, __VA_ARGS__)
#define CUBE_INNER_ERR_REPORT(opName, ...) OP_LOGE(opName, __VA_ARGS__)

namespace Ops {
namespace Base {
inline std::string ToString(ge::DataType type) { return kgemu::detail::DataTypeString(type); }
inline std::string ToString(ge::Format format) { return kgemu::detail::FormatString(format); }
inline std::string ToString(const gert::Shape& shape) {
    std::ostringstream oss;
    oss << "[";
    for (size_t i = 0; i < shape.GetDimNum(); ++i) oss << (i == 0 ? "" : ", ") << shape.GetDim(i);
    oss << "]";
    return oss.str();
}
inline const char* GetOpInfo(const char* str) { return str == nullptr ? "nil" : str; }
inline const std::string& GetOpInfo(const std::string& str) { return str; }
}  // namespace Base
}  // namespace Ops

#endif  // KGEMU_OP_COMMON_LOG_LOG_H
