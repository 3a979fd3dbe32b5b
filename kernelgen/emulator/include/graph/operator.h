// kernelgen CPU emulator (host side): ge::Operator, only as far as operator prototypes (REG_OP in op_graph/*_proto.h)
// and unit-test helper declarations need it: a named, typed node with no graph behind it. Graph construction and
// the graph-mode infershape (InferShapeAndType) are not emulated.
#ifndef KGEMU_GRAPH_OPERATOR_H
#define KGEMU_GRAPH_OPERATOR_H

#include <string>

#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"
#include "graph/types.h"

namespace ge {
class Operator {
public:
    Operator() = default;
    explicit Operator(const char* type) : type_(type == nullptr ? "" : type) {}
    Operator(const char* name, const char* type) : name_(name == nullptr ? "" : name), type_(type == nullptr ? "" : type) {}
    Operator(const AscendString& name, const AscendString& type) : name_(name.GetString()), type_(type.GetString()) {}
    virtual ~Operator() = default;
    graphStatus GetName(AscendString& name) const {
        name = AscendString(name_.c_str());
        return GRAPH_SUCCESS;
    }
    graphStatus GetOpType(AscendString& type) const {
        type = AscendString(type_.c_str());
        return GRAPH_SUCCESS;
    }

protected:
    std::string name_;
    std::string type_;
};
}  // namespace ge

#endif  // KGEMU_GRAPH_OPERATOR_H
