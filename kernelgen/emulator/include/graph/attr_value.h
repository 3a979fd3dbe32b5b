// kernelgen CPU emulator (host side): graph/attr_value.h. Operator attributes are kept by ge::Operator itself
// (graph/operator.h); this header exists because unit-test helpers include it.
#ifndef KGEMU_GRAPH_ATTR_VALUE_H
#define KGEMU_GRAPH_ATTR_VALUE_H

#include "graph/operator.h"

#endif  // KGEMU_GRAPH_ATTR_VALUE_H
