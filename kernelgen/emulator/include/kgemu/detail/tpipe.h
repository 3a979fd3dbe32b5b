// kernelgen CPU emulator (private, kernel side): TPipe, TQueBind, TQue, TBuf and GetTPipePtr.
//
// InitBuffer carves buffers consecutively from the top of the block's UB (re-initialising a queue or TBuf
// carves a fresh region; the old one leaks until the TPipe is destroyed, as on the NPU). Queue buffers
// follow FREE -> AllocTensor -> OCCUPIED -> EnQue -> ENQUE -> DeQue -> DEQUE -> FreeTensor -> FREE, and
// every misuse that CANN's CPU-debug build aborts on is an EmuError here.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/tpipe.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_TPIPE_H
#define KGEMU_DETAIL_TPIPE_H

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kgemu/detail/cube_mem.h"
#include "kgemu/detail/tensor.h"

namespace kgemu {
namespace detail {

enum BufState : uint8_t { BUF_FREE = 0, BUF_OCCUPIED, BUF_ENQUE, BUF_DEQUE };

constexpr AscendC::TPosition que_src_pos(AscendC::TPosition pos) {
    return pos == AscendC::TPosition::VECIN ? AscendC::TPosition::GM : pos;
}
constexpr AscendC::TPosition que_dst_pos(AscendC::TPosition pos) {
    return pos == AscendC::TPosition::VECOUT ? AscendC::TPosition::GM : pos;
}
constexpr AscendC::TPosition buffer_pos(AscendC::TPosition src, AscendC::TPosition dst) {
    return src == AscendC::TPosition::GM ? dst : src;
}

// Pipes that produce into / consume from a queue at a position (for the cost-model trace).
inline const char* producer_pipe(AscendC::TPosition p) {
    return p == AscendC::TPosition::VECIN ? "MTE2" : "V";
}
inline const char* consumer_pipe(AscendC::TPosition p) {
    return p == AscendC::TPosition::VECOUT ? "MTE3" : "V";
}

// Vector-clock index of the pipe that fills a queue buffer (writes into src) and of the one that drains it. The
// cube's positions: L1 (A1/B1/C1) is filled by MTE2 and drained by MTE1, L0A/L0B (A2/B2) and the bias table (C2)
// filled by MTE1 and drained by M (Mmad), L0C (CO1) filled by M and drained by FIX (Fixpipe).
constexpr int8_t que_producer_pipe(AscendC::TPosition src) {
    using P = AscendC::TPosition;
    return src == P::GM || src == P::VECIN || src == P::A1 || src == P::B1 || src == P::C1 ? 4 /* MTE2 */
           : src == P::A2 || src == P::B2 || src == P::C2                                  ? 3 /* MTE1 */
           : src == P::CO1                                                                 ? 2 /* M */
                                                                                           : 1 /* V */;
}
constexpr int8_t que_consumer_pipe(AscendC::TPosition dst) {
    using P = AscendC::TPosition;
    return dst == P::GM || dst == P::VECOUT                       ? 5 /* MTE3 */
           : dst == P::A1 || dst == P::B1 || dst == P::C1         ? 3 /* MTE1 */
           : dst == P::A2 || dst == P::B2 || dst == P::C2         ? 2 /* M */
           : dst == P::CO1                                        ? 6 /* FIX */
                                                                  : 1 /* V */;
}
// The same for one user-position hop of a TQueBind (EnQue<srcUserPos, dstUserPos>): GM -> VECIN is filled by
// MTE2 and drained by V, VECIN -> VECOUT filled and drained by V, VECOUT -> GM filled by V and drained by MTE3.
// On the 950 a bound queue's buffer may also pass through VECCALC (TQueBind<VECIN, VECOUT>: GM -> VECIN ->
// VECCALC -> VECOUT -> GM, index/non_zero's arch35 kernels); asc-devkit's dav_3510 EnQue/DeQue take the pipes from
// GetPipeByPos (kernel_event.h): VECIN -> VECCALC is MTE2 -> V (the buffer was filled by a copy in), VECCALC ->
// VECOUT is V -> MTE3 (it leaves by a copy out).
constexpr int8_t hop_producer_pipe(AscendC::TPosition srcUserPos, AscendC::TPosition dstUserPos) {
    using P = AscendC::TPosition;
    return srcUserPos == P::GM || (srcUserPos == P::VECIN && dstUserPos == P::VECCALC) ? 4 /* MTE2 */ : 1 /* V */;
}
constexpr int8_t hop_consumer_pipe(AscendC::TPosition srcUserPos, AscendC::TPosition dstUserPos) {
    using P = AscendC::TPosition;
    return dstUserPos == P::GM || (srcUserPos == P::VECCALC && dstUserPos == P::VECOUT) ? 5 /* MTE3 */ : 1 /* V */;
}
// The cost-model trace's name of one of those vector-clock indices: a queue event is traced on the pipe that
// performs it (a TQueBind<VECIN, VECOUT>'s EnQue<VECOUT, GM> on V, its DeQue<VECOUT, GM> on MTE3), not on
// its buffer position's pipes.
inline const char* que_pipe_name(int8_t pipe) {
    return pipe == 4 ? "MTE2" : pipe == 5 ? "MTE3" : pipe == 3 ? "MTE1" : pipe == 2 ? "M" : pipe == 6 ? "FIX" : "V";
}

// State shared by every queue and TBuf (the non-template part of TQueBind).
struct QueCore {
    AscendC::TPipe* kg_pipe = nullptr;
    int32_t kg_id = -1;  // index among the pipe's queues, in InitBuffer order
    AscendC::TPosition kg_bpos = AscendC::TPosition::VECCALC;
    int32_t kg_depth = 0;
    bool kg_is_tbuf = false;
    uint32_t kg_num = 0;
    uint32_t kg_len = 0;   // bytes per buffer (rounded up to 32)
    uint32_t kg_config_num = 0;  // a TQueConfig's bufferNumber / bufferLen (0: left to InitBuffer)
    uint32_t kg_config_len = 0;
    uint32_t kg_base = 0;  // UB offset of buffer 0
    uint32_t kg_cursor = 0;
    uint32_t kg_fifo_head = 0;
    uint32_t kg_fifo_count = 0;
    uint64_t kg_allocs = 0;
    uint8_t kg_state[64] = {};
    uint8_t kg_fifo[64] = {};
    // sanitizer: the pipes that produce into / consume from the buffers, each buffer's allocation generation
    // (bumped by AllocTensor and FreeTensor), the vector clocks its EnQue and FreeTensor published and the pipe
    // its last DeQue handed it to (the one whose accesses FreeTensor waits for)
    int8_t kg_prod_pipe = 1, kg_cons_pipe = 1;
    int8_t kg_deq_pipe[64] = {};
    uint32_t kg_gen[64] = {};
    VClock kg_enq_clock[64];
    VClock kg_free_clock[64];

