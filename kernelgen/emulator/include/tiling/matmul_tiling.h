// kernelgen CPU emulator: the host-side matmul tiling API of tiling/tiling_api.h (CANN lib/matmul/*_tiling.h).
//
// TCubeTiling is provided with CANN's field layout (optiling::TCubeTiling for TILING_DATA_FIELD_DEF_STRUCT, and
// the plain AscendC::tiling::TCubeTiling). matmul_tiling::MatmulApiTiling (one core) and MultiCoreMatmulTiling
// (SetDim cores) compute a tiling with GetTiling: a VALID choice under the documented constraints, not CANN's
// search (its figures differ from CANN's; kernels must not depend on them beyond the constraints):
//   - singleCoreM/N: SetSingleShape when given, else the shape (MatmulApiTiling) or an even split of M and N over
//     the SetDim cores (MultiCoreMatmulTiling; usedCoreNum = the cores that get a part); singleCoreK = K.
//   - baseM/baseN multiples of 16, baseK a multiple of 32 bytes of A (16 half, 8 float, 32 int8), from SetFixSplit
//     when given, else the largest of at most 128 x 256 that fit L0A/L0B (double buffered) and L0C (fp32
//     accumulator) of the SOC; stepM = stepN = 1, stepKa = stepKb (and depthA1/B1 = 2 steps) as large as L1 holds.
//   - L1 / L0C / UB sizes: SetBufferSpace when >= 0, else the SOC's (PlatformAscendC::GetCoreMemSize).
// GetTiling returns -1 (and leaves the tiling unchanged) where CANN does: a shape, type or core count that is
// missing or not positive, A and B of different dtypes, a fixed split that breaks the base constraints or does
// not fit L0, or buffers too small for one base block. BatchMatmulTiling is declared; using it is a compile error.
#ifndef KGEMU_TILING_MATMUL_TILING_H
#define KGEMU_TILING_MATMUL_TILING_H

#include <cstdint>
#include <type_traits>

#include "kgemu/tcube_tiling.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"
#include <algorithm>

#ifndef KGEMU_TILING_DATA_AS_STRUCT
namespace optiling {
#define KGEMU_TCUBE_HOST_FIELD(name) TILING_DATA_FIELD_DEF(int32_t, name);
BEGIN_TILING_DATA_DEF(TCubeTiling)
KGEMU_TCUBE_TILING_FIELDS(KGEMU_TCUBE_HOST_FIELD)
END_TILING_DATA_DEF;
#undef KGEMU_TCUBE_HOST_FIELD
}  // namespace optiling
#endif

namespace matmul_tiling {

template <typename... A>
struct kg_false : std::false_type {};

enum class TPosition : int32_t { GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM,
                                 SHM = SPM, TSCM, MAX };
enum class CubeFormat : int32_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR };
enum class DataType : int32_t { DT_FLOAT = 0, DT_FLOAT16 = 1, DT_INT8 = 2, DT_INT32 = 3, DT_UINT8 = 4, DT_INT16 = 6,
                                DT_UINT16 = 7, DT_UINT32 = 8, DT_INT64 = 9, DT_UINT64 = 10, DT_DOUBLE = 11,
                                DT_BOOL = 12, DT_BF16 = 27, DT_INT4 = 29,
                                // asc-devkit matmul_tiling_base.h: a second bf16 name and the 8- / 4-bit floats
                                DT_BFLOAT16 = 33, DT_HIFLOAT8 = 34, DT_FLOAT8_E4M3FN = 35, DT_FLOAT8_E5M2 = 36,
                                DT_FLOAT4_E2M1 = 37, DT_FLOAT8_E8M0 = 38, DT_FLOAT4_E1M2 = 39 };
enum class MatrixTraverse : int32_t { NOSET = 0, FIRSTM = 1, FIRSTN = 2 };
enum class MatrixMadType : int32_t { NORMAL = 0, HF32 = 1 };
enum class DequantType : int32_t { SCALAR = 0, TENSOR = 1 };
enum class ScheduleType : int32_t { INNER_PRODUCT = 0, OUTER_PRODUCT = 1 };

// The tiling calculator shared by MatmulApiTiling and MultiCoreMatmulTiling (see the header comment).
class KgMatmulTiling {
public:
    KgMatmulTiling() : soc_(fe::PlatFormInfos::KgCurrentSoc()) {}
    explicit KgMatmulTiling(const platform_ascendc::PlatformAscendC& p) : KgMatmulTiling() { read(p); }
    explicit KgMatmulTiling(const platform_ascendc::PlatformAscendC* p) : KgMatmulTiling() {
        if (p != nullptr) read(*p);
    }

