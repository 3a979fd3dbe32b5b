// kernelgen CPU emulator: the OpDef builder API (register/op_def.h): ops::OpDef, OpParamDef, OpAttrDef,
// OpAICoreConfig, OpAICoreDef. Everything a definition declares is kept (see KgData()) and dumped by
// kg_opdef_json; the harness validates run requests against it. OpDef is copyable, like CANN's.
// Not emulated (compile-time errors): AICPU(), HostCPU(), MC2(), and the OpAICoreDef graph-compile hooks
// SetOpSupportInfo / SetOpSpecInfo / SetParamGeneralize. SetCheckSupport and SetOpSelectFormat keep their function
// (GetCheckSupport, GetOpSelectFormat; 5 main-tree OpDefs hand the first to optiling::OpCheckFuncHelper,
// register/op_check.h; rnn/dynamic_rnn and dynamic_rnnv2 set the second); graph compilation asks them whether the
// AI Core takes a node and in which formats, which the emulator never does, so they are never called.
#ifndef KGEMU_REGISTER_OP_DEF_H
#define KGEMU_REGISTER_OP_DEF_H

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/types.h"
#include "register/op_impl_registry.h"

namespace ge {
class Operator;
}

namespace ops {
enum Option { IGNORE = 0, OPTIONAL = 1, REQUIRED = 2, DYNAMIC = 3, VIRTUAL = 4 };
enum class FormatCheckOption : uint32_t { DEFAULT = 0, STRICT = 1, MAX };
enum class DependScope : uint32_t { ALL = 0, TILING = 1, INVALID_SCOPE };
enum class FollowType : uint32_t { ALL = 0, DTYPE = 1, FORMAT = 2, SHAPE = 3, INVALID_TYPE };
enum class CommentSection : uint32_t { CATEGORY = 0, BRIEF = 1, CONSTRAINTS = 2, RESTRICTIONS = 3, SEE = 4,
                                       THIRDPARTYFWKCOMPAT = 5, SECTION_MAX };
enum class ScalarType : uint32_t { UINT64 = 0, INT64 = 1, UINT32 = 2, INT32 = 3, UINT16 = 4, INT16 = 5, UINT8 = 6,
                                   INT8 = 7, FLOAT32 = 8, FLOAT16 = 9, INVALID_DTYPE = static_cast<uint32_t>(-1) };

// An output initial value (InitValue): the framework fills the output before the kernel runs.
struct ScalarVar {
    ScalarType scalar_type = ScalarType::INVALID_DTYPE;
    double value = 0.0;
    ScalarVar() = default;
    ScalarVar(ScalarType type, uint64_t num) : scalar_type(type), value(static_cast<double>(num)) {}
    ScalarVar(ScalarType type, int64_t num) : scalar_type(type), value(static_cast<double>(num)) {}
    ScalarVar(ScalarType type, int num) : scalar_type(type), value(num) {}
    ScalarVar(ScalarType type, unsigned int num) : scalar_type(type), value(num) {}
    ScalarVar(ScalarType type, float num) : scalar_type(type), value(num) {}
    ScalarVar(ScalarType type, double num) : scalar_type(type), value(num) {}
    bool operator==(const ScalarVar& o) const { return scalar_type == o.scalar_type && value == o.value; }
};

struct KgParamData {
    std::string name;
    Option param_type = REQUIRED;
    std::vector<ge::DataType> dtypes;
    bool dtype_is_list = false;  // DataTypeList: each dtype combines with every column of the others
    std::vector<ge::Format> formats;
    bool format_is_list = false;
    std::vector<ge::Format> unknown_shape_formats;
    std::vector<ge::DataType> dtypes_for_bin;
    std::vector<ge::Format> formats_for_bin;
    bool value_depend = false;
    Option value_depend_option = OPTIONAL;
    DependScope depend_scope = DependScope::ALL;
    std::string follow;
    FollowType follow_type = FollowType::ALL;
    bool auto_contiguous = false;
    bool ignore_contiguous = false;
    bool scalar = false;
    bool scalar_list = false;
    int32_t to_dtype = -1;
    std::string to_name;
    uint32_t version = 0;
    std::vector<ScalarVar> init_values;  // empty: no InitValue
    bool output_shape_depend_on_compute = false;
    std::string comment;
};

class OpParamDef {
public:
    explicit OpParamDef(const char* name);
    OpParamDef(const OpParamDef& o);
    OpParamDef(OpParamDef&& o);
    OpParamDef& operator=(const OpParamDef& o);
    OpParamDef& operator=(OpParamDef&& o);
    ~OpParamDef();
    OpParamDef& ParamType(Option param_type) { d_.param_type = param_type; return *this; }
    OpParamDef& DataType(std::vector<ge::DataType> types);
    OpParamDef& DataTypeList(std::vector<ge::DataType> types);
    OpParamDef& Format(std::vector<ge::Format> formats);
    OpParamDef& FormatList(std::vector<ge::Format> formats);
    OpParamDef& DataTypeForBinQuery(std::vector<ge::DataType> types);
    OpParamDef& FormatForBinQuery(std::vector<ge::Format> formats);
    OpParamDef& UnknownShapeFormat(std::vector<ge::Format> formats);
    OpParamDef& ValueDepend(Option value_depend) { return ValueDepend(value_depend, DependScope::ALL); }
    OpParamDef& ValueDepend(Option value_depend, DependScope scope) {
        d_.value_depend = true;
        d_.value_depend_option = value_depend;
        d_.depend_scope = scope;
        return *this;
    }
    OpParamDef& IgnoreContiguous(void) { d_.ignore_contiguous = true; return *this; }
    OpParamDef& AutoContiguous() { d_.auto_contiguous = true; return *this; }
    OpParamDef& Scalar() { d_.scalar = true; return *this; }
    OpParamDef& ScalarList() { d_.scalar_list = true; return *this; }
    OpParamDef& To(const ge::DataType type) { d_.to_dtype = type; return *this; }
    OpParamDef& To(const char* name);
    OpParamDef& Version(uint32_t version) { d_.version = version; return *this; }
    OpParamDef& InitValue(uint64_t value);
    OpParamDef& InitValue(const ScalarVar& value);
    OpParamDef& InitValue(const std::vector<ScalarVar>& value);
    OpParamDef& OutputShapeDependOnCompute() { d_.output_shape_depend_on_compute = true; return *this; }
    OpParamDef& Follow(const char* paramName) { return Follow(paramName, FollowType::ALL); }
    OpParamDef& Follow(const char* paramName, FollowType ftype);
    OpParamDef& Comment(const char* comment);

