// kernelgen CPU emulator: the host harness behind the C ABI (kgemu/abi.h): kg_run, kg_infer_shape,
// kg_opdef_json. It validates a request against the library's OpDef, runs the operator's own TilingParse /
// Tiling / InferShape / InferDataType functions through the gert contexts, then runs the kernel on every
// block (kg_kernel_entry, defined by the launcher TU) through the kernel runtime (kgemu/runtime.h).
//
// Status codes: KG_USAGE for a malformed request (unknown op type, wrong tensor count or sizes, unknown or
// ill-typed attrs, report buffer too small: "report needs N bytes"); KG_HOST_FAILED when the operator's
// host code or its OpDef rejects the request (SOC not configured, dtype combination not declared, tiling /
// parse / infershape returned failure; the message carries the OP_LOGE text); KG_DEFECT when the emulator
// catches what the NPU would get wrong (block dim outside [1, 65535], undecodable template tiling key,
// a kernel block throwing kgemu::EmuError or any other C++ exception, or trapping with SIGFPE) or a tiling function
// misusing a host API in a way that crashes CANN's host (kgemu::HostDefect, e.g. GetTilingData<legacy class>).
//
// Run report (request->report, JSON):
// {
//   "op_type": str, "soc": str,
//   "tiling_key": uint, "tiling_key_params": {param: value} | null   (decoded ASCENDC_TPL_ARGS_DECL key),
//   "block_dim": int, "schedule_mode": int, "need_atomic": bool, "local_memory_size": int,
//   "workspace_bytes": uint, "workspace_sizes": [uint],
//   "tiling_data_size": uint, "tiling_data_hex": str (the host-written bytes, lowercase hex),
//   "tiling_fields": {name: number | [number]}   (only when BEGIN_TILING_DATA_DEF classes named them),
//   "ub_bytes_used_max": uint, "ub_pool": uint, "ub_doc_usable": uint,
//   "warnings": [str]   (host OP_LOGW lines "host: ...", harness checks, and kernel warnings
//                        "block <first> (and <n> more): ..." with identical texts of several blocks merged),
//   "blocks": [{"vector_calls": {api: calls}, "gm_read_bytes": uint, "gm_write_bytes": uint,
//               "ub_bytes_used": uint}],                                   one entry per block, in order
//   "trace_fields": ["api","pipe","bytes","elements","repeats","dtype_bytes","gm_offset","queue","buffer",
//                    "ub_dst","ub_src0","ub_src1","l2"],
//   "trace": [[[event fields in trace_fields order], ...] per block]       (both only when request->trace)
// }
// Kernel arguments (kg_kernel_entry): IR inputs in OpDef order (absent optional inputs as nullptr), IR
// outputs (absent optional ones as nullptr), workspace (nullptr when the tiling asked for none), tiling data.
// A DYNAMIC input or output (a tensor list: consecutive request tensors of the same name) is passed as the
// address of a ListTensorDesc descriptor in GM (see bind_param in DoRun).
// This TU compiles register/op_def.h's out-of-line OpDef members and the host registries' out-of-line functions
// (op_impl_registry.h, tilingdata_base.h, platform/platform_infos_def.h, kgemu/detail/host_tpl.h,
// host_impl_registry.h): once per cache, not per host unit; and the opbase functions op_host/tiling_base_util.h
// only declares.
#define KGEMU_OPDEF_IMPL

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "kgemu/abi.h"
#include "kgemu/runtime.h"
#include "exe_graph/runtime/tiling_context.h"
#include "register/op_def_registry.h"
#include "op_host/tiling_base_util.h"  // Ops::Base::EnsureNotScalar's one definition (libopbase's)
#ifndef KGEMU_HOST_DETAIL_OK
#define KGEMU_HOST_DETAIL_OK
#endif
#include "kgemu/detail/host_json.h"
#include "kgemu/detail/host_log.h"
#include "kgemu/detail/host_opdef_json.h"
#include "kgemu/detail/host_request.h"
#include "kgemu/detail/host_tiling_fields.h"
#include "kgemu/detail/host_tpl.h"

namespace {
using namespace kgemu::detail;

constexpr size_t kTilingCapacity = 64 * 1024;
constexpr uint64_t kMaxWorkspaceBytes = 4ULL << 30;
constexpr uint32_t kMaxBlockDim = 65535;
int32_t g_gm_slack = 0;  // kg_set_gm_slack
uint64_t g_gm_guard = 0;  // kg_set_gm_guard (cleared by kg_set_gm_slack)
std::string g_trace_path;  // kg_set_trace_file: stream traced events there instead of into the JSON report

// Trace streaming: as each block ends, its events go to the file as fixed 64-byte little-endian records (the
// layout of kernelgen/emulator/trace.py RECORD) and the block's vector is released. api/pipe are indices into
// a string table that the report lists as "trace_strings".
#pragma pack(push, 1)
struct TraceRecord {
    uint64_t bytes, elements;
    int64_t gm_offset;
    uint32_t repeats, dtype_bytes;
    int32_t queue, buffer, ub_dst, ub_src0, ub_src1, l2;
    uint16_t api, pipe;
    uint32_t block;
};
#pragma pack(pop)
static_assert(sizeof(TraceRecord) == 64, "trace record layout");

struct TraceSink {
    std::FILE* f = nullptr;
    std::mutex mu;
    std::map<const char*, uint16_t> ids;
    std::vector<std::string> strings;
    bool failed = false;

