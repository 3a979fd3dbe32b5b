// HuberElem: l = 0.5 * e^2 where |e| <= delta, else delta * (|e| - 0.5 * delta); e = input - target; loss is
// l (reduction "none"), its sum ("sum") or its mean ("mean"). A kernelgen test operator in the ops-nn
// experimental layout: DATATYPE + BOOL template key, the vector APIs in mask/repeat form (continuous and bit
// masks) or in counter mode (SetMaskCount, SetVectorMask, isSetMask = false), Axpy and MulAddDst; the
// reductions sum per core with ReduceSum, meet in the workspace and SyncAll, and core 0 adds the partials.
#include "register/op_def_registry.h"

namespace ops {
class HuberElem : public OpDef {
public:
    explicit HuberElem(const char* name) : OpDef(name)
    {
        this->Input("input").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("target").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("loss").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("delta").AttrType(OPTIONAL).Float(1.0);
        this->Attr("use_counter").AttrType(OPTIONAL).Bool(false);
        this->Attr("reduction").AttrType(OPTIONAL).String("none");
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(HuberElem);
}  // namespace ops
