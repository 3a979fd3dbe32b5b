// kernelgen CPU emulator (host side): graph/tensor.h declares ge::Shape, which graph/types.h defines.
#ifndef KGEMU_GRAPH_TENSOR_H
#define KGEMU_GRAPH_TENSOR_H
#include "graph/types.h"
#endif  // KGEMU_GRAPH_TENSOR_H