    uint16_t id(const char* s) {
        auto it = ids.find(s);
        if (it != ids.end()) return it->second;
        const auto k = static_cast<uint16_t>(strings.size());
        strings.emplace_back(s == nullptr ? "" : s);
        ids.emplace(s, k);
        return k;
    }
    void write(uint32_t block, std::vector<kgemu::TraceEvent>& events) {
        std::lock_guard<std::mutex> lock(mu);
        std::vector<TraceRecord> out(events.size());
        for (size_t i = 0; i < events.size(); ++i) {
            const auto& e = events[i];
            out[i] = TraceRecord{e.bytes, e.elements, e.gm_offset, e.repeats, e.dtype_bytes, e.queue, e.buffer,
                                 e.ub_dst, e.ub_src0, e.ub_src1, e.l2, id(e.api), id(e.pipe), block};
        }
        if (!out.empty() && std::fwrite(out.data(), sizeof(TraceRecord), out.size(), f) != out.size()) failed = true;
        std::vector<kgemu::TraceEvent>().swap(events);
    }
};

int32_t Fail(KgRunRequest* req, int32_t code, const std::string& msg) {
    if (req != nullptr && req->error != nullptr && req->error_cap > 0) {
        const size_t n = std::min<size_t>(msg.size(), req->error_cap - 1);
        std::memcpy(req->error, msg.data(), n);
        req->error[n] = '\0';
    }
    return code;
}

std::string RegisteredTypes() {
    std::string s;
    for (const ops::OpDef* d : ops::OpDefFactory::KgAll()) s += (s.empty() ? "" : ", ") + d->KgType();
    return s.empty() ? "none (no OP_ADD in this library)" : s;
}

// A log line without the "<type>:<name>: " prefix OP_LOG* adds when it is just this node's.
std::string Unprefixed(const std::string& text, const std::string& op_type) {
    const std::string own = op_type + ":" + op_type + ": ";
    return text.compare(0, own.size(), own) == 0 ? text.substr(own.size()) : text;
}

// The OP_LOGE lines captured since the last clear, joined.
std::string HostErrors(const std::string& op_type = "") {
    std::string s;
    for (const auto& l : HostLogLines()) {
        if (l.level == LogLevel::kError) s += (s.empty() ? "" : "; ") + Unprefixed(l.text, op_type);
    }
    return s;
}

void TakeHostWarnings(std::vector<std::string>& warnings, const std::string& op_type) {
    for (const auto& l : HostLogLines()) {
        if (l.level == LogLevel::kWarn) warnings.push_back("host: " + Unprefixed(l.text, op_type));
    }
}

std::string StatusName(uint32_t st) {
    if (st == ge::GRAPH_FAILED) return "GRAPH_FAILED";
    if (st == ge::GRAPH_PARAM_INVALID) return "GRAPH_PARAM_INVALID";
    return "status " + std::to_string(st);
}

// Everything kg_run and kg_infer_shape share: op lookup, tensor binding, attrs.
struct Prepared {
    const ops::OpDef* def = nullptr;
    const ImplData* impl = nullptr;
    EffectiveOp op;
    std::unique_ptr<HostNode> node;
    std::unique_ptr<fe::PlatFormInfos> platform;
    std::vector<ParamBinding> in_bind, out_bind;
    std::vector<std::string> warnings;
    std::vector<size_t> columns;  // matching OpDef dtype columns
    std::string soc;
};

int32_t Prepare(KgRunRequest* req, bool for_run, Prepared& p, bool need_data = true) {
    if (req == nullptr) return KG_USAGE;
    HostLogLines().clear();
    TilingSaves().clear();
    if (req->op_type == nullptr) return Fail(req, KG_USAGE, "request has no op_type");
    if (req->soc == nullptr || req->soc->name == nullptr) return Fail(req, KG_USAGE, "request has no SOC");
    p.soc = req->soc->name;
    p.def = ops::OpDefFactory::KgFind(req->op_type);
    if (p.def == nullptr) {
        return Fail(req, KG_USAGE, std::string("unknown op type '") + req->op_type + "'; registered: " + RegisteredTypes());
    }
    p.impl = FindImpl(req->op_type);
    p.op = ResolveOp(*p.def, p.soc);
    if (!p.op.soc_configured) {
        std::string socs;
        for (const auto& s : p.op.socs) socs += (socs.empty() ? "" : ", ") + s;
        return Fail(req, KG_HOST_FAILED, std::string(req->op_type) + " has no AICore().AddConfig(\"" + p.soc +
                                             "\") in its OpDef; configured: " + (socs.empty() ? "none" : socs));
    }
    p.node.reset(new HostNode());
    HostNode& node = *p.node;
    node.op_type = req->op_type;
    node.node_name = req->op_type;
    p.platform.reset(new fe::PlatFormInfos(req->soc));
    node.platform = p.platform.get();

    std::set<size_t> visible;  // IR inputs whose data host code may read (value dependency)
    for (size_t k = 0; k < p.op.inputs.size(); ++k) {
        if (p.op.inputs[k].value_depend) visible.insert(k);
    }
    if (p.impl != nullptr) {
        for (int32_t i : p.impl->data_dependency) visible.insert(static_cast<size_t>(i));
        for (int32_t i : p.impl->tiling_data_dependency) visible.insert(static_cast<size_t>(i));
    }
    std::string e = BindTensors(p.op.inputs, req->inputs, req->n_inputs, false, for_run && need_data, visible, node,
                                p.in_bind);
    if (!e.empty()) return Fail(req, KG_USAGE, std::string(req->op_type) + ": " + e);
    if (for_run) {
        e = BindTensors(p.op.outputs, req->outputs, req->n_outputs, true, need_data, {}, node, p.out_bind);
        if (!e.empty()) return Fail(req, KG_USAGE, std::string(req->op_type) + ": " + e);
        e = CheckDtypes(p.op, node, p.soc, &p.columns);
        if (!e.empty()) return Fail(req, KG_HOST_FAILED, "OpDef: " + e);
    } else {
        if (req->n_outputs < 0 || (req->n_outputs > 0 && req->outputs == nullptr)) {
            return Fail(req, KG_USAGE, std::string(req->op_type) + ": the request's output array is missing");
        }
        int32_t r = 0;
        for (size_t k = 0; k < p.op.outputs.size(); ++k) {
            const bool dynamic = p.op.outputs[k].param_type == ops::DYNAMIC;
            const uint32_t start = static_cast<uint32_t>(node.out_shapes.size());
            uint32_t count = 0;
            // a DYNAMIC output takes every consecutive tensor of its name (a tensor list); others take one
            while (r < req->n_outputs && (count == 0 || dynamic) &&
                   (!dynamic || (req->outputs[r].name != nullptr && p.op.outputs[k].name == req->outputs[r].name))) {
                const KgTensor& t = req->outputs[r];
                node.out_shapes.emplace_back();
                const auto fmt = static_cast<ge::Format>(t.format);
                node.out_descs.emplace_back(static_cast<ge::DataType>(t.dtype), fmt, fmt);
                node.out_tensors.emplace_back();
                ++count;
                ++r;
            }
            if (count == 0 && !dynamic) {
                return Fail(req, KG_USAGE, std::string(req->op_type) + " declares " + std::to_string(p.op.outputs.size()) +
                                               " outputs; the request has " + std::to_string(req->n_outputs));
            }
            node.out_ir.emplace_back(start, count);
        }
        if (r != req->n_outputs) {
            return Fail(req, KG_USAGE, std::string(req->op_type) + " declares " + std::to_string(p.op.outputs.size()) +
                                           " outputs; the request has " + std::to_string(req->n_outputs) + " tensors");
        }
    }
    e = BuildAttrs(*p.def, p.impl, *req, node.attr_store, p.warnings);
    if (!e.empty()) return Fail(req, KG_USAGE, std::string(req->op_type) + ": " + e);
    return KG_OK;
}

std::string Hex(const uint8_t* data, size_t n) {
    static const char* kDigits = "0123456789abcdef";
    std::string s;
    s.reserve(n * 2);
    for (size_t i = 0; i < n; ++i) {
        s += kDigits[data[i] >> 4];
        s += kDigits[data[i] & 15];
    }
    return s;
}

void WriteFieldValue(JsonWriter& w, const TilingFieldRecord& f, const uint8_t* p) {
    const std::string& t = f.dtype;
    const bool is_float = t.find("float") != std::string::npos || t.find("double") != std::string::npos;
    const bool is_unsigned = t[0] == 'u' || t.compare(0, 8, "unsigned") == 0 || t == "bool" || t == "size_t";
    if (is_float) {
        if (f.elem_size == 8) {
            double d;
            std::memcpy(&d, p, 8);
            w.Double(d);
        } else {
            float x;
            std::memcpy(&x, p, 4);
            w.Double(x);
        }
        return;
    }
    uint64_t u = 0;
    std::memcpy(&u, p, std::min<size_t>(f.elem_size, 8));
    if (is_unsigned || f.elem_size >= 8) {
        if (!is_unsigned) w.Int(static_cast<int64_t>(u));
        else w.Uint(u);
        return;
    }
    const unsigned shift = static_cast<unsigned>(64 - 8 * f.elem_size);
    w.Int(static_cast<int64_t>(u << shift) >> shift);  // sign-extend
}

// Names the bytes of the raw tiling buffer that BEGIN_TILING_DATA_DEF classes saved. False if none did.
bool WriteTilingFields(JsonWriter& w, const uint8_t* buf, size_t size) {
    bool any = false;
    for (const auto& rec : TilingSaves()) {
        const auto* dst = static_cast<const uint8_t*>(rec.dst);
        if (dst < buf || dst >= buf + kTilingCapacity) continue;
        const size_t base = static_cast<size_t>(dst - buf);
        for (const auto& f : rec.fields) {
            const size_t off = base + f.offset;
            if (off + f.elem_size * f.count > size) continue;
            if (!any) {
                w.Key("tiling_fields").BeginObject();
                any = true;
            }
            w.Key(f.name);
            if (f.is_array) {
                w.BeginArray();
                for (size_t i = 0; i < f.count; ++i) WriteFieldValue(w, f, buf + off + i * f.elem_size);
                w.EndArray();
            } else {
                WriteFieldValue(w, f, buf + off);
            }
        }
    }
    if (any) w.EndObject();
    return any;
}

// The output's InitValue (the framework fills the output before the kernel runs).
void ApplyInitValues(const Prepared& p, KgRunRequest* req) {
    for (size_t k = 0; k < p.op.outputs.size(); ++k) {
        const auto& iv = p.op.outputs[k].init_values;
        const ParamBinding& b = p.out_bind[k];
        if (iv.empty() || b.first < 0) continue;
        size_t pick = 0;
        if (iv.size() > 1 && !p.columns.empty() && p.columns[0] < iv.size()) pick = p.columns[0];
        for (int32_t j = 0; j < b.count; ++j) {
            KgTensor& t = req->outputs[b.first + j];
            const uint32_t eb = DataTypeBytes(t.dtype);
            if (eb == 0 || t.data == nullptr) continue;
            uint8_t one[16] = {0};
            if (!StoreScalarAs(t.dtype, iv[pick].value, one)) continue;
            auto* out = static_cast<uint8_t*>(t.data);
            for (uint64_t off = 0; off + eb <= t.bytes; off += eb) std::memcpy(out + off, one, eb);
        }
    }
}

// Whether name is one of the comma-separated names in list (null: none).
bool NamedIn(const char* list, const std::string& name) {
    if (list == nullptr) return false;
    const std::string all = std::string(",") + list + ",";
    return all.find("," + name + ",") != std::string::npos;
}

// Registers output k for the coverage check: every element written exactly once, unless the output is an
// input too (in place), shares an input's memory, the framework pre-fills it (InitValue: atomic kernels), or the
// caller names it as carrying no data for this call (the operator's docs: batch_norm's reserve_space_3, "数据无意义").
void MarkOutput(const Prepared& p, const KgRunRequest* req, size_t k, const std::string& name, bool in_place) {
    const ParamBinding& b = p.out_bind[k];
    if (b.first < 0) return;
    const bool dynamic = p.op.outputs[k].param_type == ops::DYNAMIC;
    const bool no_data = NamedIn(req->no_data, p.op.outputs[k].name);
    for (int32_t j = 0; j < b.count; ++j) {
        const KgTensor& t = req->outputs[b.first + j];
        bool aliased = in_place || no_data || !p.op.outputs[k].init_values.empty();
        for (int32_t i = 0; i < req->n_inputs; ++i) aliased = aliased || (t.data != nullptr && req->inputs[i].data == t.data);
        kgemu::rt_mark_output((dynamic ? name + "[" + std::to_string(j) + "]" : name).c_str(), !aliased);
    }
}

struct BlockResult {
    bool failed = false;
    std::string diag;
    kgemu::BlockStats stats;
};

// SIGFPE inside a block (an integer division by zero or INT_MIN / -1 in the kernel's own scalar code) becomes
// the block's error: every unit is compiled with -fnon-call-exceptions (build.py CXXFLAGS), so the handler can
// throw through the trapping instruction into RunBlock's catch, which names the block, tile and last API call.
// A SIGFPE outside a block goes to the handler that was there before (Python's faulthandler, or the default
// action): the handler puts it back and returns, so the instruction traps again into it.
thread_local bool t_in_block = false;
struct sigaction g_prev_sigfpe {};

void OnSigfpe(int, siginfo_t* info, void*) {
    if (!t_in_block) {
        sigaction(SIGFPE, &g_prev_sigfpe, nullptr);
        return;
    }
    t_in_block = false;
    const char* what = info != nullptr && info->si_code == FPE_INTOVF ? "an integer division overflowed (INT_MIN / -1)"
                                                                      : "an integer division by zero";
    const std::string api = kgemu::block_last_api();
    throw kgemu::EmuError(std::string("SIGFPE: ") + what + " in the kernel's own scalar code" +
                          (api.empty() ? std::string(" before its first API call") : " after " + api) +
                          "; on the NPU its result is undefined (check the divisor: a tiling field or shape dimension "
                          "that is 0?)");
}

void InstallSigfpeTrap() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction sa{};
        sa.sa_sigaction = OnSigfpe;
        sa.sa_flags = SA_SIGINFO | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGFPE, &sa, &g_prev_sigfpe);
    });
}

