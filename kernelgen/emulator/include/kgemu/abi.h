// kernelgen CPU emulator: the C ABI between Python (ctypes) and an emulated operator library.
//
// Every emulated operator library (one per operator, SOC and dtype combination) is linked from:
//   - the operator's host sources (<op>_def.cpp, *_tiling*.cpp, *_infershape*.cpp),
//   - a generated launcher TU that includes op_kernel/<op>.cpp and defines kg_kernel_entry,
//   - runtime/kg_harness.cpp and runtime/kg_runtime.cpp (this directory's implementation).
// Python fills a KgRunRequest and calls kg_run(). Nothing here is Ascend C API; it is kernelgen's own.
#ifndef KGEMU_ABI_H
#define KGEMU_ABI_H

#include <cstdint>

extern "C" {

// Everything SOC-dependent that the emulator needs, filled by Python from kernelgen/data/socs.json.
struct KgSoc {
    const char* name;               // catalog name, e.g. "ascend910b"
    const char* short_soc_version;  // e.g. "Ascend910B" (PlatformAscendC::GetSocVersion maps from it)
    int32_t soc_version_enum;       // platform_ascendc::SocVersion value returned by GetSocVersion()
    int32_t npu_arch;               // __NPU_ARCH__, e.g. 2201
    uint64_t ub_size_tiling;        // what GetCoreMemSize(CoreMemType::UB) reports to host tiling
    uint64_t ub_pool;               // bytes of UB each emulated block owns (InitBuffer total limit)
    uint64_t ub_doc_usable;         // documented user-usable UB; exceeding it is a warning, not an error
    uint32_t ub_block;              // UB block size in bytes (32)
    uint32_t core_num;              // GetCoreNum()
    uint32_t core_num_aic;          // GetCoreNumAic()
    uint32_t core_num_aiv;          // GetCoreNumAiv()
    uint32_t core_num_vector;       // GetCoreNumVector()
    uint64_t libapi_workspace;      // GetLibApiWorkSpaceSize()
    uint32_t que_max_event;         // queue buffers per TPosition allocated at once (4 on 910, 8 elsewhere)
    uint32_t bf16_level;            // 0: no bf16 at all; 1: DataCopy/Duplicate/Cast only; 2: vector arithmetic
    uint32_t has_data_copy_pad;     // 0 on 910 and 310P
    uint64_t l1_size;
    uint64_t l2_size;
    uint64_t hbm_bytes_per_cycle;   // GetCoreMemBw(HBM) per core
    uint64_t l2_bytes_per_cycle;    // GetCoreMemBw(L2) per core
    // The cube's local memories (GetLocalMemSize L0_A / L0_B / L0_C; the INI's bt_size / fb_size), laid out
    // after UB and L1 in each block's local memory (kgemu/detail/cube_mem.h)
    uint64_t l0a_size;
    uint64_t l0b_size;
    uint64_t l0c_size;
    uint64_t bias_table_size;       // TPosition C2
    uint64_t fixpipe_buffer_size;   // TPosition C2PIPE2GM
};

// ge::DataType numbering (graph/types.h). Python uses the same numbers.
// DT_FLOAT=0, DT_FLOAT16=1, DT_INT8=2, DT_INT32=3, DT_UINT8=4, DT_INT16=6, DT_UINT16=7, DT_UINT32=8,
// DT_INT64=9, DT_UINT64=10, DT_DOUBLE=11, DT_BOOL=12, DT_BF16=27.

struct KgTensor {
    const char* name;     // OpDef name (dy, x, ...)
    int32_t dtype;        // ge::DataType
    int32_t format;       // ge::Format (FORMAT_ND = 2)
    int32_t ndim;         // -1: optional input not given (data must be null)
    int64_t dims[8];
    void* data;           // host memory standing in for GM; exactly `bytes` long
    uint64_t bytes;
};

enum KgAttrKind : int32_t {
    KG_ATTR_FLOAT = 0, KG_ATTR_INT = 1, KG_ATTR_BOOL = 2, KG_ATTR_STR = 3,
    KG_ATTR_LIST_FLOAT = 4, KG_ATTR_LIST_INT = 5, KG_ATTR_LIST_BOOL = 6,
};

// An attr named "@name" is one of the operator's IR prototype (REG_OP) that its OpDef does not declare: the
// harness adds it after the OpDef's attrs (in request order, before the private attrs), of the kind it is given.
struct KgAttr {
    const char* name;
    int32_t kind;             // KgAttrKind
    double f;                 // FLOAT
    int64_t i;                // INT and BOOL (0/1)
    const char* s;            // STR
    const double* list_f;     // LIST_FLOAT
    const int64_t* list_i;    // LIST_INT and LIST_BOOL
    int32_t list_len;
};

struct KgRunRequest {
    const char* op_type;      // OpDef type, e.g. "GeluGrad"
    const KgSoc* soc;
    const KgTensor* inputs;
    int32_t n_inputs;
    KgTensor* outputs;        // shapes as given by Python (from kg_infer_shape or the user)
    int32_t n_outputs;
    const KgAttr* attrs;
    int32_t n_attrs;
    int32_t threads;          // worker threads for blocks; 0 = hardware concurrency, < 0 = every block at once
                              // (needed by SyncAll); results never depend on it
    int32_t trace;            // 1: record a per-block trace (cost model); 0: off
    char* report;             // out: JSON report (see kg_harness.cpp), NUL-terminated
    uint64_t report_cap;
    char* error;              // out: one-line diagnosis on failure, NUL-terminated
    uint64_t error_cap;
    void* workspace;          // optional: GM workspace to use (the aclnn executor's); null = allocate one
    uint64_t workspace_cap;   // its bytes; must cover what the tiling asks for
    const char* no_data;      // optional: comma-separated output names the operator's docs say carry no data for
                              // this call (left out of the every-byte-written check); null = none
};

// Return codes of kg_run / kg_infer_shape.
enum KgStatus : int32_t {
    KG_OK = 0,
    KG_DEFECT = 1,        // the emulator caught something the NPU would get wrong (or the kernel crashed)
    KG_HOST_FAILED = 2,   // tiling or infershape returned failure (e.g. rejected dtype); diagnosis in error
    KG_USAGE = 3,         // malformed request (unknown op type, wrong tensor count, buffer too small)
};

// Runs: registered tiling function -> checks -> kernel on every block. Outputs written into outputs[i].data.
int32_t kg_run(KgRunRequest* request);

// Runs only the registered tiling (no kernel, tensor data not needed) and reports the workspace bytes it asks
// for: what an aclnn first stage needs to size its workspace and to reject a failing tiling early. With a
// report buffer it also writes {"tiling_key", "block_dim", "workspace_bytes", "tiling_data_hex"} as JSON.
int32_t kg_tiling(KgRunRequest* request, uint64_t* workspace_bytes);

// Runs the registered infershape for op_type: fills outputs[i].ndim/dims from the inputs.
int32_t kg_infer_shape(KgRunRequest* request);

// GM allocation padding. With kg_set_gm_slack(1), the caller promises that every input and output buffer of
// the following kg_run calls is allocated with kg_gm_padded_bytes(bytes) bytes (torch_npu's caching-allocator
// rounding: +32, then up to a multiple of 512). A kernel access past a tensor's end that stays inside that
// padding is then a run warning instead of a defect (real ops read and write whole 512-byte tiles past the
// tail); the caller discards whatever lands there. Default 0: every byte past the end is a defect. With the
// sanitizer on, a write into the padding of an output stays a defect (an aclnn output may be a view into larger
// storage), except with kg_set_gm_slack(2): every output is the caller's own buffer, allocated to the next
// multiple of 512 bytes (an aclnn executor's workspace tensors), so writes up to that boundary are warnings.
void kg_set_gm_slack(int32_t enabled);

// GM red zones. After kg_set_gm_slack(1), kg_set_gm_guard(n) promises that each input and output buffer is followed,
// past its kg_gm_padded_bytes, by n more allocated bytes that hold no tensor: a SIMT thread's access there is
// reported as leaving the tensor before them (a read past the padding would otherwise land, unnoticed, on the
// next buffer). kg_set_gm_slack clears it; other slack modes ignore it.
void kg_set_gm_guard(uint64_t bytes);

// Trace streaming. With a path set, kg_run with request->trace writes each block's traced events to that file
// as the block ends (64-byte records, kernelgen/emulator/trace.py) instead of holding them for the JSON report;
// the report then names the file ("trace_file") and the api/pipe string table ("trace_strings"). "" turns it off.
void kg_set_trace_file(const char* path);
inline uint64_t kg_gm_padded_bytes(uint64_t bytes) {
    const uint64_t r = (bytes + 32 + 511) / 512 * 512;
    return r < 512 ? 512 : r;
}

// Writes the OpDef registry (every OP_ADD in the library) as JSON into buf.
int32_t kg_opdef_json(char* buf, uint64_t cap);

// Defined by the per-operator launcher TU: calls the kernel entry with args in launcher order
// (inputs in OpDef order, outputs, workspace, tiling). Block index, tiling key, etc. are already set.
void kg_kernel_entry(uint8_t** args, int32_t nargs, uint64_t tiling_key);
// Optionally defined by the launcher TU: the kernel type of a tiling key as an ASCENDC_TPL_* code (see
// kgemu::rt_launch_slots), -1 for a vector-only launch. Absent: every launch is vector-only.
int32_t kg_kernel_type(uint64_t tiling_key) __attribute__((weak));
// Optionally defined by the launcher TU: nonzero when the kernel entry is no template, so its tiling key is a plain
// number that selects no template arguments. Absent: not known (the aclnn path).
int32_t kg_kernel_takes_plain_key(void) __attribute__((weak));

}  // extern "C"

#endif  // KGEMU_ABI_H
