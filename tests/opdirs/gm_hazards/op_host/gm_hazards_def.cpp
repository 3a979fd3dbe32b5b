// GmHazards: y = 2 * x on float, staged through the user workspace over up to 4 cores. A kernelgen test operator
// for the sanitizer's GM checks: the `hazard` attribute plants one defect (0: none, SyncAll between the phases;
// 1: no SyncAll although each core reads its neighbour's slice; 2: no MTE3 -> MTE2 order before a core reads
// its own slice back; 3: that order by SetFlag/WaitFlag, no SyncAll needed: correct).
#include "register/op_def_registry.h"

namespace ops {
class GmHazards : public OpDef {
public:
    explicit GmHazards(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("hazard").AttrType(OPTIONAL).Int(0);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(GmHazards);
}  // namespace ops
