// kernelgen CPU emulator (private, kernel side): the cube's basic API (hicann/asc-devkit docs, 基础API/矩阵计算
// （ISASI）): Mmad with MmadParams, LoadData L1 -> L0A/L0B with LoadData2DParams (2201) and LoadData2DParamsV2
// (3510), Fixpipe L0C -> GM with FixpipeParamsV220 / FixpipeParamsArch3510 / FixpipeParamsC310.
//
// Fractal layouts (矩阵计算分形介绍/关键分形格式详解.md), C0 = 32 bytes of the input type, fractals of 16 x C0:
//   - A (M x K) in L0A: Zz on 2201 ((M1, K1, 16, C0): fractal rows first), Nz on 3510 ((K1, M1, 16, C0));
//   - B (K x N) in L0B: Zn ((K1, N1, 16 n, C0 k): fractal rows first, each fractal n-major);
//   - C (M x N) in L0C: Nz with 16 x 16 fractals ((N1, M1, 16, 16)),
// M1 = ceil(m / 16), K1 = ceil(k / C0), N1 = ceil(n / 16) of the MmadParams. The cube multiplies in float (int8 in
// int32) and accumulates into L0C: cmatrixInitVal starts C at 0, cmatrixSource from the bias table (C2), else (or
// with the deprecated isBias) C accumulates onto what L0C holds.
// Misuse the docs forbid is a defect naming the call: an operand in the wrong memory (fm not in L0A, ...), a view
// too small for the fractals the parameters name, m/n/k past 4095; an input type pair the cube does not take is a
// compile error. Not emulated (a failure naming the call): transposing LoadData, quantising Fixpipe modes,
// NZ2DN and channel split.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/cube.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_CUBE_H
#define KGEMU_DETAIL_CUBE_H

#include <type_traits>

#include "kgemu/detail/access.h"
#include "kgemu/detail/cube_mem.h"
#include "kgemu/detail/tensor.h"

// Fixpipe's conversion modes: a type of the device compiler (CANN declares it at global scope; kernels name it
// unqualified), with the modes ops-nn's kernels name. The emulator converts NoQuant, F322F16 and F322BF16.
enum class QuantMode_t : uint8_t {
    NoQuant = 0,
    F322F16,
    F322BF16,
    DEQF16,
    VDEQF16,
    QF322B8_PRE,
    VQF322B8_PRE,
    REQ8,
    VREQ8,
    DEQS16,
    VDEQS16,
    REQ4,
    VREQ4,
    QF162B8_PRE,
    VQF162B8_PRE,
    QF162S4_PRE,
    VQF162S4_PRE,
    QF162S16_PRE,
    VQF162S16_PRE,
    QF322F16_PRE,
    VQF322F16_PRE,
    QF322BF16_PRE,
    VQF322BF16_PRE,
    QF322F32_PRE,
    VQF322F32_PRE,
    QS322BF16_PRE,
    VQS322BF16_PRE,
    QF322FP8_PRE,
    VQF322FP8_PRE,
    QF322HIF8_PRE,
    VQF322HIF8_PRE,
    QF322HIF8_PRE_HYBRID,
    VQF322HIF8_PRE_HYBRID,
};

namespace AscendC {

using ::QuantMode_t;
enum class ClipReluMode { NOCLIP_RELU = 0, CLIP_RELU = 1 };
enum class ReluMode { NO_RELU = 0, NORMAL_RELU = 1, SCALAR_RELU = 2, VECTOR_RELU = 3 };

struct MmadParams {
    MmadParams() {}
    MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn, const bool isBiasIn, const int32_t fmOffsetIn,
               const bool enSsparseIn, const bool enWinogradAIn, const bool enWinogradBIn)
        : m(mIn), n(nIn), k(kIn), isBias(isBiasIn), fmOffset(fmOffsetIn), enSsparse(enSsparseIn),
          enWinogradA(enWinogradAIn), enWinogradB(enWinogradBIn) {}
    MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn, const uint8_t unitFlagIn,
               const bool cmatrixSourceIn, const bool cmatrixInitValIn)
        : m(mIn), n(nIn), k(kIn), unitFlag(unitFlagIn), cmatrixSource(cmatrixSourceIn),
          cmatrixInitVal(cmatrixInitValIn) {}
    uint16_t m = 0;
    uint16_t n = 0;
    uint16_t k = 0;
    bool isBias = false;  // deprecated: true accumulates onto L0C
    int32_t fmOffset = 0;
    bool enSsparse = false;
    bool enWinogradA = false;
    bool enWinogradB = false;
    uint8_t unitFlag = 0;
    bool kDirectionAlign = false;
    bool cmatrixSource = false;
    bool cmatrixInitVal = true;
    bool disableGemv = false;
};

// L1 -> L0A/L0B, 2201: repeatTimes fractals (512 bytes each) from fractal startIndex, srcStride fractals apart in
// L1, dstGap fractals between them in L0
struct LoadData2DParams {
    LoadData2DParams() {}
    LoadData2DParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn, const uint16_t srcStrideIn,
                     const uint8_t sidIn, const uint16_t dstGapIn, const bool ifTransposeIn, const uint8_t addrModeIn)
        : startIndex(startIndexIn), dstGap(dstGapIn), srcStride(srcStrideIn), ifTranspose(ifTransposeIn),
          repeatTimes(repeatTimesIn), sid(sidIn), addrMode(addrModeIn) {}
    uint16_t startIndex = 0;
    uint16_t dstGap = 0;
    uint16_t srcStride = 0;
    bool ifTranspose = false;
    uint8_t repeatTimes = 0;
    uint8_t sid = 0;
    uint8_t addrMode = 0;
};

