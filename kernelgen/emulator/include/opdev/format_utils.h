// kernelgen CPU emulator: opdev/format_utils.h.
#ifndef KGEMU_OPDEV_FORMAT_UTILS_H
#define KGEMU_OPDEV_FORMAT_UTILS_H

#include "opdev/common_types.h"

namespace op {
// Private (hardware) formats: every format except the ND-like ones (ND, NCHW, NHWC, HWCN, NDHWC, NCDHW, NC, NCL).
bool IsPrivateFormat(Format format);
}  // namespace op

#endif  // KGEMU_OPDEV_FORMAT_UTILS_H
