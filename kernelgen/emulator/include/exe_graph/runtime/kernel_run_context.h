// kernelgen CPU emulator: exe_graph/runtime/kernel_run_context.h. In CANN (metadef) it declares the executor's raw
// C structures beneath gert::KernelContext; seven ops-nn main-tree host tilings include it (hash
// embedding_hash_table_import, index scatter / gather_elements / embedding / unsorted_segment_sum, activation
// swi_glu_grad) and use none of them, only the contexts. The emulator's contexts are views over a HostNode
// (extended_kernel_context.h), so this header brings those; the raw structures are not declared, and code that
// uses one stops at compile time on its name.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_KERNEL_RUN_CONTEXT_H
#define KGEMU_EXE_GRAPH_RUNTIME_KERNEL_RUN_CONTEXT_H

#include "exe_graph/runtime/kernel_context.h"

#endif  // KGEMU_EXE_GRAPH_RUNTIME_KERNEL_RUN_CONTEXT_H
