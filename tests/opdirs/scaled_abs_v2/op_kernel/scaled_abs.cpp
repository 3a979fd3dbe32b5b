// ScaledAbs, the 910B kernel: y = scale * |x|.
#define SCALED_ABS_PLUS_ONE false
#include "scaled_abs_kernel.h"
