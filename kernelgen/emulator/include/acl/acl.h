// kernelgen CPU emulator: acl/acl.h, the ACL host API an aclnn program includes.
#ifndef KGEMU_ACL_ACL_H
#define KGEMU_ACL_ACL_H

#include "acl/acl_base.h"
#include "acl/acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

// configPath may be null. A second aclInit without aclFinalize returns ACL_ERROR_REPEAT_INITIALIZE.
ACL_FUNC_VISIBILITY aclError aclInit(const char* configPath);
// Warns (stderr) about device buffers, streams and aclTensors still alive; a second call returns
// ACL_ERROR_REPEAT_FINALIZE.
ACL_FUNC_VISIBILITY aclError aclFinalize(void);

#ifdef __cplusplus
}
#endif

#endif  // KGEMU_ACL_ACL_H
