// kernelgen CPU emulator (private, kernel side): scalar and utility APIs of the Ascend C kernel library.
//
//   AscendC::Std::min / max       two values of the same type (the library static_asserts it)
//   GetDataBlockSizeInBytes()     32: the size of one DataBlock, the unit of block strides and UB alignment
//   ScalarCast<T, U, RoundMode>   float -> half (CAST_ODD), float -> bfloat16_t, float -> int32_t (CAST_ROUND /
//                                 CEIL / FLOOR / RINT), rounded as Cast rounds
//   SetDeqScale(half)             the scale that an int32_t -> half Cast multiplies by (the deq conversion)
//   AscendCUtils::SetMask<T>      the mask register, as SetVectorMask<T>
//   InitGlobalMemory(gm, n, v)    fills n elements of GM with v (on the MTE3 pipe)
//   InitOutput(gm, n, v = 0)      the same on 910B and 950 (its deprecated name); nothing elsewhere, as in CANN
//   Fill(gm, n, v)                the advanced API's GM fill: InitGlobalMemory with the SOC's data types
//   ENABLE_PRINTF()               nothing to enable: printf always prints here
//   g_coreType                    AIV (the emulator runs vector kernels)
// Semantics: hicann/asc-devkit docs (ScalarCast.md, InitGlobalMemory.md, SetDeqScale.md, std algorithm min/max).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/scalar_utils.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_SCALAR_UTILS_H
#define KGEMU_DETAIL_SCALAR_UTILS_H

#include <cstdint>
#include <type_traits>

#include "kgemu/detail/access.h"
#include "kgemu/detail/cast.h"
#include "kgemu/detail/data_copy.h"
#include "kgemu/detail/vec_mask.h"

#ifndef ENABLE_PRINTF
#define ENABLE_PRINTF()
#endif

// The kind of core the kernel runs on: the emulator runs vector (AIV) kernels only.
inline constexpr int32_t g_coreType = AscendC::AIV;
#ifndef ENABLE_PRINTF_DUMP_SIZE
#define ENABLE_PRINTF_DUMP_SIZE(...)
#endif

