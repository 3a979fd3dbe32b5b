// SquareSumLite: z = sum(x * x) / 2 over a float tensor, one core, z has one element. A kernelgen test operator
// for the sanitizer's model of BiSheng's automatic scalar synchronisation: per tile, ReduceSum into a TBuf and
// GetValue (V -> S), accumulated on the scalar unit; at the end Duplicate clears a 32-byte block, SetValue puts
// the sum in element 0 and DataCopyPad copies 4 bytes out (V -> S -> MTE3: the compiler's syncs order them).
// The `pattern` attribute: 0 the correct form; 1 the sum is written into another TBuf, so nothing orders the
// Duplicate before the copy-out of its block (a race the sanitizer must still report).
#include "register/op_def_registry.h"

namespace ops {
class SquareSumLite : public OpDef {
public:
    explicit SquareSumLite(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("pattern").AttrType(OPTIONAL).Int(0);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(SquareSumLite);
}  // namespace ops
