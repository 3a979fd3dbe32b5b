// kernelgen CPU emulator (host side): runtime/tiling_context.h is exe_graph/runtime/tiling_context.h (CANN also puts include/exe_graph on the path).
#ifndef KGEMU_RUNTIME_TILING_CONTEXT_H
#define KGEMU_RUNTIME_TILING_CONTEXT_H
#include "exe_graph/runtime/tiling_context.h"
#endif  // KGEMU_RUNTIME_TILING_CONTEXT_H
