// SquareLite: y = x * x. A kernelgen test operator in ops-nn's layout with its aclnn API in `op_api/` beside
// op_host (not op_host/op_api) under another name than the OpDef's: aclnnSqErrLite(self, target, reduction, out)
// is (self - target)^2, summed over every element for reduction 1, and chains CANN's common l0 operators
// (Contiguous, Sub, ReduceSumOp, ViewCopy) around this kernel, as ops-nn's loss APIs (mse_loss, lp_loss) do.
#include "register/op_def_registry.h"

namespace ops {
class SquareLite : public OpDef {
public:
    explicit SquareLite(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(SquareLite);
}  // namespace ops
