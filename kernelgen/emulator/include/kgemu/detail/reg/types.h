// kernelgen CPU emulator (private, kernel side): Ascend 950's register-level vector model (the Reg API, alias
// MicroAPI): registers, masks, the vector-function scope and the UB views its raw __ubuf__ pointers address.
//
// From asc-devkit's "Reg矢量计算" pages (寄存器数据类型/RegTensor.md, MaskReg.md, AddrReg.md, 辅助数据类型/*):
//   - RegTensor<T, Trait> is one vector register of VL = 256 bytes (RegTraitNumOne) or two (RegTraitNumTwo, b64 and
//     complex types), VL / sizeof(T) elements each; at most 32 exist (more spill to a reserved 8 KB of UB: slower,
//     not wrong, so the emulator does not count them).
//   - MaskReg is VL / 8 = 32 bytes, one predicate bit per byte of a vector register: an element of b8 owns 1 bit,
//     of b16 2 bits, of b32 4 bits, and only the lowest bit of its group counts. A mask is therefore tied to the
//     element width it was made for: a count mask made by UpdateMask<half>(n) used on float elements enables
//     elements 0..n/2-1 only. The emulator keeps the 256 bits exactly (what the hardware computes) and reports a
//     count or pattern mask made for one width used on another (other than a Cast's source or destination width)
//     as a defect, since the docs tie the mask's template type to the operands'.
//   - MaskMergeMode: ZEROING clears the elements the mask disables, MERGING keeps the destination's; the merge-mode
//     appendix lists MERGING only for Add, Max, Min (software) and Move/Copy (hardware): elsewhere it is a defect.
// A vector function (__VEC_SCOPE__ block, __simd_vf__ function run by asc_vf_call) is one V-pipe step for the
// sanitizer: its UB reads and writes are collected and checked as one call when it ends (kgemu/detail/reg/vf.h).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/reg/types.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_REG_TYPES_H
#define KGEMU_DETAIL_REG_TYPES_H

#include <cstdint>
#include <cstddef>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "kgemu/detail/access.h"
#include "kgemu/detail/numerics.h"
#include "kgemu/detail/state.h"
#include "kgemu/detail/tensor.h"

