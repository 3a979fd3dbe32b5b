// kernelgen CPU emulator (host side): runtime/tensor.h is exe_graph/runtime/tensor.h (CANN also puts include/exe_graph on the path).
#ifndef KGEMU_RUNTIME_TENSOR_H
#define KGEMU_RUNTIME_TENSOR_H
#include "exe_graph/runtime/tensor.h"
#endif  // KGEMU_RUNTIME_TENSOR_H
