// Test support for the kernel-side emulator tests: SOC records, GM buffers, a block runner that calls the
// kgemu runtime directly (standing in for runtime/kg_harness.cpp), and a tiny named-test registry.
//
// Output protocol (read by tests/test_emulator_kernel_api.py), one item per line:
//   DEFECT <EmuError text>      PROGRESS <block_progress()>     WARNING <text>
//   STAT <key> <value>          CHECK <name> ok|FAIL <detail>   RESULT ok|defect|fail
#ifndef KGEMU_TESTS_EMU_TEST_H
#define KGEMU_TESTS_EMU_TEST_H

#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"
#include "kgemu/runtime.h"

namespace kgtest {

inline KgSoc make_soc(const std::string& name) {
    KgSoc s{};
    s.name = "ascend910b";
    s.short_soc_version = "Ascend910B";
    s.soc_version_enum = 1;
    s.npu_arch = 2201;
    s.ub_size_tiling = 196352;
    s.ub_pool = 196608;
    s.ub_doc_usable = 188160;
    s.ub_block = 32;
    s.core_num = 48;
    s.core_num_aic = 24;
    s.core_num_aiv = 48;
    s.core_num_vector = 0;
    s.libapi_workspace = 16u << 20;
    s.que_max_event = 8;
    s.bf16_level = 1;
    s.has_data_copy_pad = 1;
    s.l1_size = 524288;  // socs.md §3.2: 512 KiB on 910B and 950, 1 MiB on 910, 310P and 310B
    if (name == "ascend910" || name == "ascend310p" || name == "ascend310b") s.l1_size = 1048576;
    // the cube's memories as kernelgen/data/socs.json has them (socs.md §3.2)
    s.l0a_size = 65536;
    s.l0b_size = 65536;
    s.l0c_size = name == "ascend910b" || name == "ascend310b" ? 131072 : 262144;
    const bool no_bt = name == "ascend910" || name == "ascend310p";
    s.bias_table_size = name == "ascend950" ? 4096 : (no_bt ? 0 : 1024);
    s.fixpipe_buffer_size = name == "ascend950" ? 4096 : (no_bt ? 0 : 2048);
    if (name == "ascend910") {
        s.name = "ascend910"; s.short_soc_version = "Ascend910"; s.soc_version_enum = 0; s.npu_arch = 1001;
        s.ub_size_tiling = 262144; s.ub_pool = 262144; s.ub_doc_usable = 253952; s.libapi_workspace = 2u << 20;
        s.que_max_event = 4; s.bf16_level = 0; s.has_data_copy_pad = 0; s.core_num = 32;
    } else if (name == "ascend310p") {
        s.name = "ascend310p"; s.short_soc_version = "Ascend310P"; s.soc_version_enum = 2; s.npu_arch = 2002;
        s.ub_size_tiling = 262144; s.ub_pool = 262144; s.ub_doc_usable = 253952; s.libapi_workspace = 2u << 20;
        s.bf16_level = 0; s.has_data_copy_pad = 0; s.core_num = 8;
    } else if (name == "ascend310b") {
        s.name = "ascend310b"; s.short_soc_version = "Ascend310B"; s.soc_version_enum = 3; s.npu_arch = 3002;
        s.ub_size_tiling = 253952; s.ub_pool = 262144; s.ub_doc_usable = 253952; s.libapi_workspace = 2u << 20;
        s.core_num = 1;
    } else if (name == "ascend950") {
        s.name = "ascend950"; s.short_soc_version = "Ascend950"; s.soc_version_enum = 4; s.npu_arch = 3510;
        s.ub_size_tiling = 262144; s.ub_pool = 262144; s.ub_doc_usable = 253952; s.bf16_level = 2;
        s.core_num = 56;
    }
    return s;
}

// Host memory standing in for one GM tensor.
// Runs the kernels of one test with the sanitizer off (tests that look at unwritten bytes on purpose).
struct NoSanitizer {
    NoSanitizer() { setenv("KERNELGEN_SANITIZE", "0", 1); }
    ~NoSanitizer() { unsetenv("KERNELGEN_SANITIZE"); }
};

struct Gm {
    std::string name;
    std::vector<uint8_t> bytes;
    size_t slack = 0;     // allocated bytes past the tensor's end (the NPU allocator's rounding)
    size_t guard = 0;     // allocated bytes past the slack that hold no tensor (rt_register_gm's red zone)
    bool output = false;  // checked for coverage after the launch (every byte written once)
    Gm(std::string n, size_t size, uint8_t fill = 0) : name(std::move(n)), bytes(size, fill) {}
    Gm& as_output() {
        output = true;
        return *this;
    }
    Gm& with_slack(size_t extra) {  // before with_guard
        slack = extra;
        bytes.resize(bytes.size() + extra, 0xFF);
        return *this;
    }
    Gm& with_guard(size_t extra) {
        guard = extra;
        bytes.resize(bytes.size() + extra, 0xFF);
        return *this;
    }
    uint8_t* ptr() { return bytes.data(); }
    template <typename T>
    T* as() {
        return reinterpret_cast<T*>(bytes.data());
    }
};

struct Run {
    KgSoc soc;
    std::vector<Gm*> gm;
    std::vector<uint8_t> tiling;
    uint64_t tiling_key = 0;
    bool trace = false;
    std::vector<kgemu::BlockStats> stats;
    std::string error;
    std::string progress;
};

// The launch's setup: its GM tensors (outputs marked for the coverage check) and tiling.
inline void begin_launch(Run& r) {
    kgemu::rt_begin_run(&r.soc, "KgTest", r.trace);
    for (Gm* g : r.gm) {
        kgemu::rt_register_gm(g->name.c_str(), g->ptr(), g->bytes.size() - g->slack - g->guard, g->slack, false,
                              g->guard);
        if (g->output) kgemu::rt_mark_output(g->name.c_str(), true);
    }
    kgemu::rt_set_tiling(r.tiling.data(), r.tiling.size());
}

// After every block ended without a defect: the launch-wide checks, then a deferred padding write.
inline bool launch_verdict(Run& r) {
    const std::string coverage = kgemu::rt_check_outputs();
    if (!coverage.empty()) {
        r.error = "launch: " + coverage;
        return false;
    }
    kgemu::DeferredDefect late;
    if (kgemu::rt_deferred_defect(&late)) {
        r.progress = late.progress;
        r.error = "block " + std::to_string(late.block) + ": " + late.text();
        return false;
    }
    return true;
}

// Runs kernel(block) for every block, in order, stopping at the first defect.
inline bool run_blocks(Run& r, uint32_t nblocks, const std::function<void()>& kernel) {
    begin_launch(r);
    for (uint32_t i = 0; i < nblocks; ++i) {
        kgemu::rt_block_begin(i, nblocks, r.tiling_key);
        try {
            kernel();
            r.stats.push_back(kgemu::rt_block_end());
        } catch (const kgemu::EmuError& e) {
            r.progress = kgemu::block_progress();
            kgemu::rt_block_abort();
            r.error = "block " + std::to_string(i) + ": " + e.what();
            return false;
        }
    }
    return launch_verdict(r);
}

template <typename S>
inline std::vector<uint8_t> tiling_bytes(const S& s) {
    std::vector<uint8_t> v(sizeof(S));
    std::memcpy(v.data(), &s, sizeof(S));
    return v;
}

// `VAL <name> v0 v1 ...`: values a Python test reads back and compares with NumPy (integers in full: an int64 past
// float's 9 digits, a uint32 word; floating values to 9 significant digits, which float32 round-trips).
template <typename T>
void val(const char* name, const T* p, size_t n) {
    std::printf("VAL %s", name);
    for (size_t i = 0; i < n; ++i) {
        if constexpr (std::is_integral<T>::value && std::is_signed<T>::value) {
            std::printf(" %lld", static_cast<long long>(p[i]));
        } else if constexpr (std::is_integral<T>::value) {
            std::printf(" %llu", static_cast<unsigned long long>(p[i]));
        } else {
            std::printf(" %.9g", static_cast<double>(p[i]));
        }
    }
    std::printf("\n");
}

inline int g_failures = 0;

inline void check(const std::string& name, bool ok, const std::string& detail = "") {
    std::printf("CHECK %s %s%s%s\n", name.c_str(), ok ? "ok" : "FAIL", detail.empty() ? "" : " ", detail.c_str());
    if (!ok) ++g_failures;
}

// Prints the outcome of a run in the output protocol.
inline void report(const Run& r, bool ok) {
    if (!ok) {
        std::printf("DEFECT %s\n", r.error.c_str());
        std::printf("PROGRESS %s\n", r.progress.c_str());
    }
    std::vector<std::pair<std::string, size_t>> warns;  // each distinct warning once, with its block count
    for (const auto& st : r.stats) {
        for (const auto& w : st.warnings) {
            bool seen = false;
            for (auto& kv : warns) {
                if (kv.first == w) {
                    ++kv.second;
                    seen = true;
                }
            }
            if (!seen) warns.emplace_back(w, 1);
        }
    }
    for (const auto& kv : warns) std::printf("WARNING %s [%zu block(s)]\n", kv.first.c_str(), kv.second);
    if (!r.stats.empty()) {
        const auto& s = r.stats[0];
        std::printf("STAT ub_bytes_used %llu\n", static_cast<unsigned long long>(s.ub_bytes_used));
        std::printf("STAT gm_read_bytes %llu\n", static_cast<unsigned long long>(s.gm_read_bytes));
        std::printf("STAT gm_write_bytes %llu\n", static_cast<unsigned long long>(s.gm_write_bytes));
        for (const auto& kv : s.vector_calls) std::printf("STAT calls.%s %llu\n", kv.first.c_str(), static_cast<unsigned long long>(kv.second));
        std::printf("STAT trace_events %zu\n", s.trace.size());
    }
}

struct TestCase {
    const char* name;
    void (*fn)();
};
inline std::vector<TestCase>& registry() {
    static std::vector<TestCase> r;
    return r;
}
struct Registrar {
    Registrar(const char* n, void (*f)()) { registry().push_back({n, f}); }
};

}  // namespace kgtest

