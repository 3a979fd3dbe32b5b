// kernelgen CPU emulator: the ge::DataType / ge::Format numbers as preprocessor macros, for the kernel
// launcher TU of an ops-nn operator directory (kernelgen/emulator/opdir.py). The kernel build passes
// -DORIG_DTYPE_<NAME>=DT_<...> and -DFORMAT_<NAME>=FORMAT_<...>, and kernels compare them in #if lines
// ("#if ORIG_DTYPE_X == DT_BF16"), which needs the right-hand names to be macros with the GE numbers.
// The launcher includes this after kernel_operator.h and graph/types.h (whose enumerators share the names),
// so only the operator's own sources see the macros. KGEMU_LAUNCH_DT_MACROS / KGEMU_LAUNCH_FORMAT_MACROS
// select the two groups.
#ifndef KGEMU_LAUNCH_DEFINES_H
#define KGEMU_LAUNCH_DEFINES_H

#if defined(KGEMU_LAUNCH_DT_MACROS)
#define DT_FLOAT 0
#define DT_FLOAT16 1
#define DT_INT8 2
#define DT_INT32 3
#define DT_UINT8 4
#define DT_INT16 6
#define DT_UINT16 7
#define DT_UINT32 8
#define DT_INT64 9
#define DT_UINT64 10
#define DT_DOUBLE 11
#define DT_BOOL 12
#define DT_STRING 13
#define DT_COMPLEX64 16
#define DT_COMPLEX128 17
#define DT_BF16 27
#define DT_UNDEFINED 28
#define DT_INT4 29
#define DT_UINT1 30
#define DT_INT2 31
#define DT_UINT2 32
#define DT_COMPLEX32 33
#define DT_HIFLOAT8 34
#define DT_FLOAT8_E5M2 35
#define DT_FLOAT8_E4M3FN 36
#define DT_FLOAT8_E8M0 37
#define DT_FLOAT6_E3M2 38
#define DT_FLOAT6_E2M3 39
#define DT_FLOAT4_E2M1 40
#define DT_FLOAT4_E1M2 41
#endif

#if defined(KGEMU_LAUNCH_FORMAT_MACROS)
#define FORMAT_NCHW 0
#define FORMAT_NHWC 1
#define FORMAT_ND 2
#define FORMAT_NC1HWC0 3
#define FORMAT_FRACTAL_Z 4
#define FORMAT_NC1HWC0_C04 12
#define FORMAT_FRACTAL_Z_C04 13
#define FORMAT_HWCN 16
#define FORMAT_NDHWC 27
#define FORMAT_FRACTAL_NZ 29
#define FORMAT_NCDHW 30
#define FORMAT_DHWCN 31
#define FORMAT_NDC1HWC0 32
#define FORMAT_FRACTAL_Z_3D 33
#define FORMAT_NC 35
#define FORMAT_DHWNC 36
#define FORMAT_RESERVED 40
#define FORMAT_NULL 42
#define FORMAT_NCL 47
#define FORMAT_MAX 0xff
#endif

#endif  // KGEMU_LAUNCH_DEFINES_H
