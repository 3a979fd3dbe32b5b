// kernelgen CPU emulator: op_common/op_host/tiling_base_util.h, the path opbase installs it under (the same header as op_host/tiling_base_util.h).
#include "op_host/tiling_base_util.h"
