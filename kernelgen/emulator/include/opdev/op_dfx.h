// kernelgen CPU emulator: opdev/op_dfx.h. The DFX macros name the aclnn API (L2) or l0 operator (L0) in
// messages, and L2_DFX_PHASE_1 names the caller's tensors after the API's parameters (gradOutput, self, ...).
// With KERNELGEN_ACL_TRACE=1 the emulator prints each phase and each planned/run step to stderr.
#ifndef KGEMU_OPDEV_OP_DFX_H
#define KGEMU_OPDEV_OP_DFX_H

// The standard headers CANN's opdev/op_dfx.h includes (op_api sources such as quant/quantize use std::map
// with no <map> of their own).
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "opdev/common_types.h"
#include "opdev/op_log.h"

namespace kgemu {
namespace acl {
inline void NameDfxArg(const std::string& name, const aclTensor* tensor)
{
    if (tensor != nullptr && tensor->origin_ == TensorOrigin::kUser) const_cast<aclTensor*>(tensor)->name_ = name;
}
inline void NameDfxArg(const std::string& name, aclTensor* tensor) { NameDfxArg(name, static_cast<const aclTensor*>(tensor)); }
template <typename T>
inline void NameDfxArg(const std::string&, const T&) {}

inline void NameDfxArgs(const std::vector<std::string>&, size_t) {}
template <typename T, typename... Rest>
void NameDfxArgs(const std::vector<std::string>& names, size_t i, const T& value, const Rest&... rest)
{
    if (i < names.size()) NameDfxArg(names[i], value);
    NameDfxArgs(names, i + 1, rest...);
}

template <typename... T>
DfxArgs MakeDfxArgs(const char* names, const T&... values)
{
    NameDfxArgs(SplitArgNames(names), 0, values...);
    return DfxArgs{names};
}
}  // namespace acl
}  // namespace kgemu

#define DFX_IN(...) ::kgemu::acl::MakeDfxArgs(#__VA_ARGS__, ##__VA_ARGS__)
#define DFX_OUT(...) ::kgemu::acl::MakeDfxArgs(#__VA_ARGS__, ##__VA_ARGS__)
// Each expands to a complete declaration statement: ops-nn's op_api code compiles with or without a `;` after
// them (mse_loss writes `L0_DFX(MseLoss, self, target)` bare); with one, the extra `;` is an empty statement.
#define L2_DFX_PHASE_1(APIName, IN, OUT) ::kgemu::acl::DfxScope kgL2Phase1Dfx_(true, #APIName, IN, OUT);
#define L2_DFX_PHASE_2(APIName) ::kgemu::acl::DfxScope kgL2Phase2Dfx_(true, #APIName);
#define L0_DFX(OpName, ...) ::kgemu::acl::DfxScope kgL0Dfx_(false, #OpName, #__VA_ARGS__);

#endif  // KGEMU_OPDEV_OP_DFX_H
