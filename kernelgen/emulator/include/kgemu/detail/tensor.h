// kernelgen CPU emulator (private, kernel side): LocalTensor, GlobalTensor and the operand checks.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/tensor.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_TENSOR_H
#define KGEMU_DETAIL_TENSOR_H

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kgemu/detail/cube_mem.h"
#include "kgemu/detail/state.h"

namespace kgemu {
namespace detail {
// The sanitizer's recorders (defined in sanitize.h): a UB operand of the call being described, a GM output write.
void san_record(BlockState& b, const char* api, const char* role, uint64_t off, uint64_t bytes, uint64_t view_end,
                const void* owner, int32_t slot, uint32_t gen, bool exact);
void san_gm_write(BlockState& b, const void* p, uint64_t bytes);
// GM runs for the pipe / block hazard checks (gm_shadow.h).
void gm_access(BlockState& b, const char* api, ::pipe_t pipe, const void* p, uint64_t bytes, bool write,
                      const void* origin, uint64_t rows = 1, uint64_t stride = 0);

// The Reg API's record of a UB view whose raw address a kernel took (kgemu/detail/reg/types.h).
inline void reg_note_view(const void* addr, uint64_t bytes, uint32_t buf_begin, uint32_t buf_end, const void* owner,
                          int32_t slot, uint32_t gen);

[[noreturn]] inline void local_index_fail(const char* api, const void* addr, uint64_t index, uint32_t esize,
                                          uint32_t buf_end) {
    const BlockState* b = tl_block;
    const uint64_t off = static_cast<uint64_t>(static_cast<const uint8_t*>(addr) - b->ub);
    fail(api, strf("index %llu (UB bytes [%llu, %llu)) is beyond the tensor's buffer, which ends at UB offset %u",
                   static_cast<unsigned long long>(index), static_cast<unsigned long long>(off + index * esize),
                   static_cast<unsigned long long>(off + (index + 1) * esize), buf_end));
}
// Element width in bits: sizeof(T) * 8, except the packed sub-byte types (int4b_t: 4, two per byte, low nibble
// first; kgemu/detail/int4.h). Sizes, offsets and views of a tensor go through bytes_of / elems_in.
template <typename T>
struct elem_bits : std::integral_constant<uint64_t, sizeof(T) * 8> {};
template <typename T>
constexpr uint64_t bytes_of(uint64_t n) {
    return (n * elem_bits<T>::value + 7) / 8;
}
template <typename T>
constexpr uint64_t elems_in(uint64_t bytes) {
    return bytes * 8 / elem_bits<T>::value;
}
}  // namespace detail
}  // namespace kgemu

namespace AscendC {

// A view of unified-buffer memory. The kg_* fields are the emulator's bookkeeping: the owning buffer's
// UB extent [kg_buf_begin, kg_buf_end) and, for queue buffers, the owning queue and slot.
template <typename T>
class LocalTensor {
public:
    using PrimType = T;

    LocalTensor() = default;
    // A tensor at a UB byte address without a TPipe (Ascend 950: kernels that manage UB themselves, ATVOSS's
    // schedules with Mutex): tileSize elements from UB offset addr. It belongs to no queue or TBuf.
    LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize) {
        auto& b = kgemu::detail::block_state("LocalTensor(TPosition, addr, tileSize)");
        const uint64_t end = static_cast<uint64_t>(addr) + kgemu::detail::bytes_of<T>(tileSize);
        // a tensor of a UB position must end inside UB itself, or it silently lands in L1
        const bool in_ub = kgemu::detail::position_memory(pos) == AscendC::Hardware::UB;
        const uint64_t limit = in_ub ? b.ub_bytes() : b.local_size;
        if (end > limit) {
            kgemu::detail::fail("LocalTensor(TPosition, addr, tileSize)",
                                kgemu::detail::strf("%u elements of %s from %s offset %u end at byte %llu, past the "
                                                    "end of %s (%llu bytes)",
                                                    tileSize, kgemu::detail::dtype_info<T>::name,
                                                    in_ub ? "UB" : "local memory", addr,
                                                    static_cast<unsigned long long>(end),
                                                    in_ub ? "UB" : "the local memory",
                                                    static_cast<unsigned long long>(limit)));
        }
        if (in_ub && end > b.stats.ub_bytes_used) b.stats.ub_bytes_used = end;  // the UB the kernel reached
        kg_addr = reinterpret_cast<T*>(b.ub + addr);
        kg_size = tileSize;
        kg_buf_begin = addr;
        kg_buf_end = static_cast<uint32_t>(end);
        kg_pos = pos;
    }

