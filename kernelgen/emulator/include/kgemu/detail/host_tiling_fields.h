// kernelgen CPU emulator (private): what BEGIN_TILING_DATA_DEF classes wrote where. Every SaveToBuffer call
// appends a record (destination, size, class, flattened field layout) to a thread-local list; after a tiling
// function returns, the harness names the fields of the bytes that landed in the raw tiling buffer.
#include "kgemu/detail/host_guard.h"
#ifndef KGEMU_DETAIL_HOST_TILING_FIELDS_H
#define KGEMU_DETAIL_HOST_TILING_FIELDS_H

#include <cstddef>
#include <string>
#include <vector>

namespace kgemu {
namespace detail {

struct TilingFieldRecord {
    std::string name;   // "a", or "sub.a" for fields of a TILING_DATA_FIELD_DEF_STRUCT member
    std::string dtype;  // the C++ spelling given to TILING_DATA_FIELD_DEF, e.g. "uint32_t"
    size_t offset = 0;  // bytes from the start of the saved class
    size_t elem_size = 0;
    size_t count = 1;   // > 1 (or is_array) for TILING_DATA_FIELD_DEF_ARR
    bool is_array = false;
};

struct TilingSaveRecord {
    const void* dst = nullptr;
    size_t size = 0;
    std::string class_name;
    std::vector<TilingFieldRecord> fields;
};

KGEMU_HIDDEN inline std::vector<TilingSaveRecord>& TilingSaves() {
    thread_local std::vector<TilingSaveRecord> saves;
    return saves;
}

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_HOST_TILING_FIELDS_H