// L1 -> L0A/L0B, 3510 (LoadData_2D_V2.md): mStep x kStep fractals of the L1 Nz matrix from fractal
// (kStartPosition * srcStride + mStartPosition); fractal (k, m) of them lands at k * dstStride + m in L0
struct LoadData2DParamsV2 {
    LoadData2DParamsV2() {}
    LoadData2DParamsV2(const uint32_t mStartPositionIn, const uint32_t kStartPositionIn, const uint16_t mStepIn,
                       const uint16_t kStepIn, const int32_t srcStrideIn, const uint16_t dstStrideIn,
                       const bool ifTransposeIn, const uint8_t sidIn)
        : mStartPosition(mStartPositionIn), kStartPosition(kStartPositionIn), mStep(mStepIn), kStep(kStepIn),
          srcStride(srcStrideIn), dstStride(dstStrideIn), ifTranspose(ifTransposeIn), sid(sidIn) {}
    uint32_t mStartPosition = 0;
    uint32_t kStartPosition = 0;
    uint16_t mStep = 0;
    uint16_t kStep = 0;
    int32_t srcStride = 0;
    uint16_t dstStride = 0;
    bool ifTranspose = false;
    uint8_t sid = 0;
};

// Load2DBitModeParam (LoadData_2D_BitMode.md; include/basic_api/kernel_operator_mm_bitmode_intf.h): LoadData2DParamsV2's
// fields packed into the instruction's two configuration words, set one by one; LoadData<DstPos, SrcPos>(dst, src,
// it) moves what LoadData2DParamsV2 would. The emulator keeps the fields unpacked.
class Load2DBitModeParam {
public:
    Load2DBitModeParam() {}
    explicit Load2DBitModeParam(const LoadData2DParamsV2& p) : p_(p) {}
    void SetMStartPosition(uint32_t v) { p_.mStartPosition = v; }
    void SetKStartPosition(uint32_t v) { p_.kStartPosition = v; }
    void SetMStep(uint16_t v) { p_.mStep = v; }
    void SetKStep(uint16_t v) { p_.kStep = v; }
    void SetSrcStride(int32_t v) { p_.srcStride = v; }
    void SetDstStride(uint16_t v) { p_.dstStride = v; }
    void SetIfTranspose(bool v) { p_.ifTranspose = v; }
    uint32_t GetMStartPosition() const { return p_.mStartPosition; }
    uint32_t GetKStartPosition() const { return p_.kStartPosition; }
    uint16_t GetMStep() const { return p_.mStep; }
    uint16_t GetKStep() const { return p_.kStep; }
    int32_t GetSrcStride() const { return p_.srcStride; }
    uint16_t GetDstStride() const { return p_.dstStride; }
    uint64_t GetIfTranspose() const { return p_.ifTranspose; }
    const LoadData2DParamsV2& kg_params() const { return p_; }
    // the raw configuration words' bit layout is not on the page: writing them whole is a compile error
    template <typename U = void>
    void SetConfig0(uint64_t) {
        static_assert(kgemu::detail::kernel_false<U>::value,
                      "kgemu: Load2DBitModeParam::SetConfig0 (a raw configuration word) is not emulated yet by "
                      "kernelgen's CPU emulator");
    }
    template <typename U = void>
    void SetConfig1(uint64_t) {
        static_assert(kgemu::detail::kernel_false<U>::value,
                      "kgemu: Load2DBitModeParam::SetConfig1 (a raw configuration word) is not emulated yet by "
                      "kernelgen's CPU emulator");
    }

private:
    LoadData2DParamsV2 p_;
};

// Dn2NzParams (GMToL1随路转换-DN2NZ搬运（DataCopy）.md, 表3): DN matrices (dValue rows of nValue columns, rows
// srcDValue elements apart) copied GM -> L1 as NZ; each source column becomes one Z row.
struct Dn2NzParams {
    Dn2NzParams() {}
    Dn2NzParams(const uint16_t dnNumIn, const uint16_t nValueIn, const uint32_t dValueIn,
                const uint64_t srcDnMatrixStrideIn, const uint64_t srcDValueIn, const uint16_t dstNzC0StrideIn,
                const uint16_t dstNzNStrideIn, const uint32_t dstNzMatrixStrideIn)
        : dnNum(dnNumIn), nValue(nValueIn), dValue(dValueIn), srcDnMatrixStride(srcDnMatrixStrideIn),
          srcDValue(srcDValueIn), dstNzC0Stride(dstNzC0StrideIn), dstNzNStride(dstNzNStrideIn),
          dstNzMatrixStride(dstNzMatrixStrideIn) {}
    uint16_t dnNum = 0;
    uint16_t nValue = 0;
    uint32_t dValue = 0;
    uint64_t srcDnMatrixStride = 0;
    uint64_t srcDValue = 0;
    uint16_t dstNzC0Stride = 0;
    uint16_t dstNzNStride = 0;
    uint32_t dstNzMatrixStride = 0;
};

// The cube's mode registers (寄存器配置说明: SetHF32Mode.md, SetHF32TransMode.md, SetMMColumnMajor-SetMMRowMajor.md)
enum class HF32Mode { ENABLE, DISABLE };
enum class HF32TransMode { NEAREST_ZERO, NEAREST_EVEN };

// LoadData (convolution, img2col) L1 -> L0A/L0B (LoadData_3D.md): the structs, so kernels compile; the transfer
// itself is not emulated yet (a compile error naming it when a kernel instantiates it)
struct IsResetLoad3dConfig {
    bool isSetFMatrix = true;
    bool isSetPadding = true;
};
constexpr IsResetLoad3dConfig IS_RESER_LOAD3D_DEFAULT_CONFIG = {true, true};
template <typename U>
struct LoadData3DParamsV2 {
    uint8_t padList[4] = {0, 0, 0, 0};
    uint16_t l1H = 0;
    uint16_t l1W = 0;
    uint16_t channelSize = 0;
    uint16_t kExtension = 0;
    uint16_t mExtension = 0;
    uint16_t kStartPt = 0;
    uint16_t mStartPt = 0;
    uint8_t strideW = 1;
    uint8_t strideH = 1;
    uint8_t filterW = 1;
    uint8_t filterH = 1;
    uint8_t dilationFilterW = 1;
    uint8_t dilationFilterH = 1;
    bool enTranspose = false;
    bool enSmallK = false;
    U padValue = 0;
    bool filterSizeW = false;
    bool filterSizeH = false;
    bool fMatrixCtrl = false;
};
template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG, typename U = T>
inline void LoadData(const LocalTensor<T>&, const LocalTensor<T>&, const LoadData3DParamsV2<U>&) {
    static_assert(kgemu::detail::kernel_false<T, U>::value,
                  "kgemu: LoadData with LoadData3DParamsV2 (img2col) is not emulated yet by kernelgen's CPU emulator");
}

