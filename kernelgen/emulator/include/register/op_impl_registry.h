// kernelgen CPU emulator: gert::OpImplRegisterV2 and IMPL_OP_INFERSHAPE / IMPL_OP_OPTILING / IMPL_OP.
// Registrations go to a per-library registry keyed by op type (kgemu/detail/host_impl_registry.h) that the
// harness queries. Hooks whose effect the emulator cannot reproduce for a kernel run (host-executed ops,
// host-placed inputs, custom task generation) are compile-time errors naming the API; graph-compile-only
// hooks (InferShapeRange, InferFormat, GenSimplifiedKey, CheckSupport, OpSelectFormat) are recorded in the
// OpDef JSON under "recorded_only" and never called.
#ifndef KGEMU_REGISTER_OP_IMPL_REGISTRY_H
#define KGEMU_REGISTER_OP_IMPL_REGISTRY_H

#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

#include "exe_graph/runtime/base_type.h"
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/infer_shape_range_context.h"  // CANN's header makes the range context complete too
#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "graph/ascend_string.h"
#include "graph/types.h"
#include "graph/utils/type_utils.h"
#include "securec.h"
#ifndef KGEMU_HOST_DETAIL_OK
#define KGEMU_HOST_DETAIL_OK
#endif
#include "kgemu/detail/host_impl_registry.h"

#ifndef VAR_UNUSED
#define VAR_UNUSED __attribute__((unused))
#endif

namespace gert {
class InferShapeRangeContext;
class InferFormatContext;
class OpCheckContext;

enum TilingPlacement { TILING_ON_HOST = 0, TILING_ON_AICPU = 1 };

class OpImplRegisterV2 {
public:
    using InferShapeKernelFunc = UINT32 (*)(InferShapeContext*);
    using InferShapeRangeKernelFunc = UINT32 (*)(InferShapeRangeContext*);
    using TilingKernelFunc = UINT32 (*)(TilingContext*);
    using InferDataTypeKernelFunc = UINT32 (*)(InferDataTypeContext*);
    using GenSimplifiedKeyKernelFunc = UINT32 (*)(TilingContext*, ge::char_t*);
    using TilingParseFunc = UINT32 (*)(TilingParseContext*);
    using InferFormatFunc = UINT32 (*)(InferFormatContext*);
    using OP_CHECK_FUNC_V2 = ge::graphStatus (*)(const OpCheckContext*, ge::AscendString&);
    using OpType = ge::AscendString;

    explicit OpImplRegisterV2(const ge::char_t* op_type) : op_type_(op_type == nullptr ? "" : op_type) { (void)Data(); }
    OpImplRegisterV2(const OpImplRegisterV2&) = default;
    OpImplRegisterV2(OpImplRegisterV2&&) noexcept = default;
    OpImplRegisterV2& operator=(const OpImplRegisterV2&) = delete;
    OpImplRegisterV2& operator=(OpImplRegisterV2&&) = delete;
    ~OpImplRegisterV2() = default;

