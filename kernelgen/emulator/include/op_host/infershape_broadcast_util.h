// kernelgen CPU emulator (host side): op_host/infershape_broadcast_util.h, as operators reach it from op_common/.
#ifndef KGEMU_OP_HOST_INFERSHAPE_BROADCAST_UTIL_H
#define KGEMU_OP_HOST_INFERSHAPE_BROADCAST_UTIL_H
#include "op_common/op_host/infershape_broadcast_util.h"
#endif  // KGEMU_OP_HOST_INFERSHAPE_BROADCAST_UTIL_H
