// RowMaxSub: y = x - max(x, axis=-1, keepdims). A kernelgen test operator in the ops-nn experimental layout:
// rows of 8..64 floats reduced with WholeReduceMax (one repeat per row), the row maxima spread to one 32-byte
// block each with Brcb, and a mask/repeat Sub whose second operand re-reads that block (block stride 0).
// The tiling rejects bad shapes and dtypes with the OP_LOGE_FOR_INVALID_* report macros. No infershape.
#include "register/op_def_registry.h"

namespace ops {
class RowMaxSub : public OpDef {
public:
    explicit RowMaxSub(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(RowMaxSub);
}  // namespace ops