#define KG_TEST(name)                                                    \
    static void kgtest_fn_##name();                                      \
    static ::kgtest::Registrar kgtest_reg_##name(#name, &kgtest_fn_##name); \
    static void kgtest_fn_##name()

// main(): `prog <test>` runs one test, `prog --list` lists them.
#define KG_TEST_MAIN()                                                                        \
    int main(int argc, char** argv) {                                                        \
        if (argc < 2) {                                                                      \
            std::fprintf(stderr, "usage: %s <test>|--list\n", argv[0]);                      \
            return 2;                                                                        \
        }                                                                                    \
        const std::string want = argv[1];                                                    \
        for (const auto& t : ::kgtest::registry()) {                                         \
            if (want == "--list") {                                                          \
                std::printf("%s\n", t.name);                                                 \
            } else if (want == t.name) {                                                     \
                t.fn();                                                                      \
                std::printf("RESULT %s\n", ::kgtest::g_failures ? "fail" : "done");          \
                return ::kgtest::g_failures ? 1 : 0;                                         \
            }                                                                                \
        }                                                                                    \
        if (want == "--list") return 0;                                                      \
        std::fprintf(stderr, "unknown test %s\n", want.c_str());                             \
        return 2;                                                                            \
    }


namespace kgtest {
// One block of `kernel` on `soc_name` with the given GM buffers and tiling; prints the outcome.
inline bool run_one(const char* soc_name, std::vector<Gm*> gm, const std::function<void()>& kernel,
                    std::vector<uint8_t> tiling = std::vector<uint8_t>(8, 0), uint32_t nblocks = 1) {
    Run r;
    r.soc = make_soc(soc_name);
    r.gm = std::move(gm);
    r.tiling = std::move(tiling);
    const bool ok = run_blocks(r, nblocks, kernel);
    report(r, ok);
    return ok;
}
}  // namespace kgtest

#endif  // KGEMU_TESTS_EMU_TEST_H
