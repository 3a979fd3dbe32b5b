// ChannelScale tiling class (the legacy macros): the host sets fields with set_<field>() and SaveToBuffer; the
// kernel gets the same layout as a plain struct through GET_TILING_DATA.
#ifndef CHANNEL_SCALE_TILING_H
#define CHANNEL_SCALE_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ChannelScaleTilingData)
TILING_DATA_FIELD_DEF(uint32_t, total);
TILING_DATA_FIELD_DEF(uint32_t, channels);
TILING_DATA_FIELD_DEF(uint32_t, hw);
TILING_DATA_FIELD_DEF(uint32_t, hazard);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ChannelScale, ChannelScaleTilingData)
}  // namespace optiling
#endif
