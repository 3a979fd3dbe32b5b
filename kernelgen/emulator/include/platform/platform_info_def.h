// kernelgen CPU emulator: platform/platform_info_def.h. CANN's header declares `using std::map; using std::vector;
// using std::string;` at global scope, and platform/platform_infos_def.h includes it, so every host source that
// reaches the tiling context (exe_graph/runtime/tiling_context.h) or PlatformAscendC sees the three names
// unqualified; ops-nn's tiling code relies on it (`static const map<ge::DataType, uint32_t> DTYEP_2_INT_KEY` in
// loss/*/op_host/arch35, `vector<int64_t>` and `string` in norm and activation tiling headers). It also brings
// fe::PlatFormInfos, as the emulator kept it under this spelling before.
#ifndef KGEMU_PLATFORM_PLATFORM_INFO_DEF_H
#define KGEMU_PLATFORM_PLATFORM_INFO_DEF_H

#include <map>
#include <string>
#include <vector>

using std::map;
using std::string;
using std::vector;

#include "platform/platform_infos_def.h"

#endif
