// kernelgen CPU emulator: opdev/format_utils.h.
#ifndef KGEMU_OPDEV_FORMAT_UTILS_H
#define KGEMU_OPDEV_FORMAT_UTILS_H

#include "opdev/common_types.h"

namespace op {
// Both opdev overloads (CANN's format_utils): the int32_t one is ge's; a Format gives back a Format, so
// `l0op::TransData(x, GetPrimaryFormat(t->GetOriginalFormat()), ...)` passes an op::Format.
using ge::GetPrimaryFormat;
inline Format GetPrimaryFormat(Format format)
{
    return static_cast<Format>(ge::GetPrimaryFormat(static_cast<int32_t>(format)));
}
// Private (hardware) formats: every format except the ND-like ones (ND, NCHW, NHWC, HWCN, NDHWC, NCDHW, NC, NCL).
bool IsPrivateFormat(Format format);
}  // namespace op

#endif  // KGEMU_OPDEV_FORMAT_UTILS_H
