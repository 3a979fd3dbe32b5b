// kernelgen CPU emulator: opdev/platform.h. The SOC the program was built for (kernelgen run-example --soc).
#ifndef KGEMU_OPDEV_PLATFORM_H
#define KGEMU_OPDEV_PLATFORM_H

#include <cstdint>
#include <string>

#include "graph/ascend_string.h"

namespace op {
enum class SocVersion {
    ASCEND910 = 0,
    ASCEND910B,
    ASCEND910_93,
    ASCEND910_95,
    ASCEND910E,
    ASCEND310,
    ASCEND310P,
    ASCEND310B,
    ASCEND310C,
    ASCEND610LITE,
    ASCEND950,
    RESERVED_VERSION = 99999,
};

// The AI Core architecture (__NPU_ARCH__) of the SOC, as ops-nn's op_api code asks for it (IsRegbase).
enum class NpuArch {
    DAV_1001 = 1001,
    DAV_2002 = 2002,
    DAV_2201 = 2201,
    DAV_3002 = 3002,
    DAV_3510 = 3510,
    DAV_RESV = 99999,
};

class PlatformInfo {
public:
    SocVersion GetSocVersion() const;
    NpuArch GetCurNpuArch() const;
    const std::string& GetSocLongVersion() const;  // e.g. "Ascend910B1"
    int64_t GetBlockSize() const;                  // UB block bytes (32)
    uint32_t GetCubeCoreNum() const;
    uint32_t GetVectorCoreNum() const;
};

const PlatformInfo& GetCurrentPlatformInfo();
ge::AscendString ToString(SocVersion version);  // "Ascend910B"
}  // namespace op

#endif  // KGEMU_OPDEV_PLATFORM_H