    QueCore() = default;
    QueCore(const QueCore&) = delete;
    QueCore& operator=(const QueCore&) = delete;
    ~QueCore();

    const char* kg_kind() const { return kg_is_tbuf ? "TBuf" : "queue"; }
    void kg_detach();
};

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

class TPipe {
public:
    TPipe();
    ~TPipe();
    // The device compiler copies a TPipe (add_layer_norm_grad's deterministic helper holds a TPipe member and
    // assigns the kernel's to it), so a copy compiles here too; running one is a defect: asc-devkit allows one TPipe
    // at a time (TPipe构造函数, 约束说明: several at once hang or behave at random) and passes TPipe* around.
    TPipe(const TPipe&) { kg_copied("TPipe (copy constructor)"); }
    TPipe& operator=(const TPipe&) {
        kg_copied("TPipe::operator=");
        return *this;
    }

    template <class Q>
    bool InitBuffer(Q& que, uint32_t num, uint32_t len) {
        static_assert(std::is_base_of<kgemu::detail::QueCore, Q>::value, "InitBuffer(que, num, len) needs a TQue");
        auto& b = kgemu::detail::api_enter("InitBuffer");
        if (que.kg_is_tbuf) kgemu::detail::fail("InitBuffer", "a TBuf takes InitBuffer(buf, len), without num");
        if (num < 1 || num > 64) {
            kgemu::detail::fail("InitBuffer", kgemu::detail::strf("num %u is outside [1, 64]", num));
        }
        if ((que.kg_config_num != 0 && que.kg_config_num != num) || (que.kg_config_len != 0 && que.kg_config_len != len)) {
            kgemu::detail::fail("InitBuffer", kgemu::detail::strf(
                "num %u, len %u differ from the queue's TQueConfig (bufferNumber %u, bufferLen %u): a non-zero "
                "bufferNumber / bufferLen must equal InitBuffer's num / len", num, len, que.kg_config_num,
                que.kg_config_len));
        }
        const uint32_t len32 = (len + 31U) / 32U * 32U;
        const uint32_t base = kg_carve_at(b, que.kg_bpos, num, len32);
        kg_attach(b, que, num, len32, base);
        return true;
    }

    template <class B>
    bool InitBuffer(B& buf, uint32_t len) {
        static_assert(std::is_base_of<kgemu::detail::QueCore, B>::value, "InitBuffer(buf, len) needs a TBuf");
        auto& b = kgemu::detail::api_enter("InitBuffer");
        if (!buf.kg_is_tbuf) kgemu::detail::fail("InitBuffer", "a TQue takes InitBuffer(que, num, len)");
        const uint32_t len32 = (len + 31U) / 32U * 32U;
        const uint32_t base = kg_carve_at(b, buf.kg_bpos, 1, len32);
        kg_attach(b, buf, 1, len32, base);
        return true;
    }

    void Reset();
    static void kg_copied(const char* api);

    // TBufPool (kgemu/detail/tbufpool.h): a pool carved like a TBuf, or sharing another pool's bytes
    template <class P>
    bool InitBufPool(P& pool, uint32_t len);
    template <class P, class S>
    bool InitBufPool(P& pool, uint32_t len, S& shareBuf);
    void Destroy() { Reset(); }

    TEventID FetchEventID(HardEvent evt);
    template <HardEvent evt>
    TEventID FetchEventID() {
        return FetchEventID(evt);
    }
    template <HardEvent evt>
    TEventID AllocEventID() {
        auto& b = kgemu::detail::api_enter("AllocEventID");
        (void)b;
        const int e = static_cast<int>(evt);
        for (int id = 0; id < 8; ++id) {
            if (!(kg_event_alloc[e] & (1U << id))) {
                kg_event_alloc[e] |= 1U << id;
                return static_cast<TEventID>(id);
            }
        }
        kgemu::detail::fail("AllocEventID", kgemu::detail::strf("all 8 event ids of HardEvent::%s are allocated",
                                                                kgemu::detail::event_pipes(evt).name));
    }
    template <HardEvent evt>
    void ReleaseEventID(TEventID id) {
        kgemu::detail::api_enter("ReleaseEventID");
        if (id >= 0 && id < 8) kg_event_alloc[static_cast<int>(evt)] &= ~(1U << id);
    }

