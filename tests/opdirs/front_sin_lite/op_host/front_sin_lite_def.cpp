// FrontSinLite: y = sin(x) over the first prod(size) elements of x, y shaped by the values of `size` (a
// value-dependent int32 input). A kernelgen test operator in the layout of CANN's ops-math repository: its host
// sources include the CANN opbase headers ops-math uses (op_host/tiling_base_util.h with Ops::Base::EnsureNotScalar
// and IsRegbaseSocVersion, util/const_util.h's GetValueToShape, a registered InferShapeRange with
// exe_graph/runtime/infer_shape_range_context.h, op_common/op_host/util/opbase_export.h), its kernel the
// asc-devkit header paths basic_api/ and adv_api/math/.
#include "register/op_def_registry.h"

namespace ops {
class FrontSinLite : public OpDef {
public:
    explicit FrontSinLite(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("size").ParamType(REQUIRED).DataType({ge::DT_INT32}).Format({ge::FORMAT_ND}).ValueDepend(REQUIRED);
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend950");
    }
};
OP_ADD(FrontSinLite);
}  // namespace ops