    OpImplRegisterV2& InferShape(InferShapeKernelFunc f) {
        Data().infer_shape = f;
        return *this;
    }
    OpImplRegisterV2& InferDataType(InferDataTypeKernelFunc f) {
        Data().infer_datatype = f;
        Data().infer_dtype_same_as_first_input = false;
        return *this;
    }
    OpImplRegisterV2& InferOutDataTypeSameWithFirstInput() {
        Data().infer_dtype_same_as_first_input = true;
        Data().infer_datatype = nullptr;
        return *this;
    }
    OpImplRegisterV2& Tiling(TilingKernelFunc f, size_t max_tiling_data_size = 2048) {
        Data().tiling = f;
        Data().max_tiling_data_size = max_tiling_data_size;
        return *this;
    }
    template <typename T>
    OpImplRegisterV2& TilingParse(TilingParseFunc const f) {
        // stored as CANN stores it (a KernelContext function); TilingParseContext derives from it at offset 0
        Data().tiling_parse = reinterpret_cast<kgemu::detail::TilingParseFn>(f);
        Data().compile_info_creator = &CreateCompileInfo<T>;
        Data().compile_info_deleter = &DeleteCompileInfo<T>;
        return *this;
    }
    OpImplRegisterV2& InputsDataDependency(std::initializer_list<int32_t> inputs) {
        Data().data_dependency.insert(Data().data_dependency.end(), inputs.begin(), inputs.end());
        return *this;
    }
    OpImplRegisterV2& TilingInputsDataDependency(std::initializer_list<int32_t> inputs) {
        Data().tiling_data_dependency.insert(Data().tiling_data_dependency.end(), inputs.begin(), inputs.end());
        return *this;
    }
    OpImplRegisterV2& TilingInputsDataDependency(std::initializer_list<int32_t> inputs,
                                                 std::initializer_list<TilingPlacement> placements) {
        for (TilingPlacement p : placements) {
            if (p == TILING_ON_AICPU) Record("TilingInputsDataDependency(TILING_ON_AICPU)");
        }
        return TilingInputsDataDependency(inputs);
    }
    OpImplRegisterV2& OutputShapeDependOnCompute(std::initializer_list<int32_t> outputs) {
        Data().output_shape_depend_on_compute.insert(Data().output_shape_depend_on_compute.end(), outputs.begin(),
                                                     outputs.end());
        return *this;
    }
    OpImplRegisterV2& PrivateAttr(const ge::char_t* name) { return AddPrivate(name, kgemu::detail::AttrValue{}); }
    OpImplRegisterV2& PrivateAttr(const ge::char_t* name, int64_t v) {
        kgemu::detail::AttrValue a;
        a.kind = kgemu::detail::AttrKind::kInt;
        a.i = v;
        return AddPrivate(name, a);
    }
    OpImplRegisterV2& PrivateAttr(const ge::char_t* name, const std::vector<int64_t>& v) {
        kgemu::detail::AttrValue a;
        a.kind = kgemu::detail::AttrKind::kListInt;
        a.list_i = v;
        return AddPrivate(name, a);
    }
    OpImplRegisterV2& PrivateAttr(const ge::char_t* name, const ge::char_t* v) {
        kgemu::detail::AttrValue a;
        a.kind = kgemu::detail::AttrKind::kStr;
        a.s = v == nullptr ? "" : v;
        return AddPrivate(name, a);
    }
    OpImplRegisterV2& PrivateAttr(const ge::char_t* name, ge::float32_t v) {
        kgemu::detail::AttrValue a;
        a.kind = kgemu::detail::AttrKind::kFloat;
        a.f = v;
        return AddPrivate(name, a);
    }
    OpImplRegisterV2& PrivateAttr(const ge::char_t* name, bool v) {
        kgemu::detail::AttrValue a;
        a.kind = kgemu::detail::AttrKind::kBool;
        a.i = v ? 1 : 0;
        return AddPrivate(name, a);
    }
    OpImplRegisterV2& PrivateAttr(const ge::char_t* name, const std::vector<ge::float32_t>& v) {
        kgemu::detail::AttrValue a;
        a.kind = kgemu::detail::AttrKind::kListFloat;
        a.list_f.assign(v.begin(), v.end());
        return AddPrivate(name, a);
    }

    // Graph-compile hooks: recorded, never called by the emulator.
    OpImplRegisterV2& InferShapeRange(InferShapeRangeKernelFunc f) {
        Data().infer_shape_range = f;
        return Record("InferShapeRange");
    }
    OpImplRegisterV2& InferFormat(InferFormatFunc) { return Record("InferFormat"); }
    OpImplRegisterV2& GenSimplifiedKey(GenSimplifiedKeyKernelFunc) { return Record("GenSimplifiedKey"); }
    OpImplRegisterV2& CheckSupport(OP_CHECK_FUNC_V2) { return Record("CheckSupport"); }
    OpImplRegisterV2& OpSelectFormat(OP_CHECK_FUNC_V2) { return Record("OpSelectFormat"); }

