// kernelgen CPU emulator: stand-in for ops-nn's common/inc/op_host/runtime_kb_api.h (reached as "runtime_kb_api.h"
// and "op_host/runtime_kb_api.h"): QueryBank asks CANN's runtime knowledge bank for a tuned tiling. The emulator has
// none, so every query answers 1, "key not exists" (common/src/op_host/runtime_kb_api.cpp: 0 found, 1 no key, 0xFF
// failed), and the tilings take their computed path as they do on a machine without a bank entry.
#ifndef KGEMU_RUNTIME_KB_API_H
#define KGEMU_RUNTIME_KB_API_H

#include <cstddef>
#include <cstdint>
#include <string>

#include "exe_graph/runtime/tiling_context.h"
#include "register/tuning_tiling_registry.h"

namespace RuntimeKb {
inline uint32_t QueryBank(const void*, size_t, const std::string&, const std::string&, uint32_t,
                          tuningtiling::TuningTilingDefPtr& tiling)
{
    tiling = nullptr;
    return 1U;
}
}  // namespace RuntimeKb
namespace Ops {
namespace NN {
using RuntimeKb::QueryBank;
}  // namespace NN
}  // namespace Ops

#endif  // KGEMU_RUNTIME_KB_API_H
