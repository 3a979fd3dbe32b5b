/*!
 * \file add_walkthrough_def.cpp
 * \brief OpDef of AddWalkthrough: z = x + y over an [M, N] view, the kernel of the published Atlas A2 Add
 *        optimisation walk-through (hicann/asc-devkit add_high_performance), used to calibrate the cost model.
 *        Attributes pick the walk-through's configurations: block_num (0 = every vector core), copy_len
 *        (elements per DataCopy), double_buffer, scalar (case 0: a GetValue/SetValue loop), l2_bypass (case 5:
 *        SetL2CacheHint(CACHE_MODE_DISABLE) on x and y) and ub_layout (case 6: 1 = bank-conflict-free placement).
 */
#include "register/op_def_registry.h"

namespace ops {
class AddWalkthrough : public OpDef {
public:
    explicit AddWalkthrough(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ ge::DT_FLOAT16, ge::DT_FLOAT })
            .Format({ ge::FORMAT_ND, ge::FORMAT_ND })
            .UnknownShapeFormat({ ge::FORMAT_ND, ge::FORMAT_ND });
        this->Input("y")
            .ParamType(REQUIRED)
            .DataType({ ge::DT_FLOAT16, ge::DT_FLOAT })
            .Format({ ge::FORMAT_ND, ge::FORMAT_ND })
            .UnknownShapeFormat({ ge::FORMAT_ND, ge::FORMAT_ND });
        this->Output("z")
            .ParamType(REQUIRED)
            .DataType({ ge::DT_FLOAT16, ge::DT_FLOAT })
            .Format({ ge::FORMAT_ND, ge::FORMAT_ND })
            .UnknownShapeFormat({ ge::FORMAT_ND, ge::FORMAT_ND });
        this->Attr("block_num").AttrType(OPTIONAL).Int(0);
        this->Attr("copy_len").AttrType(OPTIONAL).Int(16384);
        this->Attr("double_buffer").AttrType(OPTIONAL).Bool(false);
        this->Attr("scalar").AttrType(OPTIONAL).Bool(false);
        this->Attr("l2_bypass").AttrType(OPTIONAL).Bool(false);
        this->Attr("ub_layout").AttrType(OPTIONAL).Int(0);

        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(AddWalkthrough);
}  // namespace ops
