// kernelgen CPU emulator: ADD_TO_LAUNCHER_LIST_AICORE. The program links one kernel unit per dtype combination
// (each registers itself with kgemu_acl_register_kernel); stage 1 picks the unit for the tensors' dtypes,
// stage 2 fills a KgRunRequest and calls kg_run (runtime/kg_harness.cpp), which runs the registered tiling and
// then the kernel on every block through kg_kernel_entry, defined here as a dispatch to the chosen unit.
#include <atomic>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "kgemu/abi.h"
#include "opdev/data_type_utils.h"
#include "opdev/op_executor.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"
#include "opdev/tensor_view_utils.h"
#define KGEMU_ACL_DETAIL_OK
#include "kgemu/detail/acl_device.h"

namespace kgemu {
namespace acl {
namespace {
using KernelFn = void (*)(uint8_t**, int32_t, uint64_t);

struct KernelUnit {
    std::string opType;
    std::vector<int32_t> dtypes;  // inputs then outputs
    KernelFn entry;
};

std::mutex g_kernelsMu;
std::vector<KernelUnit>& Kernels()
{
    static auto* kernels = new std::vector<KernelUnit>();
    return *kernels;
}
std::atomic<KernelFn> g_active{nullptr};
// The kernel type of a unit's tiling keys (opdir_example.py registers it when the launcher has one): AIC-only and
// MIX kernels run their AIC blocks under run-example as under `kernelgen sim`.
using KernelTypeFn = int32_t (*)(uint64_t);
std::map<KernelFn, KernelTypeFn>& KernelTypes()
{
    static auto* types = new std::map<KernelFn, KernelTypeFn>();
    return *types;
}

std::string DtypeTuple(const std::vector<int32_t>& dtypes)
{
    std::string s = "(";
    for (size_t i = 0; i < dtypes.size(); ++i) {
        s += (i ? ", " : "") + std::string(dtypes[i] < 0 ? "absent" : op::ToString(static_cast<op::DataType>(dtypes[i])).GetString());
    }
    return s + ")";
}

bool SameOpType(const std::string& a, const std::string& b)
{
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
    }
    return true;
}

// The kernel unit for opType and dtypes. The OpDef's spelling is matched without regard to case (ops-nn's
// SoftshrinkGrad OpDef is launched as SoftShrinkGrad by its op_api); *registered is set to the OpDef's spelling.
KernelFn FindKernel(const std::string& opType, const std::vector<int32_t>& dtypes, std::string* built,
                    std::string* registered)
{
    std::lock_guard<std::mutex> lock(g_kernelsMu);
    for (const KernelUnit& k : Kernels()) {
        if (!SameOpType(k.opType, opType)) continue;
        if (registered != nullptr) *registered = k.opType;
        if (built != nullptr) *built += (built->empty() ? "" : "; ") + DtypeTuple(k.dtypes);
        if (k.dtypes.size() != dtypes.size()) continue;
        bool match = true;
        for (size_t i = 0; i < dtypes.size() && match; ++i) match = dtypes[i] < 0 || dtypes[i] == k.dtypes[i];
        if (match) return k.entry;
    }
    return nullptr;
}

struct NamedTensor {
    std::string name;
    const aclTensor* tensor;
};

}  // namespace
}  // namespace acl
}  // namespace kgemu

// 1 in programs built for an operator directory (kernelgen/emulator/opdir_example.py defines it so): GM accesses
// into a tensor's allocation padding are warnings, as `kernelgen sim` treats directories; 0 (strict) otherwise.
extern "C" __attribute__((weak)) int32_t kgemu_acl_gm_slack(void) { return 0; }
// 1 in programs whose kernel calls SyncAll (opdir_example.py defines it so): its launches run every block at once.
extern "C" __attribute__((weak)) int32_t kgemu_acl_all_blocks(void) { return 0; }

