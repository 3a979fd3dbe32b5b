// kernelgen CPU emulator: "lib/matmul_intf.h", the kernel side of the Ascend C Matmul high-level API.
//
// MatmulImpl (and its alias Matmul) computes C = op(A) * op(B) (+ bias) for its single-core shape, as the
// hicann/asc-devkit Matmul pages define it:
//   - A, B, bias and C in GM (TPosition::GM), ND format; A is [M, K] or, transposed, [K, M]; B is [K, N] or,
//     transposed, [N, K]; SetTensorA/B(tensor, isTranspose) chooses (the MatmulType's isTrans must allow it).
//   - orgShape (the tiling's M, N, Ka, Kb, or SetOrgShape) gives the row strides: A's rows are Ka (transposed:
//     M) elements apart, B's N (transposed: Kb), C's N (SetOrgShape's orgKc when given).
//   - IterateAll writes the whole singleCoreM x singleCoreN C; Iterate / GetTensorC compute and write one
//     baseM x baseN block at a time, M first for iterateOrder 0 (ORDER_M), N first for 1; enSequentialWrite
//     writes the block at the start of the tensor given, baseN elements a row. enAtomic 1/2/3 adds / takes the
//     max / the min with what C holds.
//   - half / bfloat16_t inputs accumulate in float (int8_t in int32_t), as the cube does; C is rounded once.
// Every GM access is described to the sanitizer with kgemu::detail::ApiCall: the loads of A, B and bias on
// PIPE_MTE2 (GM -> L1), the write-out of C on PIPE_FIX (L0C -> GM), row by row where the rows are strided.
// Not emulated (a diagnosed failure naming it when a kernel runs it): NZ formats, A/B/C/bias in TSCM (L1) or
// UB positions other than a UB C of GetTensorC, quantisation (SetQuantScalar/Vector), batch matmul.
// On the NPU a MIX kernel's AIV drives the AIC through messages when the object lives on the vector side; here
// the object computes on whichever core calls it (kernels in the corpus call it from ASCEND_IS_AIC code or run
// AIC-only), which gives the same C.
#ifndef KGEMU_LIB_MATMUL_INTF_H
#define KGEMU_LIB_MATMUL_INTF_H

#include <cstdint>
#include <cstring>
#include <mutex>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"
#include "kgemu/tcube_tiling.h"
#include "matmul/tiling.h"

namespace AscendC {

// The configuration names (MatmulConfig, CubeFormat, Get*Config, ...) are global, as in CANN (matmul/tiling.h)
using ::BatchMode;
using ::CubeFormat;
using ::IterateOrder;
using ::LayoutMode;
using ::MatmulConfig;
using ::ScheduleType;
enum class MatmulVersion : int32_t { NORMAL = 0, MULTI_DATA_LOAD, BASIC_BLOCK, IBSHARE_NORM };

template <TPosition POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false>
struct MatmulType {
    constexpr static TPosition pos = POSITION;
    constexpr static CubeFormat format = FORMAT;
    using T = TYPE;
    constexpr static bool isTrans = ISTRANS;
    constexpr static LayoutMode layout = LAYOUT;
    constexpr static bool ibShare = IBSHARE;
};

template <auto DataCopyOut = nullptr, auto CopyA1 = nullptr, auto CopyB1 = nullptr>
struct MatmulCallBackFunc {};

// The copy-out parameters a user DataCopyOut callback receives (MatmulCallBackFunc.md, its struct); kernels that
// define such a callback compile, and a Matmul given one stops at compile time (below): callbacks are not emulated.
struct DataCopyOutParams {
    DataCopyOutParams() = default;
    DataCopyOutParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn, const uint32_t dstStrideIn,
                      const uint16_t nSize, const bool unitFlag)
        : cBurstNum(count), burstLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), oriNSize(nSize),
          enUnitFlag(unitFlag) {}
    uint16_t cBurstNum = 0;
    uint16_t burstLen = 0;
    uint16_t srcStride = 0;
    uint32_t dstStride = 0;
    uint16_t oriNSize = 0;
    bool enUnitFlag = false;
    uint64_t quantScalar = 0;
    uint64_t cbufWorkspaceAddr = 0;
};

