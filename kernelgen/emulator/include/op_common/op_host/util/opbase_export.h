// kernelgen CPU emulator: CANN opbase's op_common/op_host/util/opbase_export.h, the symbol-visibility macro of the
// shared Ops::Base helpers. Everything here is compiled into one host library, so it exports nothing.
#ifndef KGEMU_OP_COMMON_OP_HOST_UTIL_OPBASE_EXPORT_H
#define KGEMU_OP_COMMON_OP_HOST_UTIL_OPBASE_EXPORT_H
#ifndef OPBASE_API
#define OPBASE_API
#endif
#endif  // KGEMU_OP_COMMON_OP_HOST_UTIL_OPBASE_EXPORT_H