    const KgParamData& KgData() const { return d_; }

private:
    KgParamData d_;
};

struct KgAttrData {
    std::string name;
    bool required = true;
    kgemu::detail::AttrValue default_value;  // kind is the declared type; has_default says if a value was given
    bool has_default = false;
    uint32_t version = 0;
    std::string comment;
};

class OpAttrDef {
public:
    // Like CANN: an attribute is REQUIRED and of type bool until declared otherwise.
    explicit OpAttrDef(const char* name);
    OpAttrDef(const OpAttrDef& o);
    OpAttrDef& operator=(const OpAttrDef& o);
    ~OpAttrDef();
    OpAttrDef& AttrType(Option attr_type) { d_.required = attr_type == REQUIRED; return *this; }
    OpAttrDef& Bool(void) { return Kind(kgemu::detail::AttrKind::kBool); }
    OpAttrDef& Bool(bool value);
    OpAttrDef& Float(void) { return Kind(kgemu::detail::AttrKind::kFloat); }
    OpAttrDef& Float(float value);
    OpAttrDef& Int(void) { return Kind(kgemu::detail::AttrKind::kInt); }
    OpAttrDef& Int(int64_t value);
    OpAttrDef& String(void) { return Kind(kgemu::detail::AttrKind::kStr); }
    OpAttrDef& String(const char* value);
    OpAttrDef& ListBool(void) { return Kind(kgemu::detail::AttrKind::kListBool); }
    OpAttrDef& ListBool(std::vector<bool> value);
    OpAttrDef& ListFloat(void) { return Kind(kgemu::detail::AttrKind::kListFloat); }
    OpAttrDef& ListFloat(std::vector<float> value);
    OpAttrDef& ListInt(void) { return Kind(kgemu::detail::AttrKind::kListInt); }
    OpAttrDef& ListInt(std::vector<int64_t> value);
    OpAttrDef& ListListInt(void) { return Kind(kgemu::detail::AttrKind::kListListInt); }
    OpAttrDef& ListListInt(std::vector<std::vector<int64_t>> value);
    OpAttrDef& Version(uint32_t version) { d_.version = version; return *this; }
    OpAttrDef& Comment(const char* comment);
    ge::AscendString& GetName(void) const { return name_; }
    bool IsRequired(void) { return d_.required; }