    // ---- emulator bookkeeping ----
    uint64_t kg_top = 0;   // bytes carved from UB
    uint64_t kg_cube_top[static_cast<int>(Hardware::MAX)] = {};  // bytes carved from L1, L0A, ... (cube.h)
    uint32_t kg_nbuf = 0;  // buffers carved
    uint32_t kg_in_use[static_cast<int>(TPosition::MAX) + 1] = {};
    int32_t kg_next_id = 0;
    std::vector<kgemu::detail::QueCore*> kg_queues;
    uint32_t kg_event_alloc[kgemu::detail::kNumHardEvents] = {};

    uint32_t kg_carve(kgemu::detail::BlockState& b, uint32_t num, uint32_t len32);
    uint32_t kg_carve_at(kgemu::detail::BlockState& b, TPosition pos, uint32_t num, uint32_t len32);
    void kg_attach(kgemu::detail::BlockState& b, kgemu::detail::QueCore& q, uint32_t num, uint32_t len32,
                   uint32_t base);
};

inline TPipe* GetTPipePtr() {
    auto& b = kgemu::detail::block_state("GetTPipePtr");
    if (b.pipe == nullptr) kgemu::detail::fail("GetTPipePtr", "no TPipe is alive in this block");
    return b.pipe;
}

// TQue's third parameter, as a pointer (asc-devkit TQue简介.md "mask"): bufferLen / bufferNumber, when not 0, must be
// what InitBuffer is given (they let the compiler plan the buffers); the format fields apply to A1/B1/CO2 queues and
// the rest are reserved.
struct TQueConfig {
    bool nd2nz = false;
    bool nz2nd = false;
    bool scmBlockGroup = false;
    uint32_t bufferLen = 0;
    uint32_t bufferNumber = 0;
    uint32_t consumerSize = 0;
    TPosition consumer[8] = {};
    bool enableStaticEvtId = false;
    bool enableLoopQueue = false;
};

template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind : public kgemu::detail::QueCore {
public:
    TQueBind() {
        kg_bpos = kgemu::detail::buffer_pos(src, dst);
        kg_depth = depth;
        kg_prod_pipe = kgemu::detail::que_producer_pipe(src);
        kg_cons_pipe = kgemu::detail::que_consumer_pipe(dst);
        if constexpr (std::is_pointer_v<decltype(mask)>) {
            if (mask != nullptr) {
                kg_config_num = mask->bufferNumber;
                kg_config_len = mask->bufferLen;
            }
        }
    }
    // A copy is a handle of the same queue, as TBuf's: CANN's TQueBind keeps its buffer handles and counters in
    // the object, so a copy passed by value (apply_fused_ema_adam's ScalarPow allocates and frees through one)
    // uses the same buffers. Here every call on the copy is the original's, so a copy's allocation that is never
    // freed still holds the original's buffer (on the NPU the original would hand that buffer out again).
    TQueBind(const TQueBind& other) : TQueBind() { kg_alias_ = other.kg_alias_ != nullptr ? other.kg_alias_ : &other; }
    TQueBind& operator=(const TQueBind& other) {
        if (this != &other) kg_alias_ = other.kg_alias_ != nullptr ? other.kg_alias_ : &other;
        return *this;
    }

    template <typename T>
    LocalTensor<T> AllocTensor() {
        if (kg_alias_ != nullptr) return kg_orig().template AllocTensor<T>();
        auto& b = kgemu::detail::api_enter("AllocTensor");
        kg_require_init("AllocTensor");
        if (b.progress_queue == this) ++b.tiles;  // counted when called: a failing AllocTensor names its own tile
        uint32_t slot = kg_num;
        for (uint32_t i = 0; i < kg_num; ++i) {
            const uint32_t s = (kg_cursor + i) % kg_num;
            if (kg_state[s] == kgemu::detail::BUF_FREE) {
                slot = s;
                break;
            }
        }
        if (slot == kg_num) {
            kgemu::detail::fail("AllocTensor",
                                kgemu::detail::strf("queue %d (%s, %u buffer(s)) has no free buffer: every buffer "
                                                    "is allocated and not yet freed (missing FreeTensor, or more "
                                                    "tensors in flight than InitBuffer's num)",
                                                    kg_id, kgemu::detail::position_name(kg_bpos), kg_num));
        }
        const int p = static_cast<int>(kg_bpos);
        if (kg_pipe->kg_in_use[p] >= b.soc->que_max_event) {
            kgemu::detail::fail("AllocTensor",
                                kgemu::detail::strf("%u queue buffers of TPosition %s are already allocated; at "
                                                    "most %u may be in use at once on %s (QUE_MAX_EVENT: one sync "
                                                    "event per buffer)",
                                                    kg_pipe->kg_in_use[p], kgemu::detail::position_name(kg_bpos),
                                                    b.soc->que_max_event, kgemu::detail::soc_name(b)));
        }
        kg_state[slot] = kgemu::detail::BUF_OCCUPIED;
        kg_cursor = (slot + 1) % kg_num;
        ++kg_pipe->kg_in_use[p];
        ++kg_allocs;
        ++kg_gen[slot];
        if (b.san.on) b.san.vc[kg_prod_pipe].join(kg_free_clock[slot]);  // waits for the buffer's last FreeTensor
        // AllocTensor hands the buffer out with whatever it last held, as on the NPU (AllocTensor.md: the
        // contents "may contain random values"; the hardware does not clear them). Bytes nothing wrote since the
        // block started still hold the block-start poison and are the sanitizer's uninitialised reads; a kernel
        // that reads the previous tenant's values (fused_add_rms_norm's single-buffer queue) gets them, as on
        // the NPU, instead of a NaN the NPU would not produce.
        if (__builtin_expect(b.trace, 0)) {
            kgemu::detail::trace_push(b, "AllocTensor", kgemu::detail::producer_pipe(kg_bpos), kg_len, 0, 0,
                                      sizeof(T), -1, kg_id, static_cast<int32_t>(slot));
        }
        return kg_tensor<T>(slot);
    }
    template <typename T>
    void AllocTensor(LocalTensor<T>& tensor) {
        tensor = AllocTensor<T>();
    }

    template <typename T>
    bool EnQue(const LocalTensor<T>& tensor) {
        return kg_enque(tensor, kg_prod_pipe);
    }

    template <typename T>
    LocalTensor<T> DeQue() {
        return kg_deque<T>(kg_cons_pipe);
    }
    template <typename T>
    void DeQue(LocalTensor<T>& tensor) {
        tensor = DeQue<T>();
    }

    template <typename T>
    void FreeTensor(LocalTensor<T>& tensor) {
        if (kg_alias_ != nullptr) return kg_orig().FreeTensor(tensor);
        auto& b = kgemu::detail::api_enter("FreeTensor");
        kg_require_init("FreeTensor");
        const uint32_t slot = kg_slot_of(b, "FreeTensor", tensor);
        const uint8_t st = kg_state[slot];
        if (st == kgemu::detail::BUF_FREE) {
            kgemu::detail::fail("FreeTensor", kgemu::detail::strf("FreeTensor twice: buffer %u of queue %d is "
                                                                  "already free",
                                                                  slot, kg_id));
        }
        if (st == kgemu::detail::BUF_ENQUE) {
            kgemu::detail::fail("FreeTensor", kgemu::detail::strf("buffer %u of queue %d is still enqueued (EnQue "
                                                                  "without DeQue)",
                                                                  slot, kg_id));
        }
        kg_state[slot] = kgemu::detail::BUF_FREE;
        ++kg_gen[slot];
        // the buffer's last users: the pipe its last DeQue handed it to (the queue's consumer pipe if never dequeued)
        const int8_t last = st == kgemu::detail::BUF_DEQUE ? kg_deq_pipe[slot] : kg_cons_pipe;
        if (b.san.on) kg_free_clock[slot] = b.san.vc[last];
        --kg_pipe->kg_in_use[static_cast<int>(kg_bpos)];
        if (__builtin_expect(b.trace, 0)) {
            kgemu::detail::trace_push(b, "FreeTensor", kgemu::detail::que_pipe_name(last), kg_len, 0, 0, sizeof(T),
                                      -1, kg_id, static_cast<int32_t>(slot));
        }
    }

    // The forms that name the user positions of a bound queue (a TQueBind<VECIN, VECOUT> carrying one buffer
    // from GM through the vector unit back to GM): EnQue<GM, VECIN, T>, DeQue<VECOUT, GM, T>, ... The positions
    // choose the hardware events the NPU waits on, so the sanitizer orders the hop's pipes (MTE2 -> V for
    // GM -> VECIN, V -> V for VECIN -> VECOUT, V -> MTE3 for VECOUT -> GM); the buffer follows the same state
    // machine as EnQue/DeQue.
    template <TPosition srcUserPos, TPosition dstUserPos, typename T>
    bool EnQue(const LocalTensor<T>& tensor) {
        kg_check_user_pos("EnQue", srcUserPos, dstUserPos);
        return kg_enque(tensor, kgemu::detail::hop_producer_pipe(srcUserPos, dstUserPos));
    }
    template <TPosition srcUserPos, TPosition dstUserPos, typename T>
    LocalTensor<T> DeQue() {
        kg_check_user_pos("DeQue", srcUserPos, dstUserPos);
        return kg_deque<T>(kgemu::detail::hop_consumer_pipe(srcUserPos, dstUserPos));
    }

    bool VacantInQue() const {
        return depth <= 0 || kg_orig().kg_fifo_count < static_cast<uint32_t>(depth);
    }
    bool HasTensorInQue() const { return kg_orig().kg_fifo_count > 0; }
    int32_t GetTensorCountInQue() const { return static_cast<int32_t>(kg_orig().kg_fifo_count); }
    bool HasIdleBuffer() const {
        const TQueBind& q = kg_orig();
        for (uint32_t i = 0; i < q.kg_num; ++i) {
            if (q.kg_state[i] == kgemu::detail::BUF_FREE) return true;
        }
        return false;
    }
    void FreeAllEvent() {}

protected:
    const TQueBind* kg_alias_ = nullptr;  // the queue this copy names (nullptr: this is it)
    TQueBind& kg_orig() { return kg_alias_ != nullptr ? *const_cast<TQueBind*>(kg_alias_) : *this; }
    const TQueBind& kg_orig() const { return kg_alias_ != nullptr ? *kg_alias_ : *this; }

    // EnQue / DeQue, the hop's producer pipe publishing its clock and the consumer pipe joining it
    template <typename T>
    bool kg_enque(const LocalTensor<T>& tensor, int8_t prod_pipe) {
        if (kg_alias_ != nullptr) return kg_orig().kg_enque(tensor, prod_pipe);
        auto& b = kgemu::detail::api_enter("EnQue");
        kg_require_init("EnQue");
        const uint32_t slot = kg_slot_of(b, "EnQue", tensor);
        const uint8_t st = kg_state[slot];
        if (st == kgemu::detail::BUF_FREE) {
            kgemu::detail::fail("EnQue", kgemu::detail::strf("buffer %u of queue %d is not allocated (it was freed, "
                                                             "or never came from AllocTensor)",
                                                             slot, kg_id));
        }
        if (st == kgemu::detail::BUF_ENQUE) {
            kgemu::detail::fail("EnQue", kgemu::detail::strf("buffer %u of queue %d is already enqueued", slot, kg_id));
        }
        if (depth > 0 && kg_fifo_count >= static_cast<uint32_t>(depth)) {
            kgemu::detail::fail("EnQue", kgemu::detail::strf("queue %d already holds %u enqueued tensor(s) and its "
                                                             "depth is %d: EnQue past depth (DeQue first, or raise "
                                                             "the TQue depth)",
                                                             kg_id, kg_fifo_count, depth));
        }
        kg_fifo[(kg_fifo_head + kg_fifo_count) % 64] = static_cast<uint8_t>(slot);
        ++kg_fifo_count;
        kg_state[slot] = kgemu::detail::BUF_ENQUE;
        if (b.san.on) kg_enq_clock[slot] = b.san.vc[prod_pipe];
        if (__builtin_expect(b.trace, 0)) {
            kgemu::detail::trace_push(b, "EnQue", kgemu::detail::que_pipe_name(prod_pipe), kg_len, 0, 0, sizeof(T), -1,
                                      kg_id, static_cast<int32_t>(slot));
        }
        return true;
    }

    template <typename T>
    LocalTensor<T> kg_deque(int8_t cons_pipe) {
        if (kg_alias_ != nullptr) return kg_orig().template kg_deque<T>(cons_pipe);
        auto& b = kgemu::detail::api_enter("DeQue");
        kg_require_init("DeQue");
        if (kg_fifo_count == 0) {
            kgemu::detail::fail("DeQue", kgemu::detail::strf("queue %d (%s) is empty: DeQue without a matching EnQue",
                                                             kg_id, kgemu::detail::position_name(kg_bpos)));
        }
        const uint32_t slot = kg_fifo[kg_fifo_head];
        kg_fifo_head = (kg_fifo_head + 1) % 64;
        --kg_fifo_count;
        kg_state[slot] = kgemu::detail::BUF_DEQUE;
        kg_deq_pipe[slot] = cons_pipe;
        if (b.san.on) b.san.vc[cons_pipe].join(kg_enq_clock[slot]);
        if (__builtin_expect(b.trace, 0)) {
            kgemu::detail::trace_push(b, "DeQue", kgemu::detail::que_pipe_name(cons_pipe), kg_len, 0, 0, sizeof(T), -1,
                                      kg_id, static_cast<int32_t>(slot));
        }
        return kg_tensor<T>(slot);
    }
    // A user-position pair must be one hop of the queue's path GM -> src -> dst -> GM, or on the 950 of
    // GM -> VECIN -> VECCALC -> VECOUT -> GM through a TQueBind<VECIN, VECOUT> (hop_producer_pipe above).
    static void kg_check_user_pos(const char* api, TPosition us, TPosition ud) {
        const bool ok = (us == TPosition::GM && ud == src && src != TPosition::GM) || (us == src && ud == dst) ||
                        (us == dst && ud == TPosition::GM && dst != TPosition::GM);
        if (ok) return;
        const bool through_calc = src == TPosition::VECIN && dst == TPosition::VECOUT &&
                                  ((us == src && ud == TPosition::VECCALC) || (us == TPosition::VECCALC && ud == dst));
        const auto& b = kgemu::detail::block_state(api);
        const bool arch35 = b.soc != nullptr && b.soc->npu_arch == 3510;
        if (!(through_calc && arch35)) {
            const std::string calc = src == TPosition::VECIN && dst == TPosition::VECOUT
                                         ? (arch35 ? ", VECIN -> VECCALC, VECCALC -> VECOUT"
                                                   : "; VECIN -> VECCALC -> VECOUT only on the 950")
                                         : "";
            kgemu::detail::fail(api, kgemu::detail::strf("user positions %s -> %s are not a hop of this TQueBind<%s, "
                                                         "%s> (valid: GM -> %s, %s -> %s, %s -> GM%s)",
                                                         kgemu::detail::position_name(us),
                                                         kgemu::detail::position_name(ud),
                                                         kgemu::detail::position_name(src),
                                                         kgemu::detail::position_name(dst),
                                                         kgemu::detail::position_name(src),
                                                         kgemu::detail::position_name(src),
                                                         kgemu::detail::position_name(dst),
                                                         kgemu::detail::position_name(dst), calc.c_str()));
        }
    }

    void kg_require_init(const char* api) const {
        if (kg_pipe == nullptr) {
            kgemu::detail::fail(api, "queue used before TPipe::InitBuffer (or after its TPipe was destroyed/reset)");
        }
    }

    template <typename T>
    LocalTensor<T> kg_tensor(uint32_t slot) const {
        const auto& b = *kgemu::detail::tl_block;
        LocalTensor<T> t;
        const uint32_t begin = kg_base + slot * kg_len;
        t.kg_addr = reinterpret_cast<T*>(b.ub + begin);
        t.kg_size = static_cast<uint32_t>(kgemu::detail::elems_in<T>(kg_len));
        t.kg_buf_begin = begin;
        t.kg_buf_end = begin + kg_len;
        t.kg_owner = static_cast<const kgemu::detail::QueCore*>(this);
        t.kg_slot = static_cast<int32_t>(slot);
        t.kg_pos = kg_bpos;
        t.kg_gen = kg_gen[slot];
        return t;
    }

    template <typename T>
    uint32_t kg_slot_of(kgemu::detail::BlockState& b, const char* api, const LocalTensor<T>& t) const {
        if (t.kg_owner != static_cast<const kgemu::detail::QueCore*>(this) || t.kg_slot < 0 || static_cast<uint32_t>(t.kg_slot) >= kg_num) {
            kgemu::detail::fail(api, kgemu::detail::strf("the tensor was not allocated by this queue (queue %d); it "
                                                         "belongs to another queue or a TBuf, or is empty",
                                                         kg_id));
        }
        const uint32_t slot = static_cast<uint32_t>(t.kg_slot);
        const uint64_t off = kgemu::detail::ub_offset_of(b, t.kg_addr);
        if (off != kg_base + static_cast<uint64_t>(slot) * kg_len) {
            kgemu::detail::fail(api, kgemu::detail::strf("the tensor is a sub-view (UB offset %llu) of buffer %u of "
                                                         "queue %d, not the tensor AllocTensor/DeQue returned",
                                                         static_cast<unsigned long long>(off), slot, kg_id));
        }
        return slot;
    }
};

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<kgemu::detail::que_src_pos(pos), kgemu::detail::que_dst_pos(pos), depth, mask> {
public:
    TQue() = default;
};

template <TPosition pos = TPosition::LCM>
class TBuf : public kgemu::detail::QueCore {
public:
    TBuf() {
        kg_is_tbuf = true;
        kg_bpos = pos;
    }
    // A copy names the same buffer (CANN's TBuf is a copyable handle: apply_fused_ema_adam passes two by value to
    // its ScalarPow); every call on the copy is the original's. The copy holds no buffer of its own, so the original
    // must outlive it, as the buffer does on the NPU.
    TBuf(const TBuf& other) : TBuf() { kg_alias_ = other.kg_alias_ != nullptr ? other.kg_alias_ : &other; }
    TBuf& operator=(const TBuf& other) {
        if (this != &other) kg_alias_ = other.kg_alias_ != nullptr ? other.kg_alias_ : &other;
        return *this;
    }

