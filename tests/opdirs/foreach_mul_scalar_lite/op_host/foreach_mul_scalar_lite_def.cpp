// ForeachMulScalarLite: y[i] = x[i] * scalar for every tensor of the list x. A kernelgen test operator in the
// ops-nn experimental layout: DYNAMIC input and output (tensor lists), read with ListTensorDesc and with the
// descriptor's raw layout, and a one-element scalar tensor read with GlobalTensor::GetValue.
#include "register/op_def_registry.h"

namespace ops {
class ForeachMulScalarLite : public OpDef {
public:
    explicit ForeachMulScalarLite(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(DYNAMIC).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("scalar").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y").ParamType(DYNAMIC).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(ForeachMulScalarLite);
}  // namespace ops
