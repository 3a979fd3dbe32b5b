// kernelgen CPU emulator: op_common/op_host/tiling_base_class.h, the path opbase installs it under (the same header as op_host/tiling_base_class.h).
#include "op_host/tiling_base_class.h"
