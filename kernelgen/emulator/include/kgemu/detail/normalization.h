// kernelgen CPU emulator (private, kernel side): the normalization library APIs of ops-nn's LayerNorm family on the
// Ascend 950 (asc-devkit 高阶API/归一化操作: LayerNorm.md's [A, R] form, WelfordUpdate.md, WelfordFinalize.md,
// Normalize.md), with their configs and parameter structs.
//
//   LayerNorm<U, T, isReuseSource, config>(y, mean, rstd, x, gamma, beta, eps[, tmp], para, tiling): per row a of
//     x [aLength, rLengthWithPadding] over its first rLength elements: mean = sum / R, var = sum (x - mean)^2 / R,
//     rstd = 1 / sqrt(var + eps) (config.isOutputRstd false: var is output instead), y = (x - mean) x rstd
//     [x gamma] [+ beta]. mean / rstd are float [aLength]; the padding of y is not written.
//   Normalize<U, T, isReuseSource, config>(y, rstd, mean, var, x, gamma, beta[, tmp], eps, para): the same y and rstd
//     from a given mean and variance.
//   WelfordUpdate<T, U, isReuseSource, config>(outMean, outM, inMean, inM, x[, tmp], para): per lane i <
//     abComputeLength, d = x - inMean, outMean = inMean + d x nRec, outM = inM + d x (x - outMean); lanes past it are
//     copied from the inputs with config.isInplace and not written otherwise.
//   WelfordFinalize<isReuseSource, config>(mean, var, inMean, inVar[, counts][, tmp], para): the abLength partial
//     means / M2s combined: lane weights c_i (counts, else headCount for the first headCountLength lanes and
//     tailCount after; no tail: tailCount or tailCountLength 0), mean = sum c_i m_i x rRec (no tail: sum m_i x
//     abRec), var = sum (v_i + c_i (m_i - mean)^2) x rRec (no tail: c_i = rnLength), rRecWithCorrection instead of
//     rRec with config.isCorrection. One mean and one variance are written.
// Sums are accumulated in double and rounded once to float (the NPU folds in float: close to, not bit-identical).
//
// Defects named with the call (the docs' constraints): an operand past its LocalTensor's view or not 32-byte aligned;
// R not fitting rLengthWithPadding, or rLengthWithPadding not 32-byte aligned; a sharedTmpBuffer smaller than the
// documented minimum on this SOC (LayerNorm: GetLayerNormMaxMinTmpSize's; WelfordFinalize: its tiling's) or
// overlapping an operand; dst overlapping x (LayerNorm / Normalize: "src和dst的Tensor空间不可以复用"); WelfordUpdate's
// rnLength other than 1, abLength not a multiple of 32 / sizeof(T), abComputeLength 0 or past abLength, x or the
// buffer overlapping an output; WelfordFinalize's abLength not a positive multiple of 8 or not headCountLength +
// tailCountLength. WelfordUpdate's outputs may be its mean / M2 inputs themselves (WelfordUpdateConfig's isInplace:
// "outputMean复用inputMean"; ops-nn's layer norms update in place), never partially overlap them.
// The sharedTmpBuffer is left poisoned (its contents are undefined after the call).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/normalization.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_NORMALIZATION_H
#define KGEMU_DETAIL_NORMALIZATION_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kgemu/detail/access.h"
#include "kgemu/detail/vec_common.h"
#include "kgemu/layernorm_tiling_data.h"

