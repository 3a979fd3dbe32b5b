// kernelgen CPU emulator (host side): op_host/infershape_elewise_util.h, as operators reach it from op_common/.
#ifndef KGEMU_OP_HOST_INFERSHAPE_ELEWISE_UTIL_H
#define KGEMU_OP_HOST_INFERSHAPE_ELEWISE_UTIL_H
#include "op_common/op_host/infershape_elewise_util.h"
#endif  // KGEMU_OP_HOST_INFERSHAPE_ELEWISE_UTIL_H