    // The buffer address as an integer, as on the NPU (uint64_t; kernels fill TransDataTo5HD address lists with
    // it or cast it to a __ubuf__ pointer). Here it is the host address of the emulated UB byte, whose base is
    // 4096-byte aligned, so its alignment modulo 32 matches the UB offset's.
    // The Reg API (kgemu/detail/reg) addresses UB by these raw values: the view is remembered for its checks.
    uint64_t GetPhyAddr() const {
        kgemu::detail::reg_note_view(kg_addr, kgemu::detail::bytes_of<T>(kg_size), kg_buf_begin, kg_buf_end, kg_owner,
                                     kg_slot, kg_gen);
        return reinterpret_cast<uint64_t>(kg_addr);
    }
    uint64_t GetPhyAddr(const uint32_t offset) const {
        (void)GetPhyAddr();
        return reinterpret_cast<uint64_t>(kg_addr + offset);
    }

    T GetValue(const uint32_t index) const {
        kg_check_index("LocalTensor::GetValue", index);
        kg_scalar_access(index, false);
        kgemu::detail::note_scalar();
        return kg_addr[index];
    }
    T& operator()(const uint32_t index) const {
        kg_check_index("LocalTensor::operator()", index);
        kg_scalar_access(index, true);
        return kg_addr[index];
    }
    template <typename S>
    void SetValue(const uint32_t index, const S value) const {
        kg_check_index("LocalTensor::SetValue", index);
        kg_scalar_access(index, true);
        kgemu::detail::note_scalar();
        kg_addr[index] = static_cast<T>(value);
    }

    LocalTensor operator[](const uint32_t offset) const {
        if (kg_addr == nullptr) kgemu::detail::fail("LocalTensor::operator[]", "sub-view of an empty LocalTensor");
        if (offset > kg_size) {
            kgemu::detail::fail("LocalTensor::operator[]",
                                kgemu::detail::strf("offset %u is beyond the tensor's %u elements", offset, kg_size));
        }
        if constexpr (kgemu::detail::elem_bits<T>::value < 8) {
            if ((static_cast<uint64_t>(offset) * kgemu::detail::elem_bits<T>::value) % 8 != 0) {
                kgemu::detail::fail("LocalTensor::operator[]",
                                    kgemu::detail::strf("offset %u does not start on a byte: %s packs %llu "
                                                        "elements per byte and a view starts on a whole byte",
                                                        offset, kgemu::detail::dtype_info<T>::name,
                                                        static_cast<unsigned long long>(
                                                            8 / kgemu::detail::elem_bits<T>::value)));
            }
        }
        LocalTensor out = *this;
        out.kg_addr = reinterpret_cast<T*>(reinterpret_cast<uint8_t*>(kg_addr) + kgemu::detail::bytes_of<T>(offset));
        out.kg_size = kg_size - offset;
        return out;
    }

    template <typename U>
    LocalTensor<U> ReinterpretCast() const {
        LocalTensor<U> out;
        out.kg_addr = reinterpret_cast<U*>(kg_addr);
        out.kg_size = static_cast<uint32_t>(kgemu::detail::elems_in<U>(kgemu::detail::bytes_of<T>(kg_size)));
        out.kg_buf_begin = kg_buf_begin;
        out.kg_buf_end = kg_buf_end;
        out.kg_owner = kg_owner;
        out.kg_slot = kg_slot;
        out.kg_pos = kg_pos;
        out.kg_tag = kg_tag;
        out.kg_gen = kg_gen;
        return out;
    }

