// kernelgen CPU emulator: NpuArch (platform/soc_spec.h). Values are the real DAV_xxxx numbers.
#ifndef KGEMU_PLATFORM_SOC_SPEC_H
#define KGEMU_PLATFORM_SOC_SPEC_H
#ifndef __SOC_SPEC_H__
#define __SOC_SPEC_H__
#endif

#include <cstdint>

enum class NpuArch : uint32_t {
    DAV_1001 = 1001, DAV_1002 = 1002, DAV_1003 = 1003, DAV_1004 = 1004, DAV_1999 = 1999,
    DAV_2002 = 2002, DAV_2003 = 2003, DAV_2004 = 2004, DAV_2006 = 2006, DAV_2102 = 2102, DAV_2103 = 2103,
    DAV_2104 = 2104, DAV_2201 = 2201, DAV_3002 = 3002, DAV_3003 = 3003, DAV_3004 = 3004, DAV_3102 = 3102,
    DAV_3103 = 3103, DAV_3113 = 3113, DAV_3502 = 3502, DAV_3505 = 3505, DAV_3510 = 3510, DAV_3801 = 3801,
    DAV_5101 = 5101, DAV_5102 = 5102, DAV_5161 = 5161, DAV_9201 = 9201, DAV_9202 = 9202, DAV_9301 = 9301,
    DAV_RESV = 0xFFFF
};

#endif  // KGEMU_PLATFORM_SOC_SPEC_H
