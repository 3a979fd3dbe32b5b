// kernelgen CPU emulator: alias path of ascendc/host_api/tiling/template_argument.h.
#include "ascendc/host_api/tiling/template_argument.h"
