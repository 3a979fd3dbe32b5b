// kernelgen CPU emulator: the LayerNorm tiling structures, shared by the host side (tiling/tiling_api.h:
// optiling::LayerNormTiling / LayerNormSeparateTiling, tiling-data classes) and the kernel side
// (kernel_tiling/kernel_tiling.h, kernel_operator.h's LayerNorm: AscendC::tiling::..., plain structs, also reachable
// unqualified as CANN's kernel_tiling.h makes them). The fields, their types and order are those asc-devkit's
// LayerNorm-Tiling.md lists, so tiling data that carries one (ada_layer_norm, layer_norm_v3/v4:
// TILING_DATA_FIELD_DEF_STRUCT(LayerNormSeparateTiling, layerNormTiling)) has CANN's layout.
#ifndef KGEMU_LAYERNORM_TILING_DATA_H
#define KGEMU_LAYERNORM_TILING_DATA_H

#include <cstdint>

// X(type, name): LayerNormTiling, the tiling of the [B, S, H] LayerNorm (mean and variance out).
#define KGEMU_LAYERNORM_TILING_FIELDS(X)                                                                         \
    X(uint32_t, bLength) X(uint32_t, sLength) X(uint32_t, hLength) X(uint32_t, originalHLength)                  \
    X(uint32_t, inputXSize) X(uint32_t, meanVarSize) X(uint32_t, numberOfTmpBuf) X(uint32_t, meanTmpTensorPos)   \
    X(uint32_t, meanTmpTensorSize) X(uint32_t, varianceTmpTensorPos) X(uint32_t, varianceTmpTensorSize)          \
    X(uint32_t, tmpBufSize) X(uint32_t, oneTmpSize) X(uint32_t, firstTmpStartPos) X(uint32_t, secondTmpStartPos) \
    X(uint32_t, thirdTmpStartPos) X(uint32_t, loopRound) X(uint32_t, inputRoundSize) X(uint32_t, inputTailSize)  \
    X(uint32_t, inputTailPos) X(uint32_t, meanVarRoundSize) X(uint32_t, meanVarTailSize)                         \
    X(uint32_t, meanVarTailPos) X(uint32_t, bshCurLength) X(uint32_t, bsCurLength) X(float, lastDimValueBack)

// LayerNormSeparateTiling, the tiling of the [A, R] LayerNorm (mean and rstd, or variance, out).
#define KGEMU_LAYERNORM_SEPARATE_TILING_FIELDS(X)                                                                \
    X(uint32_t, aLength) X(uint32_t, rLength) X(uint32_t, halfAddRepeatTimes) X(uint32_t, rHeadLength)           \
    X(float, k2Rec) X(float, k2RRec) X(uint32_t, inputXSize) X(uint32_t, meanVarSize) X(uint32_t, numberOfTmpBuf) \
    X(uint32_t, varianceTmpTensorPos) X(uint32_t, varianceTmpTensorSize) X(uint32_t, tmpBufSize)                 \
    X(uint32_t, oneTmpSize) X(uint32_t, firstTmpStartPos) X(uint32_t, secondTmpStartPos)                         \
    X(uint32_t, thirdTmpStartPos) X(uint32_t, loopRound) X(uint32_t, inputRoundSize) X(uint32_t, inputTailSize)  \
    X(uint32_t, inputTailPos) X(uint32_t, meanVarRoundSize) X(uint32_t, meanVarTailSize)                         \
    X(uint32_t, meanVarTailPos) X(uint32_t, arCurLength) X(uint32_t, aCurLength) X(float, rValueBack)

namespace AscendC {
namespace tiling {
#define KGEMU_LN_FIELD(type, name) type name = 0;
struct LayerNormTiling {
    KGEMU_LAYERNORM_TILING_FIELDS(KGEMU_LN_FIELD)
};
struct LayerNormSeparateTiling {
    KGEMU_LAYERNORM_SEPARATE_TILING_FIELDS(KGEMU_LN_FIELD)
};
#undef KGEMU_LN_FIELD
static_assert(sizeof(LayerNormTiling) == 26 * 4, "LayerNormTiling: 26 four-byte fields");
static_assert(sizeof(LayerNormSeparateTiling) == 26 * 4, "LayerNormSeparateTiling: 26 four-byte fields");
}  // namespace tiling
}  // namespace AscendC

using LayerNormTiling = AscendC::tiling::LayerNormTiling;
using LayerNormSeparateTiling = AscendC::tiling::LayerNormSeparateTiling;

#endif  // KGEMU_LAYERNORM_TILING_DATA_H
