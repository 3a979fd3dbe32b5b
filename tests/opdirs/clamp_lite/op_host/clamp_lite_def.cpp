// ClampLite: y = min(max(x >> shift, lo), hi) (the shift only for int32), where [lo, hi] come from the optional
// two-element input `bounds` when given, else from the attributes min / max. A kernelgen test operator in the
// ops-nn experimental layout: an optional input, an int attribute, float and int32 dtypes, GM and UB scalar
// access (GetValue / SetValue), Duplicate, Max, Min, ShiftRight, and count-form DataCopy for the aligned part.
#include "register/op_def_registry.h"

namespace ops {
class ClampLite : public OpDef {
public:
    explicit ClampLite(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_INT32}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("bounds").ParamType(OPTIONAL).DataType({ge::DT_FLOAT, ge::DT_INT32}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_INT32}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("min").AttrType(OPTIONAL).Float(-1.0f);
        this->Attr("max").AttrType(OPTIONAL).Float(1.0f);
        this->Attr("shift").AttrType(OPTIONAL).Int(0);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(ClampLite);
}  // namespace ops
