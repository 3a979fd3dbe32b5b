// ScatterRows: var[indices[i], :] = updates[i, :]; the other rows of var are left as they are. A kernelgen test
// operator for an in-place ("ref") output: the output is named like the input it updates, as CANN's ref outputs
// are, and the kernel writes only the rows it updates (like ops-nn's scatterupdate_v2).
#include "register/op_def_registry.h"

namespace ops {
class ScatterRows : public OpDef {
public:
    explicit ScatterRows(const char* name) : OpDef(name)
    {
        this->Input("var").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("indices").ParamType(REQUIRED).DataType({ge::DT_INT32}).Format({ge::FORMAT_ND});
        this->Input("updates").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("var").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(ScatterRows);
}  // namespace ops
