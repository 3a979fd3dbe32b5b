// kernelgen CPU emulator (private, kernel side): what an API call touches, and on which pipe.
//
// Every emulated API that reads or writes UB or GM describes the call once, here, before it moves data:
//
//     kgemu::detail::ApiCall call(b, "Gather", ::PIPE_V);
//     call.read(src, 0, count);            // a LocalTensor<T>, first element, element count
//     call.read(offsetLocal, 0, count);
//     call.write(dst, 0, count);
//     call.read_gm(gm_ptr, bytes);         // GM operands by address and byte count
//     call.commit();                       // or let the destructor commit
//
// The ranges are conservative byte spans ([first, last) of what the call may touch, strides and masks
// included), never per byte. One description serves the sanitizer (pipe order, shadow memory, LocalTensor
// lifetimes: kgemu/detail/sanitize.h) and the cost model's trace, so a new API is tagged once.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/access.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_ACCESS_H
#define KGEMU_DETAIL_ACCESS_H

#include <cstdint>

#include "kgemu/detail/state.h"
#include "kgemu/detail/tensor.h"

namespace kgemu {
namespace detail {

// One memory operand of a call.
struct Access {
    enum Space : uint8_t { kUb, kGm } space = kUb;
    bool write = false;
    uint64_t begin = 0;  // UB: byte offset in the block's UB; GM: host address
    uint64_t end = 0;    // exclusive
    // UB operands: the LocalTensor's bookkeeping, so a checker can tell which allocation the view came from
    // and how far the view (not just its buffer) extends.
    uint32_t view_begin = 0, view_end = 0;  // the view's UB extent
    uint32_t buf_begin = 0, buf_end = 0;    // the owning buffer's UB extent
    const void* owner = nullptr;            // owning queue (nullptr for TBuf memory)
    int32_t slot = -1;
    uint32_t gen = 0;    // allocation generation of (owner, slot) the view came from (use after FreeTensor)
    bool exact = true;   // [begin, end) is exactly what is read; false for a conservative extent (strides, masks)
    // write_runs: the bytes touched are these runs (absolute UB offsets, element order) inside [begin, end),
    // bounded by the buffer rather than the view
    const SanSpan* spans = nullptr;
    uint32_t sp_n = 0;
};

class ApiCall {
public:
    static constexpr int kMaxOperands = 8;
    static constexpr uint32_t kMaxRuns = 4096;

    ApiCall(BlockState& b, const char* api, ::pipe_t pipe) : b_(b), api_(api), pipe_(pipe) {}
    ApiCall(const ApiCall&) = delete;
    ApiCall& operator=(const ApiCall&) = delete;
    ~ApiCall() { commit(); }

    template <typename T>
    ApiCall& read(const AscendC::LocalTensor<T>& t, uint64_t first, uint64_t count) {
        return ub(t, first, count, false);
    }
    template <typename T>
    ApiCall& write(const AscendC::LocalTensor<T>& t, uint64_t first, uint64_t count) {
        return ub(t, first, count, true);
    }
    // A read whose span is a conservative extent (strided or masked): not checked for unwritten bytes.
    template <typename T>
    ApiCall& read_extent(const AscendC::LocalTensor<T>& t, uint64_t first, uint64_t count) {
        ub(t, first, count, false);
        if (n_ > 0) ops_[n_ - 1].exact = false;
        return *this;
    }
    // A write of scattered runs of t's buffer (absolute UB byte offsets in element order, kept alive by the caller
    // until commit): Scatter. The runs may leave the view (the hardware addresses the buffer); the shadow follows
    // exactly these bytes.
    template <typename T>
    ApiCall& write_runs(const AscendC::LocalTensor<T>& t, const SanSpan* runs, uint32_t n) {
        if (n == 0) return *this;
        uint32_t lo = runs[0].begin, hi = runs[0].end;
        for (uint32_t k = 1; k < n; ++k) {
            lo = runs[k].begin < lo ? runs[k].begin : lo;
            hi = runs[k].end > hi ? runs[k].end : hi;
        }
        const int before = n_;
        ub(t, 0, 0, true);
        if (n_ > before) {
            Access& a = ops_[n_ - 1];
            a.begin = lo;
            a.end = hi;
            a.spans = runs;
            a.sp_n = n;
            if (n > kMaxRuns) {  // too many runs: a conservative extent
                a.spans = nullptr;
                a.sp_n = 0;
                a.exact = false;
            }
        }
        return *this;
    }
    ApiCall& read_gm(const void* p, uint64_t bytes) { return gm(p, bytes, false); }
    ApiCall& write_gm(const void* p, uint64_t bytes) { return gm(p, bytes, true); }

    // Hands the description to the checkers once; later calls do nothing.
    void commit();

    BlockState& block() const { return b_; }
    const char* api() const { return api_; }
    ::pipe_t pipe() const { return pipe_; }
    int size() const { return n_; }
    const Access& operator[](int i) const { return ops_[i]; }

private:
    template <typename T>
    ApiCall& ub(const AscendC::LocalTensor<T>& t, uint64_t first, uint64_t count, bool write) {
        if (n_ == kMaxOperands || t.kg_addr == nullptr) return *this;
        Access& a = ops_[n_++];
        a.space = Access::kUb;
        a.write = write;
        const uint64_t base = static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(t.kg_addr) - b_.ub);
        a.begin = base + first * sizeof(T);
        a.end = a.begin + count * sizeof(T);
        a.view_begin = static_cast<uint32_t>(base);
        a.view_end = static_cast<uint32_t>(base + static_cast<uint64_t>(t.kg_size) * sizeof(T));
        a.buf_begin = t.kg_buf_begin;
        a.buf_end = t.kg_buf_end;
        a.owner = t.kg_owner;
        a.slot = t.kg_slot;
        a.gen = t.kg_gen;
        a.exact = true;
        a.spans = nullptr;
        a.sp_n = 0;
        return *this;
    }
    ApiCall& gm(const void* p, uint64_t bytes, bool write) {
        if (n_ == kMaxOperands) return *this;
        Access& a = ops_[n_++];
        a.space = Access::kGm;
        a.write = write;
        a.begin = reinterpret_cast<uint64_t>(p);
        a.end = a.begin + bytes;
        return *this;
    }

    BlockState& b_;
    const char* api_;
    ::pipe_t pipe_;
    Access ops_[kMaxOperands];
    int n_ = 0;
    bool committed_ = false;
};

// The checkers' entry point (defined in kgemu/detail/sanitize.h).
inline void check_call(const ApiCall& call);

inline void ApiCall::commit() {
    if (committed_) return;
    committed_ = true;
    check_call(*this);
}

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_ACCESS_H
