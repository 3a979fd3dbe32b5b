// Dumps conversion results of the emulator for tests/test_emulator_numerics.py to compare against NumPy and
// ml_dtypes bit for bit. Every conversion runs through the public API (DataCopy -> Cast -> DataCopy in an
// emulated block), so the Cast dispatch is covered as well as the converters.
//
//   numerics_cast <samples_f32.bin> <outdir>
// samples_f32.bin: raw float32 samples; they are also reinterpreted as int32 for the int -> float casts.
// Writes <outdir>/<src>_<dst>_<MODE>.bin with the raw output elements, plus the exhaustive
// f16_f32_NONE.bin / bf16_f32_NONE.bin / f16_s32_<MODE>.bin over all 65536 16-bit patterns.
#include <fstream>

#include "emu_test.h"

namespace num {
using namespace AscendC;

constexpr uint32_t CHUNK = 4096;

template <typename D, typename S>
__global__ __aicore__ void cast_kernel(GM_ADDR in, GM_ADDR out, uint32_t n, RoundMode mode) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> qin;
    TQue<QuePosition::VECOUT, 1> qout;
    pipe.InitBuffer(qin, 1, CHUNK * sizeof(S));
    pipe.InitBuffer(qout, 1, CHUNK * sizeof(D));
    GlobalTensor<S> ig;
    GlobalTensor<D> og;
    ig.SetGlobalBuffer((__gm__ S*)in, n);
    og.SetGlobalBuffer((__gm__ D*)out, n);
    for (uint32_t at = 0; at < n; at += CHUNK) {
        LocalTensor<S> s = qin.AllocTensor<S>();
        DataCopy(s, ig[at], CHUNK);
        qin.EnQue(s);
        s = qin.DeQue<S>();
        LocalTensor<D> d = qout.AllocTensor<D>();
        Cast(d, s, mode, CHUNK);
        qout.EnQue(d);
        qin.FreeTensor(s);
        d = qout.DeQue<D>();
        DataCopy(og[at], d, CHUNK);
        qout.FreeTensor(d);
    }
}

template <typename D, typename S>
std::vector<D> run_cast(const std::vector<S>& in, RoundMode mode) {
    const size_t n = (in.size() + CHUNK - 1) / CHUNK * CHUNK;
    kgtest::Gm gi("in", n * sizeof(S)), go("out", n * sizeof(D));
    std::memcpy(gi.ptr(), in.data(), in.size() * sizeof(S));
    kgtest::Run r;
    r.soc = kgtest::make_soc("ascend910b");
    r.gm = {&gi, &go};
    r.tiling = std::vector<uint8_t>(8, 0);
    const bool ok = kgtest::run_blocks(r, 1, [&] { cast_kernel<D, S>(gi.ptr(), go.ptr(), static_cast<uint32_t>(n), mode); });
    if (!ok) {
        std::printf("DEFECT %s\n", r.error.c_str());
        std::exit(1);
    }
    std::vector<D> out(in.size());
    std::memcpy(out.data(), go.ptr(), in.size() * sizeof(D));
    return out;
}

template <typename T>
void write_file(const std::string& path, const std::vector<T>& v) {
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(T)));
}

struct ModeName {
    RoundMode m;
    const char* name;
};
const ModeName kModes[] = {{RoundMode::CAST_NONE, "NONE"},   {RoundMode::CAST_RINT, "RINT"},
                           {RoundMode::CAST_FLOOR, "FLOOR"}, {RoundMode::CAST_CEIL, "CEIL"},
                           {RoundMode::CAST_ROUND, "ROUND"}, {RoundMode::CAST_TRUNC, "TRUNC"},
                           {RoundMode::CAST_ODD, "ODD"}};

template <typename D, typename S>
void dump(const std::string& dir, const char* tag, const std::vector<S>& in, std::initializer_list<const char*> modes) {
    for (const char* want : modes) {
        for (const auto& m : kModes) {
            if (std::strcmp(m.name, want) == 0) write_file(dir + "/" + tag + "_" + m.name + ".bin", run_cast<D, S>(in, m.m));
        }
    }
}
}  // namespace num

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s <samples_f32.bin> <outdir>\n", argv[0]);
        return 2;
    }
    std::ifstream f(argv[1], std::ios::binary);
    std::vector<char> raw((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    std::vector<float> fs(raw.size() / 4);
    std::memcpy(fs.data(), raw.data(), fs.size() * 4);
    std::vector<int32_t> is(fs.size());
    std::memcpy(is.data(), raw.data(), is.size() * 4);
    const std::string dir = argv[2];

    num::dump<half, float>(dir, "f32_f16", fs, {"NONE", "RINT", "FLOOR", "CEIL", "ROUND", "TRUNC", "ODD"});
    num::dump<bfloat16_t, float>(dir, "f32_bf16", fs, {"RINT", "FLOOR", "CEIL", "ROUND", "TRUNC"});
    num::dump<int32_t, float>(dir, "f32_s32", fs, {"RINT", "FLOOR", "CEIL", "ROUND", "TRUNC"});
    num::dump<float, float>(dir, "f32_f32", fs, {"RINT", "FLOOR", "CEIL", "ROUND", "TRUNC"});
    num::dump<float, int32_t>(dir, "s32_f32", is, {"NONE", "RINT", "FLOOR", "CEIL", "ROUND", "TRUNC"});  // no ODD (Cast.md)

    std::vector<half> all_h(65536);
    std::vector<bfloat16_t> all_b(65536);
    for (uint32_t i = 0; i < 65536; ++i) {
        all_h[i] = half::from_bits(static_cast<uint16_t>(i));
        all_b[i] = bfloat16_t::from_bits(static_cast<uint16_t>(i));
    }
    num::dump<float, half>(dir, "f16_f32", all_h, {"NONE"});
    num::dump<float, bfloat16_t>(dir, "bf16_f32", all_b, {"NONE"});
    num::dump<int32_t, half>(dir, "f16_s32", all_h, {"RINT", "FLOOR", "CEIL", "ROUND", "TRUNC"});

    // The scalar types must agree with the vector Cast (RNE) and widen exactly.
    int mismatches = 0;
    const auto h_rne = num::run_cast<half, float>(fs, AscendC::RoundMode::CAST_RINT);
    const auto b_rne = num::run_cast<bfloat16_t, float>(fs, AscendC::RoundMode::CAST_RINT);
    for (size_t i = 0; i < fs.size(); ++i) {
        const half h(fs[i]);
        const bfloat16_t b(fs[i]);
        const bool nan = fs[i] != fs[i];
        if (!nan && (h.bits_ != h_rne[i].bits_ || b.bits_ != b_rne[i].bits_)) ++mismatches;
        if (!nan && half(static_cast<double>(fs[i])).bits_ != h.bits_) ++mismatches;
    }
    std::printf("CHECK scalar_matches_vector_cast %s %d\n", mismatches ? "FAIL" : "ok", mismatches);
    // double -> half must round once (no double rounding through float)
    const double tricky = 1.0 + 1.0 / 2048 + 1.0 / (1ULL << 40);  // just above a half tie; float would make it a tie
    std::printf("CHECK double_to_half_single_rounding %s\n", half(tricky).bits_ == 0x3C01 ? "ok" : "FAIL");
    std::printf("RESULT %s\n", mismatches ? "fail" : "done");
    return mismatches ? 1 : 0;
}
