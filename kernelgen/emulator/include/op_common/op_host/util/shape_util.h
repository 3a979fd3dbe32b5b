// kernelgen CPU emulator: Ops::Base shape helpers (op_common/op_host/util/shape_util.h), declared as CANN opbase's
// header declares them and under its include guard: opbase's op_host/infershape_reduce_util.h includes opbase's own
// copy while an operator's "util/shape_util.h" reaches this one (norm/euclidean_norm's infershape includes both),
// and two definitions of the CheckAxisBounds template were a redefinition. With one guard, whichever comes first
// declares them; libopbase's out-of-line bodies are the emulator's below, compiled once in kg_harness.cpp
// (KGEMU_OPDEF_IMPL), whichever header declared them.
// Unknown rank is the single dim -2; unknown dims are -1 (the GE conventions).
#ifndef OP_COMMON_OP_HOST_UTIL_SHAPE_UTIL_H
#define OP_COMMON_OP_HOST_UTIL_SHAPE_UTIL_H

#include <cstdint>

#include "exe_graph/runtime/shape.h"

namespace Ops {
namespace Base {
template <typename T1, typename T2>
bool CheckAxisBounds(const T1 dimNum, const T2 axis) {
    if (dimNum == 0) return axis == 0;
    const int64_t lo = -static_cast<int64_t>(dimNum);
    const int64_t hi = static_cast<int64_t>(dimNum) - 1;
    return static_cast<int64_t>(axis) >= lo && static_cast<int64_t>(axis) <= hi;
}
void SetUnknownRank(gert::Shape& shape);
bool IsUnknownRank(const gert::Shape& shape);
void SetUnknownShape(int64_t rank, gert::Shape& shape);
// True when any axis is unknown (-1), as opbase defines it (src/op_common/op_host/util/shape_util.cpp); a shape
// with no -1 axis, scalars included, is known.
bool IsUnknownShape(const gert::Shape& shape);
}  // namespace Base
}  // namespace Ops

#endif  // OP_COMMON_OP_HOST_UTIL_SHAPE_UTIL_H

#if defined(KGEMU_OPDEF_IMPL) && !defined(KGEMU_SHAPE_UTIL_BODIES)
#define KGEMU_SHAPE_UTIL_BODIES
namespace Ops {
namespace Base {
void SetUnknownRank(gert::Shape& shape) {
    shape.SetDimNum(0);
    shape.AppendDim(-2);
}
bool IsUnknownRank(const gert::Shape& shape) { return shape.GetDimNum() == 1 && shape.GetDim(0) == -2; }
void SetUnknownShape(int64_t rank, gert::Shape& shape) {
    shape.SetDimNum(0);
    for (int64_t i = 0; i < rank; ++i) shape.AppendDim(-1);
}
bool IsUnknownShape(const gert::Shape& shape) {
    for (size_t i = 0; i < shape.GetDimNum(); ++i) {
        if (shape.GetDim(i) == -1) return true;
    }
    return false;
}
}  // namespace Base
}  // namespace Ops
#endif  // KGEMU_OPDEF_IMPL