namespace AscendC {
#ifndef ASCC_ENUM_REDUCEPATTERN
#define ASCC_ENUM_REDUCEPATTERN
enum class ReducePattern : uint32_t {
    AR = 0, RA = 1, R, ARA, ARAR, ARARA, ARARAR, ARARARA, ARARARAR, ARARARARA, RAR, RARA, RARAR, RARARA, RARARAR,
    RARARARA,
};
#endif

struct LayerNormConfig {
    bool isNoBeta = false;
    bool isNoGamma = false;
    bool isOnlyOutput = false;
    bool isOutputRstd = true;
};
constexpr LayerNormConfig LNCFG_NORM = {false, false, false, true};
struct LayerNormPara {
    uint32_t aLength;
    uint32_t rLength;
    uint32_t rLengthWithPadding;
};
struct NormalizeConfig {
    ReducePattern reducePattern = ReducePattern::AR;
    int32_t aLength = -1;
    bool isNoBeta = false;
    bool isNoGamma = false;
    bool isOnlyOutput = false;
};
constexpr NormalizeConfig NLCFG_NORM = {ReducePattern::AR, -1, false, false, false};
constexpr NormalizeConfig NLCFG_NOBETA = {ReducePattern::AR, -1, true, false, false};
constexpr NormalizeConfig NLCFG_NOGAMMA = {ReducePattern::AR, -1, false, true, false};
constexpr NormalizeConfig NLCFG_NOGAMMA_NOBETA = {ReducePattern::AR, -1, true, true, false};
struct NormalizePara {
    uint32_t aLength;
    uint32_t rLength;
    uint32_t rLengthWithPadding;
};
struct WelfordUpdateConfig {
    constexpr WelfordUpdateConfig(const bool isInplaceIn) : isInplace(isInplaceIn) {}
    bool isInplace = false;
};
constexpr WelfordUpdateConfig WFUPDATE_DEFAULT_CFG = {false};
struct WelfordUpdateParam {
    uint32_t rnLength;
    uint32_t abLength;
    uint32_t abComputeLength;
    float nRec;
};
struct WelfordFinalizeConfig {
    constexpr WelfordFinalizeConfig(const bool isCorrectionIn) : isCorrection(isCorrectionIn) {}
    bool isCorrection = false;
};
constexpr WelfordFinalizeConfig WFFINALIZE_DEFAULT_CFG = {false};
struct WelfordFinalizePara {
    uint32_t rnLength;
    uint32_t abLength;
    uint32_t headCount;
    uint32_t headCountLength;
    uint32_t tailCount;
    uint32_t tailCountLength;
    float abRec;
    float rRec;
    float rRecWithCorrection;
};
}  // namespace AscendC