    const KgAttrData& KgData() const { return d_; }

private:
    OpAttrDef& Kind(kgemu::detail::AttrKind k);
    kgemu::detail::AttrValue& Kind(kgemu::detail::AttrKind k, bool);
    KgAttrData d_;
    mutable ge::AscendString name_;
};

// Per-SOC AI Core configuration: flags, extended config items, and optional per-SOC input/output overrides.
class OpAICoreConfig {
public:
    OpAICoreConfig();
    explicit OpAICoreConfig(const char* soc);
    OpAICoreConfig(const OpAICoreConfig& o);
    OpAICoreConfig(OpAICoreConfig&& o);
    OpAICoreConfig& operator=(const OpAICoreConfig& o);
    OpAICoreConfig& operator=(OpAICoreConfig&& o);
    ~OpAICoreConfig();
    OpParamDef& Input(const char* name);
    OpParamDef& Output(const char* name);
    OpAICoreConfig& DynamicCompileStaticFlag(bool flag) { return Flag("dynamicCompileStatic", flag); }
    OpAICoreConfig& DynamicFormatFlag(bool flag) { return Flag("dynamicFormat", flag); }
    OpAICoreConfig& DynamicRankSupportFlag(bool flag) { return Flag("dynamicRankSupport", flag); }
    OpAICoreConfig& DynamicShapeSupportFlag(bool flag) { return Flag("dynamicShapeSupport", flag); }
    OpAICoreConfig& NeedCheckSupportFlag(bool flag) { return Flag("needCheckSupport", flag); }
    OpAICoreConfig& PrecisionReduceFlag(bool flag) { return Flag("precision_reduce", flag); }
    OpAICoreConfig& ExtendCfgInfo(const char* key, const char* value);

    const std::deque<OpParamDef>& KgInputs() const { return inputs_; }
    const std::deque<OpParamDef>& KgOutputs() const { return outputs_; }
    const std::vector<std::pair<std::string, bool>>& KgFlags() const { return flags_; }
    const std::vector<std::pair<std::string, std::string>>& KgCfgInfo() const { return cfg_; }

private:
    static OpParamDef& GetOrAdd(std::deque<OpParamDef>& params, const char* name);
    OpAICoreConfig& Flag(const char* name, bool v);
    std::string soc_;
    std::deque<OpParamDef> inputs_;
    std::deque<OpParamDef> outputs_;
    std::vector<std::pair<std::string, bool>> flags_;
    std::vector<std::pair<std::string, std::string>> cfg_;
};

class OpAICoreDef {
public:
    OpAICoreDef& SetTiling(gert::OpImplRegisterV2::TilingKernelFunc func) { tiling_ = func; return *this; }
    gert::OpImplRegisterV2::TilingKernelFunc& GetTiling(void) { return tiling_; }
    OpAICoreDef& AddConfig(const char* soc);
    OpAICoreDef& AddConfig(const char* soc, OpAICoreConfig& aicore_config);
    OpAICoreDef& LaunchWithZeroEleOutputTensors(bool flag) { launch_zero_ele_ = flag; return *this; }

    using OpCheckFunc = ge::graphStatus (*)(const ge::Operator&, ge::AscendString&);
    OpAICoreDef& SetCheckSupport(OpCheckFunc func) { check_support_ = func; return *this; }
    OpCheckFunc GetCheckSupport() const { return check_support_; }
    OpAICoreDef& SetOpSelectFormat(OpCheckFunc func) { op_select_format_ = func; return *this; }
    OpCheckFunc GetOpSelectFormat() const { return op_select_format_; }
    template <typename... A>
    OpAICoreDef& SetOpSupportInfo(A&&...) {
        static_assert(kgemu::detail::AlwaysFalse<A...>::value, "kgemu: OpAICoreDef::SetOpSupportInfo is not emulated");
        return *this;
    }
    template <typename... A>
    OpAICoreDef& SetOpSpecInfo(A&&...) {
        static_assert(kgemu::detail::AlwaysFalse<A...>::value, "kgemu: OpAICoreDef::SetOpSpecInfo is not emulated");
        return *this;
    }
    template <typename... A>
    OpAICoreDef& SetParamGeneralize(A&&...) {
        static_assert(kgemu::detail::AlwaysFalse<A...>::value, "kgemu: OpAICoreDef::SetParamGeneralize is not emulated");
        return *this;
    }

