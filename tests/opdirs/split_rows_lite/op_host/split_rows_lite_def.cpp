// SplitRowsLite: x [rows, cols] split along dim 0 into num_split equal pieces, the DYNAMIC output y (ops-math's
// SplitV pattern: a tensor-list output with no list input, its length given by the num_split attribute). The
// kernel reads its tiling through a `__tiling_data_ptr__` pointer (GET_TILING_DATA_PTR_WITH_STRUCT).
#include "register/op_def_registry.h"

namespace ops {
class SplitRowsLite : public OpDef {
public:
    explicit SplitRowsLite(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("num_split").AttrType(OPTIONAL).Int(2);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(SplitRowsLite);
}  // namespace ops
