// kernelgen CPU emulator: ops-nn's tiling-class registries (op_host/tiling_templates_registry.h).
//   REGISTER_OPS_TILING_TEMPLATE(OpType, Cls, priority)               -> TilingRegistry
//   REGISTER_TILING_TEMPLATE("OpType", Cls, priority)                  -> TilingRegistry
//   REGISTER_TILING_TEMPLATE_NEW / _WITH_SOCVERSION(OpType, Cls, soc(s), priority) -> TilingRegistryNew
//   REGISTER_TILING_TEMPLATE_WITH_ARCH(OpType, Cls, arch(s), priority) -> TilingRegistryArch
// DoTilingImpl(context) tries the classes in ascending priority until one does not return
// GRAPH_PARAM_INVALID.
#ifndef KGEMU_OP_HOST_TILING_TEMPLATES_REGISTRY_H
#define KGEMU_OP_HOST_TILING_TEMPLATES_REGISTRY_H

#include <map>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "exe_graph/runtime/tiling_context.h"
#include "log/log.h"
#include "op_host/tiling_base.h"

namespace Ops {
namespace NN {
namespace Optiling {
using TilingClassCase = std::unique_ptr<TilingBaseClass> (*)(gert::TilingContext*);

template <typename T>
std::unique_ptr<TilingBaseClass> TILING_CLASS(gert::TilingContext* context) {
    return std::unique_ptr<T>(new (std::nothrow) T(context));
}

// Cases keyed by (key, op type); key is the SocVersion, the NpuArch or 0 (no key), per registry kind.
class KgTilingTable {
public:
    void Add(int32_t key, const std::string& op, int32_t priority, TilingClassCase c) {
        auto& cases = table_[key][op];
        if (cases.find(priority) != cases.end()) {
            OP_LOGE(op, "There are duplicate registrations.");
            return;
        }
        cases[priority] = c;
    }
    const std::map<int32_t, TilingClassCase>* Find(int32_t key, const std::string& op) const {
        const auto k = table_.find(key);
        if (k == table_.end()) return nullptr;
        const auto o = k->second.find(op);
        return o == k->second.end() ? nullptr : &o->second;
    }
    ge::graphStatus Run(gert::TilingContext* context, int32_t key, const std::vector<int32_t>* priorities) const {
        const char* op = context->GetNodeType() == nullptr ? "Unknown op" : context->GetNodeType();
        const auto* cases = Find(key, op);
        if (cases == nullptr) {
            OP_LOGE(op, "Get op tiling func failed, please check the op name (key %d).", key);
            return ge::GRAPH_FAILED;
        }
        std::vector<int32_t> order;
        if (priorities != nullptr) {
            order = *priorities;
        } else {
            for (const auto& kv : *cases) order.push_back(kv.first);
        }
        for (int32_t p : order) {
            const auto it = cases->find(p);
            if (it == cases->end()) continue;
            auto tiling = it->second(context);
            if (tiling == nullptr) continue;
            const ge::graphStatus status = tiling->DoTiling();
            if (status != ge::GRAPH_PARAM_INVALID) return status;
            OP_LOGD(context, "Ignore general op tiling priority=%d", p);
        }
        OP_LOGE(op, "Do op tiling failed, no valid template is found.");
        return ge::GRAPH_FAILED;
    }

private:
    std::map<int32_t, std::map<std::string, std::map<int32_t, TilingClassCase>>> table_;
};

class TilingRegistry {
public:
    KGEMU_HIDDEN static TilingRegistry& GetInstance() {
        static TilingRegistry r;
        return r;
    }
    ge::graphStatus DoTilingImpl(gert::TilingContext* context) { return table_.Run(context, 0, nullptr); }
    ge::graphStatus DoTilingImpl(gert::TilingContext* context, const std::vector<int32_t>& priorities) {
        return table_.Run(context, 0, &priorities);
    }
    KgTilingTable table_;
};

class TilingRegistryNew {
public:
    KGEMU_HIDDEN static TilingRegistryNew& GetInstance() {
        static TilingRegistryNew r;
        return r;
    }
    ge::graphStatus DoTilingImpl(gert::TilingContext* context) { return table_.Run(context, Soc(context), nullptr); }
    ge::graphStatus DoTilingImpl(gert::TilingContext* context, const std::vector<int32_t>& priorities) {
        return table_.Run(context, Soc(context), &priorities);
    }
    KgTilingTable table_;

private:
    static int32_t Soc(gert::TilingContext* c) {
        return static_cast<int32_t>(platform_ascendc::PlatformAscendC(c->GetPlatformInfo()).GetSocVersion());
    }
};

class TilingRegistryArch {
public:
    KGEMU_HIDDEN static TilingRegistryArch& GetInstance() {
        static TilingRegistryArch r;
        return r;
    }
    ge::graphStatus DoTilingImpl(gert::TilingContext* context) { return table_.Run(context, Arch(context), nullptr); }
    ge::graphStatus DoTilingImpl(gert::TilingContext* context, const std::vector<int32_t>& priorities) {
        return table_.Run(context, Arch(context), &priorities);
    }
    ge::graphStatus DoTilingImpl(gert::TilingContext* context, const std::vector<int32_t>& priorities, int32_t arch) {
        return table_.Run(context, arch, &priorities);
    }
    KgTilingTable table_;

private:
    static int32_t Arch(gert::TilingContext* c) {
        return static_cast<int32_t>(platform_ascendc::PlatformAscendC(c->GetPlatformInfo()).GetCurNpuArch());
    }
};

class Register {
public:
    explicit Register(std::string op_type) : op_type_(std::move(op_type)) {}
    template <typename T>
    Register& tiling(int32_t priority) {
        TilingRegistry::GetInstance().table_.Add(0, op_type_, priority, TILING_CLASS<T>);
        return *this;
    }

private:
    std::string op_type_;
};

class RegisterNew {
public:
    explicit RegisterNew(std::string op_type) : op_type_(std::move(op_type)) {}
    template <typename T>
    RegisterNew& tiling(int32_t priority, int32_t soc_version) {
        TilingRegistryNew::GetInstance().table_.Add(soc_version, op_type_, priority, TILING_CLASS<T>);
        return *this;
    }
    template <typename T>
    RegisterNew& tiling(int32_t priority, const std::vector<int32_t>& soc_versions) {
        for (int32_t s : soc_versions) tiling<T>(priority, s);
        return *this;
    }

private:
    std::string op_type_;
};

class RegisterArch {
public:
    explicit RegisterArch(std::string op_type) : op_type_(std::move(op_type)) {}
    template <typename T>
    RegisterArch& tiling(int32_t priority, int32_t arch) {
        TilingRegistryArch::GetInstance().table_.Add(arch, op_type_, priority, TILING_CLASS<T>);
        return *this;
    }
    template <typename T>
    RegisterArch& tiling(int32_t priority, const std::vector<int32_t>& archs) {
        for (int32_t a : archs) tiling<T>(priority, a);
        return *this;
    }

private:
    std::string op_type_;
};
}  // namespace Optiling
}  // namespace NN
}  // namespace Ops