    const std::vector<std::pair<std::string, OpAICoreConfig>>& KgConfigs() const { return configs_; }
    bool KgLaunchWithZeroEleOutputs() const { return launch_zero_ele_; }
    gert::OpImplRegisterV2::TilingKernelFunc KgTiling() const { return tiling_; }

private:
    gert::OpImplRegisterV2::TilingKernelFunc tiling_ = nullptr;
    std::vector<std::pair<std::string, OpAICoreConfig>> configs_;
    bool launch_zero_ele_ = false;
    OpCheckFunc check_support_ = nullptr;
    OpCheckFunc op_select_format_ = nullptr;
};

class OpDef {
public:
    explicit OpDef(const char* type);
    OpDef(const OpDef& o);
    OpDef(OpDef&& o);
    OpDef& operator=(const OpDef& o);
    OpDef& operator=(OpDef&& o);
    ~OpDef();
    OpParamDef& Input(const char* name);
    OpParamDef& Output(const char* name);
    OpAttrDef& Attr(const char* name);
    OpDef& Comment(CommentSection section, const char* comment);
    OpDef& SetInferShape(gert::OpImplRegisterV2::InferShapeKernelFunc func) { infer_shape_ = func; return *this; }
    OpDef& SetInferShapeRange(gert::OpImplRegisterV2::InferShapeRangeKernelFunc) {  // graph compile only: recorded
        infer_shape_range_set_ = true;
        return *this;
    }
    OpDef& SetInferDataType(gert::OpImplRegisterV2::InferDataTypeKernelFunc func) { infer_dtype_ = func; return *this; }
    gert::OpImplRegisterV2::InferShapeKernelFunc& GetInferShape(void) { return infer_shape_; }
    gert::OpImplRegisterV2::InferDataTypeKernelFunc& GetInferDataType(void) { return infer_dtype_; }
    OpAICoreDef& AICore(void) { return aicore_; }
    OpDef& FormatMatchMode(FormatCheckOption option) { format_match_mode_ = option; return *this; }
    OpDef& EnableFallBack(void) { fallback_ = true; return *this; }

    template <typename... A>
    int AICPU(A&&...) {
        static_assert(kgemu::detail::AlwaysFalse<A...>::value, "kgemu: OpDef::AICPU (AI CPU kernels) is not emulated");
        return 0;
    }
    template <typename... A>
    int HostCPU(A&&...) {
        static_assert(kgemu::detail::AlwaysFalse<A...>::value, "kgemu: OpDef::HostCPU is not emulated");
        return 0;
    }
    template <typename... A>
    int MC2(A&&...) {
        static_assert(kgemu::detail::AlwaysFalse<A...>::value, "kgemu: OpDef::MC2 (communication ops) is not emulated");
        return 0;
    }

    const std::string& KgType() const { return type_; }
    const std::deque<OpParamDef>& KgInputs() const { return inputs_; }
    const std::deque<OpParamDef>& KgOutputs() const { return outputs_; }
    const std::deque<OpAttrDef>& KgAttrs() const { return attrs_; }
    const OpAICoreDef& KgAICore() const { return aicore_; }
    gert::OpImplRegisterV2::InferShapeKernelFunc KgInferShape() const { return infer_shape_; }
    gert::OpImplRegisterV2::InferDataTypeKernelFunc KgInferDataType() const { return infer_dtype_; }
    FormatCheckOption KgFormatMatchMode() const { return format_match_mode_; }
    bool KgFallBack() const { return fallback_; }
    bool KgInferShapeRangeSet() const { return infer_shape_range_set_; }
    const std::vector<std::pair<uint32_t, std::string>>& KgComments() const { return comments_; }

private:
    static OpParamDef& GetOrAdd(std::deque<OpParamDef>& params, const char* name);
    std::string type_;
    std::deque<OpParamDef> inputs_;
    std::deque<OpParamDef> outputs_;
    std::deque<OpAttrDef> attrs_;
    OpAICoreDef aicore_;
    gert::OpImplRegisterV2::InferShapeKernelFunc infer_shape_ = nullptr;
    gert::OpImplRegisterV2::InferDataTypeKernelFunc infer_dtype_ = nullptr;
    FormatCheckOption format_match_mode_ = FormatCheckOption::DEFAULT;
    bool fallback_ = false;
    bool infer_shape_range_set_ = false;
    std::vector<std::pair<uint32_t, std::string>> comments_;
};
}  // namespace ops