namespace AscendC {
// AscendC's reduction kind (asc-devkit impl/utils/common_types.h), which the Reg reductions take: kernels name it
// unqualified after `using namespace AscendC` (dynamic_mx_quant: ReduceDataBlock<ReduceType::MAX>).
enum class ReduceType { NONE = -1, SUM = 0, MAX, MIN };
// The vector register width in bytes (Ascend 950: VL = 256 B; asc-devkit RegTensor.md).
constexpr uint32_t VECTOR_REG_WIDTH = 256;
__aicore__ inline constexpr uint32_t GetVecLen() { return VECTOR_REG_WIDTH; }

enum class SpecialPurposeReg : uint8_t { AR = 0 };

namespace Reg {
constexpr uint32_t kVL = VECTOR_REG_WIDTH;

struct DefaultType {};

struct RegTrait {
    uint32_t REG_NUM;
};
constexpr RegTrait RegTraitNumOne = {1};
constexpr RegTrait RegTraitNumTwo = {2};

enum class MaskPattern : uint8_t { ALL = 0, VL1, VL2, VL3, VL4, VL8, VL16, VL32, VL64, VL128, M3, M4, H, Q, ALLF = 15 };
enum class MaskMergeMode : uint8_t { ZEROING = 0, MERGING };
enum class PostLiteral : uint8_t { POST_MODE_NORMAL = 0, POST_MODE_UPDATE };
enum class DataCopyMode : uint8_t { DATA_BLOCK_COPY = 0 };  // the block-strided LoadAlign / StoreAlign (32-byte units)
enum class RegLayout : int8_t { UNKNOWN = -1, ZERO = 0, ONE, TWO, THREE };
enum class SatMode : uint8_t { UNKNOWN = 0, NO_SAT, SAT };
enum class HighLowPart : uint8_t { LOWEST = 0, HIGHEST };
using ::AscendC::ReduceType;
enum class HistogramsBinType : uint8_t { BIN0 = 0, BIN1 };      // src values [0, 127] / [128, 255]
enum class HistogramsType : uint8_t { FREQUENCY = 0, ACCUMULATE };
enum class MemType : uint8_t { VEC_STORE = 0, VEC_LOAD, VEC_ALL, UB, L1, L0_A, L0_B, L0_C, L2, BT, FB, SCALAR_STORE,
                               SCALAR_LOAD };
enum class GatherMaskMode : uint8_t { NO_STORE_REG = 0, STORE_REG };
enum class LoadDist : uint8_t {
    DIST_NORM = 0, DIST_BRC_B8, DIST_BRC_B16, DIST_BRC_B32, DIST_US_B8, DIST_US_B16, DIST_DS_B8, DIST_DS_B16,
    DIST_UNPACK_B8, DIST_UNPACK_B16, DIST_BLK, DIST_E2B_B16, DIST_E2B_B32, DIST_UNPACK_B32, DIST_UNPACK4_B8,
    DIST_DINTLV_B8, DIST_DINTLV_B16, DIST_DINTLV_B32
};
enum class StoreDist : uint8_t {
    DIST_NORM = 0, DIST_NORM_B8, DIST_NORM_B16, DIST_NORM_B32, DIST_FIRST_ELEMENT_B8, DIST_FIRST_ELEMENT_B16,
    DIST_FIRST_ELEMENT_B32, DIST_PACK_B16, DIST_PACK_B32, DIST_PACK_B64, DIST_PACK4_B32, DIST_INTLV_B8,
    DIST_INTLV_B16, DIST_INTLV_B32
};

struct CastTrait {
    RegLayout layoutMode;
    SatMode satMode;
    MaskMergeMode mrgMode;
    RoundMode roundMode;
};
// DivAlgo is AscendC's (kgemu/detail/algo_config.h, included before this header): the Reg Div's algorithm
// (asc-devkit Reg Div.md, DivSpecificMode).
using ::AscendC::DivAlgo;
struct DivSpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    bool precisionMode = false;
    DivAlgo algo = DivAlgo::INTRINSIC;
};
// Sqrt's mode has its own algorithm enum (asc-devkit kernel_reg_compute_utils.h: SqrtSpecificMode's third field is a
// SqrtAlgo; inplace_apply_adadelta's arch35 kernel writes {ZEROING, false, SqrtAlgo::PRECISION_0ULP_FTZ_FALSE}).
using ::AscendC::SqrtAlgo;
struct SqrtSpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    bool precisionMode = false;
    SqrtAlgo algo = SqrtAlgo::INTRINSIC;
};
using ExpSpecificMode = DivSpecificMode;
using LnSpecificMode = DivSpecificMode;

template <typename T, const RegTrait& Trait>
struct RegTensor;

