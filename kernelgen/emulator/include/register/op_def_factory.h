// kernelgen CPU emulator: ops::OpDefFactory, where OP_ADD registers an operator definition. Definitions are
// created lazily (first query after the library is loaded), so a definition's constructor may use anything
// with static storage in other translation units.
#ifndef KGEMU_REGISTER_OP_DEF_FACTORY_H
#define KGEMU_REGISTER_OP_DEF_FACTORY_H

#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "register/op_def.h"

namespace ops {
using OpDefCreator = OpDef (*)(const char*);

class OpDefFactory {
public:
    static int OpDefRegister(const char* name, OpDefCreator func) {
        Entries().push_back(Entry{name == nullptr ? "" : name, func, nullptr});
        return 0;
    }
    // emulator-private: every registered definition, in registration order.
    static std::vector<const OpDef*> KgAll() {
        std::vector<const OpDef*> out;
        for (auto& e : Entries()) out.push_back(Instance(e));
        return out;
    }
    static const OpDef* KgFind(const std::string& type) {
        for (auto& e : Entries()) {
            if (e.name == type) return Instance(e);
        }
        return nullptr;
    }

private:
    struct Entry {
        std::string name;
        OpDefCreator creator;
        std::shared_ptr<OpDef> def;
    };
    KGEMU_HIDDEN static std::vector<Entry>& Entries() {
        static std::vector<Entry> entries;
        return entries;
    }
    KGEMU_HIDDEN static const OpDef* Instance(Entry& e) {
        static std::mutex mu;  // kg_opdef_json / kg_run may be called from several threads
        std::lock_guard<std::mutex> lock(mu);
        if (!e.def) e.def = std::make_shared<OpDef>(e.creator(e.name.c_str()));
        return e.def.get();
    }
};
}  // namespace ops

#endif  // KGEMU_REGISTER_OP_DEF_FACTORY_H
