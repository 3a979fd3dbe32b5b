// kernelgen CPU emulator: ops-nn's op_host/tiling_util.h (Ops::NN::OpTiling helpers).
#ifndef KGEMU_OP_HOST_TILING_UTIL_H
#define KGEMU_OP_HOST_TILING_UTIL_H

#include <set>

#include "log/log.h"
#include "platform/soc_spec.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace Ops {
namespace NN {
namespace OpTiling {
static const gert::Shape g_vec_1_shape = {1};

// Register-based ("regbase", arch35) NPUs: DAV_3510 and DAV_5102.
inline bool IsRegbaseNpuArch(NpuArch npuArch) { return npuArch == NpuArch::DAV_3510 || npuArch == NpuArch::DAV_5102; }
inline bool IsRegbaseSocVersion(const gert::TilingParseContext* context) {
    return IsRegbaseNpuArch(platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetCurNpuArch());
}
inline bool IsRegbaseSocVersion(const gert::TilingContext* context) {
    return IsRegbaseNpuArch(platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetCurNpuArch());
}
inline const gert::Shape& EnsureNotScalar(const gert::Shape& inShape) {
    return inShape.IsScalar() ? g_vec_1_shape : inShape;
}
}  // namespace OpTiling
}  // namespace NN
}  // namespace Ops

#endif  // KGEMU_OP_HOST_TILING_UTIL_H
