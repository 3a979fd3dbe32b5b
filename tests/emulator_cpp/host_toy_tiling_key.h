// Template tiling key of KgToyScale (as op_kernel/*_tiling_key.h): schMode by dtype, plus a BOOL flag.
#ifndef KGTEST_HOST_TOY_TILING_KEY_H
#define KGTEST_HOST_TOY_TILING_KEY_H

#include "ascendc/host_api/tiling/template_argument.h"

#define KGTOY_TPL_FP32 0
#define KGTOY_TPL_FP16 3
#define KGTOY_TPL_BF16 5

// The selection before the declaration, as opbase's atvoss/reduce/reduce_tiling_key_sel.h comes before an
// operator's ASCENDC_TPL_ARGS_DECL (p_relu_grad_reduce): CANN reads both as markers of the whole file.
// KGTOY_TPL_FLOOR is defined nowhere (clipped_swiglu's TPL_FLOOR): CANN's key tool reads a selection's digits
// from the preprocessed text, so it drops out and the selection is {0, 3}; compiling the list would stop on it.
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(schMode, ASCENDC_TPL_UI_LIST, KGTOY_TPL_FP32, KGTOY_TPL_FP16,
                                                          KGTOY_TPL_FLOOR),
                                     ASCENDC_TPL_BOOL_SEL(withBias, 0, 1)), )
// (no ';' after ASCENDC_TPL_SEL: index_put_with_sort_v2_struct.h writes it so, and CANN's macro compiles it)

ASCENDC_TPL_ARGS_DECL(KgToyScale,
                      ASCENDC_TPL_UINT_DECL(schMode, 2, ASCENDC_TPL_UI_LIST, KGTOY_TPL_FP32, KGTOY_TPL_FP16, KGTOY_TPL_BF16),
                      ASCENDC_TPL_BOOL_DECL(withBias, 0, 1), );

#endif
