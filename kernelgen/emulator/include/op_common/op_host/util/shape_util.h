// kernelgen CPU emulator: Ops::Base shape helpers (op_common/op_host/util/shape_util.h).
// Unknown rank is the single dim -2; unknown dims are -1 (the GE conventions).
#ifndef KGEMU_OP_COMMON_OP_HOST_UTIL_SHAPE_UTIL_H
#define KGEMU_OP_COMMON_OP_HOST_UTIL_SHAPE_UTIL_H

#include <cstdint>

#include "exe_graph/runtime/shape.h"

namespace Ops {
namespace Base {
constexpr int64_t UNKNOWN_DIM_VALUE_ = -1;
constexpr int64_t UNKNOWN_RANK_DIM_VALUE_ = -2;

inline bool IsUnknownRank(const gert::Shape& shape) {
    return shape.GetDimNum() == 1 && shape.GetDim(0) == UNKNOWN_RANK_DIM_VALUE_;
}
inline void SetUnknownRank(gert::Shape& shape) {
    shape.SetDimNum(0);
    shape.AppendDim(UNKNOWN_RANK_DIM_VALUE_);
}
// True when any axis is unknown (-1), as opbase defines it (src/op_common/op_host/util/shape_util.cpp
// IsUnknownShape); a shape with no -1 axis, scalars included, is known.
inline bool IsUnknownShape(const gert::Shape& shape) {
    for (size_t i = 0; i < shape.GetDimNum(); ++i) {
        if (shape.GetDim(i) == UNKNOWN_DIM_VALUE_) return true;
    }
    return false;
}

template <typename T1, typename T2>
bool CheckAxisBounds(const T1 dimNum, const T2 axis) {
    if (dimNum == 0) return axis == 0;
    const int64_t lo = -static_cast<int64_t>(dimNum);
    const int64_t hi = static_cast<int64_t>(dimNum) - 1;
    return static_cast<int64_t>(axis) >= lo && static_cast<int64_t>(axis) <= hi;
}
inline void SetUnknownShape(int64_t rank, gert::Shape& shape) {
    shape.SetDimNum(0);
    for (int64_t i = 0; i < rank; ++i) shape.AppendDim(UNKNOWN_DIM_VALUE_);
}
}  // namespace Base
}  // namespace Ops

#endif  // KGEMU_OP_COMMON_OP_HOST_UTIL_SHAPE_UTIL_H
