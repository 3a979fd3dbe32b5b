// kernelgen CPU emulator: ops-nn's common/inc/op_host/tbe_tiling_api.h as the conv backprop tilings include it
// bare ("tbe_tiling_api.h", through -I common/inc/op_host): the repository's header, then GetTbeTiling's definition
// (see op_host/tbe_tiling_api.h).
#ifndef KGEMU_TBE_TILING_API_H
#define KGEMU_TBE_TILING_API_H

#include_next "tbe_tiling_api.h"
#include "kgemu_opsnn/tbe_tiling_api_def.h"

#endif  // KGEMU_TBE_TILING_API_H