    template <typename T>
    LocalTensor<T> Get() {
        if (kg_alias_ != nullptr) return kg_orig().template Get<T>();
        kgemu::detail::api_enter("TBuf::Get");
        return kg_get<T>("TBuf::Get", static_cast<uint32_t>(kgemu::detail::elems_in<T>(kg_len)), 0);
    }
    template <typename T>
    LocalTensor<T> Get(uint32_t len) {
        if (kg_alias_ != nullptr) return kg_orig().template Get<T>(len);
        kgemu::detail::api_enter("TBuf::Get");
        return kg_get<T>("TBuf::Get", len, 0);
    }
    // TBuf's queue-shaped interface (Ascend C inherits it from TQueBind): AllocTensor and DeQue return the
    // whole buffer, like Get<T>(); EnQue and FreeTensor do nothing (a TBuf has no buffer states).
    template <typename T>
    LocalTensor<T> AllocTensor() {
        if (kg_alias_ != nullptr) return kg_orig().template AllocTensor<T>();
        kgemu::detail::api_enter("TBuf::AllocTensor");
        return kg_get<T>("TBuf::AllocTensor", static_cast<uint32_t>(kgemu::detail::elems_in<T>(kg_len)), 0);
    }
    template <typename T>
    LocalTensor<T> DeQue() {
        if (kg_alias_ != nullptr) return kg_orig().template DeQue<T>();
        kgemu::detail::api_enter("TBuf::DeQue");
        return kg_get<T>("TBuf::DeQue", static_cast<uint32_t>(kgemu::detail::elems_in<T>(kg_len)), 0);
    }
    template <typename T>
    void EnQue(const LocalTensor<T>& tensor) {
        kg_orig().kg_require_own("TBuf::EnQue", tensor);
    }
    template <typename T>
    void FreeTensor(LocalTensor<T>& tensor) {
        kg_orig().kg_require_own("TBuf::FreeTensor", tensor);
    }

