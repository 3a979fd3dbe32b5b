// kernelgen CPU emulator (private, kernel side): Mutex::Lock / Unlock and InitSocState (Ascend 950).
//
// asc-devkit "Mutex" (ISASI): Lock<pipe>(id) blocks the pipe until every earlier Unlock of id has completed;
// Unlock<pipe>(id) releases id once the pipe's earlier instructions have retired. Lock and Unlock of one id come
// in pairs on the same pipe and do not nest. Blocks run their calls in program order, so here a Mutex orders
// nothing by itself: the sanitizer takes it as the pipe edge it is (an Unlock publishes its pipe's progress, a
// later Lock on another pipe joins it), and a nested Lock, an Unlock without its Lock, or one on another pipe
// is a defect, as the NPU's behaviour is undefined there.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/mutex.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_MUTEX_H
#define KGEMU_DETAIL_MUTEX_H

#include "kgemu/detail/sanitize.h"

namespace kgemu {
namespace detail {

constexpr int kMaxMutexIds = 32;

inline int mutex_slot(const char* api, uint32_t id) {
    require_arch_3510(*tl_block, api, "Mutex", ": order the pipes with SetFlag/WaitFlag or queues");
    if (id >= static_cast<uint32_t>(kMaxMutexIds)) {
        fail(api, strf("MutexID %u is outside [0, %d)", id, kMaxMutexIds));
    }
    return static_cast<int>(id);
}

inline void mutex_lock(::pipe_t pipe, uint32_t id) {
    auto& b = api_enter("Mutex::Lock");
    const int m = mutex_slot("Mutex::Lock", id);
    const int p = san_pipe_index(pipe);
    if (b.mutex_holder[m] >= 0) {
        fail("Mutex::Lock", strf("Mutex::Lock<PIPE_%s>(%u) while PIPE_%s still holds MutexID %u (no Unlock between): "
                                 "Lock/Unlock of one MutexID must not nest, the NPU's behaviour is undefined",
                                 san_pipe_label(p), id, san_pipe_label(b.mutex_holder[m]), id));
    }
    b.mutex_holder[m] = static_cast<int8_t>(p);
    if (b.san.on) b.san.vc[p].join(b.san.mutex[m]);
    if (__builtin_expect(b.trace, 0)) trace_push(b, "Mutex::Lock", pipe_name(pipe), 0, 0, 0, 0, -1, m, -1);
}

inline void mutex_unlock(::pipe_t pipe, uint32_t id) {
    auto& b = api_enter("Mutex::Unlock");
    const int m = mutex_slot("Mutex::Unlock", id);
    const int p = san_pipe_index(pipe);
    if (b.mutex_holder[m] != p) {
        fail("Mutex::Unlock",
             b.mutex_holder[m] < 0
                 ? strf("Mutex::Unlock<PIPE_%s>(%u) without a Lock of MutexID %u before it", san_pipe_label(p), id, id)
                 : strf("Mutex::Unlock<PIPE_%s>(%u) of a MutexID that PIPE_%s locked: Lock and Unlock of one MutexID "
                        "must name the same pipe",
                        san_pipe_label(p), id, san_pipe_label(b.mutex_holder[m])));
    }
    b.mutex_holder[m] = -1;
    if (b.san.on) b.san.mutex[m].join(b.san.vc[p]);
    if (__builtin_expect(b.trace, 0)) trace_push(b, "Mutex::Unlock", pipe_name(pipe), 0, 0, 0, 0, -1, m, -1);
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

using MutexID = uint8_t;

class Mutex {
public:
    template <pipe_t pipe>
    static inline void Lock(MutexID id) {
        kgemu::detail::mutex_lock(pipe, id);
    }
    template <pipe_t pipe>
    static inline void Unlock(MutexID id) {
        kgemu::detail::mutex_unlock(pipe, id);
    }
};

// Resets the core's control state at kernel start (Ascend 950 kernels without a TPipe call it first). The
// emulator starts every block from reset state, so there is nothing to do.
inline void InitSocState() { kgemu::detail::api_enter("InitSocState"); }

}  // namespace AscendC

#endif  // KGEMU_DETAIL_MUTEX_H