    int32_t SetAType(TPosition pos, CubeFormat fmt, DataType t, bool isTrans = false) {
        return set_type(a_, pos, fmt, t, isTrans);
    }
    int32_t SetBType(TPosition pos, CubeFormat fmt, DataType t, bool isTrans = false) {
        return set_type(b_, pos, fmt, t, isTrans);
    }
    int32_t SetCType(TPosition pos, CubeFormat fmt, DataType t) { return set_type(c_, pos, fmt, t, false); }
    int32_t SetBiasType(TPosition pos, CubeFormat fmt, DataType t) { return set_type(bias_, pos, fmt, t, false); }
    int32_t SetShape(int32_t m, int32_t n, int32_t k) {
        m_ = m;
        n_ = n;
        k_ = k;
        return 0;
    }
    int32_t SetOrgShape(int32_t orgM, int32_t orgN, int32_t orgK) { return SetOrgShape(orgM, orgN, orgK, orgK); }
    int32_t SetOrgShape(int32_t orgM, int32_t orgN, int32_t orgKa, int32_t orgKb) {
        org_m_ = orgM;
        org_n_ = orgN;
        org_ka_ = orgKa;
        org_kb_ = orgKb;
        return 0;
    }
    int32_t SetSingleShape(int32_t singleM = -1, int32_t singleN = -1, int32_t singleK = -1) {
        single_m_ = singleM;
        single_n_ = singleN;
        single_k_ = singleK;
        return 0;
    }
    int32_t SetFixSplit(int32_t baseM = -1, int32_t baseN = -1, int32_t baseK = -1) {
        fix_m_ = baseM;
        fix_n_ = baseN;
        fix_k_ = baseK;
        return 0;
    }
    int32_t SetBufferSpace(int32_t l1 = -1, int32_t l0c = -1, int32_t ub = -1, int32_t bt = -1) {
        (void)bt;
        if (l1 >= 0) l1_ = static_cast<uint64_t>(l1);
        if (l0c >= 0) l0c_ = static_cast<uint64_t>(l0c);
        if (ub >= 0) ub_ = static_cast<uint64_t>(ub);
        return 0;
    }
    int32_t SetBias(bool isBias = false) {
        is_bias_ = isBias;
        return 0;
    }
    int32_t EnableBias(bool isBias = false) { return SetBias(isBias); }
    int32_t SetDim(int32_t dim) {
        dim_ = dim;
        return 0;
    }
    int32_t SetTraverse(MatrixTraverse traverse) {
        order_ = traverse == MatrixTraverse::FIRSTN ? 1 : 0;
        return 0;
    }
    template <typename... A>
    void SetMatmulConfigParams(A&&...) {}
    template <typename... A>
    int32_t SetMadType(A&&...) { return 0; }
    template <typename... A>
    int32_t SetSplitRange(A&&...) { return 0; }
    void SetMMLayoutTransform(bool) {}

    int64_t GetTiling(AscendC::tiling::TCubeTiling& out) {
        AscendC::tiling::TCubeTiling t;
        if (!compute(t)) return -1;
        out = t;
        return 0;
    }
#ifndef KGEMU_TILING_DATA_AS_STRUCT
    int64_t GetTiling(optiling::TCubeTiling& out) {
        AscendC::tiling::TCubeTiling t;
        if (!compute(t)) return -1;
#define KGEMU_TCUBE_SET(name) out.set_##name(t.name);
        KGEMU_TCUBE_TILING_FIELDS(KGEMU_TCUBE_SET)
#undef KGEMU_TCUBE_SET
        return 0;
    }
#endif
    int32_t GetBaseM() const { return base_m_; }
    int32_t GetBaseN() const { return base_n_; }
    int32_t GetBaseK() const { return base_k_; }
    int32_t GetSingleShape(int32_t& m, int32_t& n, int32_t& k) const {
        m = s_m_;
        n = s_n_;
        k = s_k_;
        return 0;
    }
    int32_t GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim) const {
        dim = m_dim_ * n_dim_;
        mDim = m_dim_;
        nDim = n_dim_;
        return 0;
    }

protected:
    struct Operand {
        bool set = false;
        TPosition pos = TPosition::GM;
        CubeFormat fmt = CubeFormat::ND;
        DataType type = DataType::DT_FLOAT16;
        bool trans = false;
    };
    bool multi_core_ = false;

