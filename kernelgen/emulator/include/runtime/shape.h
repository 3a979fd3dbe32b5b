// kernelgen CPU emulator (host side): runtime/shape.h is exe_graph/runtime/shape.h (CANN also puts include/exe_graph on the path).
#ifndef KGEMU_RUNTIME_SHAPE_H
#define KGEMU_RUNTIME_SHAPE_H
#include "exe_graph/runtime/shape.h"
#endif  // KGEMU_RUNTIME_SHAPE_H
