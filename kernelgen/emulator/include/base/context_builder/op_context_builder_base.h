// kernelgen CPU emulator: metadef's context builders (base/context_builder/*.h) and gert::ContextHolder, what
// ops-nn's unit-test fakers (tests/ut/common: TilingContextFaker, InferShapeContextFaker, ...) are built on.
// A builder collects a node's inputs, outputs and attributes and Build() returns a ContextHolder that owns one
// kgemu::detail::HostNode and the context viewing it: the same objects `kernelgen sim` hands to host code, so a
// tiling or infershape function sees in a unit test exactly what it sees in an emulated run.
#ifndef KGEMU_BASE_CONTEXT_BUILDER_OP_CONTEXT_BUILDER_BASE_H
#define KGEMU_BASE_CONTEXT_BUILDER_OP_CONTEXT_BUILDER_BASE_H

#include <cstddef>
#include <algorithm>
#include <cstdint>
#include <iostream>  // metadef's builders bring it; ops-nn's any_value.h relies on that
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "exe_graph/runtime/continuous_vector.h"
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/infer_shape_range_context.h"
#include "exe_graph/runtime/tensor.h"
#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_data.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "graph/ascend_string.h"
#include "graph/types.h"
#include "platform/platform_infos_def.h"

namespace gert {
template <typename T>
class ContextHolder {
public:
    ContextHolder() = default;
    ContextHolder(ContextHolder&&) = default;
    ContextHolder& operator=(ContextHolder&&) = default;
    T* GetContext() const { return ctx_.get(); }

    // emulator-private
    std::unique_ptr<kgemu::detail::HostNode> kg_node_;
    std::unique_ptr<T> ctx_;
};

class OpContextBuilderBase {
public:
    virtual ~OpContextBuilderBase() = default;

    OpContextBuilderBase& AppendAttr(bool v) { return Add(Kind::kBool, v ? 1 : 0); }
    OpContextBuilderBase& AppendAttr(int64_t v) { return Add(Kind::kInt, v); }
    OpContextBuilderBase& AppendAttr(int32_t v) { return Add(Kind::kInt, v); }
    OpContextBuilderBase& AppendAttr(uint32_t v) { return Add(Kind::kInt, v); }
    OpContextBuilderBase& AppendAttr(float v) {
        kgemu::detail::AttrValue a;
        a.kind = Kind::kFloat;
        a.f = v;
        return Push(a);
    }
    OpContextBuilderBase& AppendAttr(double v) { return AppendAttr(static_cast<float>(v)); }
    OpContextBuilderBase& AppendAttr(const ge::AscendString& v) { return AppendAttr(std::string(v.GetString())); }
    OpContextBuilderBase& AppendAttr(const char* v) { return AppendAttr(std::string(v == nullptr ? "" : v)); }
    OpContextBuilderBase& AppendAttr(const std::string& v) {
        kgemu::detail::AttrValue a;
        a.kind = Kind::kStr;
        a.s = v;
        return Push(a);
    }
    OpContextBuilderBase& AppendAttr(const std::vector<bool>& v) {
        kgemu::detail::AttrValue a;
        a.kind = Kind::kListBool;
        for (bool b : v) a.list_i.push_back(b ? 1 : 0);
        return Push(a);
    }
    OpContextBuilderBase& AppendAttr(const std::vector<int64_t>& v) {
        kgemu::detail::AttrValue a;
        a.kind = Kind::kListInt;
        a.list_i = v;
        return Push(a);
    }
    OpContextBuilderBase& AppendAttr(const std::vector<int32_t>& v) {
        return AppendAttr(std::vector<int64_t>(v.begin(), v.end()));
    }
    OpContextBuilderBase& AppendAttr(const std::vector<float>& v) {
        kgemu::detail::AttrValue a;
        a.kind = Kind::kListFloat;
        a.list_f.assign(v.begin(), v.end());
        return Push(a);
    }
    OpContextBuilderBase& AppendAttr(const std::vector<std::vector<int64_t>>& v) {
        kgemu::detail::AttrValue a;
        a.kind = Kind::kListListInt;
        a.list_list_i = v;
        return Push(a);
    }
    OpContextBuilderBase& AppendAttr(const std::vector<ge::AscendString>& v) {
        kgemu::detail::AttrValue a;  // a list of strings: the emulator's attrs have no such kind; kept as none
        (void)v;
        return Push(a);
    }

protected:
    using Kind = kgemu::detail::AttrKind;
    OpContextBuilderBase& Add(Kind k, int64_t v) {
        kgemu::detail::AttrValue a;
        a.kind = k;
        a.i = v;
        return Push(a);
    }
    OpContextBuilderBase& Push(const kgemu::detail::AttrValue& a) {
        attrs_.push_back(a);
        return *this;
    }
    void KgOpType(const char* t) { op_type_ = t == nullptr ? "" : t; }
    void KgOpName(const char* n) { op_name_ = n == nullptr ? "" : n; }
    void KgIONum(size_t in, size_t out) {
        in_num_ = in;
        out_num_ = out;
    }
    void KgInstances(const std::vector<uint32_t>& in, const std::vector<uint32_t>& out) {
        in_inst_ = in;
        out_inst_ = out;
    }
    // An empty list leaves the tensors given before: ops-nn's fakers' Build passes the tensors they collected from
    // NodeInputTd / NodeOutputTd, none when a test gave InputTensors / OutputTensors itself (tiling_case_executor's
    // DO_TILING; InferShapeContextFaker tests with a value-carrying input), and those tests read them.
    void KgInputs(const std::vector<Tensor*>& ts) {
        if (!ts.empty()) inputs_ = ts;
    }
    void KgOutputs(const std::vector<Tensor*>& ts) {
        if (!ts.empty()) outputs_ = ts;
    }
    void KgOutputDesc(size_t index, ge::DataType dt, ge::Format origin, ge::Format storage) {
        if (out_descs_.size() <= index) out_descs_.resize(index + 1);
        out_descs_[index] = CompileTimeTensorDesc(dt, origin, storage);
    }
    void KgInputDesc(size_t index, ge::DataType dt, ge::Format origin, ge::Format storage) {
        if (in_descs_.size() <= index) in_descs_.resize(index + 1);
        in_descs_[index] = CompileTimeTensorDesc(dt, origin, storage);
    }

