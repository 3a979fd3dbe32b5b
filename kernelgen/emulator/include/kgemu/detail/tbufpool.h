// kernelgen CPU emulator (private, kernel side): TBufPool (hicann/asc-devkit docs TBufPool, InitBufPool).
//
// TPipe::InitBufPool(pool, len) carves len bytes from the pipe's UB like a TBuf; InitBufPool(pool, len, shareBuf)
// makes pool cover the same bytes as shareBuf (pools that take turns). pool.InitBuffer(que, num, len) and
// pool.InitBuffer(tbuf, len) then carve their buffers from the pool, and pool.InitBufPool(sub, len) a nested pool;
// going past the pool's bytes or its bufIDSize buffers is a defect. pool.Reset() releases everything carved from
// the pool, so the next InitBuffer calls reuse its bytes (queues initialised before keep their old, now shared,
// bytes: re-initialise them after a Reset, as on the NPU).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/tbufpool.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_TBUFPOOL_H
#define KGEMU_DETAIL_TBUFPOOL_H

#include <cstdint>

#include "kgemu/detail/tpipe.h"

namespace AscendC {

template <TPosition pos, uint32_t bufIDSize = 4>
class TBufPool {
public:
    TBufPool() = default;
    TBufPool(const TBufPool&) = delete;
    TBufPool& operator=(const TBufPool&) = delete;

    template <class Q>
    bool InitBuffer(Q& que, uint32_t num, uint32_t len) {
        static_assert(std::is_base_of<kgemu::detail::QueCore, Q>::value, "TBufPool::InitBuffer(que, num, len) needs a TQue");
        auto& b = kgemu::detail::api_enter("TBufPool::InitBuffer");
        if (que.kg_is_tbuf) kgemu::detail::fail("TBufPool::InitBuffer", "a TBuf takes InitBuffer(buf, len), without num");
        if (num < 1 || num > 64) {
            kgemu::detail::fail("TBufPool::InitBuffer", kgemu::detail::strf("num %u is outside [1, 64]", num));
        }
        const uint32_t len32 = (len + 31U) / 32U * 32U;
        const uint32_t base = kg_carve("TBufPool::InitBuffer", num, len32);
        kg_pipe->kg_attach(b, que, num, len32, base);
        return true;
    }
    template <TPosition bufPos>
    bool InitBuffer(TBuf<bufPos>& buf, uint32_t len) {
        auto& b = kgemu::detail::api_enter("TBufPool::InitBuffer");
        const uint32_t len32 = (len + 31U) / 32U * 32U;
        const uint32_t base = kg_carve("TBufPool::InitBuffer", 1, len32);
        kg_pipe->kg_attach(b, buf, 1, len32, base);
        return true;
    }
    template <class P>
    bool InitBufPool(P& sub, uint32_t len) {
        kgemu::detail::api_enter("TBufPool::InitBufPool");
        const uint32_t len32 = (len + 31U) / 32U * 32U;
        sub.kg_init(kg_pipe, kg_carve("TBufPool::InitBufPool", 1, len32), len32);
        return true;
    }
    template <class P, class S>
    bool InitBufPool(P& sub, uint32_t len, S& shareBuf) {
        kgemu::detail::api_enter("TBufPool::InitBufPool");
        sub.kg_share(kg_pipe, len, shareBuf);
        return true;
    }
    void Reset() {
        kgemu::detail::api_enter("TBufPool::Reset");
        kg_used = 0;
        kg_nbuf = 0;
    }

    // ---- emulator bookkeeping ----
    TPipe* kg_pipe = nullptr;
    uint32_t kg_base = 0, kg_len = 0, kg_used = 0, kg_nbuf = 0;

    void kg_init(TPipe* pipe, uint32_t base, uint32_t len) {
        kg_pipe = pipe;
        kg_base = base;
        kg_len = len;
        kg_used = 0;
        kg_nbuf = 0;
    }
    template <class S>
    void kg_share(TPipe* pipe, uint32_t len, const S& other) {
        if (other.kg_pipe == nullptr) {
            kgemu::detail::fail("InitBufPool", "the shared TBufPool has not been initialised (InitBufPool it first)");
        }
        const uint32_t len32 = (len + 31U) / 32U * 32U;
        if (len32 > other.kg_len) {
            kgemu::detail::fail("InitBufPool", kgemu::detail::strf("%u bytes do not fit in the shared TBufPool's %u "
                                                                   "bytes", len32, other.kg_len));
        }
        kg_init(pipe, other.kg_base, len32);
    }

private:
    uint32_t kg_carve(const char* api, uint32_t num, uint32_t len32) {
        if (kg_pipe == nullptr) {
            kgemu::detail::fail(api, "the TBufPool is used before TPipe::InitBufPool (or after its TPipe was reset)");
        }
        const uint64_t need = static_cast<uint64_t>(num) * len32;
        if (kg_used + need > kg_len) {
            kgemu::detail::fail(api, kgemu::detail::strf("TBufPool overflow: %llu more bytes bring the pool to %llu "
                                                         "bytes, above its %u bytes (TPipe::InitBufPool length)",
                                                         static_cast<unsigned long long>(need),
                                                         static_cast<unsigned long long>(kg_used + need), kg_len));
        }
        if (kg_nbuf + num > bufIDSize) {
            kgemu::detail::fail(api, kgemu::detail::strf("more than %u buffers in one TBufPool (its bufIDSize): %u "
                                                         "brings it to %u", bufIDSize, num, kg_nbuf + num));
        }
        const uint32_t base = kg_base + kg_used;
        kg_used += static_cast<uint32_t>(need);
        kg_nbuf += num;
        return base;
    }
};

template <class P>
inline bool TPipe::InitBufPool(P& pool, uint32_t len) {
    auto& b = kgemu::detail::api_enter("InitBufPool");
    const uint32_t len32 = (len + 31U) / 32U * 32U;
    pool.kg_init(this, kg_carve(b, 1, len32), len32);
    return true;
}
template <class P, class S>
inline bool TPipe::InitBufPool(P& pool, uint32_t len, S& shareBuf) {
    kgemu::detail::api_enter("InitBufPool");
    pool.kg_share(this, len, shareBuf);
    return true;
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_TBUFPOOL_H
