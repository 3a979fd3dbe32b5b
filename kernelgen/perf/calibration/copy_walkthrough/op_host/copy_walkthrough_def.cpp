/*!
 * \file copy_walkthrough_def.cpp
 * \brief OpDef of CopyWalkthrough: the GM -> UB transfer of the published Atlas A2 DataCopy best-practice sample
 *        (hicann/asc-devkit examples/.../04_memory_access/data_copy, GM to UB): every core reads its rows of an
 *        [M, N] tensor into UB in [tile_m, tile_n] DataCopyPad blocks and computes nothing. Written for kernelgen
 *        from the published description; a validation case of the cost model, never fitted. y (16 elements)
 *        receives block 0's first 16 elements, so the run has an output.
 */
#include "register/op_def_registry.h"

namespace ops {
class CopyWalkthrough : public OpDef {
public:
    explicit CopyWalkthrough(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ ge::DT_FLOAT16 })
            .Format({ ge::FORMAT_ND })
            .UnknownShapeFormat({ ge::FORMAT_ND });
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ ge::DT_FLOAT16 })
            .Format({ ge::FORMAT_ND })
            .UnknownShapeFormat({ ge::FORMAT_ND });
        this->Attr("tile_m").AttrType(OPTIONAL).Int(64);
        this->Attr("tile_n").AttrType(OPTIONAL).Int(1024);

        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(CopyWalkthrough);
}  // namespace ops
