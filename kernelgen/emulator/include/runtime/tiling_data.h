// kernelgen CPU emulator (host side): runtime/tiling_data.h is exe_graph/runtime/tiling_data.h (CANN also puts include/exe_graph on the path).
#ifndef KGEMU_RUNTIME_TILING_DATA_H
#define KGEMU_RUNTIME_TILING_DATA_H
#include "exe_graph/runtime/tiling_data.h"
#endif  // KGEMU_RUNTIME_TILING_DATA_H
