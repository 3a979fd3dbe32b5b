// kernelgen CPU emulator: optiling::GetTbeTiling, declared by ops-nn's tbe_tiling_api.h, answering false as ops-nn's
// wrapper does without CANN's legacy TBE tiling library (included after the repository's header by both stand-ins).
#ifndef KGEMU_OPSNN_TBE_TILING_API_DEF_H
#define KGEMU_OPSNN_TBE_TILING_API_DEF_H

namespace optiling {
#ifndef NN_ENABLE_DLOPEN_LEGACY
inline bool GetTbeTiling(gert::TilingContext*, optiling::Conv3dBackpropV2TBETilingData&, const optiling::OpTypeV2) {
    return false;
}
#endif
}  // namespace optiling

#endif  // KGEMU_OPSNN_TBE_TILING_API_DEF_H
