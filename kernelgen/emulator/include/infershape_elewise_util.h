// kernelgen CPU emulator (host side): the bare name under which operators include op_common/op_host/infershape_elewise_util.h (CANN puts that folder on the path).
#ifndef KGEMU_INFERSHAPE_ELEWISE_UTIL_H
#define KGEMU_INFERSHAPE_ELEWISE_UTIL_H
#include "op_common/op_host/infershape_elewise_util.h"
#endif  // KGEMU_INFERSHAPE_ELEWISE_UTIL_H
