// kernelgen CPU emulator: alias path of tiling/platform/platform_ascendc.h.
#include "tiling/platform/platform_ascendc.h"
