// kernelgen CPU emulator: log/log.h is op_common/log/log.h (ops-nn puts include/op_common on the path).
#include "op_common/log/log.h"