// `reg[k]` of a RegTraitNumTwo register, the k-th of its two vector registers (RegTensor.md), and reg[0] of a
// RegTraitNumOne one (the register): kernels take it as a
// one-register tensor of another type, `(RegTensor<int32_t>&)two.reg[0]` (pooling's index registers, 10 ops-nn
// folders). For b64 (and complex64) elements reg[0] holds each element's low 32 bits and reg[1] its high 32 bits,
// lane i for element i; the emulator keeps the elements whole, so the cast gets a register of the halves and, when
// the full expression ends, what was written to it goes back into the halves. Elements of 4 bytes or fewer fill
// the two registers one after the other, so the cast is a view of the first or second half.
template <typename Owner>
struct RegHalfRef {
    Owner* owner;
    uint32_t k;
    bool split = false;
    alignas(64) uint8_t words[kVL];
    RegHalfRef(Owner* o, uint32_t half) : owner(o), k(half) {}
    RegHalfRef(const RegHalfRef&) = delete;
    template <typename U, const RegTrait& Tr>
    operator RegTensor<U, Tr>&() {
        static_assert(Tr.REG_NUM == 1, "reg[k] is one vector register (RegTraitNumOne)");
        using E = typename Owner::ActualT;
        if constexpr (Owner::kRegs == 2 && sizeof(E) == 8) {
            uint32_t* w = reinterpret_cast<uint32_t*>(words);
            for (uint32_t i = 0; i < Owner::kLanes; ++i) {
                uint64_t bits;
                std::memcpy(&bits, &owner->v[i], sizeof(bits));
                w[i] = static_cast<uint32_t>(k == 0 ? bits : bits >> 32);
            }
            split = true;
            return *reinterpret_cast<RegTensor<U, Tr>*>(words);
        } else {
            return *reinterpret_cast<RegTensor<U, Tr>*>(reinterpret_cast<uint8_t*>(owner->v) + k * kVL);
        }
    }
    ~RegHalfRef() {
        if (!split) return;
        const uint32_t* w = reinterpret_cast<const uint32_t*>(words);
        for (uint32_t i = 0; i < Owner::kLanes; ++i) {
            uint64_t bits;
            std::memcpy(&bits, &owner->v[i], sizeof(bits));
            bits = k == 0 ? ((bits & 0xFFFFFFFF00000000ULL) | w[i]) : ((bits & 0xFFFFFFFFULL) | (uint64_t(w[i]) << 32));
            std::memcpy(&owner->v[i], &bits, sizeof(bits));
        }
    }
};
// The `reg` member: empty (it shares the register's address), found from the owner by its offset.
template <typename Owner>
struct RegPair {
    RegHalfRef<Owner> operator[](uint32_t k) {
        if (k >= Owner::kRegs) {
            ::kgemu::detail::fail("RegTensor::reg", "index " + std::to_string(k) + (Owner::kRegs == 2 ?
                                  ": a RegTraitNumTwo register has reg[0] and reg[1] only" :
                                  ": a RegTraitNumOne register has reg[0] only"));
        }
        return RegHalfRef<Owner>(reinterpret_cast<Owner*>(reinterpret_cast<char*>(this) - offsetof(Owner, reg)), k);
    }
};

// One vector register (two for RegTraitNumTwo): kLanes elements of T.
template <typename T = DefaultType, const RegTrait& Trait = RegTraitNumOne>
struct RegTensor {
    using ActualT = T;
    static constexpr uint32_t kRegs = Trait.REG_NUM;
    static constexpr uint32_t kLanes = kVL * Trait.REG_NUM / sizeof(T);
    // The byte of a register lane i's predicate bit: b64 in two registers keeps b32's 4-bit mask groups.
    static constexpr uint32_t kMaskStride = sizeof(T) / Trait.REG_NUM;
    T v[kLanes];
    // reg[0] of a one-register tensor is the register itself (kernels templated on the trait name reg[0] for both:
    // avg_pool_v2_grad's ComputeOutWIndex defaults to RegTraitNumOne)
    [[no_unique_address]] RegPair<RegTensor> reg;
    RegTensor() { std::memset(static_cast<void*>(v), 0, sizeof(v)); }
};

// VL / 8 predicate bits, one per register byte. `esize`: the element width a count or pattern mask was made for
// (0: uniform or of unknown width, never checked).
struct MaskReg {
    uint64_t w[4] = {0, 0, 0, 0};
    uint8_t esize = 0;
    bool bit(uint32_t k) const { return (w[k >> 6] >> (k & 63)) & 1u; }
    void set(uint32_t k, bool on) {
        if (on) w[k >> 6] |= (1ULL << (k & 63)); else w[k >> 6] &= ~(1ULL << (k & 63));
    }
    bool uniform() const {
        const bool all = (w[0] & w[1] & w[2] & w[3]) == ~0ULL;
        const bool none = (w[0] | w[1] | w[2] | w[3]) == 0;
        return all || none;
    }
};

