// kernelgen CPU emulator: "graph.h" as CANN's include/graph directory provides it to unit tests.
#include "graph/graph.h"