// The bodies of the non-trivial members above: compiled once, in kg_harness.cpp (which defines KGEMU_OPDEF_IMPL
// before its includes), not in every operator's *_def.cpp (a definition's TU only calls them). Same names and
// signatures as before; the special members are the defaulted ones.
#ifdef KGEMU_OPDEF_IMPL
namespace ops {
namespace {
inline std::string kg_str(const char* s) { return s == nullptr ? "" : s; }
}  // namespace

OpParamDef::OpParamDef(const char* name) { d_.name = kg_str(name); }
OpParamDef::OpParamDef(const OpParamDef& o) = default;
OpParamDef::OpParamDef(OpParamDef&& o) = default;
OpParamDef& OpParamDef::operator=(const OpParamDef& o) = default;
OpParamDef& OpParamDef::operator=(OpParamDef&& o) = default;
OpParamDef::~OpParamDef() = default;
OpParamDef& OpParamDef::DataType(std::vector<ge::DataType> types) { d_.dtypes = std::move(types); d_.dtype_is_list = false; return *this; }
OpParamDef& OpParamDef::DataTypeList(std::vector<ge::DataType> types) { d_.dtypes = std::move(types); d_.dtype_is_list = true; return *this; }
OpParamDef& OpParamDef::Format(std::vector<ge::Format> formats) { d_.formats = std::move(formats); d_.format_is_list = false; return *this; }
OpParamDef& OpParamDef::FormatList(std::vector<ge::Format> formats) { d_.formats = std::move(formats); d_.format_is_list = true; return *this; }
OpParamDef& OpParamDef::DataTypeForBinQuery(std::vector<ge::DataType> types) { d_.dtypes_for_bin = std::move(types); return *this; }
OpParamDef& OpParamDef::FormatForBinQuery(std::vector<ge::Format> formats) { d_.formats_for_bin = std::move(formats); return *this; }
OpParamDef& OpParamDef::UnknownShapeFormat(std::vector<ge::Format> formats) { d_.unknown_shape_formats = std::move(formats); return *this; }
OpParamDef& OpParamDef::To(const char* name) { d_.to_name = kg_str(name); return *this; }
OpParamDef& OpParamDef::InitValue(uint64_t value) { d_.init_values = {ScalarVar(ScalarType::UINT64, value)}; return *this; }
OpParamDef& OpParamDef::InitValue(const ScalarVar& value) { d_.init_values = {value}; return *this; }
OpParamDef& OpParamDef::InitValue(const std::vector<ScalarVar>& value) { d_.init_values = value; return *this; }
OpParamDef& OpParamDef::Follow(const char* paramName, FollowType ftype) {
    d_.follow = kg_str(paramName);
    d_.follow_type = ftype;
    return *this;
}
OpParamDef& OpParamDef::Comment(const char* comment) { d_.comment = kg_str(comment); return *this; }

OpAttrDef::OpAttrDef(const char* name) {
    d_.name = kg_str(name);
    d_.default_value.kind = kgemu::detail::AttrKind::kBool;
    name_ = d_.name.c_str();
}
OpAttrDef::OpAttrDef(const OpAttrDef& o) : d_(o.d_), name_(d_.name.c_str()) {}
OpAttrDef& OpAttrDef::operator=(const OpAttrDef& o) { d_ = o.d_; name_ = ge::AscendString(d_.name.c_str()); return *this; }
OpAttrDef::~OpAttrDef() = default;
OpAttrDef& OpAttrDef::Bool(bool value) { Kind(kgemu::detail::AttrKind::kBool, true).i = value ? 1 : 0; return *this; }
OpAttrDef& OpAttrDef::Float(float value) { Kind(kgemu::detail::AttrKind::kFloat, true).f = value; return *this; }
OpAttrDef& OpAttrDef::Int(int64_t value) { Kind(kgemu::detail::AttrKind::kInt, true).i = value; return *this; }
OpAttrDef& OpAttrDef::String(const char* value) { Kind(kgemu::detail::AttrKind::kStr, true).s = kg_str(value); return *this; }
OpAttrDef& OpAttrDef::ListBool(std::vector<bool> value) {
    auto& v = Kind(kgemu::detail::AttrKind::kListBool, true);
    v.list_i.clear();
    for (bool b : value) v.list_i.push_back(b ? 1 : 0);
    return *this;
}
OpAttrDef& OpAttrDef::ListFloat(std::vector<float> value) {
    Kind(kgemu::detail::AttrKind::kListFloat, true).list_f.assign(value.begin(), value.end());
    return *this;
}
OpAttrDef& OpAttrDef::ListInt(std::vector<int64_t> value) { Kind(kgemu::detail::AttrKind::kListInt, true).list_i = std::move(value); return *this; }
OpAttrDef& OpAttrDef::ListListInt(std::vector<std::vector<int64_t>> value) {
    Kind(kgemu::detail::AttrKind::kListListInt, true).list_list_i = std::move(value);
    return *this;
}
OpAttrDef& OpAttrDef::Comment(const char* comment) { d_.comment = kg_str(comment); return *this; }
OpAttrDef& OpAttrDef::Kind(kgemu::detail::AttrKind k) {
    d_.default_value = kgemu::detail::AttrValue{};
    d_.default_value.kind = k;
    d_.has_default = false;
    return *this;
}
kgemu::detail::AttrValue& OpAttrDef::Kind(kgemu::detail::AttrKind k, bool) {
    Kind(k);
    d_.has_default = true;
    return d_.default_value;
}

OpAICoreConfig::OpAICoreConfig() = default;
OpAICoreConfig::OpAICoreConfig(const char* soc) : soc_(kg_str(soc)) {}
OpAICoreConfig::OpAICoreConfig(const OpAICoreConfig& o) = default;
OpAICoreConfig::OpAICoreConfig(OpAICoreConfig&& o) = default;
OpAICoreConfig& OpAICoreConfig::operator=(const OpAICoreConfig& o) = default;
OpAICoreConfig& OpAICoreConfig::operator=(OpAICoreConfig&& o) = default;
OpAICoreConfig::~OpAICoreConfig() = default;
OpParamDef& OpAICoreConfig::Input(const char* name) { return GetOrAdd(inputs_, name); }
OpParamDef& OpAICoreConfig::Output(const char* name) { return GetOrAdd(outputs_, name); }
OpAICoreConfig& OpAICoreConfig::ExtendCfgInfo(const char* key, const char* value) {
    const std::string k = kg_str(key);
    for (auto& kv : cfg_) {
        if (kv.first == k) { kv.second = kg_str(value); return *this; }
    }
    cfg_.emplace_back(k, kg_str(value));
    return *this;
}
OpParamDef& OpAICoreConfig::GetOrAdd(std::deque<OpParamDef>& params, const char* name) {
    const std::string n = kg_str(name);
    for (auto& p : params) {
        if (p.KgData().name == n) return p;
    }
    params.emplace_back(name);
    return params.back();
}
OpAICoreConfig& OpAICoreConfig::Flag(const char* name, bool v) {
    for (auto& kv : flags_) {
        if (kv.first == name) { kv.second = v; return *this; }
    }
    flags_.emplace_back(name, v);
    return *this;
}

OpAICoreDef& OpAICoreDef::AddConfig(const char* soc) {
    OpAICoreConfig default_config;
    return AddConfig(soc, default_config);
}
OpAICoreDef& OpAICoreDef::AddConfig(const char* soc, OpAICoreConfig& aicore_config) {
    const std::string s = kg_str(soc);
    for (auto& c : configs_) {
        if (c.first == s) { c.second = aicore_config; return *this; }
    }
    configs_.emplace_back(s, aicore_config);
    return *this;
}

OpDef::OpDef(const char* type) : type_(kg_str(type)) {}
OpDef::OpDef(const OpDef& o) = default;
OpDef::OpDef(OpDef&& o) = default;
OpDef& OpDef::operator=(const OpDef& o) = default;
OpDef& OpDef::operator=(OpDef&& o) = default;
OpDef::~OpDef() = default;
OpParamDef& OpDef::Input(const char* name) { return GetOrAdd(inputs_, name); }
OpParamDef& OpDef::Output(const char* name) { return GetOrAdd(outputs_, name); }
OpAttrDef& OpDef::Attr(const char* name) {
    const std::string n = kg_str(name);
    for (auto& a : attrs_) {
        if (a.KgData().name == n) return a;
    }
    attrs_.emplace_back(name);
    return attrs_.back();
}
OpDef& OpDef::Comment(CommentSection section, const char* comment) {
    comments_.emplace_back(static_cast<uint32_t>(section), kg_str(comment));
    return *this;
}
OpParamDef& OpDef::GetOrAdd(std::deque<OpParamDef>& params, const char* name) {
    const std::string n = kg_str(name);
    for (auto& p : params) {
        if (p.KgData().name == n) return p;
    }
    params.emplace_back(name);
    return params.back();
}
}  // namespace ops
#endif  // KGEMU_OPDEF_IMPL

#endif  // KGEMU_REGISTER_OP_DEF_H
