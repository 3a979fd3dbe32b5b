// kernelgen CPU emulator: platform/platform_info.h. fe::PlatFormInfos (platform_infos_def.h) answers the platform
// INI; fe::PlatformInfoManager is the process-wide platform of CANN's graph compiler, which host code asks
// for the SOC it compiles for (an infershape branching on "Ascend950"). Here it answers for the SOC of the run.
#ifndef KGEMU_PLATFORM_PLATFORM_INFO_H
#define KGEMU_PLATFORM_PLATFORM_INFO_H

#include <cstdint>
#include <map>
#include <string>

#include "platform/platform_infos_def.h"

namespace fe {

// The fields host code reads (short_soc_version, ai_core_cnt, l2_size, l1_size), from the run's SOC record.
struct PlatformInfo {
    struct {
        std::string short_soc_version;
    } str_info;
    struct {
        uint32_t ai_core_cnt = 0;
        uint64_t l2_size = 0;
    } soc_info;
    struct {
        uint64_t l1_size = 0;
    } ai_core_spec;
};

struct OptionalInfo {
    std::string soc_version;
};

class PlatformInfoManager {
public:
    static PlatformInfoManager& Instance() {
        static PlatformInfoManager manager;
        return manager;
    }
    static PlatformInfoManager& GeInstance() { return Instance(); }

    uint32_t InitializePlatformInfo() { return 0U; }
    // 0 and the run's SOC; nonzero outside a run (no SOC chosen yet).
    // A unit test's platform (platform_info_map_ filled and SetOptionalCompilationInfo called, as ops-nn's
    // infershape tests do) wins over the run's SOC.
    uint32_t GetPlatformInfoWithOutSocVersion(PlatformInfo& info, OptionalInfo& opti) {
        const auto it = platform_info_map_.find(opti_.soc_version);
        if (!opti_.soc_version.empty() && it != platform_info_map_.end()) {
            info = it->second;
            opti = opti_;
            return 0U;
        }
        const KgSoc* s = PlatFormInfos::KgCurrentSoc();
        if (s == nullptr) return 1U;
        const bool split = s->core_num_aic != s->core_num_aiv;
        info.str_info.short_soc_version = s->short_soc_version != nullptr ? s->short_soc_version : "";
        info.soc_info.ai_core_cnt = split ? s->core_num_aic : s->core_num;
        info.soc_info.l2_size = s->l2_size;
        info.ai_core_spec.l1_size = s->l1_size;
        opti.soc_version = s->name != nullptr ? s->name : "";
        return 0U;
    }
    uint32_t GetPlatformInfos(const std::string&, PlatFormInfos& infos, OptionalInfo& opti) {
        const KgSoc* s = PlatFormInfos::KgCurrentSoc();
        if (s == nullptr) return 1U;
        infos = PlatFormInfos(s);
        opti.soc_version = s->name != nullptr ? s->name : "";
        return 0U;
    }
    void SetOptionalCompilationInfo(const OptionalInfo& opti) { opti_ = opti; }
    uint32_t GetPlatformInfo(const std::string& soc, PlatformInfo& info, OptionalInfo& opti) {
        const auto it = platform_info_map_.find(soc);
        if (it == platform_info_map_.end()) return GetPlatformInfoWithOutSocVersion(info, opti);
        info = it->second;
        opti = opti_;
        return 0U;
    }

    std::map<std::string, PlatformInfo> platform_info_map_;  // unit tests fill it (with -fno-access-control on CANN)

private:
    OptionalInfo opti_;
};

}  // namespace fe

#endif  // KGEMU_PLATFORM_PLATFORM_INFO_H
