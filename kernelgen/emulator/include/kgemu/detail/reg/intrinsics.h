// kernelgen CPU emulator (private, kernel side): the few predicate intrinsics of the 950 vector compiler that ops-nn's
// arch35 kernels call next to the Reg API (softmax_v2, the norm family's Welford kernels): `vector_bool` (a MaskReg),
// `pset_b8/16/32(PAT_*)` (CreateMask with a pattern) and `plt_b8/16/32(count, POST_UPDATE)` (UpdateMask: the first
// count elements, count lowered by the register's element count); `mem_bar` (below).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/reg/intrinsics.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_REG_INTRINSICS_H
#define KGEMU_DETAIL_REG_INTRINSICS_H

#include "kgemu/detail/reg/mask.h"

using vector_bool = AscendC::Reg::MaskReg;
enum kg_pattern_t { PAT_ALL = 0, PAT_VL1, PAT_VL2, PAT_VL3, PAT_VL4, PAT_VL8, PAT_VL16, PAT_VL32, PAT_VL64, PAT_VL128,
                    PAT_M3, PAT_M4, PAT_H, PAT_Q, PAT_ALLF = 15 };
enum kg_post_t { POST_UPDATE = 1 };

#define KGEMU_REG_PSET(NAME, T)                                                                                 \
    __aicore__ inline vector_bool NAME(kg_pattern_t p) {                                                         \
        using AscendC::Reg::MaskPattern;                                                                         \
        switch (p) {                                                                                             \
            case PAT_ALL: return AscendC::Reg::CreateMask<T, MaskPattern::ALL>();                                \
            case PAT_ALLF: return AscendC::Reg::CreateMask<T, MaskPattern::ALLF>();                              \
            case PAT_H: return AscendC::Reg::CreateMask<T, MaskPattern::H>();                                    \
            case PAT_Q: return AscendC::Reg::CreateMask<T, MaskPattern::Q>();                                    \
            case PAT_VL1: return AscendC::Reg::CreateMask<T, MaskPattern::VL1>();                                \
            case PAT_VL8: return AscendC::Reg::CreateMask<T, MaskPattern::VL8>();                                \
            case PAT_VL16: return AscendC::Reg::CreateMask<T, MaskPattern::VL16>();                              \
            case PAT_VL32: return AscendC::Reg::CreateMask<T, MaskPattern::VL32>();                              \
            case PAT_VL64: return AscendC::Reg::CreateMask<T, MaskPattern::VL64>();                              \
            default: ::kgemu::detail::fail(#NAME, "this pattern is not emulated (PAT_ALL, PAT_ALLF, PAT_H, PAT_Q, " \
                                                  "PAT_VL1/8/16/32/64 are)");                                   \
        }                                                                                                        \
    }                                                                                                            \

KGEMU_REG_PSET(pset_b8, uint8_t)
KGEMU_REG_PSET(pset_b16, uint16_t)
KGEMU_REG_PSET(pset_b32, uint32_t)
#undef KGEMU_REG_PSET
__aicore__ inline vector_bool plt_b8(uint32_t& n, kg_post_t) { return AscendC::Reg::UpdateMask<uint8_t>(n); }
__aicore__ inline vector_bool plt_b16(uint32_t& n, kg_post_t) { return AscendC::Reg::UpdateMask<uint16_t>(n); }
__aicore__ inline vector_bool plt_b32(uint32_t& n, kg_post_t) { return AscendC::Reg::UpdateMask<uint32_t>(n); }

// `mem_bar(VST_VLD)`: the compiler's barrier between a vector function's pipelines (asc-devkit asc_mem_bar.md, the
// values of its table 2; Reg::LocalMemBar lowers to it). The emulator runs a vector function in program order, so a
// barrier orders nothing that is not ordered already (index/non_zero's arch35 kernels).
enum kg_mem_type_t { VV_ALL, VST_VLD, VLD_VST, VST_VST, VS_ALL, VST_LD, VLD_ST, VST_ST, SV_ALL, ST_VLD, LD_VST, ST_VST,
                     SS_ALL, ST_LD, LD_ST, ST_ST };
__aicore__ inline void mem_bar(kg_mem_type_t) {}
__aicore__ inline void asc_mem_bar(kg_mem_type_t) {}

#endif  // KGEMU_DETAIL_REG_INTRINSICS_H
