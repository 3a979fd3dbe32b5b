// SquareLite infershape: y takes x's shape.
#include "register/op_impl_registry.h"
#include "op_common/op_host/infershape_elewise_util.h"

namespace ops {
IMPL_OP_INFERSHAPE(SquareLite).InferShape(Ops::Base::InferShape4Elewise);
}  // namespace ops
