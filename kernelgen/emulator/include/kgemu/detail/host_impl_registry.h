// kernelgen CPU emulator (private): what IMPL_OP_INFERSHAPE / IMPL_OP_OPTILING (gert::OpImplRegisterV2)
// registered, keyed by op type. Every registration for one op type, from any translation unit, merges into
// one ImplData entry.
#include "kgemu/detail/host_guard.h"
#ifndef KGEMU_DETAIL_HOST_IMPL_REGISTRY_H
#define KGEMU_DETAIL_HOST_IMPL_REGISTRY_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "kgemu/detail/host_attrs.h"

namespace gert {
class TilingContext;
class TilingParseContext;
class InferShapeContext;
class InferDataTypeContext;
class InferShapeRangeContext;
class KernelContext;
}  // namespace gert

namespace kgemu {
namespace detail {

using TilingFn = uint32_t (*)(gert::TilingContext*);
using TilingParseFn = uint32_t (*)(gert::KernelContext*);  // the registered function takes the TilingParseContext
using InferShapeFn = uint32_t (*)(gert::InferShapeContext*);
using InferDataTypeFn = uint32_t (*)(gert::InferDataTypeContext*);
using CompileInfoCreator = void* (*)();
using CompileInfoDeleter = void (*)(void*);

struct ImplData {
    TilingFn tiling = nullptr;
    size_t max_tiling_data_size = 2048;
    TilingParseFn tiling_parse = nullptr;
    CompileInfoCreator compile_info_creator = nullptr;
    CompileInfoDeleter compile_info_deleter = nullptr;
    InferShapeFn infer_shape = nullptr;
    InferDataTypeFn infer_datatype = nullptr;
    uint32_t (*infer_shape_range)(gert::InferShapeRangeContext*) = nullptr;  // recorded for unit tests, never run
    bool infer_dtype_same_as_first_input = false;
    std::vector<std::pair<std::string, AttrValue>> private_attrs;
    std::vector<int32_t> data_dependency;         // InputsDataDependency: IR input indices (tiling + infershape)
    std::vector<int32_t> tiling_data_dependency;  // TilingInputsDataDependency: IR input indices (tiling only)
    std::vector<int32_t> output_shape_depend_on_compute;
    std::vector<std::string> recorded_only;       // registered hooks the emulator keeps but never calls
};

KGEMU_HIDDEN inline std::map<std::string, ImplData>& ImplTable() {
    static std::map<std::string, ImplData> table;
    return table;
}

// Out of line: compiled once, in kg_harness.cpp (KGEMU_OPDEF_IMPL); a unit that sees only the declaration does not
// instantiate the std::map / std::vector members the body uses (docs/speed.md, Session 32)
KGEMU_HIDDEN const ImplData* FindImpl(const std::string& op_type);
#ifdef KGEMU_OPDEF_IMPL
KGEMU_HIDDEN const ImplData* FindImpl(const std::string& op_type) {
    const auto& t = ImplTable();
    const auto it = t.find(op_type);
    return it == t.end() ? nullptr : &it->second;
}
#endif

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_HOST_IMPL_REGISTRY_H
