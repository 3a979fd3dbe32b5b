// kernelgen CPU emulator (host side): the bare name under which operators include op_common/op_host/infershape_reduce_util.h (CANN puts that folder on the path ahead of the repository's own common/inc/op_host).
#ifndef KGEMU_INFERSHAPE_REDUCE_UTIL_H
#define KGEMU_INFERSHAPE_REDUCE_UTIL_H
#include "op_common/op_host/infershape_reduce_util.h"
#endif  // KGEMU_INFERSHAPE_REDUCE_UTIL_H
