// kernelgen CPU emulator: acl/acl_rt.h. Devices, streams and device memory.
//
// The emulated device is host memory with tracked bounds: aclrtMalloc records every buffer (start aligned to
// 64 bytes, `size` usable bytes), aclrtMemcpy checks that device-side pointers lie inside one live buffer and
// that host-side pointers do not, and aclrtFree rejects pointers it did not hand out. A kernel launched on a
// stream runs synchronously; a kernel fault is reported by aclrtSynchronizeStream (ACL_ERROR_RT_AICORE_EXCEPTION).
#ifndef KGEMU_ACL_ACL_RT_H
#define KGEMU_ACL_ACL_RT_H

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum aclrtMemcpyKind {
    ACL_MEMCPY_HOST_TO_HOST,
    ACL_MEMCPY_HOST_TO_DEVICE,
    ACL_MEMCPY_DEVICE_TO_HOST,
    ACL_MEMCPY_DEVICE_TO_DEVICE,
} aclrtMemcpyKind;

typedef enum aclrtMemMallocPolicy {
    ACL_MEM_MALLOC_HUGE_FIRST,
    ACL_MEM_MALLOC_HUGE_ONLY,
    ACL_MEM_MALLOC_NORMAL_ONLY,
    ACL_MEM_MALLOC_HUGE_FIRST_P2P,
    ACL_MEM_MALLOC_HUGE_ONLY_P2P,
    ACL_MEM_MALLOC_NORMAL_ONLY_P2P,
} aclrtMemMallocPolicy;

typedef enum aclrtRunMode {
    ACL_DEVICE,
    ACL_HOST,
} aclrtRunMode;

ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId);
ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId);
ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t* deviceId);
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t* count);
ACL_FUNC_VISIBILITY aclError aclrtGetRunMode(aclrtRunMode* runMode);
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void);
// The emulated SOC's short version, e.g. "Ascend910B" (CANN reports the chip, e.g. "Ascend910B1").
ACL_FUNC_VISIBILITY const char* aclrtGetSocName(void);
// Contexts: the emulator has one device and one implicit context; these hand out and check handles to it.
ACL_FUNC_VISIBILITY aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId);
ACL_FUNC_VISIBILITY aclError aclrtDestroyContext(aclrtContext context);
ACL_FUNC_VISIBILITY aclError aclrtSetCurrentContext(aclrtContext context);
ACL_FUNC_VISIBILITY aclError aclrtGetCurrentContext(aclrtContext* context);

ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream* stream);
ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream);

ACL_FUNC_VISIBILITY aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy);
ACL_FUNC_VISIBILITY aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy);
ACL_FUNC_VISIBILITY aclError aclrtFree(void* devPtr);
ACL_FUNC_VISIBILITY aclError aclrtMallocHost(void** hostPtr, size_t size);
ACL_FUNC_VISIBILITY aclError aclrtFreeHost(void* hostPtr);
ACL_FUNC_VISIBILITY aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count);
ACL_FUNC_VISIBILITY aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count,
                                         aclrtMemcpyKind kind);
ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count,
                                              aclrtMemcpyKind kind, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtGetMemInfo(int32_t attr, size_t* free, size_t* total);

// The version number of an installed CANN package ("asc-devkit", "ge-compiler"): kernelgen is no CANN
// installation, so no package is found and host code takes its path for releases without the feature it asks
// about (quant_batch_matmul_v3's IsTensorapiCapable: the tiling for the high-level Matmul API).
static inline aclError aclsysGetVersionNum(const char* pkgName, int32_t* versionNum) {
    (void)pkgName;
    if (versionNum) *versionNum = 0;
    return ACL_ERROR_FAILURE;
}

#ifdef __cplusplus
}
#endif

#endif  // KGEMU_ACL_ACL_RT_H