struct InBlock {
    InBlock() { t_in_block = true; }
    ~InBlock() { t_in_block = false; }
};

void RunBlock(uint32_t idx, uint32_t n, uint64_t key, const std::vector<uint8_t*>& args_template,
              const std::string& where, BlockResult& out, const std::vector<kgemu::CoreSlot>& slots, uint32_t aiv_slots) {
    std::vector<uint8_t*> args = args_template;
    std::string what;
    InstallSigfpeTrap();
    try {
        kgemu::rt_block_begin(idx, n, key);
        if (idx < slots.size()) kgemu::rt_block_core(slots[idx], aiv_slots);
        {
            InBlock guard;
            kg_kernel_entry(args.data(), static_cast<int32_t>(args.size()), key);
        }
        out.stats = kgemu::rt_block_end();
        return;
    } catch (const kgemu::EmuError& e) {
        what = e.what();
    } catch (const std::exception& e) {
        what = std::string("C++ exception: ") + e.what();
    } catch (...) {
        what = "unknown C++ exception";
    }
    const std::string progress = kgemu::rt_block_abandon();
    out.failed = true;
    out.diag = where + ", " + kgemu::rt_slot_name(slots, idx) + " of " + std::to_string(n) +
               (progress.empty() ? "" : ", " + progress) + ": " + what;
}