namespace kgemu {
namespace acl {
namespace {
int32_t ThreadsFromEnv()
{
    if (kgemu_acl_all_blocks() != 0) return -1;  // the kernel calls SyncAll: every block at once, as `sim` runs it
    const char* v = std::getenv("KERNELGEN_THREADS");
    return v != nullptr ? std::atoi(v) : 0;
}

KgTensor ToKgTensor(const NamedTensor& nt)
{
    KgTensor t{};
    t.name = nt.name.c_str();
    if (nt.tensor == nullptr) {
        t.ndim = -1;
        return t;
    }
    const op::Shape& shape = nt.tensor->GetViewShape();
    t.dtype = nt.tensor->GetDataType();
    t.format = ge::GetPrimaryFormat(nt.tensor->GetViewFormat());
    t.ndim = static_cast<int32_t>(shape.GetDimNum());
    for (size_t i = 0; i < shape.GetDimNum() && i < 8; ++i) t.dims[i] = shape.GetDim(i);
    t.data = nt.tensor->GetData();
    t.bytes = static_cast<uint64_t>(nt.tensor->Numel()) * nt.tensor->ElementSize();
    return t;
}

// OP_INPUT/OP_OUTPUT are positional, as in CANN (the names are whatever expressions the op_api code wrote), so a
// tensor is bound by position; only consecutive tensors of one name (a DYNAMIC list) keep it, to stay together.
std::vector<KgTensor> ToKgTensors(const std::vector<NamedTensor>& tensors)
{
    std::vector<KgTensor> out;
    for (size_t i = 0; i < tensors.size(); ++i) {
        KgTensor t = ToKgTensor(tensors[i]);
        const bool listed = (i > 0 && tensors[i - 1].name == tensors[i].name) ||
                            (i + 1 < tensors.size() && tensors[i + 1].name == tensors[i].name);
        if (!listed) t.name = nullptr;
        out.push_back(t);
    }
    return out;
}

KgAttr ToKgAttr(const OpAttr& a)
{
    KgAttr k{};
    k.name = nullptr;  // positional, as OP_ATTR is in CANN (a.name is whatever expression the op_api code wrote)
    k.kind = a.kind;
    k.f = a.f;
    k.i = a.i;
    k.s = a.s.c_str();
    k.list_f = a.list_f.data();
    k.list_i = a.list_i.data();
    k.list_len = static_cast<int32_t>(a.kind == KG_ATTR_LIST_FLOAT ? a.list_f.size() : a.list_i.size());
    return k;
}

// kg_set_gm_slack's mode for a launch: with allocation padding allowed, a launch whose outputs are all the
// executor's workspace tensors (an op_api l0 operator's AllocTensor results, each in its own 512-byte slice)
// may also write into their padding; one writing the caller's tensors (a view, perhaps) may not.
int32_t SlackMode(const std::vector<NamedTensor>& outputs)
{
    if (kgemu_acl_gm_slack() == 0) return 0;
    for (const auto& o : outputs) {
        if (o.tensor != nullptr && o.tensor->origin_ != TensorOrigin::kWorkspace) return 1;
    }
    return 2;
}

// A KgRunRequest for one launch's tensors and attributes. withData false: shapes, dtypes and formats only (device
// data does not exist at stage 1), for kg_infer_shape and kg_tiling. Not copyable: req points into its members.
struct HostRequest {
    HostRequest(const std::string& opType, const std::vector<NamedTensor>& inputs,
                const std::vector<NamedTensor>& outputs, const std::vector<OpAttr>& attrs, bool withData = false)
        : type(opType), in(ToKgTensors(inputs)), out(ToKgTensors(outputs)), error(8192, '\0')
    {
        // Without data (the first stage), a const tensor still shows its host bytes (what a ValueDepend tiling
        // reads); every other tensor's memory is the device's, not readable by host code.
        for (auto* list : {&in, &out}) {
            const std::vector<NamedTensor>& from = list == &in ? inputs : outputs;
            for (size_t i = 0; i < list->size(); ++i) {
                KgTensor& t = (*list)[i];
                if (withData) continue;
                const aclTensor* src = from[i].tensor;
                const bool host = src != nullptr && !src->hostData_.empty();
                t.data = host ? static_cast<void*>(const_cast<uint8_t*>(src->hostData_.data())) : nullptr;
                t.bytes = host ? src->hostData_.size() : 0;
            }
        }
        for (const auto& a : attrs) kattrs.push_back(ToKgAttr(a));
        req.op_type = type.c_str();
        req.soc = kgemu_acl_soc();
        req.inputs = in.data();
        req.n_inputs = static_cast<int32_t>(in.size());
        req.outputs = out.data();
        req.n_outputs = static_cast<int32_t>(out.size());
        req.attrs = kattrs.empty() ? nullptr : kattrs.data();
        req.n_attrs = static_cast<int32_t>(kattrs.size());
        req.error = error.data();
        req.error_cap = error.size();
    }
    HostRequest(const HostRequest&) = delete;
    HostRequest& operator=(const HostRequest&) = delete;
    std::string type;
    std::vector<KgTensor> in;
    std::vector<KgTensor> out;
    std::vector<KgAttr> kattrs;
    std::vector<char> error;
    KgRunRequest req{};
};

// Stage 2 of one AI Core launch.
aclnnStatus RunLaunch(const std::string& opType, KernelFn entry, const std::vector<NamedTensor>& inputs,
                      const std::vector<NamedTensor>& outputs, const std::vector<OpAttr>& attrs, const RunContext& ctx,
                      uint64_t wsOffset, uint64_t wsBytes)
{
    int64_t outElements = 0;
    for (const auto& o : outputs) outElements += o.tensor->Numel();
    if (outElements == 0) return ACLNN_SUCCESS;  // nothing to compute: no launch, as for empty tensors on an NPU
    HostRequest host(opType, inputs, outputs, attrs, true);
    KgRunRequest& req = host.req;
    std::vector<char> report(1 << 16);
    req.threads = ThreadsFromEnv();
    req.trace = 0;
    if (wsBytes > 0) {  // the slice of the caller's workspace stage 1 reserved for this launch
        req.workspace = ctx.workspace + wsOffset;
        req.workspace_cap = wsBytes;
    }
    int32_t status = KG_OK;
    for (int attempt = 0; attempt < 3; ++attempt) {
        req.report = report.data();
        req.report_cap = report.size();
        host.error[0] = '\0';
        g_active.store(entry);
        kg_set_gm_slack(SlackMode(outputs));
        try {
            status = kg_run(&req);
        } catch (const std::exception& exc) {
            std::snprintf(host.error.data(), host.error.size(), "the emulator threw: %s", exc.what());
            status = KG_DEFECT;
        }
        const char* needs = std::strstr(host.error.data(), "report needs");
        if (status != KG_USAGE || needs == nullptr) break;
        report.assign(std::strtoull(needs + std::strlen("report needs"), nullptr, 10) + 1024, '\0');
    }
    const std::string message = host.error.data();
    switch (status) {
        case KG_OK: {
            const char* warn = std::strstr(report.data(), "\"warnings\": [\"");
            if (warn == nullptr) warn = std::strstr(report.data(), "\"warnings\":[\"");
            if (warn != nullptr) {
                LogMessage(LogLevel::kWarn, "kernel", "%s on %s: %.600s", opType.c_str(), req.soc->name,
                           std::strchr(warn, '[') + 1);
            }
        }
            if (TraceEnabled()) std::fprintf(stderr, "[TRACE]     %s report: %.400s\n", opType.c_str(), report.data());
            return ACLNN_SUCCESS;
        case KG_DEFECT:
            // On an NPU the launch succeeds and the fault surfaces at synchronisation; so it does here.
            LogError(ACL_ERROR_RT_AICORE_EXCEPTION, "kernel", "%s", message.c_str());
            SetStreamError(ctx.stream, ACL_ERROR_RT_AICORE_EXCEPTION, message);
            return ACLNN_SUCCESS;
        case KG_HOST_FAILED:
            LogError(ACLNN_ERR_INNER_TILING_ERROR, "tiling", "%s tiling failed: %s", opType.c_str(), message.c_str());
            return ACLNN_ERR_INNER_TILING_ERROR;
        default:
            LogError(ACLNN_ERR_INNER, "kg_run", "%s: %s", opType.c_str(), message.c_str());
            return ACLNN_ERR_INNER;
    }
}
}  // namespace

std::vector<std::string> SplitArgNames(const char* names)
{
    std::vector<std::string> out;
    std::string cur;
    int depth = 0;
    for (const char* p = names == nullptr ? "" : names; *p != '\0'; ++p) {
        const char c = *p;
        if (c == '(' || c == '[' || c == '{' || c == '<') ++depth;
        if (c == ')' || c == ']' || c == '}' || c == '>') --depth;
        if (c == ',' && depth == 0) {
            out.push_back(cur);
            cur.clear();
        } else if (c != ' ' && c != '\t' && c != '\n') {
            cur += c;
        }
    }
    if (!cur.empty() || !out.empty()) out.push_back(cur);
    return out;
}

void SetAttrValue(OpAttr& a, double v) { a.kind = KG_ATTR_FLOAT; a.f = v; }
void SetAttrValue(OpAttr& a, float v) { a.kind = KG_ATTR_FLOAT; a.f = v; }
void SetAttrValue(OpAttr& a, bool v) { a.kind = KG_ATTR_BOOL; a.i = v ? 1 : 0; }
void SetAttrValue(OpAttr& a, int64_t v) { a.kind = KG_ATTR_INT; a.i = v; }
void SetAttrValue(OpAttr& a, const char* v) { a.kind = KG_ATTR_STR; a.s = v == nullptr ? "" : v; }
void SetAttrValue(OpAttr& a, const std::string& v) { a.kind = KG_ATTR_STR; a.s = v; }
void SetAttrValue(OpAttr& a, const aclIntArray* v)
{
    a.kind = KG_ATTR_LIST_INT;
    if (v != nullptr) a.list_i.assign(v->GetData(), v->GetData() + v->Size());
}
void SetAttrValue(OpAttr& a, const aclFloatArray* v)
{
    a.kind = KG_ATTR_LIST_FLOAT;
    if (v != nullptr) a.list_f.assign(v->GetData(), v->GetData() + v->Size());
}
void SetAttrValue(OpAttr& a, const aclBoolArray* v)
{
    a.kind = KG_ATTR_LIST_BOOL;
    if (v != nullptr) {
        for (uint64_t i = 0; i < v->Size(); ++i) a.list_i.push_back((*v)[i] ? 1 : 0);
    }
}

namespace {
// OP_INPUT / OP_OUTPUT tensors, each with its name (a DYNAMIC list repeats it).
void SplitArgs(const LaunchArgs& args, std::vector<NamedTensor>& inputs, std::vector<NamedTensor>& outputs)
{
    for (const OpArgs& a : args.args) {
        for (size_t i = 0; i < a.tensors.size(); ++i) {
            NamedTensor nt{i < a.names.size() ? a.names[i] : "arg" + std::to_string(i), a.tensors[i]};
            (a.role == OpArgRole::kInput ? inputs : outputs).push_back(nt);
        }
    }
}
}  // namespace

aclnnStatus InferShapeImpl(const char* opType, const LaunchArgs& args)
{
    if (opType == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "INFER_SHAPE: the op type is null");
        return ACLNN_ERR_INNER_NULLPTR;
    }
    std::vector<NamedTensor> inputs;
    std::vector<NamedTensor> outputs;
    SplitArgs(args, inputs, outputs);
    for (const auto& o : outputs) {
        if (o.tensor == nullptr) {
            OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "INFER_SHAPE %s: output %s is null", opType, o.name.c_str());
            return ACLNN_ERR_INNER_NULLPTR;
        }
    }
    std::string registered = opType;  // the OpDef's spelling, matched without regard to case as launches are
    (void)FindKernel(opType, {}, nullptr, &registered);
    HostRequest host(registered, inputs, outputs, args.attrs.attrs);
    const std::vector<KgTensor>& out = host.out;
    if (kg_infer_shape(&host.req) != KG_OK) {
        OP_LOGE(ACLNN_ERR_INNER_INFERSHAPE_ERROR, "INFER_SHAPE %s: %s", opType, host.error.data());
        return ACLNN_ERR_INNER_INFERSHAPE_ERROR;
    }
    for (size_t k = 0; k < outputs.size(); ++k) {
        auto* tensor = const_cast<aclTensor*>(outputs[k].tensor);
        if (out[k].ndim < 0) {
            OP_LOGE(ACLNN_ERR_INNER_INFERSHAPE_ERROR, "INFER_SHAPE %s: the infershape set no shape for output %s",
                    opType, outputs[k].name.c_str());
            return ACLNN_ERR_INNER_INFERSHAPE_ERROR;
        }
        op::Shape shape;
        shape.SetDimNum(static_cast<size_t>(out[k].ndim));
        for (int32_t d = 0; d < out[k].ndim; ++d) shape.SetDim(static_cast<size_t>(d), out[k].dims[d]);
        if (tensor->origin_ != TensorOrigin::kWorkspace || tensor->owner_ == nullptr) {
            if (tensor->GetViewShape() != shape) {
                std::string dims;
                for (int32_t d = 0; d < out[k].ndim; ++d) dims += (d ? "," : "") + std::to_string(out[k].dims[d]);
                OP_LOGE(ACLNN_ERR_INNER_INFERSHAPE_ERROR, "INFER_SHAPE %s: output %s; the infershape gives [%s] "
                        "(only executor->AllocTensor outputs are reshaped)", opType, tensor->Describe().c_str(),
                        dims.c_str());
                return ACLNN_ERR_INNER_INFERSHAPE_ERROR;
            }
            continue;
        }
        tensor->SetViewShape(shape);
        tensor->SetStorageShape(shape);
        tensor->SetOriginalShape(shape);
        const int64_t numel = shape.GetShapeSize();
        tensor->workspaceOffset_ = const_cast<aclOpExecutor*>(tensor->owner_)->ReserveWorkspace(
            static_cast<uint64_t>(numel < 0 ? 0 : numel) * tensor->ElementSize());
    }
    return ACLNN_SUCCESS;
}

