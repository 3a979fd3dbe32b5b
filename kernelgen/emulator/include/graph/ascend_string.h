// kernelgen CPU emulator: ge::AscendString (graph/ascend_string.h), a small owning string.
#ifndef KGEMU_GRAPH_ASCEND_STRING_H
#define KGEMU_GRAPH_ASCEND_STRING_H

#include <cstddef>
#include <functional>
#include <string>

namespace ge {
class AscendString {
public:
    AscendString() = default;
    AscendString(const char* name) : name_(name == nullptr ? "" : name) {}  // NOLINT: implicit like the real one
    AscendString(const char* name, size_t length) : name_(name == nullptr ? "" : std::string(name, length)) {}
    const char* GetString() const { return name_.c_str(); }
    size_t GetLength() const { return name_.size(); }
    size_t Hash() const { return std::hash<std::string>()(name_); }
    bool operator<(const AscendString& d) const { return name_ < d.name_; }
    bool operator>(const AscendString& d) const { return name_ > d.name_; }
    bool operator<=(const AscendString& d) const { return name_ <= d.name_; }
    bool operator>=(const AscendString& d) const { return name_ >= d.name_; }
    bool operator==(const AscendString& d) const { return name_ == d.name_; }
    bool operator!=(const AscendString& d) const { return name_ != d.name_; }

private:
    std::string name_;
};
}  // namespace ge

#endif  // KGEMU_GRAPH_ASCEND_STRING_H
