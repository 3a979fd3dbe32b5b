// kernelgen CPU emulator: opdev/platform.h. The SOC the program was built for (kernelgen run-example --soc).
#ifndef KGEMU_OPDEV_PLATFORM_H
#define KGEMU_OPDEV_PLATFORM_H

#include <cstdint>
#include <string>

#include "graph/ascend_string.h"
#include "platform/soc_spec.h"

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

// The AI Core architecture (__NPU_ARCH__) of the SOC, as ops-nn's op_api code asks for it (IsRegbase): CANN's
// one NpuArch of platform/soc_spec.h, also reachable as op::NpuArch (so `using namespace op;` code that names
// NpuArch::DAV_2201 and includes soc_spec.h sees a single type).
using ::NpuArch;

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
