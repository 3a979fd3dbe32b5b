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
constexpr graphStatus GRAPH_NULL_PTR = 50331538U;
constexpr graphStatus GRAPH_NODE_WITHOUT_CONST_INPUT = 50331648U;
constexpr graphStatus GRAPH_NODE_NEED_REPASS = 50331647U;
constexpr graphStatus GRAPH_INVALID_IR_DEF = 50331646U;
constexpr graphStatus OP_WITHOUT_IR_DATATYPE_INFER_RULE = 50331645U;
constexpr graphStatus GRAPH_PARAM_OUT_OF_RANGE = 50331644U;
constexpr graphStatus GRAPH_NOT_CHANGED = 1343242304U;
constexpr Status SUCCESS = 0U;
constexpr Status FAILED = 0xFFFFFFFFU;
constexpr Status PARAM_INVALID = 50331649U;
}  // namespace ge

#endif  // KGEMU_GRAPH_GE_ERROR_CODES_H
