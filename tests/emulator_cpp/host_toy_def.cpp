// OpDefs of the host-side emulator test operators (like op_host/<op>_def.cpp).
#include "register/op_def_registry.h"

namespace ops {
class KgToyScale : public OpDef {
public:
    explicit KgToyScale(const char* name) : OpDef(name) {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .AutoContiguous();
        this->Input("bias").ParamType(OPTIONAL).Follow("x").ValueDepend(OPTIONAL);
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("alpha").AttrType(REQUIRED).Float();
        this->Attr("mode").AttrType(OPTIONAL).String("fast");
        this->Attr("per_block").AttrType(OPTIONAL).Int(4);
        this->Attr("fail_block").AttrType(OPTIONAL).Int(-1);
        this->Attr("reject").AttrType(OPTIONAL).Bool(false);
        this->Attr("ws").AttrType(OPTIONAL).ListInt({});
        this->Attr("weights").AttrType(OPTIONAL).ListFloat({0.5f, 1.5f});
        this->Attr("sch_override").AttrType(OPTIONAL).Int(-1);

        OpAICoreConfig cfg310p;
        cfg310p.DynamicCompileStaticFlag(true).DynamicFormatFlag(false).ExtendCfgInfo("opFile.value", "kg_toy_scale");
        cfg310p.Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        cfg310p.Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend310p", cfg310p);
    }
};
OP_ADD(KgToyScale);

class KgToyLegacy : public OpDef {
public:
    explicit KgToyLegacy(const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_INT32}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_INT32}).Format({ge::FORMAT_ND}).InitValue(7);
        this->Attr("blocks").AttrType(OPTIONAL).Int(1);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(KgToyLegacy);
}  // namespace ops
