// EmptyBlock: y = x + 1 on float over 2 blocks, of which only block 0 gets elements; block 1's GlobalTensors are
// set at the tensors' ends with no elements (the corpus's softmax_v2 with fewer rows than blocks). A kernelgen test
// operator for GM diagnoses: `hazard` 1 makes the empty block still copy in its "last tile" at progress 0 - 1,
// an offset that wraps in 32-bit unsigned arithmetic to ~16 GiB past x; the report must name x.
#include "register/op_def_registry.h"

namespace ops {
class EmptyBlock : public OpDef {
public:
    explicit EmptyBlock(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("hazard").AttrType(OPTIONAL).Int(0);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(EmptyBlock);
}  // namespace ops
