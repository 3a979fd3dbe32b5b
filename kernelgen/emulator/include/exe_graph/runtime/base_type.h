// kernelgen CPU emulator: exe_graph/runtime/base_type.h (the UINT32 alias kernel functions return).
#ifndef KGEMU_EXE_GRAPH_RUNTIME_BASE_TYPE_H
#define KGEMU_EXE_GRAPH_RUNTIME_BASE_TYPE_H
#include <cstdint>
namespace gert {
using UINT32 = uint32_t;
}
#endif  // KGEMU_EXE_GRAPH_RUNTIME_BASE_TYPE_H
