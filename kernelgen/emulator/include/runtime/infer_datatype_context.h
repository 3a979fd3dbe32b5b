// kernelgen CPU emulator (host side): runtime/infer_datatype_context.h is exe_graph/runtime/infer_datatype_context.h (CANN also puts include/exe_graph on the path).
#ifndef KGEMU_RUNTIME_INFER_DATATYPE_CONTEXT_H
#define KGEMU_RUNTIME_INFER_DATATYPE_CONTEXT_H
#include "exe_graph/runtime/infer_datatype_context.h"
#endif  // KGEMU_RUNTIME_INFER_DATATYPE_CONTEXT_H