#define KGEMU_TPL_CAT2(a, b) a##b
#define KGEMU_TPL_CAT(a, b) KGEMU_TPL_CAT2(a, b)
#define REGISTER_OPS_TILING_TEMPLATE(op_type, class_name, priority)                                 \
    static Ops::NN::Optiling::Register __attribute__((unused))                                      \
        tiling_##op_type##_##class_name##_##priority##_register =                                   \
            Ops::NN::Optiling::Register(#op_type).tiling<class_name>(priority)
#define REGISTER_TILING_TEMPLATE(op_type, class_name, priority)                                     \
    static Ops::NN::Optiling::Register __attribute__((unused))                                      \
        KGEMU_TPL_CAT(kg_tiling_tpl_##class_name##_##priority##_, __COUNTER__) =                    \
            Ops::NN::Optiling::Register(op_type).tiling<class_name>(priority)
#define REGISTER_TILING_TEMPLATE_NEW(op_type, class_name, soc_version, priority)                    \
    static Ops::NN::Optiling::RegisterNew __attribute__((unused))                                   \
        VAR_UNUSED##op_type##class_name##priority_register =                                        \
            Ops::NN::Optiling::RegisterNew(#op_type).tiling<class_name>(priority, soc_version)
#define REGISTER_TILING_TEMPLATE_WITH_SOCVERSION(op_type, class_name, soc_versions, priority)       \
    REGISTER_TILING_TEMPLATE_NEW(op_type, class_name, soc_versions, priority)
#define REGISTER_TILING_TEMPLATE_WITH_ARCH(op_type, class_name, archs, priority)                    \
    static Ops::NN::Optiling::RegisterArch __attribute__((unused))                                  \
        VAR_UNUSED##op_type##class_name##priority_register =                                        \
            Ops::NN::Optiling::RegisterArch(#op_type).tiling<class_name>(priority, archs)

#endif  // KGEMU_OP_HOST_TILING_TEMPLATES_REGISTRY_H
