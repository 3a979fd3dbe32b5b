// kernelgen CPU emulator (private): where opdev's OP_LOGE/OP_LOGW/OP_LOGI/OP_LOGD go. Errors are printed to
// stderr as "[ERROR] <aclnn API or l0 op> <function>: <text> (<code>)" and kept as this thread's
// aclGetRecentErrMsg(); warnings are printed; info and debug print only with KERNELGEN_ACL_TRACE=1.
#include "kgemu/detail/acl_guard.h"
#ifndef KGEMU_DETAIL_ACL_LOG_H
#define KGEMU_DETAIL_ACL_LOG_H

#include <cstdint>
#include <string>
#include <vector>

namespace kgemu {
namespace acl {
enum class LogLevel { kDebug, kInfo, kWarn, kError };
void LogError(int32_t code, const char* func, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
void LogMessage(LogLevel level, const char* func, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
bool TraceEnabled();

// Splits stringified macro arguments "dy, x, y" into names (commas inside brackets do not split).
std::vector<std::string> SplitArgNames(const char* names);

// The arguments of DFX_IN(...)/DFX_OUT(...): their names as written.
struct DfxArgs {
    std::string text;
};

// Names the aclnn API (L2) or l0 operator (L0) being planned or run, for messages; restores on scope exit.
class DfxScope {
public:
    DfxScope(bool l2, const char* name, const char* inputs = "", const char* outputs = "");
    DfxScope(bool l2, const char* name, const DfxArgs& inputs, const DfxArgs& outputs)
        : DfxScope(l2, name, inputs.text.c_str(), outputs.text.c_str()) {}
    ~DfxScope();
    DfxScope(const DfxScope&) = delete;
    DfxScope& operator=(const DfxScope&) = delete;

private:
    bool l2_;
    const char* previous_;
};
const char* CurrentApi();
}  // namespace acl
}  // namespace kgemu

#endif  // KGEMU_DETAIL_ACL_LOG_H
