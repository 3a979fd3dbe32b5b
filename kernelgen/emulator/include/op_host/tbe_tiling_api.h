// kernelgen CPU emulator: ops-nn's common/inc/op_host/tbe_tiling_api.h (reached as "op_host/tbe_tiling_api.h";
// "tbe_tiling_api.h" bare is ../tbe_tiling_api.h) with a definition of the function it declares.
// optiling::GetTbeTiling (the conv backprop operators' fallback to CANN's legacy TBE tiling) is defined by CANN's
// legacy library in the full package, and by ops-nn's own wrapper (common/src/op_host/tbe_tiling_api.cpp) in the
// sub-package, which looks the function up at run time and answers false when the library is absent. The emulator
// has no legacy library, so it answers false as that wrapper does; the repository's header (found next on the
// include path) keeps the structs and the declarations.
#ifndef KGEMU_OP_HOST_TBE_TILING_API_H
#define KGEMU_OP_HOST_TBE_TILING_API_H

#include_next "op_host/tbe_tiling_api.h"

#include "kgemu_opsnn/tbe_tiling_api_def.h"

#endif  // KGEMU_OP_HOST_TBE_TILING_API_H
