// kernelgen CPU emulator: ops-nn's class-based tiling framework (op_host/tiling_base.h):
// Ops::NN::Optiling::TilingBaseClass with the DoTiling() sequence GetShapeAttrsInfo -> GetPlatformInfo ->
// IsCapable -> DoOpTiling -> DoLibApiTiling -> GetWorkspaceSize -> PostTiling -> SetTilingKey(GetTilingKey()).
#ifndef KGEMU_OP_HOST_TILING_BASE_H
#define KGEMU_OP_HOST_TILING_BASE_H

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "exe_graph/runtime/tiling_context.h"
#include "graph/utils/type_utils.h"
#include "log/log.h"
#include "platform/soc_spec.h"
#include "tiling/platform/platform_ascendc.h"

namespace Ops {
namespace NN {
namespace Optiling {
struct AiCoreParams {
    uint64_t ubSize = 0UL;
    uint64_t blockDim = 0UL;
    uint64_t numBlocks = 0UL;
    uint64_t aicNum = 0UL;
    uint64_t l1Size = 0UL;
    uint64_t l0aSize = 0UL;
    uint64_t l0bSize = 0UL;
    uint64_t l0cSize = 0UL;
};

struct CompileInfoCommon {
    uint32_t aivNum;
    uint32_t aicNum;
    uint64_t ubSize;
    uint64_t l1Size;
    uint64_t l0aSize;
    uint64_t l0bSize;
    uint64_t l0cSize;
    uint64_t l2CacheSize;
    int64_t coreNum;
    int32_t socVersion;
    uint32_t rsvd;
};

class TilingBaseClass {
public:
    explicit TilingBaseClass(gert::TilingContext* context) : context_(context) {}
    virtual ~TilingBaseClass() = default;

    // GRAPH_SUCCESS: done; GRAPH_FAILED: abort tiling; GRAPH_PARAM_INVALID: not capable, try the next class.
    ge::graphStatus DoTiling() {
        auto ret = GetShapeAttrsInfo();
        if (ret != ge::GRAPH_SUCCESS) return ret;
        ret = GetPlatformInfo();
        if (ret != ge::GRAPH_SUCCESS) return ret;
        if (!IsCapable()) return ge::GRAPH_PARAM_INVALID;
        ret = DoOpTiling();
        if (ret != ge::GRAPH_SUCCESS) return ret;
        ret = DoLibApiTiling();
        if (ret != ge::GRAPH_SUCCESS) return ret;
        ret = GetWorkspaceSize();
        if (ret != ge::GRAPH_SUCCESS) return ret;
        ret = PostTiling();
        if (ret != ge::GRAPH_SUCCESS) return ret;
        context_->SetTilingKey(GetTilingKey());
        DumpTilingInfo();
        return ge::GRAPH_SUCCESS;
    }
    virtual void Reset(gert::TilingContext* context) { context_ = context; }

protected:
    virtual bool IsCapable() = 0;
    virtual ge::graphStatus GetPlatformInfo() = 0;
    virtual ge::graphStatus GetShapeAttrsInfo() = 0;
    virtual ge::graphStatus DoOpTiling() = 0;
    virtual ge::graphStatus DoLibApiTiling() = 0;
    [[nodiscard]] virtual uint64_t GetTilingKey() const = 0;
    virtual ge::graphStatus GetWorkspaceSize() = 0;
    virtual ge::graphStatus PostTiling() = 0;
    virtual void DumpTilingInfo() {}

    static uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) {
        if (aicCoreNum == 0 || aivCoreNum == 0 || aicCoreNum > aivCoreNum) return sliceNum;
        const uint32_t ratio = aivCoreNum / aicCoreNum;
        return (sliceNum + (ratio - 1)) / ratio;
    }
    template <typename T>
    [[nodiscard]] std::string GetShapeDebugStr(const T& shape) const {
        std::ostringstream oss;
        oss << "[";
        for (size_t i = 0; i < shape.GetDimNum(); ++i) oss << (i == 0 ? "" : ", ") << shape.GetDim(i);
        oss << "]";
        return oss.str();
    }

    gert::TilingContext* context_ = nullptr;
    std::unique_ptr<platform_ascendc::PlatformAscendC> ascendcPlatform_{nullptr};
    uint32_t blockDim_{0};
    uint64_t workspaceSize_{0};
    uint64_t tilingKey_{0};
    AiCoreParams aicoreParams_;
};
}  // namespace Optiling
}  // namespace NN
}  // namespace Ops

#endif  // KGEMU_OP_HOST_TILING_BASE_H