enum class CO2Layout : uint8_t { NZ = 0, ROW_MAJOR, COLUMN_MAJOR };
struct FixpipeConfig {
    constexpr FixpipeConfig(CO2Layout formatIn) : format(formatIn) {}
    constexpr FixpipeConfig(CO2Layout formatIn, bool isToUBIn) : format(formatIn), isToUB(isToUBIn) {}
    constexpr FixpipeConfig(CO2Layout formatIn, bool isToUBIn, bool enableFixValIn)
        : format(formatIn), isToUB(isToUBIn), enableFixVal(enableFixValIn) {}
    CO2Layout format;
    bool isToUB = false;
    bool enableFixVal = false;
};
constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ, false};
constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR, false};
constexpr FixpipeConfig CFG_COLUMN_MAJOR = {CO2Layout::COLUMN_MAJOR, false};

// L0C -> GM, 2201 field order (nSize, mSize, srcStride, dstStride, ...): the ND form (CFG_ROW_MAJOR) writes
// ndNum matrices, srcNdStride x 256 elements apart in L0C and dstNdStride elements apart in GM
struct FixpipeParamsV220 {
    FixpipeParamsV220() {}
    FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                      const uint32_t dstStrideIn, const bool reluEnIn)
        : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn), reluEn(reluEnIn) {}
    uint16_t nSize = 0;
    uint16_t mSize = 0;
    uint16_t srcStride = 0;  // units of 16 elements (a fractal row): ceil(mSize / 16) * 16
    uint32_t dstStride = 0;  // ND: elements per row of dst; NZ: 32-byte blocks between fractal columns
    QuantMode_t quantPre = QuantMode_t::NoQuant;
    uint64_t deqScalar = 0;
    uint16_t ndNum = 1;
    uint16_t srcNdStride = 0;
    uint16_t dstNdStride = 0;
    bool reluEn = false;
    uint8_t unitFlag = 0;
    bool isChannelSplit = false;
};
using FixpipeParamsM300 = FixpipeParamsV220;
using FixpipeParamsM310 = FixpipeParamsV220;

struct Nz2NdParams {
    uint16_t ndNum = 1;
    uint16_t srcNdStride = 0;
    uint32_t dstNdStride = 0;
};
struct Nz2DnParams {
    uint16_t dnNum = 1;
    uint16_t srcNzMatrixStride = 0;
    uint32_t dstDnMatrixStride = 0;
    uint16_t srcNzC0Stride = 0;
};
namespace kgemu_fix {
template <CO2Layout F> struct Transform { using type = uint8_t; };
template <> struct Transform<CO2Layout::ROW_MAJOR> { using type = Nz2NdParams; };
template <> struct Transform<CO2Layout::COLUMN_MAJOR> { using type = Nz2DnParams; };
}  // namespace kgemu_fix

// L0C -> GM, 3510: the same sizes; the ND form's extra matrices in params (Nz2NdParams)
template <CO2Layout format = CO2Layout::ROW_MAJOR>
struct FixpipeParamsArch3510 {
    FixpipeParamsArch3510() {}
    FixpipeParamsArch3510(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                          const uint32_t dstStrideIn)
        : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn) {}
    ReluMode preReluMode = ReluMode::NO_RELU;
    ClipReluMode preClipReluMode = ClipReluMode::NOCLIP_RELU;
    uint64_t reluScalar = 0;
    uint64_t vectorRelu = 0;
    uint16_t nSize = 0;
    uint16_t mSize = 0;
    uint16_t srcStride = 0;
    uint32_t dstStride = 0;
    QuantMode_t quantPre = QuantMode_t::NoQuant;
    uint64_t deqScalar = 0;
    bool reluEn = false;
    uint8_t unitFlag = 0;
    uint8_t dualDstCtl = 0;
    bool subBlockId = false;
    typename kgemu_fix::Transform<format>::type params;
    bool isChannelSplit = false;
};
template <CO2Layout format = CO2Layout::ROW_MAJOR>
struct FixpipeParamsC310 : FixpipeParamsArch3510<format> {
    FixpipeParamsC310() : FixpipeParamsArch3510<format>() {}
    FixpipeParamsC310(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                      const uint32_t dstStrideIn)
        : FixpipeParamsArch3510<format>(nSizeIn, mSizeIn, srcStrideIn, dstStrideIn) {}
};

}  // namespace AscendC

