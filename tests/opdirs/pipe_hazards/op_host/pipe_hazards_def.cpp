// PipeHazards: y = 2 * x on float, in 512-byte tiles over up to 8 cores, with a double-buffered TBuf pair
// synchronised by hand (MTE2 -> V, V -> MTE3, and MTE3 -> MTE2 before a half is loaded again). A kernelgen
// test operator for the emulator's sanitizer: the `hazard` attribute plants one defect (0: none, the correct
// control; 1: no MTE2 -> V flag; 2: the last core skips its last tile; 3: core 1 starts one tile early, over
// core 0's; 4: the last tile copies out whole 512 bytes past the tensor's end; 5: no MTE3 -> MTE2 flag).
#include "register/op_def_registry.h"

namespace ops {
class PipeHazards : public OpDef {
public:
    explicit PipeHazards(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("hazard").AttrType(OPTIONAL).Int(0);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(PipeHazards);
}  // namespace ops