    int32_t GetPosition() const { return static_cast<int32_t>(kg_pos); }
    void SetSize(const uint32_t size) { kg_set_size("LocalTensor::SetSize", size); }
    void kg_set_size(const char* api, const uint32_t size) {
        auto& b = kgemu::detail::block_state(api);
        const uint64_t off = static_cast<uint64_t>(reinterpret_cast<uint8_t*>(kg_addr) - b.ub);
        // the end of the memory the tensor's position lives in (UB, or one of the cube's after it)
        const AscendC::Hardware mem = kgemu::detail::position_memory(kg_pos);
        const uint64_t end = kgemu::detail::memory_base(*b.soc, mem) + kgemu::detail::memory_bytes(*b.soc, mem);
        if (kg_addr == nullptr || off + static_cast<uint64_t>(size) * sizeof(T) > end) {
            kgemu::detail::fail(api,
                                kgemu::detail::strf("%u elements of %zu bytes from local offset %llu run past the end "
                                                    "of %s (byte %llu)",
                                                    size, sizeof(T), static_cast<unsigned long long>(off),
                                                    kgemu::detail::memory_name(mem),
                                                    static_cast<unsigned long long>(end)));
        }
        kg_size = size;
    }
    uint32_t GetSize() const { return kg_size; }
    uint32_t GetLength() const { return static_cast<uint32_t>(kgemu::detail::bytes_of<T>(kg_size)); }
    // dataLen counts elements: asc-devkit's parameter table ("Buffer的元素个数") and CANN's own callers (opbase's
    // ATVOSS schedules pass an element count); only the page's example comment says bytes.
    void SetBufferLen(uint32_t dataLen) { kg_set_size("LocalTensor::SetBufferLen", dataLen); }
    void SetUserTag(const int32_t tag) { kg_tag = tag; }
    int32_t GetUserTag() const { return kg_tag; }

    // ---- emulator bookkeeping ----
    T* kg_addr = nullptr;
    uint32_t kg_size = 0;       // elements visible through this view
    uint32_t kg_buf_begin = 0;  // owning buffer, as UB byte offsets
    uint32_t kg_buf_end = 0;
    const void* kg_owner = nullptr;  // owning queue (nullptr for TBuf memory)
    int32_t kg_slot = -1;
    TPosition kg_pos = TPosition::VECCALC;
    int32_t kg_tag = 0;
    uint32_t kg_gen = 0;  // allocation generation of (kg_owner, kg_slot) when this view was made

private:
    void kg_scalar_access(uint32_t index, bool write) const;  // sanitize.h
    void kg_check_index(const char* api, uint32_t index) const {
        static_assert(kgemu::detail::elem_bits<T>::value >= 8,
                      "kgemu: element access (GetValue / SetValue / operator()) to a packed int4b_t tensor is not "
                      "emulated: ReinterpretCast it to uint8_t and read the two nibbles (low nibble first)");
        const kgemu::detail::BlockState* b = kgemu::detail::tl_block;
        if (kg_addr == nullptr || b == nullptr) {
            kgemu::detail::fail(api, kg_addr == nullptr ? "empty LocalTensor (never set from AllocTensor, DeQue "
                                                          "or TBuf::Get)"
                                                        : "called outside an emulated block");
        }
        const uint64_t off = static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(kg_addr) - b->ub);
        if (off + (static_cast<uint64_t>(index) + 1) * sizeof(T) > kg_buf_end) {
            kgemu::detail::local_index_fail(api, kg_addr, index, sizeof(T), kg_buf_end);
        }
    }
};

// A view of global memory (GM). Every access is checked against the harness's registered GM buffers.
template <typename T>
class GlobalTensor {
public:
    using PrimType = T;

    GlobalTensor() = default;

