// kernelgen CPU emulator: CANN metadef's register/register_types.h, the symbol-visibility macros its registration
// headers put on exported classes (ops-nn's common/inc/op_host/register headers include it). The emulator links
// everything into one host library, so they only keep the symbols visible.
#ifndef KGEMU_REGISTER_REGISTER_TYPES_H
#define KGEMU_REGISTER_REGISTER_TYPES_H

#define FMK_FUNC_HOST_VISIBILITY __attribute__((visibility("default")))
#define FMK_FUNC_DEV_VISIBILITY __attribute__((visibility("default")))

#endif  // KGEMU_REGISTER_REGISTER_TYPES_H
