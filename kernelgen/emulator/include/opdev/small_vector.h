// kernelgen CPU emulator: opdev/small_vector.h. op::SmallVector<T, N>: CANN's vector with N elements stored
// inline; here the same std::vector-backed type as op::FVector (N is only a capacity hint on the NPU host).
#ifndef KGEMU_OPDEV_SMALL_VECTOR_H
#define KGEMU_OPDEV_SMALL_VECTOR_H

#include "opdev/common_types.h"

namespace op {
template <typename T, size_t N = 8>
using SmallVector = FVector<T, N>;
}  // namespace op

#endif  // KGEMU_OPDEV_SMALL_VECTOR_H