// An address offset register (CreateAddrReg): element offset index0 * stride0 + ... of the surrounding loops.
struct AddrReg {
    int64_t offset = 0;  // elements
    uint32_t esize = 1;
};
struct UnalignReg {
    const void* pending = nullptr;
};
using UnalignRegForLoad = UnalignReg;
using UnalignRegForStore = UnalignReg;

template <typename U>
struct RegTensorActualT {
    using T = typename U::ActualT;
};
}  // namespace Reg
namespace MicroAPI = Reg;
}  // namespace AscendC

namespace kgemu {
namespace detail {
namespace reg {
using AscendC::Reg::kVL;
using AscendC::Reg::MaskReg;
using AscendC::Reg::MaskMergeMode;

// A UB view a kernel took a raw address of (LocalTensor::GetPhyAddr): Reg loads and stores address UB by raw
// __ubuf__ pointers, so the emulator remembers, per block, the views whose addresses the kernel asked for.
struct View {
    uint64_t begin, end;         // UB byte offsets of the view
    uint32_t buf_begin, buf_end;
    const void* owner;
    int32_t slot;
    uint32_t gen;
};
// UB ranges one vector function read or wrote, merged while they stay contiguous.
struct Range {
    uint64_t begin, end;
    const View* view;
    bool write;
};
struct VfState {
    const BlockState* block = nullptr;
    uint64_t block_serial = 0;
    std::vector<View> views;
    int depth = 0;
    const char* name = nullptr;
    std::vector<Range> ranges;
    uint64_t instrs = 0;
};
inline thread_local VfState tl_vf;

// The harness reuses a thread's BlockState for its next block: a block serial other than the last one seen is a
// new block, whose views start empty.
inline VfState& vf_state(BlockState& b) {
    VfState& s = tl_vf;
    if (s.block != &b || b.serial != s.block_serial) {
        s.views.clear();
        s.ranges.clear();
        s.depth = 0;
        s.instrs = 0;
        s.block = &b;
    }
    s.block_serial = b.serial;
    return s;
}

inline const View* view_at(VfState& s, uint64_t off) {
    const View* best = nullptr;
    for (auto it = s.views.rbegin(); it != s.views.rend(); ++it) {
        if (off >= it->begin && off < it->end && (best == nullptr || it->begin > best->begin)) best = &*it;
    }
    if (best == nullptr) {
        for (auto it = s.views.rbegin(); it != s.views.rend(); ++it) {
            if (off >= it->buf_begin && off < it->buf_end) return &*it;
        }
    }
    return best;
}

inline const char* elem_width_name(uint32_t bytes) {
    switch (bytes) {
        case 1: return "b8";
        case 2: return "b16";
        case 4: return "b32";
        case 8: return "b64";
        default: return "b?";
    }
}
}  // namespace reg

// Called by LocalTensor::GetPhyAddr: the view [addr, addr + bytes) and its buffer, for the Reg API's raw pointers.
inline void reg_note_view(const void* addr, uint64_t bytes, uint32_t buf_begin, uint32_t buf_end, const void* owner,
                          int32_t slot, uint32_t gen) {
    BlockState* b = tl_block;
    if (b == nullptr || addr == nullptr) return;
    const auto* p = static_cast<const uint8_t*>(addr);
    if (p < b->ub || p >= b->ub + b->local_size) return;
    reg::VfState& s = reg::vf_state(*b);
    const uint64_t off = static_cast<uint64_t>(p - b->ub);
    for (auto& v : s.views) {
        if (v.begin == off && v.end == off + bytes && v.owner == owner && v.slot == slot) {
            v.gen = gen;
            return;
        }
    }
    if (s.views.size() >= 256) s.views.erase(s.views.begin());
    s.views.push_back(reg::View{off, off + bytes, buf_begin, buf_end, owner, slot, gen});
}
}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_REG_TYPES_H