    template <typename T>
    LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset) {
        if (kg_alias_ != nullptr) return kg_orig().template GetWithOffset<T>(size, bufOffset);
        kgemu::detail::api_enter("TBuf::GetWithOffset");
        if (bufOffset % 32 != 0) {
            kgemu::detail::fail("TBuf::GetWithOffset",
                                kgemu::detail::strf("bufOffset %u is not a multiple of 32 bytes", bufOffset));
        }
        return kg_get<T>("TBuf::GetWithOffset", size, bufOffset);
    }

private:
    const TBuf* kg_alias_ = nullptr;  // the buffer this copy names (nullptr: this is it)
    TBuf& kg_orig() { return kg_alias_ != nullptr ? *const_cast<TBuf*>(kg_alias_) : *this; }

    // EnQue / FreeTensor change nothing on a TBuf, but a tensor from another buffer there is a mix-up the NPU
    // build would hide (the tensor the kernel meant to hand over stays where it was).
    template <typename T>
    void kg_require_own(const char* api, const LocalTensor<T>& t) const {
        kgemu::detail::api_enter(api);
        if (kg_pipe == nullptr) {
            kgemu::detail::fail(api, "TBuf used before TPipe::InitBuffer (or after its TPipe was destroyed/reset)");
        }
        if (t.kg_owner != nullptr || t.kg_buf_begin != kg_base || t.kg_buf_end != kg_base + kg_len) {
            kgemu::detail::fail(api, kgemu::detail::strf("the tensor (UB buffer [%u, %u)) does not come from this "
                                                         "TBuf (UB [%u, %u)): it belongs to another TBuf or queue",
                                                         t.kg_buf_begin, t.kg_buf_end, kg_base, kg_base + kg_len));
        }
    }

