// MmReluLite: y = relu(a @ op(b) + bias), a [M, K], b [K, N] (trans_b: [N, K]), bias [N]. A kernelgen test
// operator in the pattern of ops-nn's fused matmul operators: a MIX kernel whose AIC runs the Matmul high-level
// API into a workspace, SyncAll<false>, then both AIVs of each AIC apply the activation. Attributes: trans_b,
// iterate (1: Iterate/GetTensorC over 16x16 base blocks instead of IterateAll), hazard (1: SetOrgShape gives A
// rows 8 elements longer than they are, so the last rows read past the end of a).
#include "register/op_def_registry.h"

namespace ops {
class MmReluLite : public OpDef {
public:
    explicit MmReluLite(const char* name) : OpDef(name)
    {
        this->Input("a").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("b").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("bias").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("trans_b").AttrType(OPTIONAL).Bool(false);
        this->Attr("iterate").AttrType(OPTIONAL).Int(0);
        this->Attr("hazard").AttrType(OPTIONAL).Int(0);
        this->Attr("flags").AttrType(OPTIONAL).Int(0);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(MmReluLite);
}  // namespace ops
