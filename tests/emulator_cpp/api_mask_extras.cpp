// The vector mask register (counter mode, SetVectorMask, isSetMask = false), the mask/repeat forms of
// Compare/Compares/Select/And/ShiftRight/MulAddDst/Axpy/Copy, reductions (WholeReduceMax/Min, Brcb), the math-library APIs, and atomic
// UB -> GM copies. Included by api_tests.cpp after api_vector.cpp (uses vec::run).

KG_TEST(mask_register) {
    const uint32_t n = 256;
    std::vector<float> a(n), b(n);
    for (uint32_t i = 0; i < n; ++i) {
        a[i] = static_cast<float>(i);
        b[i] = 1.0f;
    }
    // counter mode: 150 elements over 3 repeats (the last partial); repeatTime is ignored
    auto got = vec::run<float>("ascend910b", a, b, n, [](LT& o, LT& x, LT& y, uint32_t) {
        AscendC::Duplicate(o, -1.0f, 256);
        AscendC::SetMaskCount();
        AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, 150);
        AscendC::Add<float, false>(o, x, y, AscendC::MASK_PLACEHOLDER, 1, {1, 1, 1, 8, 8, 8});
        AscendC::SetMaskNorm();
        AscendC::ResetMask();
    });
    bool ok = true;
    for (uint32_t i = 0; i < n; ++i) ok &= got[i] == (i < 150 ? static_cast<float>(i) + 1.0f : -1.0f);
    kgtest::check("counter_mode_add", ok);
    // normal mode with a register bit mask: elements 0..9 of each of 2 repeats
    auto got2 = vec::run<float>("ascend910b", a, b, n, [](LT& o, LT& x, LT&, uint32_t) {
        AscendC::Duplicate(o, -1.0f, 256);
        AscendC::SetVectorMask<float>(10);
        AscendC::Muls<float, false>(o, x, 2.0f, AscendC::MASK_PLACEHOLDER, 2, {1, 1, 8, 8});
        AscendC::ResetMask();
    });
    ok = true;
    for (uint32_t i = 0; i < 128; ++i) ok &= got2[i] == ((i % 64) < 10 ? 2.0f * i : -1.0f);
    kgtest::check("register_bit_mask", ok);
    // the count form with isSetMask = false takes the counter-mode count
    auto got3 = vec::run<float>("ascend910b", a, b, n, [](LT& o, LT& x, LT&, uint32_t) {
        AscendC::Duplicate(o, -1.0f, 256);
        AscendC::SetMaskCount();
        AscendC::SetVectorMask<float>(0, 70);
        AscendC::Adds<float, false>(o, x, 0.5f, 1);
        AscendC::SetMaskNorm();
    });
    ok = true;
    for (uint32_t i = 0; i < 80; ++i) ok &= got3[i] == (i < 70 ? static_cast<float>(i) + 0.5f : -1.0f);
    kgtest::check("count_form_counter_mode", ok);
}

