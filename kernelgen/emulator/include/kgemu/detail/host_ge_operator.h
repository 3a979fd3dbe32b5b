// kernelgen CPU emulator (private, host side): ge::Operator as graph-mode unit tests use it. An operator is its
// type, name, the input and output tensor descriptions its REG_OP prototype declared (in declaration order;
// a dynamic input has as many instances as create_dynamic_input_<x> made), and its attributes with their type tags
// ("VT_INT", "VT_FLOAT", ...: what GetAllAttrNamesAndTypes reports, as metadef's does). Optional attributes hold
// the prototype's default until set; a required one exists only once set. No graph is built behind it.
#include "kgemu/detail/host_guard.h"
#ifndef KGEMU_DETAIL_HOST_GE_OPERATOR_H
#define KGEMU_DETAIL_HOST_GE_OPERATOR_H

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"
#include "graph/tensor.h"
#include "graph/types.h"

namespace ge {
namespace kgemu_op {
struct AttrValue {
    std::string vt;  // VT_INT, VT_FLOAT, VT_BOOL, VT_STRING, VT_LIST_INT, VT_LIST_FLOAT, VT_LIST_BOOL,
                     // VT_LIST_LIST_INT, VT_DATA_TYPE, VT_TENSOR
    int64_t i = 0;
    float f = 0.0f;
    bool b = false;
    std::string s;
    std::vector<int64_t> li;
    std::vector<float> lf;
    std::vector<bool> lb;
    std::vector<std::string> ls;
    std::vector<std::vector<int64_t>> lli;
    DataType dt = DT_FLOAT;
    std::vector<DataType> ldt;
    std::shared_ptr<Tensor> t;
};
// the attribute kinds of REG_OP's ATTR(name, Kind, default): the C++ type and the tagged value of each
using TInt = int64_t;
using TFloat = float;
using TBool = bool;
using TString = std::string;
using TListInt = std::vector<int64_t>;
using TListFloat = std::vector<float>;
using TListBool = std::vector<bool>;
using TListString = std::vector<std::string>;
using TListListInt = std::vector<std::vector<int64_t>>;
using TType = DataType;
using TListType = std::vector<DataType>;
using TTensor = ::ge::Tensor;
inline AttrValue MakeInt(int64_t v) { AttrValue a; a.vt = "VT_INT"; a.i = v; return a; }
inline AttrValue MakeFloat(double v) { AttrValue a; a.vt = "VT_FLOAT"; a.f = static_cast<float>(v); return a; }
inline AttrValue MakeBool(bool v) { AttrValue a; a.vt = "VT_BOOL"; a.b = v; return a; }
inline AttrValue MakeString(const std::string& v) { AttrValue a; a.vt = "VT_STRING"; a.s = v; return a; }
inline AttrValue MakeListInt(const TListInt& v) { AttrValue a; a.vt = "VT_LIST_INT"; a.li = v; return a; }
inline AttrValue MakeListFloat(const TListFloat& v) { AttrValue a; a.vt = "VT_LIST_FLOAT"; a.lf = v; return a; }
inline AttrValue MakeListBool(const TListBool& v) { AttrValue a; a.vt = "VT_LIST_BOOL"; a.lb = v; return a; }
inline AttrValue MakeListString(const TListString& v) { AttrValue a; a.vt = "VT_LIST_STRING"; a.ls = v; return a; }
inline AttrValue MakeListListInt(const TListListInt& v) { AttrValue a; a.vt = "VT_LIST_LIST_INT"; a.lli = v; return a; }
inline AttrValue MakeType(DataType v) { AttrValue a; a.vt = "VT_DATA_TYPE"; a.dt = v; return a; }
inline AttrValue MakeListType(const TListType& v) { AttrValue a; a.vt = "VT_LIST_DATA_TYPE"; a.ldt = v; return a; }
inline AttrValue MakeTensor(const TTensor& v) {
    AttrValue a; a.vt = "VT_TENSOR"; a.t = std::make_shared<TTensor>(v); return a;
}

struct Port {
    std::string name;
    TensorDesc desc;
    const void* peer = nullptr;  // the Operator linked with set_input_<x> (its constant value, if any)
};
}  // namespace kgemu_op

class Operator {
public:
    Operator() = default;
    explicit Operator(const char* type) : type_(type == nullptr ? "" : type) {}
    explicit Operator(const std::string& type) : type_(type) {}
    Operator(const char* name, const char* type)
        : name_(name == nullptr ? "" : name), type_(type == nullptr ? "" : type) {}
    Operator(const std::string& name, const std::string& type) : name_(name), type_(type) {}
    Operator(const AscendString& name, const AscendString& type) : name_(name.GetString()), type_(type.GetString()) {}
    virtual ~Operator() = default;

    graphStatus GetName(AscendString& name) const { name = AscendString(name_.c_str()); return GRAPH_SUCCESS; }
    std::string GetName() const { return name_; }
    graphStatus GetOpType(AscendString& type) const { type = AscendString(type_.c_str()); return GRAPH_SUCCESS; }
    std::string GetOpType() const { return type_; }

