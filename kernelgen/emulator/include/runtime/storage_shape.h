// kernelgen CPU emulator (host side): runtime/storage_shape.h is exe_graph/runtime/storage_shape.h (CANN also puts include/exe_graph on the path).
#ifndef KGEMU_RUNTIME_STORAGE_SHAPE_H
#define KGEMU_RUNTIME_STORAGE_SHAPE_H
#include "exe_graph/runtime/storage_shape.h"
#endif  // KGEMU_RUNTIME_STORAGE_SHAPE_H