KG_TEST(repeat_forms_extra) {
    const uint32_t n = 128;
    std::vector<float> a(n), b(n);
    for (uint32_t i = 0; i < n; ++i) {
        a[i] = static_cast<float>(i % 9) - 4.0f;
        b[i] = static_cast<float>(i);
    }
    // Compares repeat form writes 64 bits per repeat; Select repeat form (scalar mode) consumes them
    auto got = vec::run<float>("ascend910b", a, b, n, [](LT& o, LT& x, LT& y, uint32_t) {
        LocalTensor<uint8_t> m = o[256].ReinterpretCast<uint8_t>();
        LocalTensor<uint8_t> m1 = o[264].ReinterpretCast<uint8_t>();
        AscendC::Compares(m, x, 0.0f, AscendC::CMPMODE::GT, 64, 2, AscendC::UnaryRepeatParams());
        AscendC::CompareScalar(m1, x[64], 0.0f, AscendC::CMPMODE::GT, 64, 1, AscendC::UnaryRepeatParams());
        AscendC::Select(o, m, y, -7.0f, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, 64, 1,
                        AscendC::BinaryRepeatParams());
        uint64_t bits[2] = {~0ULL, 0};
        AscendC::Select(o[64], m1, y[64], y, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, bits, 1,
                        AscendC::BinaryRepeatParams());
    });
    bool ok = true;
    for (uint32_t i = 0; i < 64; ++i) ok &= got[i] == (a[i] > 0 ? b[i] : -7.0f);
    for (uint32_t i = 64; i < 128; ++i) ok &= got[i] == (a[i] > 0 ? b[i] : b[i - 64]);
    kgtest::check("compares_select_repeat", ok);
    // MulAddDst / Axpy mask forms and Copy with strides
    auto got2 = vec::run<float>("ascend910b", a, b, n, [](LT& o, LT& x, LT& y, uint32_t) {
        AscendC::Duplicate(o, 1.0f, 128);
        AscendC::MulAddDst(o, x, y, 64, 1, {1, 1, 1, 8, 8, 8});
        AscendC::Axpy(o[64], x[64], 2.0f, 32, 1, {1, 1, 8, 8});
        AscendC::Copy(o[96], y, 8, 4, AscendC::CopyRepeatParams(1, 1, 1, 2));
    });
    ok = true;
    for (uint32_t i = 0; i < 64; ++i) ok &= got2[i] == a[i] * b[i] + 1.0f;
    for (uint32_t i = 64; i < 96; ++i) ok &= got2[i] == (i < 96 ? a[i] * 2.0f + 1.0f : 1.0f);
    for (uint32_t r = 0; r < 4; ++r) {
        for (uint32_t k = 0; k < 8; ++k) ok &= got2[96 + r * 8 + k] == b[r * 16 + k];
    }
    kgtest::check("muladddst_axpy_copy_repeat", ok);
    // int16 And / ShiftRight mask forms
    std::vector<int16_t> s(128), t(128);
    for (int i = 0; i < 128; ++i) {
        s[i] = static_cast<int16_t>(i * 37 - 2000);
        t[i] = static_cast<int16_t>(0x0F0F);
    }
    using LS = LocalTensor<int16_t>;
    auto got3 = vec::run<int16_t>("ascend910b", s, t, 128, [](LS& o, LS& x, LS& y, uint32_t) {
        AscendC::And(o, x, y, 128, 1, AscendC::BinaryRepeatParams());
        AscendC::ShiftRight(o, o, int16_t(2), 64, 1, AscendC::UnaryRepeatParams());
    });
    ok = true;
    for (int i = 0; i < 128; ++i) {
        const int16_t v = static_cast<int16_t>(s[i] & t[i]);
        ok &= got3[i] == (i < 64 ? static_cast<int16_t>(v >> 2) : v);
    }
    kgtest::check("and_shift_repeat", ok);
}

KG_TEST(reductions_and_math) {
    const uint32_t n = 200;
    std::vector<float> a(n), b(n);
    for (uint32_t i = 0; i < n; ++i) {
        a[i] = static_cast<float>(i % 13) * 0.25f - 1.0f;
        b[i] = 2.0f;
    }
    auto got = vec::run<float>("ascend910b", a, b, n, [](LT& o, LT& x, LT& y, uint32_t c) {
        AscendC::ReduceSum(o, x, y, static_cast<int32_t>(c));
        AscendC::ReduceMax(o[8], x, y, static_cast<int32_t>(c), true);
        AscendC::WholeReduceSum(o[16], x, 64, 2, 1, 1, 8);
        AscendC::BlockReduceMin(o[24], x, 1, 64, 1, 1, 8);
        AscendC::Power(o[32], x, 2.0f, 8u);
        AscendC::Erf(o[40], x, 8u);
        AscendC::ClampMax(o[48], x, 0.5f, 8u);
    });
    double sum = 0, s0 = 0, s1 = 0;
    uint32_t imax = 0;
    for (uint32_t i = 0; i < n; ++i) {
        sum += a[i];
        if (a[i] > a[imax]) imax = i;
    }
    for (uint32_t i = 0; i < 64; ++i) s0 += a[i], s1 += a[64 + i];
    bool ok = std::fabs(got[0] - sum) < 1e-4 && got[8] == a[imax];
    uint32_t idx;
    std::memcpy(&idx, &got[9], 4);
    ok &= idx == imax && std::fabs(got[16] - s0) < 1e-4 && std::fabs(got[17] - s1) < 1e-4;
    for (uint32_t j = 0; j < 8; ++j) {
        float mn = a[j * 8];
        for (uint32_t k = 0; k < 8; ++k) mn = std::fmin(mn, a[j * 8 + k]);
        ok &= got[24 + j] == mn;
    }
    for (uint32_t i = 0; i < 8; ++i) {
        ok &= got[32 + i] == std::pow(a[i], 2.0f) && got[40 + i] == std::erf(a[i]);
        ok &= got[48 + i] == std::fmin(a[i], 0.5f);
    }
    kgtest::check("reduce_and_math_library", ok);
}

