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
#include <type_traits>
#include <vector>

#include "base/err_msg.h"  // as opbase's log.h: host code calls REPORT_INNER_ERR_MSG without including it
#include "exe_graph/runtime/shape.h"
#include "op_common/op_host/util/opbase_export.h"
#include "graph/ge_error_codes.h"
#include "graph/types.h"
#include "graph/utils/type_utils.h"
#include "securec.h"
#ifndef KGEMU_HOST_DETAIL_OK
#define KGEMU_HOST_DETAIL_OK
#endif
#include "kgemu/detail/host_dtype.h"
#include <iostream>  // CANN's log headers bring it in; host code uses std::cout without including it

#include "kgemu/detail/host_log.h"

// A log call may carry no format at all (OP_LOGD("begin")): the name is then the whole message.
#define KGEMU_OP_LOG(level, opName, ...) \
    ::kgemu::detail::HostLog(level, ::kgemu::detail::OpInfoString(opName).c_str() __VA_OPT__(,) __VA_ARGS__)

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

// The ops-nn error-report macros (EZ00xx codes on CANN): each logs one OP_LOGE line built from its arguments,
// which may be const char*, std::string or integers. The emulator does not report the EZ code itself.
namespace kgemu {
namespace detail {
inline std::string LogPart(const char* s) { return s == nullptr ? "nil" : s; }
inline std::string LogPart(char* s) { return s == nullptr ? "nil" : s; }
inline std::string LogPart(const std::string& s) { return s; }
template <class T>
typename std::enable_if<std::is_arithmetic<T>::value, std::string>::type LogPart(T v) {
    return std::to_string(v);
}
// Replaces each "{}" of `form` by the next argument.
template <class... A>
std::string LogForm(const char* form, const A&... args) {
    const std::string parts[] = {std::string(), LogPart(args)...};
    std::string out;
    size_t next = 1;
    for (const char* c = form; *c != '\0'; ++c) {
        if (c[0] == '{' && c[1] == '}' && next < sizeof...(A) + 1) {
            out += parts[next++];
            ++c;
        } else {
            out += *c;
        }
    }
    return out;
}
}  // namespace detail
}  // namespace kgemu

#define KGEMU_OP_LOGE_FORM(opName, form, ...)                                                  \
    do {                                                                                       \
        const std::string kgLogMsg = ::kgemu::detail::LogForm(form, __VA_ARGS__);              \
        OP_LOGE(opName, "%s", kgLogMsg.c_str());                                               \
    } while (0)

// Deprecated spellings (EZ0001 - EZ0007).
#define OP_LOGE_WITH_INVALID_INPUT_SHAPE(opName, index, incorrectShape, correctShape) \
    KGEMU_OP_LOGE_FORM(opName, "input {} has shape {}, expected {}", index, incorrectShape, correctShape)
#define OP_LOGE_WITH_INVALID_ATTR(opName, attrName, incorrectVal, correctVal) \
    KGEMU_OP_LOGE_FORM(opName, "attribute {} has value {}, expected {}", attrName, incorrectVal, correctVal)
#define OP_LOGE_WITH_INVALID_ATTR_SIZE(opName, attrName, incorrectSize, correctSize) \
    KGEMU_OP_LOGE_FORM(opName, "attribute {} has size {}, expected {}", attrName, incorrectSize, correctSize)
#define OP_LOGE_WITH_INVALID_INPUT(opName, paramName) \
    KGEMU_OP_LOGE_FORM(opName, "could not get {}", paramName)
#define OP_LOGE_WITH_INVALID_INPUT_SHAPESIZE(opName, index, incorrectSize, correctSize) \
    KGEMU_OP_LOGE_FORM(opName, "input {} has shape size {}, expected {}", index, incorrectSize, correctSize)
#define OP_LOGE_WITH_INVALID_INPUT_FORMAT(opName, paramName, dataFormat, expectedFormatList) \
    KGEMU_OP_LOGE_FORM(opName, "{} has format {}, expected {}", paramName, dataFormat, expectedFormatList)
#define OP_LOGE_WITH_INVALID_INPUT_DTYPE(opName, paramName, dataDtype, expectedDtypeList) \
    KGEMU_OP_LOGE_FORM(opName, "{} has dtype {}, expected {}", paramName, dataDtype, expectedDtypeList)

// Inputs and outputs (EZ0008 - EZ0017).
#define OP_LOGE_FOR_INVALID_INPUT_SHAPE(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "input {} has shape {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_INPUT_SHAPE_DIM(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "input {} has rank {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_INPUT_SHAPE_WITH_REASON(opName, name, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "input {} has invalid shape {}: {}", name, incorrect, reason)
#define OP_LOGE_FOR_INVALID_INPUT_SHAPESIZE(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "input {} has shape size {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_OUTPUT_SHAPE(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "output {} has shape {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_OUTPUT_SHAPE_DIM(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "output {} has rank {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_OUTPUT_SHAPE_WITH_REASON(opName, name, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "output {} has invalid shape {}: {}", name, incorrect, reason)
#define OP_LOGE_FOR_INVALID_OUTPUT_SHAPESIZE(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "output {} has shape size {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_OUTPUT_FORMAT(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "output {} has format {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_OUTPUT_DTYPE(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "output {} has dtype {}, expected {}", name, incorrect, correct)

