// kernelgen CPU emulator: register/op_check.h, the registry of an operator's graph-compile check functions
// (FUNC_CHECK_SUPPORTED: may the AI Core take this node?). ops-nn registers the function its OpDef's
// AICore().SetCheckSupport gave (index/unique_dim, masked_scatter, unique_consecutive, norm/bn3d_training_reduce,
// matmul/sparse_tensor_dense_mat_mul). The emulator runs nodes the caller chose, so nothing asks: a registration
// is kept (kg_registered_check) and never called.
#ifndef KGEMU_REGISTER_OP_CHECK_H
#define KGEMU_REGISTER_OP_CHECK_H

#include <map>
#include <string>
#include <utility>

#include "graph/ascend_string.h"
#include "graph/types.h"

#define FUNC_CHECK_SUPPORTED "check_supported"
#define FUNC_OP_SELECT_FORMAT "op_select_format"
#define FUNC_GET_OP_SUPPORT_INFO "get_op_support_info"
#define FUNC_GET_SPECIFIC_INFO "get_op_specific_info"

namespace ge {
class Operator;
}

namespace optiling {
using OP_CHECK_FUNC = ge::graphStatus (*)(const ge::Operator& op, ge::AscendString& result);

inline std::map<std::pair<std::string, std::string>, OP_CHECK_FUNC>& kg_registered_checks() {
    static std::map<std::pair<std::string, std::string>, OP_CHECK_FUNC> m;
    return m;
}
inline OP_CHECK_FUNC kg_registered_check(const char* check_type, const char* op_type) {
    const auto it = kg_registered_checks().find({check_type, op_type});
    return it == kg_registered_checks().end() ? nullptr : it->second;
}

class OpCheckFuncHelper {
public:
    OpCheckFuncHelper(const ge::AscendString& check_type, const ge::AscendString& op_type, OP_CHECK_FUNC func) {
        kg_registered_checks()[{check_type.GetString(), op_type.GetString()}] = func;
    }
};
}  // namespace optiling

#endif  // KGEMU_REGISTER_OP_CHECK_H