    // Not emulated: each would change what runs instead of (or around) the AI Core kernel.
    template <typename... A>
    OpImplRegisterV2& OpExecuteFunc(A&&...) {
        static_assert(kgemu::detail::AlwaysFalse<A...>::value,
                      "kgemu: OpImplRegisterV2::OpExecuteFunc (host-executed op) is not emulated");
        return *this;
    }
    template <typename... A>
    OpImplRegisterV2& Op2StageExecuteFuncs(A&&...) {
        static_assert(kgemu::detail::AlwaysFalse<A...>::value,
                      "kgemu: OpImplRegisterV2::Op2StageExecuteFuncs is not emulated");
        return *this;
    }
    template <typename... A>
    OpImplRegisterV2& HostInputs(A&&...) {
        static_assert(kgemu::detail::AlwaysFalse<A...>::value, "kgemu: OpImplRegisterV2::HostInputs is not emulated");
        return *this;
    }
    template <typename... A>
    OpImplRegisterV2& CalcOpParam(A&&...) {
        static_assert(kgemu::detail::AlwaysFalse<A...>::value, "kgemu: OpImplRegisterV2::CalcOpParam is not emulated");
        return *this;
    }
    template <typename... A>
    OpImplRegisterV2& GenerateTask(A&&...) {
        static_assert(kgemu::detail::AlwaysFalse<A...>::value, "kgemu: OpImplRegisterV2::GenerateTask is not emulated");
        return *this;
    }

private:
    template <typename T>
    static void* CreateCompileInfo() {
        return new T();
    }
    template <typename T>
    static void DeleteCompileInfo(void* obj) {
        delete static_cast<T*>(obj);
    }
    // Out of line: compiled once, in kg_harness.cpp (KGEMU_OPDEF_IMPL); a unit that sees only the declarations does
    // not instantiate the std::map / std::vector members the bodies use (docs/speed.md, Session 32)
    KGEMU_HIDDEN kgemu::detail::ImplData& Data();
    KGEMU_HIDDEN OpImplRegisterV2& Record(const char* what);
    KGEMU_HIDDEN OpImplRegisterV2& AddPrivate(const ge::char_t* name, const kgemu::detail::AttrValue& v);
    std::string op_type_;
};

#ifdef KGEMU_OPDEF_IMPL
kgemu::detail::ImplData& OpImplRegisterV2::Data() { return kgemu::detail::ImplTable()[op_type_]; }
OpImplRegisterV2& OpImplRegisterV2::Record(const char* what) {
    Data().recorded_only.push_back(what);
    return *this;
}
OpImplRegisterV2& OpImplRegisterV2::AddPrivate(const ge::char_t* name, const kgemu::detail::AttrValue& v) {
    Data().private_attrs.emplace_back(name == nullptr ? "" : name, v);
    return *this;
}
#endif
}  // namespace gert

#define IMPL_OP_COUNTER(op_type, name, counter) \
    static gert::OpImplRegisterV2 VAR_UNUSED name##counter = gert::OpImplRegisterV2(#op_type)
#define IMPL_OP_COUNTER_NUMBER(op_type, name, counter) IMPL_OP_COUNTER(op_type, name, counter)
#define IMPL_OP(op_type) IMPL_OP_COUNTER_NUMBER(op_type, op_impl_register_##op_type, __COUNTER__)
#define IMPL_OP_DEFAULT() IMPL_OP(DefaultImpl)
#define IMPL_OP_INFERSHAPE(op_type) \
    gert::OpImplRegisterV2 VAR_UNUSED op_impl_register_infershape_##op_type = gert::OpImplRegisterV2(#op_type)
#define IMPL_OP_OPTILING(op_type) \
    gert::OpImplRegisterV2 VAR_UNUSED op_impl_register_optiling_##op_type = gert::OpImplRegisterV2(#op_type)

#endif  // KGEMU_REGISTER_OP_IMPL_REGISTRY_H