    size_t GetInputsSize() const { return inputs_.size(); }
    size_t GetOutputsSize() const { return outputs_.size(); }
    TensorDesc GetInputDesc(uint32_t index) const { return index < inputs_.size() ? inputs_[index].desc : TensorDesc(); }
    TensorDesc GetInputDesc(const std::string& name) const { return GetInputDescByName(name.c_str()); }
    TensorDesc GetInputDescByName(const char* name) const {
        const kgemu_op::Port* p = find(inputs_, name);
        return p == nullptr ? TensorDesc() : p->desc;
    }
    TensorDesc GetOutputDesc(uint32_t index) const {
        return index < outputs_.size() ? outputs_[index].desc : TensorDesc();
    }
    TensorDesc GetOutputDesc(const std::string& name) const { return GetOutputDescByName(name.c_str()); }
    TensorDesc GetOutputDescByName(const char* name) const {
        const kgemu_op::Port* p = find(outputs_, name);
        return p == nullptr ? TensorDesc() : p->desc;
    }
    graphStatus UpdateInputDesc(const std::string& name, const TensorDesc& desc) { return update(inputs_, name, desc); }
    graphStatus UpdateInputDesc(uint32_t index, const TensorDesc& desc) { return update(inputs_, index, desc); }
    graphStatus UpdateOutputDesc(const std::string& name, const TensorDesc& desc) { return update(outputs_, name, desc); }
    graphStatus UpdateOutputDesc(uint32_t index, const TensorDesc& desc) { return update(outputs_, index, desc); }

    // attributes
    Operator& SetAttr(const std::string& name, int64_t v) { return set(name, kgemu_op::MakeInt(v)); }
    Operator& SetAttr(const std::string& name, int32_t v) { return set(name, kgemu_op::MakeInt(v)); }
    Operator& SetAttr(const std::string& name, uint32_t v) { return set(name, kgemu_op::MakeInt(v)); }
    Operator& SetAttr(const std::string& name, float v) { return set(name, kgemu_op::MakeFloat(v)); }
    Operator& SetAttr(const std::string& name, double v) { return set(name, kgemu_op::MakeFloat(v)); }
    Operator& SetAttr(const std::string& name, bool v) { return set(name, kgemu_op::MakeBool(v)); }
    Operator& SetAttr(const std::string& name, const char* v) { return set(name, kgemu_op::MakeString(v)); }
    Operator& SetAttr(const std::string& name, const std::string& v) { return set(name, kgemu_op::MakeString(v)); }
    Operator& SetAttr(const std::string& name, const AscendString& v) { return set(name, kgemu_op::MakeString(v.GetString())); }
    Operator& SetAttr(const std::string& name, const std::vector<int64_t>& v) { return set(name, kgemu_op::MakeListInt(v)); }
    Operator& SetAttr(const std::string& name, const std::vector<int32_t>& v) {
        return set(name, kgemu_op::MakeListInt(std::vector<int64_t>(v.begin(), v.end())));
    }
    Operator& SetAttr(const std::string& name, const std::vector<float>& v) { return set(name, kgemu_op::MakeListFloat(v)); }
    Operator& SetAttr(const std::string& name, const std::vector<bool>& v) { return set(name, kgemu_op::MakeListBool(v)); }
    Operator& SetAttr(const std::string& name, const std::vector<std::vector<int64_t>>& v) {
        return set(name, kgemu_op::MakeListListInt(v));
    }
    Operator& SetAttr(const std::string& name, DataType v) { return set(name, kgemu_op::MakeType(v)); }
    Operator& SetAttr(const std::string& name, const std::vector<DataType>& v) { return set(name, kgemu_op::MakeListType(v)); }
    Operator& SetAttr(const std::string& name, const std::vector<std::string>& v) {
        return set(name, kgemu_op::MakeListString(v));
    }
    Operator& SetAttr(const std::string& name, const Tensor& v) { return set(name, kgemu_op::MakeTensor(v)); }