    template <typename T>
    LocalTensor<T> kg_get(const char* api, uint32_t count, uint32_t offset) const {
        if (kg_pipe == nullptr) {
            kgemu::detail::fail(api, "TBuf used before TPipe::InitBuffer (or after its TPipe was destroyed/reset)");
        }
        const uint64_t need = static_cast<uint64_t>(offset) + kgemu::detail::bytes_of<T>(count);
        if (need > kg_len) {
            kgemu::detail::fail(api, kgemu::detail::strf("%u elements of %s (%llu bytes) from byte %u exceed the "
                                                         "TBuf's %u bytes (InitBuffer length rounded up to 32)",
                                                         count, kgemu::detail::dtype_info<T>::name,
                                                         static_cast<unsigned long long>(need - offset), offset,
                                                         kg_len));
        }
        const auto& b = *kgemu::detail::tl_block;
        LocalTensor<T> t;
        t.kg_addr = reinterpret_cast<T*>(b.ub + kg_base + offset);
        t.kg_size = count;
        t.kg_buf_begin = kg_base;
        t.kg_buf_end = kg_base + kg_len;
        t.kg_owner = nullptr;
        t.kg_slot = -1;
        t.kg_pos = pos;
        return t;
    }
};

}  // namespace AscendC

// asc-devkit's prototype (GetTPipePtr.md) is `AscendC::TPipe* GetTPipePtr()`, outside AscendC: kernels call it
// unqualified from classes of their own namespace (fused_bias_leaky_relu_grad, softplus_v2_grad)
using AscendC::GetTPipePtr;