    static std::vector<AnchorInstanceInfo> Ir(const std::vector<uint32_t>& inst, size_t count) {
        std::vector<AnchorInstanceInfo> ir;
        if (inst.empty()) {
            for (size_t i = 0; i < count; ++i) ir.emplace_back(static_cast<uint32_t>(i), 1U);
            return ir;
        }
        uint32_t start = 0;
        for (uint32_t n : inst) {
            ir.emplace_back(start, n);
            start += n;
        }
        return ir;
    }

    // A node with every input/output instance and the attributes appended (named attr0, attr1, ...).
    std::unique_ptr<kgemu::detail::HostNode> KgNode() const {
        std::unique_ptr<kgemu::detail::HostNode> node(new kgemu::detail::HostNode());
        node->op_type = op_type_.empty() ? "fakeOp" : op_type_;
        node->node_name = op_name_.empty() ? node->op_type : op_name_;
        size_t n_in = inputs_.size();
        for (size_t i = 0; i < n_in; ++i) {
            const Tensor* t = inputs_[i];
            node->in_tensors.push_back(t == nullptr ? Tensor() : *t);
            node->in_shapes.push_back(node->in_tensors.back().GetShape());
            const Tensor& c = node->in_tensors.back();
            CompileTimeTensorDesc d(c.GetDataType(), c.GetOriginFormat(), c.GetStorageFormat());
            if (i < in_descs_.size() && in_descs_[i].GetDataType() != ge::DT_UNDEFINED) d = in_descs_[i];
            node->in_descs.push_back(d);
        }
        for (size_t i = n_in; i < in_descs_.size(); ++i) {
            node->in_tensors.emplace_back();
            node->in_shapes.emplace_back();
            node->in_descs.push_back(in_descs_[i]);
        }
        node->in_ir = Ir(in_inst_, in_inst_.empty() && in_num_ > node->in_descs.size() ? in_num_ : node->in_descs.size());
        size_t n_out = std::max(outputs_.size(), out_descs_.size());
        if (out_inst_.empty() && out_num_ > n_out) n_out = out_num_;
        if (!out_inst_.empty()) {
            size_t total = 0;
            for (uint32_t v : out_inst_) total += v;
            n_out = std::max(n_out, total);
        }
        for (size_t i = 0; i < n_out; ++i) {
            const Tensor* t = i < outputs_.size() ? outputs_[i] : nullptr;
            node->out_tensors.push_back(t == nullptr ? Tensor() : *t);
            node->out_shapes.push_back(node->out_tensors.back().GetShape());
            const Tensor& c = node->out_tensors.back();
            CompileTimeTensorDesc d(c.GetDataType(), c.GetOriginFormat(), c.GetStorageFormat());
            if (i < out_descs_.size() && (t == nullptr || out_descs_[i].GetDataType() != ge::DT_UNDEFINED)) {
                d = out_descs_[i];
            }
            node->out_descs.push_back(d);
        }
        node->out_ir = Ir(out_inst_, n_out);
        node->out_dtypes.assign(n_out, ge::DT_UNDEFINED);
        for (size_t i = 0; i < attrs_.size(); ++i) node->attr_store.Add("attr" + std::to_string(i), attrs_[i]);
        return node;
    }

