// kernelgen CPU emulator (private, kernel side): vector functions of the Reg API and their UB accesses.
//
// `__VEC_SCOPE__ { ... }` and a `__simd_vf__` function run by `asc_vf_call<F>(args...)` (or ops-nn's VF_CALL) are
// one vector function: on the NPU one V-pipe step that the scalar unit issues and the V queue runs. Every Reg load
// and store inside records the UB bytes it touched (merged while contiguous); when the function ends they are
// handed to the sanitizer as ONE call on pipe V, so queue hand-overs and SetFlag/WaitFlag order it against MTE2
// and MTE3 exactly as they order a Memory-API vector call. Loads are recorded as conservative extents clipped to
// the view the address lies in (a full-VL load of a tail reads bytes the mask then ignores); stores record exactly
// the bytes of the enabled elements. Outside a vector function each load or store is its own V step.
//
// Checks at the call (the docs' constraints, each a defect naming the call):
//   - the address must lie in this block's UB, and the access must not run past UB's end;
//   - the address must have the alignment the distribution mode requires (LoadAlign/StoreAlign: 32 bytes for
//     DIST_NORM, the element size for DIST_BRC_* and DIST_FIRST_ELEMENT_*, ...);
//   - a store must not write past the end of the LocalTensor view its address came from (GetPhyAddr).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/reg/vf.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_REG_VF_H
#define KGEMU_DETAIL_REG_VF_H

#include <utility>

#include "kgemu/detail/reg/types.h"

namespace kgemu {
namespace detail {
namespace reg {

inline BlockState& enter(const char* api) {
    BlockState* b = tl_block;
    if (__builtin_expect(b == nullptr, 0)) no_block(api);
    VfState& s = vf_state(*b);
    ++s.instrs;
    if (__builtin_expect(b->soc != nullptr && b->soc->npu_arch < 3510, 0)) {
        require_arch_3510(*b, api, "the Reg (MicroAPI) register-level vector API",
                          ": use the vector APIs on LocalTensor operands");
    }
    return *b;
}

// Commits the recorded ranges as V-pipe calls named `name` (8 operands per call).
inline void flush_ranges(BlockState& b, VfState& s, const char* name) {
    size_t i = 0;
    while (i < s.ranges.size()) {
        BlockState& bb = api_enter(name);
        ApiCall call(bb, name, ::PIPE_V);
        for (int k = 0; k < ApiCall::kMaxOperands && i < s.ranges.size(); ++k, ++i) {
            const Range& r = s.ranges[i];
            AscendC::LocalTensor<uint8_t> t;
            t.kg_addr = b.ub + r.begin;
            const View* v = r.view;
            const uint64_t vend = v != nullptr ? v->end : r.end;
            t.kg_size = static_cast<uint32_t>(vend > r.begin ? vend - r.begin : r.end - r.begin);
            if (r.end > r.begin + t.kg_size) t.kg_size = static_cast<uint32_t>(r.end - r.begin);
            if (v != nullptr) {
                t.kg_buf_begin = v->buf_begin;
                t.kg_buf_end = v->buf_end;
                t.kg_owner = v->owner;
                t.kg_slot = v->slot;
                t.kg_gen = v->gen;
            } else {
                t.kg_buf_begin = static_cast<uint32_t>(r.begin);
                t.kg_buf_end = static_cast<uint32_t>(r.end);
            }
            if (r.write) {
                call.write(t, 0, r.end - r.begin);
            } else {
                call.read_extent(t, 0, r.end - r.begin);
            }
        }
        call.commit();
    }
    s.ranges.clear();
}

inline void note_step(BlockState& b, VfState& s, const char* name) {
    const uint64_t n = s.instrs;
    note_vector(b, name, n * 64, 4, n * kVL);
    s.instrs = 0;
}

// Records UB [begin, end) for the current vector function (or commits it at once outside one).
inline void record(BlockState& b, const char* api, uint64_t begin, uint64_t end, bool write, const View* v) {
    if (end <= begin) return;
    VfState& s = vf_state(b);
    for (auto it = s.ranges.rbegin(); it != s.ranges.rend(); ++it) {
        if (it->write == write && it->view == v && begin <= it->end && end >= it->begin) {
            if (begin < it->begin) it->begin = begin;
            if (end > it->end) it->end = end;
            if (s.depth == 0) flush_ranges(b, s, api);
            return;
        }
    }
    s.ranges.push_back(Range{begin, end, v, write});
    if (s.depth == 0 || s.ranges.size() >= 512) flush_ranges(b, s, s.depth == 0 ? api : s.name);
}

// The UB offset of a Reg access of `bytes` bytes at p, checked against UB and the required alignment.
inline uint64_t ub_addr(BlockState& b, const char* api, const void* p, uint64_t bytes, uint32_t align,
                        const char* mode) {
    const auto* q = static_cast<const uint8_t*>(p);
    const uint64_t ub = b.ub_bytes();   // Reg loads and stores reach UB only
    if (!b.in_ub(q)) {
        fail(api, strf("the address %p is not in this block's UB (pass a LocalTensor's GetPhyAddr() as a __ubuf__ "
                       "pointer)", p));
    }
    const uint64_t off = static_cast<uint64_t>(q - b.ub);
    if (off + bytes > ub) {
        fail(api, strf("accesses UB [%llu, %llu), past the end of UB (%llu bytes)", static_cast<unsigned long long>(off),
                       static_cast<unsigned long long>(off + bytes), static_cast<unsigned long long>(ub)));
    }
    if (align > 1 && off % align != 0) {
        fail(api, strf("UB address offset %llu is not %u-byte aligned, which %s requires (the unaligned forms are "
                       "LoadUnAlign / StoreUnAlign)", static_cast<unsigned long long>(off), align, mode));
    }
    return off;
}

// A load of UB [off, off + bytes): recorded clipped to its view (the lanes past it are the mask's to ignore).
inline void load_range(BlockState& b, const char* api, uint64_t off, uint64_t bytes) {
    VfState& s = vf_state(b);
    const View* v = view_at(s, off);
    uint64_t end = off + bytes;
    if (v != nullptr) {
        const uint64_t lim = (v->end + 31) / 32 * 32;
        if (end > lim && lim > off) end = lim;
    }
    record(b, api, off, end, false, v);
}

// A store of UB [lo, hi) (the enabled elements' bytes): must stay inside the view its address came from.
inline void store_range(BlockState& b, const char* api, uint64_t start, uint64_t lo, uint64_t hi) {
    if (hi <= lo) return;
    VfState& s = vf_state(b);
    const View* v = view_at(s, start);
    if (v != nullptr && hi > v->end) {
        fail(api, strf("writes UB [%llu, %llu), past the end of the LocalTensor view at UB [%llu, %llu) that its "
                       "address lies in (%llu bytes beyond it): the store overruns the tensor",
                       static_cast<unsigned long long>(lo), static_cast<unsigned long long>(hi),
                       static_cast<unsigned long long>(v->begin), static_cast<unsigned long long>(v->end),
                       static_cast<unsigned long long>(hi - v->end)));
    }
    record(b, api, lo, hi, true, v);
}

// One vector function: opened by __VEC_SCOPE__ / asc_vf_call, committed as one V-pipe step when it ends.
class VfScope {
public:
    explicit VfScope(const char* name) {
        BlockState* b = tl_block;
        if (b == nullptr) no_block(name);
        b_ = b;
        VfState& s = vf_state(*b);
        if (s.depth++ == 0) {
            s.name = name;
            s.ranges.clear();
            s.instrs = 0;
        }
    }
    VfScope(const VfScope&) = delete;
    VfScope& operator=(const VfScope&) = delete;
    ~VfScope() noexcept(false) {
        VfState& s = tl_vf;
        if (--s.depth > 0) return;
        if (std::uncaught_exceptions() > unwinding_) {
            s.ranges.clear();
            s.depth = 0;
            return;
        }
        const char* name = s.name;
        flush_ranges(*b_, s, name);
        note_step(*b_, s, name);
    }
    explicit operator bool() const { return true; }

private:
    BlockState* b_;
    int unwinding_ = std::uncaught_exceptions();
};

}  // namespace reg
}  // namespace detail
}  // namespace kgemu