KG_TEST(whole_reduce_maxmin_brcb) {
    const uint32_t n = 200;
    std::vector<float> a(n), b(n, 0.0f);
    for (uint32_t i = 0; i < n; ++i) a[i] = static_cast<float>((i * 7) % 19) * 0.5f - 3.0f;
    bool phy_ok = false;
    auto got = vec::run<float>("ascend910b", a, b, n, [&phy_ok](LT& o, LT& x, LT&, uint32_t) {
        const uint64_t phy = x.GetPhyAddr();  // an integer address, as on the NPU
        phy_ok = x.GetPhyAddr(8) - phy == 32 && phy % 32 == 0 && reinterpret_cast<float*>(phy)[3] == x.GetValue(3);
        AscendC::WholeReduceMax(o, x, 64, 2, 1, 1, 8);  // (value, index) pairs, unit 8 bytes
        AscendC::WholeReduceMin(o[8], x, 64, 2, 1, 1, 8, AscendC::ReduceOrder::ORDER_ONLY_VALUE);
        AscendC::WholeReduceMax(o[16], x, 40, 1, 1, 1, 8, AscendC::ReduceOrder::ORDER_INDEX_VALUE);
        AscendC::Brcb(o[32], x, 2, {1, 8});
        AscendC::DataCacheCleanAndInvalid<float, AscendC::CacheLine::SINGLE_CACHE_LINE,
                                          AscendC::DcciDst::CACHELINE_OUT>(o);  // no-op on the emulator
    });
    auto arg = [&](uint32_t lo, uint32_t len, bool mx) {
        uint32_t best = lo;
        for (uint32_t i = lo; i < lo + len; ++i) {
            if (mx ? a[i] > a[best] : a[i] < a[best]) best = i;
        }
        return best;
    };
    auto bits = [&](float f) {
        uint32_t u;
        std::memcpy(&u, &f, 4);
        return u;
    };
    bool ok = true;
    for (uint32_t r = 0; r < 2; ++r) {
        const uint32_t mx = arg(64 * r, 64, true), mn = arg(64 * r, 64, false);
        ok &= got[2 * r] == a[mx] && bits(got[2 * r + 1]) == mx - 64 * r && got[8 + r] == a[mn];
    }
    const uint32_t m40 = arg(0, 40, true);
    ok &= bits(got[16]) == m40 && got[17] == a[m40];
    kgtest::check("whole_reduce_maxmin", ok);
    ok = true;
    for (uint32_t i = 0; i < 16; ++i) {
        for (uint32_t e = 0; e < 8; ++e) ok &= got[32 + 8 * i + e] == a[i];
    }
    kgtest::check("brcb", ok);
    kgtest::check("local_phy_addr", phy_ok);
    static_assert(AscendC::DivCeil(20u, 8) == 3 && AscendC::AlignUp(uint64_t(20), 16) == 32, "kernel_utils helpers");
    static_assert(std::is_same<float16_t, half>::value, "float16_t spells half");
}

KG_TEST(atomic_add_copy_out) {
    kgtest::Run r;
    r.soc = kgtest::make_soc("ascend910b");
    r.tiling = std::vector<uint8_t>(8, 0);
    kgtest::Gm out("out", 64 * sizeof(float));
    r.gm = {&out};
    for (int i = 0; i < 64; ++i) out.as<float>()[i] = 100.0f;
    const bool ok = kgtest::run_blocks(r, 3, [&] {
        AscendC::TPipe pipe;
        AscendC::TBuf<AscendC::QuePosition::VECCALC> buf;
        pipe.InitBuffer(buf, 256);
        LT t = buf.Get<float>();
        AscendC::Duplicate(t, static_cast<float>(AscendC::GetBlockIdx() + 1), 64);
        AscendC::PipeBarrier<PIPE_ALL>();
        AscendC::GlobalTensor<float> g;
        g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out.ptr()), 64);
        AscendC::SetAtomicAdd<float>();
        AscendC::DataCopy(g, t, 64);
        AscendC::DataCopyPad(g[8], t, AscendC::DataCopyExtParams{1, 32, 0, 0, 0});
        AscendC::SetAtomicNone();
    });
    bool good = ok;
    for (int i = 0; i < 64; ++i) good &= out.as<float>()[i] == ((i >= 8 && i < 16) ? 112.0f : 106.0f);
    kgtest::check("atomic_add", good, ok ? "" : r.error);
}
