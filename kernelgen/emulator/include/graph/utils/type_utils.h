// kernelgen CPU emulator: ge::TypeUtils (graph/utils/type_utils.h).
#ifndef KGEMU_GRAPH_UTILS_TYPE_UTILS_H
#define KGEMU_GRAPH_UTILS_TYPE_UTILS_H

#include <cstdint>
#include <string>

#include "graph/types.h"
#include "graph/ascend_string.h"
#ifndef KGEMU_HOST_DETAIL_OK
#define KGEMU_HOST_DETAIL_OK
#endif
#include "kgemu/detail/host_dtype.h"

namespace ge {
class TypeUtils {
public:
    // Element size in bytes; false (length untouched) for sub-byte and size-less types, like the real one.
    static bool GetDataTypeLength(ge::DataType data_type, uint32_t& length) {
        const int32_t size = ge::GetSizeByDataType(data_type);
        if (size <= 0 || size >= kDataTypeSizeBitOffset) {
            return false;
        }
        length = static_cast<uint32_t>(size);
        return true;
    }
    static std::string DataTypeToSerialString(DataType data_type) {
        const char* n = kgemu::detail::DataTypeName(data_type);
        return n != nullptr ? std::string(n) : std::string("UNDEFINED");
    }
    static AscendString DataTypeToAscendString(DataType data_type) {
        return AscendString(DataTypeToSerialString(data_type).c_str());
    }
    static DataType SerialStringToDataType(const std::string& str) {
        for (int32_t i = 0; i < static_cast<int32_t>(DT_MAX); ++i) {
            const char* n = kgemu::detail::DataTypeName(i);
            if (n != nullptr && str == n) return static_cast<DataType>(i);
        }
        return DT_UNDEFINED;
    }
    static std::string FormatToSerialString(Format format) {
        const char* n = kgemu::detail::FormatName(format);
        return n != nullptr ? std::string(n + 7) : std::string("RESERVED");  // drop "FORMAT_" like the real one
    }
    static AscendString FormatToAscendString(Format format) { return AscendString(FormatToSerialString(format).c_str()); }
};
}  // namespace ge

#endif  // KGEMU_GRAPH_UTILS_TYPE_UTILS_H
