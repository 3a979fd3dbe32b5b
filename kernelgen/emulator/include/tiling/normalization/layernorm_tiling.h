// kernelgen CPU emulator: the host side of the LayerNorm and WelfordUpdate kernel APIs (asc-devkit
// LayerNorm-Tiling.md, WelfordUpdate-Tiling.md), with the values asc-devkit's tiling computes
// (impl/adv_api/tiling/normalization/layernorm_tiling_impl.cpp). ops-nn's 950 LayerNorm family (ada_layer_norm,
// layer_norm_v3, layer_norm_v4, instance_norm and the operators built on them) sizes its UB with these.
//
// [A, R] LayerNorm (mean and rstd, or variance, out; isComputeRstd false = variance):
//   Ascend 950: minimum = maximum = 4 bytes x (ceil_128(R64 / 64) + A [+ A when the variance is output]), R64 = R
//     rounded up to 64 floats (one 256-byte vector register); the tiling holds rLength, rHeadLength (the largest
//     power of two, at least 64, not above R), oneTmpSize = log2(rHeadLength), k2Rec = 1 / 2^ceil(log2 R),
//     k2RRec = 2^ceil(log2 R) / R; the other fields stay 0.
//   Elsewhere: minimum 2 x RP x 4 + A x 4, maximum 2 x A x RP x 4 + A x 4 (RP = R padded to 32 bytes of the input
//     type, each term rounded up to 32 bytes), raised to Normalize's need plus A x 4; the tiling splits the buffer
//     into two float tiles of whole rows after a 32-byte-rounded variance area.
// [B, S, H] LayerNorm (mean and variance out; srcShape {B, S, H, originH}): minimum 3 x H x 4 + 2 x BS x 4,
//   maximum 3 x BSH x 4 + 2 x BS x 4 (each rounded up to 32 bytes; 2 tiles instead of 3 for a float input with
//   isReuseSource); the tiling cuts the buffer into tiles of whole H rows.
// WelfordUpdate: no buffer on Ascend 950; elsewhere 3 (half), 1 (float, isReuseSource) or 2 repeats of 256 bytes,
//   times the 64-float blocks of rn x ab for the maximum.
// What asc-devkit refuses (a zero type size, isOnlyOutput, a shape of the wrong rank, an empty shape) logs one line
// and leaves the outputs as they were, as CANN's host assert returns.
#ifndef KGEMU_TILING_NORMALIZATION_LAYERNORM_TILING_H
#define KGEMU_TILING_NORMALIZATION_LAYERNORM_TILING_H

#include <cstdint>
#include <cstdio>
#include <cstring>

#include "kgemu/layernorm_tiling_data.h"
#include "register/tilingdata_base.h"
#include "tiling/normalization/normalize_tiling.h"
#include "tiling/platform/platform_ascendc.h"

#ifndef KGEMU_TILING_DATA_AS_STRUCT
namespace optiling {
#define KGEMU_LN_HOST_FIELD(type, name) TILING_DATA_FIELD_DEF(type, name);
BEGIN_TILING_DATA_DEF(LayerNormTiling)
KGEMU_LAYERNORM_TILING_FIELDS(KGEMU_LN_HOST_FIELD)
END_TILING_DATA_DEF;
BEGIN_TILING_DATA_DEF(LayerNormSeparateTiling)
KGEMU_LAYERNORM_SEPARATE_TILING_FIELDS(KGEMU_LN_HOST_FIELD)
END_TILING_DATA_DEF;
#undef KGEMU_LN_HOST_FIELD
}  // namespace optiling
#endif

