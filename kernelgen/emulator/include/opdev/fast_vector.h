// kernelgen CPU emulator: opdev/fast_vector.h. op::FVector<T, N> (a std::vector here; N is CANN's inline capacity).
#ifndef KGEMU_OPDEV_FAST_VECTOR_H
#define KGEMU_OPDEV_FAST_VECTOR_H

#include "opdev/common_types.h"

#endif  // KGEMU_OPDEV_FAST_VECTOR_H
