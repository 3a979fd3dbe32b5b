// kernelgen CPU emulator (host side): stand-in for ops-nn's common/inc/error_util.h, the error-report and log
// macros of host code (OP_TILING_CHECK, OPS_ERR_IF, OPS_LOG_*, VECTOR_INNER_ERR_REPORT_TILIING, ...) expressed
// with the emulated OP_LOG* macros, plus Shape2String. The repository's own copy needs graph/operator.h.
#ifndef KGEMU_ERROR_UTIL_H
#define KGEMU_ERROR_UTIL_H

#include <string>

#include "log/log.h"

#ifndef OPS_REPORT_VECTOR_INNER_ERR
#define OPS_REPORT_VECTOR_INNER_ERR(opName, ...) OP_LOGE(opName, __VA_ARGS__)
#endif
#ifndef OPS_REPORT_CUBE_INNER_ERR
#define OPS_REPORT_CUBE_INNER_ERR(opName, ...) OP_LOGE(opName, __VA_ARGS__)
#endif
#ifndef OP_LOGW_IF
#define OP_LOGW_IF(condition, opName, ...) \
    do {                                   \
        if (condition) {                   \
            OP_LOGW(opName, __VA_ARGS__);  \
        }                                  \
    } while (0)
#endif
#ifndef OP_LOGI_IF_RETURN
#define OP_LOGI_IF_RETURN(condition, returnValue, opName, ...) \
    do {                                                       \
        if (condition) {                                       \
            OP_LOGI(opName, __VA_ARGS__);                      \
            return returnValue;                                \
        }                                                      \
    } while (0)
#endif

namespace ops {
// "[d0, d1, ...]" of anything with GetDimNum() and GetDim(i) (gert::Shape, ge::Shape).
template <typename T>
std::string Shape2String(const T& shape) {
    std::string out = "[";
    for (size_t i = 0; i < shape.GetDimNum(); ++i) {
        out += (i == 0 ? "" : ", ") + std::to_string(shape.GetDim(i));
    }
    return out + "]";
}
}  // namespace ops
using ops::Shape2String;

#endif  // KGEMU_ERROR_UTIL_H
