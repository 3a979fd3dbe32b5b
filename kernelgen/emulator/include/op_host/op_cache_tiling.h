// kernelgen CPU emulator: the same stand-in as "op_cache_tiling.h" (reached as "op_host/op_cache_tiling.h").
#ifndef KGEMU_OP_HOST_OP_CACHE_TILING_H
#define KGEMU_OP_HOST_OP_CACHE_TILING_H
#include <op_cache_tiling.h>
#endif  // KGEMU_OP_HOST_OP_CACHE_TILING_H
