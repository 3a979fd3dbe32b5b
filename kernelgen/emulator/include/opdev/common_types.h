// kernelgen CPU emulator: opdev/common_types.h. aclTensor, aclScalar, aclIntArray & co. with the opdev accessors,
// and op::DataType / op::Format / op::Shape / op::Strides.
#ifndef KGEMU_OPDEV_COMMON_TYPES_H
#define KGEMU_OPDEV_COMMON_TYPES_H

#include "aclnn/aclnn_base.h"
#define KGEMU_ACL_DETAIL_OK
#include "kgemu/detail/acl_objects.h"

// ops-nn op_api sources that say only `using namespace op;` write `const string&` (loss/nll_loss_grad,
// conv/convolution_backward's checkers) and build against CANN's opdev headers: there std::string is
// reachable as op::string.
namespace op {
using std::string;
}  // namespace op

#endif  // KGEMU_OPDEV_COMMON_TYPES_H
