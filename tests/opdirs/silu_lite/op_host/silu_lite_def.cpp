// SiluLite: y = x * sigmoid(x). A kernelgen test operator in the ops-nn experimental layout: UINT template key
// chosen with GET_TPL_TILING_KEY, 512-byte-block core split ("big" and "small" cores), count-form DataCopy
// of whole blocks (the last core reads and writes into the allocation padding), Sigmoid with a shared
// temporary buffer, TQueBind and GetTPipePtr.
#include "register/op_def_registry.h"

namespace ops {
class SiluLite : public OpDef {
public:
    explicit SiluLite(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend310p");
    }
};
OP_ADD(SiluLite);
}  // namespace ops
