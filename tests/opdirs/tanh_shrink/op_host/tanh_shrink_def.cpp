// TanhShrink: y = x - tanh(x). A kernelgen test operator in the ops-nn experimental layout: legacy
// BEGIN_TILING_DATA_DEF tiling class (GET_TILING_DATA on the kernel side), literal tiling keys with
// TILING_KEY_IS in an extern "C" entry, TBuf-only buffers synchronised with SetFlag/WaitFlag, DataCopyPad
// with DataCopyParams/DataCopyPadParams, Tanh with a shared temporary buffer. No infershape is registered.
#include "register/op_def_registry.h"

namespace ops {
class TanhShrink : public OpDef {
public:
    explicit TanhShrink(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend310b");
    }
};
OP_ADD(TanhShrink);
}  // namespace ops
