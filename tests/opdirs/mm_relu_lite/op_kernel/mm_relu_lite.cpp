// MmReluLite kernel: MIX (1 AIC : 2 AIV). Each AIC computes its single-core block of a @ op(b) + bias into the
// workspace with the Matmul high-level API; after SyncAll<false> every AIV applies ReLU to one contiguous share
// of the M x N result and writes it to y. With flags, the AIC signals its own two AIVs (CrossCoreSetFlag mode 2),
// which take half of its block's rows each.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
#include "mm_relu_lite_tiling_data.h"

using namespace AscendC;

template <typename T, bool TRANS_B>
class MmReluLiteKernel {
public:
    __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR y, GM_ADDR ws,
                                const MmReluLiteTilingData* td, TPipe* pipe)
    {
        td_ = td;
        pipe_ = pipe;
        const TCubeTiling& t = td->cube;
        aGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(a), static_cast<uint64_t>(t.M) * t.Ka);
        bGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(b), static_cast<uint64_t>(t.Kb) * t.N);
        biasGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(bias), t.N);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), static_cast<uint64_t>(t.M) * t.N);
        wsGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(GetUserWorkspace(ws)), static_cast<uint64_t>(t.M) * t.N);
    }
    __aicore__ inline void Process()
    {
        if (td_->flags == 2) {
            // the vector side drives the Matmul (the AIC serves it inside REGIST_MATMUL_OBJ and returns)
            REGIST_MATMUL_OBJ(pipe_, nullptr, mm_, &td_->cube);
            VectorClient();
            return;
        }
        if (td_->flags != 0) {
            if ASCEND_IS_AIC {
                Cube();
                if (td_->hazard != 2) {
                    CrossCoreSetFlag<2, PIPE_FIX>(3);
                }
            }
            if ASCEND_IS_AIV {
                CrossCoreWaitFlag(3);
                VectorOwnBlock();
            }
            return;
        }
        if ASCEND_IS_AIC {
            Cube();
        }
        SyncAll<false>();
        if ASCEND_IS_AIV {
            Vector();
        }
    }

