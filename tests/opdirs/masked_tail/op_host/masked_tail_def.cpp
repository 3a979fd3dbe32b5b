// MaskedTail: y = x >= 0 ? x : 0.5 * x on float, one tile per core, through Compares + Select. A kernelgen test
// operator for the emulator's Compare semantics and the sanitizer's handling of bit masks: each core's element
// count ends mid 32-byte block and mid mask byte. `aligned` = 1 (the correct pattern on every SOC) compares a
// count rounded up to 256 bytes, past the loaded elements, and selects only the loaded ones; `aligned` = 0
// compares the exact count, which the Atlas A2/A3 do not compute (whole 256-byte repeats only: the mask stays
// unwritten) and the 950 does.
#include "register/op_def_registry.h"

namespace ops {
class MaskedTail : public OpDef {
public:
    explicit MaskedTail(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("aligned").AttrType(OPTIONAL).Int(1);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend950");
    }
};
OP_ADD(MaskedTail);
}  // namespace ops
