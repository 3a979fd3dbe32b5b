// kernelgen CPU emulator: alias of op_common/op_host/util/platform_util.h (ops-nn include-path spelling).
#include "op_common/op_host/util/platform_util.h"
