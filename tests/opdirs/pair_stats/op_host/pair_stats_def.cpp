// PairStats: sum = a + b, diff = a - b. A kernelgen test operator whose infershape sets only output 0 (as
// log_softmax_v2 and foreach_div_scalar do in ops-nn): output 1 must be sized the way CANN's aclnn layer sizes an
// output the infershape leaves alone, not as a scalar.
#include "register/op_def_registry.h"

namespace ops {
class PairStats : public OpDef {
public:
    explicit PairStats(const char* name) : OpDef(name)
    {
        this->Input("a").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("b").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("sum").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("diff").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(PairStats);
}  // namespace ops