namespace kgemu {
namespace detail {

// The operand's memory, checked against the one the API takes (fm in L0A, ...).
template <typename T>
inline uint64_t cube_operand(BlockState& b, const char* api, const char* role, const AscendC::LocalTensor<T>& t,
                             AscendC::Hardware want, uint64_t elems) {
    if (t.kg_addr == nullptr) fail(api, strf("%s is an empty LocalTensor", role));
    const uint64_t off = static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(t.kg_addr) - b.ub);
    const AscendC::Hardware at = memory_at(*b.soc, off);
    if (at != want) {
        fail(api, strf("%s is in %s (TPosition %s); %s takes it from %s", role, memory_name(at),
                       position_name(t.kg_pos), api, memory_name(want)));
    }
    const uint64_t have = static_cast<uint64_t>(t.kg_size);
    if (elems > have) {
        fail(api, strf("%s: the parameters address %llu elements of %s, the LocalTensor holds %llu", role,
                       static_cast<unsigned long long>(elems), dtype_info<T>::name,
                       static_cast<unsigned long long>(have)));
    }
    return off;
}

template <typename T>
inline float cube_in(T v) {
    if constexpr (std::is_same<T, int8_t>::value) {
        return static_cast<float>(v);
    } else {
        return to_f32(v);
    }
}

template <typename A, typename B, typename C>
struct cube_types_ok
    : std::integral_constant<bool, std::is_same<A, B>::value &&
                                       ((std::is_same<A, int8_t>::value && std::is_same<C, int32_t>::value) ||
                                        ((std::is_same<A, half>::value || std::is_same<A, bfloat16_t>::value ||
                                          std::is_same<A, float>::value) &&
                                         std::is_same<C, float>::value))> {};

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

// C (L0C) = A (L0A) x B (L0B) [+ bias (BT) | + C]
template <typename Tc, typename Ta, typename Tb>
inline void kg_mmad(const LocalTensor<Tc>& dst, const LocalTensor<Ta>& fm, const LocalTensor<Tb>& filter,
                    const LocalTensor<Tc>* bias, const MmadParams& p) {
    static_assert(kgemu::detail::cube_types_ok<Ta, Tb, Tc>::value,
                  "kgemu: Mmad: the cube takes int8 x int8 -> int32_t and half / bfloat16_t / float pairs -> float "
                  "(Mmad.md, 数据类型); 8-bit floats are not emulated");
    const char* api = "Mmad";
    auto& b = kgemu::detail::api_enter(api);
    if (p.m > 4095 || p.n > 4095 || p.k > 4095) {
        kgemu::detail::fail(api, kgemu::detail::strf("m %u, n %u, k %u: each must be in [0, 4095]", p.m, p.n, p.k));
    }
    if (p.m == 0 || p.n == 0 || p.k == 0) return;
    const uint64_t c0 = 32 / sizeof(Ta);
    const uint64_t m1 = (p.m + 15) / 16, n1 = (p.n + 15) / 16, k1 = (p.k + c0 - 1) / c0;
    using H = Hardware;
    kgemu::detail::cube_operand(b, api, "fm", fm, H::L0A, m1 * 16 * k1 * c0);
    kgemu::detail::cube_operand(b, api, "filter", filter, H::L0B, n1 * 16 * k1 * c0);
    kgemu::detail::cube_operand(b, api, "dst", dst, H::L0C, m1 * n1 * 256);
    if (bias != nullptr) kgemu::detail::cube_operand(b, api, "bias", *bias, H::BIAS, p.n);
    const bool from_bias = bias != nullptr || (!p.cmatrixInitVal && p.cmatrixSource);
    const bool accumulate = bias == nullptr && !from_bias && (!p.cmatrixInitVal || p.isBias);
    {
        kgemu::detail::ApiCall call(b, api, ::PIPE_M);
        call.read(fm, 0, m1 * 16 * k1 * c0).read(filter, 0, n1 * 16 * k1 * c0);
        if (bias != nullptr) call.read(*bias, 0, p.n);
        if (accumulate) call.read(dst, 0, m1 * n1 * 256);
        call.write(dst, 0, m1 * n1 * 256);
        call.commit();
    }
    if (!p.cmatrixInitVal && p.cmatrixSource && bias == nullptr) {
        kgemu::detail::fail(api, "cmatrixSource takes C's initial values from the bias table: call the Mmad "
                                 "overload with a bias LocalTensor (TPosition C2)");
    }
    if (std::is_same<Ta, float>::value && b.hf32) {
        kgemu::detail::fail(api, "a float Mmad in HF32 mode (SetHF32Mode ENABLE: FP32 rounded to HF32 first) is not "
                                 "emulated yet by kernelgen's CPU emulator");
    }
    const bool nz_a = b.soc->npu_arch == 3510;  // 950: A in Nz; 2201 and earlier: Zz
    using Acc = typename std::conditional<std::is_same<Ta, int8_t>::value, int64_t, double>::type;
    for (uint64_t n = 0; n < p.n; ++n) {
        for (uint64_t m = 0; m < p.m; ++m) {
            Acc s = 0;
            for (uint64_t k = 0; k < p.k; ++k) {
                const uint64_t ai = nz_a ? ((k / c0) * m1 + m / 16) * 16 * c0 + (m % 16) * c0 + k % c0
                                         : ((m / 16) * k1 + k / c0) * 16 * c0 + (m % 16) * c0 + k % c0;
                const uint64_t bi = ((k / c0) * n1 + n / 16) * 16 * c0 + (n % 16) * c0 + k % c0;
                if constexpr (std::is_same<Ta, int8_t>::value) {
                    s += static_cast<Acc>(fm.kg_addr[ai]) * static_cast<Acc>(filter.kg_addr[bi]);
                } else {
                    s += static_cast<Acc>(kgemu::detail::cube_in(fm.kg_addr[ai])) *
                         static_cast<Acc>(kgemu::detail::cube_in(filter.kg_addr[bi]));
                }
            }
            Tc& c = dst.kg_addr[((n / 16) * m1 + m / 16) * 256 + (m % 16) * 16 + n % 16];
            const Tc start = from_bias ? bias->kg_addr[n] : accumulate ? c : Tc(0);
            c = static_cast<Tc>(static_cast<Acc>(start) + s);
        }
    }
}

template <typename Tc, typename Ta, typename Tb>
inline void Mmad(const LocalTensor<Tc>& dst, const LocalTensor<Ta>& fm, const LocalTensor<Tb>& filter,
                 const MmadParams& p) {
    kg_mmad(dst, fm, filter, static_cast<const LocalTensor<Tc>*>(nullptr), p);
}
template <typename Tc, typename Ta, typename Tb, typename Tbias>
inline void Mmad(const LocalTensor<Tc>& dst, const LocalTensor<Ta>& fm, const LocalTensor<Tb>& filter,
                 const LocalTensor<Tbias>& bias, const MmadParams& p) {
    static_assert(std::is_same<Tbias, Tc>::value, "kgemu: Mmad: the bias type is C's (Mmad.md, 表6)");
    kg_mmad(dst, fm, filter, &bias, p);
}

namespace kgemu_cube {
// One 512-byte fractal copy L1 -> L0 for LoadData; dst fractal d, src fractal s (in fractal units of T)
template <typename T>
inline void copy_fractals(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t dst_frac_end,
                          uint64_t src_frac_end, const uint64_t* pairs, uint64_t n) {
    auto& b = kgemu::detail::api_enter(api);
    const uint64_t fe = 512 / sizeof(T);
    const Hardware to = kgemu::detail::memory_at(*b.soc, static_cast<uint64_t>(
                                                             reinterpret_cast<const uint8_t*>(dst.kg_addr) - b.ub));
    kgemu::detail::cube_operand(b, api, "dst", dst, to == Hardware::L0B ? Hardware::L0B : Hardware::L0A,
                                dst_frac_end * fe);
    kgemu::detail::cube_operand(b, api, "src", src, Hardware::L1, src_frac_end * fe);
    {
        kgemu::detail::ApiCall call(b, api, ::PIPE_MTE1);
        call.read_extent(src, 0, src_frac_end * fe).write(dst, 0, dst_frac_end * fe);
        call.commit();
    }
    for (uint64_t i = 0; i < n; ++i) {
        std::memcpy(dst.kg_addr + pairs[2 * i] * fe, src.kg_addr + pairs[2 * i + 1] * fe, 512);
    }
}
}  // namespace kgemu_cube

template <typename T>
inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParamsV2& p) {
    const char* api = "LoadData";
    if (p.ifTranspose) {
        kgemu::detail::fail(api, "LoadData2DParamsV2 with ifTranspose is not emulated yet by kernelgen's CPU emulator");
    }
    if (p.mStep == 0 || p.kStep == 0) return;  // a NOP
    std::vector<uint64_t> pairs;
    uint64_t dmax = 0, smax = 0;
    for (uint64_t k = 0; k < p.kStep; ++k) {
        for (uint64_t m = 0; m < p.mStep; ++m) {
            const int64_t s = (static_cast<int64_t>(p.kStartPosition) + static_cast<int64_t>(k)) * p.srcStride +
                              p.mStartPosition + m;
            if (s < 0) kgemu::detail::fail(api, "a negative srcStride addresses before the source");
            const uint64_t d = k * p.dstStride + m;
            pairs.push_back(d);
            pairs.push_back(static_cast<uint64_t>(s));
            dmax = std::max(dmax, d + 1);
            smax = std::max(smax, static_cast<uint64_t>(s) + 1);
        }
    }
    kgemu_cube::copy_fractals(api, dst, src, dmax, smax, pairs.data(), pairs.size() / 2);
}

