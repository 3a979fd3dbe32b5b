// PolyLite: y = sum_k coeffs[k] * x^k (Horner), coeffs a list_float attribute of 1 to 8 values. A kernelgen test
// operator in the ops-nn experimental layout with ACLNNTYPE aclnn: it ships no op_api sources, so its example
// (examples/test_aclnn_poly_lite.cpp) calls the API CANN's build generates from this OpDef, with the list
// attribute as `const aclFloatArray *`.
#include "register/op_def_registry.h"

namespace ops {
class PolyLite : public OpDef {
public:
    explicit PolyLite(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("coeffs").AttrType(REQUIRED).ListFloat();
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(PolyLite);
}  // namespace ops
