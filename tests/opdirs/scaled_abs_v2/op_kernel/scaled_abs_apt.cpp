// ScaledAbs, the 950 kernel (opFile scaled_abs_apt): y = scale * |x| + 1.
#define SCALED_ABS_PLUS_ONE true
#include "scaled_abs_kernel.h"