    void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize) {
        kg_ptr = buffer;
        kg_base = buffer;
        bufferSize_ = bufferSize;
    }
    void SetGlobalBuffer(__gm__ T* buffer) {
        kg_ptr = buffer;
        kg_base = buffer;
        bufferSize_ = 0;
    }
    const __gm__ T* GetPhyAddr() const { return kg_ptr; }
    __gm__ T* GetPhyAddr(const uint64_t offset) const {
        return reinterpret_cast<T*>(reinterpret_cast<uint8_t*>(kg_ptr) + kgemu::detail::bytes_of<T>(offset));
    }

    T GetValue(const uint64_t offset) const {
        kgemu::detail::block_state("GlobalTensor::GetValue");
        kgemu::detail::gm_check("GlobalTensor::GetValue", kg_ptr + offset, sizeof(T), false, kg_base);
        kgemu::detail::gm_access(*kgemu::detail::tl_block, "GlobalTensor::GetValue", ::PIPE_S, kg_ptr + offset,
                                 sizeof(T), false, kg_base, 1, 0);
        kgemu::detail::note_scalar();
        return kg_ptr[offset];
    }
    __gm__ T& operator()(const uint64_t offset) const {
        kgemu::detail::block_state("GlobalTensor::operator()");
        kgemu::detail::gm_check("GlobalTensor::operator()", kg_ptr + offset, sizeof(T), false, kg_base);
        kgemu::detail::gm_access(*kgemu::detail::tl_block, "GlobalTensor::operator()", ::PIPE_S, kg_ptr + offset,
                                 sizeof(T), false, kg_base, 1, 0);  // a read as far as the block checks go
        kgemu::detail::san_gm_write(*kgemu::detail::tl_block, kg_ptr + offset, sizeof(T));  // may be written
        return kg_ptr[offset];
    }
    void SetValue(const uint64_t offset, T value) const {
        kgemu::detail::block_state("GlobalTensor::SetValue");
        kgemu::detail::gm_check("GlobalTensor::SetValue", kg_ptr + offset, sizeof(T), true, kg_base);
        kgemu::detail::gm_access(*kgemu::detail::tl_block, "GlobalTensor::SetValue", ::PIPE_S, kg_ptr + offset,
                                 sizeof(T), true, kg_base, 1, 0);
        kgemu::detail::san_gm_write(*kgemu::detail::tl_block, kg_ptr + offset, sizeof(T));
        kgemu::detail::note_scalar();
        kg_ptr[offset] = value;
    }

    uint64_t GetSize() const { return bufferSize_; }
    GlobalTensor operator[](const uint64_t offset) const {
        GlobalTensor out = *this;
        out.kg_ptr = GetPhyAddr(offset);
        out.bufferSize_ = bufferSize_ > offset ? bufferSize_ - offset : 0;
        return out;
    }
    // The same GM bytes as CAST_T (asc-devkit GlobalTensor/ReinterpretCast.md: same address and bit size; the
    // element count rounds down). Ascend 950 only: on an earlier SOC the call is a defect naming it.
    template <typename CAST_T>
    GlobalTensor<CAST_T> ReinterpretCast() const {
        if (kgemu::detail::tl_block != nullptr) {
            kgemu::detail::require_arch_3510(*kgemu::detail::tl_block, "GlobalTensor::ReinterpretCast",
                                             "GlobalTensor::ReinterpretCast", ": set a second GlobalTensor of the "
                                             "new type on the same address");
        }
        GlobalTensor<CAST_T> out;
        out.kg_ptr = reinterpret_cast<CAST_T*>(kg_ptr);
        out.kg_base = kg_base;
        out.kg_cache = kg_cache;
        out.bufferSize_ = kgemu::detail::elems_in<CAST_T>(kgemu::detail::bytes_of<T>(bufferSize_));
        return out;
    }
    // No data effect; the mode travels with this view (and its sub-views) into the cost model's trace.
    template <CacheRwMode rwMode = CacheRwMode::RW>
    void SetL2CacheHint(CacheMode mode) {
        auto& b = kgemu::detail::block_state("GlobalTensor::SetL2CacheHint");
        if (b.soc->npu_arch != 2201 && b.soc->npu_arch != 3510) {  // DOC: Atlas A2, A3 and 350 only
            kgemu::detail::fail("GlobalTensor::SetL2CacheHint",
                                kgemu::detail::strf("not supported on %s (Atlas A2/A3/350 only)",
                                                    kgemu::detail::soc_name(b)));
        }
        kg_cache = static_cast<uint8_t>(mode);
    }

    uint64_t bufferSize_ = 0;  // elements (public in Ascend C too)
    T* kg_ptr = nullptr;
    uint8_t kg_cache = static_cast<uint8_t>(CacheMode::CACHE_MODE_NORMAL);
    const void* kg_base = nullptr;  // the pointer SetGlobalBuffer was given (names the tensor in GM diagnoses)
};

}  // namespace AscendC

