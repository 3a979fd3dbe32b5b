// kernelgen CPU emulator (host side): ge::GNode (graph/gnode.h): a node of an operator; GetInputConstData gives the
// tensor of the constant (an operator with a "value" tensor attribute: Const, Constant) linked to an input.
#ifndef KGEMU_GRAPH_GNODE_H
#define KGEMU_GRAPH_GNODE_H

#include <cstdint>

#include "graph/operator.h"
#include "graph/tensor.h"

namespace ge {
class GNode {
public:
    GNode() = default;
    explicit GNode(const Operator* op) : op_(op) {}
    graphStatus GetInputConstData(int32_t index, Tensor& data) const {
        if (op_ == nullptr || index < 0) return GRAPH_FAILED;
        return op_->KgemuConstInput(static_cast<uint32_t>(index), data) ? GRAPH_SUCCESS : GRAPH_FAILED;
    }

private:
    const Operator* op_ = nullptr;
};
}  // namespace ge

#endif  // KGEMU_GRAPH_GNODE_H