    std::string op_type_;
    std::string op_name_;
    size_t in_num_ = 0;
    size_t out_num_ = 0;
    std::vector<uint32_t> in_inst_;
    std::vector<uint32_t> out_inst_;
    std::vector<Tensor*> inputs_;
    std::vector<Tensor*> outputs_;
    std::vector<CompileTimeTensorDesc> in_descs_;
    std::vector<CompileTimeTensorDesc> out_descs_;
    std::vector<kgemu::detail::AttrValue> attrs_;
};

// The chained setters every builder shares, returning the concrete builder.
#define KGEMU_BUILDER_COMMON(B)                                                                          \
    B& OpType(const ge::AscendString& t) { KgOpType(t.GetString()); return *this; }                     \
    B& OpName(const ge::AscendString& n) { KgOpName(n.GetString()); return *this; }                     \
    B& IONum(size_t in, size_t out) { KgIONum(in, out); return *this; }                                 \
    B& IOInstanceNum(const std::vector<uint32_t>& in, const std::vector<uint32_t>& out) {               \
        KgInstances(in, out);                                                                            \
        return *this;                                                                                    \
    }                                                                                                    \
    B& InputTensors(const std::vector<Tensor*>& ts) { KgInputs(ts); return *this; }                     \
    B& OutputTensors(const std::vector<Tensor*>& ts) { KgOutputs(ts); return *this; }                   \
    B& InputTensorDesc(size_t i, ge::DataType dt, ge::Format o, ge::Format s,                           \
                       const gert::ExpandDimsType& = gert::ExpandDimsType()) {                           \
        KgInputDesc(i, dt, o, s);                                                                        \
        return *this;                                                                                    \
    }                                                                                                    \
    B& OutputTensorDesc(size_t i, ge::DataType dt, ge::Format o, ge::Format s,                          \
                        const gert::ExpandDimsType& = gert::ExpandDimsType()) {                          \
        KgOutputDesc(i, dt, o, s);                                                                       \
        return *this;                                                                                    \
    }                                                                                                    \
    B& OutputTensorDesc(size_t i, ge::Format o, ge::Format s) {                                          \
        KgOutputDesc(i, ge::DT_UNDEFINED, o, s);                                                         \
        return *this;                                                                                    \
    }

class OpTilingContextBuilder : public OpContextBuilderBase {
public:
    KGEMU_BUILDER_COMMON(OpTilingContextBuilder)
    OpTilingContextBuilder& CompileInfo(const void* p) {
        compile_info_ = const_cast<void*>(p);
        return *this;
    }
    OpTilingContextBuilder& PlatformInfo(const void* p) {
        platform_ = static_cast<fe::PlatFormInfos*>(const_cast<void*>(p));
        return *this;
    }
    OpTilingContextBuilder& Deterministic(int32_t d) {
        deterministic_ = d;
        return *this;
    }
    OpTilingContextBuilder& DeterministicLevel(int32_t d) {
        deterministic_level_ = d;
        return *this;
    }
    OpTilingContextBuilder& TilingData(const gert::TilingData* t) {
        tiling_data_ = const_cast<gert::TilingData*>(t);
        return *this;
    }
    OpTilingContextBuilder& Workspace(const ContinuousVector* w) {
        workspace_ = const_cast<ContinuousVector*>(w);
        return *this;
    }
    ContextHolder<TilingContext> Build() {
        ContextHolder<TilingContext> h;
        h.kg_node_ = KgNode();
        h.kg_node_->platform = platform_;
        h.kg_node_->compile_info = compile_info_;
        h.kg_node_->tiling_data = tiling_data_;
        h.kg_node_->workspace_cv = workspace_;
        h.kg_node_->deterministic = deterministic_;
        h.ctx_.reset(new TilingContext(h.kg_node_.get()));
        return h;
    }

private:
    void* compile_info_ = nullptr;
    fe::PlatFormInfos* platform_ = nullptr;
    int32_t deterministic_ = 0;
    int32_t deterministic_level_ = 0;
    gert::TilingData* tiling_data_ = nullptr;
    ContinuousVector* workspace_ = nullptr;
};

class OpTilingParseContextBuilder : public OpContextBuilderBase {
public:
    KGEMU_BUILDER_COMMON(OpTilingParseContextBuilder)
    OpTilingParseContextBuilder& CompiledJson(const ge::char_t* j) {
        json_ = j == nullptr ? "{}" : j;
        return *this;
    }
    OpTilingParseContextBuilder& CompiledInfo(const void* p) {
        compile_info_ = const_cast<void*>(p);
        return *this;
    }
    OpTilingParseContextBuilder& PlatformInfo(const void* p) {
        platform_ = static_cast<fe::PlatFormInfos*>(const_cast<void*>(p));
        return *this;
    }
    ContextHolder<TilingParseContext> Build() {
        ContextHolder<TilingParseContext> h;
        h.kg_node_ = KgNode();
        h.kg_node_->platform = platform_;
        h.kg_node_->compile_info = compile_info_;
        h.kg_node_->compiled_json = json_;
        h.ctx_.reset(new TilingParseContext(h.kg_node_.get()));
        return h;
    }

private:
    std::string json_ = "{}";
    void* compile_info_ = nullptr;
    fe::PlatFormInfos* platform_ = nullptr;
};

class OpInferShapeContextBuilder : public OpContextBuilderBase {
public:
    KGEMU_BUILDER_COMMON(OpInferShapeContextBuilder)
    ContextHolder<InferShapeContext> Build() {
        ContextHolder<InferShapeContext> h;
        h.kg_node_ = KgNode();
        for (auto& s : h.kg_node_->out_shapes) s = StorageShape();  // outputs: what the infershape writes
        h.ctx_.reset(new InferShapeContext(h.kg_node_.get()));
        return h;
    }
};

class OpInferShapeRangeContextBuilder : public OpContextBuilderBase {
public:
    KGEMU_BUILDER_COMMON(OpInferShapeRangeContextBuilder)
    OpInferShapeRangeContextBuilder& InputTensorsRange(const std::vector<Range<Tensor>*>& r) {
        (void)r;
        return *this;
    }
    ContextHolder<InferShapeRangeContext> Build() {
        ContextHolder<InferShapeRangeContext> h;
        h.kg_node_ = KgNode();
        h.ctx_.reset(new InferShapeRangeContext(h.kg_node_.get()));
        return h;
    }
};

class OpInferDataTypeContextBuilder : public OpContextBuilderBase {
public:
    KGEMU_BUILDER_COMMON(OpInferDataTypeContextBuilder)
    ContextHolder<InferDataTypeContext> Build() {
        ContextHolder<InferDataTypeContext> h;
        h.kg_node_ = KgNode();
        h.ctx_.reset(new InferDataTypeContext(h.kg_node_.get()));
        return h;
    }
};
}  // namespace gert

#endif  // KGEMU_BASE_CONTEXT_BUILDER_OP_CONTEXT_BUILDER_BASE_H