// Parameters (EZ0018 onwards).
#define OP_LOGE_FOR_INVALID_SHAPE(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "{} has shape {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_SHAPE_WITH_REASON(opName, name, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} has invalid shape {}: {}", name, incorrect, reason)
#define OP_LOGE_FOR_INVALID_SHAPES_WITH_REASON(opName, names, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} have invalid shapes {}: {}", names, incorrect, reason)
#define OP_LOGE_FOR_INVALID_SHAPEDIM(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "{} has rank {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_SHAPEDIMS_WITH_REASON(opName, names, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} have invalid ranks {}: {}", names, incorrect, reason)
#define OP_LOGE_FOR_INVALID_SHAPESIZE(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "{} has shape size {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_SHAPEDIM_WITH_REASON(opName, name, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} has invalid rank {}: {}", name, incorrect, reason)
#define OP_LOGE_FOR_INVALID_SHAPESIZE_WITH_REASON(opName, name, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} has invalid shape size {}: {}", name, incorrect, reason)
#define OP_LOGE_FOR_INVALID_SHAPESIZES_WITH_REASON(opName, names, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} have invalid shape sizes {}: {}", names, incorrect, reason)
#define OP_LOGE_FOR_INVALID_FORMAT(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "{} has format {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_FORMAT_WITH_REASON(opName, name, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} has invalid format {}: {}", name, incorrect, reason)
#define OP_LOGE_FOR_INVALID_FORMATS_WITH_REASON(opName, names, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} have invalid formats {}: {}", names, incorrect, reason)
#define OP_LOGE_FOR_INVALID_DTYPE(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "{} has dtype {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_DTYPE_WITH_REASON(opName, name, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} has invalid dtype {}: {}", name, incorrect, reason)
#define OP_LOGE_FOR_INVALID_DTYPES_WITH_REASON(opName, names, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} have invalid dtypes {}: {}", names, incorrect, reason)
#define OP_LOGE_FOR_INVALID_TENSORNUM(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "{} has {} tensors, expected {}", name, static_cast<int64_t>(incorrect), correct)
#define OP_LOGE_FOR_INVALID_TENSORNUMS_WITH_REASON(opName, names, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} have invalid tensor counts {}: {}", names, incorrect, reason)
#define OP_LOGE_FOR_INVALID_VALUE(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "{} has value {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_VALUE_WITH_REASON(opName, name, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} has invalid value {}: {}", name, incorrect, reason)
#define OP_LOGE_FOR_INVALID_VALUES_WITH_REASON(opName, names, incorrect, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} have invalid values {}: {}", names, incorrect, reason)
#define OP_LOGE_FOR_INVALID_LISTSIZE(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "{} has list size {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_STRIDE(opName, name, incorrect, correct) \
    KGEMU_OP_LOGE_FORM(opName, "{} has stride {}, expected {}", name, incorrect, correct)
#define OP_LOGE_FOR_INVALID_ARGUMENT_WITH_REASON(opName, name, reason) \
    KGEMU_OP_LOGE_FORM(opName, "invalid {}: {}", name, reason)
// (opName, value, configName, the API or component that sets it, reason)
#define OP_LOGE_FOR_INVALID_CONFIG_WITH_REASON(opName, value, configName, component, reason) \
    KGEMU_OP_LOGE_FORM(opName, "{} has invalid value {} for {}: {}", configName, value, component, reason)

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
// a list of shapes (opbase declares it beside the others; conv/common's forward infershape logs its inputs so)
inline std::string ToString(const std::vector<const gert::Shape*>& shapes) {
    std::string out = "[";
    for (size_t i = 0; i < shapes.size(); ++i) out += (i == 0 ? "" : ", ") + (shapes[i] ? ToString(*shapes[i]) : "nil");
    return out + "]";
}
inline const char* GetOpInfo(const char* str) { return str == nullptr ? "nil" : str; }
inline const std::string& GetOpInfo(const std::string& str) { return str; }
}  // namespace Base
}  // namespace Ops

// CANN's slog call unit tests make to quiet (or raise) a module's log level (toolchain/slog.h, which CANN's log.h
// brings in). The emulator's host log has no per-module levels: accepted and ignored.
#ifndef KGEMU_DLOG_SETLEVEL_DEFINED
#define KGEMU_DLOG_SETLEVEL_DEFINED
extern "C" inline int dlog_setlevel(int module_id, int level, int enable_event) {
    (void)module_id;
    (void)level;
    (void)enable_event;
    return 0;
}
#endif

#endif  // KGEMU_OP_COMMON_LOG_LOG_H
