// kernelgen CPU emulator (private, kernel side): where the cube's memories live in a block's local memory.
//
// A block's local memory is UB followed by the cube's buffers: L1 (TPosition A1, B1, C1, TSCM), L0A (A2), L0B
// (B2), L0C (CO1), the bias table (C2) and the fixpipe buffer (C2PIPE2GM), at the SOC's sizes (the KgSoc record,
// from the catalog kernelgen/data/socs.json with its sources). TPipe::InitBuffer carves
// a queue or TBuf from the memory of its position, and a carve past that memory's end is a defect; LocalTensors
// keep one address space (offsets into the block's local memory), so the sanitizer sees every buffer alike.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/cube_mem.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_CUBE_MEM_H
#define KGEMU_DETAIL_CUBE_MEM_H

#include <cstdint>

#include "kgemu/abi.h"
#include "kgemu/detail/base.h"

namespace kgemu {
namespace detail {

// The memory a TPosition's buffers are carved from.
constexpr AscendC::Hardware position_memory(AscendC::TPosition p) {
    using P = AscendC::TPosition;
    using H = AscendC::Hardware;
    return p == P::A1 || p == P::B1 || p == P::C1 || p == P::TSCM ? H::L1
           : p == P::A2                                           ? H::L0A
           : p == P::B2                                           ? H::L0B
           : p == P::CO1                                          ? H::L0C
           : p == P::C2                                           ? H::BIAS
           : p == P::C2PIPE2GM                                    ? H::FIXBUF
                                                                  : H::UB;
}

inline const char* memory_name(AscendC::Hardware h) {
    static const char* names[] = {"GM", "UB", "L1", "L0A", "L0B", "L0C", "BT", "FB", "?"};
    return names[static_cast<int>(h) < 9 ? static_cast<int>(h) : 8];
}

inline uint64_t memory_bytes(const KgSoc& soc, AscendC::Hardware h) {
    using H = AscendC::Hardware;
    switch (h) {
        case H::UB: return soc.ub_pool;
        case H::L1: return soc.l1_size;
        case H::L0A: return soc.l0a_size;
        case H::L0B: return soc.l0b_size;
        case H::L0C: return soc.l0c_size;
        case H::BIAS: return soc.bias_table_size;
        case H::FIXBUF: return soc.fixpipe_buffer_size;
        default: return 0;
    }
}

// Byte offset of memory h in the block's local memory (UB first, then L1, L0A, L0B, L0C, BT, FB).
inline uint64_t memory_base(const KgSoc& soc, AscendC::Hardware h) {
    uint64_t base = 0;
    for (int i = static_cast<int>(AscendC::Hardware::UB); i < static_cast<int>(h); ++i) {
        base += memory_bytes(soc, static_cast<AscendC::Hardware>(i));
    }
    return base;
}

// The block's whole local memory (what the runtime allocates per block).
inline uint64_t local_memory_bytes(const KgSoc& soc) { return memory_base(soc, AscendC::Hardware::MAX); }

// The memory a local byte offset lies in.
inline AscendC::Hardware memory_at(const KgSoc& soc, uint64_t off) {
    for (int i = static_cast<int>(AscendC::Hardware::UB); i < static_cast<int>(AscendC::Hardware::MAX); ++i) {
        const auto h = static_cast<AscendC::Hardware>(i);
        if (off < memory_base(soc, h) + memory_bytes(soc, h)) return h;
    }
    return AscendC::Hardware::MAX;
}

}  // namespace detail
}  // namespace kgemu

// The local-memory sizes kernels read as constants (asc-devkit impl/basic_api/utils/kernel_utils_constants.h, per
// __NPU_ARCH__; source KUC in /work/shared/facts/socs.md): TOTAL_L1_SIZE keeps KFC_L1_RESERVER_SIZE (128 by
// default) back on 2201 for the Matmul server's messages.
namespace AscendC {
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 2201)
#ifndef KFC_L1_RESERVER_SIZE
#define KFC_L1_RESERVER_SIZE 128
#endif
const int32_t TOTAL_VEC_LOCAL_SIZE = 184 * 1024;
const uint32_t TOTAL_UB_SIZE = 192 * 1024;
const uint32_t TMP_UB_OFFSET = 184 * 1024;
const uint32_t TOTAL_L1_SIZE = 512 * 1024 - KFC_L1_RESERVER_SIZE;
const uint32_t TOTAL_L0C_SIZE = 128 * 1024;
#elif defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3002)
const int32_t TOTAL_VEC_LOCAL_SIZE = 184 * 1024;
const uint32_t TOTAL_UB_SIZE = 248 * 1024;
const uint32_t TMP_UB_OFFSET = 248 * 1024;
const uint32_t TOTAL_L1_SIZE = 1024 * 1024;
const uint32_t TOTAL_L0C_SIZE = 128 * 1024;
#elif defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510)
const int32_t TOTAL_VEC_LOCAL_SIZE = 248 * 1024;
const uint32_t TOTAL_UB_SIZE = 248 * 1024;
const uint32_t TMP_UB_OFFSET = 248 * 1024;
const uint32_t TOTAL_L1_SIZE = 512 * 1024;
const uint32_t TOTAL_L0C_SIZE = 256 * 1024;
#else  // 1001 and 2002
const int32_t TOTAL_VEC_LOCAL_SIZE = 248 * 1024;
const uint32_t TOTAL_UB_SIZE = 256 * 1024;
const uint32_t TMP_UB_OFFSET = 248 * 1024;
const uint32_t TOTAL_L1_SIZE = 1024 * 1024;
const uint32_t TOTAL_L0C_SIZE = 256 * 1024;
#endif
// L0A / L0B: 64 KiB on every arch but 3003 / 3113 (kernel_utils_constants.h), which the emulator does not model
const uint32_t TOTAL_L0A_SIZE = 64 * 1024;
const uint32_t TOTAL_L0B_SIZE = 64 * 1024;
}  // namespace AscendC

#endif  // KGEMU_DETAIL_CUBE_MEM_H
