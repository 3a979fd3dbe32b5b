// QuebindRelu: y = max(x, 0) on float in place in one bound queue: a TQueBind<VECIN, VECOUT> buffer is loaded
// from GM, handed GM -> VECIN to the vector unit (EnQue/DeQue<GM, VECIN>), computed in place, handed VECOUT ->
// GM to the copy-out (EnQue/DeQue<VECOUT, GM>) and written back, tile by tile over two buffers. A kernelgen test
// operator for the sanitizer's TQueBind user-position edges: `hazard` 1 drops the GM -> VECIN hand-over (the
// Relu then races the copy-in), 0 is the correct kernel.
#include "register/op_def_registry.h"

namespace ops {
class QuebindRelu : public OpDef {
public:
    explicit QuebindRelu(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("hazard").AttrType(OPTIONAL).Int(0);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(QuebindRelu);
}  // namespace ops