// LoadData (convolution) by its bit-mode parameter (LoadData_3D_BitMode.md): LoadData3DParamsV2's fields set one by
// one; like LoadData3DParamsV2, the img2col transfer itself is a compile error naming it.
class Load3DBitModeParam {
public:
    Load3DBitModeParam() {}
    void SetKExtension(uint16_t v) { kExtension_ = v; }
    void SetMExtension(uint16_t v) { mExtension_ = v; }
    void SetKStartPt(uint16_t v) { kStartPt_ = v; }
    void SetMStartPt(uint16_t v) { mStartPt_ = v; }
    void SetStrideW(uint8_t v) { strideW_ = v; }
    void SetStrideH(uint8_t v) { strideH_ = v; }
    void SetFilterW(uint8_t v) { filterW_ = v; }
    void SetFilterH(uint8_t v) { filterH_ = v; }
    void SetDilationFilterW(uint8_t v) { dilationW_ = v; }
    void SetDilationFilterH(uint8_t v) { dilationH_ = v; }
    void SetFilterSizeW(bool v) { filterSizeW_ = v; }
    void SetFilterSizeH(bool v) { filterSizeH_ = v; }
    void SetTranspose(bool v) { transpose_ = v; }
    void SetFMatrixCtrl(bool v) { fmatrixCtrl_ = v; }
    void SetChannelSize(uint16_t v) { channelSize_ = v; }
    uint16_t GetKExtension() const { return kExtension_; }
    uint16_t GetMExtension() const { return mExtension_; }
    uint16_t GetKStartPt() const { return kStartPt_; }
    uint16_t GetMStartPt() const { return mStartPt_; }
    uint8_t GetStrideW() const { return strideW_; }
    uint8_t GetStrideH() const { return strideH_; }
    uint8_t GetFilterW() const { return filterW_; }
    uint8_t GetFilterH() const { return filterH_; }
    uint8_t GetDilationFilterW() const { return dilationW_; }
    uint8_t GetDilationFilterH() const { return dilationH_; }
    bool GetFilterSizeW() const { return filterSizeW_; }
    bool GetFilterSizeH() const { return filterSizeH_; }
    bool GetTranspose() const { return transpose_; }
    bool GetFMatrixCtrl() const { return fmatrixCtrl_; }
    uint16_t GetChannelSize() const { return channelSize_; }
    // the two raw configuration words (conv/common's arch35 helpers write them whole); kept as given
    void SetConfig0(uint64_t v) { config0_ = v; }
    void SetConfig1(uint64_t v) { config1_ = v; }
    uint64_t GetConfig0() const { return config0_; }
    uint64_t GetConfig1() const { return config1_; }

private:
    uint64_t config0_ = 0, config1_ = 0;
    uint16_t kExtension_ = 0, mExtension_ = 0, kStartPt_ = 0, mStartPt_ = 0, channelSize_ = 0;
    uint8_t strideW_ = 0, strideH_ = 0, filterW_ = 0, filterH_ = 0, dilationW_ = 0, dilationH_ = 0;
    bool filterSizeW_ = false, filterSizeH_ = false, transpose_ = false, fmatrixCtrl_ = false;
};
template <TPosition DstPos, TPosition SrcPos, typename T>
inline void LoadData(const LocalTensor<T>&, const LocalTensor<T>&, const Load3DBitModeParam&) {
    static_assert(kgemu::detail::kernel_false<T>::value,
                  "kgemu: LoadData with Load3DBitModeParam (img2col) is not emulated yet by kernelgen's CPU emulator");
}

