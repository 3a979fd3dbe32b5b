// kernelgen CPU emulator (private): the storage behind gert::RuntimeAttrs. Each attribute lives in its own
// 8-byte-aligned buffer laid out as CANN does: float / int64_t / bool scalars, NUL-terminated strings, and
// ContinuousVector headers followed by the elements for lists.
#include "kgemu/detail/host_guard.h"
#ifndef KGEMU_DETAIL_HOST_ATTRS_H
#define KGEMU_DETAIL_HOST_ATTRS_H

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "exe_graph/runtime/continuous_vector.h"

namespace kgemu {
namespace detail {

// Attribute kinds as OpAttrDef declares them; numbering is kernelgen's own (used in the OpDef JSON by name).
enum class AttrKind : int32_t { kNone = -1, kFloat = 0, kInt = 1, kBool = 2, kStr = 3, kListFloat = 4,
                                kListInt = 5, kListBool = 6, kListListInt = 7 };

inline const char* AttrKindName(AttrKind k) {
    switch (k) {
        case AttrKind::kFloat: return "float";
        case AttrKind::kInt: return "int";
        case AttrKind::kBool: return "bool";
        case AttrKind::kStr: return "str";
        case AttrKind::kListFloat: return "list_float";
        case AttrKind::kListInt: return "list_int";
        case AttrKind::kListBool: return "list_bool";
        case AttrKind::kListListInt: return "list_list_int";
        default: return "none";
    }
}

// A typed attribute value (also used for OpAttrDef defaults).
struct AttrValue {
    AttrKind kind = AttrKind::kNone;
    double f = 0.0;
    int64_t i = 0;
    std::string s;
    std::vector<double> list_f;
    std::vector<int64_t> list_i;
    std::vector<std::vector<int64_t>> list_list_i;
};

class AttrStore {
public:
    void Clear() {
        names_.clear();
        values_.clear();
        buffers_.clear();
    }
    size_t Size() const { return buffers_.size(); }
    const std::string& Name(size_t i) const { return names_[i]; }
    const AttrValue& Value(size_t i) const { return values_[i]; }
    const void* Get(size_t i) const { return i < buffers_.size() ? buffers_[i].data() : nullptr; }

    void Add(const std::string& name, const AttrValue& v) {
        names_.push_back(name);
        values_.push_back(v);
        std::vector<uint64_t> buf;
        switch (v.kind) {
            case AttrKind::kFloat: {
                buf.assign(1, 0);
                const float x = static_cast<float>(v.f);
                std::memcpy(buf.data(), &x, sizeof(x));
                break;
            }
            case AttrKind::kInt: {
                buf.assign(1, 0);
                std::memcpy(buf.data(), &v.i, sizeof(v.i));
                break;
            }
            case AttrKind::kBool: {
                buf.assign(1, 0);
                const bool b = v.i != 0;
                std::memcpy(buf.data(), &b, sizeof(b));
                break;
            }
            case AttrKind::kStr: {
                buf.assign(v.s.size() / 8 + 1, 0);
                std::memcpy(buf.data(), v.s.c_str(), v.s.size() + 1);
                break;
            }
            case AttrKind::kListFloat: {
                std::vector<float> xs(v.list_f.begin(), v.list_f.end());
                buf = MakeList(xs.data(), xs.size(), sizeof(float));
                break;
            }
            case AttrKind::kListInt: buf = MakeList(v.list_i.data(), v.list_i.size(), sizeof(int64_t)); break;
            case AttrKind::kListBool: {
                std::vector<uint8_t> xs;
                for (int64_t x : v.list_i) xs.push_back(x != 0 ? 1 : 0);
                buf = MakeList(xs.data(), xs.size(), 1);
                break;
            }
            default: buf.assign(1, 0); break;
        }
        buffers_.push_back(std::move(buf));
    }

private:
    static std::vector<uint64_t> MakeList(const void* data, size_t n, size_t elem) {
        const size_t bytes = gert::ContinuousVector::TotalSize(n, elem);
        std::vector<uint64_t> buf(bytes / 8 + 2, 0);
        auto* cv = reinterpret_cast<gert::ContinuousVector*>(buf.data());
        cv->Init(n);
        (void)cv->SetSize(n);
        if (n > 0) std::memcpy(cv->MutableData(), data, n * elem);
        return buf;
    }

    std::vector<std::string> names_;
    std::vector<AttrValue> values_;
    std::vector<std::vector<uint64_t>> buffers_;
};

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_HOST_ATTRS_H
