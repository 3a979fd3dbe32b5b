// kernelgen CPU emulator: platform_ascendc::PlatformAscendC (tiling/platform/platform_ascendc.h).
// Every answer comes from the KgSoc record behind the context's fe::PlatFormInfos, with CANN's own rules on
// top (see shared/facts/ascendc-api.md §6.1 and socs.md §2-3, §6):
//   - GetCoreMemSize(UB) is the catalog's ub_size_tiling (already net of 256 B on ASCEND910B) minus
//     ReserveLocalMemory; GetCoreMemSize(L1) subtracts 256 B when GetSocVersion() == ASCEND910B.
//   - GetSocVersion returns the catalog's enum value (ascend910_93 reports ASCEND910B, as CANN does).
#ifndef KGEMU_TILING_PLATFORM_PLATFORM_ASCENDC_H
#define KGEMU_TILING_PLATFORM_PLATFORM_ASCENDC_H

#include <csignal>
#include <cstdint>
#include <mutex>

#include "platform/platform_infos_def.h"
#include "platform/soc_spec.h"

#ifndef ASCENDC_ASSERT
#define ASCENDC_ASSERT(cond, behavior) \
    do {                               \
        if (!(cond)) {                 \
            behavior;                  \
            raise(SIGABRT);            \
        }                              \
    } while (0)
#endif

namespace platform_ascendc {
enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, FB = 7, BT = 8, RESERVED };

enum class SocVersion {
    ASCEND910 = 0,
    ASCEND910B,
    ASCEND310P,
    ASCEND310B,
    ASCEND950,
    ASCEND910_55,
    ASCEND910_95 = ASCEND950,
    AS31XM1,
    ASCEND031,
    ASCEND035,
    ASCEND310,
    ASCEND610,
    ASCEND610Lite,
    ASCEND910_93,
    BS9SX1A,
    BS9SX2A,
    HI3796CV300CS,
    HI3796CV300ES,
    MC61AM21A,
    MC62,
    SD3403,
    KIRINX90,
    KIRIN9030,
    ASCEND5162A,
    KIRINDEV0000,
    KIRINDEV0001,
    KIRINDEV0002,
    KIRINDEV0003,
    MC32DM11A,
    ASCEND350,
    RESERVED_VERSION = 99999
};

enum class ReservedSize { RESERVED_SIZE_8K, RESERVED_SIZE_16K, RESERVED_SIZE_32K };

class PlatformAscendC {
public:
    PlatformAscendC() = delete;
    ~PlatformAscendC() = default;
    explicit PlatformAscendC(fe::PlatFormInfos* platformInfo) : platformInfo_(platformInfo) {}

    uint32_t GetCoreNum() const { return Soc() == nullptr ? 0U : Soc()->core_num; }
    uint32_t GetCoreNumAic() const { return Soc() == nullptr ? 0U : Soc()->core_num_aic; }
    uint32_t GetCoreNumAiv() const { return Soc() == nullptr ? 0U : Soc()->core_num_aiv; }
    uint32_t GetCoreNumVector() const { return Soc() == nullptr ? 0U : Soc()->core_num_vector; }

    // ceil(slice / (aiv / aic)); slice itself when aic or aiv is 0 or aic > aiv; 0 when the ratio is 2 and the
    // result exceeds aic.
    uint32_t CalcTschNumBlocks(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
        if (aicCoreNum == 0 || aivCoreNum == 0 || aicCoreNum > aivCoreNum) return sliceNum;
        const uint32_t ratio = aivCoreNum / aicCoreNum;
        const uint32_t blocks = (sliceNum + ratio - 1) / ratio;
        if (ratio == 2 && blocks > aicCoreNum) return 0;
        return blocks;
    }
    uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
        return CalcTschNumBlocks(sliceNum, aicCoreNum, aivCoreNum);
    }

    uint32_t GetLibApiWorkSpaceSize() const {
        return Soc() == nullptr ? static_cast<uint32_t>(-1) : static_cast<uint32_t>(Soc()->libapi_workspace);
    }
    uint32_t GetResCubeGroupWorkSpaceSize() const { return GetSocVersion() == SocVersion::ASCEND910B ? 1048576U : 0U; }
    uint32_t GetResGroupBarrierWorkSpaceSize() const {
        return GetSocVersion() == SocVersion::ASCEND910B ? 1048576U : 0U;
    }

    void GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const {
        const KgSoc* s = Soc();
        if (s == nullptr) {
            size = 0;
            return;
        }
        const bool is910b = GetSocVersion() == SocVersion::ASCEND910B;
        switch (memType) {
            case CoreMemType::UB: size = s->ub_size_tiling > reservedMemSize_ ? s->ub_size_tiling - reservedMemSize_ : 0; break;
            case CoreMemType::L1: size = is910b && s->l1_size > 256 ? s->l1_size - 256 : s->l1_size; break;
            case CoreMemType::L0_A: size = s->l0a_size; break;
            case CoreMemType::L0_B: size = s->l0b_size; break;
            case CoreMemType::L0_C: size = s->l0c_size; break;
            case CoreMemType::L2: size = s->l2_size; break;
            case CoreMemType::FB: size = s->fixpipe_buffer_size; break;
            case CoreMemType::BT: size = s->bias_table_size; break;
            default: size = 0; break;  // HBM size is not in the catalog
        }
    }
    void GetCoreMemBw(const CoreMemType& memType, uint64_t& bwSize) const {
        const KgSoc* s = Soc();
        bwSize = 0;
        if (s == nullptr) return;
        if (memType == CoreMemType::HBM) bwSize = s->hbm_bytes_per_cycle;
        if (memType == CoreMemType::L2) bwSize = s->l2_bytes_per_cycle;
    }
    void ReserveLocalMemory(ReservedSize size) {
        switch (size) {
            case ReservedSize::RESERVED_SIZE_8K: reservedMemSize_ = 8192; break;
            case ReservedSize::RESERVED_SIZE_16K: reservedMemSize_ = 16384; break;
            case ReservedSize::RESERVED_SIZE_32K: reservedMemSize_ = 32768; break;
        }
    }
    SocVersion GetSocVersion() const {
        return Soc() == nullptr ? SocVersion::RESERVED_VERSION : static_cast<SocVersion>(Soc()->soc_version_enum);
    }
    NpuArch GetCurNpuArch() const {
        return Soc() == nullptr ? NpuArch::DAV_RESV : static_cast<NpuArch>(static_cast<uint32_t>(Soc()->npu_arch));
    }
    uint32_t GetVecRegLen() const { return 256U; }

private:
    const KgSoc* Soc() const { return platformInfo_ == nullptr ? nullptr : platformInfo_->KgGetSoc(); }
    fe::PlatFormInfos* platformInfo_;
    uint32_t reservedMemSize_ = 0;
};

// The platform of the running tiling (the SOC the harness runs), for host code with no TilingContext at hand.
class PlatformAscendCManager {
public:
    static PlatformAscendC* GetInstance() {
        static thread_local fe::PlatFormInfos info;
        static thread_local PlatformAscendC platform(&info);
        info = fe::PlatFormInfos(fe::PlatFormInfos::KgCurrentSoc());
        return &platform;
    }
    static PlatformAscendC* GetInstance(const char* customSocVersion) {
        (void)customSocVersion;
        return GetInstance();
    }
};
}  // namespace platform_ascendc

#endif  // KGEMU_TILING_PLATFORM_PLATFORM_ASCENDC_H
