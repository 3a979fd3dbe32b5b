// kernelgen CPU emulator: gert::TilingParseContext, what TilingParse<CompileInfo>(fn) receives once per run,
// before tiling. GetCompiledInfo<T>() is the CompileInfo object the tiling later reads with GetCompileInfo<T>().
#ifndef KGEMU_EXE_GRAPH_RUNTIME_TILING_PARSE_CONTEXT_H
#define KGEMU_EXE_GRAPH_RUNTIME_TILING_PARSE_CONTEXT_H

#include "exe_graph/runtime/extended_kernel_context.h"
#include "graph/types.h"
#include "platform/platform_infos_def.h"

namespace gert {
class TilingParseContext : public ExtendedKernelContext {
public:
    using ExtendedKernelContext::ExtendedKernelContext;
    const char* GetCompiledJson() const { return node_->compiled_json.c_str(); }
    template <typename T>
    auto GetCompiledInfo() -> T* {
        return static_cast<T*>(node_->compile_info);
    }
    fe::PlatFormInfos* GetPlatformInfo() const { return node_->platform; }
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_TILING_PARSE_CONTEXT_H
