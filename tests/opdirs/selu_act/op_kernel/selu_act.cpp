// SeluAct kernel entry: one instantiation per input dtype (D_T_X from the template tiling key).
#include "selu_act.h"

template <typename D_T_X>
__global__ __aicore__ void selu_act(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(SeluActTilingData);
    GET_TILING_DATA_WITH_STRUCT(SeluActTilingData, tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    NsSeluAct::SeluAct<D_T_X> op;
    op.Init(x, y, &tilingData);
    op.Process();
}
