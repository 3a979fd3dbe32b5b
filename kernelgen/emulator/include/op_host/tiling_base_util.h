// kernelgen CPU emulator: CANN opbase's op_host/tiling_base_util.h, the Ops::Base tiling helpers that CANN
// operator repositories other than ops-nn (ops-math) include: EnsureNotScalar (a scalar's shape counts as [1]) and
// IsRegbaseSocVersion (a register-based, arch35 NPU: DAV_3510 / DAV_5102), plus the Ops::Base math, platform and
// shape helpers they are used beside (CeilDiv, CeilAlign, GetUbBlockSize, ToString). ops-nn's spelling of the same
// helpers, Ops::NN::OpTiling in op_host/tiling_util.h, is built on these.
#ifndef KGEMU_OP_HOST_TILING_BASE_UTIL_H
#define KGEMU_OP_HOST_TILING_BASE_UTIL_H

#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "log/log.h"
#include "op_common/log/log.h"
#include "op_common/op_host/util/math_util.h"
#include "op_common/op_host/util/platform_util.h"
#include "op_common/op_host/util/shape_util.h"
#include "platform/soc_spec.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace Ops {
namespace Base {
inline bool IsRegbaseNpuArch(NpuArch npuArch) { return npuArch == NpuArch::DAV_3510 || npuArch == NpuArch::DAV_5102; }
inline bool IsRegbaseSocVersion(const gert::TilingParseContext* context) {
    return IsRegbaseNpuArch(platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetCurNpuArch());
}
inline bool IsRegbaseSocVersion(const gert::TilingContext* context) {
    return IsRegbaseNpuArch(platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetCurNpuArch());
}
// Declared only, as opbase declares it (libopbase defines it): opbase's atvoss/broadcast/broadcast_tiling.h
// defines the same function inline in Ops::Base, so a definition here was a redefinition in every tiling that
// includes both (gelu_v2, p_relu). The emulator's one definition is in kg_harness.cpp.
const gert::Shape& EnsureNotScalar(const gert::Shape& inShape);
}  // namespace Base
}  // namespace Ops

#ifdef KGEMU_OPDEF_IMPL
namespace Ops {
namespace Base {
const gert::Shape& EnsureNotScalar(const gert::Shape& inShape) {
    static const gert::Shape vec1 = {1};
    return inShape.IsScalar() ? vec1 : inShape;
}
}  // namespace Base
}  // namespace Ops
#endif  // KGEMU_OPDEF_IMPL

#endif  // KGEMU_OP_HOST_TILING_BASE_UTIL_H