// The L0C type of a Matmul / Mmad input type (Mmad.md, 数据类型: half / bfloat16_t / float -> float, int8_t ->
// int32_t) under the Matmul library's name for it (the cmct templates: `typename AscendC::GetMmDstType<A>::Type`),
// and its type-list traits.
template <typename T>
struct GetMmDstType {
    using Type = T;
};
template <>
struct GetMmDstType<half> {
    using Type = float;
};
template <>
struct GetMmDstType<bfloat16_t> {
    using Type = float;
};
template <>
struct GetMmDstType<float> {
    using Type = float;
};
template <>
struct GetMmDstType<int8_t> {
    using Type = int32_t;
};
template <typename T, typename U>
constexpr bool IsSameTypeV = std::is_same<T, U>::value;
template <typename T, typename... Others>
struct IsTypeOneOf {
    static constexpr bool value = (std::is_same<T, Others>::value || ...);
};
template <typename T, typename... Others>
constexpr bool IsTypeOneOfV = IsTypeOneOf<T, Others...>::value;

}  // namespace AscendC

namespace kgemu {
namespace detail {

// One operand the Matmul reads or writes in GM: rows runs of `cols` elements, `ld` elements apart, from p.
// Bounds-checked once (the whole extent, against the tensor `origin` was set to), then described to the
// sanitizer on `pipe`: one ApiCall when the rows are contiguous, else ApiCall::kMaxOperands rows a call.
template <typename T>
inline void mm_gm_operand(const char* api, ::pipe_t pipe, const T* p, uint64_t rows, uint64_t cols, uint64_t ld,
                          bool write, const void* origin) {
    if (rows == 0 || cols == 0) return;
    gm_check(api, p, ((rows - 1) * ld + cols) * sizeof(T), write, origin);
    const uint64_t run = cols * sizeof(T);
    if (ld == cols || rows == 1) {
        ApiCall call(api_enter(api), api, pipe);
        if (write) call.write_gm(p, rows * run);
        else call.read_gm(p, rows * run);
        call.commit();  // a diagnosis throws here, not from the destructor
        return;
    }
    for (uint64_t r = 0; r < rows; r += ApiCall::kMaxOperands) {
        ApiCall call(api_enter(api), api, pipe);
        for (uint64_t j = r; j < rows && j < r + ApiCall::kMaxOperands; ++j) {
            if (write) call.write_gm(p + j * ld, run);
            else call.read_gm(p + j * ld, run);
        }
        call.commit();
    }
}

template <typename Acc, typename T>
inline Acc mm_value(const T& v) {
    if constexpr (std::is_same<Acc, float>::value) return to_f32(v);
    else return static_cast<Acc>(v);
}

template <typename T, typename Acc>
inline T mm_round(Acc v) {
    if constexpr (std::is_same<Acc, float>::value) return from_f32<T>(v);
    else return static_cast<T>(v);
}

// c <- op(c, v) for enAtomic 0 (store), 1 (add), 2 (max), 3 (min).
template <typename T, typename Acc>
inline void mm_store(T& c, Acc v, uint8_t atomic) {
    if (atomic == 0) {
        c = mm_round<T, Acc>(v);
        return;
    }
    const Acc old = mm_value<Acc>(c);
    c = mm_round<T, Acc>(atomic == 1 ? old + v : (atomic == 2 ? (old > v ? old : v) : (old < v ? old : v)));
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const MatmulConfig& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<>, class... POLICY>
class MatmulImpl {
    static_assert(std::is_same<MM_CB, MatmulCallBackFunc<>>::value,
                  "kgemu: MatmulCallBackFunc with user DataCopyOut / CopyA1 / CopyB1 callbacks is not emulated yet by "
                  "kernelgen's CPU emulator (the emulated Matmul would copy C out itself)");

public:
    using AType = A_TYPE;
    using BType = B_TYPE;
    using CType = C_TYPE;
    using BiasType = BIAS_TYPE;
    using SrcAT = typename A_TYPE::T;
    using SrcBT = typename B_TYPE::T;
    using DstT = typename C_TYPE::T;
    using BiasT = typename BIAS_TYPE::T;
    using L0cT = typename std::conditional<kgemu::detail::is_float_like<SrcAT>::value, float, int32_t>::type;

    void Init(const TCubeTiling* cubeTiling, TPipe* tpipe = nullptr) {
        (void)tpipe;
        kgemu::detail::api_enter("Matmul::Init");
        if (cubeTiling == nullptr) kgemu::detail::fail("Matmul::Init", "the TCubeTiling pointer is null");
        t_ = *cubeTiling;
        inited_ = true;
        orgM_ = t_.M;
        orgN_ = t_.N;
        orgKa_ = t_.Ka;
        orgKb_ = t_.Kb;
        orgKc_ = 0;
        sM_ = t_.singleCoreM;
        sN_ = t_.singleCoreN;
        sK_ = t_.singleCoreK;
        bias_on_ = false;
        iter_ = -1;
    }
    void SetSubBlockIdx(uint8_t idx) { (void)idx; }
    void SetHF32(bool enable = false, int32_t transMode = 0) { (void)enable; (void)transMode; }
    template <typename... A>
    void SetWorkspace(A&&...) {}
    template <typename... A>
    void SetLocalWorkspace(A&&...) {}
    void End() { completed("Matmul::End"); }

    void SetOrgShape(int orgM, int orgN, int orgK) { SetOrgShape(orgM, orgN, orgK, orgK, 0); }
    void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0) {
        need_init("Matmul::SetOrgShape");
        orgM_ = orgM;
        orgN_ = orgN;
        orgKa_ = orgKa;
        orgKb_ = orgKb;
        orgKc_ = orgKc;
    }
    void SetSingleShape(int singleM, int singleN, int singleK) {
        need_init("Matmul::SetSingleShape");
        sM_ = singleM;
        sN_ = singleN;
        sK_ = singleK;
        iter_ = -1;
    }
    void SetTail(int tailM = -1, int tailN = -1, int tailK = -1) {
        need_init("Matmul::SetTail");
        if (tailM > 0) sM_ = tailM;
        if (tailN > 0) sN_ = tailN;
        if (tailK > 0) sK_ = tailK;
        iter_ = -1;
    }

    void SetTensorA(const GlobalTensor<SrcAT>& gm, bool isTransposeA = false) {
        set_operand<A_TYPE>("Matmul::SetTensorA", a_, gm.kg_ptr, gm.kg_base, isTransposeA);
    }
    void SetTensorB(const GlobalTensor<SrcBT>& gm, bool isTransposeB = false) {
        set_operand<B_TYPE>("Matmul::SetTensorB", b_, gm.kg_ptr, gm.kg_base, isTransposeB);
    }
    void SetTensorA(const LocalTensor<SrcAT>& local, bool isTransposeA = false) {
        (void)local;
        (void)isTransposeA;
        not_emulated("Matmul::SetTensorA", "A in a LocalTensor (TSCM / L1 or UB position)");
    }
    void SetTensorB(const LocalTensor<SrcBT>& local, bool isTransposeB = false) {
        (void)local;
        (void)isTransposeB;
        not_emulated("Matmul::SetTensorB", "B in a LocalTensor (TSCM / L1 or UB position)");
    }
    void SetTensorA(SrcAT scalar) {
        (void)scalar;
        not_emulated("Matmul::SetTensorA", "a scalar A");
    }
    void SetTensorB(SrcBT scalar) {
        (void)scalar;
        not_emulated("Matmul::SetTensorB", "a scalar B");
    }
    void SetBias(const GlobalTensor<BiasT>& gm) {
        need_init("Matmul::SetBias");
        if (t_.isBias == 0) {
            kgemu::detail::fail("Matmul::SetBias", "the TCubeTiling has isBias = 0: the host tiling must call "
                                                   "SetBias(true) for a Matmul that adds a bias (no bias buffer "
                                                   "is reserved otherwise)");
        }
        bias_ = gm.kg_ptr;
        bias_origin_ = gm.kg_base;
        bias_on_ = true;
    }
    void SetBias(const LocalTensor<BiasT>& local) {
        (void)local;
        not_emulated("Matmul::SetBias", "bias in a LocalTensor");
    }
    void DisableBias() { bias_on_ = false; }
    void ClearBias() { bias_on_ = false; }
    template <typename... A>
    void SetQuantScalar(A&&...) { not_emulated("Matmul::SetQuantScalar", "quantised output"); }
    template <typename... A>
    void SetQuantVector(A&&...) { not_emulated("Matmul::SetQuantVector", "quantised output"); }

    // The whole singleCoreM x singleCoreN C, block by block.
    template <bool sync = true>
    void IterateAll(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                    bool waitIterateAll = false, bool fakeMsg = false) {
        (void)waitIterateAll;
        (void)fakeMsg;
        const char* api = "Matmul::IterateAll";
        check_ready(api, enAtomic);
        if (enSequentialWrite) not_emulated(api, "IterateAll with enSequentialWrite");
        for (int64_t k = 0; k < blocks(); ++k) {
            compute(api, k);
            write_gm(api, gm, enAtomic, false);
        }
        iter_ = -1;
        if (sync) completed(api);
    }
    template <bool sync = true>
    void IterateAll(const LocalTensor<DstT>& local, uint8_t enAtomic = 0) {
        (void)local;
        (void)enAtomic;
        not_emulated("Matmul::IterateAll", "C in a LocalTensor (TSCM)");
    }
    void WaitIterateAll() { completed("Matmul::WaitIterateAll"); }

    // The next baseM x baseN block; false (and the iteration starts over) after the last.
    template <bool sync = true>
    bool Iterate(bool enPartialSum = false) {
        const char* api = "Matmul::Iterate";
        check_ready(api, 0);
        if (enPartialSum) not_emulated(api, "Iterate with enPartialSum");
        if (++iter_ >= blocks()) {
            iter_ = -1;
            return false;
        }
        compute(api, iter_);
        return true;
    }
    template <bool sync = true>
    void GetTensorC(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false) {
        const char* api = "Matmul::GetTensorC";
        need_block(api);
        write_gm(api, gm, enAtomic, enSequentialWrite);
        if (sync) completed(api);
    }
    // A UB C (VECIN / VECCALC / VECOUT): the block as baseM rows of baseN elements.
    template <bool sync = true>
    void GetTensorC(const LocalTensor<DstT>& local, uint8_t enAtomic = 0, bool enSequentialWrite = false) {
        (void)enSequentialWrite;
        const char* api = "Matmul::GetTensorC";
        need_block(api);
        if (enAtomic != 0) not_emulated(api, "an atomic GetTensorC into a LocalTensor");
        const uint64_t ld = static_cast<uint64_t>(t_.baseN);
        const uint64_t need = (cur_m_ - 1) * ld + cur_n_;
        auto& b = kgemu::detail::api_enter(api);
        kgemu::detail::ApiCall call(b, api, ::PIPE_FIX);
        call.write(local, 0, need);
        call.commit();
        if (local.kg_addr == nullptr || need > local.kg_size) {
            kgemu::detail::fail(api, kgemu::detail::strf("the LocalTensor holds %u elements; the %llux%llu block "
                                                         "needs %llu (rows of baseN = %llu)",
                                                         local.kg_size, static_cast<unsigned long long>(cur_m_),
                                                         static_cast<unsigned long long>(cur_n_),
                                                         static_cast<unsigned long long>(need),
                                                         static_cast<unsigned long long>(ld)));
        }
        for (uint64_t i = 0; i < cur_m_; ++i) {
            for (uint64_t j = 0; j < cur_n_; ++j) {
                kgemu::detail::mm_store(local.kg_addr[i * ld + j], acc_[i * cur_n_ + j], 0);
            }
        }
    }

private:
    struct Operand {
        const void* ptr = nullptr;
        const void* origin = nullptr;
        bool trans = false;
    };

    [[noreturn]] static void not_emulated(const char* api, const char* what) {
        kgemu::detail::fail(api, std::string("not emulated: Matmul with ") + what + " (kernelgen's Matmul runs A, "
                                 "B, bias and C in GM, ND format)");
    }
    // A synchronous call returns once the cube's work is done (IterateAll / GetTensorC with sync = true,
    // WaitIterateAll, End): what follows is ordered after its loads and its write-out on every pipe.
    static void completed(const char* api) { kgemu::detail::san_barrier_all(kgemu::detail::api_enter(api)); }
    void need_init(const char* api) const {
        if (!inited_) kgemu::detail::fail(api, "called before Matmul::Init (REGIST_MATMUL_OBJ or Init(&tiling))");
    }
    template <class TYPE>
    void set_operand(const char* api, Operand& op, const void* ptr, const void* origin, bool trans) {
        need_init(api);
        if (trans && !TYPE::isTrans) {
            kgemu::detail::fail(api, "isTranspose = true, but the MatmulType was declared with isTrans = false "
                                     "(the fourth template argument enables transposition)");
        }
        op.ptr = ptr;
        op.origin = origin;
        op.trans = trans;
    }
    void check_ready(const char* api, uint8_t enAtomic) const {
        need_init(api);
        static_assert(A_TYPE::format == CubeFormat::ND || A_TYPE::format == CubeFormat::NZ, "kgemu: A format");
        if (A_TYPE::format != CubeFormat::ND || B_TYPE::format != CubeFormat::ND ||
            C_TYPE::format != CubeFormat::ND) {
            not_emulated(api, "an NZ (or other non-ND) A, B or C");
        }
        if (A_TYPE::pos != TPosition::GM || B_TYPE::pos != TPosition::GM) not_emulated(api, "A or B outside GM");
        if (a_.ptr == nullptr) kgemu::detail::fail(api, "SetTensorA was not called");
        if (b_.ptr == nullptr) kgemu::detail::fail(api, "SetTensorB was not called");
        if (enAtomic > 3) {
            kgemu::detail::fail(api, kgemu::detail::strf("enAtomic %u: 0 (none), 1 (add), 2 (max) or 3 (min)",
                                                         enAtomic));
        }
        const struct { const char* name; int32_t v; } dims[] = {
            {"baseM", t_.baseM}, {"baseN", t_.baseN}, {"singleCoreM", sM_}, {"singleCoreN", sN_},
            {"singleCoreK", sK_}, {"orgM (M)", orgM_}, {"orgN (N)", orgN_}, {"orgKa (Ka)", orgKa_},
            {"orgKb (Kb)", orgKb_}};
        for (const auto& d : dims) {
            if (d.v <= 0) {
                kgemu::detail::fail(api, kgemu::detail::strf("%s is %d: the tiling (or SetOrgShape / SetSingleShape) "
                                                             "must give a positive value", d.name, d.v));
            }
        }
    }
    int64_t m_blocks() const { return (sM_ + t_.baseM - 1) / t_.baseM; }
    int64_t n_blocks() const { return (sN_ + t_.baseN - 1) / t_.baseN; }
    int64_t blocks() const { return m_blocks() * n_blocks(); }
    void need_block(const char* api) const {
        if (iter_ < 0) kgemu::detail::fail(api, "no block computed: call Iterate() first (and until it returns false)");
    }

    // Computes block k (in iterateOrder) into acc_: loads described on MTE2, the product in L0C precision.
    void compute(const char* api, int64_t k) {
        const bool order_n = t_.iterateOrder == 1;
        const int64_t mi = order_n ? k / n_blocks() : k % m_blocks();
        const int64_t ni = order_n ? k % n_blocks() : k / m_blocks();
        m0_ = static_cast<uint64_t>(mi) * t_.baseM;
        n0_ = static_cast<uint64_t>(ni) * t_.baseN;
        cur_m_ = std::min<uint64_t>(t_.baseM, sM_ - m0_);
        cur_n_ = std::min<uint64_t>(t_.baseN, sN_ - n0_);
        const uint64_t K = sK_;
        const SrcAT* a = static_cast<const SrcAT*>(a_.ptr);
        const SrcBT* bm = static_cast<const SrcBT*>(b_.ptr);
        // A [M, K] (rows of orgKa) or transposed [K, M] (rows of orgM); B [K, N] (rows of orgN) or [N, K] (orgKb)
        const uint64_t lda = a_.trans ? orgM_ : orgKa_, ldb = b_.trans ? orgKb_ : orgN_;
        const SrcAT* ablk = a_.trans ? a + m0_ : a + m0_ * lda;
        const SrcBT* bblk = b_.trans ? bm + n0_ * ldb : bm + n0_;
        if (a_.trans) kgemu::detail::mm_gm_operand(api, ::PIPE_MTE2, ablk, K, cur_m_, lda, false, a_.origin);
        else kgemu::detail::mm_gm_operand(api, ::PIPE_MTE2, ablk, cur_m_, K, lda, false, a_.origin);
        if (b_.trans) kgemu::detail::mm_gm_operand(api, ::PIPE_MTE2, bblk, cur_n_, K, ldb, false, b_.origin);
        else kgemu::detail::mm_gm_operand(api, ::PIPE_MTE2, bblk, K, cur_n_, ldb, false, b_.origin);
        const BiasT* bias = bias_on_ ? static_cast<const BiasT*>(bias_) + n0_ : nullptr;
        if (bias != nullptr) kgemu::detail::mm_gm_operand(api, ::PIPE_MTE2, bias, 1, cur_n_, cur_n_, false, bias_origin_);
        acc_.assign(cur_m_ * cur_n_, L0cT(0));
        std::vector<L0cT> arow(K), bcol(K);
        for (uint64_t i = 0; i < cur_m_; ++i) {
            for (uint64_t x = 0; x < K; ++x) {
                arow[x] = kgemu::detail::mm_value<L0cT>(a_.trans ? ablk[x * lda + i] : ablk[i * lda + x]);
            }
            for (uint64_t j = 0; j < cur_n_; ++j) {
                L0cT s = bias != nullptr ? kgemu::detail::mm_value<L0cT>(bias[j]) : L0cT(0);
                for (uint64_t x = 0; x < K; ++x) {
                    const SrcBT& bv = b_.trans ? bblk[j * ldb + x] : bblk[x * ldb + j];
                    s += arow[x] * kgemu::detail::mm_value<L0cT>(bv);
                }
                acc_[i * cur_n_ + j] = s;
            }
        }
        iter_ = k;
    }

    // Writes the block in acc_ to C in GM (FIX pipe): at its place in the single-core C, or sequentially.
    void write_gm(const char* api, const GlobalTensor<DstT>& gm, uint8_t enAtomic, bool sequential) {
        if (enAtomic > 3) {
            kgemu::detail::fail(api, kgemu::detail::strf("enAtomic %u: 0 (none), 1 (add), 2 (max) or 3 (min)",
                                                         enAtomic));
        }
        const uint64_t ldc = sequential ? cur_n_ : static_cast<uint64_t>(orgKc_ > 0 ? orgKc_ : orgN_);
        DstT* c = sequential ? gm.kg_ptr : gm.kg_ptr + m0_ * ldc + n0_;
        auto& b = kgemu::detail::block_state(api);
        const uint8_t saved = b.atomic_op;
        b.atomic_op = enAtomic;  // the sanitizer's output-coverage check treats atomic writes as such
        try {
            kgemu::detail::mm_gm_operand(api, ::PIPE_FIX, c, cur_m_, cur_n_, ldc, true, gm.kg_base);
        } catch (...) {
            b.atomic_op = saved;
            throw;
        }
        b.atomic_op = saved;
        std::unique_lock<std::mutex> lock(kgemu::detail::atomic_mutex(), std::defer_lock);
        if (enAtomic != 0) lock.lock();
        for (uint64_t i = 0; i < cur_m_; ++i) {
            for (uint64_t j = 0; j < cur_n_; ++j) kgemu::detail::mm_store(c[i * ldc + j], acc_[i * cur_n_ + j], enAtomic);
        }
    }

    TCubeTiling t_{};
    bool inited_ = false;
    int32_t orgM_ = 0, orgN_ = 0, orgKa_ = 0, orgKb_ = 0, orgKc_ = 0;
    int32_t sM_ = 0, sN_ = 0, sK_ = 0;
    Operand a_, b_;
    const void* bias_ = nullptr;
    const void* bias_origin_ = nullptr;
    bool bias_on_ = false;
    int64_t iter_ = -1;
    uint64_t m0_ = 0, n0_ = 0, cur_m_ = 0, cur_n_ = 0;
    std::vector<L0cT> acc_;
};

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const MatmulConfig& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<>, class... POLICY>
using Matmul = MatmulImpl<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, POLICY...>;

}  // namespace AscendC

namespace matmul {
using AscendC::CubeFormat;
using AscendC::LayoutMode;
using AscendC::Matmul;
using AscendC::MatmulCallBackFunc;
using AscendC::MatmulConfig;
using AscendC::MatmulImpl;
using AscendC::MatmulType;
}  // namespace matmul

// REGIST_MATMUL_OBJ(pipe, workspace, mm1, &tiling1, mm2, &tiling2, ...) (tilings optional). On the NPU the AIC of
// a MIX launch serves the AIVs' Matmul calls (messages) inside it and then returns from the enclosing function;
// the AIVs' objects are clients. Here an AIV's object computes itself (the same C, loads and write-out on the
// AIV's block, complete when a synchronous call returns), and the AIC returns at once. Elsewhere (AIC-only or
// vector-only launches) it initialises each object with its tiling, as Init does.
namespace kgemu {
namespace detail {
inline bool matmul_server_core() { return tl_block != nullptr && tl_block->core_aic && tl_block->aiv_slots > 0; }
inline void regist_matmul_objs() {}
template <class MM>
inline void regist_matmul_objs(MM&) {}
template <class MM, class... Rest>
inline void regist_matmul_objs(MM& mm, const TCubeTiling* tiling, Rest&&... rest) {
    if (tiling != nullptr) mm.Init(tiling);
    regist_matmul_objs(rest...);
}
template <class MM, class... Rest>
inline void regist_matmul_objs(MM& mm, std::nullptr_t, Rest&&... rest) {
    regist_matmul_objs(rest...);
}
}  // namespace detail
}  // namespace kgemu
#ifndef REGIST_MATMUL_OBJ
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)       \
    if (::kgemu::detail::matmul_server_core()) return; \
    else ::kgemu::detail::regist_matmul_objs(__VA_ARGS__)
#endif
#endif  // KGEMU_LIB_MATMUL_INTF_H
