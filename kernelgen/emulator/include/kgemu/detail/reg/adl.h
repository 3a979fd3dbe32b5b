// kernelgen CPU emulator (private, kernel side): the Reg API's names as function templates of namespace AscendC,
// so that an unqualified call with explicit template arguments reaches them by argument-dependent lookup.
//
// ops-nn's 950 kernels write `using namespace AscendC;` plus a few `using AscendC::MicroAPI::X;` and then call
// `LoadAlign<half, LoadDist::DIST_UNPACK_B16>(reg, addr)`, `Reduce<ReduceType::SUM>(dst, src, mask)`,
// `Move<float, MaskMergeMode::MERGING>(...)` unqualified (norm_common, group_norm_grad, add_layer_norm, ...). Their
// device compiler is clang-based, and clang accepts a name followed by `<` that ordinary lookup does not find as a
// template-name whose call is then resolved by ADL (C++20's P0846, which clang also applies in C++17 mode as an
// extension with a -Wc++20-extensions warning); the arguments (RegTensor, MaskReg: namespace AscendC::Reg) bring in
// the Reg overloads. g++ in C++17 mode does not: it parses `LoadAlign < half` as a comparison. Declaring each Reg
// name once in AscendC as a function template that no call can select (its first parameter is a pointer to a type
// that is never defined) makes `name<` a template-id under g++ too; overload resolution then sees only the Reg
// overloads ADL finds, exactly as the device compiler does.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/reg/adl.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_REG_ADL_H
#define KGEMU_DETAIL_REG_ADL_H

namespace AscendC {
namespace kg_adl {
struct Never;  // never defined: no argument converts to Never*
}  // namespace kg_adl
#define KGEMU_REG_ADL_ANCHOR(NAME) \
    template <typename kgNever>    \
    void NAME(kg_adl::Never*, kgNever) = delete;
KGEMU_REG_ADL_ANCHOR(LoadAlign)
KGEMU_REG_ADL_ANCHOR(StoreAlign)
KGEMU_REG_ADL_ANCHOR(LoadUnAlign)
KGEMU_REG_ADL_ANCHOR(LoadUnAlignPre)
KGEMU_REG_ADL_ANCHOR(StoreUnAlign)
KGEMU_REG_ADL_ANCHOR(StoreUnAlignPost)
KGEMU_REG_ADL_ANCHOR(DataCopyUnAlign)
KGEMU_REG_ADL_ANCHOR(DataCopyUnAlignPre)
KGEMU_REG_ADL_ANCHOR(DataCopyUnAlignPost)
KGEMU_REG_ADL_ANCHOR(DataCopyGather)
KGEMU_REG_ADL_ANCHOR(Reduce)
KGEMU_REG_ADL_ANCHOR(ReduceDataBlock)
KGEMU_REG_ADL_ANCHOR(Move)
KGEMU_REG_ADL_ANCHOR(Mula)
KGEMU_REG_ADL_ANCHOR(MulAddDst)
KGEMU_REG_ADL_ANCHOR(MulDstAdd)
KGEMU_REG_ADL_ANCHOR(FusedMulDstAdd)
KGEMU_REG_ADL_ANCHOR(AbsSub)
KGEMU_REG_ADL_ANCHOR(Arange)
KGEMU_REG_ADL_ANCHOR(Compare)
KGEMU_REG_ADL_ANCHOR(Compares)
KGEMU_REG_ADL_ANCHOR(CompareScalar)
KGEMU_REG_ADL_ANCHOR(Truncate)
KGEMU_REG_ADL_ANCHOR(Pack)
KGEMU_REG_ADL_ANCHOR(UnPack)
KGEMU_REG_ADL_ANCHOR(Interleave)
KGEMU_REG_ADL_ANCHOR(DeInterleave)
KGEMU_REG_ADL_ANCHOR(Squeeze)
KGEMU_REG_ADL_ANCHOR(Histograms)
KGEMU_REG_ADL_ANCHOR(MaskAnd)
KGEMU_REG_ADL_ANCHOR(MaskOr)
KGEMU_REG_ADL_ANCHOR(MaskXor)
KGEMU_REG_ADL_ANCHOR(MaskNot)
KGEMU_REG_ADL_ANCHOR(MaskSel)
KGEMU_REG_ADL_ANCHOR(MaskPack)
KGEMU_REG_ADL_ANCHOR(MaskUnPack)
KGEMU_REG_ADL_ANCHOR(MaskInterleave)
KGEMU_REG_ADL_ANCHOR(MaskDeInterleave)
KGEMU_REG_ADL_ANCHOR(Maxs)
KGEMU_REG_ADL_ANCHOR(Mins)
KGEMU_REG_ADL_ANCHOR(Neg)
KGEMU_REG_ADL_ANCHOR(Log)
KGEMU_REG_ADL_ANCHOR(Log10)
KGEMU_REG_ADL_ANCHOR(Log2)
KGEMU_REG_ADL_ANCHOR(ShiftLeft)
KGEMU_REG_ADL_ANCHOR(ShiftRight)
KGEMU_REG_ADL_ANCHOR(ShiftLefts)
KGEMU_REG_ADL_ANCHOR(ShiftRights)
KGEMU_REG_ADL_ANCHOR(Xor)
#undef KGEMU_REG_ADL_ANCHOR
}  // namespace AscendC

#endif  // KGEMU_DETAIL_REG_ADL_H
