// Throughput benchmark of the emulator: N float32 elements through 15 vector ops (a GELU-gradient-like chain)
// with double-buffered queues, family-A style tiling over `blocks` blocks run on `threads` threads.
//   bench_elementwise [N=16777216] [threads=1] [blocks=48]
// Prints "BENCH seconds <s>" and a checksum; tests/test_emulator_kernel_api.py compares it with NumPy.
#include <chrono>
#include <thread>

#include "emu_test.h"

namespace bench {
using namespace AscendC;

struct Tiling {
    uint64_t perBlock;
    uint32_t tile;
};

__global__ __aicore__ void kernel(GM_ADDR x, GM_ADDR dy, GM_ADDR z, const Tiling& t, uint64_t n) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> inX, inDy;
    TQue<QuePosition::VECOUT, 2> out;
    TBuf<QuePosition::VECCALC> tA, tB;
    const uint32_t tile = t.tile;
    pipe.InitBuffer(inX, 2, tile * 4);
    pipe.InitBuffer(inDy, 2, tile * 4);
    pipe.InitBuffer(out, 2, tile * 4);
    pipe.InitBuffer(tA, tile * 4);
    pipe.InitBuffer(tB, tile * 4);
    const uint64_t start = t.perBlock * GetBlockIdx();
    const uint64_t end = std::min<uint64_t>(n, start + t.perBlock);
    GlobalTensor<float> xg, dyg, zg;
    xg.SetGlobalBuffer((__gm__ float*)x);
    dyg.SetGlobalBuffer((__gm__ float*)dy);
    zg.SetGlobalBuffer((__gm__ float*)z);
    for (uint64_t at = start; at < end; at += tile) {
        const uint32_t cnt = static_cast<uint32_t>(std::min<uint64_t>(tile, end - at));
        LocalTensor<float> lx = inX.AllocTensor<float>();
        LocalTensor<float> ld = inDy.AllocTensor<float>();
        DataCopy(lx, xg[at], cnt);
        DataCopy(ld, dyg[at], cnt);
        inX.EnQue(lx);
        inDy.EnQue(ld);
        lx = inX.DeQue<float>();
        ld = inDy.DeQue<float>();
        LocalTensor<float> p = tA.Get<float>(), s = tB.Get<float>();
        LocalTensor<float> o = out.AllocTensor<float>();
        Mul(p, lx, lx, cnt);                      // 1
        Muls(p, p, -0.0713548162726f, cnt);       // 2
        Adds(p, p, -1.5957691216057f, cnt);       // 3
        Mul(p, p, lx, cnt);                       // 4
        Exp(p, p, cnt);                           // 5
        Adds(s, p, 1.0f, cnt);                    // 6
        Reciprocal(s, s, cnt);                    // 7
        Mul(p, p, s, cnt);                        // 8
        Mul(o, lx, lx, cnt);                      // 9
        Muls(o, o, 0.2140644488178f, cnt);        // 10
        Adds(o, o, 1.5957691216057f, cnt);        // 11
        Mul(o, o, lx, cnt);                       // 12
        Mul(o, o, p, cnt);                        // 13
        Mul(o, o, s, cnt);                        // 14
        Add(o, o, s, cnt);                        // 15
        Mul(o, o, ld, cnt);                       // 16
        out.EnQue(o);
        inX.FreeTensor(lx);
        inDy.FreeTensor(ld);
        o = out.DeQue<float>();
        DataCopy(zg[at], o, cnt);
        out.FreeTensor(o);
    }
}
}  // namespace bench

int main(int argc, char** argv) {
    const uint64_t n = argc > 1 ? std::stoull(argv[1]) : (16ULL << 20);
    const unsigned threads = argc > 2 ? std::stoul(argv[2]) : 1;
    const uint32_t blocks = argc > 3 ? std::stoul(argv[3]) : 48;
    kgtest::Gm x("x", n * 4), dy("dy", n * 4), z("z", n * 4);
    for (uint64_t i = 0; i < n; ++i) {
        x.as<float>()[i] = static_cast<float>(static_cast<int64_t>(i % 2001) - 1000) / 150.0f;
        dy.as<float>()[i] = 1.0f + static_cast<float>(i % 7) / 8.0f;
    }
    KgSoc soc = kgtest::make_soc("ascend910b");
    bench::Tiling t;
    t.tile = 6144;  // 5 float tiles x 2 (double-buffered queues) + 2 tmp buffers fit 192 KiB
    const uint64_t per = (n + blocks - 1) / blocks;
    t.perBlock = (per + 7) / 8 * 8;
    std::vector<uint8_t> tiling(8, 0);
    kgemu::rt_begin_run(&soc, "Bench", false);
    kgemu::rt_register_gm("x", x.ptr(), n * 4);
    kgemu::rt_register_gm("dy", dy.ptr(), n * 4);
    kgemu::rt_register_gm("z", z.ptr(), n * 4);
    kgemu::rt_set_tiling(tiling.data(), tiling.size());
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    std::string error;
    for (unsigned w = 0; w < threads; ++w) {
        pool.emplace_back([&, w] {
            for (uint32_t b = w; b < blocks; b += threads) {
                kgemu::rt_block_begin(b, blocks, 0);
                try {
                    bench::kernel(x.ptr(), dy.ptr(), z.ptr(), t, n);
                    kgemu::rt_block_end();
                } catch (const kgemu::EmuError& e) {
                    kgemu::rt_block_abort();
                    error = e.what();
                }
            }
        });
    }
    for (auto& th : pool) th.join();
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!error.empty()) {
        std::printf("DEFECT %s\n", error.c_str());
        return 1;
    }
    double sum = 0;
    for (uint64_t i = 0; i < n; i += 4099) sum += z.as<float>()[i];
    std::printf("BENCH seconds %.4f\nBENCH checksum %.6f\n", secs, sum);
    return 0;
}