// ---- out-of-class definitions ----
namespace kgemu {
namespace detail {

inline void QueCore::kg_detach() {
    if (kg_pipe != nullptr) {
        auto& qs = kg_pipe->kg_queues;
        qs.erase(std::remove(qs.begin(), qs.end(), this), qs.end());
        if (!kg_is_tbuf) {
            for (uint32_t i = 0; i < kg_num; ++i) {
                if (kg_state[i] != BUF_FREE) --kg_pipe->kg_in_use[static_cast<int>(kg_bpos)];
            }
        }
    }
    kg_pipe = nullptr;
}

inline void warn_held(const QueCore& q, const char* when) {
    BlockState* b = tl_block;
    if (b == nullptr || q.kg_is_tbuf || q.kg_pipe == nullptr) return;
    uint32_t held = 0;
    for (uint32_t i = 0; i < q.kg_num; ++i) held += q.kg_state[i] != BUF_FREE ? 1 : 0;
    if (held != 0) {
        warn(*b, strf("queue %d (%s) still held %u allocated buffer(s) when %s (missing FreeTensor)", q.kg_id,
                      position_name(q.kg_bpos), held, when));
    }
}

inline QueCore::~QueCore() {
    try {
        warn_held(*this, "it was destroyed");
        kg_detach();  // progress_queue may keep pointing here: it is only compared, never dereferenced
    } catch (...) {
    }
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

inline TPipe::TPipe() {
    auto& b = kgemu::detail::api_enter("TPipe");
    if (b.pipe != nullptr) {
        kgemu::detail::fail("TPipe", "a second TPipe was constructed while one is alive (a kernel has exactly one "
                                     "TPipe)");
    }
    if (b.allocators_live != 0) {
        kgemu::detail::fail("TPipe", "constructed while a LocalMemAllocator is alive: static-Tensor programming's "
                                     "allocator is not mixed with TPipe (LocalMemAllocator简介.md)");
    }
    b.pipe = this;
}

inline void TPipe::kg_copied(const char* api) {
    (void)kgemu::detail::api_enter(api);
    kgemu::detail::fail(api, "copies a TPipe: a kernel has exactly one TPipe (asc-devkit TPipe: one alive at a time); "
                             "keep a TPipe* to the kernel's pipe instead");
}

inline TPipe::~TPipe() {
    try {
        kgemu::detail::BlockState* b = kgemu::detail::tl_block;
        for (auto* q : kg_queues) {
            kgemu::detail::warn_held(*q, "its TPipe was destroyed");
            q->kg_pipe = nullptr;
        }
        kg_queues.clear();
        if (b != nullptr && b->pipe == this) b->pipe = nullptr;
    } catch (...) {
    }
}

inline void TPipe::Reset() {
    kgemu::detail::api_enter("TPipe::Reset");
    for (auto* q : kg_queues) q->kg_pipe = nullptr;
    kg_queues.clear();
    kg_top = 0;
    kg_nbuf = 0;
    std::memset(kg_in_use, 0, sizeof(kg_in_use));
    std::memset(kg_cube_top, 0, sizeof(kg_cube_top));
}

inline TEventID TPipe::FetchEventID(HardEvent evt) {
    // a free id (not taken by AllocEventID), without occupying it: SetFlag<E>(FetchEventID(E)) followed by
    // WaitFlag<E>(FetchEventID(E)) uses the same id twice, as on CANN
    kgemu::detail::api_enter("FetchEventID");
    const int e = static_cast<int>(evt);
    for (int id = 0; id < 8; ++id) {
        if (!(kg_event_alloc[e] & (1U << id))) return static_cast<TEventID>(id);
    }
    return 0;
}

// A cube position's buffers come from its own memory (kgemu/detail/cube_mem.h); UB positions from UB (kg_carve).
inline uint32_t TPipe::kg_carve_at(kgemu::detail::BlockState& b, TPosition pos, uint32_t num, uint32_t len32) {
    const Hardware mem = kgemu::detail::position_memory(pos);
    if (mem == Hardware::UB) return kg_carve(b, num, len32);
    const uint64_t total = static_cast<uint64_t>(num) * len32;
    uint64_t& top = kg_cube_top[static_cast<int>(mem)];
    const uint64_t size = kgemu::detail::memory_bytes(*b.soc, mem);
    if (top + total > size) {
        kgemu::detail::fail("InitBuffer",
                            kgemu::detail::strf("%s overflow: InitBuffer of %llu bytes at TPosition %s brings the "
                                                "TPipe's %s to %llu bytes, above the SOC's %s of %llu bytes (%s)",
                                                kgemu::detail::memory_name(mem),
                                                static_cast<unsigned long long>(total),
                                                kgemu::detail::position_name(pos), kgemu::detail::memory_name(mem),
                                                static_cast<unsigned long long>(top + total),
                                                kgemu::detail::memory_name(mem),
                                                static_cast<unsigned long long>(size), kgemu::detail::soc_name(b)));
    }
    if (kg_nbuf + num > static_cast<uint32_t>(QBUF_MAX_LEN)) {
        kgemu::detail::fail("InitBuffer", kgemu::detail::strf("more than 64 buffers in one TPipe: InitBuffer of %u "
                                                              "buffer(s) brings the TPipe to %u (QBUF_MAX_LEN = 64)",
                                                              num, kg_nbuf + num));
    }
    const uint64_t base = kgemu::detail::memory_base(*b.soc, mem) + top;
    top += total;
    kg_nbuf += num;
    return static_cast<uint32_t>(base);
}

inline uint32_t TPipe::kg_carve(kgemu::detail::BlockState& b, uint32_t num, uint32_t len32) {
    const uint64_t total = static_cast<uint64_t>(num) * len32;
    const uint64_t new_top = kg_top + total;
    if (new_top > b.soc->ub_pool) {
        kgemu::detail::fail("InitBuffer",
                            kgemu::detail::strf("UB overflow: InitBuffer of %llu bytes brings the TPipe to %llu bytes, "
                                                "above the SOC's UB of %llu bytes (%s)",
                                                static_cast<unsigned long long>(total),
                                                static_cast<unsigned long long>(new_top),
                                                static_cast<unsigned long long>(b.soc->ub_pool),
                                                kgemu::detail::soc_name(b)));
    }
    if (kg_nbuf + num > static_cast<uint32_t>(QBUF_MAX_LEN)) {
        kgemu::detail::fail("InitBuffer", kgemu::detail::strf("more than 64 buffers in one TPipe: InitBuffer of %u "
                                                              "buffer(s) brings the TPipe to %u (QBUF_MAX_LEN = 64)",
                                                              num, kg_nbuf + num));
    }
    const uint32_t base = static_cast<uint32_t>(kg_top);
    kg_top = new_top;
    kg_nbuf += num;
    if (new_top > b.stats.ub_bytes_used) b.stats.ub_bytes_used = new_top;
    if (new_top > b.soc->ub_doc_usable) {
        kgemu::detail::warn(b, kgemu::detail::strf("UB use of %llu bytes is above the documented user-usable UB of "
                                                   "%llu bytes on %s (the rest is reserved for library APIs)",
                                                   static_cast<unsigned long long>(new_top),
                                                   static_cast<unsigned long long>(b.soc->ub_doc_usable),
                                                   kgemu::detail::soc_name(b)));
    }
    return base;
}

inline void TPipe::kg_attach(kgemu::detail::BlockState& b, kgemu::detail::QueCore& q, uint32_t num, uint32_t len32,
                             uint32_t base) {
    if (q.kg_pipe != this) {
        q.kg_detach();
        q.kg_pipe = this;
        kg_queues.push_back(&q);
        if (q.kg_id < 0) q.kg_id = kg_next_id++;
    } else if (!q.kg_is_tbuf) {
        for (uint32_t i = 0; i < q.kg_num; ++i) {
            if (q.kg_state[i] != kgemu::detail::BUF_FREE) --kg_in_use[static_cast<int>(q.kg_bpos)];
        }
    }
    q.kg_num = num;
    q.kg_len = len32;
    q.kg_base = base;
    if (b.san.on) b.san.layout.push_back({base, num, len32, q.kg_id, q.kg_bpos, q.kg_is_tbuf, q.kg_cons_pipe});
    q.kg_cursor = 0;
    q.kg_fifo_head = 0;
    q.kg_fifo_count = 0;
    q.kg_allocs = 0;
    std::memset(q.kg_state, 0, sizeof(q.kg_state));
    if (!q.kg_is_tbuf) {
        const bool vecin = q.kg_bpos == TPosition::VECIN;
        if (b.progress_queue == nullptr || (vecin && !b.progress_queue_is_vecin)) {
            b.progress_queue = &q;
            b.progress_queue_is_vecin = vecin;
            b.tiles = 0;
        }
    }
}

}  // namespace AscendC

// CANN declares GetTPipePtr at global scope (asc-devkit basic_api/kernel_common.h); kernels call it unqualified
// outside namespace AscendC (ops-nn's common kernel_safe_data_copy.h)
using AscendC::GetTPipePtr;

#endif  // KGEMU_DETAIL_TPIPE_H
