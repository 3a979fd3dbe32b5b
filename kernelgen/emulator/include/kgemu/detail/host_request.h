// kernelgen CPU emulator (private): turning a KgRunRequest into a HostNode, checked against the OpDef.
//   ResolveOp    - the OpDef as one SOC sees it (AICore config overrides merged, Follow resolved)
//   BindTensors  - request tensors -> IR inputs/outputs and instances (absent optional, dynamic lists)
//   BuildAttrs   - request attrs -> RuntimeAttrs in OpDef order (+ the prototype's, private attrs), defaults filled
//   CheckDtypes  - the dtype combination must be one the OpDef declares for the SOC
#include "kgemu/detail/host_guard.h"
#ifndef KGEMU_DETAIL_HOST_REQUEST_H
#define KGEMU_DETAIL_HOST_REQUEST_H

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "kgemu/abi.h"
#include "kgemu/detail/host_attrs.h"
#include "kgemu/detail/host_dtype.h"
#include "kgemu/detail/host_impl_registry.h"
#include "kgemu/detail/host_node.h"
#include "register/op_def.h"

namespace kgemu {
namespace detail {

struct EffectiveOp {
    const ops::OpDef* def = nullptr;
    std::vector<ops::KgParamData> inputs;
    std::vector<ops::KgParamData> outputs;
    bool soc_configured = false;
    std::vector<std::string> socs;  // every AddConfig SOC, for messages
};

inline void MergeParam(ops::KgParamData& base, const ops::KgParamData& over) {
    if (!over.dtypes.empty()) {
        base.dtypes = over.dtypes;
        base.dtype_is_list = over.dtype_is_list;
    }
    if (!over.formats.empty()) {
        base.formats = over.formats;
        base.format_is_list = over.format_is_list;
    }
    if (!over.unknown_shape_formats.empty()) base.unknown_shape_formats = over.unknown_shape_formats;
    if (over.value_depend) {
        base.value_depend = true;
        base.value_depend_option = over.value_depend_option;
        base.depend_scope = over.depend_scope;
    }
    base.param_type = over.param_type;
}

inline EffectiveOp ResolveOp(const ops::OpDef& def, const std::string& soc) {
    EffectiveOp op;
    op.def = &def;
    for (const auto& p : def.KgInputs()) op.inputs.push_back(p.KgData());
    for (const auto& p : def.KgOutputs()) op.outputs.push_back(p.KgData());
    for (const auto& c : def.KgAICore().KgConfigs()) {
        op.socs.push_back(c.first);
        if (c.first != soc) continue;
        op.soc_configured = true;
        auto apply = [](std::vector<ops::KgParamData>& params, const std::deque<ops::OpParamDef>& overrides) {
            for (const auto& o : overrides) {
                bool found = false;
                for (auto& p : params) {
                    if (p.name == o.KgData().name) {
                        MergeParam(p, o.KgData());
                        found = true;
                    }
                }
                if (!found) params.push_back(o.KgData());
            }
        };
        apply(op.inputs, c.second.KgInputs());
        apply(op.outputs, c.second.KgOutputs());
    }
    // Follow: a param without its own dtypes/formats takes the followed param's.
    auto find = [&op](const std::string& name) -> const ops::KgParamData* {
        for (const auto& p : op.inputs) if (p.name == name) return &p;
        for (const auto& p : op.outputs) if (p.name == name) return &p;
        return nullptr;
    };
    for (auto* list : {&op.inputs, &op.outputs}) {
        for (auto& p : *list) {
            if (p.follow.empty()) continue;
            const ops::KgParamData* f = find(p.follow);
            if (f == nullptr || f == &p) continue;
            const bool dt = p.follow_type == ops::FollowType::ALL || p.follow_type == ops::FollowType::DTYPE;
            const bool fmt = p.follow_type == ops::FollowType::ALL || p.follow_type == ops::FollowType::FORMAT;
            if (dt && p.dtypes.empty()) {
                p.dtypes = f->dtypes;
                p.dtype_is_list = f->dtype_is_list;
            }
            if (fmt && p.formats.empty()) {
                p.formats = f->formats;
                p.format_is_list = f->format_is_list;
            }
        }
    }
    return op;
}

inline std::string ShapeString(const KgTensor& t) {
    std::string s = "[";
    for (int32_t d = 0; d < t.ndim && d < 8; ++d) s += (d ? "," : "") + std::to_string(t.dims[d]);
    return s + "]";
}

// One request tensor's contents as a StorageShape / desc / Tensor (origin == storage, ND-like).
inline void AddInstance(const KgTensor& t, bool visible_data, std::vector<gert::StorageShape>& shapes,
                        std::vector<gert::CompileTimeTensorDesc>& descs, std::vector<gert::Tensor>& tensors) {
    gert::Shape s;
    for (int32_t d = 0; d < t.ndim && d < 8; ++d) s.AppendDim(t.dims[d]);
    shapes.emplace_back(s, s);
    const auto fmt = static_cast<ge::Format>(t.format);
    descs.emplace_back(static_cast<ge::DataType>(t.dtype), fmt, fmt);
    tensors.emplace_back(shapes.back(), gert::StorageFormat(fmt, fmt), static_cast<ge::DataType>(t.dtype));
    if (visible_data) tensors.back().KgSetData(t.data, t.bytes);
}

// Which request tensor each IR param got: -1 absent, otherwise the first request index (`count` tensors).
struct ParamBinding {
    int32_t first = -1;
    int32_t count = 0;
};

// Maps tensors onto params (absent OPTIONAL ones: ndim -1, or a later param's name). require_data: every tensor must carry
// exactly its bytes (false for shape-only requests: data may be null with bytes 0). Returns "" or an error.
inline std::string BindTensors(const std::vector<ops::KgParamData>& params, const KgTensor* tensors, int32_t n,
                               bool is_output, bool require_data, const std::set<size_t>& value_visible,
                               HostNode& node, std::vector<ParamBinding>& binding) {
    const char* what = is_output ? "output" : "input";
    auto& shapes = is_output ? node.out_shapes : node.in_shapes;
    auto& descs = is_output ? node.out_descs : node.in_descs;
    auto& ins = is_output ? node.out_tensors : node.in_tensors;
    auto& ir = is_output ? node.out_ir : node.in_ir;
    std::string names;
    for (const auto& p : params) names += (names.empty() ? "" : ", ") + p.name;
    if (n < 0 || (n > 0 && tensors == nullptr)) return std::string("the request's ") + what + " array is missing";
    int32_t r = 0;
    binding.assign(params.size(), ParamBinding{});
    for (size_t k = 0; k < params.size(); ++k) {
        const ops::KgParamData& p = params[k];
        const size_t start = descs.size();
        auto check_tensor = [&](const KgTensor& t) -> std::string {
            if (t.ndim > 8) return std::string(what) + " '" + p.name + "' has ndim " + std::to_string(t.ndim) + " (max 8)";
            int64_t numel = 1;
            for (int32_t d = 0; d < t.ndim; ++d) {
                if (t.dims[d] < 0) return std::string(what) + " '" + p.name + "' has a negative dim " + ShapeString(t);
                numel *= t.dims[d];
            }
            const uint32_t eb = DataTypeBytes(t.dtype);
            if (!require_data && t.data == nullptr && t.bytes == 0) return "";
            if (eb == 0) return std::string(what) + " '" + p.name + "' has dtype " + DataTypeString(t.dtype) + ", which the emulator cannot hold";
            if (t.bytes != static_cast<uint64_t>(numel) * eb) {
                return std::string(what) + " '" + p.name + "' has " + std::to_string(t.bytes) + " bytes, but shape " +
                       ShapeString(t) + " of " + DataTypeString(t.dtype) + " needs " + std::to_string(numel * eb);
            }
            if (t.bytes > 0 && t.data == nullptr) return std::string(what) + " '" + p.name + "' has no data";
            return "";
        };
        if (p.param_type == ops::DYNAMIC) {
            int32_t c = 0;
            while (r < n && (c == 0 || (tensors[r].name != nullptr && p.name == tensors[r].name)) &&
                   (tensors[r].name == nullptr || p.name == tensors[r].name) && tensors[r].ndim >= 0) {
                const std::string e = check_tensor(tensors[r]);
                if (!e.empty()) return e;
                AddInstance(tensors[r], value_visible.count(k) > 0, shapes, descs, ins);
                if (c == 0) binding[k].first = r;
                ++c;
                ++r;
            }
            binding[k].count = c;
            ir.emplace_back(static_cast<uint32_t>(start), static_cast<uint32_t>(c));
            continue;
        }
        const bool named_other = r < n && tensors[r].name != nullptr && p.name != tensors[r].name;
        const bool absent = r >= n || named_other || tensors[r].ndim < 0;
        if (absent) {
            if (p.param_type != ops::OPTIONAL) {
                if (r >= n) {
                    return std::string(what) + " '" + p.name + "' is missing: the OpDef declares " +
                           std::to_string(params.size()) + " " + what + "s (" + names + "), the request has " +
                           std::to_string(n);
                }
                if (named_other) {
                    return std::string(what) + " #" + std::to_string(r) + " is named '" + tensors[r].name +
                           "' but the OpDef's " + what + " #" + std::to_string(k) + " is '" + p.name + "' (" + names + ")";
                }
                return std::string("required ") + what + " '" + p.name + "' is given as absent (ndim -1)";
            }
            if (!named_other && r < n) {
                if (tensors[r].data != nullptr) return std::string("absent optional ") + what + " '" + p.name + "' has data";
                ++r;  // consumed the explicit "absent" placeholder
            }
            ir.emplace_back(static_cast<uint32_t>(start), 0U);
            continue;
        }
        const std::string e = check_tensor(tensors[r]);
        if (!e.empty()) return e;
        AddInstance(tensors[r], value_visible.count(k) > 0, shapes, descs, ins);
        binding[k].first = r;
        binding[k].count = 1;
        ir.emplace_back(static_cast<uint32_t>(start), 1U);
        ++r;
    }
    if (r < n) {
        return "the request has " + std::to_string(n) + " " + what + "s but the OpDef declares " +
               std::to_string(params.size()) + " (" + names + ")";
    }
    return "";
}

inline std::string DescribeRequestAttr(const KgAttr& a) {
    static const char* kKinds[] = {"float", "int", "bool", "str", "list_float", "list_int", "list_bool"};
    return (a.kind >= 0 && a.kind <= 6) ? kKinds[a.kind] : "kind " + std::to_string(a.kind);
}

// Converts a request attr to the declared kind. Returns "" or an error.
inline std::string ConvertAttr(const KgAttr& a, AttrKind want, AttrValue& v, const std::string& declName = "") {
    v = AttrValue{};
    v.kind = want;
    const std::string shown = a.name != nullptr ? a.name : declName;
    const std::string bad = std::string("attr '") + shown + "' is " + AttrKindName(want) +
                            " in the OpDef but the request gives " + DescribeRequestAttr(a);
    switch (want) {
        case AttrKind::kFloat:
            if (a.kind == KG_ATTR_FLOAT) v.f = a.f;
            else if (a.kind == KG_ATTR_INT) v.f = static_cast<double>(a.i);
            else return bad;
            return "";
        case AttrKind::kInt:
        case AttrKind::kBool:
            if (a.kind != KG_ATTR_INT && a.kind != KG_ATTR_BOOL) return bad;
            v.i = want == AttrKind::kBool ? (a.i != 0 ? 1 : 0) : a.i;
            return "";
        case AttrKind::kStr:
            if (a.kind != KG_ATTR_STR) return bad;
            v.s = a.s == nullptr ? "" : a.s;
            return "";
        case AttrKind::kListFloat:
            if (a.kind == KG_ATTR_LIST_FLOAT && (a.list_len == 0 || a.list_f != nullptr)) v.list_f.assign(a.list_f, a.list_f + a.list_len);
            else if (a.kind == KG_ATTR_LIST_INT && (a.list_len == 0 || a.list_i != nullptr)) v.list_f.assign(a.list_i, a.list_i + a.list_len);
            else return bad;
            return "";
        case AttrKind::kListInt:
        case AttrKind::kListBool:
            if ((a.kind != KG_ATTR_LIST_INT && a.kind != KG_ATTR_LIST_BOOL) || (a.list_len > 0 && a.list_i == nullptr)) return bad;
            v.list_i.assign(a.list_i, a.list_i + a.list_len);
            if (want == AttrKind::kListBool) for (auto& x : v.list_i) x = x != 0 ? 1 : 0;
            return "";
        default:
            return std::string("attr '") + shown + "' is " + AttrKindName(want) + ", which the emulator cannot pass";
    }
}

// RuntimeAttrs in OpDef order, then the registered private attrs. Returns "" or a usage error.
inline std::string BuildAttrs(const ops::OpDef& def, const ImplData* impl, const KgRunRequest& req, AttrStore& store,
                              std::vector<std::string>& warnings) {
    store.Clear();
    std::set<std::string> known;
    auto find_req = [&req](const std::string& name) -> const KgAttr* {
        for (int32_t i = 0; i < req.n_attrs; ++i) {
            if (req.attrs[i].name != nullptr && name == req.attrs[i].name) return &req.attrs[i];
        }
        return nullptr;
    };
    if (req.n_attrs > 0 && req.attrs == nullptr) return "the request's attr array is missing";
    // Attrs without a name are positional (an aclnn launch's OP_ATTR(...)): the k-th of them is the OpDef's k-th.
    std::vector<const KgAttr*> positional;
    for (int32_t i = 0; i < req.n_attrs; ++i) {
        if (req.attrs[i].name == nullptr) positional.push_back(&req.attrs[i]);
    }
    if (positional.size() > def.KgAttrs().size()) {
        // CANN documents OP_ATTR(x...) as the attributes of the operator's prototype, in order: an op_api that
        // passes more than the OpDef declares disagrees with its own OpDef.
        return "the launch passes " + std::to_string(positional.size()) + " attrs (OP_ATTR); " + def.KgType() +
               " declares " + std::to_string(def.KgAttrs().size()) + " in its OpDef: OP_ATTR takes the attributes of " +
               "the operator's prototype, in order, so the op_api source and the OpDef disagree (a defect of the " +
               "operator: declare the attribute in the OpDef or drop it from OP_ATTR)";
    }
    size_t index = 0;
    for (const auto& ad : def.KgAttrs()) {
        const ops::KgAttrData& a = ad.KgData();
        known.insert(a.name);
        const KgAttr* given = index < positional.size() ? positional[index] : find_req(a.name);
        ++index;
        AttrValue v;
        if (given != nullptr) {
            const std::string e = ConvertAttr(*given, a.default_value.kind, v, a.name);
            if (!e.empty()) return e;
        } else if (a.has_default) {
            v = a.default_value;
            if (a.required) warnings.push_back("attr '" + a.name + "' is REQUIRED but was not given; used its declared default");
        } else if (a.required) {
            return "required attr '" + a.name + "' (" + AttrKindName(a.default_value.kind) + ") was not given";
        } else {
            v.kind = a.default_value.kind;
        }
        store.Add(a.name, v);
    }
    // the IR prototype's attrs the OpDef leaves out (index/non_zero's dtype), after the OpDef's as CANN orders them
    for (int32_t i = 0; i < req.n_attrs; ++i) {
        const char* n = req.attrs[i].name;
        if (n == nullptr || n[0] != '@') continue;
        known.insert(n);
        AttrValue v;
        const std::string e = ConvertAttr(req.attrs[i], static_cast<AttrKind>(req.attrs[i].kind), v, n + 1);
        if (!e.empty()) return e;
        store.Add(n + 1, v);
    }
    if (impl != nullptr) {
        for (const auto& pa : impl->private_attrs) {
            known.insert(pa.first);
            const KgAttr* given = find_req(pa.first);
            AttrValue v = pa.second;
            if (given != nullptr) {
                const std::string e = ConvertAttr(*given, pa.second.kind, v);
                if (!e.empty()) return e;
            }
            store.Add(pa.first, v);
        }
    }
    for (int32_t i = 0; i < req.n_attrs; ++i) {
        const char* n = req.attrs[i].name;
        if (n != nullptr && known.count(n) == 0) {
            std::string names;
            for (const auto& k : known) names += (names.empty() ? "" : ", ") + k;
            return std::string("unknown attr '") + (n == nullptr ? "(null)" : n) + "'; " + def.KgType() + " has: " +
                   (names.empty() ? "no attrs" : names);
        }
    }
    return "";
}

// The columns of the OpDef dtype lists that match the bound tensors ("" + columns), or a message.
inline std::string CheckDtypes(const EffectiveOp& op, const HostNode& node, const std::string& soc,
                               std::vector<size_t>* matching_columns) {
    struct Use { const ops::KgParamData* p; ge::DataType dt; };
    std::vector<Use> uses;
    auto collect = [&uses](const std::vector<ops::KgParamData>& params, const std::vector<gert::AnchorInstanceInfo>& ir,
                           const std::vector<gert::CompileTimeTensorDesc>& descs) {
        for (size_t k = 0; k < params.size() && k < ir.size(); ++k) {
            for (size_t j = 0; j < ir[k].GetInstanceNum(); ++j) {
                uses.push_back(Use{&params[k], descs[ir[k].GetInstanceStart() + j].GetDataType()});
            }
        }
    };
    collect(op.inputs, node.in_ir, node.in_descs);
    collect(op.outputs, node.out_ir, node.out_descs);
    size_t columns = 0;
    for (const auto& u : uses) {
        if (!u.p->dtype_is_list && !u.p->dtypes.empty()) columns = columns == 0 ? u.p->dtypes.size() : std::min(columns, u.p->dtypes.size());
    }
    auto list_ok = [&uses]() {
        for (const auto& u : uses) {
            if (u.p->dtype_is_list && std::find(u.p->dtypes.begin(), u.p->dtypes.end(), u.dt) == u.p->dtypes.end()) return false;
        }
        return true;
    };
    matching_columns->clear();
    if (columns == 0) {
        if (!list_ok()) columns = 0; else return "";
    }
    for (size_t c = 0; c < columns && list_ok(); ++c) {
        bool ok = true;
        for (const auto& u : uses) {
            if (!u.p->dtype_is_list && !u.p->dtypes.empty() && u.p->dtypes[c] != u.dt) ok = false;
        }
        if (ok) matching_columns->push_back(c);
    }
    if (!matching_columns->empty()) return "";
    std::string got, declared;
    for (const auto& u : uses) got += (got.empty() ? "" : ", ") + u.p->name + "=" + DataTypeString(u.dt);
    for (size_t c = 0; c < columns; ++c) {
        std::string col;
        for (const auto* list : {&op.inputs, &op.outputs}) {
            for (const auto& p : *list) {
                if (!p.dtype_is_list && c < p.dtypes.size()) col += (col.empty() ? "" : ",") + DataTypeString(p.dtypes[c]);
            }
        }
        declared += (declared.empty() ? "(" : " (") + col + ")";
    }
    return op.def->KgType() + " on " + soc + " does not declare " + got + " in its OpDef; declared combinations: " +
           (declared.empty() ? "none" : declared);
}

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_HOST_REQUEST_H
