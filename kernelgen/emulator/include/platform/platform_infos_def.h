// kernelgen CPU emulator: fe::PlatFormInfos. On CANN it holds the platform INI; here it wraps the KgSoc record
// that Python filled from kernelgen/data/socs.json, and answers the INI keys PlatformAscendC and ops use.
// A default-constructed one (ops-nn's unit tests: Init(), then SetPlatformRes / SetCoreNumByCoreType with the
// figures the test injects) holds only what was set; PlatformAscendC then answers from those figures by CANN's
// rules (shared/facts/ascendc-api.md §6.1): GetSocVersion from [version] Short_SoC_version (unknown or absent:
// RESERVED_VERSION, so no 256 B UB/L1 deduction), GetCoreNum from SetCoreNumByCoreType, Aic/Aiv from
// cube/vector_core_cnt on "CubeCore,VectorCore" SOCs, else ai_core_cnt.
#ifndef KGEMU_PLATFORM_PLATFORM_INFOS_DEF_H
#define KGEMU_PLATFORM_PLATFORM_INFOS_DEF_H

#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "kgemu/abi.h"
#ifndef KGEMU_HOST_DETAIL_OK
#define KGEMU_HOST_DETAIL_OK
#endif
#include "kgemu/detail/host_guard.h"
#include "platform/platform_info_def.h"  // CANN's global using std::map / vector / string

namespace fe {
// The memories GetLocalMemSize / GetLocalMemBw answer for (CANN's platform_infos_def.h).
enum class LocalMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, RESERVED };

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
    PlatFormInfos(const PlatFormInfos& o) { *this = o; }
    // inline: PlatformAscendCManager::GetInstance (tiling/platform/platform_ascendc.h) copies a platform
    PlatFormInfos& operator=(const PlatFormInfos& o) {
        if (this == &o) return *this;
        res_ = o.res_;
        core_type_ = o.core_type_;
        short_ = o.short_;
        forced_core_num_ = o.forced_core_num_;
        own_ = o.own_;
        own_.short_soc_version = short_.c_str();
        soc_ = o.soc_ == &o.own_ ? &own_ : o.soc_;
        return *this;
    }
    bool Init() { return true; }

    // Answers [label] key lookups of the platform INI: what SetPlatformRes stored, else the KgSoc record.
    KGEMU_HIDDEN bool GetPlatformRes(const std::string& label, const std::string& key, std::string& val);
    bool GetPlatformResWithLock(const std::string& label, const std::string& key, std::string& val) {
        return GetPlatformRes(label, key, val);
    }
    bool GetPlatformRes(const std::string& label, std::map<std::string, std::string>& res) {
        return GetPlatformResWithLock(label, res);
    }
    KGEMU_HIDDEN bool GetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& res);
    KGEMU_HIDDEN void SetPlatformRes(const std::string& label, std::map<std::string, std::string>& res);
    void SetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& res) {
        SetPlatformRes(label, res);
    }
    // CANN: the core count GetCoreNum answers, from SoCInfo ai_core_cnt ("AICore") or vector_core_cnt.
    void SetCoreNumByCoreType(const std::string& core_type) {
        core_type_ = core_type;
        Synthesize();
    }
    uint32_t GetCoreNumByType(const std::string& core_type) {
        std::string v;
        const char* key = core_type == "VectorCore" ? "vector_core_cnt" : "ai_core_cnt";
        return GetPlatformRes("SoCInfo", key, v) ? static_cast<uint32_t>(std::strtoul(v.c_str(), nullptr, 10)) : 0U;
    }
    void SetCoreNum(const uint32_t& core_num) {
        forced_core_num_ = core_num;
        Synthesize();
    }
    uint32_t GetCoreNum() const { return KgGetSoc() == nullptr ? 0U : KgGetSoc()->core_num; }
    KGEMU_HIDDEN std::map<std::string, std::vector<std::string>> GetAICoreIntrinsicDtype() const;

    // The platform INI's sizes as they stand (24 ops-nn host tilings ask for the UB this way): no deduction, so
    // the UB of an Ascend910B-class SOC is 256 bytes more than PlatformAscendC::GetCoreMemSize(UB) reports.
    // L0A / L0B / L0C from the record (the catalog's figures); HBM is not in the catalog (0), nor is any size
    // without a platform (0).
    void GetLocalMemSize(const LocalMemType& mem_type, uint64_t& size) {
        size = 0;
        const KgSoc* s = KgGetSoc();
        if (s == nullptr) return;
        switch (mem_type) {
            case LocalMemType::UB: size = s->soc_version_enum == 1 ? s->ub_size_tiling + 256 : s->ub_size_tiling; break;
            case LocalMemType::L1: size = s->l1_size; break;
            case LocalMemType::L2: size = s->l2_size; break;
            case LocalMemType::L0_A: size = s->l0a_size; break;
            case LocalMemType::L0_B: size = s->l0b_size; break;
            case LocalMemType::L0_C: size = s->l0c_size; break;
            default: break;
        }
    }
    // Bytes per cycle per core where the catalog has them (HBM, L2), else 0.
    void GetLocalMemBw(const LocalMemType& mem_type, uint64_t& bw_size) {
        const KgSoc* s = KgGetSoc();
        bw_size = 0;
        if (s == nullptr) return;
        if (mem_type == LocalMemType::HBM) bw_size = s->hbm_bytes_per_cycle;
        if (mem_type == LocalMemType::L2) bw_size = s->l2_bytes_per_cycle;
    }

    // emulator-private
    const KgSoc* KgGetSoc() const { return soc_; }

