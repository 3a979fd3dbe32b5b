// kernelgen CPU emulator: gert::StorageFormat and gert::ExpandDimsType (the emulator only runs dense ND-like
// layouts, so expand-dims rules are carried but never applied).
#ifndef KGEMU_EXE_GRAPH_RUNTIME_STORAGE_FORMAT_H
#define KGEMU_EXE_GRAPH_RUNTIME_STORAGE_FORMAT_H

#include <cstdint>

#include "graph/types.h"

namespace gert {
class ExpandDimsType {
public:
    ExpandDimsType() = default;
    explicit ExpandDimsType(int64_t reshape_type_mask) : mask_(reshape_type_mask) {}
    int64_t GetFullSize() const { return mask_; }
    bool operator==(const ExpandDimsType& o) const { return mask_ == o.mask_; }

private:
    int64_t mask_ = 0;
};

class StorageFormat {
public:
    StorageFormat() = default;
    StorageFormat(ge::Format origin_format, ge::Format storage_format, const ExpandDimsType& expand = ExpandDimsType())
        : origin_format_(origin_format), storage_format_(storage_format), expand_dims_type_(expand) {}
    ge::Format GetOriginFormat() const { return origin_format_; }
    void SetOriginFormat(ge::Format f) { origin_format_ = f; }
    ge::Format GetStorageFormat() const { return storage_format_; }
    void SetStorageFormat(ge::Format f) { storage_format_ = f; }
    ExpandDimsType GetExpandDimsType() const { return expand_dims_type_; }
    void SetExpandDimsType(const ExpandDimsType& e) { expand_dims_type_ = e; }
    bool operator==(const StorageFormat& o) const {
        return origin_format_ == o.origin_format_ && storage_format_ == o.storage_format_;
    }

private:
    ge::Format origin_format_ = ge::FORMAT_ND;
    ge::Format storage_format_ = ge::FORMAT_ND;
    ExpandDimsType expand_dims_type_;
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_STORAGE_FORMAT_H