    graphStatus GetAttr(const std::string& name, int64_t& v) const { return get(name, "VT_INT", [&](auto& a) { v = a.i; }); }
    graphStatus GetAttr(const std::string& name, int32_t& v) const {
        return get(name, "VT_INT", [&](auto& a) { v = static_cast<int32_t>(a.i); });
    }
    graphStatus GetAttr(const std::string& name, uint32_t& v) const {
        return get(name, "VT_INT", [&](auto& a) { v = static_cast<uint32_t>(a.i); });
    }
    graphStatus GetAttr(const std::string& name, float& v) const { return get(name, "VT_FLOAT", [&](auto& a) { v = a.f; }); }
    graphStatus GetAttr(const std::string& name, bool& v) const { return get(name, "VT_BOOL", [&](auto& a) { v = a.b; }); }
    graphStatus GetAttr(const std::string& name, std::string& v) const {
        return get(name, "VT_STRING", [&](auto& a) { v = a.s; });
    }
    graphStatus GetAttr(const std::string& name, AscendString& v) const {
        return get(name, "VT_STRING", [&](auto& a) { v = AscendString(a.s.c_str()); });
    }
    graphStatus GetAttr(const std::string& name, std::vector<int64_t>& v) const {
        return get(name, "VT_LIST_INT", [&](auto& a) { v = a.li; });
    }
    graphStatus GetAttr(const std::string& name, std::vector<int32_t>& v) const {
        return get(name, "VT_LIST_INT", [&](auto& a) { v.assign(a.li.begin(), a.li.end()); });
    }
    graphStatus GetAttr(const std::string& name, std::vector<float>& v) const {
        return get(name, "VT_LIST_FLOAT", [&](auto& a) { v = a.lf; });
    }
    graphStatus GetAttr(const std::string& name, std::vector<bool>& v) const {
        return get(name, "VT_LIST_BOOL", [&](auto& a) { v = a.lb; });
    }
    graphStatus GetAttr(const std::string& name, std::vector<std::vector<int64_t>>& v) const {
        return get(name, "VT_LIST_LIST_INT", [&](auto& a) { v = a.lli; });
    }
    graphStatus GetAttr(const std::string& name, DataType& v) const {
        return get(name, "VT_DATA_TYPE", [&](auto& a) { v = a.dt; });
    }
    graphStatus GetAttr(const std::string& name, std::vector<DataType>& v) const {
        return get(name, "VT_LIST_DATA_TYPE", [&](auto& a) { v = a.ldt; });
    }
    graphStatus GetAttr(const std::string& name, std::vector<std::string>& v) const {
        return get(name, "VT_LIST_STRING", [&](auto& a) { v = a.ls; });
    }
    graphStatus GetAttr(const std::string& name, Tensor& v) const {
        return get(name, "VT_TENSOR", [&](auto& a) { v = *a.t; });
    }
    bool HasAttr(const std::string& name) const { return attrs_.count(name) != 0; }
    const std::map<std::string, std::string> GetAllAttrNamesAndTypes() const {
        std::map<std::string, std::string> out;
        for (const auto& kv : attrs_) out[kv.first] = kv.second.vt;
        return out;
    }

    // the REG_OP prototype's declarations (kgemu/detail/host_ge_operator_reg.h calls these)
    void KgemuInput(const char* name) { inputs_.push_back({name, named(name), nullptr}); }
    void KgemuOutput(const char* name) { outputs_.push_back({name, named(name), nullptr}); }
    void KgemuDynamicInput(const char* name, uint32_t num) {
        for (uint32_t i = 0; i < num; ++i) KgemuInput((std::string(name) + std::to_string(i)).c_str());
    }
    void KgemuDynamicOutput(const char* name, uint32_t num) {
        for (uint32_t i = 0; i < num; ++i) KgemuOutput((std::string(name) + std::to_string(i)).c_str());
    }
    void KgemuAttr(const char* name, const kgemu_op::AttrValue& dflt) { attrs_[name] = dflt; }
    void KgemuLink(const char* input, const Operator& peer) {
        for (auto& p : inputs_)
            if (p.name == input) p.peer = &peer;
    }
    // the constant an input is linked to (an op whose "value" attribute is a tensor: Const, Constant)
    bool KgemuConstInput(uint32_t index, Tensor& out) const {
        if (index >= inputs_.size() || inputs_[index].peer == nullptr) return false;
        return static_cast<const Operator*>(inputs_[index].peer)->GetAttr("value", out) == GRAPH_SUCCESS;
    }

protected:
    Operator& set(const std::string& name, const kgemu_op::AttrValue& v) {
        attrs_[name] = v;
        return *this;
    }

private:
    static TensorDesc named(const char* name) {
        TensorDesc d;
        d.SetName(name);
        return d;
    }
    static const kgemu_op::Port* find(const std::vector<kgemu_op::Port>& ports, const char* name) {
        for (const auto& p : ports)
            if (name != nullptr && p.name == name) return &p;
        return nullptr;
    }
    static graphStatus update(std::vector<kgemu_op::Port>& ports, const std::string& name, const TensorDesc& d) {
        for (auto& p : ports) {
            if (p.name == name) {
                p.desc = d;
                p.desc.SetName(name);
                return GRAPH_SUCCESS;
            }
        }
        return GRAPH_FAILED;
    }
    static graphStatus update(std::vector<kgemu_op::Port>& ports, uint32_t index, const TensorDesc& d) {
        if (index >= ports.size()) return GRAPH_FAILED;
        ports[index].desc = d;
        ports[index].desc.SetName(ports[index].name);
        return GRAPH_SUCCESS;
    }
    template <typename F>
    graphStatus get(const std::string& name, const char* vt, F&& take) const {
        auto it = attrs_.find(name);
        if (it == attrs_.end() || it->second.vt != vt) return GRAPH_FAILED;
        take(it->second);
        return GRAPH_SUCCESS;
    }

    std::string name_;
    std::string type_;
    std::vector<kgemu_op::Port> inputs_;
    std::vector<kgemu_op::Port> outputs_;
    std::map<std::string, kgemu_op::AttrValue> attrs_;
};
}  // namespace ge

#endif  // KGEMU_DETAIL_HOST_GE_OPERATOR_H
