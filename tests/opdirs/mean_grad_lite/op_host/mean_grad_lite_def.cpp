// MeanGradLite: dx = dy / (orig_shape[0] * orig_shape[1] * ...), the gradient of a mean over a window whose
// extent orig_shape gives. A kernelgen test operator in the ops-nn experimental layout with ACLNNTYPE aclnn:
// orig_shape is a ValueDepend input (its tiling reads the values), which the API CANN's build generates takes as
// `const aclIntArray *`; the kernel entry is a function template on dy's dtype (D_T_X, template tiling key), and
// each SOC has its own tiling folder (CMakeLists.txt).
#include "register/op_def_registry.h"

namespace ops {
class MeanGradLite : public OpDef {
public:
    explicit MeanGradLite(const char* name) : OpDef(name)
    {
        this->Input("orig_shape")
            .ParamType(REQUIRED)
            .ValueDepend(REQUIRED)
            .DataType({ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("dy").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("dx").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend950");
    }
};
OP_ADD(MeanGradLite);
}  // namespace ops
