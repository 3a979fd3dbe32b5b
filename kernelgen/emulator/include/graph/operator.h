// kernelgen CPU emulator (host side): ge::Operator (graph/operator.h): an operator's type, name, input and output
// tensor descriptions and attributes, as operator prototypes (REG_OP) and graph-mode unit tests
// (tests/ut/common/ut_op_common.cpp's InferShapeTest) use them (kgemu/detail/host_ge_operator.h). No graph is built.
#ifndef KGEMU_GRAPH_OPERATOR_H
#define KGEMU_GRAPH_OPERATOR_H

#ifndef KGEMU_HOST_DETAIL_OK
#define KGEMU_HOST_DETAIL_OK
#endif
#include "kgemu/detail/host_ge_operator.h"

#endif  // KGEMU_GRAPH_OPERATOR_H