namespace AscendC {

namespace Std {
template <typename T, typename U>
inline constexpr T min(const T src0, const U src1) {
    static_assert(std::is_same<T, U>::value,
                  "kgemu: AscendC::Std::min compares two values of the same type (cast one operand first)");
    return (src0 < src1) ? src0 : src1;
}
template <typename T, typename U>
inline constexpr T max(const T src0, const U src1) {
    static_assert(std::is_same<T, U>::value,
                  "kgemu: AscendC::Std::max compares two values of the same type (cast one operand first)");
    return (src0 > src1) ? src0 : src1;
}
}  // namespace Std

constexpr uint32_t GetDataBlockSizeInBytes() { return static_cast<uint32_t>(ONE_BLK_SIZE); }

// ScalarCast: the documented conversions are float -> half (CAST_ODD) and float -> int32_t (CAST_ROUND, CAST_CEIL,
// CAST_FLOOR, CAST_RINT); float -> bfloat16_t follows Cast's f32 -> bf16 rounding (kernels use it on A2/A3).
template <typename T, typename U, RoundMode roundMode>
inline U ScalarCast(T valueIn) {
    static_assert(std::is_same<T, float>::value, "kgemu: ScalarCast converts a float (T = float)");
    static_assert(std::is_same<U, half>::value || std::is_same<U, bfloat16_t>::value || std::is_same<U, int32_t>::value,
                  "kgemu: ScalarCast converts float to half, bfloat16_t or int32_t");
    if constexpr (std::is_same<U, int32_t>::value) {
        static_assert(roundMode == RoundMode::CAST_ROUND || roundMode == RoundMode::CAST_CEIL ||
                          roundMode == RoundMode::CAST_FLOOR || roundMode == RoundMode::CAST_RINT,
                      "kgemu: ScalarCast float -> int32_t takes CAST_ROUND, CAST_CEIL, CAST_FLOOR or CAST_RINT");
    } else if constexpr (std::is_same<U, half>::value) {
        static_assert(roundMode == RoundMode::CAST_ODD, "kgemu: ScalarCast float -> half takes CAST_ODD");
    }
    kgemu::detail::block_state("ScalarCast");
    return kgemu::detail::cast_elem<U, float>(valueIn, roundMode);
}

// SetDeqScale(scale): an int32_t -> half Cast afterwards converts x * scale (vconv_deq).
inline void SetDeqScale(half scale) {
    auto& b = kgemu::detail::api_enter("SetDeqScale");
    b.deq_scale = static_cast<float>(scale);
}

// AscendCUtils: the library's own helpers that kernels call directly.
class AscendCUtils {
public:
    template <typename T, MaskMode mode = MaskMode::NORMAL>
    static void SetMask(const int32_t len) {
        SetVectorMask<T, mode>(len);
    }
    template <typename T, MaskMode mode = MaskMode::NORMAL>
    static void SetMask(const uint64_t maskHigh, const uint64_t maskLow) {
        SetVectorMask<T, mode>(maskHigh, maskLow);
    }
    static void ResetMask() { AscendC::ResetMask(); }
    // Elements of `typeSize` bytes in one 32-byte block (C0): what kernels divide an element count by to get a
    // DataCopy blockLen (norm's SafeDataCopy computes the same as ONE_BLK_SIZE / typeSize beside it).
    static int32_t GetC0Count(const int32_t typeSize) {
        if (typeSize != 1 && typeSize != 2 && typeSize != 4 && typeSize != 8) {
            kgemu::detail::fail("AscendCUtils::GetC0Count",
                                kgemu::detail::strf("typeSize %d is not an element size (1, 2, 4 or 8 bytes)", typeSize));
        }
        return ONE_BLK_SIZE / typeSize;
    }
    static int64_t GetBitSize(const int64_t byteSize) { return byteSize * 8; }
};

// InitGlobalMemory: size elements of gmWorkspaceAddr become value. Other blocks see the values only after a
// synchronisation (SyncAll, or a later kernel), as on the NPU.
namespace kg_init {
template <typename T>
inline void Fill(const char* api, T* p, const uint64_t size, const T value) {
    auto& b = kgemu::detail::api_enter(api);
    if (size == 0) return;
    if (p == nullptr) kgemu::detail::fail(api, "the GlobalTensor has no buffer (SetGlobalBuffer first)");
    const uint64_t bytes = size * sizeof(T);
    kgemu::detail::ApiCall call(b, api, ::PIPE_MTE3);
    call.write_gm(p, bytes);
    call.commit();
    kgemu::detail::gm_check(api, p, bytes, true);
    for (uint64_t i = 0; i < size; ++i) p[i] = value;
    if (__builtin_expect(b.trace, 0)) {
        kgemu::detail::trace_push(b, api, "MTE3", bytes, size, 0, sizeof(T), -1, -1, -1);
    }
}
}  // namespace kg_init

template <typename T>
inline void InitGlobalMemory(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value) {
    kg_init::Fill("InitGlobalMemory", gmWorkspaceAddr.kg_ptr, size, value);
}

// Fill(gm, size, value): the advanced API's GM initialisation (asc-devkit 高阶API/张量变换/Fill), InitGlobalMemory's
// semantics and pipe. Its data types depend on the SOC: on Ascend 950 uint8/int8/uint16/int16/bfloat16/half/
// uint32/int32/float/uint64/int64, elsewhere (A2/A3, 310P) uint16/int16/half/uint32/int32/float only; any other
// type is a defect naming the call (index_fill zeroes an int8 mask with it on the 950).
template <typename T>
inline void Fill(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value) {
    auto& b = kgemu::detail::api_enter("Fill");
    const bool v950 = b.soc->npu_arch == 3510;
    const bool wide = sizeof(T) == 2 || sizeof(T) == 4;
    const bool type_ok = (wide && !(std::is_same<T, bfloat16_t>::value && !v950)) || (v950 && (sizeof(T) == 1 ||
                                                                                               sizeof(T) == 8));
    if (!type_ok) {
        kgemu::detail::fail("Fill", kgemu::detail::strf(
            "a %zu-byte element type is not supported on %s (%s)", sizeof(T), kgemu::detail::soc_name(b),
            v950 ? "Ascend 950: 1, 2, 4 or 8-byte integers, bfloat16_t, half, float"
                 : "uint16_t, int16_t, half, uint32_t, int32_t, float; the 8-bit, 64-bit and bfloat16_t forms are "
                   "Ascend 950's"));
    }
    kg_init::Fill("Fill", gmWorkspaceAddr.kg_ptr, size, value);
}

// InitOutput (deprecated in CANN for InitGlobalMemory / Fill, still called by 34 of ops-nn's main-tree operators):
// size elements of the GM tensor become value, written from a UB stack buffer on MTE3 after a V -> MTE3 hand-over
// inside the call (asc-devkit impl/basic_api/kernel_operator_common_intf_impl.h). CANN compiles the body only for
// __NPU_ARCH__ 2201 and 3510 (and 5102); on the other architectures the call does nothing, and so it does here.
template <typename T>
inline void InitOutput(GlobalTensor<T> gmWorkspaceAddr, uint32_t size, T value = 0) {
#if defined(__NPU_ARCH__) && ((__NPU_ARCH__ == 2201) || (__NPU_ARCH__ == 3510))
    kg_init::Fill("InitOutput", gmWorkspaceAddr.kg_ptr, size, value);
#else
    kgemu::detail::api_enter("InitOutput");
    (void)gmWorkspaceAddr;
    (void)size;
    (void)value;
#endif
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_SCALAR_UTILS_H
