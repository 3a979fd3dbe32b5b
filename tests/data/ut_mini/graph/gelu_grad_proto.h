// Miniature operator prototype in ops-nn's op_graph pattern (REG_OP chain), written for kernelgen's tests: GeluGrad's
// three inputs and one output, plus an optional attribute with a default so the attribute table is exercised.
#ifndef KG_MINI_GELU_GRAD_PROTO_H
#define KG_MINI_GELU_GRAD_PROTO_H
#include "graph/operator_reg.h"

namespace ge {
REG_OP(GeluGrad)
    .INPUT(dy, TensorType({DT_FLOAT, DT_FLOAT16, DT_BF16}))
    .INPUT(x, TensorType({DT_FLOAT, DT_FLOAT16, DT_BF16}))
    .INPUT(y, TensorType({DT_FLOAT, DT_FLOAT16, DT_BF16}))
    .OUTPUT(z, TensorType({DT_FLOAT, DT_FLOAT16, DT_BF16}))
    .ATTR(approximate, String, "none")
    .ATTR(axes, ListInt, {1, 2})
    .OP_END_FACTORY_REG(GeluGrad)
}  // namespace ge
#endif
