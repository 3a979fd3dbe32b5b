// SyncFail: y = x, copied by 4 blocks that meet in SyncAll; block 1 reads far past the end of x before the barrier
// (like softmax_v2 with fewer rows than blocks). A kernelgen test operator: the report must name block 1 and its
// own error, not the blocks left waiting in SyncAll.
#include "register/op_def_registry.h"

namespace ops {
class SyncFail : public OpDef {
public:
    explicit SyncFail(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(SyncFail);
}  // namespace ops