// SetLoadDataRepeat (SetLoadDataRepeat.md): the repeat register of LoadData (convolution); 950's form carries dstStride.
// Checked against the page's ranges (repeatMode 0 or 1); its only reader, the img2col LoadData, is not emulated.
struct LoadDataRepeatParam {
    LoadDataRepeatParam() {}
    LoadDataRepeatParam(const uint16_t repeatStrideIn, const uint8_t repeatTimeIn, const uint8_t repeatModeIn,
                        const uint16_t dstStrideIn = 0)
        : repeatStride(repeatStrideIn), repeatTime(repeatTimeIn), repeatMode(repeatModeIn), dstStride(dstStrideIn) {}
    uint16_t repeatStride = 0;
    uint8_t repeatTime = 1;
    uint8_t repeatMode = 0;
    uint16_t dstStride = 0;
};
inline void SetLoadDataRepeat(const LoadDataRepeatParam& p) {
    (void)kgemu::detail::api_enter("SetLoadDataRepeat");
    if (p.repeatMode > 1) {
        kgemu::detail::fail("SetLoadDataRepeat", kgemu::detail::strf("repeatMode %u is outside [0, 1] (0: along height, "
                                                                     "1: along width)", static_cast<unsigned>(p.repeatMode)));
    }
}

template <TPosition DstPos, TPosition SrcPos, typename T>
inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const Load2DBitModeParam& p) {
    LoadData(dst, src, p.kg_params());
}

// SetHF32Mode: ENABLE rounds FP32 L0A / L0B data to HF32 before Mmad (the rounding is not emulated: a float Mmad in
// that mode stops); SetHF32TransMode picks the rounding, which only matters then. The bool forms are the older
// spellings (kernel_operator_mm_intf.h: true is ENABLE).
inline void SetHF32Mode(HF32Mode mode) { kgemu::detail::api_enter("SetHF32Mode").hf32 = mode == HF32Mode::ENABLE; }
inline void SetHF32Mode(bool hf32Mode) { SetHF32Mode(hf32Mode ? HF32Mode::ENABLE : HF32Mode::DISABLE); }
inline void SetHF32TransMode(HF32TransMode) { (void)kgemu::detail::api_enter("SetHF32TransMode"); }
inline void SetHF32TransMode(bool) { (void)kgemu::detail::api_enter("SetHF32TransMode"); }
// SetMMRowMajor / SetMMColumnMajor (and the older SetMMLayoutTransform(true / false)): the order in which the cube
// walks M and N producing C; each element of C is the same sum either way, so the emulator's Mmad does not change.
inline void SetMMRowMajor() { (void)kgemu::detail::api_enter("SetMMRowMajor"); }
inline void SetMMColumnMajor() { (void)kgemu::detail::api_enter("SetMMColumnMajor"); }
inline void SetMMLayoutTransform(bool mmLayoutMode) {
    (void)mmLayoutMode;
    (void)kgemu::detail::api_enter("SetMMLayoutTransform");
}

// DataCopy GM -> L1 with Dn2NzParams: element (d, n) of DN matrix i (src: i * srcDnMatrixStride + d * srcDValue + n)
// lands at i * dstNzMatrixStride + (d / C0) * dstNzC0Stride * C0 + n * dstNzNStride * C0 + d % C0 of dst, C0 being
// 32 bytes of T; the last C0 group of each column is padded with zeros when dValue is not a multiple of C0 (表3 and
// the continuous example). dnNum, nValue or dValue 0 is a NOP; dst is in L1, 32-byte aligned (约束说明).
template <typename T, bool enableSmallC0 = false>
inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Dn2NzParams& p) {
    const char* api = "DataCopy";
    auto& b = kgemu::detail::api_enter(api);
    if (p.dnNum == 0 || p.nValue == 0 || p.dValue == 0) return;
    if (enableSmallC0) {
        kgemu::detail::fail(api, "Dn2NzParams with enableSmallC0 is not emulated yet by kernelgen's CPU emulator");
    }
    const uint64_t c0 = 32 / sizeof(T);
    const uint64_t groups = (p.dValue + c0 - 1) / c0;
    const uint64_t src_span = (p.dnNum - 1ULL) * p.srcDnMatrixStride + (p.dValue - 1ULL) * p.srcDValue + p.nValue;
    const uint64_t dst_span = (p.dnNum - 1ULL) * p.dstNzMatrixStride + (groups - 1) * p.dstNzC0Stride * c0 +
                              (p.nValue - 1ULL) * p.dstNzNStride * c0 + c0;
    const uint64_t off = kgemu::detail::cube_operand(b, api, "dst", dst, Hardware::L1, dst_span);
    const uint64_t at = off - kgemu::detail::memory_base(*b.soc, Hardware::L1);
    if (at % 32 != 0) {
        kgemu::detail::fail(api, kgemu::detail::strf("dst is at L1 byte %llu, not 32-byte aligned (the DN2NZ page's "
                                                     "约束说明)", static_cast<unsigned long long>(at)));
    }
    kgemu::detail::gm_check(api, src.kg_ptr, src_span * sizeof(T), false, src.kg_base);
    {
        kgemu::detail::ApiCall call(b, api, ::PIPE_MTE2);
        for (uint64_t i = 0; i < p.dnNum; ++i) {
            for (uint64_t d = 0; d < p.dValue; ++d) {
                call.read_gm(src.kg_ptr + i * p.srcDnMatrixStride + d * p.srcDValue, p.nValue * sizeof(T));
            }
        }
        call.write(dst, 0, dst_span);
        call.commit();
    }
    for (uint64_t i = 0; i < p.dnNum; ++i) {
        for (uint64_t n = 0; n < p.nValue; ++n) {
            for (uint64_t d = 0; d < groups * c0; ++d) {
                dst.kg_addr[i * p.dstNzMatrixStride + (d / c0) * p.dstNzC0Stride * c0 + n * p.dstNzNStride * c0 +
                            d % c0] = d < p.dValue ? src.kg_ptr[i * p.srcDnMatrixStride + d * p.srcDValue + n] : T(0);
            }
        }
    }
}

