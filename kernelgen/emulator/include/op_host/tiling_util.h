// kernelgen CPU emulator: ops-nn's op_host/tiling_util.h (Ops::NN::OpTiling helpers).
#ifndef KGEMU_OP_HOST_TILING_UTIL_H
#define KGEMU_OP_HOST_TILING_UTIL_H

#include <set>

#include "log/log.h"
#include "op_host/tiling_base_util.h"
#include "platform/soc_spec.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace Ops {
namespace NN {
namespace OpTiling {
static const gert::Shape g_vec_1_shape = {1};

// The same helpers as CANN opbase's Ops::Base ones (op_host/tiling_base_util.h).
using Ops::Base::EnsureNotScalar;
using Ops::Base::IsRegbaseNpuArch;
using Ops::Base::IsRegbaseSocVersion;
}  // namespace OpTiling
}  // namespace NN
}  // namespace Ops

#endif  // KGEMU_OP_HOST_TILING_UTIL_H
