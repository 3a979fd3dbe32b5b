// ScaledAbs tiling for arch22: scale = 1 (which folder the SOC's build compiles decides it).
#define SCALED_ABS_SCALE 1.0f
#include "../scaled_abs_tiling_body.h"