void WriteBlocks(JsonWriter& w, const std::vector<BlockResult>& results, bool trace, const TraceSink* sink) {
    w.Key("blocks").BeginArray();
    for (const auto& r : results) {
        w.BeginObject();
        w.Key("vector_calls").BeginObject();
        for (const auto& kv : r.stats.vector_calls) w.Key(kv.first).Uint(kv.second);
        w.EndObject();
        w.Key("gm_read_bytes").Uint(r.stats.gm_read_bytes);
        w.Key("gm_write_bytes").Uint(r.stats.gm_write_bytes);
        w.Key("ub_bytes_used").Uint(r.stats.ub_bytes_used);
        w.EndObject();
    }
    w.EndArray();
    if (!trace) return;
    w.Key("trace_fields").BeginArray();
    for (const char* f : {"api", "pipe", "bytes", "elements", "repeats", "dtype_bytes", "gm_offset", "queue", "buffer",
                          "ub_dst", "ub_src0", "ub_src1", "l2"}) {
        w.String(f);
    }
    w.EndArray();
    if (sink != nullptr) {
        w.Key("trace_file").String(g_trace_path);
        w.Key("trace_strings").BeginArray();
        for (const auto& str : sink->strings) w.String(str);
        w.EndArray();
        return;
    }
    w.Key("trace").BeginArray();
    for (const auto& r : results) {
        w.BeginArray();
        for (const auto& ev : r.stats.trace) {
            w.BeginArray();
            w.String(ev.api == nullptr ? "" : ev.api).String(ev.pipe == nullptr ? "" : ev.pipe);
            w.Uint(ev.bytes).Uint(ev.elements).Uint(ev.repeats).Uint(ev.dtype_bytes);
            w.Int(ev.gm_offset).Int(ev.queue).Int(ev.buffer);
            w.Int(ev.ub_dst).Int(ev.ub_src0).Int(ev.ub_src1).Int(ev.l2);
            w.EndArray();
        }
        w.EndArray();
    }
    w.EndArray();
}

// Runs TilingParse (if registered) and Tiling. Returns KG_OK or the failure already written to req.
int32_t RunTiling(KgRunRequest* req, Prepared& p, void** compile_info_out) {
    HostNode& node = *p.node;
    const std::string where = std::string(req->op_type) + " on " + p.soc;
    TilingFn tiling = p.impl != nullptr ? p.impl->tiling : nullptr;
    if (tiling == nullptr) tiling = p.def->KgAICore().KgTiling();
    if (tiling == nullptr) {
        return Fail(req, KG_HOST_FAILED, where + ": no tiling function registered (IMPL_OP_OPTILING(" + req->op_type + ").Tiling(...))");
    }
    try {
        if (p.impl != nullptr && p.impl->compile_info_creator != nullptr) {
            node.compile_info = p.impl->compile_info_creator();
            *compile_info_out = node.compile_info;
        }
        if (p.impl != nullptr && p.impl->tiling_parse != nullptr) {
            gert::TilingParseContext pctx(&node);
            const uint32_t st = p.impl->tiling_parse(&pctx);
            if (st != ge::GRAPH_SUCCESS) {
                const std::string log = HostErrors(req->op_type);
                return Fail(req, KG_HOST_FAILED, where + ": TilingParse returned " + StatusName(st) +
                                                     (log.empty() ? "" : ": " + log));
            }
        }
        gert::TilingContext ctx(&node);
        const uint32_t st = tiling(&ctx);
        if (st != ge::GRAPH_SUCCESS) {
            const std::string log = HostErrors(req->op_type);
            return Fail(req, KG_HOST_FAILED, where + ": tiling returned " + StatusName(st) +
                                                 (log.empty() ? " without logging an error (no OP_LOGE)" : ": " + log));
        }
    } catch (const kgemu::HostDefect& e) {
        return Fail(req, KG_DEFECT, where + ": tiling: " + e.what());
    } catch (const std::exception& e) {
        return Fail(req, KG_HOST_FAILED, where + ": tiling threw a C++ exception: " + e.what());
    } catch (...) {
        return Fail(req, KG_HOST_FAILED, where + ": tiling threw an unknown C++ exception");
    }
    return KG_OK;
}

// Decodes a template tiling key when the library declares one for this op. "" or a defect message.
std::string CheckTemplateKey(const Prepared& p, uint64_t key, JsonWriter* w) {
    const auto& table = kgemu::tpl::TplTable();
    const kgemu::tpl::TplEntry* e = kgemu::tpl::FindTpl(p.def->KgType());
    // The declaration's name need not be the op type; with one op and one declaration they belong together, unless
    // the key does not decode under it: then it is a dependency's (scatter_update's host library holds
    // index_put_v2's ASCENDC_TPL_ARGS_DECL(IndexPutV2) while its own key is a plain number).
    bool guessed = false;
    if (e == nullptr && table.size() == 1 && ops::OpDefFactory::KgAll().size() == 1) {
        e = &table.begin()->second;
        guessed = true;
    }
    // Nor when the kernel entry is no template: its key is a plain number (max_pool_grad_with_argmax's TILING_KEY_IS
    // kernel, whose host library also holds pool_grad_common's ASCENDC_TPL_ARGS_DECL(MaxPoolGrad)).
    if (guessed && kg_kernel_takes_plain_key != nullptr && kg_kernel_takes_plain_key() != 0) e = nullptr;
    std::vector<uint64_t> values;
    if (e != nullptr && guessed && !kgemu::tpl::DecodeTilingKey(e->decl, key, &values)) e = nullptr;
    if (e == nullptr) {
        if (w != nullptr) w->Key("tiling_key_params").Null();
        return "";
    }
    values.clear();
    if (!kgemu::tpl::DecodeTilingKey(e->decl, key, &values)) {
        std::string log = HostErrors(p.def->KgType());
        return "tiling key " + std::to_string(key) + " does not decode under ASCENDC_TPL_ARGS_DECL(" + e->name + ")" +
               (key == INVALID_TILING_KEY ? " (it is INVALID_TILING_KEY)" : "") + (log.empty() ? "" : ": " + log);
    }
    if (e->has_sel && !kgemu::tpl::SelectionAdmits(e->decl, e->sel, values)) {
        std::string vals;
        for (size_t i = 0; i < values.size(); ++i) vals += (i ? ", " : "") + std::string(e->decl[i].name) + "=" + std::to_string(values[i]);
        return "tiling key " + std::to_string(key) + " (" + vals +
               ") is in no ASCENDC_TPL_SEL selection, so the NPU build has no kernel for it";
    }
    if (w != nullptr) {
        w->Key("tiling_key_params").BeginObject();
        for (size_t i = 0; i < values.size(); ++i) w->Key(e->decl[i].name).Uint(values[i]);
        w->EndObject();
    }
    return "";
}

