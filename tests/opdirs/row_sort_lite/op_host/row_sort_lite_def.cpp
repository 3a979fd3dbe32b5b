// RowSortLite: each row of x (64 floats) sorted in descending order, with the positions the values came from.
// A kernelgen test operator in the ops-nn experimental layout, the pattern of the corpus's sort-based selection
// kernels: Sort32 over two runs of 32, a two-list MrgSort, Extract into values and indices; the kernel reaches
// the opbase helper "op_kernel/platform_util.h" and the compiler's scalar min. No infershape (both outputs take
// x's shape).
#include "register/op_def_registry.h"

namespace ops {
class RowSortLite : public OpDef {
public:
    explicit RowSortLite(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("values").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("indices").ParamType(REQUIRED).DataType({ge::DT_INT32}).Format({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(RowSortLite);
}  // namespace ops