aclnnStatus AddAiCoreLaunchImpl(aclOpExecutor* executor, const char* opType, const LaunchArgs& args)
{
    if (executor == nullptr || opType == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "executor or kernel name is null");
        return ACLNN_ERR_INNER_NULLPTR;
    }
    std::vector<NamedTensor> inputs;
    std::vector<NamedTensor> outputs;
    SplitArgs(args, inputs, outputs);
    std::vector<int32_t> dtypes;  // one per OpDef tensor: a DYNAMIC list (consecutive same name) counts once
    for (const auto* list : {&inputs, &outputs}) {
        for (size_t idx = 0; idx < list->size(); ++idx) {
            const NamedTensor& nt = (*list)[idx];
            const bool sameList = idx > 0 && (*list)[idx - 1].name == nt.name;
            if (nt.tensor == nullptr && list == &outputs) {
                OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "%s: output %s is null", opType, nt.name.c_str());
                return ACLNN_ERR_INNER_NULLPTR;
            }
            if (nt.tensor != nullptr && !op::IsContiguous(nt.tensor)) {
                OP_LOGE(ACLNN_ERR_INNER, "%s: %s is not contiguous; AI Core kernels take contiguous tensors "
                        "(apply l0op::Contiguous first)", opType, nt.tensor->Describe().c_str());
                return ACLNN_ERR_INNER;
            }
            if (!sameList) dtypes.push_back(nt.tensor == nullptr ? -1 : static_cast<int32_t>(nt.tensor->GetDataType()));
        }
    }
    std::string built;
    std::string registered = opType;
    const KernelFn entry = FindKernel(opType, dtypes, &built, &registered);
    if (entry == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "no %s kernel was built for dtypes %s; built: %s", opType,
                DtypeTuple(dtypes).c_str(), built.empty() ? "none" : built.c_str());
        return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
    }
    const std::vector<OpAttr> attrs = args.attrs.attrs;
    // Stage 1 runs the tiling, as CANN does: a failing tiling is reported now, and the workspace it asks for
    // is reserved in the executor's workspace, which the caller allocates and stage 2 hands to the kernel.
    uint64_t wsBytes = 0;
    {
        HostRequest host(registered, inputs, outputs, attrs);
        int64_t outElements = 0;
        for (const auto& o : outputs) outElements += o.tensor->Numel();
        const int32_t status = outElements == 0 ? KG_OK : kg_tiling(&host.req, &wsBytes);
        if (status == KG_HOST_FAILED) {
            OP_LOGE(ACLNN_ERR_INNER_TILING_ERROR, "%s tiling failed: %s", opType, host.error.data());
            return ACLNN_ERR_INNER_TILING_ERROR;
        }
        if (status != KG_OK) {
            OP_LOGE(ACLNN_ERR_INNER, "%s: %s", opType, host.error.data());
            return ACLNN_ERR_INNER;
        }
    }
    const uint64_t wsOffset = wsBytes > 0 ? executor->ReserveWorkspace(wsBytes) : 0;
    Step step;
    step.name = opType;
    for (const auto& nt : inputs) step.inputs.push_back(nt.tensor);
    for (const auto& nt : outputs) step.outputs.push_back(nt.tensor);
    const std::string type = registered;
    step.run = [type, entry, inputs, outputs, attrs, wsOffset, wsBytes](const RunContext& ctx) {
        return RunLaunch(type, entry, inputs, outputs, attrs, ctx, wsOffset, wsBytes);
    };
    executor->AddStep(std::move(step));
    return ACLNN_SUCCESS;
}
}  // namespace acl
}  // namespace kgemu