namespace AscendC {
namespace kg_norm {
inline bool refuse(const char* api, const char* fn, const char* why) {
    std::fprintf(stderr, "[ERROR] [%s][%s] %s\n", api, fn, why);
    return true;
}
inline uint32_t round_up(uint32_t v, uint32_t unit) { return (v + unit - 1U) / unit * unit; }
inline bool is_950(const platform_ascendc::PlatformAscendC* p) {
    const NpuArch a = p->GetCurNpuArch();
    return a == NpuArch::DAV_3510 || a == NpuArch::DAV_5102;
}
inline uint32_t pow2_floor(uint32_t n) {  // the largest power of two not above n (0 for 0)
    uint32_t k = 0U;
    for (uint32_t b = 1U; b != 0U && b <= n; b <<= 1U) k = b;
    return k;
}

// The [A, R] tiling (its fields as LayerNorm-Tiling.md names them); what asc-devkit leaves unset stays as it was.
template <typename ShapeT, typename TilingT>
inline void separate_tiling(const ShapeT& srcShape, uint32_t stackBufferSize, uint32_t typeSize, TilingT& t) {
    const char* fn = "GetLayerNormNDTilingInfo";
    if (typeSize == 0U && refuse("LayerNorm", fn, "typeSize can not be 0!")) return;
    auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    if (platform == nullptr && refuse("LayerNorm", fn, "Failed to get PlatformAscendC.")) return;
    const auto dims = srcShape.GetDims();
    if (dims.empty() && refuse("LayerNorm", fn, "srcShape has no dimension.")) return;
    if (is_950(platform)) {
        const uint32_t r = static_cast<uint32_t>(dims.back());
        uint32_t head = platform->GetVecRegLen() / sizeof(float);
        uint32_t k = 0U;
        for (uint32_t h = head; h > 1U; h >>= 1U) ++k;
        while (head * 2U <= r) {  // the fold: the largest power of two (at least one register) not above R
            head *= 2U;
            ++k;
        }
        uint32_t kOver = k;
        if ((1ULL << kOver) < r) ++kOver;
        const float over = static_cast<float>(1ULL << kOver);
        t.set_rLength(r);
        t.set_oneTmpSize(k);
        t.set_rHeadLength(head);
        t.set_k2Rec(1.0f / over);
        t.set_k2RRec(over / static_cast<float>(r));
        return;
    }
    if (dims.size() != 2U && refuse("LayerNorm", fn, "The dims of srcShape should be 2 (e.g. [A, R])!")) return;
    const uint32_t a = static_cast<uint32_t>(dims[0]), r = static_cast<uint32_t>(dims[1]);
    if ((a == 0U || r == 0U) && refuse("LayerNorm", fn, "Input Shape size must be greater than 0.")) return;
    const uint32_t rp = round_up(r, 32U / typeSize);
    const uint32_t xSize = a * rp, varSize = round_up(a, 8U), tmpBufSize = stackBufferSize / 4U;
    if (tmpBufSize < varSize) return;  // no tile fits
    uint32_t one = (tmpBufSize - varSize) / 2U / rp * rp;
    if (one > xSize) one = xSize;
    if (one == 0U) return;
    const uint32_t tail = xSize % one;
    t.set_aLength(a);
    t.set_rLength(r);
    t.set_inputXSize(xSize);
    t.set_meanVarSize(a);
    t.set_numberOfTmpBuf(2U);
    t.set_varianceTmpTensorPos(0U);
    t.set_varianceTmpTensorSize(varSize);
    t.set_tmpBufSize(tmpBufSize);
    t.set_oneTmpSize(one);
    t.set_firstTmpStartPos(varSize);
    t.set_secondTmpStartPos(varSize + one);
    t.set_loopRound(xSize / one);
    t.set_inputRoundSize(one);
    t.set_inputTailSize(tail);
    t.set_inputTailPos(xSize - tail);
    t.set_meanVarRoundSize(one / rp);
    t.set_meanVarTailSize(tail / rp);
    t.set_meanVarTailPos(a - tail / rp);
    t.set_arCurLength(one);
    t.set_aCurLength(one / rp);
    t.set_rValueBack(1.0f / static_cast<float>(r));
}

// The plain struct (kernel-side spelling) takes the same values by field.
struct PlainSeparate {
    tiling::LayerNormSeparateTiling& t;
#define KGEMU_LN_PLAIN(type, name) \
    void set_##name(type v) { t.name = v; }
    KGEMU_LAYERNORM_SEPARATE_TILING_FIELDS(KGEMU_LN_PLAIN)
#undef KGEMU_LN_PLAIN
};
struct PlainNd {
    tiling::LayerNormTiling& t;
#define KGEMU_LN_PLAIN(type, name) \
    void set_##name(type v) { t.name = v; }
    KGEMU_LAYERNORM_TILING_FIELDS(KGEMU_LN_PLAIN)
#undef KGEMU_LN_PLAIN
};

// [B, S, H] checks shared by its two host functions; false: refused.
template <typename ShapeT>
inline bool check_bsh(const char* fn, const ShapeT& srcShape, uint32_t typeSize) {
    if (srcShape.GetShapeSize() <= 0) return !refuse("LayerNorm", fn, "Input Shape size must be greater than 0.");
    if (srcShape.GetDimNum() != 4U)
        return !refuse("LayerNorm", fn,
                       "The dims of srcShape should be 4 (e.g. [B, S, storageHLength, originHLength])!");
    if (typeSize != 2U && typeSize != 4U) return !refuse("LayerNorm", fn, "Type size is unsupported!");
    return true;
}

template <typename ShapeT, typename TilingT>
inline void nd_tiling(const ShapeT& srcShape, uint32_t stackBufferSize, uint32_t typeSize, bool isReuseSource,
                      TilingT& t) {
    if (!check_bsh("GetLayerNormNDTilingInfo", srcShape, typeSize)) return;
    const auto d = srcShape.GetDims();
    const uint32_t b = static_cast<uint32_t>(d[0]), s = static_cast<uint32_t>(d[1]), h = static_cast<uint32_t>(d[2]);
    const uint32_t origH = static_cast<uint32_t>(d[3]);
    const uint32_t xSize = b * s * h, mvSize = b * s;
    const uint32_t bufs = isReuseSource && typeSize == 4U ? 2U : 3U;
    const uint32_t mvTmp = round_up(mvSize, 8U);
    const uint32_t mvTotal = typeSize == 4U ? 0U : 2U * mvTmp;
    const uint32_t tmpBufSize = stackBufferSize / 4U;
    if (tmpBufSize < mvTotal) return;
    uint32_t one = (tmpBufSize - mvTotal) / bufs / h * h;
    if (one > xSize) one = xSize;
    if (one == 0U) return;
    t.set_bLength(b);
    t.set_sLength(s);
    t.set_hLength(h);
    t.set_originalHLength(origH);
    t.set_inputXSize(xSize);
    t.set_meanVarSize(mvSize);
    t.set_numberOfTmpBuf(bufs);
    t.set_meanTmpTensorPos(0U);
    t.set_meanTmpTensorSize(mvTmp);
    t.set_varianceTmpTensorPos(mvTmp);
    t.set_varianceTmpTensorSize(mvTmp);
    t.set_tmpBufSize(tmpBufSize);
    t.set_oneTmpSize(one);
    t.set_firstTmpStartPos(mvTotal);
    t.set_secondTmpStartPos(mvTotal + one);
    t.set_thirdTmpStartPos(mvTotal + 2U * one);
    t.set_loopRound(xSize / one);
    t.set_inputRoundSize(one);
    t.set_inputTailSize(xSize % one);
    t.set_inputTailPos(xSize - xSize % one);
    t.set_meanVarRoundSize(one / h);
    t.set_meanVarTailSize(xSize % one / h);
    t.set_meanVarTailPos(mvSize - xSize % one / h);
    t.set_bshCurLength(one);
    t.set_bsCurLength(one / h);
    t.set_lastDimValueBack(1.0f / static_cast<float>(origH));
}
}  // namespace kg_norm

// [B, S, H] form (srcShape {B, S, storageH, originH}).
template <typename ShapeT>
inline void GetLayerNormMaxMinTmpSize(const ShapeT& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                      uint32_t& maxValue, uint32_t& minValue) {
    if (!kg_norm::check_bsh("GetLayerNormMaxMinTmpSize", srcShape, typeSize)) return;
    const auto d = srcShape.GetDims();
    const uint32_t bs = static_cast<uint32_t>(d[0] * d[1]), h = static_cast<uint32_t>(d[2]);
    const uint32_t mv = kg_norm::round_up(bs * 4U, 32U);
    const uint32_t bufs = isReuseSource && typeSize == 4U ? 2U : 3U;
    maxValue = bufs * kg_norm::round_up(bs * h * 4U, 32U) + 2U * mv;
    minValue = bufs * kg_norm::round_up(h * 4U, 32U) + 2U * mv;
}

// [A, R] form.
template <typename ShapeT>
inline void GetLayerNormMaxMinTmpSize(const ShapeT& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                      const bool isComputeRstd, const bool isOnlyOutput, uint32_t& maxValue,
                                      uint32_t& minValue) {
    const char* fn = "GetLayerNormMaxMinTmpSize";
    if (typeSize == 0U && kg_norm::refuse("LayerNorm", fn, "typeSize can not be 0!")) return;
    if (isOnlyOutput && kg_norm::refuse("LayerNorm", fn, "isOnlyOutput current only support false.")) return;
    auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    if (platform == nullptr && kg_norm::refuse("LayerNorm", fn, "Failed to get PlatformAscendC.")) return;
    const auto dims = srcShape.GetDims();
    if (dims.empty() && kg_norm::refuse("LayerNorm", fn, "srcShape has no dimension.")) return;
    if (kg_norm::is_950(platform)) {
        const uint32_t b32 = platform->GetVecRegLen() / 4U, b16 = platform->GetVecRegLen() / 2U;
        const uint32_t rPad = kg_norm::round_up(static_cast<uint32_t>(dims.back()), b32);
        const uint32_t a = static_cast<uint32_t>(dims.front());
        uint32_t len = kg_norm::round_up(rPad / b32, b16) + a;
        if (!isComputeRstd) len += a;
        minValue = maxValue = len * static_cast<uint32_t>(sizeof(float));
        return;
    }
    if (dims.size() != 2U && kg_norm::refuse("LayerNorm", fn, "The dims of srcShape should be 2 (e.g. [A, R])!"))
        return;
    const uint32_t a = static_cast<uint32_t>(dims[0]), r = static_cast<uint32_t>(dims[1]);
    const uint32_t rp = kg_norm::round_up(r, 32U / typeSize);
    const uint32_t mv = kg_norm::round_up(a * 4U, 32U);
    uint32_t maxV = 2U * kg_norm::round_up(a * rp * 4U, 32U) + mv;
    uint32_t minV = 2U * kg_norm::round_up(rp * 4U, 32U) + mv;
    uint32_t nMax = 0U, nMin = 0U;
    GetNormalizeMaxMinTmpSize(srcShape, typeSize, typeSize, isReuseSource, isComputeRstd, isOnlyOutput, nMax, nMin);
    if (minV - mv <= nMin) minV = nMin + mv;
    if (maxV - mv <= nMax) maxV = nMax + mv;
    maxValue = maxV;
    minValue = minV;
}

#ifndef KGEMU_TILING_DATA_AS_STRUCT
template <typename ShapeT>
inline void GetLayerNormNDTilingInfo(const ShapeT& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                     const bool isReuseSource, optiling::LayerNormTiling& tiling) {
    kg_norm::nd_tiling(srcShape, stackBufferSize, typeSize, isReuseSource, tiling);
}
template <typename ShapeT>
inline void GetLayerNormNDTilingInfo(const ShapeT& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                     const bool isReuseSource, const bool isComputeRstd,
                                     optiling::LayerNormSeparateTiling& tiling) {
    (void)isReuseSource;
    (void)isComputeRstd;
    kg_norm::separate_tiling(srcShape, stackBufferSize, typeSize, tiling);
}
#endif
template <typename ShapeT>
inline void GetLayerNormNDTilingInfo(const ShapeT& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                     const bool isReuseSource, tiling::LayerNormTiling& tiling) {
    kg_norm::PlainNd plain{tiling};
    kg_norm::nd_tiling(srcShape, stackBufferSize, typeSize, isReuseSource, plain);
}
template <typename ShapeT>
inline void GetLayerNormNDTilingInfo(const ShapeT& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                     const bool isReuseSource, const bool isComputeRstd,
                                     tiling::LayerNormSeparateTiling& tiling) {
    (void)isReuseSource;
    (void)isComputeRstd;
    kg_norm::PlainSeparate plain{tiling};
    kg_norm::separate_tiling(srcShape, stackBufferSize, typeSize, plain);
}

template <typename ShapeT>
inline void GetWelfordUpdateMaxMinTmpSize(const ShapeT& srcShape, const uint32_t typeSizeT, const uint32_t typeSizeU,
                                          const bool isReuseSource, const bool isInplace, uint32_t& maxValue,
                                          uint32_t& minValue) {
    (void)typeSizeU;
    (void)isInplace;
    const char* fn = "GetWelfordUpdateMaxMinTmpSize";
    auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    if (platform == nullptr && kg_norm::refuse("WelfordUpdate", fn, "Failed to get PlatformAscendC.")) return;
    if (kg_norm::is_950(platform)) {
        minValue = maxValue = 0U;
        return;
    }
    const auto dims = srcShape.GetDims();
    if (dims.size() != 2U && kg_norm::refuse("WelfordUpdate", fn, "srcShape dims must be 2.")) return;
    minValue = (typeSizeT == 2U ? 3U : (isReuseSource ? 1U : 2U)) * 256U;
    maxValue = kg_norm::round_up(static_cast<uint32_t>(dims[0] * dims[1]), 64U) / 64U * minValue;
}
}  // namespace AscendC

#endif  // KGEMU_TILING_NORMALIZATION_LAYERNORM_TILING_H
