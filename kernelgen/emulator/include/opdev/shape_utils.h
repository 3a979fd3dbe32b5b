// kernelgen CPU emulator: opdev/shape_utils.h. Shape printing and broadcast inference.
#ifndef KGEMU_OPDEV_SHAPE_UTILS_H
#define KGEMU_OPDEV_SHAPE_UTILS_H

#include "opdev/common_types.h"

namespace op {
// Numpy broadcasting: dims are aligned at the right; each pair must be equal or contain a 1.
bool BroadcastInferShape(const Shape& self, const Shape& other, Shape& broadcastShape);
void ToShape(const int64_t* dims, uint64_t dimNum, Shape& shape);
void ToShape(const aclIntArray* dims, Shape& shape);
bool CheckBroadcastShape(const Shape& self, const Shape& other);
constexpr size_t MAX_DIM_NUM = 8;
FVector<int64_t, MAX_DIM_NUM> ToShapeVector(const Shape& shape);
}  // namespace op

#endif  // KGEMU_OPDEV_SHAPE_UTILS_H
