// kernelgen CPU emulator (private): the emulated device shared by the runtime/kg_acl*.cpp files: device buffer
// lookup, streams and their sticky kernel errors, and the SOC the program was built for.
#include "kgemu/detail/acl_guard.h"
#ifndef KGEMU_DETAIL_ACL_DEVICE_H
#define KGEMU_DETAIL_ACL_DEVICE_H

#include <cstdint>
#include <string>

#include "acl/acl_rt.h"
#include "kgemu/abi.h"

namespace kgemu {
namespace acl {
struct DeviceBuffer {
    const uint8_t* base = nullptr;
    uint64_t size = 0;      // bytes the caller asked aclrtMalloc for
    uint64_t serial = 0;    // 1 for the first aclrtMalloc, 2 for the second, ...
};

// The live device buffer that holds [p, p + bytes) entirely. On failure *why says what is wrong (no buffer at
// p, or the range runs past the end of the buffer that contains p).
bool FindDeviceBuffer(const void* p, uint64_t bytes, DeviceBuffer* out, std::string* why);
// True when p lies inside some live device buffer.
bool IsDevicePointer(const void* p);
// True for null (the default stream) and for streams aclrtCreateStream returned and that are not destroyed.
bool IsLiveStream(aclrtStream stream);
// Records a kernel failure on stream; aclrtSynchronizeStream reports it (once) with code.
void SetStreamError(aclrtStream stream, aclError code, const std::string& message);
// A device has been set with aclrtSetDevice.
bool DeviceIsSet();
// Counts of live aclTensors (aclCreateTensor minus aclDestroyTensor), for aclFinalize's leak report.
void CountTensor(int delta);
}  // namespace acl
}  // namespace kgemu

extern "C" {
// Defined by the program's generated SOC unit (kernelgen run-example): the SOC the kernels were built for.
const KgSoc* kgemu_acl_soc(void);
// Defined by each generated kernel unit: registers the kernel entry built for one dtype combination
// (dtypes: inputs then outputs, as ge::DataType numbers).
int32_t kgemu_acl_register_kernel(const char* op_type, const int32_t* dtypes, int32_t n_dtypes,
                                  void (*entry)(uint8_t**, int32_t, uint64_t));
}

#endif  // KGEMU_DETAIL_ACL_DEVICE_H
