// kernelgen CPU emulator (private): the library's registrations as JSON (kg_opdef_json):
// every OP_ADD definition, every IMPL_OP registration, every ASCENDC_TPL declaration and every
// REGISTER_TILING_DATA_CLASS. Schema documented in runtime/kg_harness.cpp.
#include "kgemu/detail/host_guard.h"
#ifndef KGEMU_DETAIL_HOST_OPDEF_JSON_H
#define KGEMU_DETAIL_HOST_OPDEF_JSON_H

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "kgemu/detail/host_dtype.h"
#include "kgemu/detail/host_impl_registry.h"
#include "kgemu/detail/host_json.h"
#include "kgemu/detail/host_request.h"
#include "kgemu/detail/host_tpl.h"
#include "register/op_def_factory.h"
#include "register/tilingdata_base.h"

namespace kgemu {
namespace detail {

inline const char* OptionName(ops::Option o) {
    switch (o) {
        case ops::IGNORE: return "ignore";
        case ops::OPTIONAL: return "optional";
        case ops::REQUIRED: return "required";
        case ops::DYNAMIC: return "dynamic";
        case ops::VIRTUAL: return "virtual";
    }
    return "?";
}

inline void WriteAttrValue(JsonWriter& w, const AttrValue& v) {
    switch (v.kind) {
        case AttrKind::kFloat: w.Double(v.f); break;
        case AttrKind::kInt: w.Int(v.i); break;
        case AttrKind::kBool: w.Bool(v.i != 0); break;
        case AttrKind::kStr: w.String(v.s); break;
        case AttrKind::kListFloat:
            w.BeginArray();
            for (double x : v.list_f) w.Double(x);
            w.EndArray();
            break;
        case AttrKind::kListInt:
            w.BeginArray();
            for (int64_t x : v.list_i) w.Int(x);
            w.EndArray();
            break;
        case AttrKind::kListBool:
            w.BeginArray();
            for (int64_t x : v.list_i) w.Bool(x != 0);
            w.EndArray();
            break;
        case AttrKind::kListListInt:
            w.BeginArray();
            for (const auto& l : v.list_list_i) {
                w.BeginArray();
                for (int64_t x : l) w.Int(x);
                w.EndArray();
            }
            w.EndArray();
            break;
        default: w.Null(); break;
    }
}

inline void WriteParam(JsonWriter& w, const ops::KgParamData& p) {
    static const char* kFollow[] = {"all", "dtype", "format", "shape"};
    w.BeginObject();
    w.Key("name").String(p.name);
    w.Key("param_type").String(OptionName(p.param_type));
    w.Key("dtypes").BeginArray();
    for (auto d : p.dtypes) w.String(DataTypeString(d));
    w.EndArray();
    w.Key("dtype_ids").BeginArray();
    for (auto d : p.dtypes) w.Int(d);
    w.EndArray();
    w.Key("dtype_is_list").Bool(p.dtype_is_list);
    w.Key("formats").BeginArray();
    for (auto f : p.formats) w.String(FormatString(f));
    w.EndArray();
    w.Key("format_is_list").Bool(p.format_is_list);
    w.Key("unknown_shape_formats").BeginArray();
    for (auto f : p.unknown_shape_formats) w.String(FormatString(f));
    w.EndArray();
    w.Key("value_depend");
    if (p.value_depend) w.String(std::string(OptionName(p.value_depend_option)) + (p.depend_scope == ops::DependScope::TILING ? ":tiling" : ""));
    else w.Null();
    w.Key("follow");
    if (p.follow.empty()) w.Null();
    else w.String(p.follow + ":" + kFollow[static_cast<int>(p.follow_type) & 3]);
    w.Key("auto_contiguous").Bool(p.auto_contiguous);
    w.Key("ignore_contiguous").Bool(p.ignore_contiguous);
    w.Key("scalar").Bool(p.scalar || p.scalar_list);
    w.Key("init_value");
    if (p.init_values.empty()) {
        w.Null();
    } else {
        w.BeginArray();
        for (const auto& iv : p.init_values) w.Double(iv.value);
        w.EndArray();
    }
    w.Key("output_shape_depend_on_compute").Bool(p.output_shape_depend_on_compute);
    w.EndObject();
}

inline void WriteParams(JsonWriter& w, const std::vector<ops::KgParamData>& params) {
    w.BeginArray();
    for (const auto& p : params) WriteParam(w, p);
    w.EndArray();
}

inline void WriteOpDef(JsonWriter& w, const ops::OpDef& def) {
    w.BeginObject();
    // dtype/format lists are as the framework sees them: Follow resolved; per-SOC lists merged.
    const EffectiveOp base = ResolveOp(def, "");
    w.Key("op_type").String(def.KgType());
    w.Key("inputs");
    WriteParams(w, base.inputs);
    w.Key("outputs");
    WriteParams(w, base.outputs);
    w.Key("attrs").BeginArray();
    for (const auto& ad : def.KgAttrs()) {
        const ops::KgAttrData& a = ad.KgData();
        w.BeginObject();
        w.Key("name").String(a.name);
        w.Key("type").String(AttrKindName(a.default_value.kind));
        w.Key("required").Bool(a.required);
        w.Key("default");
        if (a.has_default) WriteAttrValue(w, a.default_value);
        else w.Null();
        w.EndObject();
    }
    w.EndArray();
    w.Key("aicore").BeginArray();
    for (const auto& c : def.KgAICore().KgConfigs()) {
        w.BeginObject();
        w.Key("soc").String(c.first);
        w.Key("flags").BeginObject();
        for (const auto& f : c.second.KgFlags()) w.Key(f.first).Bool(f.second);
        w.EndObject();
        w.Key("extend_cfg_info").BeginObject();
        for (const auto& kv : c.second.KgCfgInfo()) w.Key(kv.first).String(kv.second);
        w.EndObject();
        const bool overrides = !c.second.KgInputs().empty() || !c.second.KgOutputs().empty();
        const EffectiveOp per = overrides ? ResolveOp(def, c.first) : EffectiveOp{};
        w.Key("inputs");
        if (!overrides) w.Null();
        else WriteParams(w, per.inputs);
        w.Key("outputs");
        if (!overrides) w.Null();
        else WriteParams(w, per.outputs);
        w.EndObject();
    }
    w.EndArray();
    w.Key("format_match_mode").String(def.KgFormatMatchMode() == ops::FormatCheckOption::STRICT ? "strict" : "default");
    w.Key("enable_fallback").Bool(def.KgFallBack());
    w.Key("opdef_infer_shape").Bool(def.KgInferShape() != nullptr);
    w.Key("opdef_tiling").Bool(def.KgAICore().KgTiling() != nullptr);
    w.EndObject();
}

inline void WriteImpl(JsonWriter& w, const ImplData& d) {
    w.BeginObject();
    w.Key("tiling").Bool(d.tiling != nullptr);
    w.Key("max_tiling_data_size").Uint(d.max_tiling_data_size);
    w.Key("tiling_parse").Bool(d.tiling_parse != nullptr);
    w.Key("infer_shape").Bool(d.infer_shape != nullptr);
    w.Key("infer_datatype").Bool(d.infer_datatype != nullptr);
    w.Key("infer_datatype_same_as_first_input").Bool(d.infer_dtype_same_as_first_input);
    w.Key("private_attrs").BeginArray();
    for (const auto& pa : d.private_attrs) {
        w.BeginObject();
        w.Key("name").String(pa.first);
        w.Key("type").String(AttrKindName(pa.second.kind));
        w.Key("default");
        WriteAttrValue(w, pa.second);
        w.EndObject();
    }
    w.EndArray();
    w.Key("data_dependency").BeginArray();
    for (int32_t i : d.data_dependency) w.Int(i);
    for (int32_t i : d.tiling_data_dependency) w.Int(i);
    w.EndArray();
    w.Key("recorded_only").BeginArray();
    for (const auto& s : d.recorded_only) w.String(s);
    w.EndArray();
    w.EndObject();
}

inline void WriteTplParams(JsonWriter& w, const TilingDeclareParams& params) {
    static const char* kTypes[] = {"dtype", "format", "uint", "bool", "kernel_type", "deterministic", "shared_kernel_type"};
    w.BeginArray();
    for (const auto& p : params) {
        if (p.paramType > 6) continue;
        w.BeginObject();
        w.Key("name").String(p.name);
        w.Key("type").String(kTypes[p.paramType]);
        w.Key("bit_width").Uint(p.bitWidth);
        w.Key("values").BeginArray();
        for (uint64_t v : p.vals) w.Uint(v);
        w.EndArray();
        if (!p.followMarkers.empty()) {  // ASCENDC_TPL_INPUT(x) / ASCENDC_TPL_OUTPUT(x) of a DATATYPE declaration
            w.Key("follow").BeginArray();
            for (uint64_t m : p.followMarkers) {
                if (m >= ASCENDC_TPL_OUTPUT_BIAS) w.String("output:" + std::to_string(m - ASCENDC_TPL_OUTPUT_BIAS));
                else w.String("input:" + std::to_string(m - ASCENDC_TPL_INPUT_BIAS));
            }
            w.EndArray();
        }
        w.EndObject();
    }
    w.EndArray();
}

inline std::string OpDefJson() {
    JsonWriter w;
    w.BeginObject();
    w.Key("ops").BeginArray();
    for (const ops::OpDef* d : ops::OpDefFactory::KgAll()) WriteOpDef(w, *d);
    w.EndArray();
    w.Key("impls").BeginObject();
    for (const auto& kv : ImplTable()) {
        w.Key(kv.first);
        WriteImpl(w, kv.second);
    }
    w.EndObject();
    w.Key("tiling_keys").BeginObject();
    for (const auto& kv : tpl::TplTable()) {
        w.Key(kv.first).BeginObject();
        w.Key("params");
        WriteTplParams(w, kv.second.decl);
        w.Key("selections");
        if (!kv.second.has_sel) {
            w.Null();
        } else {
            w.BeginArray();
            for (const auto& one : kv.second.sel) WriteTplParams(w, one);
            w.EndArray();
        }
        w.EndObject();
    }
    w.EndObject();
    w.Key("tiling_data_classes").BeginObject();
    for (const auto& kv : optiling::CTilingDataClassFactory::GetInstance().KgAll()) {
        const auto inst = kv.second();
        w.Key(kv.first).BeginObject();
        w.Key("class").String(inst->GetTilingClassName() == nullptr ? "" : inst->GetTilingClassName());
        w.Key("size").Uint(inst->GetDataSize());
        std::vector<TilingFieldRecord> fields;
        inst->KgCollectFields("", 0, fields);
        w.Key("fields").BeginArray();
        for (const auto& f : fields) {
            w.BeginObject();
            w.Key("name").String(f.name);
            w.Key("dtype").String(f.dtype);
            w.Key("offset").Uint(f.offset);
            w.Key("count").Uint(f.count);
            w.Key("is_array").Bool(f.is_array);
            w.EndObject();
        }
        w.EndArray();
        w.EndObject();
    }
    w.EndObject();
    // every class reachable from a registration, nested ones included: its size and own members
    w.Key("tiling_structs").BeginObject();
    std::vector<std::shared_ptr<optiling::TilingDef>> keep;
    std::vector<const optiling::TilingDef*> todo;
    for (const auto& kv : optiling::CTilingDataClassFactory::GetInstance().KgAll()) {
        keep.push_back(kv.second());
        todo.push_back(keep.back().get());
    }
    std::set<std::string> written;
    while (!todo.empty()) {
        const optiling::TilingDef* def = todo.back();
        todo.pop_back();
        const std::string name = def->GetTilingClassName() == nullptr ? "" : def->GetTilingClassName();
        if (name.empty() || !written.insert(name).second) continue;
        w.Key(name).BeginObject();
        w.Key("size").Uint(def->GetDataSize());
        w.Key("members").BeginArray();
        for (const auto& m : def->KgMembers()) {
            w.BeginObject();
            w.Key("name").String(m.name);
            w.Key("kind").String(std::string(1, m.kind));
            w.Key("type").String(m.type);
            w.Key("count").Uint(m.count);
            w.Key("offset").Uint(m.offset);
            w.EndObject();
            if (m.sub != nullptr) todo.push_back(m.sub);
        }
        w.EndArray();
        w.EndObject();
    }
    w.EndObject();
    w.EndObject();
    return w.str();
}

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_HOST_OPDEF_JSON_H
