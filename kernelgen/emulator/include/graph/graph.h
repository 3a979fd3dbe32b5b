// kernelgen CPU emulator (host side): ge::Graph (graph/graph.h), only as graph-mode unit-test helpers use it: a
// graph that holds an operator as a node (AddNodeByOp) so the node's constant inputs can be read (graph/gnode.h).
#ifndef KGEMU_GRAPH_GRAPH_H
#define KGEMU_GRAPH_GRAPH_H

#include "graph/gnode.h"
#include "graph/operator.h"

namespace ge {
class Graph {
public:
    Graph() = default;
    explicit Graph(const char* name) : name_(name == nullptr ? "" : name) {}
    explicit Graph(const std::string& name) : name_(name) {}
    GNode AddNodeByOp(const Operator& op) { return GNode(&op); }

private:
    std::string name_;
};
}  // namespace ge

#endif  // KGEMU_GRAPH_GRAPH_H