private:
    // The single-core block of AIC `aic`: rows [m0, m0 + curM), columns [n0, n0 + curN); false past the shape.
    struct Block {
        int32_t m0, n0, curM, curN;
    };
    __aicore__ inline bool AicBlock(uint32_t aic, Block& blk) const
    {
        const TCubeTiling& t = td_->cube;
        const uint32_t nCnt = (t.N + t.singleCoreN - 1) / t.singleCoreN;
        blk.m0 = (aic / nCnt) * t.singleCoreM;
        blk.n0 = (aic % nCnt) * t.singleCoreN;
        blk.curM = t.M - blk.m0 < t.singleCoreM ? t.M - blk.m0 : t.singleCoreM;
        blk.curN = t.N - blk.n0 < t.singleCoreN ? t.N - blk.n0 : t.singleCoreN;
        return blk.m0 < t.M;
    }
    // This AIV's half of the block's rows (sub-block 0 the first half).
    __aicore__ inline void HalfRows(const Block& blk, int32_t& r0, int32_t& rows) const
    {
        const int32_t half = (blk.curM + 1) / 2;
        r0 = blk.m0 + (GetSubBlockIdx() == 0 ? 0 : half);
        rows = GetSubBlockIdx() == 0 ? half : blk.curM - half;
    }
    // ReLU of rows [r0, r0 + rows) of the block's columns, workspace -> y, one row at a time.
    __aicore__ inline void ReluRows(const Block& blk, int32_t r0, int32_t rows)
    {
        const uint32_t n = td_->cube.N;
        pipe_->InitBuffer(buf_, (blk.curN * sizeof(T) + 31) / 32 * 32);
        LocalTensor<T> x = buf_.Get<T>();
        DataCopyExtParams params{1, static_cast<uint32_t>(blk.curN * sizeof(T)), 0, 0, 0};
        for (int32_t r = r0; r < r0 + rows; ++r) {
            const uint64_t at = static_cast<uint64_t>(r) * n + blk.n0;
            if (r > r0) {
                SetFlag<HardEvent::MTE3_MTE2>(0);
                WaitFlag<HardEvent::MTE3_MTE2>(0);
            }
            DataCopyPad(x, wsGm_[at], params, DataCopyPadExtParams<T>{false, 0, 0, T(0)});
            SetFlag<HardEvent::MTE2_V>(0);
            WaitFlag<HardEvent::MTE2_V>(0);
            Maxs(x, x, T(0), blk.curN);
            SetFlag<HardEvent::V_MTE3>(0);
            WaitFlag<HardEvent::V_MTE3>(0);
            DataCopyPad(yGm_[at], x, params);
        }
    }

    __aicore__ inline void Cube()
    {
        const TCubeTiling& t = td_->cube;
        Block blk;
        if (!AicBlock(GetBlockIdx(), blk)) {
            return;
        }
        const int32_t m0 = blk.m0, n0 = blk.n0, curM = blk.curM, curN = blk.curN;
        mm_.Init(&t, pipe_);
        mm_.SetOrgShape(t.M, t.N, td_->hazard == 1 ? t.Ka + 8 : t.Ka);
        mm_.SetSingleShape(curM, curN, t.singleCoreK);
        mm_.SetTensorA(aGm_[static_cast<uint64_t>(m0) * t.Ka]);
        mm_.SetTensorB(TRANS_B ? bGm_[static_cast<uint64_t>(n0) * t.Kb] : bGm_[n0], TRANS_B);
        mm_.SetBias(biasGm_[n0]);
        GlobalTensor<T> c = wsGm_[static_cast<uint64_t>(m0) * t.N + n0];
        if (td_->iterate != 0) {
            while (mm_.Iterate()) {
                mm_.GetTensorC(c);
            }
        } else {
            mm_.IterateAll(c);
        }
        mm_.End();
    }
    __aicore__ inline void Vector()
    {
        const uint32_t total = td_->cube.M * td_->cube.N;
        const uint32_t cores = GetBlockNum() * GetTaskRatio();  // the AIVs: 2 per AIC
        const uint32_t share = (total + cores - 1) / cores;
        const uint32_t first = GetBlockIdx() * share;
        if (first >= total) {
            return;
        }
        const uint32_t count = total - first < share ? total - first : share;
        pipe_->InitBuffer(buf_, (count * sizeof(T) + 31) / 32 * 32);
        LocalTensor<T> x = buf_.Get<T>();
        DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        DataCopyPad(x, wsGm_[first], params, DataCopyPadExtParams<T>{false, 0, 0, T(0)});
        SetFlag<HardEvent::MTE2_V>(0);
        WaitFlag<HardEvent::MTE2_V>(0);
        Maxs(x, x, T(0), count);
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
        DataCopyPad(yGm_[first], x, params);
    }

    // flags 2: this AIV multiplies its half of its AIC's block rows itself, then applies ReLU to them.
    __aicore__ inline void VectorClient()
    {
        const TCubeTiling& t = td_->cube;
        Block blk;
        int32_t r0 = 0, rows = 0;
        if (!AicBlock(GetBlockIdx() / GetTaskRatio(), blk)) {
            return;
        }
        HalfRows(blk, r0, rows);
        if (rows <= 0) {
            return;
        }
        mm_.SetSingleShape(rows, blk.curN, t.singleCoreK);
        mm_.SetTensorA(aGm_[static_cast<uint64_t>(r0) * t.Ka]);
        mm_.SetTensorB(TRANS_B ? bGm_[static_cast<uint64_t>(blk.n0) * t.Kb] : bGm_[blk.n0], TRANS_B);
        mm_.SetBias(biasGm_[blk.n0]);
        mm_.IterateAll(wsGm_[static_cast<uint64_t>(r0) * t.N + blk.n0]);  // synchronous: C is complete on return
        mm_.End();
        ReluRows(blk, r0, rows);
    }

    // flags 1: the rows of this AIV's half of its AIC's block, after the AIC's flag.
    __aicore__ inline void VectorOwnBlock()
    {
        Block blk;
        int32_t r0 = 0, rows = 0;
        // its AIC by the AIVs per AI Core (GetSubBlockNum: 2 here), as conv/common's arch35 ConvCommon::Init finds it
        if (!AicBlock(GetBlockIdx() / GetSubBlockNum(), blk)) {
            return;
        }
        HalfRows(blk, r0, rows);
        ReluRows(blk, r0, rows);
    }

    const MmReluLiteTilingData* td_ = nullptr;
    TPipe* pipe_ = nullptr;
    MatmulImpl<MatmulType<TPosition::GM, CubeFormat::ND, T>, MatmulType<TPosition::GM, CubeFormat::ND, T, TRANS_B>,
               MatmulType<TPosition::GM, CubeFormat::ND, T>, MatmulType<TPosition::GM, CubeFormat::ND, T>>
        mm_;
    TBuf<TPosition::VECCALC> buf_;
    GlobalTensor<T> aGm_, bGm_, biasGm_, yGm_, wsGm_;
};

extern "C" __global__ __aicore__ void mm_relu_lite(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR y, GM_ADDR workspace,
                                                   GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    GET_TILING_DATA_WITH_STRUCT(MmReluLiteTilingData, td, tiling);
    TPipe pipe;
    if (TILING_KEY_IS(0)) {
        MmReluLiteKernel<DTYPE_A, false> op;
        op.Init(a, b, bias, y, workspace, &td, &pipe);
        op.Process();
    } else if (TILING_KEY_IS(1)) {
        MmReluLiteKernel<DTYPE_A, true> op;
        op.Init(a, b, bias, y, workspace, &td, &pipe);
        op.Process();
    }
}
