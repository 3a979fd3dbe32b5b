// kernelgen CPU emulator (private, kernel side): the algorithm configurations of the math APIs (SinConfig,
// DivConfig, ...) and the API forms that take one as a template argument, e.g. Sin<T, false, config>(...),
// Div<T, config>(...), Sqrt<T, config>(...) (asc-devkit's prototypes: `const SinConfig& config =
// defaultSinConfig`). On the NPU the algorithm trades speed for accuracy; the emulator computes each result in
// float (libm) whatever the configuration, so every form here forwards to the plain one. The enumerators are
// the ones kernels name (asc-devkit lists DivAlgo in full); their values are not significant here.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/algo_config.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_ALGO_CONFIG_H
#define KGEMU_DETAIL_ALGO_CONFIG_H

namespace AscendC {

enum class SinAlgo { POLYNOMIAL_APPROXIMATION = 0, RADIAN_REDUCTION };
struct SinConfig {
    SinAlgo algo = SinAlgo::POLYNOMIAL_APPROXIMATION;
};
constexpr SinConfig defaultSinConfig;

enum class CosAlgo { POLYNOMIAL_APPROXIMATION = 0, RADIAN_REDUCTION };
struct CosConfig {
    CosAlgo algo = CosAlgo::POLYNOMIAL_APPROXIMATION;
};
constexpr CosConfig defaultCosConfig;

enum class AtanAlgo { POLYNOMIAL_APPROXIMATION = 0 };
struct AtanConfig {
    AtanAlgo algo = AtanAlgo::POLYNOMIAL_APPROXIMATION;
};
constexpr AtanConfig defaultAtanConfig;

enum class ErfAlgo { SUBSECTION_POLYNOMIAL_APPROXIMATION = 0 };
struct ErfConfig {
    ErfAlgo algo = ErfAlgo::SUBSECTION_POLYNOMIAL_APPROXIMATION;
};
constexpr ErfConfig defaultErfConfig;

enum class DivAlgo {
    INTRINSIC = 0,
    DIFF_COMPENSATION,
    PRECISION_1ULP_FTZ_TRUE,
    PRECISION_0ULP_FTZ_TRUE,
    PRECISION_0ULP_FTZ_FALSE,
    PRECISION_1ULP_FTZ_FALSE
};
struct DivConfig {
    DivAlgo algo = DivAlgo::INTRINSIC;
};
constexpr DivConfig defaultDivConfig;

enum class SqrtAlgo { INTRINSIC = 0, PRECISION_0ULP_FTZ_FALSE };
struct SqrtConfig {
    SqrtAlgo algo = SqrtAlgo::INTRINSIC;
};
constexpr SqrtConfig defaultSqrtConfig;

enum class PowerAlgo { INTRINSIC = 0, DOUBLE_FLOAT_TECH };
struct PowerConfig {
    PowerAlgo algo = PowerAlgo::INTRINSIC;
};
constexpr PowerConfig defaultPowerConfig;

enum class FmodAlgo { INTRINSIC = 0, ITERATION_COMPENSATION };
struct FmodConfig {
    FmodAlgo algo = FmodAlgo::INTRINSIC;
    uint32_t iterationNum = 0;
};
constexpr FmodConfig defaultFmodConfig;

// Sin, Cos, Atan, Erf with a configuration (the third template argument): every form of the plain API.
#define KGEMU_CONFIG_MATH_FORMS(NAME, CFG)                                                                            \
    template <typename T, bool isReuseSource, KGEMU_TRAIT_PARAM(CFG) config>                                        \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,         \
                     const uint32_t calCount) {                                                                     \
        NAME<T, isReuseSource>(dst, src, tmp, calCount);                                                            \
    }                                                                                                               \
    template <typename T, bool isReuseSource, KGEMU_TRAIT_PARAM(CFG) config>                                        \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp) {       \
        NAME<T, isReuseSource>(dst, src, tmp);                                                                      \
    }                                                                                                               \
    template <typename T, bool isReuseSource, KGEMU_TRAIT_PARAM(CFG) config>                                        \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t calCount) {               \
        NAME<T, isReuseSource>(dst, src, calCount);                                                                 \
    }                                                                                                               \
    template <typename T, bool isReuseSource, KGEMU_TRAIT_PARAM(CFG) config>                                        \
    inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src) {                                        \
        NAME<T, isReuseSource>(dst, src);                                                                           \
    }
KGEMU_CONFIG_MATH_FORMS(Sin, SinConfig)
KGEMU_CONFIG_MATH_FORMS(Cos, CosConfig)
KGEMU_CONFIG_MATH_FORMS(Atan, AtanConfig)
KGEMU_CONFIG_MATH_FORMS(Erf, ErfConfig)
#undef KGEMU_CONFIG_MATH_FORMS

// Div<T, config> and Sqrt<T, config>: the configuration is the second template argument.
template <typename T, KGEMU_TRAIT_PARAM(DivConfig) config>
inline void Div(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                const int32_t& count) {
    Div<T>(dst, src0, src1, count);
}
template <typename T, KGEMU_TRAIT_PARAM(SqrtConfig) config>
inline void Sqrt(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {
    Sqrt<T>(dst, src, count);
}

// Power<T, isReuseSource, config>: tensor/tensor, tensor/scalar and scalar/tensor, with or without a buffer.
template <typename T, bool isReuseSource, const PowerConfig& config, typename A, typename B>
inline void Power(const LocalTensor<T>& dst, const A& base, const B& exponent, const uint32_t calCount) {
    Power<T, isReuseSource>(dst, base, exponent, calCount);
}
template <typename T, bool isReuseSource, const PowerConfig& config, typename A, typename B>
inline void Power(const LocalTensor<T>& dst, const A& base, const B& exponent, const LocalTensor<uint8_t>& tmp,
                  const uint32_t calCount) {
    Power<T, isReuseSource>(dst, base, exponent, tmp, calCount);
}
template <typename T, bool isReuseSource, const PowerConfig& config, typename A, typename B>
inline void Power(const LocalTensor<T>& dst, const A& base, const B& exponent) {
    Power<T, isReuseSource>(dst, base, exponent);
}
template <typename T, bool isReuseSource, const PowerConfig& config, typename A, typename B>
inline void Power(const LocalTensor<T>& dst, const A& base, const B& exponent, const LocalTensor<uint8_t>& tmp) {
    Power<T, isReuseSource>(dst, base, exponent, tmp);
}

// Fmod: dst = fmod(src0, src1), the remainder with the sign of src0 (C's fmod).
template <typename T, bool isReuseSource = false, const FmodConfig& config = defaultFmodConfig>
inline void Fmod(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    kgemu::detail::advanced_map<T>("Fmod", dst, src0, &src1, &sharedTmpBuffer, calCount,
                                   [](float a, float b) { return std::fmod(a, b); });
}
template <typename T, bool isReuseSource = false, const FmodConfig& config = defaultFmodConfig>
inline void Fmod(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                 const uint32_t calCount) {
    kgemu::detail::advanced_map<T>("Fmod", dst, src0, &src1, nullptr, calCount,
                                   [](float a, float b) { return std::fmod(a, b); });
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_ALGO_CONFIG_H
