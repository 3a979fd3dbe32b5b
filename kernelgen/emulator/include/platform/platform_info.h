// kernelgen CPU emulator: platform/platform_info.h (fe::PlatFormInfos lives in platform_infos_def.h).
#ifndef KGEMU_PLATFORM_PLATFORM_INFO_H
#define KGEMU_PLATFORM_PLATFORM_INFO_H
#include "platform/platform_infos_def.h"
#endif  // KGEMU_PLATFORM_PLATFORM_INFO_H