private:
    uint64_t Num(const std::string& label, const std::string& key, uint64_t dflt) {
        std::string v;
        return GetPlatformRes(label, key, v) && !v.empty() ? std::strtoull(v.c_str(), nullptr, 10) : dflt;
    }
    // The KgSoc PlatformAscendC reads, rebuilt from the figures set (unit-test mode only).
    KGEMU_HIDDEN void Synthesize();
    std::map<std::string, std::map<std::string, std::string>> res_;
    std::string core_type_;
    std::string short_;
    uint32_t forced_core_num_ = 0;
    KgSoc own_{};

    KGEMU_HIDDEN std::map<std::string, std::string> Table() const;
    const KgSoc* soc_ = nullptr;
};

// The members above declared KGEMU_HIDDEN are out of line: compiled once, in kg_harness.cpp (KGEMU_OPDEF_IMPL), so a
// host unit does not instantiate the std::map members their bodies use (docs/speed.md, Session 32)
#ifdef KGEMU_OPDEF_IMPL
bool PlatFormInfos::GetPlatformRes(const std::string& label, const std::string& key, std::string& val) {
    const auto lab = res_.find(label);
    if (lab != res_.end()) {
        const auto it = lab->second.find(key);
        if (it != lab->second.end()) {
            val = it->second;
            return true;
        }
    }
    if (soc_ == nullptr || soc_ == &own_) return false;
    const std::string k = label + "." + key;
    const std::map<std::string, std::string> table = Table();
    const auto it = table.find(k);
    if (it == table.end()) return false;
    val = it->second;
    return true;
}
bool PlatFormInfos::GetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& res) {
    bool any = false;
    const auto lab = res_.find(label);
    if (lab != res_.end()) {
        for (const auto& kv : lab->second) res[kv.first] = kv.second;
        any = true;
    }
    if (soc_ == nullptr || soc_ == &own_) return any;
    const std::string prefix = label + ".";
    for (const auto& kv : Table()) {
        if (kv.first.compare(0, prefix.size(), prefix) == 0 && res.count(kv.first.substr(prefix.size())) == 0) {
            res[kv.first.substr(prefix.size())] = kv.second;
            any = true;
        }
    }
    return any;
}
void PlatFormInfos::SetPlatformRes(const std::string& label, std::map<std::string, std::string>& res) {
    res_[label] = res;
    Synthesize();
}
std::map<std::string, std::vector<std::string>> PlatFormInfos::GetAICoreIntrinsicDtype() const {
    std::map<std::string, std::vector<std::string>> out;
    const auto lab = res_.find("AICoreintrinsicDtypeMap");
    if (lab != res_.end()) {
        for (const auto& kv : lab->second) out[kv.first].push_back(kv.second);
    }
    return out;
}
void PlatFormInfos::Synthesize() {
    if (soc_ != nullptr && soc_ != &own_) return;  // a harness platform keeps its catalog record
    std::string ver;
    (void)GetPlatformRes("version", "Short_SoC_version", ver);
    short_ = ver;
    int32_t e = 99999;  // RESERVED_VERSION
    static const std::map<std::string, int32_t> kEnum = {
        {"Ascend910", 0}, {"Ascend910B", 1}, {"Ascend910_93", 1}, {"ASCEND910_93", 1}, {"Ascend310P", 2},
        {"Ascend310B", 3}, {"Ascend950", 4}};
    const auto it = kEnum.find(ver);
    if (it != kEnum.end()) e = it->second;
    own_.name = "unit-test platform";
    own_.short_soc_version = short_.c_str();
    own_.soc_version_enum = e;
    own_.npu_arch = static_cast<int32_t>(Num("version", "NpuArch", 0));
    const uint64_t ub = Num("AICoreSpec", "ub_size", 0);
    own_.ub_size_tiling = e == 1 && ub > 256 ? ub - 256 : ub;  // GetCoreMemSize(UB) on ASCEND910B: 256 B less
    own_.ub_pool = ub;
    own_.ub_doc_usable = ub;
    own_.ub_block = static_cast<uint32_t>(Num("AICoreSpec", "ubblock_size", 32));
    const uint32_t ai = static_cast<uint32_t>(Num("SoCInfo", "ai_core_cnt", 0));
    const uint32_t cube = static_cast<uint32_t>(Num("SoCInfo", "cube_core_cnt", 0));
    const uint32_t vec = static_cast<uint32_t>(Num("SoCInfo", "vector_core_cnt", 0));
    std::string types;
    (void)GetPlatformRes("SoCInfo", "core_type_list", types);
    const bool split = types == "CubeCore,VectorCore";
    own_.core_num = forced_core_num_ != 0 ? forced_core_num_ : (core_type_ == "VectorCore" ? vec : ai);
    own_.core_num_aic = split ? cube : ai;
    own_.core_num_aiv = split ? vec : ai;
    own_.core_num_vector = e == 2 ? vec : 0;
    own_.libapi_workspace = own_.npu_arch == 0 ? static_cast<uint64_t>(static_cast<uint32_t>(-1))
                            : (own_.npu_arch == 2201 || own_.npu_arch == 3510) ? 16777216ULL : 2097152ULL;
    own_.que_max_event = 8;
    own_.bf16_level = 2;
    own_.has_data_copy_pad = 1;
    own_.l1_size = Num("AICoreSpec", "l1_size", 0);
    own_.l0a_size = Num("AICoreSpec", "l0_a_size", 0);
    own_.l0b_size = Num("AICoreSpec", "l0_b_size", 0);
    own_.l0c_size = Num("AICoreSpec", "l0_c_size", 0);
    own_.bias_table_size = Num("AICoreSpec", "bt_size", 0);
    own_.fixpipe_buffer_size = Num("AICoreSpec", "fb_size", 0);
    own_.l2_size = Num("SoCInfo", "l2_size", 0);
    own_.hbm_bytes_per_cycle = 0;
    own_.l2_bytes_per_cycle = 0;
    soc_ = &own_;
}
std::map<std::string, std::string> PlatFormInfos::Table() const {
    const KgSoc& s = *soc_;
    const bool split = s.core_num_aic != s.core_num_aiv;
    std::map<std::string, std::string> t;
    t["version.Short_SoC_version"] = s.short_soc_version != nullptr ? s.short_soc_version : "";
    t["version.NpuArch"] = std::to_string(s.npu_arch);
    t["SoCInfo.ai_core_cnt"] = std::to_string(split ? s.core_num_aic : s.core_num);
    t["SoCInfo.cube_core_cnt"] = std::to_string(s.core_num_aic);
    t["SoCInfo.vector_core_cnt"] = std::to_string(split ? s.core_num_aiv : s.core_num_vector);
    t["SoCInfo.core_type_list"] =
        split ? "CubeCore,VectorCore" : (s.core_num_vector > 0 ? "AICore,VectorCore" : "AICore");
    t["SoCInfo.l2_size"] = std::to_string(s.l2_size);
    t["AICoreSpec.ub_size"] = std::to_string(s.ub_size_tiling);
    t["AICoreSpec.ubblock_size"] = std::to_string(s.ub_block);
    t["AICoreSpec.l1_size"] = std::to_string(s.l1_size);
    t["AICoreSpec.l0_a_size"] = std::to_string(s.l0a_size);
    t["AICoreSpec.l0_b_size"] = std::to_string(s.l0b_size);
    t["AICoreSpec.l0_c_size"] = std::to_string(s.l0c_size);
    t["AICoreSpec.bt_size"] = std::to_string(s.bias_table_size);
    t["AICoreSpec.fb_size"] = std::to_string(s.fixpipe_buffer_size);
    t["AICoreMemoryRates.ddr_rate"] = std::to_string(s.hbm_bytes_per_cycle);
    t["AICoreMemoryRates.l2_rate"] = std::to_string(s.l2_bytes_per_cycle);
    return t;
}
#endif  // KGEMU_OPDEF_IMPL
}  // namespace fe

#endif  // KGEMU_PLATFORM_PLATFORM_INFOS_DEF_H
