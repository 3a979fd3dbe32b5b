// l0 SquareLite: allocates y from the executor and adds the AI Core launch.
#include "square_lite.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/op_log.h"

namespace l0op {
OP_TYPE_REGISTER(SquareLite);

const aclTensor* SquareLite(const aclTensor* x, aclOpExecutor* executor)
{
    L0_DFX(SquareLite, x);
    const aclTensor* y = executor->AllocTensor(x->GetViewShape(), x->GetDataType());
    if (y == nullptr) {
        return nullptr;
    }
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(SquareLite, OP_INPUT(x), OP_OUTPUT(y));
    OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "SquareLite launch failed."), return nullptr);
    return y;
}
}  // namespace l0op
