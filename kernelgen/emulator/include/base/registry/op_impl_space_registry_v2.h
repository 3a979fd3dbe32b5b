// kernelgen CPU emulator: gert::DefaultOpImplSpaceRegistryV2 / OpImplSpaceRegistryV2 / OpImplKernelRegistry,
// where ops-nn's unit tests look up what IMPL_OP_OPTILING / IMPL_OP_INFERSHAPE registered (tiling, infer_shape,
// tiling_parse, infer_datatype, ...). The functions are the emulator's own registry entries
// (kgemu/detail/host_impl_registry.h): one per op type, merged over every translation unit.
#ifndef KGEMU_BASE_REGISTRY_OP_IMPL_SPACE_REGISTRY_V2_H
#define KGEMU_BASE_REGISTRY_OP_IMPL_SPACE_REGISTRY_V2_H

#include <memory>
#include <string>

#include "register/op_impl_registry.h"

namespace gert {
class OpImplKernelRegistry {
public:
    using OpImplFunctions = kgemu::detail::ImplData;
    using OpImplFunctionsV2 = kgemu::detail::ImplData;
};

class OpImplSpaceRegistryV2 {
public:
    const OpImplKernelRegistry::OpImplFunctions* GetOpImpl(const std::string& op_type) const {
        return kgemu::detail::FindImpl(op_type);
    }
    OpImplKernelRegistry::OpImplFunctions* CreateOrGetOpImpl(const std::string& op_type) {
        return &kgemu::detail::ImplTable()[op_type];
    }
};
using OpImplSpaceRegistryV2Ptr = std::shared_ptr<OpImplSpaceRegistryV2>;

class DefaultOpImplSpaceRegistryV2 {
public:
    static DefaultOpImplSpaceRegistryV2& GetInstance() {
        static DefaultOpImplSpaceRegistryV2 instance;
        return instance;
    }
    const OpImplSpaceRegistryV2Ptr& GetSpaceRegistry() const { return registry_; }
    void SetSpaceRegistry(const OpImplSpaceRegistryV2Ptr& r) { registry_ = r; }

private:
    OpImplSpaceRegistryV2Ptr registry_ = std::make_shared<OpImplSpaceRegistryV2>();
};
}  // namespace gert

#endif  // KGEMU_BASE_REGISTRY_OP_IMPL_SPACE_REGISTRY_V2_H
