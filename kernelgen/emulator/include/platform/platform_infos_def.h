// kernelgen CPU emulator: fe::PlatFormInfos. On CANN it holds the platform INI; here it wraps the KgSoc record
// that Python filled from kernelgen/data/socs.json, and answers the INI keys PlatformAscendC and ops use.
#ifndef KGEMU_PLATFORM_PLATFORM_INFOS_DEF_H
#define KGEMU_PLATFORM_PLATFORM_INFOS_DEF_H

#include <cstdint>
#include <map>
#include <string>

#include "kgemu/abi.h"

namespace fe {
class PlatFormInfos {
public:
    PlatFormInfos() = default;
    explicit PlatFormInfos(const KgSoc* soc) : soc_(soc) {
        if (soc != nullptr) KgCurrentSoc() = soc;
    }
    // emulator-private: the SOC of the last platform the harness made (the run's), for APIs that take no
    // platform (PlatformAscendCManager::GetInstance, a default-constructed matmul_tiling::MatmulApiTiling)
    static const KgSoc*& KgCurrentSoc() {
        static const KgSoc* soc = nullptr;
        return soc;
    }
    bool Init() { return soc_ != nullptr; }

    // Answers [label] key lookups of the platform INI from the KgSoc record. False for keys the emulator lacks.
    bool GetPlatformRes(const std::string& label, const std::string& key, std::string& val) {
        if (soc_ == nullptr) return false;
        const std::string k = label + "." + key;
        const std::map<std::string, std::string> table = Table();
        const auto it = table.find(k);
        if (it == table.end()) return false;
        val = it->second;
        return true;
    }
    bool GetPlatformResWithLock(const std::string& label, const std::string& key, std::string& val) {
        return GetPlatformRes(label, key, val);
    }
    bool GetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& res) {
        if (soc_ == nullptr) return false;
        const std::string prefix = label + ".";
        bool any = false;
        for (const auto& kv : Table()) {
            if (kv.first.compare(0, prefix.size(), prefix) == 0) {
                res[kv.first.substr(prefix.size())] = kv.second;
                any = true;
            }
        }
        return any;
    }
    uint32_t GetCoreNum() const { return soc_ == nullptr ? 0U : soc_->core_num; }

    // emulator-private
    const KgSoc* KgGetSoc() const { return soc_; }

private:
    std::map<std::string, std::string> Table() const {
        const KgSoc& s = *soc_;
        const bool split = s.core_num_aic != s.core_num_aiv;
        std::map<std::string, std::string> t;
        t["version.Short_SoC_version"] = s.short_soc_version != nullptr ? s.short_soc_version : "";
        t["version.NpuArch"] = std::to_string(s.npu_arch);
        t["SoCInfo.ai_core_cnt"] = std::to_string(split ? s.core_num_aic : s.core_num);
        t["SoCInfo.cube_core_cnt"] = std::to_string(s.core_num_aic);
        t["SoCInfo.vector_core_cnt"] = std::to_string(split ? s.core_num_aiv : s.core_num_vector);
        t["SoCInfo.core_type_list"] = split ? "CubeCore,VectorCore" : (s.core_num_vector > 0 ? "AICore,VectorCore" : "AICore");
        t["SoCInfo.l2_size"] = std::to_string(s.l2_size);
        t["AICoreSpec.ub_size"] = std::to_string(s.ub_size_tiling);
        t["AICoreSpec.ubblock_size"] = std::to_string(s.ub_block);
        t["AICoreSpec.l1_size"] = std::to_string(s.l1_size);
        t["AICoreMemoryRates.ddr_rate"] = std::to_string(s.hbm_bytes_per_cycle);
        t["AICoreMemoryRates.l2_rate"] = std::to_string(s.l2_bytes_per_cycle);
        return t;
    }
    const KgSoc* soc_ = nullptr;
};
}  // namespace fe

#endif  // KGEMU_PLATFORM_PLATFORM_INFOS_DEF_H
