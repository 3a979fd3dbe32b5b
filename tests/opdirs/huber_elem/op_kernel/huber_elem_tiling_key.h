// HuberElem template tiling key: the element type (follows input 0) and the mask style.
#pragma once
#include "ascendc/host_api/tiling/template_argument.h"

ASCENDC_TPL_ARGS_DECL(HuberElem,
    ASCENDC_TPL_DATATYPE_DECL(D_T, C_DT_FLOAT, C_DT_FLOAT16, ASCENDC_TPL_INPUT(0)),
    ASCENDC_TPL_BOOL_DECL(USE_COUNTER, 0, 1), );

ASCENDC_TPL_SEL(
    ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T, C_DT_FLOAT, C_DT_FLOAT16), ASCENDC_TPL_BOOL_SEL(USE_COUNTER, 0, 1)), );