extern "C" {

int32_t kgemu_acl_register_kernel(const char* op_type, const int32_t* dtypes, int32_t n_dtypes,
                                  void (*entry)(uint8_t**, int32_t, uint64_t))
{
    std::lock_guard<std::mutex> lock(kgemu::acl::g_kernelsMu);
    kgemu::acl::Kernels().push_back(
        kgemu::acl::KernelUnit{op_type, std::vector<int32_t>(dtypes, dtypes + n_dtypes), entry});
    return 0;
}

int32_t kgemu_acl_register_kernel_type(void (*entry)(uint8_t**, int32_t, uint64_t), int32_t (*type)(uint64_t))
{
    std::lock_guard<std::mutex> lock(kgemu::acl::g_kernelsMu);
    kgemu::acl::KernelTypes()[entry] = type;
    return 0;
}

// The harness asks for the kernel type of the launch in progress (kgemu/abi.h): the chosen unit's.
int32_t kg_kernel_type(uint64_t tiling_key)
{
    const auto entry = kgemu::acl::g_active.load();
    std::lock_guard<std::mutex> lock(kgemu::acl::g_kernelsMu);
    const auto it = kgemu::acl::KernelTypes().find(entry);
    return it == kgemu::acl::KernelTypes().end() ? -1 : it->second(tiling_key);
}

void kg_kernel_entry(uint8_t** args, int32_t nargs, uint64_t tiling_key)
{
    const auto entry = kgemu::acl::g_active.load();
    if (entry == nullptr) throw std::runtime_error("kg_kernel_entry: no kernel selected (no launch in progress)");
    entry(args, nargs, tiling_key);
}

}  // extern "C"
