// kernelgen CPU emulator: CANN opbase's op_host/tiling_base_class.h, the class-based tiling framework under the
// Ops::Base namespace that ops-math's tiling registry (op_host/math_tiling_templates_registry.h) builds on. It is
// the framework ops-nn spells Ops::NN::Optiling (op_host/tiling_base.h): the same DoTiling() sequence
// GetShapeAttrsInfo -> GetPlatformInfo -> IsCapable -> DoOpTiling -> DoLibApiTiling -> GetWorkspaceSize ->
// PostTiling -> SetTilingKey(GetTilingKey()).
#ifndef KGEMU_OP_HOST_TILING_BASE_CLASS_H
#define KGEMU_OP_HOST_TILING_BASE_CLASS_H

#include "op_host/tiling_base.h"

namespace Ops {
namespace Base {
using Ops::NN::Optiling::AiCoreParams;
using Ops::NN::Optiling::TilingBaseClass;
}  // namespace Base
}  // namespace Ops

#endif  // KGEMU_OP_HOST_TILING_BASE_CLASS_H