template <typename T>
inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParams& p) {
    const char* api = "LoadData";
    if (p.ifTranspose) {
        kgemu::detail::fail(api, "LoadData2DParams with ifTranspose is not emulated yet by kernelgen's CPU emulator");
    }
    if (p.repeatTimes == 0) return;
    std::vector<uint64_t> pairs;
    uint64_t dmax = 0, smax = 0;
    for (uint64_t r = 0; r < p.repeatTimes; ++r) {
        const uint64_t d = r * (1ULL + p.dstGap);
        const uint64_t s = p.startIndex + r * static_cast<uint64_t>(p.srcStride);
        pairs.push_back(d);
        pairs.push_back(s);
        dmax = std::max(dmax, d + 1);
        smax = std::max(smax, s + 1);
    }
    kgemu_cube::copy_fractals(api, dst, src, dmax, smax, pairs.data(), pairs.size() / 2);
}

namespace kgemu_cube {
// L0C (Nz, 16 x 16 fractals, fractal columns srcStride x 16 elements apart) -> GM, as ND (rows dstStride elements
// apart) or Nz (fractal columns dstStride x 32 bytes apart); ReLU and the float -> half / bfloat16 cast on the way
template <typename Td, typename Ts>
inline void fixpipe(const GlobalTensor<Td>& dst, const LocalTensor<Ts>& src, CO2Layout layout, uint16_t nSize,
                    uint16_t mSize, uint16_t srcStride, uint64_t dstStride, QuantMode_t quant, bool relu,
                    bool channelSplit, uint64_t nd, uint64_t srcNd, uint64_t dstNd) {
    const char* api = "Fixpipe";
    static_assert((std::is_same<Ts, float>::value &&
                   (std::is_same<Td, float>::value || std::is_same<Td, half>::value ||
                    std::is_same<Td, bfloat16_t>::value)) ||
                      (std::is_same<Ts, int32_t>::value && std::is_same<Td, int32_t>::value),
                  "kgemu: Fixpipe: float -> float / half / bfloat16_t and int32_t -> int32_t are emulated (the "
                  "quantising conversions are not)");
    auto& b = kgemu::detail::api_enter(api);
    if (nSize == 0 || mSize == 0 || nd == 0) return;
    if (channelSplit) kgemu::detail::fail(api, "channel split is not emulated yet by kernelgen's CPU emulator");
    if (layout == CO2Layout::COLUMN_MAJOR) kgemu::detail::fail(api, "NZ2DN is not emulated yet by kernelgen's CPU emulator");
    const bool cast = !std::is_same<Td, Ts>::value;
    if (cast && quant != (std::is_same<Td, half>::value ? QuantMode_t::F322F16 : QuantMode_t::F322BF16)) {
        kgemu::detail::fail(api, kgemu::detail::strf("a float L0C written as %s takes quantPre %s",
                                                     kgemu::detail::dtype_info<Td>::name,
                                                     std::is_same<Td, half>::value ? "F322F16" : "F322BF16"));
    }
    if (!cast && quant != QuantMode_t::NoQuant) {
        kgemu::detail::fail(api, "quantPre other than NoQuant (and the float -> half / bfloat16 casts) is not "
                                 "emulated yet by kernelgen's CPU emulator");
    }
    const uint64_t n1 = (nSize + 15) / 16;
    const uint64_t src_elems = (nd - 1) * srcNd * 256 + ((n1 - 1) * srcStride + mSize) * 16;
    kgemu::detail::cube_operand(b, api, "src", src, Hardware::L0C, src_elems);
    uint64_t dst_end = 0;
    for (uint64_t i = 0; i < nd; ++i) {
        const uint64_t last = layout == CO2Layout::NZ
                                  ? i * dstNd + (n1 - 1) * dstStride * (32 / sizeof(Td)) + (mSize - 1) * 16 + 16
                                  : i * dstNd + (mSize - 1) * dstStride + nSize;
        dst_end = std::max(dst_end, last);
    }
    kgemu::detail::gm_check(api, dst.kg_ptr, dst_end * sizeof(Td), true, dst.kg_base);
    {
        kgemu::detail::ApiCall call(b, api, ::PIPE_FIX);
        call.read_extent(src, 0, src_elems).write_gm(dst.kg_ptr, dst_end * sizeof(Td));
        call.commit();
    }
    for (uint64_t i = 0; i < nd; ++i) {
        for (uint64_t m = 0; m < mSize; ++m) {
            for (uint64_t n = 0; n < nSize; ++n) {
                Ts v = src.kg_addr[i * srcNd * 256 + (n / 16) * srcStride * 16 + m * 16 + n % 16];
                if (relu && v < Ts(0)) v = Ts(0);
                const uint64_t di = layout == CO2Layout::NZ
                                        ? i * dstNd + (n / 16) * dstStride * (32 / sizeof(Td)) + m * 16 + n % 16
                                        : i * dstNd + m * dstStride + n;
                if constexpr (std::is_same<Td, Ts>::value) {
                    dst.kg_ptr[di] = v;
                } else {
                    dst.kg_ptr[di] = kgemu::detail::from_f32<Td>(static_cast<float>(v));
                }
            }
        }
    }
}
}  // namespace kgemu_cube

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& p) {
    kgemu_cube::fixpipe(dst, src, config.format, p.nSize, p.mSize, p.srcStride, p.dstStride, p.quantPre, p.reluEn,
                        p.isChannelSplit, config.format == CO2Layout::NZ ? 1 : p.ndNum, p.srcNdStride, p.dstNdStride);
}
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, CO2Layout F>
inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsArch3510<F>& p) {
    uint64_t nd = 1, srcNd = 0, dstNd = 0;
    if constexpr (F == CO2Layout::ROW_MAJOR) {
        nd = p.params.ndNum;
        srcNd = p.params.srcNdStride;
        dstNd = p.params.dstNdStride;
    }
    kgemu_cube::fixpipe(dst, src, F, p.nSize, p.mSize, p.srcStride, p.dstStride, p.quantPre, p.reluEn,
                        p.isChannelSplit, nd, srcNd, dstNd);
}

}  // namespace AscendC