// Function qualifiers of the Reg model: nothing on the CPU.
#ifndef __simd_vf__
#define __simd_vf__
#endif
#ifndef __simd_callee__
#define __simd_callee__
#endif
#ifndef __local_mem__
#define __local_mem__  // a UB pointer's address-space qualifier (what __ubuf__ is)
#endif
// `__VEC_SCOPE__ { body }`: the body is one vector function.
#define __VEC_SCOPE__ if (::kgemu::detail::reg::VfScope kg_vec_scope_{"__VEC_SCOPE__"}; kg_vec_scope_)

// asc_vf_call<F>(args...): runs the __simd_vf__ function F as one vector function. A global function, as asc-devkit
// declares it (basic_api/kernel_common.h) beside the SIMT form asc_vf_call<F>(dim3, args...) (simt_api.h): not in
// AscendC, where a kernel written inside namespace AscendC (index_put_with_sort_v2) would find it first and never see
// the SIMT overload ("cannot convert 'cce::dim3' to 'float*'").
template <auto F, typename... Args>
__aicore__ inline void asc_vf_call(Args&&... args) {
    ::kgemu::detail::reg::VfScope scope("asc_vf_call");
    F(std::forward<Args>(args)...);
}

namespace AscendC {
// ops-nn's older spelling of the same call.
template <auto F, typename... Args>
__aicore__ inline void VF_CALL(Args&&... args) {
    ::kgemu::detail::reg::VfScope scope("VF_CALL");
    F(std::forward<Args>(args)...);
}
}  // namespace AscendC

#endif  // KGEMU_DETAIL_REG_VF_H
