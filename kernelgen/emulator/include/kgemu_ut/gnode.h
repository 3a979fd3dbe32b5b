// kernelgen CPU emulator: "gnode.h" as CANN's include/graph directory provides it to unit tests.
#include "graph/gnode.h"
