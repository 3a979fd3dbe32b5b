// ScaledAbs: y = scale * |x| (+ 1 in the 950 kernel). A kernelgen test operator for the ops-nn layout variants:
// the folder (scaled_abs_v2) is not the OpType's snake name (scaled_abs), the tiling lives only in per-architecture
// folders (op_host/arch22 for 910B, op_host/arch35 for 950, paired in CMakeLists.txt), and the 950 kernel is
// op_kernel/scaled_abs_apt.cpp, chosen by the SOC's opFile.value.
#include "register/op_def_registry.h"

namespace ops {
class ScaledAbs : public OpDef {
public:
    explicit ScaledAbs(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT})
            .Format({ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT})
            .Format({ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND});
        OpAICoreConfig config910b;
        config910b.DynamicCompileStaticFlag(true).ExtendCfgInfo("opFile.value", "scaled_abs");
        this->AICore().AddConfig("ascend910b", config910b);
        OpAICoreConfig config950;
        config950.DynamicCompileStaticFlag(true).ExtendCfgInfo("opFile.value", "scaled_abs_apt");
        this->AICore().AddConfig("ascend950", config950);
    }
};
OP_ADD(ScaledAbs);
}  // namespace ops
