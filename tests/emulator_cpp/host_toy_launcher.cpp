// The launcher TU of the host-side emulator tests: kg_kernel_entry in plain C++ (only GetBlockIdx, TPipe and
// GET_TILING_DATA_WITH_STRUCT from the kernel API), so the harness is tested on its own. Dispatches by argument
// count: 5 = KgToyScale(x, bias, y, ws, tiling), 4 = KgToyLegacy(x, y, ws, tiling). KgToyScale's block
// `failBlock` throws kgemu::EmuError, and its template key is decoded with kgemu::tpl::DecodeTilingKey and
// must agree with the tiling data; KgToyLegacy's blocks leave a TPipe alive (a kernel-runtime warning).
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "kgemu/abi.h"
#include "kgemu/runtime.h"
#include "host_toy_tiling_data.h"
#include "host_toy_tiling_key.h"

static void ToyScale(uint8_t** args, uint64_t key) {
    GET_TILING_DATA_WITH_STRUCT(KgToyTilingData, t, args[4]);
    const uint32_t block = AscendC::GetBlockIdx();
    if (static_cast<int32_t>(block) == t.failBlock) throw kgemu::EmuError("ToyKernel: block asked to fail");
    std::vector<uint64_t> params;
    if (!kgemu::tpl::DecodeTilingKey("KgToyScale", key, &params) || params.size() != 2 || params[1] != t.hasBias) {
        throw kgemu::EmuError("ToyKernel: tiling key does not decode");
    }
    if ((args[1] != nullptr) != (t.hasBias != 0)) throw kgemu::EmuError("ToyKernel: bias argument mismatch");
    if (params[0] != KGTOY_TPL_FP32) return;  // only fp32 computes in the toy
    const auto* x = reinterpret_cast<const float*>(args[0]);
    const auto* bias = reinterpret_cast<const float*>(args[1]);
    auto* y = reinterpret_cast<float*>(args[2]);
    const uint32_t begin = block * t.perBlock;
    for (uint32_t i = begin; i < begin + t.perBlock && i < t.total; ++i) {
        y[i] = t.alpha * x[i] + (bias != nullptr ? bias[i] : 0.0f);
    }
    if (args[3] != nullptr) args[3][block] = 1;  // touch the workspace
}

static void ToyLegacy(uint8_t** args) {
    static thread_local std::vector<AscendC::TPipe*> leaked;  // left alive on purpose: a block-end warning
    leaked.push_back(new AscendC::TPipe());
    if (AscendC::GetBlockIdx() == 0) reinterpret_cast<int32_t*>(args[1])[0] = reinterpret_cast<int32_t*>(args[0])[0] * 2;
}

extern "C" void kg_kernel_entry(uint8_t** args, int32_t nargs, uint64_t tiling_key) {
    if (nargs == 5) ToyScale(args, tiling_key);
    else ToyLegacy(args);
}
