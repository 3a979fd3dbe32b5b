// ScaledAbs tiling for arch35: scale = 2 (which folder the SOC's build compiles decides it).
#define SCALED_ABS_SCALE 2.0f
#include "../scaled_abs_tiling_body.h"
