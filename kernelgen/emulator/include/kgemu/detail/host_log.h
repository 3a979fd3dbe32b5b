// kernelgen CPU emulator (private): where OP_LOGE / OP_LOGW / OP_LOGI / OP_LOGD go. Errors and warnings are
// kept in a thread-local list that the harness reads after tiling/infershape (a failing tiling's OP_LOGE
// text becomes the run's error message). With the environment variable KGEMU_HOST_LOG set, every line
// (debug and info too) is also echoed to stderr.
#include "kgemu/detail/host_guard.h"
#ifndef KGEMU_DETAIL_HOST_LOG_H
#define KGEMU_DETAIL_HOST_LOG_H

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

namespace kgemu {
namespace detail {

enum class LogLevel : int { kDebug = 0, kInfo = 1, kWarn = 2, kError = 3 };

struct LogLine {
    LogLevel level;
    std::string text;
};

constexpr size_t kMaxKeptLogLines = 256;

KGEMU_HIDDEN inline std::vector<LogLine>& HostLogLines() {
    thread_local std::vector<LogLine> lines;
    return lines;
}

KGEMU_HIDDEN inline bool HostLogEcho() {
    static const bool echo = [] {
        const char* v = std::getenv("KGEMU_HOST_LOG");
        return v != nullptr && v[0] != '\0' && v[0] != '0';
    }();
    return echo;
}

inline void HostLogV(LogLevel level, const char* op_info, const char* fmt, va_list args) {
    if (level < LogLevel::kWarn && !HostLogEcho()) return;
    char buf[1024];
    std::vsnprintf(buf, sizeof(buf), fmt == nullptr ? "" : fmt, args);
    std::string text = std::string(op_info == nullptr ? "nil" : op_info) + ": " + buf;
    if (HostLogEcho()) {
        static const char* kNames[] = {"DEBUG", "INFO", "WARNING", "ERROR"};
        std::fprintf(stderr, "[kgemu host %s] %s\n", kNames[static_cast<int>(level)], text.c_str());
    }
    if (level >= LogLevel::kWarn) {
        auto& lines = HostLogLines();
        if (lines.size() < kMaxKeptLogLines) lines.push_back(LogLine{level, std::move(text)});
    }
}

inline void HostLog(LogLevel level, const char* op_info, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
inline void HostLog(LogLevel level, const char* op_info, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    HostLogV(level, op_info, fmt, args);
    va_end(args);
}

inline void HostLog(LogLevel level, const char* op_info) { HostLog(level, op_info, "%s", ""); }

// "<type>:<name>" for a context pointer, the string itself for names (the shape CANN's log prefix has).
inline std::string OpInfoString(const char* s) { return s == nullptr ? "nil" : s; }
inline std::string OpInfoString(char* s) { return s == nullptr ? "nil" : s; }
inline std::string OpInfoString(const std::string& s) { return s; }
template <class T>
typename std::enable_if<std::is_pointer<T>::value, std::string>::type OpInfoString(T context) {
    if (context == nullptr) return "nil:nil";
    std::string info = context->GetNodeType() != nullptr ? context->GetNodeType() : "nil";
    info += ":";
    info += context->GetNodeName() != nullptr ? context->GetNodeName() : "nil";
    return info;
}
inline std::string OpInfoString(std::nullptr_t) { return "nil"; }

}  // namespace detail
}  // namespace kgemu

#endif  // KGEMU_DETAIL_HOST_LOG_H
