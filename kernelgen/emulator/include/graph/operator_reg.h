// kernelgen CPU emulator (host side): REG_OP and its chain (INPUT, OUTPUT, ATTR, ...), as operator prototypes
// (op_graph/*_proto.h) use them. Each prototype becomes a class op::<Name> deriving ge::Operator with nothing
// behind the chain: the prototype compiles, and a unit test that includes it builds; the IR itself is what the
// OpDef (op_host/*_def.cpp) declares, which is where the emulator reads inputs, outputs and attributes.
// Like CANN's macros, each link closes the previous private member function and opens the next.
#ifndef KGEMU_GRAPH_OPERATOR_REG_H
#define KGEMU_GRAPH_OPERATOR_REG_H

#include "graph/operator.h"
#include "graph/types.h"

namespace ge {
namespace kgemu_reg {
struct Chain {
    const Chain& Link() const { return *this; }
};
}  // namespace kgemu_reg
}  // namespace ge

#define REG_OP(x)                                                                \
    namespace op {                                                               \
    class x : public ::ge::Operator {                                            \
        typedef x _THIS_TYPE;                                                    \
                                                                                 \
    public:                                                                      \
        explicit x(const char* name) : ::ge::Operator(name, #x) {}               \
        x() : ::ge::Operator(#x) {}                                              \
        static const char* kgemu_op_type() { return #x; }                        \
                                                                                 \
    private:                                                                     \
        void kgemu_reg_begin() { ::ge::kgemu_reg::Chain()
#define KGEMU_REG_LINK(kind, x)                                                  \
    Link();                                                                      \
    }                                                                            \
    void kgemu_##kind##_##x() { ::ge::kgemu_reg::Chain()
#define INPUT(x, t) KGEMU_REG_LINK(input, x)
#define OPTIONAL_INPUT(x, t) KGEMU_REG_LINK(optional_input, x)
#define DYNAMIC_INPUT(x, t) KGEMU_REG_LINK(dynamic_input, x)
#define OUTPUT(x, t) KGEMU_REG_LINK(output, x)
#define DYNAMIC_OUTPUT(x, t) KGEMU_REG_LINK(dynamic_output, x)
#define ATTR(x, Type, ...) KGEMU_REG_LINK(attr, x)
#define REQUIRED_ATTR(x, Type) KGEMU_REG_LINK(required_attr, x)
#define DATATYPE(x, t) KGEMU_REG_LINK(datatype, x)
#define GRAPH(x) KGEMU_REG_LINK(graph, x)
#define DYNAMIC_GRAPH(x) KGEMU_REG_LINK(dynamic_graph, x)
#define INFER_SHAPE_AND_TYPE(x) KGEMU_REG_LINK(infer, x)
#define OP_END_FACTORY_REG(x)                                                    \
    Link();                                                                      \
    }                                                                            \
    };                                                                           \
    }
#endif  // KGEMU_GRAPH_OPERATOR_REG_H
