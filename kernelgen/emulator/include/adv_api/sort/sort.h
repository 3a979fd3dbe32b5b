// kernelgen CPU emulator: adv_api/sort/sort.h, asc-devkit's header of the Sort advanced API (the 950's Sort with a
// SortConfig; scatter_elements' arch35 kernel includes it by this path). The emulator's Sort is in kernel_operator.h
// (kgemu/detail/sort_config.h).
#include "kernel_operator.h"
