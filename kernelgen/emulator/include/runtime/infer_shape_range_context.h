// kernelgen CPU emulator (host side): runtime/infer_shape_range_context.h is exe_graph/runtime/infer_shape_range_context.h (CANN also puts include/exe_graph on the path).
#ifndef KGEMU_RUNTIME_INFER_SHAPE_RANGE_CONTEXT_H
#define KGEMU_RUNTIME_INFER_SHAPE_RANGE_CONTEXT_H
#include "exe_graph/runtime/infer_shape_range_context.h"
#endif  // KGEMU_RUNTIME_INFER_SHAPE_RANGE_CONTEXT_H