namespace kgemu {
namespace detail {

inline bool is_arch_950(const BlockState& b) { return b.soc != nullptr && b.soc->npu_arch == 3510; }

// The shared temporary buffer: in this block's UB, aligned, at least min_bytes (0: any size), apart from every
// operand; returns its pointer and size for the poisoning after the call (nullptr when absent).
struct NormOperand {
    const char* role;
    const void* p;
    uint64_t bytes;
};
inline uint8_t* norm_tmp(BlockState& b, const char* api, const AscendC::LocalTensor<uint8_t>* tmp, uint64_t min_bytes,
                         const char* min_source, std::initializer_list<NormOperand> ops, uint64_t& tbytes) {
    tbytes = 0;
    if (tmp == nullptr) return nullptr;
    tbytes = static_cast<uint64_t>(tmp->GetSize());
    if (tbytes < min_bytes) {
        fail(api, strf("sharedTmpBuffer holds %llu bytes, less than the %llu bytes %s gives as the minimum for this "
                       "call (the minimum is what the API needs to compute correctly)",
                       static_cast<unsigned long long>(tbytes), static_cast<unsigned long long>(min_bytes),
                       min_source));
    }
    uint8_t* t = ub_operand(b, api, "sharedTmpBuffer", *tmp, tbytes);
    for (const NormOperand& o : ops) {
        if (bytes_overlap(t, tbytes, o.p, o.bytes)) fail(api, strf("sharedTmpBuffer overlaps %s", o.role));
    }
    return t;
}

// The [A, R] row checks LayerNorm and Normalize share; returns R's padded stride.
template <typename T>
inline uint64_t norm_rows(const char* api, uint32_t aLength, uint32_t rLength, uint32_t rLengthWithPadding) {
    if (rLength == 0 || rLength > rLengthWithPadding) {
        fail(api, strf("para.rLength %u must be in [1, rLengthWithPadding %u]", rLength, rLengthWithPadding));
    }
    if (rLengthWithPadding * sizeof(T) % 32 != 0) {
        fail(api, strf("para.rLengthWithPadding %u is not 32-byte aligned for a %zu-byte type (it is R padded to "
                       "32 bytes)", rLengthWithPadding, sizeof(T)));
    }
    (void)aLength;
    return rLengthWithPadding;
}

// y = (x - mean) x rstd [x gamma] [+ beta] over the rows; mean / var per row in double.
template <typename U, typename T>
inline void norm_apply(T* y, const T* x, const U* gamma, const U* beta, uint32_t a, uint32_t r, uint64_t stride,
                       const double* mean, const double* rstd) {
    for (uint32_t i = 0; i < a; ++i) {
        for (uint32_t j = 0; j < r; ++j) {
            const uint64_t k = i * stride + j;
            double v = (static_cast<double>(to_f32(x[k])) - mean[i]) * rstd[i];
            if (gamma != nullptr) v *= static_cast<double>(to_f32(gamma[j]));
            if (beta != nullptr) v += static_cast<double>(to_f32(beta[j]));
            y[k] = from_f32<T>(static_cast<float>(v));
        }
    }
}

template <typename U, typename T, const AscendC::LayerNormConfig& config>
inline void layer_norm(const AscendC::LocalTensor<T>& output, const AscendC::LocalTensor<float>& outputMean,
                       const AscendC::LocalTensor<float>& outputRstd, const AscendC::LocalTensor<T>& inputX,
                       const AscendC::LocalTensor<U>& gamma, const AscendC::LocalTensor<U>& beta, float epsilon,
                       const AscendC::LocalTensor<uint8_t>* tmp, const AscendC::LayerNormPara& para) {
    static_assert(is_float_like<T>::value && is_float_like<U>::value, "LayerNorm takes half, bfloat16_t or float");
    static_assert(sizeof(U) >= sizeof(T), "LayerNorm: gamma / beta must be at least as precise as x (LayerNorm.md)");
    const char* api = "LayerNorm";
    auto& b = api_enter(api);
    if (config.isOnlyOutput) fail(api, "LayerNormConfig.isOnlyOutput must be false (LayerNorm.md: only false works)");
    const uint32_t a = para.aLength, r = para.rLength;
    const uint64_t stride = norm_rows<T>(api, a, r, para.rLengthWithPadding);
    if (a == 0) return;
    const uint64_t xn = (a - 1) * stride + r;
    note_vector(b, api, static_cast<uint64_t>(a) * r, sizeof(T), xn * sizeof(T));
    const T* x = ub_operand(b, api, "inputX", inputX, xn * sizeof(T));
    T* y = ub_operand(b, api, "output", output, xn * sizeof(T));
    float* mo = ub_operand(b, api, "outputMean", outputMean, a * 4ULL);
    float* ro = ub_operand(b, api, "outputRstd", outputRstd, a * 4ULL);
    const U* g = config.isNoGamma ? nullptr : ub_operand(b, api, "gamma", gamma, r * sizeof(U));
    const U* be = config.isNoBeta ? nullptr : ub_operand(b, api, "beta", beta, r * sizeof(U));
    if (bytes_overlap(y, xn * sizeof(T), x, xn * sizeof(T))) {
        fail(api, "output overlaps inputX; LayerNorm.md: src和dst的Tensor空间不可以复用 (no in-place form)");
    }
    for (const NormOperand& o : {NormOperand{"outputMean", mo, a * 4ULL}, NormOperand{"outputRstd", ro, a * 4ULL}}) {
        if (bytes_overlap(o.p, o.bytes, x, xn * sizeof(T)) || bytes_overlap(o.p, o.bytes, y, xn * sizeof(T)))
            fail(api, strf("%s overlaps inputX or output", o.role));
    }
    if (bytes_overlap(mo, a * 4ULL, ro, a * 4ULL)) fail(api, "outputMean overlaps outputRstd");
    // Ascend 950's minimum (GetLayerNormMaxMinTmpSize): R padded to one register of floats (64), its 64-float blocks
    // rounded up to 128, plus A floats (2 A with the variance output). Elsewhere the buffer is not checked here.
    uint64_t min_bytes = 0;
    if (is_arch_950(b)) {
        const uint64_t r64 = (r + 63ULL) / 64ULL * 64ULL;
        min_bytes = ((r64 / 64ULL + 127ULL) / 128ULL * 128ULL + a * (config.isOutputRstd ? 1ULL : 2ULL)) * 4ULL;
    }
    uint64_t tbytes = 0;
    uint8_t* t = norm_tmp(b, api, tmp, min_bytes, "GetLayerNormMaxMinTmpSize({aLength, rLength})",
                          {{"inputX", x, xn * sizeof(T)}, {"output", y, xn * sizeof(T)}, {"outputMean", mo, a * 4ULL},
                           {"outputRstd", ro, a * 4ULL}}, tbytes);
    ApiCall call(b, api, ::PIPE_V);
    call.read_extent(inputX, 0, xn);
    if (g != nullptr) call.read(gamma, 0, r);
    if (be != nullptr) call.read(beta, 0, r);
    call.write(output, 0, xn);  // the row padding counts as written (a conservative extent)
    call.write(outputMean, 0, a);
    call.write(outputRstd, 0, a);
    call.commit();
    std::vector<double> mean(a), rstd(a);
    for (uint32_t i = 0; i < a; ++i) {
        double s = 0.0;
        for (uint32_t j = 0; j < r; ++j) s += to_f32(x[i * stride + j]);
        mean[i] = s / r;
        double q = 0.0;
        for (uint32_t j = 0; j < r; ++j) {
            const double d = static_cast<double>(to_f32(x[i * stride + j])) - mean[i];
            q += d * d;
        }
        const double var = q / r;
        rstd[i] = 1.0 / std::sqrt(var + static_cast<double>(epsilon));
        mo[i] = static_cast<float>(mean[i]);
        ro[i] = static_cast<float>(config.isOutputRstd ? rstd[i] : var);
    }
    norm_apply<U, T>(y, x, g, be, a, r, stride, mean.data(), rstd.data());
    if (t != nullptr) std::memset(t, 0xFF, tbytes);
}

template <typename U, typename T, const AscendC::NormalizeConfig& config>
inline void normalize(const AscendC::LocalTensor<T>& output, const AscendC::LocalTensor<float>& outputRstd,
                      const AscendC::LocalTensor<float>& inputMean, const AscendC::LocalTensor<float>& inputVariance,
                      const AscendC::LocalTensor<T>& inputX, const AscendC::LocalTensor<U>& gamma,
                      const AscendC::LocalTensor<U>& beta, const AscendC::LocalTensor<uint8_t>* tmp, float epsilon,
                      const AscendC::NormalizePara& para) {
    static_assert(is_float_like<T>::value && is_float_like<U>::value, "Normalize takes half, bfloat16_t or float");
    static_assert(sizeof(U) >= sizeof(T), "Normalize: gamma / beta must be at least as precise as x (Normalize.md)");
    const char* api = "Normalize";
    auto& b = api_enter(api);
    if (config.isOnlyOutput) fail(api, "NormalizeConfig.isOnlyOutput must be false (Normalize.md)");
    if (config.reducePattern != AscendC::ReducePattern::AR) fail(api, "NormalizeConfig.reducePattern must be AR");
    const uint32_t a = para.aLength, r = para.rLength;
    const uint64_t stride = norm_rows<T>(api, a, r, para.rLengthWithPadding);
    if (a == 0) return;
    const uint64_t xn = (a - 1) * stride + r;
    note_vector(b, api, static_cast<uint64_t>(a) * r, sizeof(T), xn * sizeof(T));
    const T* x = ub_operand(b, api, "inputX", inputX, xn * sizeof(T));
    T* y = ub_operand(b, api, "output", output, xn * sizeof(T));
    float* ro = ub_operand(b, api, "outputRstd", outputRstd, a * 4ULL);
    const float* mi = ub_operand(b, api, "inputMean", inputMean, a * 4ULL);
    const float* vi = ub_operand(b, api, "inputVariance", inputVariance, a * 4ULL);
    const U* g = config.isNoGamma ? nullptr : ub_operand(b, api, "gamma", gamma, r * sizeof(U));
    const U* be = config.isNoBeta ? nullptr : ub_operand(b, api, "beta", beta, r * sizeof(U));
    if (bytes_overlap(y, xn * sizeof(T), x, xn * sizeof(T))) {
        fail(api, "output overlaps inputX; Normalize.md: src和dst的Tensor空间不可以复用 (no in-place form)");
    }
    uint64_t tbytes = 0;
    uint8_t* t = norm_tmp(b, api, tmp, 0, "GetNormalizeMaxMinTmpSize",
                          {{"inputX", x, xn * sizeof(T)}, {"output", y, xn * sizeof(T)}, {"outputRstd", ro, a * 4ULL},
                           {"inputMean", mi, a * 4ULL}, {"inputVariance", vi, a * 4ULL}}, tbytes);
    ApiCall call(b, api, ::PIPE_V);
    call.read_extent(inputX, 0, xn);
    call.read(inputMean, 0, a);
    call.read(inputVariance, 0, a);
    if (g != nullptr) call.read(gamma, 0, r);
    if (be != nullptr) call.read(beta, 0, r);
    call.write(output, 0, xn);
    call.write(outputRstd, 0, a);
    call.commit();
    std::vector<double> mean(a), rstd(a);
    for (uint32_t i = 0; i < a; ++i) {
        mean[i] = mi[i];
        rstd[i] = 1.0 / std::sqrt(static_cast<double>(vi[i]) + static_cast<double>(epsilon));
    }
    for (uint32_t i = 0; i < a; ++i) ro[i] = static_cast<float>(rstd[i]);
    norm_apply<U, T>(y, x, g, be, a, r, stride, mean.data(), rstd.data());
    if (t != nullptr) std::memset(t, 0xFF, tbytes);
}

template <typename T, typename U, const AscendC::WelfordUpdateConfig& config>
inline void welford_update(const AscendC::LocalTensor<U>& outputMean, const AscendC::LocalTensor<U>& outputVariance,
                           const AscendC::LocalTensor<U>& inputMean, const AscendC::LocalTensor<U>& inputVariance,
                           const AscendC::LocalTensor<T>& inputX, const AscendC::LocalTensor<uint8_t>* tmp,
                           const AscendC::WelfordUpdateParam& para) {
    static_assert(is_float_like<T>::value, "WelfordUpdate: inputX is half, bfloat16_t or float");
    static_assert(std::is_same<U, float>::value, "WelfordUpdate: the mean and variance operands are float");
    const char* api = "WelfordUpdate";
    auto& b = api_enter(api);
    if (para.rnLength != 1) fail(api, strf("para.rnLength is %u; WelfordUpdate.md: it must be 1", para.rnLength));
    if (para.abLength == 0 || para.abLength * sizeof(T) % 32 != 0) {
        fail(api, strf("para.abLength %u is not a positive multiple of 32 / sizeof(T) = %zu", para.abLength,
                       32 / sizeof(T)));
    }
    if (para.abComputeLength == 0 || para.abComputeLength > para.abLength) {
        fail(api, strf("para.abComputeLength %u must be in [1, abLength %u]", para.abComputeLength, para.abLength));
    }
    const uint64_t n = para.abLength, c = para.abComputeLength;
    note_vector(b, api, c, sizeof(T), n * sizeof(T));
    const T* x = ub_operand(b, api, "inputX", inputX, c * sizeof(T));
    const float* mi = ub_operand(b, api, "inputMean", inputMean, n * 4);
    const float* vi = ub_operand(b, api, "inputVariance", inputVariance, n * 4);
    float* mo = ub_operand(b, api, "outputMean", outputMean, n * 4);
    float* vo = ub_operand(b, api, "outputVariance", outputVariance, n * 4);
    // An output may be its own input (the whole view, in place), never part of another operand.
    const NormOperand outs[] = {{"outputMean", mo, n * 4}, {"outputVariance", vo, n * 4}};
    const NormOperand ins[] = {{"inputMean", mi, n * 4}, {"inputVariance", vi, n * 4}, {"inputX", x, c * sizeof(T)}};
    for (int o = 0; o < 2; ++o) {
        for (int i = 0; i < 3; ++i) {
            const bool own = i == o && outs[o].p == ins[i].p;
            if (!own && bytes_overlap(outs[o].p, outs[o].bytes, ins[i].p, ins[i].bytes))
                fail(api, strf("%s overlaps %s (only an output that is its own input, whole, is allowed)",
                               outs[o].role, ins[i].role));
        }
    }
    if (bytes_overlap(mo, n * 4, vo, n * 4)) fail(api, "outputMean overlaps outputVariance");
    uint64_t tbytes = 0;
    uint8_t* t = norm_tmp(b, api, tmp, 0, "GetWelfordUpdateMaxMinTmpSize",
                          {outs[0], outs[1], ins[0], ins[1], ins[2]}, tbytes);
    ApiCall call(b, api, ::PIPE_V);
    call.read(inputX, 0, c);
    call.read(inputMean, 0, config.isInplace ? n : c);
    call.read(inputVariance, 0, config.isInplace ? n : c);
    call.write(outputMean, 0, config.isInplace ? n : c);
    call.write(outputVariance, 0, config.isInplace ? n : c);
    call.commit();
    const double rec = para.nRec;
    for (uint64_t i = 0; i < c; ++i) {
        const double xv = to_f32(x[i]), m0 = mi[i], v0 = vi[i];
        const double m1 = m0 + (xv - m0) * rec;
        const double v1 = v0 + (xv - m0) * (xv - m1);
        mo[i] = static_cast<float>(m1);
        vo[i] = static_cast<float>(v1);
    }
    if (config.isInplace) {
        for (uint64_t i = c; i < n; ++i) {
            mo[i] = mi[i];
            vo[i] = vi[i];
        }
    }
    if (t != nullptr) std::memset(t, 0xFF, tbytes);
}

template <const AscendC::WelfordFinalizeConfig& config>
inline void welford_finalize(const AscendC::LocalTensor<float>& outputMean,
                             const AscendC::LocalTensor<float>& outputVariance,
                             const AscendC::LocalTensor<float>& inputMean,
                             const AscendC::LocalTensor<float>& inputVariance,
                             const AscendC::LocalTensor<int32_t>* counts, const AscendC::LocalTensor<uint8_t>* tmp,
                             const AscendC::WelfordFinalizePara& para) {
    const char* api = "WelfordFinalize";
    auto& b = api_enter(api);
    const uint64_t n = para.abLength;
    if (n == 0 || n % 8 != 0) {
        fail(api, strf("para.abLength %u is not a positive multiple of 8 (32 bytes)", para.abLength));
    }
    if (static_cast<uint64_t>(para.headCountLength) + para.tailCountLength != n) {
        fail(api, strf("para.headCountLength %u + tailCountLength %u must equal abLength %u", para.headCountLength,
                       para.tailCountLength, para.abLength));
    }
    if (!is_arch_950(b) && para.tailCount == 0 && para.tailCountLength != 0) {
        fail(api, "para.tailCount is 0 with a non-zero tailCountLength (WelfordFinalize.md forbids it on this SOC)");
    }
    note_vector(b, api, n, 4, n * 4);
    const float* mi = ub_operand(b, api, "inputMean", inputMean, n * 4);
    const float* vi = ub_operand(b, api, "inputVariance", inputVariance, n * 4);
    const int32_t* cn = counts == nullptr ? nullptr : ub_operand(b, api, "counts", *counts, n * 4);
    float* mo = ub_operand(b, api, "outputMean", outputMean, 4);
    float* vo = ub_operand(b, api, "outputVariance", outputVariance, 4);
    const NormOperand ops[] = {{"inputMean", mi, n * 4}, {"inputVariance", vi, n * 4}, {"counts", cn, cn ? n * 4 : 0},
                               {"outputMean", mo, 4}, {"outputVariance", vo, 4}};
    for (int o = 3; o < 5; ++o) {
        for (int i = 0; i < 5; ++i) {
            if (i != o && bytes_overlap(ops[o].p, ops[o].bytes, ops[i].p, ops[i].bytes))
                fail(api, strf("%s overlaps %s (WelfordFinalize.md: no overlap of sources and destinations)",
                               ops[o].role, ops[i].role));
        }
    }
    uint64_t min_bytes = 0;
    const char* min_source = "GetWelfordFinalizeMaxMinTmpSize";
    if (is_arch_950(b)) {
        uint64_t p = 1;
        while (p * 2 <= n) p *= 2;
        min_bytes = (n + (p / 64 + 127) / 128 * 128) * 4;
        min_source = "GetWelfordFinalizeMaxMinTmpSize({abLength})";
    }
    uint64_t tbytes = 0;
    uint8_t* t = norm_tmp(b, api, tmp, min_bytes, min_source, {ops[0], ops[1], ops[2], ops[3], ops[4]}, tbytes);
    ApiCall call(b, api, ::PIPE_V);
    call.read(inputMean, 0, n);
    call.read(inputVariance, 0, n);
    if (counts != nullptr) call.read(*counts, 0, n);
    call.write(outputMean, 0, 1);
    call.write(outputVariance, 0, 1);
    call.commit();
    const bool no_tail = cn == nullptr && (para.tailCount == 0 || para.tailCountLength == 0);
    auto weight = [&](uint64_t i) -> double {
        if (cn != nullptr) return cn[i];
        if (no_tail) return para.rnLength;
        return i < para.headCountLength ? para.headCount : para.tailCount;
    };
    double mean = 0.0;
    for (uint64_t i = 0; i < n; ++i) mean += no_tail ? static_cast<double>(mi[i]) : weight(i) * mi[i];
    mean *= no_tail ? static_cast<double>(para.abRec) : static_cast<double>(para.rRec);
    const float m32 = static_cast<float>(mean);
    double var = 0.0;
    for (uint64_t i = 0; i < n; ++i) {
        const double d = static_cast<double>(mi[i]) - m32;
        var += vi[i] + weight(i) * d * d;
    }
    var *= config.isCorrection ? static_cast<double>(para.rRecWithCorrection) : static_cast<double>(para.rRec);
    *mo = m32;
    *vo = static_cast<float>(var);
    if (t != nullptr) std::memset(t, 0xFF, tbytes);
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {
template <typename U, typename T, bool isReuseSource = false, const LayerNormConfig& config = LNCFG_NORM>
inline void LayerNorm(const LocalTensor<T>& output, const LocalTensor<float>& outputMean,
                      const LocalTensor<float>& outputRstd, const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
                      const LocalTensor<U>& beta, const float epsilon, const LocalTensor<uint8_t>& sharedTmpBuffer,
                      const LayerNormPara& para, const LayerNormSeparateTiling& tiling) {
    (void)tiling;
    kgemu::detail::layer_norm<U, T, config>(output, outputMean, outputRstd, inputX, gamma, beta, epsilon,
                                            &sharedTmpBuffer, para);
}
template <typename U, typename T, bool isReuseSource = false, const LayerNormConfig& config = LNCFG_NORM>
inline void LayerNorm(const LocalTensor<T>& output, const LocalTensor<float>& outputMean,
                      const LocalTensor<float>& outputRstd, const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
                      const LocalTensor<U>& beta, const float epsilon, const LayerNormPara& para,
                      const LayerNormSeparateTiling& tiling) {
    (void)tiling;
    kgemu::detail::layer_norm<U, T, config>(output, outputMean, outputRstd, inputX, gamma, beta, epsilon, nullptr,
                                            para);
}

template <typename U, typename T, bool isReuseSource = false, const NormalizeConfig& config = NLCFG_NORM>
inline void Normalize(const LocalTensor<T>& output, const LocalTensor<float>& outputRstd,
                      const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                      const LocalTensor<T>& inputX, const LocalTensor<U>& gamma, const LocalTensor<U>& beta,
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const float epsilon, const NormalizePara& para) {
    kgemu::detail::normalize<U, T, config>(output, outputRstd, inputMean, inputVariance, inputX, gamma, beta,
                                           &sharedTmpBuffer, epsilon, para);
}
template <typename U, typename T, bool isReuseSource = false, const NormalizeConfig& config = NLCFG_NORM>
inline void Normalize(const LocalTensor<T>& output, const LocalTensor<float>& outputRstd,
                      const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                      const LocalTensor<T>& inputX, const LocalTensor<U>& gamma, const LocalTensor<U>& beta,
                      const float epsilon, const NormalizePara& para) {
    kgemu::detail::normalize<U, T, config>(output, outputRstd, inputMean, inputVariance, inputX, gamma, beta,
                                           nullptr, epsilon, para);
}

template <typename T, typename U, bool isReuseSource = false, const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
inline void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance,
                          const LocalTensor<U>& inputMean, const LocalTensor<U>& inputVariance,
                          const LocalTensor<T>& inputX, const LocalTensor<uint8_t>& sharedTmpBuffer,
                          const WelfordUpdateParam& para) {
    kgemu::detail::welford_update<T, U, config>(outputMean, outputVariance, inputMean, inputVariance, inputX,
                                                &sharedTmpBuffer, para);
}
template <typename T, typename U, bool isReuseSource = false, const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
inline void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance,
                          const LocalTensor<U>& inputMean, const LocalTensor<U>& inputVariance,
                          const LocalTensor<T>& inputX, const WelfordUpdateParam& para) {
    kgemu::detail::welford_update<T, U, config>(outputMean, outputVariance, inputMean, inputVariance, inputX, nullptr,
                                                para);
}

template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
inline void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                            const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                            const LocalTensor<uint8_t>& sharedTmpBuffer, WelfordFinalizePara& para) {
    kgemu::detail::welford_finalize<config>(outputMean, outputVariance, inputMean, inputVariance, nullptr,
                                            &sharedTmpBuffer, para);
}
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
inline void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                            const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                            const LocalTensor<int32_t>& counts, const LocalTensor<uint8_t>& sharedTmpBuffer,
                            WelfordFinalizePara& para) {
    kgemu::detail::welford_finalize<config>(outputMean, outputVariance, inputMean, inputVariance, &counts,
                                            &sharedTmpBuffer, para);
}
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
inline void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                            const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                            WelfordFinalizePara& para) {
    kgemu::detail::welford_finalize<config>(outputMean, outputVariance, inputMean, inputVariance, nullptr, nullptr,
                                            para);
}
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
inline void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                            const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                            const LocalTensor<int32_t>& counts, WelfordFinalizePara& para) {
    kgemu::detail::welford_finalize<config>(outputMean, outputVariance, inputMean, inputVariance, &counts, nullptr,
                                            para);
}
}  // namespace AscendC

#endif  // KGEMU_DETAIL_NORMALIZATION_H
