// kernelgen CPU emulator (host side): ge/ge_api_types.h: the GE session option names are not emulated; the header
// carries the basic graph types unit-test helpers expect from it.
#ifndef KGEMU_GE_GE_API_TYPES_H
#define KGEMU_GE_GE_API_TYPES_H
#include "graph/ge_error_codes.h"
#include "graph/types.h"
#endif  // KGEMU_GE_GE_API_TYPES_H
