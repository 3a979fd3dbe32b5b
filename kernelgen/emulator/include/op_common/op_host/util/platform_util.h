// kernelgen CPU emulator: Ops::Base platform helpers (op_common/op_host/util/platform_util.h).
#ifndef KGEMU_OP_COMMON_OP_HOST_UTIL_PLATFORM_UTIL_H
#define KGEMU_OP_COMMON_OP_HOST_UTIL_PLATFORM_UTIL_H

#include <type_traits>

#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "op_common/log/log.h"
#include "tiling/platform/platform_ascendc.h"

namespace Ops {
namespace Base {
template <typename T>
constexpr bool KgIsPlatformContext() {
    using U = typename std::remove_const<T>::type;
    return std::is_same<U, gert::TilingParseContext>::value || std::is_same<U, gert::TilingContext>::value;
}

template <typename T>
uint32_t GetAivCoreNum(const T* context) {
    static_assert(KgIsPlatformContext<T>(), "context should be gert::TilingParseContext or gert::TilingContext");
    OP_CHECK_IF(context == nullptr, OP_LOGE("GetAivCoreNum", "context is nullptr"), return 0);
    auto platformInfoPtr = context->GetPlatformInfo();
    OP_CHECK_IF(platformInfoPtr == nullptr, OP_LOGE("GetAivCoreNum", "platformInfoPtr is nullptr"), return 0);
    return platform_ascendc::PlatformAscendC(platformInfoPtr).GetCoreNumAiv();
}

template <typename T>
uint32_t GetAicCoreNum(const T* context) {
    static_assert(KgIsPlatformContext<T>(), "context should be gert::TilingParseContext or gert::TilingContext");
    OP_CHECK_IF(context == nullptr, OP_LOGE("GetAicCoreNum", "context is nullptr"), return 0);
    auto platformInfoPtr = context->GetPlatformInfo();
    OP_CHECK_IF(platformInfoPtr == nullptr, OP_LOGE("GetAicCoreNum", "platformInfoPtr is nullptr"), return 0);
    return platform_ascendc::PlatformAscendC(platformInfoPtr).GetCoreNumAic();
}

template <typename T>
uint32_t GetUbSize(const T* context) {
    static_assert(KgIsPlatformContext<T>(), "context should be gert::TilingParseContext or gert::TilingContext");
    OP_CHECK_IF(context == nullptr, OP_LOGE("GetUbSize", "context is nullptr"), return 0);
    auto platformInfoPtr = context->GetPlatformInfo();
    OP_CHECK_IF(platformInfoPtr == nullptr, OP_LOGE("GetUbSize", "platformInfoPtr is nullptr"), return 0);
    uint64_t ubSize = 0;
    platform_ascendc::PlatformAscendC(platformInfoPtr).GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    return static_cast<uint32_t>(ubSize);
}

template <typename T>
uint32_t GetUbBlockSize([[maybe_unused]] const T* context) {
    return 32U;
}

template <typename T>
uint32_t GetVRegSize([[maybe_unused]] const T* context) {
    return 256U;
}

template <typename T>
uint32_t GetCacheLineSize([[maybe_unused]] const T* context) {
    return 256U;
}

// The Ascend 950 figures opbase's platform_util.h gives (constants there too): SIMT threads and data cache, the
// sector half of a cache line, the NDDMA data cache.
template <typename T>
uint32_t GetSimtMaxThreadNum([[maybe_unused]] const T* context) {
    return 2048U;
}
template <typename T>
uint32_t GetSimtMaxDCacheSize([[maybe_unused]] const T* context) {
    return 128U * 1024U;
}
template <typename T>
uint32_t GetSectorCacheLineSize(const T* context) {
    return GetCacheLineSize(context) / 2U;
}
template <typename T>
uint32_t GetNddmaDcacheSize([[maybe_unused]] const T* context) {
    return 8192U;
}

template <typename T>
uint32_t GetWorkspaceSize(const T* context) {
    static_assert(KgIsPlatformContext<T>(), "context should be gert::TilingParseContext or gert::TilingContext");
    OP_CHECK_IF(context == nullptr, OP_LOGE("GetWorkspaceSize", "context is nullptr"), return 0);
    auto platformInfoPtr = context->GetPlatformInfo();
    OP_CHECK_IF(platformInfoPtr == nullptr, OP_LOGE("GetWorkspaceSize", "platformInfoPtr is nullptr"), return 0);
    return platform_ascendc::PlatformAscendC(platformInfoPtr).GetLibApiWorkSpaceSize();
}
}  // namespace Base
}  // namespace Ops

#endif  // KGEMU_OP_COMMON_OP_HOST_UTIL_PLATFORM_UTIL_H
