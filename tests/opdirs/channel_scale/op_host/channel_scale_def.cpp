// ChannelScale: y = max(x * scale[c], 0) for x in NCHW (c = the channel of each element). A kernelgen test operator
// for four patterns the ops-nn corpus showed: a BEGIN_TILING_DATA_DEF class declared only in the per-architecture
// tiling folder (op_host/arch22/) that the kernel reads through GET_TILING_DATA and get_<field>() accessors; a
// division by a tiling field that is 0 when x is not 4-D (H * W), which traps (SIGFPE) in the kernel's scalar
// code; a comparison mask kept in a float tensor (CompareScalar / Select); and a buffer that the vector pipe
// rewrites after an MTE3 copy-out, ordered only through SetFlag/WaitFlag<MTE3_S> (`hazard` 1 leaves it out);
// `hazard` 2 misuses GetTilingData<T> with the legacy class on the host.
#include "register/op_def_registry.h"

namespace ops {
class ChannelScale : public OpDef {
public:
    explicit ChannelScale(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("scale").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("hazard").AttrType(OPTIONAL).Int(0);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(ChannelScale);
}  // namespace ops
