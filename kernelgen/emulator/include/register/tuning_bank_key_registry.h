// kernelgen CPU emulator: stand-in for ops-nn's common/inc/op_host/register/tuning_bank_key_registry.h, whose
// registry classes CANN's libregister defines: per operator, the functions that turn a tiling context into a
// knowledge-bank key and (de)serialise it (conv3d_v2, conv2d_v2 and the conv backprop tilings register them with
// DECLARE_STRUCT_RELATE_WITH_OP_V2 / REGISTER_OP_BANK_KEY_CONVERT_FUN_V2). Defined here, header-only; the key
// structs serialise through nlohmann::json (Debian's nlohmann-json3-dev) as in CANN. The emulator queries no bank.
#ifndef KGEMU_REGISTER_TUNING_BANK_KEY_REGISTRY_H
#define KGEMU_REGISTER_TUNING_BANK_KEY_REGISTRY_H

#include <functional>
#include <map>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "exe_graph/runtime/tiling_context.h"
#include "graph/ascend_string.h"
#include "register/register_types.h"

namespace tuningtiling {
using OpBankKeyConvertFun = std::function<bool(const gert::TilingContext*, std::shared_ptr<void>&, size_t&)>;
using OpBankParseFun = std::function<bool(const std::shared_ptr<void>&, size_t, ge::AscendString&)>;
using OpBankLoadFun = std::function<bool(std::shared_ptr<void>&, size_t&, const ge::AscendString&)>;
using OpBankKeyConvertFunV2 = OpBankKeyConvertFun;
using OpBankParseFunV2 = OpBankParseFun;
using OpBankLoadFunV2 = OpBankLoadFun;

// One operator's functions (the V2 names are the same record: CANN keeps two registries of the same shape).
class OpBankKeyFuncInfo {
public:
    explicit OpBankKeyFuncInfo(const ge::AscendString& optype) : optype_(optype) {}
    OpBankKeyFuncInfo() = default;
    void SetOpConvertFunc(const OpBankKeyConvertFun& f) { convert_ = f; }
    void SetOpParseFunc(const OpBankParseFun& f) { parse_ = f; }
    void SetOpLoadFunc(const OpBankLoadFun& f) { load_ = f; }
    const OpBankKeyConvertFun& GetBankKeyConvertFunc() const { return convert_; }
    const OpBankParseFun& GetBankKeyParseFunc() const { return parse_; }
    const OpBankLoadFun& GetBankKeyLoadFunc() const { return load_; }
    const ge::AscendString& GetOpType() const { return optype_; }
    void SetOpConvertFuncV2(const OpBankKeyConvertFunV2& f) { convert_ = f; }
    void SetOpParseFuncV2(const OpBankParseFunV2& f) { parse_ = f; }
    void SetOpLoadFuncV2(const OpBankLoadFunV2& f) { load_ = f; }
    const OpBankKeyConvertFunV2& GetBankKeyConvertFuncV2() const { return convert_; }
    const OpBankParseFunV2& GetBankKeyParseFuncV2() const { return parse_; }
    const OpBankLoadFunV2& GetBankKeyLoadFuncV2() const { return load_; }
    const ge::AscendString& GetOpTypeV2() const { return optype_; }

private:
    ge::AscendString optype_;
    OpBankKeyConvertFun convert_;
    OpBankParseFun parse_;
    OpBankLoadFun load_;
};
using OpBankKeyFuncInfoV2 = OpBankKeyFuncInfo;

template <int kVersion>
class OpBankKeyFuncRegistryOf {
public:
    OpBankKeyFuncRegistryOf(const ge::AscendString& optype, const OpBankKeyConvertFun& convert)
    {
        Entry(optype).SetOpConvertFunc(convert);
    }
    OpBankKeyFuncRegistryOf(const ge::AscendString& optype, const OpBankParseFun& parse, const OpBankLoadFun& load)
    {
        Entry(optype).SetOpParseFunc(parse);
        Entry(optype).SetOpLoadFunc(load);
    }
    static std::map<ge::AscendString, OpBankKeyFuncInfo>& RegisteredOpFuncInfo()
    {
        static std::map<ge::AscendString, OpBankKeyFuncInfo> registered;
        return registered;
    }
    static std::map<ge::AscendString, OpBankKeyFuncInfo>& RegisteredOpFuncInfoV2() { return RegisteredOpFuncInfo(); }

private:
    static OpBankKeyFuncInfo& Entry(const ge::AscendString& optype)
    {
        auto it = RegisteredOpFuncInfo().find(optype);
        if (it == RegisteredOpFuncInfo().end()) it = RegisteredOpFuncInfo().emplace(optype, OpBankKeyFuncInfo(optype)).first;
        return it->second;
    }
};
using OpBankKeyFuncRegistry = OpBankKeyFuncRegistryOf<1>;
using OpBankKeyFuncRegistryV2 = OpBankKeyFuncRegistryOf<2>;
}  // namespace tuningtiling

#define REGISTER_OP_BANK_KEY_CONVERT_FUN(op, opfunc) \
    tuningtiling::OpBankKeyFuncRegistry g_##op##BankKeyRegistryInterf(#op, (opfunc))
#define REGISTER_OP_BANK_KEY_PARSE_FUN(op, parse_func, load_func) \
    tuningtiling::OpBankKeyFuncRegistry g_##op##BankParseInterf(#op, (parse_func), (load_func))
#define REGISTER_OP_BANK_KEY_CONVERT_FUN_V2(op, opfunc) \
    tuningtiling::OpBankKeyFuncRegistryV2 g_##op##BankKeyRegistryInterf(#op, (opfunc))
#define REGISTER_OP_BANK_KEY_PARSE_FUN_V2(op, parse_func, load_func) \
    tuningtiling::OpBankKeyFuncRegistryV2 g_##op##BankParseInterf(#op, (parse_func), (load_func))

// The key struct of an operator (its JSON form by nlohmann's field list) and its parse/load functions.
#define DECLARE_STRUCT_RELATE_WITH_OP_V2(op, bank_key, ...)                                                    \
    NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(bank_key, __VA_ARGS__);                                                 \
    static bool ParseFuncV2##op##bank_key(const std::shared_ptr<void>& in, size_t len, ge::AscendString& out) \
    {                                                                                                          \
        if (in == nullptr || len != sizeof(bank_key)) return false;                                            \
        const nlohmann::json j = *std::static_pointer_cast<bank_key>(in);                                      \
        out = ge::AscendString(j.dump().c_str());                                                              \
        return true;                                                                                           \
    }                                                                                                          \
    static bool LoadFuncV2##op##bank_key(std::shared_ptr<void>& in, size_t& len, const ge::AscendString& text) \
    {                                                                                                          \
        len = sizeof(bank_key);                                                                                \
        try {                                                                                                  \
            auto key = std::make_shared<bank_key>(nlohmann::json::parse(text.GetString()).get<bank_key>());   \
            in = key;                                                                                          \
        } catch (const std::exception&) {                                                                      \
            return false;                                                                                      \
        }                                                                                                      \
        return true;                                                                                           \
    }                                                                                                          \
    REGISTER_OP_BANK_KEY_PARSE_FUN_V2(op, ParseFuncV2##op##bank_key, LoadFuncV2##op##bank_key);
#define DECLARE_STRUCT_RELATE_WITH_OP(op, bank_key, ...) DECLARE_STRUCT_RELATE_WITH_OP_V2(op, bank_key, __VA_ARGS__)

#endif  // KGEMU_REGISTER_TUNING_BANK_KEY_REGISTRY_H
