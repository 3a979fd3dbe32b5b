// kernelgen CPU emulator: gert::RuntimeAttrs. Attributes are indexed in OpDef order (IR attributes first,
// then any OpImplRegisterV2::PrivateAttr ones); optional attributes the caller did not give hold their
// declared defaults.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_RUNTIME_ATTRS_H
#define KGEMU_EXE_GRAPH_RUNTIME_RUNTIME_ATTRS_H

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/continuous_vector.h"
#include "exe_graph/runtime/tensor.h"
#ifndef KGEMU_HOST_DETAIL_OK
#define KGEMU_HOST_DETAIL_OK
#endif
#include "kgemu/detail/host_attrs.h"

namespace gert {
class RuntimeAttrs {
public:
    explicit RuntimeAttrs(const kgemu::detail::AttrStore* store) : store_(store) {}
    RuntimeAttrs(const RuntimeAttrs&) = delete;
    RuntimeAttrs& operator=(const RuntimeAttrs&) = delete;

    template <typename T>
    const T* GetAttrPointer(size_t index) const {
        return reinterpret_cast<const T*>(GetPointerByIndex(index));
    }
    const int64_t* GetInt(const size_t index) const { return GetAttrPointer<int64_t>(index); }
    const TypedContinuousVector<int64_t>* GetListInt(const size_t index) const {
        return GetAttrPointer<TypedContinuousVector<int64_t>>(index);
    }
    const char* GetStr(const size_t index) const { return GetAttrPointer<char>(index); }
    const float* GetFloat(const size_t index) const { return GetAttrPointer<float>(index); }
    const bool* GetBool(const size_t index) const { return GetAttrPointer<bool>(index); }
    const TypedContinuousVector<float>* GetListFloat(const size_t index) const {
        return GetAttrPointer<TypedContinuousVector<float>>(index);
    }
    size_t GetAttrNum() const { return store_ == nullptr ? 0 : store_->Size(); }

private:
    const void* GetPointerByIndex(size_t index) const { return store_ == nullptr ? nullptr : store_->Get(index); }
    const kgemu::detail::AttrStore* store_;
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_RUNTIME_ATTRS_H
