// kernelgen CPU emulator: the matmul tiling structure TCubeTiling, shared by the host side (tiling/tiling_api.h:
// optiling::TCubeTiling, a tiling-data class) and the kernel side (kernel_tiling/kernel_tiling.h,
// lib/matmul_intf.h: AscendC::tiling::TCubeTiling, a plain struct, also reachable as ::TCubeTiling). The fields
// (50 int32_t, in this order) are those of CANN's matmul_tilingdata.h, so tiling data carrying a TCubeTiling
// has CANN's layout. The emulator does not compute matmul tilings nor run the cube unit: see lib/matmul_intf.h.
#ifndef KGEMU_TCUBE_TILING_H
#define KGEMU_TCUBE_TILING_H

#include <cstdint>

#define KGEMU_TCUBE_TILING_FIELDS(X)                                                                      \
    X(usedCoreNum) X(M) X(N) X(Ka) X(Kb) X(singleCoreM) X(singleCoreN) X(singleCoreK) X(baseM) X(baseN)   \
    X(baseK) X(depthA1) X(depthB1) X(stepM) X(stepN) X(isBias) X(transLength) X(iterateOrder) X(shareMode) \
    X(shareL1Size) X(shareL0CSize) X(shareUbSize) X(batchM) X(batchN) X(singleBatchM) X(singleBatchN)     \
    X(stepKa) X(stepKb) X(depthAL1CacheUB) X(depthBL1CacheUB) X(dbL0A) X(dbL0B) X(dbL0C) X(ALayoutInfoB)  \
    X(ALayoutInfoS) X(ALayoutInfoN) X(ALayoutInfoG) X(ALayoutInfoD) X(BLayoutInfoB) X(BLayoutInfoS)       \
    X(BLayoutInfoN) X(BLayoutInfoG) X(BLayoutInfoD) X(CLayoutInfoB) X(CLayoutInfoS1) X(CLayoutInfoN)      \
    X(CLayoutInfoG) X(CLayoutInfoS2) X(BatchNum) X(mxTypePara)

namespace AscendC {
namespace tiling {
#define KGEMU_TCUBE_FIELD(name) int32_t name = 0;
struct TCubeTiling {
    KGEMU_TCUBE_TILING_FIELDS(KGEMU_TCUBE_FIELD)
};
#undef KGEMU_TCUBE_FIELD
static_assert(sizeof(TCubeTiling) == 50 * 4, "TCubeTiling: 50 int32_t fields");
}  // namespace tiling
}  // namespace AscendC

using TCubeTiling = AscendC::tiling::TCubeTiling;

#endif  // KGEMU_TCUBE_TILING_H
