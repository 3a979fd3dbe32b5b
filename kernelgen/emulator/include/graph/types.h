// kernelgen CPU emulator: ge::DataType, ge::Format and friends (graph/types.h).
// Enumerator values are the real CANN numbers: Python and the ABI (kgemu/abi.h) use the same numbers.
#ifndef KGEMU_GRAPH_TYPES_H
#define KGEMU_GRAPH_TYPES_H

#include <cstdint>
#include <cstddef>
#include <string>
#include <vector>

#include "graph/ge_error_codes.h"

namespace ge {
using char_t = char;
using float32_t = float;
using float64_t = double;

enum DataType {
    DT_FLOAT = 0, DT_FLOAT16 = 1, DT_INT8 = 2, DT_INT32 = 3, DT_UINT8 = 4,
    DT_INT16 = 6, DT_UINT16 = 7, DT_UINT32 = 8, DT_INT64 = 9, DT_UINT64 = 10, DT_DOUBLE = 11,
    DT_BOOL = 12, DT_STRING = 13, DT_DUAL_SUB_INT8 = 14, DT_DUAL_SUB_UINT8 = 15, DT_COMPLEX64 = 16,
    DT_COMPLEX128 = 17, DT_QINT8 = 18, DT_QINT16 = 19, DT_QINT32 = 20, DT_QUINT8 = 21, DT_QUINT16 = 22,
    DT_RESOURCE = 23, DT_STRING_REF = 24, DT_DUAL = 25, DT_VARIANT = 26, DT_BF16 = 27, DT_UNDEFINED = 28,
    DT_INT4 = 29, DT_UINT1 = 30, DT_INT2 = 31, DT_UINT2 = 32, DT_COMPLEX32 = 33, DT_HIFLOAT8 = 34,
    DT_FLOAT8_E5M2 = 35, DT_FLOAT8_E4M3FN = 36, DT_FLOAT8_E8M0 = 37, DT_FLOAT6_E3M2 = 38,
    DT_FLOAT6_E2M3 = 39, DT_FLOAT4_E2M1 = 40, DT_FLOAT4_E1M2 = 41,
    DT_MAX
};

// A kernel build defines FORMAT_<TENSOR> for each tensor (FORMAT_END=FORMAT_ND for LinSpaceD's input `end`):
// enumerators that a tensor name can shadow are declared with those macros set aside.
#pragma push_macro("FORMAT_END")
#undef FORMAT_END
#pragma push_macro("FORMAT_MAX")
#undef FORMAT_MAX
#pragma push_macro("FORMAT_ALL")
#undef FORMAT_ALL
#pragma push_macro("FORMAT_NULL")
#undef FORMAT_NULL
#pragma push_macro("FORMAT_RESERVED")
#undef FORMAT_RESERVED
enum Format {
    FORMAT_NCHW = 0, FORMAT_NHWC = 1, FORMAT_ND = 2, FORMAT_NC1HWC0 = 3, FORMAT_FRACTAL_Z = 4,
    FORMAT_NC1C0HWPAD = 5, FORMAT_NHWC1C0 = 6, FORMAT_FSR_NCHW = 7, FORMAT_FRACTAL_DECONV = 8,
    FORMAT_C1HWNC0 = 9, FORMAT_FRACTAL_DECONV_TRANSPOSE = 10, FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS = 11,
    FORMAT_NC1HWC0_C04 = 12, FORMAT_FRACTAL_Z_C04 = 13, FORMAT_CHWN = 14,
    FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS = 15, FORMAT_HWCN = 16, FORMAT_NC1KHKWHWC0 = 17,
    FORMAT_BN_WEIGHT = 18, FORMAT_FILTER_HWCK = 19, FORMAT_HASHTABLE_LOOKUP_LOOKUPS = 20,
    FORMAT_HASHTABLE_LOOKUP_KEYS = 21, FORMAT_HASHTABLE_LOOKUP_VALUE = 22, FORMAT_HASHTABLE_LOOKUP_OUTPUT = 23,
    FORMAT_HASHTABLE_LOOKUP_HITS = 24, FORMAT_C1HWNCoC0 = 25, FORMAT_MD = 26, FORMAT_NDHWC = 27,
    FORMAT_FRACTAL_ZZ = 28, FORMAT_FRACTAL_NZ = 29, FORMAT_NCDHW = 30, FORMAT_DHWCN = 31,
    FORMAT_NDC1HWC0 = 32, FORMAT_FRACTAL_Z_3D = 33, FORMAT_CN = 34, FORMAT_NC = 35, FORMAT_DHWNC = 36,
    FORMAT_FRACTAL_Z_3D_TRANSPOSE = 37, FORMAT_FRACTAL_ZN_LSTM = 38, FORMAT_FRACTAL_Z_G = 39,
    FORMAT_RESERVED = 40, FORMAT_ALL = 41, FORMAT_NULL = 42, FORMAT_ND_RNN_BIAS = 43,
    FORMAT_FRACTAL_ZN_RNN = 44, FORMAT_NYUV = 45, FORMAT_NYUV_A = 46, FORMAT_NCL = 47,
    FORMAT_FRACTAL_Z_WINO = 48, FORMAT_C1HWC0 = 49, FORMAT_FRACTAL_NZ_C0_16 = 50, FORMAT_FRACTAL_NZ_C0_32 = 51,
    // the cube's narrow-C0 NZ formats, in the order asc-devkit include/basic_api/kernel_type.h lists them
    // (quant_batch_matmul_v4 and weight_quant_batch_matmul_v2 declare them in their OpDefs)
    FORMAT_FRACTAL_NZ_C0_2 = 52, FORMAT_FRACTAL_NZ_C0_4 = 53, FORMAT_FRACTAL_NZ_C0_8 = 54,
    FORMAT_END = 55,
    FORMAT_MAX = 0xff
};
#pragma pop_macro("FORMAT_END")
#pragma pop_macro("FORMAT_MAX")
#pragma pop_macro("FORMAT_ALL")
#pragma pop_macro("FORMAT_NULL")
#pragma pop_macro("FORMAT_RESERVED")

// A format value may carry a sub-format and a C0 size in its upper bits; the primary format is the low byte.
inline int32_t GetPrimaryFormat(int32_t format) { return static_cast<int32_t>(static_cast<uint32_t>(format) & 0xFFU); }
inline int32_t GetSubFormat(int32_t format) { return static_cast<int32_t>((static_cast<uint32_t>(format) & 0xFFFF00U) >> 8U); }
inline bool HasSubFormat(int32_t format) { return GetSubFormat(format) > 0; }

// The name of a format's primary part without the FORMAT_ prefix ("ND", "NCHW"), for messages; "UNDEFINED" past
// the enum (host tilings print the format they refuse: npu_alloc_float_status, deformable_offsets).
inline constexpr const char* kgemu_format_names[] = {
        "NCHW", "NHWC", "ND", "NC1HWC0", "FRACTAL_Z", "NC1C0HWPAD", "NHWC1C0", "FSR_NCHW", "FRACTAL_DECONV",
        "C1HWNC0", "FRACTAL_DECONV_TRANSPOSE", "FRACTAL_DECONV_SP_STRIDE_TRANS", "NC1HWC0_C04", "FRACTAL_Z_C04",
        "CHWN", "FRACTAL_DECONV_SP_STRIDE8_TRANS", "HWCN", "NC1KHKWHWC0", "BN_WEIGHT", "FILTER_HWCK",
    "HASHTABLE_LOOKUP_LOOKUPS", "HASHTABLE_LOOKUP_KEYS", "HASHTABLE_LOOKUP_VALUE", "HASHTABLE_LOOKUP_OUTPUT",
        "HASHTABLE_LOOKUP_HITS", "C1HWNCoC0", "MD", "NDHWC", "FRACTAL_ZZ", "FRACTAL_NZ", "NCDHW", "DHWCN",
        "NDC1HWC0", "FRACTAL_Z_3D", "CN", "NC", "DHWNC", "FRACTAL_Z_3D_TRANSPOSE", "FRACTAL_ZN_LSTM",
        "FRACTAL_Z_G", "RESERVED", "ALL", "NULL", "ND_RNN_BIAS", "FRACTAL_ZN_RNN", "NYUV", "NYUV_A", "NCL",
        "FRACTAL_Z_WINO", "C1HWC0", "FRACTAL_NZ_C0_16", "FRACTAL_NZ_C0_32"};
constexpr const char* GetFormatName(Format format) {
    const uint32_t primary = static_cast<uint32_t>(format) & 0xFFU;
    return primary < sizeof(kgemu_format_names) / sizeof(kgemu_format_names[0]) ? kgemu_format_names[primary]
                                                                                 : "UNDEFINED";
}

// Sizes above this offset encode a sub-byte type as (bits + offset), e.g. DT_INT4 -> 1004.
constexpr int32_t kDataTypeSizeBitOffset = 1000;

// Bytes per element; sub-byte types give kDataTypeSizeBitOffset + bits; -1 for types without a size.
inline int32_t GetSizeByDataType(DataType data_type) {
    switch (data_type) {
        case DT_FLOAT: case DT_INT32: case DT_UINT32: case DT_QINT32: case DT_COMPLEX32: return 4;
        case DT_FLOAT16: case DT_BF16: case DT_INT16: case DT_UINT16: case DT_QINT16: case DT_QUINT16: return 2;
        case DT_INT8: case DT_UINT8: case DT_BOOL: case DT_QINT8: case DT_QUINT8: case DT_DUAL_SUB_INT8:
        case DT_DUAL_SUB_UINT8: case DT_HIFLOAT8: case DT_FLOAT8_E5M2: case DT_FLOAT8_E4M3FN:
        case DT_FLOAT8_E8M0: return 1;
        case DT_INT64: case DT_UINT64: case DT_DOUBLE: case DT_COMPLEX64: case DT_RESOURCE: return 8;
        case DT_COMPLEX128: return 16;
        case DT_INT4: case DT_FLOAT4_E2M1: case DT_FLOAT4_E1M2: return kDataTypeSizeBitOffset + 4;
        case DT_INT2: case DT_UINT2: return kDataTypeSizeBitOffset + 2;
        case DT_UINT1: return kDataTypeSizeBitOffset + 1;
        case DT_FLOAT6_E3M2: case DT_FLOAT6_E2M3: return kDataTypeSizeBitOffset + 6;
        default: return -1;
    }
}

// Bytes of element_count elements of data_type (sub-byte types packed, rounded up); -1 for types without a size.
inline int64_t GetSizeInBytes(int64_t element_count, DataType data_type) {
    const int32_t size = GetSizeByDataType(data_type);
    if (size < 0 || element_count < 0) return -1;
    if (size > kDataTypeSizeBitOffset) {
        return (element_count * (size - kDataTypeSizeBitOffset) + 7) / 8;
    }
    return element_count * size;
}

#ifndef KGEMU_GE_SHAPE_DEFINED
#define KGEMU_GE_SHAPE_DEFINED
// ge::Shape (graph/tensor.h): the dims of a graph tensor, as host code builds them for the library's
// Get*MaxMinTmpSize helpers.
class Shape {
public:
    Shape() = default;
    explicit Shape(const std::vector<int64_t>& dims) : dims_(dims) {}
    size_t GetDimNum() const { return dims_.size(); }
    int64_t GetDim(size_t idx) const { return idx < dims_.size() ? dims_[idx] : 0; }
    std::vector<int64_t> GetDims() const { return dims_; }
    int32_t SetDim(size_t idx, int64_t value) {
        if (idx >= dims_.size()) return -1;
        dims_[idx] = value;
        return 0;
    }
    int64_t GetShapeSize() const {
        if (dims_.empty()) return 0;
        int64_t n = 1;
        for (const int64_t d : dims_) n *= d;
        return n;
    }
private:
    std::vector<int64_t> dims_;
};
#endif
// CANN's dynamic-shape markers (metadef graph/types.h): a dimension unknown until run time is -1, a rank unknown
// until run time is written as the single dimension -2. ops-nn's infershapes compare dims with them (24 files).
constexpr int64_t UNKNOWN_DIM = -1;
constexpr int64_t UNKNOWN_DIM_NUM = -2;
// ... and the shapes made of them (sparse_tensor_dense_mat_mul's infershape: `shape_vec == ge::UNKNOWN_RANK`)
inline const std::vector<int64_t> UNKNOWN_SHAPE = {UNKNOWN_DIM};
inline const std::vector<int64_t> UNKNOWN_RANK = {UNKNOWN_DIM_NUM};

}  // namespace ge

#endif  // KGEMU_GRAPH_TYPES_H
