// CastInPlaceLite: y = half(x) for a float tensor (up to 256 elements, one core), converted in place: the half
// result is written over the float source, starting at the same UB address (the quantize pattern). A kernelgen
// test operator: Cast.md allows overlapping operands when converting to a narrower type. The `pattern`
// attribute: 0 the correct form; 1 the half result starts one 32-byte block into the source (a partial overlap
// the emulator must still report).
#include "register/op_def_registry.h"

namespace ops {
class CastInPlaceLite : public OpDef {
public:
    explicit CastInPlaceLite(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
        this->Attr("pattern").AttrType(OPTIONAL).Int(0);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(CastInPlaceLite);
}  // namespace ops
