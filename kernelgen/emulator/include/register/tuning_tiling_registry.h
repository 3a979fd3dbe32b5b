// kernelgen CPU emulator: stand-in for ops-nn's common/inc/op_host/register/tuning_tiling_registry.h, whose
// classes CANN's libregister defines: the tuning-tiling structs a knowledge-bank (AOE) query fills in
// (matmul's MatMulV3TunnerTiling, conv's tunings). The emulator has no knowledge bank (runtime_kb_api.h's QueryBank
// answers "no entry", so tilings take their computed path), and defines the registry here, header-only. The structs
// keep their fields and field list; FromJson/ToJson name the class only (no bank entry is ever read or written).
#ifndef KGEMU_REGISTER_TUNING_TILING_REGISTRY_H
#define KGEMU_REGISTER_TUNING_TILING_REGISTRY_H

#include <map>
#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "graph/ascend_string.h"
// ops-nn's own reflection helpers (DECLARE_SCHEMA, FIELD: conv's tuning structs), header-only, beside the original
#if __has_include("register/tuning_tiling_reflection_utils.h")
#include "register/tuning_tiling_reflection_utils.h"
#endif

namespace tuningtiling {
struct TilingItem {
    ge::AscendString dtype_;
    ge::AscendString name_;
};

class TuningTilingDef {
public:
    virtual void FromJson(const nlohmann::json& j) = 0;
    virtual void ToJson(nlohmann::json& j) = 0;
    ge::AscendString GetClassName() const { return class_name_; }
    virtual std::vector<TilingItem> GetItemInfo() const = 0;

protected:
    TuningTilingDef() = default;
    virtual ~TuningTilingDef() = default;
    std::vector<TilingItem> field_info_;  // (dtype, name) of each field, in declaration order
    ge::AscendString class_name_;
};

#define BEGIN_TUNING_TILING_DEF(class_name)                                                                \
    class class_name : public TuningTilingDef {                                                            \
    public:                                                                                                \
        void FromJson(const nlohmann::json&) override {}                                                   \
        void ToJson(nlohmann::json& j) override { j["class"] = class_name_.GetString(); }                  \
        std::vector<TilingItem> GetItemInfo() const override { return field_info_; }                       \
        struct FieldHandler {                                                                              \
            FieldHandler(class_name* self, const char* dtype, const char* name)                            \
            {                                                                                              \
                self->field_info_.push_back({dtype, name});                                                \
            }                                                                                              \
        };                                                                                                 \
        class_name() { class_name_ = #class_name; }
#define TUNING_TILING_DATA_FIELD_DEF(data_type, field_name) \
public:                                                     \
    data_type field_name{};                                 \
    FieldHandler field_name##_handler_ = FieldHandler(this, #data_type, #field_name);
#define END_TUNING_TILING_DEF \
    }                         \
    ;

using TuningTilingDefConstructor = std::shared_ptr<TuningTilingDef> (*)();
using TuningTilingDefPtr = std::shared_ptr<TuningTilingDef>;

class TuningTilingClassFactory {
public:
    static std::map<ge::AscendString, TuningTilingDefConstructor>& RegisterInfo()
    {
        static std::map<ge::AscendString, TuningTilingDefConstructor> registered;
        return registered;
    }
    static void RegisterTilingData(const ge::AscendString& optype, TuningTilingDefConstructor const constructor)
    {
        RegisterInfo()[optype] = constructor;
    }
    static std::shared_ptr<TuningTilingDef> CreateTilingDataInstance(const ge::AscendString& optype)
    {
        const auto it = RegisterInfo().find(optype);
        return it == RegisterInfo().end() || it->second == nullptr ? nullptr : it->second();
    }
};

#define REGISTER_TUNING_TILING_CLASS(optype, class_name)                                                    \
    class optype##Helper {                                                                                  \
    public:                                                                                                 \
        optype##Helper() { TuningTilingClassFactory::RegisterTilingData(#optype, CreateTilingDataInstance); } \
        static std::shared_ptr<TuningTilingDef> CreateTilingDataInstance()                                  \
        {                                                                                                   \
            return std::make_shared<class_name>();                                                          \
        }                                                                                                   \
    };                                                                                                      \
    optype##Helper g_tuning_tiling_##optype##Helper;
}  // namespace tuningtiling

#endif  // KGEMU_REGISTER_TUNING_TILING_REGISTRY_H