namespace kgemu {
namespace detail {

inline uint64_t ub_offset_of(const BlockState& b, const void* p) {
    return static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(p) - b.ub);
}

// With tracing on: the UB offset of a vector call's dst / src0 (src) / src1 operand, recorded on the call's trace
// event (the cost model's UB bank-conflict model). The first operand of each role counts.
inline void note_ub_operand(BlockState& b, const char* api, const char* role, uint64_t off) {
    if (b.stats.trace.empty()) return;
    TraceEvent& ev = b.stats.trace.back();
    if (ev.api != api || ev.pipe == nullptr || ev.pipe[0] != 'V') return;
    int32_t* slot = nullptr;
    if (role[0] == 'd') {
        slot = &ev.ub_dst;
    } else if (role[0] == 's' && role[1] == 'r' && role[2] == 'c') {
        slot = role[3] == '1' ? &ev.ub_src1 : &ev.ub_src0;
    }
    if (slot != nullptr && *slot < 0) *slot = static_cast<int32_t>(off);
}

// Validates a LocalTensor used as an operand of `bytes` bytes: set, inside this block's UB, 32-byte aligned,
// and within its buffer. Returns the element pointer.

template <typename T>
inline T* ub_operand(BlockState& b, const char* api, const char* role, const AscendC::LocalTensor<T>& t,
                     uint64_t bytes, uint32_t align = 32, bool exact = true) {
    if (__builtin_expect(t.kg_addr == nullptr, 0)) {
        fail(api, strf("%s is an empty LocalTensor (never set from AllocTensor, DeQue or TBuf::Get)", role));
    }
    const auto* p = reinterpret_cast<const uint8_t*>(t.kg_addr);
    if (__builtin_expect(p < b.ub || p >= b.ub + b.local_size, 0)) {
        fail(api, strf("%s does not point into this block's UB (a LocalTensor from another block or a stale "
                       "pointer)", role));
    }
    const uint64_t off = static_cast<uint64_t>(p - b.ub);
    if (__builtin_expect(b.trace, 0)) note_ub_operand(b, api, role, off);
    if (__builtin_expect(off % align != 0, 0)) {
        if (align == 32) {
            fail(api, strf("%s starts at UB offset %llu, which is not 32-byte aligned (operand addresses must be "
                           "32-byte aligned: a sub-view t[k] needs k*sizeof(T) to be a multiple of 32)",
                           role, static_cast<unsigned long long>(off)));
        }
        fail(api, strf("%s starts at UB offset %llu, which is not %u-byte aligned", role,
                       static_cast<unsigned long long>(off), align));
    }
    if (__builtin_expect(off + bytes > t.kg_buf_end, 0)) {
        fail(api, strf("%s needs %llu bytes from UB offset %llu, which runs %llu bytes past the end of its "
                       "buffer [%u, %u)",
                       role, static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(off),
                       static_cast<unsigned long long>(off + bytes - t.kg_buf_end), t.kg_buf_begin,
                       t.kg_buf_end));
    }
    if (b.san.on) {
        san_record(b, api, role, off, bytes, off + static_cast<uint64_t>(t.kg_size) * sizeof(T), t.kg_owner, t.kg_slot,
                   t.kg_gen, exact);
    }
    return t.kg_addr;
}

// Whether two byte ranges share a byte (for APIs whose pages forbid any overlap, in place included).
inline bool bytes_overlap(const void* a, uint64_t an, const void* b, uint64_t bn) {
    const auto* p = static_cast<const uint8_t*>(a);
    const auto* q = static_cast<const uint8_t*>(b);
    return an != 0 && bn != 0 && p < q + bn && q < p + an;
}

// Vector operands must overlap completely (in place) or not at all (Ascend C general constraints).
// Out of line: kg_runtime.cpp (KGEMU_RUNTIME_IMPL) compiles the body once, kernel TUs see the declaration
void check_overlap(BlockState& b, const char* api, const char* dname, const void* d, uint64_t dbytes,
                          const char* sname, const void* s, uint64_t sbytes)
#ifdef KGEMU_RUNTIME_IMPL
{
    if (dbytes == 0 || sbytes == 0) return;
    const auto* dp = static_cast<const uint8_t*>(d);
    const auto* sp = static_cast<const uint8_t*>(s);
    if (dp < sp + sbytes && sp < dp + dbytes && !(dp == sp && dbytes == sbytes)) {
        const uint64_t d0 = ub_offset_of(b, d), s0 = ub_offset_of(b, s);
        fail(api, strf("%s UB [%llu, %llu) and %s UB [%llu, %llu) partially overlap; vector operands must "
                       "overlap completely (in place) or not at all",
                       dname, static_cast<unsigned long long>(d0), static_cast<unsigned long long>(d0 + dbytes),
                       sname, static_cast<unsigned long long>(s0), static_cast<unsigned long long>(s0 + sbytes)));
    }
}
#else
;
#endif

inline void check_count(const char* api, int64_t count) {
    if (__builtin_expect(count < 0, 0)) fail(api, strf("count %lld is negative", static_cast<long long>(count)));
}

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_TENSOR_H
