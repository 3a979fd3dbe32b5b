// kernelgen CPU emulator: gert::KernelContext (metadef exe_graph/runtime/kernel_context.h). The emulator's host
// contexts are views over one HostNode (extended_kernel_context.h); the raw kernel context of CANN's executor has
// no counterpart beyond the empty base class (declared there) the contexts share.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_KERNEL_CONTEXT_H
#define KGEMU_EXE_GRAPH_RUNTIME_KERNEL_CONTEXT_H

#include "exe_graph/runtime/extended_kernel_context.h"


#endif  // KGEMU_EXE_GRAPH_RUNTIME_KERNEL_CONTEXT_H
