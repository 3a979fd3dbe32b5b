// kernelgen's miniature of ops-nn's tests/ut/common: one helper that builds a TilingContext from the platform
// figures a test injects (as ops-nn's tiling_case_executor does), written for kernelgen's own tests.
#ifndef KG_MINI_UT_H
#define KG_MINI_UT_H
#include <map>
#include <string>
#include <vector>
#include "base/registry/op_impl_space_registry_v2.h"
#include "base/context_builder/op_tiling_context_builder.h"
#include "platform/platform_infos_def.h"

struct MiniPlatform {
    fe::PlatFormInfos info;
    MiniPlatform(const std::string& soc, int cores, int ub) {
        info.Init();
        std::map<std::string, std::string> soc_info = {{"ai_core_cnt", std::to_string(cores)},
                                                       {"core_type_list", "AICore"}};
        std::map<std::string, std::string> spec = {{"ub_size", std::to_string(ub)}};
        std::map<std::string, std::string> ver = {{"Short_SoC_version", soc}, {"NpuArch", "2201"}};
        info.SetPlatformRes("SoCInfo", soc_info);
        info.SetPlatformRes("AICoreSpec", spec);
        info.SetPlatformRes("version", ver);
        info.SetCoreNumByCoreType("AICore");
    }
};
#endif
