// kernelgen CPU emulator (private): a minimal streaming JSON writer for the run report and the OpDef dump.
// Non-finite doubles are written as NaN / Infinity / -Infinity, which Python's json module reads.
#include "kgemu/detail/host_guard.h"
#ifndef KGEMU_DETAIL_HOST_JSON_H
#define KGEMU_DETAIL_HOST_JSON_H

#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace kgemu {
namespace detail {

class JsonWriter {
public:
    JsonWriter& BeginObject() { Value(); out_ += '{'; first_.push_back(true); return *this; }
    JsonWriter& EndObject() { out_ += '}'; first_.pop_back(); return *this; }
    JsonWriter& BeginArray() { Value(); out_ += '['; first_.push_back(true); return *this; }
    JsonWriter& EndArray() { out_ += ']'; first_.pop_back(); return *this; }
    JsonWriter& Key(const std::string& k) {
        Sep();
        Quote(k);
        out_ += ':';
        after_key_ = true;
        return *this;
    }
    JsonWriter& String(const std::string& s) { Value(); Quote(s); return *this; }
    JsonWriter& Int(int64_t v) { Value(); out_ += std::to_string(v); return *this; }
    JsonWriter& Uint(uint64_t v) { Value(); out_ += std::to_string(v); return *this; }
    JsonWriter& Bool(bool b) { Value(); out_ += b ? "true" : "false"; return *this; }
    JsonWriter& Null() { Value(); out_ += "null"; return *this; }
    JsonWriter& Double(double d) {
        Value();
        if (std::isnan(d)) {
            out_ += "NaN";
        } else if (std::isinf(d)) {
            out_ += d > 0 ? "Infinity" : "-Infinity";
        } else {
            char buf[40];
            std::snprintf(buf, sizeof(buf), "%.17g", d);
            std::string s = buf;
            if (s.find_first_of(".eE") == std::string::npos) s += ".0";
            out_ += s;
        }
        return *this;
    }
    const std::string& str() const { return out_; }

private:
    void Sep() {
        if (!first_.empty()) {
            if (!first_.back()) out_ += ',';
            first_.back() = false;
        }
    }
    void Value() {
        if (after_key_) {
            after_key_ = false;
            return;
        }
        Sep();
    }
    void Quote(const std::string& s) {
        out_ += '"';
        for (const unsigned char c : s) {
            switch (c) {
                case '"': out_ += "\\\""; break;
                case '\\': out_ += "\\\\"; break;
                case '\n': out_ += "\\n"; break;
                case '\r': out_ += "\\r"; break;
                case '\t': out_ += "\\t"; break;
                default:
                    if (c < 0x20) {
                        char buf[8];
                        std::snprintf(buf, sizeof(buf), "\\u%04x", c);
                        out_ += buf;
                    } else {
                        out_ += static_cast<char>(c);
                    }
            }
        }
        out_ += '"';
    }
    std::string out_;
    std::vector<bool> first_;
    bool after_key_ = false;
};

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_HOST_JSON_H
