// kernelgen CPU emulator: alias of platform/platform_infos_def.h under the other spelling ops-nn uses.
#include "platform/platform_infos_def.h"
