// kernelgen CPU emulator: metadef base/context_builder/op_infer_shape_context_builder.h (all builders live in op_context_builder_base.h).
#include "base/context_builder/op_context_builder_base.h"