int32_t DoRun(KgRunRequest* req) {
    Prepared p;
    int32_t rc = Prepare(req, true, p);
    if (rc != KG_OK) return rc;
    HostNode& node = *p.node;
    const KgSoc& soc = *req->soc;
    const std::string where = std::string(req->op_type) + " on " + p.soc;

    std::vector<uint64_t> tiling_buf(kTilingCapacity / 8);
    std::memset(tiling_buf.data(), 0xCD, kTilingCapacity);  // like the NPU, nothing zeroes it for the host
    auto* tiling_bytes = reinterpret_cast<uint8_t*>(tiling_buf.data());
    gert::TilingData tiling_data(tiling_bytes, kTilingCapacity);
    node.tiling_data = &tiling_data;

    void* compile_info = nullptr;
    rc = RunTiling(req, p, &compile_info);
    struct Deleter {
        const ImplData* impl;
        void* obj;
        ~Deleter() {
            if (obj != nullptr && impl != nullptr && impl->compile_info_deleter != nullptr) impl->compile_info_deleter(obj);
        }
    } deleter{p.impl, compile_info};
    if (rc != KG_OK) return rc;
    TakeHostWarnings(p.warnings, req->op_type);

    if (!node.block_dim_set) return Fail(req, KG_DEFECT, where + ": tiling never called SetBlockDim");
    if (node.block_dim < 1 || node.block_dim > kMaxBlockDim) {
        return Fail(req, KG_DEFECT, where + ": tiling set block dim " + std::to_string(node.block_dim) +
                                        "; a launch needs 1.." + std::to_string(kMaxBlockDim));
    }
    if (!node.tiling_key_set) p.warnings.push_back("tiling never called SetTilingKey; the key is 0");
    const size_t tiling_size = tiling_data.GetDataSize();
    if (tiling_size == 0) p.warnings.push_back("tiling wrote no tiling data (data size 0)");
    for (size_t off = 0; off + 4 <= tiling_size; off += 4) {
        uint32_t word;
        std::memcpy(&word, tiling_bytes + off, 4);
        if (word == 0xCDCDCDCDU) {
            p.warnings.push_back("tiling data bytes from offset " + std::to_string(off) +
                                 " were never written by the host (still the emulator's 0xCD fill)");
            break;
        }
    }
    uint64_t ws_total = 0;
    for (size_t i = 0; i < node.workspace_num; ++i) ws_total += node.workspace[i];
    if (ws_total > kMaxWorkspaceBytes) {
        return Fail(req, KG_HOST_FAILED, where + ": workspace of " + std::to_string(ws_total) + " bytes is too large to emulate");
    }

    kgemu::detail::JsonWriter w;
    w.BeginObject();
    w.Key("op_type").String(req->op_type);
    w.Key("soc").String(p.soc);
    w.Key("tiling_key").Uint(node.tiling_key);
    const std::string key_problem = CheckTemplateKey(p, node.tiling_key, &w);
    if (!key_problem.empty()) return Fail(req, KG_DEFECT, where + ": " + key_problem);

    // GM: inputs, outputs, workspace (the caller's when given, as the aclnn executor passes), tiling; then blocks.
    const bool caller_ws = req->workspace != nullptr && req->workspace_cap >= ws_total;
    std::unique_ptr<uint8_t, void (*)(void*)> workspace(
        caller_ws ? static_cast<uint8_t*>(req->workspace)
                  : (ws_total > 0 ? static_cast<uint8_t*>(std::calloc(1, ws_total)) : nullptr),
        caller_ws ? +[](void*) {} : std::free);
    if (req->workspace != nullptr && !caller_ws) {
        return Fail(req, KG_DEFECT, where + ": the tiling asks for " + std::to_string(ws_total) +
                                        " bytes of workspace but the launch passed " + std::to_string(req->workspace_cap));
    }
    if (ws_total > 0 && workspace == nullptr) {
        return Fail(req, KG_HOST_FAILED, where + ": cannot allocate " + std::to_string(ws_total) + " bytes of workspace");
    }
    ApplyInitValues(p, req);
    std::vector<uint8_t*> args;
    std::vector<std::vector<uint64_t>> lists;  // tensor-list descriptors of DYNAMIC params (kept alive for the run)
    std::vector<uint64_t> shape_out;           // the output-shape buffer (OutputShapeDependOnCompute), when any
    lists.reserve(p.op.inputs.size() + p.op.outputs.size());
    // One kernel argument per IR param: the tensor, nullptr (absent optional), or for a DYNAMIC param the
    // ListTensorDesc layout: [byte offset of the pointer array][per tensor: dims | index << 32, dim values...][ptrs]
    auto bind_param = [&](const std::string& name, bool dynamic, const ParamBinding& b, const KgTensor* tensors) {
        auto reg = [&](const std::string& n, const KgTensor& t) {
            if (t.data == nullptr) return;
            if (g_gm_slack == 2 && tensors == req->outputs) {  // an aclnn workspace tensor: its 512-byte slice
                kgemu::rt_register_gm(n.c_str(), t.data, t.bytes, (t.bytes + 511) / 512 * 512 - t.bytes, true);
            } else {
                kgemu::rt_register_gm(n.c_str(), t.data, t.bytes, g_gm_slack ? kg_gm_padded_bytes(t.bytes) - t.bytes : 0,
                                      false, g_gm_slack == 1 ? g_gm_guard : 0);
            }
        };
        if (!dynamic) {
            const KgTensor* t = b.first >= 0 ? &tensors[b.first] : nullptr;
            args.push_back(t == nullptr ? nullptr : static_cast<uint8_t*>(t->data));
            if (t != nullptr) reg(name, *t);
            return;
        }
        std::vector<uint64_t> desc(1, 0);
        for (int32_t j = 0; j < b.count; ++j) {
            const KgTensor& t = tensors[b.first + j];
            desc.push_back(static_cast<uint64_t>(t.ndim < 0 ? 0 : t.ndim) | (static_cast<uint64_t>(j) << 32));
            for (int32_t d = 0; d < t.ndim; ++d) desc.push_back(static_cast<uint64_t>(t.dims[d]));
            reg(name + "[" + std::to_string(j) + "]", t);
        }
        desc[0] = desc.size() * sizeof(uint64_t);
        for (int32_t j = 0; j < b.count; ++j) desc.push_back(reinterpret_cast<uintptr_t>(tensors[b.first + j].data));
        lists.push_back(std::move(desc));
        kgemu::rt_register_gm((name + " (tensor list)").c_str(), lists.back().data(), lists.back().size() * 8);
        args.push_back(reinterpret_cast<uint8_t*>(lists.back().data()));
    };
    try {
        kgemu::rt_begin_run(req->soc, req->op_type, req->trace != 0);
        std::set<std::string> in_names;
        for (size_t k = 0; k < p.op.inputs.size(); ++k) {
            bind_param(p.op.inputs[k].name, p.op.inputs[k].param_type == ops::DYNAMIC, p.in_bind[k], req->inputs);
            in_names.insert(p.op.inputs[k].name);
        }
        for (size_t k = 0; k < p.op.outputs.size(); ++k) {
            std::string name = p.op.outputs[k].name;
            const bool ref = in_names.count(name) != 0;
            if (ref) name += "_ref";
            bind_param(name, p.op.outputs[k].param_type == ops::DYNAMIC, p.out_bind[k], req->outputs);
            MarkOutput(p, req, k, name, ref);
        }
        // An output whose shape depends on compute (OutputShapeDependOnCompute): CANN passes one more GM buffer
        // after the outputs, where the kernel writes every output's shape, 9 uint64 each (the rank with bit 31
        // set, then up to 8 dims: unique_dim's SHAPE_LEN = 3 * (1 + 8)).
        if (std::any_of(p.op.outputs.begin(), p.op.outputs.end(),
                        [](const auto& o) { return o.output_shape_depend_on_compute; })) {
            shape_out.assign(p.op.outputs.size() * 9, 0);
            args.push_back(reinterpret_cast<uint8_t*>(shape_out.data()));
            kgemu::rt_register_gm("output shapes", shape_out.data(), shape_out.size() * sizeof(uint64_t));
        }
        args.push_back(workspace.get());
        if (ws_total > 0) kgemu::rt_register_gm("workspace", workspace.get(), ws_total);
        args.push_back(tiling_bytes);
        kgemu::rt_register_gm("tiling", tiling_bytes, tiling_size);
        kgemu::rt_set_tiling(tiling_bytes, tiling_size);
    } catch (const std::exception& e) {
        return Fail(req, KG_DEFECT, where + ": kernel runtime setup failed: " + e.what());
    }

    // The kernel type of this tiling key (the launcher's kg_kernel_type, from KERNEL_TASK_TYPE* or the
    // ASCENDC_TPL_KERNEL_TYPE_SEL of the key): AIC-only and MIX kernels get AIC blocks besides the AIVs.
    const std::vector<kgemu::CoreSlot> slots =
        kgemu::rt_launch_slots(kg_kernel_type != nullptr ? kg_kernel_type(node.tiling_key) : -1, node.block_dim);
    uint32_t aiv_slots = 0;
    for (const auto& c : slots) aiv_slots += c.aic ? 0 : 1;
    const uint32_t n = static_cast<uint32_t>(slots.size());
    kgemu::rt_set_slot_names(slots);
    std::vector<BlockResult> results(n);
    // threads < 0: every block at once (kernels that call SyncAll).
    uint32_t threads = req->threads > 0 ? static_cast<uint32_t>(req->threads) : std::thread::hardware_concurrency();
    if (req->threads < 0) threads = n;
    threads = std::max<uint32_t>(1, std::min<uint32_t>(threads, n));
    kgemu::rt_set_concurrency(threads);
    std::atomic<uint32_t> next{0};
    std::atomic<uint32_t> lowest_failed{UINT32_MAX};
    std::unique_ptr<TraceSink> sink;
    if (req->trace != 0 && !g_trace_path.empty()) {
        sink.reset(new TraceSink());
        sink->f = std::fopen(g_trace_path.c_str(), "wb");
        if (sink->f == nullptr) return Fail(req, KG_USAGE, "cannot write the trace file " + g_trace_path);
    }
    auto worker = [&]() {
        for (;;) {
            const uint32_t i = next.fetch_add(1);
            if (i >= n) return;
            if (i > lowest_failed.load()) continue;  // a lower block already failed; its report wins
            RunBlock(i, n, node.tiling_key, args, where, results[i], slots, aiv_slots);
            if (sink) sink->write(i, results[i].stats.trace);
            if (results[i].failed) {
                uint32_t cur = lowest_failed.load();
                while (i < cur && !lowest_failed.compare_exchange_weak(cur, i)) {
                }
            }
        }
    };
    if (threads == 1) {
        worker();
    } else {
        std::vector<std::thread> pool;
        for (uint32_t t = 0; t < threads; ++t) pool.emplace_back(worker);
        for (auto& t : pool) t.join();
    }
    if (sink) {
        const bool bad = std::fclose(sink->f) != 0 || sink->failed;
        sink->f = nullptr;
        if (bad && lowest_failed.load() == UINT32_MAX) return Fail(req, KG_USAGE, "writing the trace file failed");
    }
    if (lowest_failed.load() != UINT32_MAX) {
        // With SyncAll every block runs at once: the lowest-numbered block that failed of its own cause carries
        // it, the others may only report that they were left waiting for it.
        const int64_t own = kgemu::rt_failed_block_to_report();
        const uint32_t waiting = kgemu::rt_blocks_failed_waiting();
        if (req->threads < 0 && own >= 0 && static_cast<uint32_t>(own) < n && results[own].failed) {
            std::string diag = results[own].diag;
            if (waiting > 0) diag += " (" + std::to_string(waiting) + " other block(s) then failed waiting in SyncAll)";
            return Fail(req, KG_DEFECT, diag);
        }
        return Fail(req, KG_DEFECT, results[lowest_failed.load()].diag);
    }
    // An output shaped by compute: the kernel wrote every output's shape into the shape buffer, 9 words each (the
    // rank, then up to 8 dims; the first output's rank word carries bit 31: unique_consecutive's 0x80000001, then
    // plain 1 for the others); the caller's buffer is an upper bound, and only the prefix that shape covers must
    // be written.
    std::vector<std::pair<std::string, std::vector<uint64_t>>> computed_shapes;
    for (size_t k = 0; k < p.op.outputs.size() && !shape_out.empty(); ++k) {
        if (!p.op.outputs[k].output_shape_depend_on_compute || p.out_bind[k].first < 0) continue;
        const std::string& name = p.op.outputs[k].name;
        const KgTensor& t = req->outputs[p.out_bind[k].first];
        const uint64_t head = shape_out[k * 9];
        const uint64_t rank = head & 0x7fffffffULL;
        if ((shape_out[0] & 0x80000000ULL) == 0 || head > 0xffffffffULL || rank > 8) {
            return Fail(req, KG_DEFECT, where + ": output '" + name + "' has its shape computed by the kernel " +
                                            "(OutputShapeDependOnCompute), but the shape buffer holds " +
                                            std::to_string(shape_out[0]) + " at word 0 (no bit 31: never written) " +
                                            "and " + std::to_string(head) + " at word " + std::to_string(k * 9) +
                                            " (its rank, at most 8)");
        }
        uint64_t numel = 1, cap = 1;
        std::vector<uint64_t> dims;
        for (uint64_t d = 0; d < rank; ++d) {
            dims.push_back(shape_out[k * 9 + 1 + d]);
            numel *= dims.back();
        }
        for (int32_t d = 0; d < t.ndim; ++d) cap *= static_cast<uint64_t>(t.dims[d] < 0 ? 0 : t.dims[d]);
        if (numel > cap) {
            std::string shown;
            for (uint64_t v : dims) shown += (shown.empty() ? "" : ", ") + std::to_string(v);
            return Fail(req, KG_DEFECT, where + ": the kernel reports output '" + name + "' as shape [" + shown +
                                            "] (" + std::to_string(numel) + " elements), more than the " +
                                            std::to_string(cap) + " its buffer holds");
        }
        kgemu::rt_limit_output(name.c_str(), cap == 0 ? 0 : t.bytes / cap * numel);
        computed_shapes.push_back({name, dims});
    }
    const std::string coverage = kgemu::rt_check_outputs();
    if (!coverage.empty()) return Fail(req, KG_DEFECT, where + ": " + coverage);
    kgemu::DeferredDefect late;
    if (kgemu::rt_deferred_defect(&late)) {
        return Fail(req, KG_DEFECT,
                    where + ", " + kgemu::rt_slot_name(slots, late.block) + " of " + std::to_string(n) +
                        (late.progress.empty() ? "" : ", " + late.progress) + ": " + late.text());
    }

    uint64_t ub_max = 0;
    std::vector<std::pair<std::string, std::pair<uint32_t, uint32_t>>> block_warnings;  // text -> (first block, count)
    for (uint32_t i = 0; i < n; ++i) {
        ub_max = std::max(ub_max, results[i].stats.ub_bytes_used);
        for (const auto& bw : results[i].stats.warnings) {
            auto it = std::find_if(block_warnings.begin(), block_warnings.end(), [&bw](const auto& e) { return e.first == bw; });
            if (it == block_warnings.end()) block_warnings.push_back({bw, {i, 1}});
            else ++it->second.second;
        }
    }
    for (const auto& bw : block_warnings) {
        const uint32_t more = bw.second.second - 1;
        p.warnings.push_back("block " + std::to_string(bw.second.first) +
                             (more > 0 ? " (and " + std::to_string(more) + " more)" : "") + ": " + bw.first);
    }
    w.Key("block_dim").Uint(node.block_dim);
    if (!computed_shapes.empty()) {   // emulate.py trims those outputs to the shape the kernel reported
        w.Key("computed_shapes").BeginObject();
        for (const auto& cs : computed_shapes) {
            w.Key(cs.first).BeginArray();
            for (uint64_t v : cs.second) w.Uint(v);
            w.EndArray();
        }
        w.EndObject();
    }
    w.Key("core_blocks").Uint(n);  // emulated blocks: AICs and AIVs of a MIX launch
    w.Key("schedule_mode").Uint(node.schedule_mode);
    w.Key("need_atomic").Bool(node.need_atomic);
    w.Key("local_memory_size").Uint(node.dyn_ubuf_size);
    w.Key("workspace_bytes").Uint(ws_total);
    w.Key("workspace_sizes").BeginArray();
    for (size_t i = 0; i < node.workspace_num; ++i) w.Uint(node.workspace[i]);
    w.EndArray();
    w.Key("tiling_data_size").Uint(tiling_size);
    w.Key("tiling_data_hex").String(Hex(tiling_bytes, tiling_size));
    WriteTilingFields(w, tiling_bytes, tiling_size);
    w.Key("ub_bytes_used_max").Uint(ub_max);
    w.Key("ub_pool").Uint(soc.ub_pool);
    w.Key("ub_doc_usable").Uint(soc.ub_doc_usable);
    w.Key("warnings").BeginArray();
    for (const auto& s : p.warnings) w.String(s);
    w.EndArray();
    WriteBlocks(w, results, req->trace != 0, sink.get());
    w.EndObject();

    const std::string& json = w.str();
    if (req->report == nullptr || json.size() + 1 > req->report_cap) {
        return Fail(req, KG_USAGE, "report needs " + std::to_string(json.size() + 1) + " bytes");
    }
    std::memcpy(req->report, json.c_str(), json.size() + 1);
    return KG_OK;
}

