// kernelgen CPU emulator: the same stand-in as "runtime_kb_api.h" (conv includes it as "op_host/runtime_kb_api.h").
#ifndef KGEMU_OP_HOST_RUNTIME_KB_API_H
#define KGEMU_OP_HOST_RUNTIME_KB_API_H
#include <runtime_kb_api.h>
#endif  // KGEMU_OP_HOST_RUNTIME_KB_API_H
