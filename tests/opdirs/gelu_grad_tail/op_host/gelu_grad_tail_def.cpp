// GeluGradTail: z = dy * GELU'(x) (tanh form), with GeluGrad's interface (dy, x, y -> z; y is not read). A
// kernelgen test operator for `kernelgen versus`: computed correctly (x clamped to [-10, 10] before exp), but with
// a planted defect: each core moves its elements with count-form DataCopy rounded up to whole 32-byte blocks, so a
// core whose count is not a multiple of 8 floats reads past dy's and x's ends and writes past z's end into the
// allocation padding (the survey's "padding write").
#include "register/op_def_registry.h"

namespace ops {
class GeluGradTail : public OpDef {
public:
    explicit GeluGradTail(const char* name) : OpDef(name)
    {
        this->Input("dy").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(GeluGradTail);
}  // namespace ops
