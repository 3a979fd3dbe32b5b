// SiluLite template tiling key: schMode 0 computes float directly, 1 casts half to float and back.
#ifndef SILU_LITE_TILING_KEY_H
#define SILU_LITE_TILING_KEY_H
#include "ascendc/host_api/tiling/template_argument.h"

#define SILU_LITE_TPL_FP32 0
#define SILU_LITE_TPL_FP16 1

ASCENDC_TPL_ARGS_DECL(SiluLite,
    ASCENDC_TPL_UINT_DECL(schMode, ASCENDC_TPL_8_BW, ASCENDC_TPL_UI_LIST, SILU_LITE_TPL_FP32, SILU_LITE_TPL_FP16));

ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(
    ASCENDC_TPL_UINT_SEL(schMode, ASCENDC_TPL_UI_LIST, SILU_LITE_TPL_FP32, SILU_LITE_TPL_FP16)));
#endif