// Output dtypes when InferDataType is not registered: same-as-first-input, else the OpDef column the
// input dtypes select (when unique), else a Follow target, else the first input's dtype.
void DefaultOutputDtypes(const Prepared& p, HostNode& node) {
    const ge::DataType first = node.in_descs.empty() ? ge::DT_UNDEFINED : node.in_descs[0].GetDataType();
    for (size_t k = 0; k < p.op.outputs.size() && k < node.out_ir.size(); ++k) {
        const uint32_t begin = static_cast<uint32_t>(node.out_ir[k].GetInstanceStart());
        const uint32_t end = begin + static_cast<uint32_t>(node.out_ir[k].GetInstanceNum());
        ge::DataType dt = first;
        if (p.impl == nullptr || !p.impl->infer_dtype_same_as_first_input) {
            const ops::KgParamData& out = p.op.outputs[k];
            std::set<int32_t> candidates;
            for (size_t c = 0; c < out.dtypes.size() && !out.dtype_is_list; ++c) {
                bool ok = true;
                for (size_t i = 0; i < p.op.inputs.size() && i < node.in_ir.size(); ++i) {
                    const auto& in = p.op.inputs[i];
                    if (in.dtype_is_list || c >= in.dtypes.size() || node.in_ir[i].GetInstanceNum() == 0) continue;
                    if (node.in_descs[node.in_ir[i].GetInstanceStart()].GetDataType() != in.dtypes[c]) ok = false;
                }
                if (ok) candidates.insert(out.dtypes[c]);
            }
            if (candidates.size() == 1) {
                dt = static_cast<ge::DataType>(*candidates.begin());
            } else {
                for (size_t i = 0; i < p.op.inputs.size(); ++i) {
                    if (p.op.inputs[i].name == out.follow && node.in_ir[i].GetInstanceNum() > 0) {
                        dt = node.in_descs[node.in_ir[i].GetInstanceStart()].GetDataType();
                    }
                }
            }
        }
        for (uint32_t j = begin; j < end && j < node.out_dtypes.size(); ++j) node.out_dtypes[j] = dt;
    }
}

