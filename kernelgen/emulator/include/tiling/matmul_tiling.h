// kernelgen CPU emulator: the host-side matmul tiling API of tiling/tiling_api.h (CANN lib/matmul/*_tiling.h).
//
// TCubeTiling is provided with CANN's field layout (optiling::TCubeTiling for TILING_DATA_FIELD_DEF_STRUCT, and
// the plain AscendC::tiling::TCubeTiling). The tiling calculators (matmul_tiling::MatmulApiTiling,
// MultiCoreMatmulTiling, BatchMatmulTiling) are declared with CANN's enums, but using one is a compile error that
// says "kgemu: Matmul is not emulated yet": the emulator runs the vector unit only, not the cube unit.
#ifndef KGEMU_TILING_MATMUL_TILING_H
#define KGEMU_TILING_MATMUL_TILING_H

#include <cstdint>
#include <type_traits>

#include "kgemu/tcube_tiling.h"
#include "register/tilingdata_base.h"

#ifndef KGEMU_TILING_DATA_AS_STRUCT
namespace optiling {
#define KGEMU_TCUBE_HOST_FIELD(name) TILING_DATA_FIELD_DEF(int32_t, name);
BEGIN_TILING_DATA_DEF(TCubeTiling)
KGEMU_TCUBE_TILING_FIELDS(KGEMU_TCUBE_HOST_FIELD)
END_TILING_DATA_DEF;
#undef KGEMU_TCUBE_HOST_FIELD
}  // namespace optiling
#endif

namespace matmul_tiling {

template <typename... A>
struct kg_false : std::false_type {};

enum class TPosition : int32_t { GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM,
                                 SHM = SPM, TSCM, MAX };
enum class CubeFormat : int32_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR };
enum class DataType : int32_t { DT_FLOAT = 0, DT_FLOAT16 = 1, DT_INT8 = 2, DT_INT32 = 3, DT_UINT8 = 4, DT_INT16 = 6,
                                DT_UINT16 = 7, DT_UINT32 = 8, DT_INT64 = 9, DT_UINT64 = 10, DT_DOUBLE = 11,
                                DT_BOOL = 12, DT_BF16 = 27, DT_INT4 = 29 };
enum class MatrixTraverse : int32_t { NOSET = 0, FIRSTM = 1, FIRSTN = 2 };
enum class MatrixMadType : int32_t { NORMAL = 0, HF32 = 1 };
enum class DequantType : int32_t { SCALAR = 0, TENSOR = 1 };
enum class ScheduleType : int32_t { INNER_PRODUCT = 0, OUTER_PRODUCT = 1 };

// Every member is a template, so that only a call instantiates the diagnosis.
#define KGEMU_MATMUL_TILING_CLASS(NAME)                                                                        \
    class NAME {                                                                                               \
    public:                                                                                                    \
        template <typename... A>                                                                               \
        explicit NAME(A&&...) {                                                                                \
            static_assert(kg_false<A...>::value, "kgemu: Matmul is not emulated yet by kernelgen's CPU "       \
                                                 "emulator (matmul_tiling::" #NAME ": the cube unit is not "   \
                                                 "emulated, only the vector unit)");                           \
        }                                                                                                      \
        template <typename... A> int64_t SetAType(A&&...) { return kg_fail<A...>(); }                          \
        template <typename... A> int64_t SetBType(A&&...) { return kg_fail<A...>(); }                          \
        template <typename... A> int64_t SetCType(A&&...) { return kg_fail<A...>(); }                          \
        template <typename... A> int64_t SetBiasType(A&&...) { return kg_fail<A...>(); }                       \
        template <typename... A> int64_t SetShape(A&&...) { return kg_fail<A...>(); }                          \
        template <typename... A> int64_t SetOrgShape(A&&...) { return kg_fail<A...>(); }                       \
        template <typename... A> int64_t SetSingleShape(A&&...) { return kg_fail<A...>(); }                    \
        template <typename... A> int64_t SetFixSplit(A&&...) { return kg_fail<A...>(); }                       \
        template <typename... A> int64_t SetBufferSpace(A&&...) { return kg_fail<A...>(); }                    \
        template <typename... A> int64_t SetBias(A&&...) { return kg_fail<A...>(); }                           \
        template <typename... A> int64_t SetDim(A&&...) { return kg_fail<A...>(); }                            \
        template <typename... A> int64_t SetTraverse(A&&...) { return kg_fail<A...>(); }                       \
        template <typename... A> int64_t SetMatmulConfigParams(A&&...) { return kg_fail<A...>(); }             \
        template <typename... A> int64_t EnableBias(A&&...) { return kg_fail<A...>(); }                        \
        template <typename... A> int64_t GetTiling(A&&...) { return kg_fail<A...>(); }                         \
                                                                                                               \
    private:                                                                                                   \
        template <typename... A>                                                                               \
        static int64_t kg_fail() {                                                                             \
            static_assert(kg_false<A...>::value, "kgemu: Matmul is not emulated yet by kernelgen's CPU "       \
                                                 "emulator (matmul_tiling::" #NAME ")");                      \
            return -1;                                                                                         \
        }                                                                                                      \
    };
KGEMU_MATMUL_TILING_CLASS(MatmulApiTiling)
KGEMU_MATMUL_TILING_CLASS(MultiCoreMatmulTiling)
KGEMU_MATMUL_TILING_CLASS(BatchMatmulTiling)
#undef KGEMU_MATMUL_TILING_CLASS

}  // namespace matmul_tiling

#endif  // KGEMU_TILING_MATMUL_TILING_H
