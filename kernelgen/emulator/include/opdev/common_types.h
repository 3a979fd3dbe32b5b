// kernelgen CPU emulator: opdev/common_types.h. aclTensor, aclScalar, aclIntArray & co. with the opdev accessors,
// and op::DataType / op::Format / op::Shape / op::Strides.
#ifndef KGEMU_OPDEV_COMMON_TYPES_H
#define KGEMU_OPDEV_COMMON_TYPES_H

#include "aclnn/aclnn_base.h"
#define KGEMU_ACL_DETAIL_OK
#include "kgemu/detail/acl_objects.h"

#endif  // KGEMU_OPDEV_COMMON_TYPES_H