int32_t DoInferShape(KgRunRequest* req) {
    Prepared p;
    int32_t rc = Prepare(req, false, p);
    if (rc != KG_OK) return rc;
    HostNode& node = *p.node;
    const std::string where = std::string(req->op_type) + " on " + p.soc;
    InferShapeFn infer = p.impl != nullptr ? p.impl->infer_shape : nullptr;
    if (infer == nullptr) infer = p.def->KgInferShape();
    if (infer == nullptr) return Fail(req, KG_HOST_FAILED, where + ": no infershape registered (IMPL_OP_INFERSHAPE)");
    node.out_dtypes.assign(node.out_descs.size(), ge::DT_UNDEFINED);
    // An output the infershape never touches keeps this marker and comes back with ndim -1, so that the caller
    // sizes it the way CANN's aclnn layer does (emulate.output_shapes) instead of as a scalar.
    constexpr int64_t kUnsetDim = -0x4B47554E534554LL;
    for (auto& s : node.out_shapes) {
        s.MutableStorageShape().SetDimNum(1);
        s.MutableStorageShape().SetDim(0, kUnsetDim);
        s.MutableOriginShape() = s.MutableStorageShape();
    }
    try {
        gert::InferShapeContext ctx(&node);
        const uint32_t st = infer(&ctx);
        if (st != ge::GRAPH_SUCCESS) {
            const std::string log = HostErrors(req->op_type);
            return Fail(req, KG_HOST_FAILED, where + ": infershape returned " + StatusName(st) + (log.empty() ? "" : ": " + log));
        }
        InferDataTypeFn infer_dt = p.impl != nullptr ? p.impl->infer_datatype : nullptr;
        if (infer_dt == nullptr) infer_dt = p.def->KgInferDataType();
        if (infer_dt != nullptr) {
            gert::InferDataTypeContext dctx(&node);
            const uint32_t dst = infer_dt(&dctx);
            if (dst != ge::GRAPH_SUCCESS) {
                const std::string log = HostErrors(req->op_type);
                return Fail(req, KG_HOST_FAILED, where + ": InferDataType returned " + StatusName(dst) + (log.empty() ? "" : ": " + log));
            }
        } else {
            DefaultOutputDtypes(p, node);
        }
    } catch (const std::exception& e) {
        return Fail(req, KG_HOST_FAILED, where + ": infershape threw a C++ exception: " + e.what());
    } catch (...) {
        return Fail(req, KG_HOST_FAILED, where + ": infershape threw an unknown C++ exception");
    }
    for (size_t k = 0; k < node.out_shapes.size(); ++k) {
        gert::Shape& s = node.out_shapes[k].MutableStorageShape();
        if (s.GetDimNum() > 1 && s.GetDim(0) == kUnsetDim) {  // AppendDim onto the marker: drop the marker
            for (size_t d = 1; d < s.GetDimNum(); ++d) s.SetDim(d - 1, s.GetDim(d));
            s.SetDimNum(s.GetDimNum() - 1);
        }
        if (s.GetDimNum() > 8) {
            const char* name = req->outputs[k].name != nullptr ? req->outputs[k].name : "?";
            return Fail(req, KG_HOST_FAILED, where + ": inferred rank " + std::to_string(s.GetDimNum()) + " of output '" +
                                                 name + "' exceeds the ABI's 8 dims");
        }
        KgTensor& t = req->outputs[k];
        if (s.GetDimNum() == 1 && s.GetDim(0) == kUnsetDim) {
            t.ndim = -1;
            continue;
        }
        t.ndim = static_cast<int32_t>(s.GetDimNum());
        for (size_t d = 0; d < 8; ++d) t.dims[d] = d < s.GetDimNum() ? s.GetDim(d) : 0;
        if (node.out_dtypes[k] != ge::DT_UNDEFINED) t.dtype = node.out_dtypes[k];
    }
    return KG_OK;
}

}  // namespace

