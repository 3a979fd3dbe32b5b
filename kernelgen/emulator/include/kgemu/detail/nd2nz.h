// kernelgen CPU emulator (private, kernel side): DataCopy with Nd2NzParams, the GM -> L1 copy that turns ND
// matrices into the cube's NZ layout (hicann/asc-devkit: DataCopy, 随路转换 ND2NZ).
//
// For matrix i < ndNum (srcNdMatrixStride elements apart in GM), row r < nValue and column d < dValue (rows
// srcDValue elements apart), element (r, d) lands at i * dstNzMatrixStride + (d / C0) * dstNzC0Stride * C0 +
// r * dstNzNStride * C0 + d % C0 of dst, C0 being 32 bytes of T; strides in elements, dstNzC0Stride and
// dstNzNStride in C0 blocks. The destination is the LocalTensor the kernel gives (an A1 / B1 queue's buffer:
// the emulator keeps it in the block's local memory like any queue), described as one conservative UB extent.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/nd2nz.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_ND2NZ_H
#define KGEMU_DETAIL_ND2NZ_H

#include "kgemu/detail/access.h"
#include "kgemu/detail/tensor.h"

namespace AscendC {

struct Nd2NzParams {
    Nd2NzParams() {}
    Nd2NzParams(uint16_t ndNumIn, uint16_t nValueIn, uint16_t dValueIn, uint16_t srcNdMatrixStrideIn,
                uint16_t srcDValueIn, uint16_t dstNzC0StrideIn, uint16_t dstNzNStrideIn, uint16_t dstNzMatrixStrideIn)
        : ndNum(ndNumIn), nValue(nValueIn), dValue(dValueIn), srcNdMatrixStride(srcNdMatrixStrideIn),
          srcDValue(srcDValueIn), dstNzC0Stride(dstNzC0StrideIn), dstNzNStride(dstNzNStrideIn),
          dstNzMatrixStride(dstNzMatrixStrideIn) {}
    uint16_t ndNum = 0;
    uint16_t nValue = 0;
    uint16_t dValue = 0;
    uint16_t srcNdMatrixStride = 0;
    uint16_t srcDValue = 0;
    uint16_t dstNzC0Stride = 0;
    uint16_t dstNzNStride = 0;
    uint16_t dstNzMatrixStride = 0;
};

template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& p) {
    const char* api = "DataCopy";
    const uint64_t c0 = 32 / sizeof(T);
    if (p.ndNum == 0 || p.nValue == 0 || p.dValue == 0) return;
    const uint64_t src_span = (p.ndNum - 1ULL) * p.srcNdMatrixStride + (p.nValue - 1ULL) * p.srcDValue + p.dValue;
    const uint64_t dst_span = (p.ndNum - 1ULL) * p.dstNzMatrixStride + ((p.dValue - 1ULL) / c0) * p.dstNzC0Stride * c0 +
                              (p.nValue - 1ULL) * p.dstNzNStride * c0 + c0;
    kgemu::detail::gm_check(api, src.kg_ptr, src_span * sizeof(T), false, src.kg_base);
    if (dst.kg_addr == nullptr || dst_span > dst.kg_size) {
        kgemu::detail::fail(api, kgemu::detail::strf("Nd2NzParams write %llu elements of the NZ destination, which "
                                                     "holds %u", static_cast<unsigned long long>(dst_span),
                                                     dst.kg_size));
    }
    for (uint32_t i = 0; i < p.ndNum; ++i) {
        for (uint32_t r = 0; r < p.nValue; ++r) {
            auto& b = kgemu::detail::api_enter(api);
            kgemu::detail::ApiCall call(b, api, ::PIPE_MTE2);
            call.read_gm(src.kg_ptr + static_cast<uint64_t>(i) * p.srcNdMatrixStride +
                             static_cast<uint64_t>(r) * p.srcDValue, p.dValue * sizeof(T));
            if (i == 0 && r == 0) call.write(dst, 0, dst_span);
            call.commit();
        }
    }
    for (uint64_t i = 0; i < p.ndNum; ++i) {
        for (uint64_t r = 0; r < p.nValue; ++r) {
            for (uint64_t d = 0; d < p.dValue; ++d) {
                dst.kg_addr[i * p.dstNzMatrixStride + (d / c0) * p.dstNzC0Stride * c0 + r * p.dstNzNStride * c0 +
                            d % c0] = src.kg_ptr[i * p.srcNdMatrixStride + r * p.srcDValue + d];
            }
        }
    }
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_ND2NZ_H
