// l0 SquareLite: the operator's own AI Core kernel as op_api code calls it.
#ifndef SQ_ERR_LITE_OP_API_SQUARE_LITE_H
#define SQ_ERR_LITE_OP_API_SQUARE_LITE_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* SquareLite(const aclTensor* x, aclOpExecutor* executor);
}  // namespace l0op
#endif