extern "C" {

int32_t kg_run(KgRunRequest* request) {
    try {
        return DoRun(request);
    } catch (const std::exception& e) {
        return Fail(request, KG_DEFECT, std::string("emulator harness error: ") + e.what());
    } catch (...) {
        return Fail(request, KG_DEFECT, "emulator harness error: unknown C++ exception");
    }
}

int32_t kg_tiling(KgRunRequest* request, uint64_t* workspace_bytes) {
    Prepared p;
    int32_t rc = Prepare(request, true, p, /*need_data=*/false);
    if (rc != KG_OK) return rc;
    HostNode& node = *p.node;
    std::vector<uint64_t> tiling_buf(kTilingCapacity / 8);
    gert::TilingData tiling_data(reinterpret_cast<uint8_t*>(tiling_buf.data()), kTilingCapacity);
    node.tiling_data = &tiling_data;
    void* compile_info = nullptr;
    rc = RunTiling(request, p, &compile_info);
    if (compile_info != nullptr && p.impl != nullptr && p.impl->compile_info_deleter != nullptr) {
        p.impl->compile_info_deleter(compile_info);
    }
    if (rc != KG_OK) return rc;
    uint64_t ws_total = 0;
    for (size_t i = 0; i < node.workspace_num; ++i) ws_total += node.workspace[i];
    if (workspace_bytes != nullptr) *workspace_bytes = ws_total;
    if (request->report != nullptr) {  // optional: what the tiling decided, for tests of the real C++ tiling
        kgemu::detail::JsonWriter w;
        w.BeginObject();
        w.Key("tiling_key").Uint(node.tiling_key);
        w.Key("block_dim").Uint(node.block_dim);
        w.Key("workspace_bytes").Uint(ws_total);
        w.Key("tiling_data_hex").String(Hex(reinterpret_cast<uint8_t*>(tiling_buf.data()), tiling_data.GetDataSize()));
        w.EndObject();
        const std::string& json = w.str();
        if (json.size() + 1 > request->report_cap) {
            return Fail(request, KG_USAGE, "report needs " + std::to_string(json.size() + 1) + " bytes");
        }
        std::memcpy(request->report, json.c_str(), json.size() + 1);
    }
    return KG_OK;
}

int32_t kg_infer_shape(KgRunRequest* request) {
    try {
        return DoInferShape(request);
    } catch (const std::exception& e) {
        return Fail(request, KG_HOST_FAILED, std::string("emulator harness error: ") + e.what());
    }
}

void kg_set_gm_slack(int32_t enabled) {
    g_gm_slack = enabled == 2 ? 2 : enabled != 0 ? 1 : 0;
    g_gm_guard = 0;
}

void kg_set_gm_guard(uint64_t bytes) { g_gm_guard = bytes; }

void kg_set_trace_file(const char* path) { g_trace_path = path == nullptr ? "" : path; }

int32_t kg_opdef_json(char* buf, uint64_t cap) {
    const std::string json = kgemu::detail::OpDefJson();
    if (buf == nullptr || json.size() + 1 > cap) {
        const std::string msg = "report needs " + std::to_string(json.size() + 1) + " bytes";
        if (buf != nullptr && cap > msg.size()) std::memcpy(buf, msg.c_str(), msg.size() + 1);
        return KG_USAGE;
    }
    std::memcpy(buf, json.c_str(), json.size() + 1);
    return KG_OK;
}

}  // extern "C"
