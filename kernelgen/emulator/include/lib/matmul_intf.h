// kernelgen CPU emulator: "lib/matmul_intf.h", the kernel side of the Ascend C Matmul high-level API.
//
// The types kernels spell (MatmulType, MatmulConfig and its Get*Config builders, MatmulCallBackFunc, MatmulImpl /
// Matmul, CubeFormat, TCubeTiling) are declared so that a kernel's own code compiles, but calling a Matmul member
// (Init, SetTensorA, IterateAll, ...) is a compile error that says "kgemu: Matmul is not emulated yet": the emulator
// runs the vector unit only, not the cube unit (Mmad, LoadData, Fixpipe are not emulated either).
#ifndef KGEMU_LIB_MATMUL_INTF_H
#define KGEMU_LIB_MATMUL_INTF_H

#include <cstdint>
#include <type_traits>

#include "kernel_operator.h"
#include "kgemu/tcube_tiling.h"

namespace AscendC {

enum class CubeFormat : int32_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR };
enum class LayoutMode : int32_t { NONE = 0, BSNGD, SBNGD, BNGS1S2, NORMAL };
enum class IterateOrder : int32_t { ORDER_M = 0, ORDER_N, UNDEF };
enum class ScheduleType : int32_t { INNER_PRODUCT = 0, OUTER_PRODUCT };
enum class MatmulVersion : int32_t { NORMAL = 0, MULTI_DATA_LOAD, BASIC_BLOCK, IBSHARE_NORM };

// The configuration a kernel passes as a template argument; the builders accept CANN's arguments and record the
// kind of configuration only (nothing reads the rest: the computation is not emulated).
struct MatmulConfig {
    bool doNorm = false;
    bool doBasicBlock = false;
    bool doMultiDataLoad = false;
    bool doIBShareNorm = false;
    bool doSpecialMDL = false;
};
template <typename... A>
constexpr MatmulConfig GetNormalConfig(A...) { return MatmulConfig{true, false, false, false, false}; }
template <typename... A>
constexpr MatmulConfig GetMDLConfig(A...) { return MatmulConfig{false, false, true, false, false}; }
template <typename... A>
constexpr MatmulConfig GetSpecialMDLConfig(A...) { return MatmulConfig{false, false, false, false, true}; }
template <typename... A>
constexpr MatmulConfig GetBasicConfig(A...) { return MatmulConfig{false, true, false, false, false}; }
template <typename... A>
constexpr MatmulConfig GetIBShareNormConfig(A...) { return MatmulConfig{false, false, false, true, false}; }
constexpr MatmulConfig CFG_NORM = GetNormalConfig();
constexpr MatmulConfig CFG_MDL = GetMDLConfig();
constexpr MatmulConfig MM_CFG_BB = GetBasicConfig();
constexpr MatmulConfig CFG_IBSHARE_NORM = GetIBShareNormConfig();

template <TPosition POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false>
struct MatmulType {
    constexpr static TPosition pos = POSITION;
    constexpr static CubeFormat format = FORMAT;
    using T = TYPE;
    constexpr static bool isTrans = ISTRANS;
    constexpr static LayoutMode layout = LAYOUT;
    constexpr static bool ibShare = IBSHARE;
};

template <auto DataCopyOut = nullptr, auto CopyA1 = nullptr, auto CopyB1 = nullptr>
struct MatmulCallBackFunc {};

template <typename... A>
struct kg_matmul_false : std::false_type {};

// Every member is a template, so that only a call instantiates the diagnosis.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const MatmulConfig& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<>, class... POLICY>
class MatmulImpl {
public:
    using AType = A_TYPE;
    using BType = B_TYPE;
    using CType = C_TYPE;
    using BiasType = BIAS_TYPE;
#define KGEMU_MATMUL_MEMBER(NAME)                                                                              \
    template <typename... KgT, typename... KgA>                                                                \
    void NAME(KgA&&...) {                                                                                      \
        static_assert(kg_matmul_false<KgT..., KgA...>::value,                                                  \
                      "kgemu: Matmul is not emulated yet by kernelgen's CPU emulator (Matmul::" #NAME ": the "   \
                      "cube unit is not emulated, only the vector unit)");                                     \
    }
    KGEMU_MATMUL_MEMBER(Init)
    KGEMU_MATMUL_MEMBER(SetTensorA)
    KGEMU_MATMUL_MEMBER(SetTensorB)
    KGEMU_MATMUL_MEMBER(SetBias)
    KGEMU_MATMUL_MEMBER(ClearBias)
    KGEMU_MATMUL_MEMBER(SetOrgShape)
    KGEMU_MATMUL_MEMBER(SetSingleShape)
    KGEMU_MATMUL_MEMBER(SetTail)
    KGEMU_MATMUL_MEMBER(SetSubBlockIdx)
    KGEMU_MATMUL_MEMBER(SetHF32)
    KGEMU_MATMUL_MEMBER(SetLocalWorkspace)
    KGEMU_MATMUL_MEMBER(SetWorkspace)
    KGEMU_MATMUL_MEMBER(SetQuantScalar)
    KGEMU_MATMUL_MEMBER(SetQuantVector)
    KGEMU_MATMUL_MEMBER(IterateAll)
    KGEMU_MATMUL_MEMBER(WaitIterateAll)
    KGEMU_MATMUL_MEMBER(GetTensorC)
    KGEMU_MATMUL_MEMBER(End)
#undef KGEMU_MATMUL_MEMBER
    template <bool sync = true, typename... KgA>
    bool Iterate(KgA&&...) {
        static_assert(kg_matmul_false<KgA...>::value,
                      "kgemu: Matmul is not emulated yet by kernelgen's CPU emulator (Matmul::Iterate: the cube unit "
                      "is not emulated, only the vector unit)");
        return false;
    }
};

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const MatmulConfig& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<>, class... POLICY>
using Matmul = MatmulImpl<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, POLICY...>;

}  // namespace AscendC

namespace matmul {
using AscendC::CubeFormat;
using AscendC::LayoutMode;
using AscendC::Matmul;
using AscendC::MatmulCallBackFunc;
using AscendC::MatmulConfig;
using AscendC::MatmulImpl;
using AscendC::MatmulType;
}  // namespace matmul

// Registers the matmul objects with the pipe on the NPU; nothing to do on the emulator.
#ifndef REGIST_MATMUL_OBJ
#define REGIST_MATMUL_OBJ(...)
#endif

#endif  // KGEMU_LIB_MATMUL_INTF_H
