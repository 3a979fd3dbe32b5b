// kernelgen CPU emulator (host side): the bare name of op_common/op_host/infershape_broadcast_util.h.
#ifndef KGEMU_INFERSHAPE_BROADCAST_UTIL_H
#define KGEMU_INFERSHAPE_BROADCAST_UTIL_H
#include "op_common/op_host/infershape_broadcast_util.h"
#endif  // KGEMU_INFERSHAPE_BROADCAST_UTIL_H