namespace AscendC {

// Fill (its older name InitConstValue): repeatTimes runs of blockNum blocks set to initValue, dstGap blocks between
// runs; a block is 32 bytes in L1 and 512 bytes in L0A/L0B (Fill.md). Other memories are a defect naming the call.
template <typename U>
struct InitConstValueParams {
    InitConstValueParams() {}
    InitConstValueParams(const uint16_t repeatTimesIn, const uint16_t blockNumIn, const uint16_t dstGapIn,
                         const U initValueIn)
        : repeatTimes(repeatTimesIn), blockNum(blockNumIn), dstGap(dstGapIn), initValue(initValueIn) {}
    uint16_t repeatTimes = 0;
    uint16_t blockNum = 0;
    uint16_t dstGap = 0;
    U initValue = 0;
};
template <typename T, typename U = T>
inline void Fill(const LocalTensor<T>& dst, const InitConstValueParams<U>& p) {
    static_assert(std::is_same<T, U>::value, "kgemu: Fill: initValue has dst's type (Fill.md, 表1)");
    const char* api = "Fill";
    auto& b = kgemu::detail::api_enter(api);
    if (p.repeatTimes == 0 || p.blockNum == 0) return;
    const uint64_t off = static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(dst.kg_addr) - b.ub);
    const Hardware mem = kgemu::detail::memory_at(*b.soc, off);
    if (mem != Hardware::L1 && mem != Hardware::L0A && mem != Hardware::L0B) {
        kgemu::detail::fail(api, kgemu::detail::strf("dst is in %s; Fill initialises L1, L0A or L0B",
                                                     kgemu::detail::memory_name(mem)));
    }
    const uint64_t block = (mem == Hardware::L1 ? 32 : 512) / sizeof(T);
    const uint64_t end = ((p.repeatTimes - 1ULL) * (p.blockNum + p.dstGap) + p.blockNum) * block;
    kgemu::detail::cube_operand(b, api, "dst", dst, mem, end);
    {
        kgemu::detail::ApiCall call(b, api, mem == Hardware::L1 ? ::PIPE_MTE2 : ::PIPE_MTE1);
        std::vector<kgemu::detail::SanSpan> runs;  // the bytes each repeat sets (absolute local offsets)
        for (uint64_t r = 0; r < p.repeatTimes; ++r) {
            const uint64_t first = off + r * (p.blockNum + p.dstGap) * block * sizeof(T);
            runs.push_back({static_cast<uint32_t>(first), static_cast<uint32_t>(first + p.blockNum * block * sizeof(T))});
        }
        call.write_runs(dst, runs.data(), static_cast<uint32_t>(runs.size()));
        call.commit();
    }
    for (uint64_t r = 0; r < p.repeatTimes; ++r) {
        for (uint64_t i = 0; i < p.blockNum * block; ++i) dst.kg_addr[r * (p.blockNum + p.dstGap) * block + i] = p.initValue;
    }
}
template <typename T, typename U = T>
inline void InitConstValue(const LocalTensor<T>& dst, const InitConstValueParams<U>& p) {
    Fill(dst, p);
}

// The Matmul library's integer ceiling (asc-devkit's matmul utilities), which matmul kernels call unqualified under
// `using namespace AscendC`, with operands of two types as well (quant_matmul_reduce_sum: Ceil(dim0 * sizeof(T),
// a uint32_t constant)): the result in their common type
template <typename T, typename U>
inline typename std::common_type<T, U>::type Ceil(T num1, U num2) {
    using R = typename std::common_type<T, U>::type;
    if (num2 <= 0) kgemu::detail::fail("Ceil", "num2 must be larger than 0");
    return (static_cast<R>(num1) + static_cast<R>(num2) - 1) / static_cast<R>(num2);
}

// The cross-core flag ids CANN's SyncAll and Matmul use (CrossCoreSetFlag / CrossCoreWaitFlag ids 11-14)
constexpr uint16_t SYNC_AIC_FLAG = 11;
constexpr uint16_t SYNC_AIV_FLAG = 12;
constexpr uint16_t SYNC_AIC_AIV_FLAG = 13;
constexpr uint16_t SYNC_AIV_ONLY_ALL = 14;

// SuperKernel Early-Start (同步控制/任务间同步: WaitPreTaskEnd, SetNextTaskStart): an emulated launch runs one
// operator, with no task before or after it, so each only checks the documented rule that every core calls it
// once (a second call on a core is the hang the docs warn of: unmatched synchronisation).
namespace kgemu_task {
inline void once(const char* api, int which) {
    thread_local uint64_t serial[2] = {0, 0};
    auto& b = kgemu::detail::api_enter(api);
    if (serial[which] == b.serial) {
        kgemu::detail::fail(api, "called twice on this core (the docs: once per core, in every tiling-key branch)");
    }
    serial[which] = b.serial;
}
}  // namespace kgemu_task
template <bool FORCE = false>
inline void WaitPreTaskEnd() {
    kgemu_task::once("WaitPreTaskEnd", 0);
}
template <bool FORCE = false>
inline void SetNextTaskStart() {
    kgemu_task::once("SetNextTaskStart", 1);
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_CUBE_H
