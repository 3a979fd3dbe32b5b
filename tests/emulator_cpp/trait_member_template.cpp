// A quantizing row kernel in the shape g++ 12 crashes on (internal compiler error in tsubst / a segmentation fault):
// a class template keeps its conversion trait and its Erf configuration as `constexpr static` members, and a
// member template defined outside the class passes them to Reg::Cast<D, S, trait> and Erf<T, false, config>
// (the shape of ops-nn's dynamic_quant and softmax_focal_loss kernels). The crash needs a call that names no
// template parameter but the trait: Cast<half, float, trait> on float and half registers, Erf<float, ...>. Not part of kgbuild's programs: it is
// compiled through kernelgen's build (tests/test_gcc_crash_retry.py), which retries such a unit as C++20.
#include "emu_test.h"

namespace tmt {
using namespace AscendC;

inline float input_x(uint32_t i) { return static_cast<float>(static_cast<int>(i % 23) - 11) * 0.37f; }

template <typename T>
class RowQuant {
public:
    static constexpr MicroAPI::CastTrait kToHalf = {MicroAPI::RegLayout::ZERO, MicroAPI::SatMode::NO_SAT,
                                                    MicroAPI::MaskMergeMode::ZEROING, RoundMode::CAST_RINT};
    static constexpr ErfConfig kErf = {};
    template <bool kScaled>
    void Cast(__ubuf__ float* s, __ubuf__ half* d, uint32_t n);
    template <bool kScaled>
    void Erf(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t n);
};

template <typename T>
template <bool kScaled>
void RowQuant<T>::Cast(__ubuf__ float* s, __ubuf__ half* d, uint32_t n) {
    __VEC_SCOPE__ {
        MicroAPI::RegTensor<float> f;
        MicroAPI::RegTensor<half> h;
        uint32_t count = n;
        for (uint16_t i = 0; i < 2; ++i) {
            MicroAPI::MaskReg m = MicroAPI::UpdateMask<float>(count);
            MicroAPI::LoadAlign(f, s + i * 64);
            if constexpr (kScaled) MicroAPI::Muls(f, f, 3.0f, m);
            MicroAPI::Cast<half, float, kToHalf>(h, f, m);
            MicroAPI::StoreAlign<half, MicroAPI::StoreDist::DIST_PACK_B32>(d + i * 64, h, m);
        }
    }
}

template <typename T>
template <bool kScaled>
void RowQuant<T>::Erf(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t n) {
    AscendC::Erf<float, false, kErf>(dst, src, n);
}
}  // namespace tmt

KG_TEST(cast_and_erf_through_static_traits) {
    using namespace AscendC;
    constexpr uint32_t n = 100;
    kgtest::Gm half_out("half_out", n * 2);
    kgtest::Gm erf_out("erf_out", n * 4);
    kgtest::run_one("ascend950", {&half_out, &erf_out}, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 2048);
        LocalTensor<float> src = buf.Get<float>(128);
        LocalTensor<half> dst = buf.Get<half>()[256];
        LocalTensor<float> erf = buf.Get<float>()[256];
        for (uint32_t i = 0; i < n; ++i) src.SetValue(i, tmt::input_x(i));
        tmt::RowQuant<float> op;
        op.Cast<true>((__ubuf__ float*)src.GetPhyAddr(), (__ubuf__ half*)dst.GetPhyAddr(), n);
        op.Erf<false>(erf, src, n);
        for (uint32_t i = 0; i < n; ++i) {
            half_out.as<uint16_t>()[i] = dst.GetValue(i).bits_;
            erf_out.as<float>()[i] = erf.GetValue(i);
        }
    });
    std::printf("VAL half_out");
    for (uint32_t i = 0; i < n; ++i) std::printf(" %u", half_out.as<uint16_t>()[i]);
    std::printf("\nVAL erf_out");
    for (uint32_t i = 0; i < n; ++i) std::printf(" %.9g", erf_out.as<float>()[i]);
    std::printf("\n");
}
KG_TEST_MAIN()
