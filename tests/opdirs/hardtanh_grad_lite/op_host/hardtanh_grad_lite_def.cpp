// HardtanhGradLite: dx = grad where min_val < self < max_val, else 0. A kernelgen test operator in the ops-nn
// experimental layout: plain (non-template) entry without a tiling key, the element type from DTYPE_SELF and
// `#if ORIG_DTYPE_SELF == DT_FLOAT16`, CompareScalar / Compares with And, Or and Not on the bit masks, and
// Select in count and mask/repeat forms with a scalar.
#include "register/op_def_registry.h"

namespace ops {
class HardtanhGradLite : public OpDef {
public:
    explicit HardtanhGradLite(const char* name) : OpDef(name)
    {
        this->Input("grad").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("self").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("dx").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("min_val").AttrType(OPTIONAL).Float(-1.0f);
        this->Attr("max_val").AttrType(OPTIONAL).Float(1.0f);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(HardtanhGradLite);
}  // namespace ops
