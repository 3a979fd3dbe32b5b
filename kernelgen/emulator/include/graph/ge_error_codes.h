// kernelgen CPU emulator: ge::graphStatus codes (graph/ge_error_codes.h). Numbers are the real ones.
#ifndef KGEMU_GRAPH_GE_ERROR_CODES_H
#define KGEMU_GRAPH_GE_ERROR_CODES_H

#include <cstdint>

namespace ge {
using graphStatus = uint32_t;
using Status = uint32_t;
constexpr graphStatus GRAPH_SUCCESS = 0U;
constexpr graphStatus GRAPH_FAILED = 0xFFFFFFFFU;
constexpr graphStatus GRAPH_PARAM_INVALID = 50331649U;
constexpr graphStatus GRAPH_NULL_PTR = 50331650U;  // kernelgen: any non-success code works for host code returning it
constexpr graphStatus GRAPH_NODE_WITHOUT_CONST_INPUT = 50331648U;
constexpr graphStatus GRAPH_NODE_NEED_REPASS = 50331647U;
constexpr graphStatus GRAPH_NOT_CHANGED = 1343242304U;
constexpr Status SUCCESS = 0U;
constexpr Status FAILED = 0xFFFFFFFFU;
constexpr Status PARAM_INVALID = 50331649U;
}  // namespace ge

#endif  // KGEMU_GRAPH_GE_ERROR_CODES_H
