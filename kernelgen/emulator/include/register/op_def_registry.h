// kernelgen CPU emulator: OP_ADD (register/op_def_registry.h). Also brings in the whole host API an ops-nn
// *_def.cpp / *_tiling.cpp / *_infershape.cpp may expect from this header on CANN.
#ifndef KGEMU_REGISTER_OP_DEF_REGISTRY_H
#define KGEMU_REGISTER_OP_DEF_REGISTRY_H

#include "graph/operator.h"   // complete: OpDefs' CheckSupport functions call ge::Operator::GetAttr (unique_consecutive)
#include "graph/utils/type_utils.h"
#include "register/op_def.h"
#include "register/op_check.h"
#include "register/op_def_factory.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

// One line per operator: "OP_ADD(<OpType>);" (ops-nn's CMake greps for it).
#define OP_ADD(opType, ...)                                                                         \
    static int VAR_UNUSED g_##opType##_added = ::ops::OpDefFactory::OpDefRegister(                  \
        #opType, [](const char* name) -> ::ops::OpDef { return ::ops::OpDef(opType(name)); })

#endif  // KGEMU_REGISTER_OP_DEF_REGISTRY_H
