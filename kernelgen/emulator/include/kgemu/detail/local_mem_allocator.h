// kernelgen CPU emulator (private, kernel side): LocalMemAllocator, the allocator of static-Tensor programming.
//
// asc-devkit docs/zh/api/SIMD-API/基础API/资源管理/内存管理/LocalMemAllocator/ (LocalMemAllocator简介.md, 构造函数,
// GetCurAddr, Alloc): a LocalMemAllocator<hard> (hard = Hardware::UB by default) hands out LocalTensors one after
// another from the start of one physical memory, without a TPipe or queues:
//   Alloc<[pos,] T, tileSize>() / Alloc<[pos,] T>(tileSize)   tileSize elements of T at the current address, which
//                       then moves on by their bytes; pos (a TPosition of that memory, checked at compile time) or
//                       the memory's default position
//   GetCurAddr()        the next free address in [0, the memory's size): 0 for a fresh allocator, as the page's
//                       example prints (on Ascend 950 UB allocation starts after the static memory, of which the
//                       emulator has none)
// The pages' rules, diagnosed here: one allocator per physical memory at a time (构造函数, 约束说明); no TPipe
// alongside it (简介: "不可以与TPipe等接口混用"); a tile no larger than what is left of the memory (Alloc, tileSize).
// The TensorTrait form (原型3) is not emulated.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/local_mem_allocator.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_LOCAL_MEM_ALLOCATOR_H
#define KGEMU_DETAIL_LOCAL_MEM_ALLOCATOR_H

#include <cstdint>

#include "kgemu/detail/cube_mem.h"
#include "kgemu/detail/tensor.h"
#include "kgemu/detail/tpipe.h"

namespace kgemu {
namespace detail {
// The position a LocalTensor of memory h gets when Alloc is not told one.
constexpr AscendC::TPosition default_position(AscendC::Hardware h) {
    using P = AscendC::TPosition;
    using H = AscendC::Hardware;
    return h == H::L1    ? P::A1
           : h == H::L0A ? P::A2
           : h == H::L0B ? P::B2
           : h == H::L0C ? P::CO1
           : h == H::BIAS ? P::C2
           : h == H::FIXBUF ? P::C2PIPE2GM
                            : P::VECCALC;
}
}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <Hardware hard = Hardware::UB>
class LocalMemAllocator {
    static_assert(hard != Hardware::GM && hard != Hardware::MAX,
                  "LocalMemAllocator: the physical memory is UB, L1, L0A, L0B, L0C, BIAS or FIXBUF");

public:
    LocalMemAllocator() {
        auto& b = kgemu::detail::api_enter("LocalMemAllocator");
        const uint32_t bit = 1U << static_cast<uint32_t>(hard);
        if (b.pipe != nullptr) {
            kgemu::detail::fail("LocalMemAllocator",
                                "constructed while a TPipe is alive: LocalMemAllocator belongs to static-Tensor "
                                "programming and is not mixed with TPipe (LocalMemAllocator简介.md)");
        }
        if (b.allocators_live & bit) {
            kgemu::detail::fail("LocalMemAllocator",
                                kgemu::detail::strf("a second LocalMemAllocator<Hardware::%s> while one is alive: one "
                                                    "allocator per physical memory (LocalMemAllocator构造函数.md, "
                                                    "约束说明)",
                                                    kgemu::detail::memory_name(hard)));
        }
        b.allocators_live |= bit;
        kg_block = &b;
    }
    ~LocalMemAllocator() {
        if (kg_block != nullptr && kg_block == kgemu::detail::tl_block) {
            kg_block->allocators_live &= ~(1U << static_cast<uint32_t>(hard));
        }
    }
    LocalMemAllocator(const LocalMemAllocator&) = delete;
    LocalMemAllocator& operator=(const LocalMemAllocator&) = delete;

    uint32_t GetCurAddr() const { return kg_head; }

    template <TPosition pos, class DataType, uint32_t tileSize>
    LocalTensor<DataType> Alloc() {
        static_assert(kgemu::detail::position_memory(pos) == hard,
                      "LocalMemAllocator::Alloc: the TPosition is not in the allocator's physical memory");
        return kg_alloc<DataType>(pos, tileSize);
    }
    template <TPosition pos, class DataType>
    LocalTensor<DataType> Alloc(uint32_t tileSize) {
        static_assert(kgemu::detail::position_memory(pos) == hard,
                      "LocalMemAllocator::Alloc: the TPosition is not in the allocator's physical memory");
        return kg_alloc<DataType>(pos, tileSize);
    }
    template <class DataType, uint32_t tileSize>
    LocalTensor<DataType> Alloc() {
        return kg_alloc<DataType>(kgemu::detail::default_position(hard), tileSize);
    }
    template <class DataType>
    LocalTensor<DataType> Alloc(uint32_t tileSize) {
        return kg_alloc<DataType>(kgemu::detail::default_position(hard), tileSize);
    }

private:
    template <class DataType>
    LocalTensor<DataType> kg_alloc(TPosition pos, uint32_t tileSize) {
        auto& b = kgemu::detail::api_enter("LocalMemAllocator::Alloc");
        const uint64_t bytes = kgemu::detail::bytes_of<DataType>(tileSize);
        const uint64_t size = kgemu::detail::memory_bytes(*b.soc, hard);
        if (kg_head + bytes > size) {
            kgemu::detail::fail("LocalMemAllocator::Alloc",
                                kgemu::detail::strf("%u elements of %s (%llu bytes) at %s address %u end past the %s's "
                                                    "%llu bytes: a tile is at most what is left of the memory",
                                                    tileSize, kgemu::detail::dtype_info<DataType>::name,
                                                    static_cast<unsigned long long>(bytes),
                                                    kgemu::detail::memory_name(hard), kg_head,
                                                    kgemu::detail::memory_name(hard),
                                                    static_cast<unsigned long long>(size)));
        }
        const uint64_t base = kgemu::detail::memory_base(*b.soc, hard);
        LocalTensor<DataType> out(pos, static_cast<uint32_t>(base + kg_head), tileSize);
        kg_head += static_cast<uint32_t>(bytes);
        return out;
    }

    uint32_t kg_head = 0;
    kgemu::detail::BlockState* kg_block = nullptr;
};

}  // namespace AscendC

#endif  // KGEMU_DETAIL_LOCAL_MEM_ALLOCATOR_H
