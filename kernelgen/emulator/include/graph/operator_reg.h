// kernelgen CPU emulator (host side): REG_OP and its chain (graph/operator_reg.h), as operator prototypes
// (op_graph/*_proto.h) use them: each prototype is a class op::<Name> deriving ge::Operator that declares its inputs,
// outputs and attribute defaults (kgemu/detail/host_ge_operator_reg.h).
#ifndef KGEMU_GRAPH_OPERATOR_REG_H
#define KGEMU_GRAPH_OPERATOR_REG_H

#include "graph/operator.h"
#include "graph/types.h"
#ifndef KGEMU_HOST_DETAIL_OK
#define KGEMU_HOST_DETAIL_OK
#endif
#include "kgemu/detail/host_ge_operator_reg.h"

#endif  // KGEMU_GRAPH_OPERATOR_REG_H