private:
    static int32_t set_type(Operand& o, TPosition pos, CubeFormat fmt, DataType t, bool trans) {
        o.set = true;
        o.pos = pos;
        o.fmt = fmt;
        o.type = t;
        o.trans = trans;
        return 0;
    }
    void read(const platform_ascendc::PlatformAscendC& p) {
        uint64_t v = 0;
        p.GetCoreMemSize(platform_ascendc::CoreMemType::L1, v);
        if (v != 0) l1_ = v;
        p.GetCoreMemSize(platform_ascendc::CoreMemType::L0_C, v);
        if (v != 0) l0c_ = v;
        p.GetCoreMemSize(platform_ascendc::CoreMemType::UB, v);
        if (v != 0) ub_ = v;
        from_platform_ = true;
    }
    void defaults() {
        if (from_platform_ || soc_ == nullptr) return;
        fe::PlatFormInfos info(soc_);
        read(platform_ascendc::PlatformAscendC(&info));
    }
    static uint32_t bytes_of(DataType t) {
        switch (t) {
            case DataType::DT_FLOAT: case DataType::DT_INT32: case DataType::DT_UINT32: return 4;
            case DataType::DT_INT8: case DataType::DT_UINT8: case DataType::DT_INT4: case DataType::DT_HIFLOAT8:
            case DataType::DT_FLOAT8_E4M3FN: case DataType::DT_FLOAT8_E5M2: case DataType::DT_FLOAT4_E2M1:
            case DataType::DT_FLOAT8_E8M0: case DataType::DT_FLOAT4_E1M2: return 1;  // as DTYPE_BYTE_TAB
            default: return 2;  // half, bf16 (DT_BF16, DT_BFLOAT16), int16
        }
    }
    static int32_t align(int64_t v, int64_t a) { return static_cast<int32_t>((v + a - 1) / a * a); }
    static int64_t cdiv(int64_t v, int64_t a) { return (v + a - 1) / a; }

    bool compute(AscendC::tiling::TCubeTiling& t) {
        defaults();
        const Operand a = a_, b = b_;
        if (m_ <= 0 || n_ <= 0 || k_ <= 0) return false;  // SetShape missing or not positive
        if (a.type != b.type) return false;                 // the cube multiplies one dtype
        const int32_t orgM = org_m_ > 0 ? org_m_ : m_, orgN = org_n_ > 0 ? org_n_ : n_;
        const int32_t orgKa = org_ka_ > 0 ? org_ka_ : k_, orgKb = org_kb_ > 0 ? org_kb_ : k_;
        const int32_t dim = multi_core_ ? dim_ : 1;
        if (dim <= 0) return false;
        // single-core shape
        s_k_ = single_k_ > 0 ? single_k_ : k_;
        if (single_m_ > 0 && single_n_ > 0) {
            s_m_ = single_m_;
            s_n_ = single_n_;
        } else if (!multi_core_) {
            s_m_ = m_;
            s_n_ = n_;
        } else {
            int64_t best = -1;
            for (int32_t md = 1; md <= dim; ++md) {
                const int32_t nd = dim / md;
                const int32_t sm = std::min<int32_t>(m_, align(cdiv(m_, md), 16));
                const int32_t sn = std::min<int32_t>(n_, align(cdiv(n_, nd), 16));
                const int64_t cost = static_cast<int64_t>(sm) * sn;
                if (best < 0 || cost < best) {
                    best = cost;
                    s_m_ = sm;
                    s_n_ = sn;
                }
            }
        }
        m_dim_ = static_cast<int32_t>(cdiv(m_, s_m_));
        n_dim_ = static_cast<int32_t>(cdiv(n_, s_n_));
        // base block: L0A / L0B double buffered, L0C holds one fp32 (int32) accumulator block
        const uint32_t sa = bytes_of(a.type), sb = bytes_of(b.type);
        const int32_t c0 = static_cast<int32_t>(32 / sa);
        const uint64_t l0a = 65536, l0b = 65536;
        if (fix_m_ > 0 || fix_n_ > 0 || fix_k_ > 0) {
            base_m_ = fix_m_ > 0 ? fix_m_ : std::min(align(s_m_, 16), 128);
            base_n_ = fix_n_ > 0 ? fix_n_ : std::min(align(s_n_, 16), 256);
            base_k_ = fix_k_ > 0 ? fix_k_ : std::min(align(s_k_, c0), c0 * 4);
            if (base_m_ % 16 != 0 || base_n_ % 16 != 0 || base_k_ % c0 != 0) return false;
        } else {
            base_m_ = std::min(align(s_m_, 16), 128);
            base_n_ = std::min(align(s_n_, 16), 256);
            while (static_cast<uint64_t>(base_m_) * base_n_ * 4 > l0c_ && base_n_ > 16) base_n_ = align(base_n_ / 2, 16);
            const int64_t fit = std::min<int64_t>(l0a / 2 / (static_cast<uint64_t>(base_m_) * sa),
                                                  l0b / 2 / (static_cast<uint64_t>(base_n_) * sb));
            base_k_ = static_cast<int32_t>(std::min<int64_t>(align(s_k_, c0), fit / c0 * c0));
            if (base_k_ <= 0) return false;
        }
        if (static_cast<uint64_t>(base_m_) * base_n_ * 4 > l0c_) return false;
        if (static_cast<uint64_t>(base_m_) * base_k_ * sa > l0a || static_cast<uint64_t>(base_n_) * base_k_ * sb > l0b) {
            return false;
        }
        // L1: depthA1 = depthB1 = 2 steps of stepK base blocks of A and B (and the bias row)
        const uint64_t bias_bytes = is_bias_ ? static_cast<uint64_t>(base_n_) * 4 : 0;
        const uint64_t per_step = static_cast<uint64_t>(base_k_) * (base_m_ * sa + base_n_ * sb) * 2;
        if (per_step + bias_bytes > l1_) return false;
        int64_t step_k = std::min<int64_t>(cdiv(s_k_, base_k_), static_cast<int64_t>((l1_ - bias_bytes) / per_step));
        step_k = std::max<int64_t>(step_k, 1);
        t = AscendC::tiling::TCubeTiling();
        t.usedCoreNum = multi_core_ ? std::min(m_dim_ * n_dim_, dim) : 1;
        t.M = orgM;
        t.N = orgN;
        t.Ka = orgKa;
        t.Kb = orgKb;
        t.singleCoreM = s_m_;
        t.singleCoreN = s_n_;
        t.singleCoreK = s_k_;
        t.baseM = base_m_;
        t.baseN = base_n_;
        t.baseK = base_k_;
        t.depthA1 = static_cast<int32_t>(step_k * 2);
        t.depthB1 = static_cast<int32_t>(step_k * 2);
        t.stepM = 1;
        t.stepN = 1;
        t.stepKa = static_cast<int32_t>(step_k);
        t.stepKb = static_cast<int32_t>(step_k);
        t.isBias = is_bias_ ? 1 : 0;
        t.iterateOrder = order_;
        t.shareL1Size = static_cast<int32_t>(per_step * step_k + bias_bytes);
        t.shareL0CSize = base_m_ * base_n_ * 4;
        t.shareUbSize = 0;
        t.batchM = 1;
        t.batchN = 1;
        t.singleBatchM = 1;
        t.singleBatchN = 1;
        t.dbL0A = 2;
        t.dbL0B = 2;
        t.dbL0C = 1;
        t.BatchNum = 1;
        return true;
    }

    const KgSoc* soc_ = nullptr;
    bool from_platform_ = false;
    Operand a_, b_, c_, bias_;
    int32_t m_ = -1, n_ = -1, k_ = -1;
    int32_t org_m_ = -1, org_n_ = -1, org_ka_ = -1, org_kb_ = -1;
    int32_t single_m_ = -1, single_n_ = -1, single_k_ = -1;
    int32_t fix_m_ = -1, fix_n_ = -1, fix_k_ = -1;
    uint64_t l1_ = 524288, l0c_ = 131072, ub_ = 196608;
    bool is_bias_ = false;
    int32_t dim_ = 1;
    int32_t order_ = 0;
    int32_t s_m_ = 0, s_n_ = 0, s_k_ = 0, base_m_ = 0, base_n_ = 0, base_k_ = 0, m_dim_ = 1, n_dim_ = 1;
};

class MatmulApiTiling : public KgMatmulTiling {
public:
    using KgMatmulTiling::KgMatmulTiling;
};
class MultiCoreMatmulTiling : public KgMatmulTiling {
public:
    MultiCoreMatmulTiling() { multi_core_ = true; }
    explicit MultiCoreMatmulTiling(const platform_ascendc::PlatformAscendC& p) : KgMatmulTiling(p) { multi_core_ = true; }
    explicit MultiCoreMatmulTiling(const platform_ascendc::PlatformAscendC* p) : KgMatmulTiling(p) { multi_core_ = true; }
};

// Every member is a template, so that only a call instantiates the diagnosis.
class BatchMatmulTiling {
public:
    template <typename... A>
    explicit BatchMatmulTiling(A&&...) {
        static_assert(kg_false<A...>::value, "kgemu: BatchMatmulTiling is not emulated yet by kernelgen's CPU "
                                             "emulator (matmul_tiling::BatchMatmulTiling)");
    }
};

}  // namespace matmul_tiling

#endif  // KGEMU_TILING_MATMUL_TILING_H
