// kernelgen CPU emulator (private, kernel side): AscendDequant with a deqScale vector or scalar and DequantParams
// (hicann/asc-devkit docs, 高阶API/量化操作/AscendDequant.md). src [m, n] int32_t (each row 32-byte aligned),
// the first calCount elements of each row multiplied by deqScale (its first calCount elements, or the scalar) in
// float and written as dstT; dst rows are n rounded up to 32 bytes of dstT. With DEQUANT_WITH_SINGLE_ROW, {1, n,
// calCount} with calCount a multiple of 32 / sizeof(dstT) and n % calCount == 0 is computed as
// {n / calCount, calCount, calCount}. Not emulated: the PER_TOKEN / PER_GROUP forms (AscendDeQuantParam).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/dequant.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_DEQUANT_H
#define KGEMU_DETAIL_DEQUANT_H

#include "kgemu/detail/vec_common.h"

namespace AscendC {

struct DequantParams {
    uint32_t m;
    uint32_t n;
    uint32_t calCount;
};
enum class DeQuantMode : uint8_t { DEQUANT_WITH_SINGLE_ROW = 0, DEQUANT_WITH_MULTI_ROW };

namespace kgemu_dequant {
template <typename T>
inline float as_float(T v) {
    if constexpr (std::is_same<T, int32_t>::value) {
        return static_cast<float>(v);
    } else {
        return kgemu::detail::to_f32(v);
    }
}

template <typename dstT, typename srcT, typename scaleT, DeQuantMode mode>
inline void dequant(const LocalTensor<dstT>& dst, const LocalTensor<srcT>& src, const LocalTensor<scaleT>* scale,
                    float scalar, DequantParams p) {
    static_assert(std::is_same<srcT, int32_t>::value, "kgemu: AscendDequant: srcTensor is int32_t (AscendDequant.md)");
    const char* api = "AscendDequant";
    auto& b = kgemu::detail::api_enter(api);
    if (mode == DeQuantMode::DEQUANT_WITH_SINGLE_ROW && p.m == 1 && p.calCount != 0 &&
        p.calCount % (32 / sizeof(dstT)) == 0 && p.n % p.calCount == 0) {
        p = {p.n / p.calCount, p.calCount, p.calCount};
    }
    if (p.m == 0 || p.calCount == 0) return;
    if ((p.n * sizeof(srcT)) % 32 != 0) {
        kgemu::detail::fail(api, kgemu::detail::strf("a row of srcTensor (n = %u int32_t) must be 32-byte aligned", p.n));
    }
    if (p.calCount > p.n) {
        kgemu::detail::fail(api, kgemu::detail::strf("calCount %u is larger than n %u", p.calCount, p.n));
    }
    const uint64_t c0 = 32 / sizeof(dstT);
    const uint64_t n_dst = (p.n + c0 - 1) / c0 * c0;
    dstT* d = kgemu::detail::ub_operand(b, api, "dstTensor", dst, ((p.m - 1ULL) * n_dst + p.calCount) * sizeof(dstT));
    const srcT* s = kgemu::detail::ub_operand(b, api, "srcTensor", src, ((p.m - 1ULL) * p.n + p.calCount) * sizeof(srcT));
    const scaleT* sc = nullptr;
    if (scale != nullptr) {
        if (scale->GetSize() < p.calCount) {
            kgemu::detail::fail(api, kgemu::detail::strf("deqScale holds %u elements, fewer than calCount %u",
                                                         scale->GetSize(), p.calCount));
        }
        sc = kgemu::detail::ub_operand(b, api, "deqScale", *scale, p.calCount * sizeof(scaleT));
    }
    for (uint64_t r = 0; r < p.m; ++r) {
        for (uint64_t i = 0; i < p.calCount; ++i) {
            const float f = as_float(s[r * p.n + i]) * (sc != nullptr ? as_float(sc[i]) : scalar);
            d[r * n_dst + i] = kgemu::detail::from_f32<dstT>(f);
        }
    }
}
}  // namespace kgemu_dequant

template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW, typename srcT>
inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<srcT>& srcTensor,
                          const LocalTensor<scaleT>& deqScale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                          DequantParams params) {
    (void)sharedTmpBuffer;  // the emulator computes without the library's temporary space
    kgemu_dequant::dequant<dstT, srcT, scaleT, mode>(dstTensor, srcTensor, &deqScale, 0.0f, params);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW, typename srcT>
inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<srcT>& srcTensor,
                          const LocalTensor<scaleT>& deqScale, DequantParams params) {
    kgemu_dequant::dequant<dstT, srcT, scaleT, mode>(dstTensor, srcTensor, &deqScale, 0.0f, params);
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_DEQUANT_H
