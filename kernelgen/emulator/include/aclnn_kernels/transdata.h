// kernelgen CPU emulator: aclnn_kernels/transdata.h. The emulator keeps every tensor in a plain (ND-family)
// layout: TransData to ND, NCHW, NHWC, NCL, NCDHW or NDHWC relabels the format; to a private format
// (NC1HWC0, FRACTAL_Z, FRACTAL_NZ, ...) it fails with an error naming the format (not emulated).
#ifndef KGEMU_ACLNN_KERNELS_TRANSDATA_H
#define KGEMU_ACLNN_KERNELS_TRANSDATA_H

#include "opdev/op_executor.h"

namespace l0op {
// x under another format label, same elements. With an executor: a new contiguous tensor; without one (as
// CANN allows): x itself, relabelled in place.
const aclTensor* ReFormat(const aclTensor* x, const op::Format& format, aclOpExecutor* executor = nullptr);
const aclTensor* TransData(const aclTensor* x, op::Format dstPrimaryFormat, int64_t groups, aclOpExecutor* executor);
const aclTensor* TransDataSpecial(const aclTensor* x, op::Format dstPrimaryFormat, int64_t groups,
                                  aclOpExecutor* executor);
}  // namespace l0op

#endif  // KGEMU_ACLNN_KERNELS_TRANSDATA_H
