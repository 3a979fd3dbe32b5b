// kernelgen CPU emulator: the bounds-checked C functions of Huawei's securec library that operator host code
// uses (memset_s, memcpy_s, memmove_s, strcpy_s, strncpy_s, strcat_s, sprintf_s, snprintf_s). Semantics follow
// securec: on a size violation the destination is reset (zeroed) and an error code is returned.
#ifndef KGEMU_SECUREC_H
#define KGEMU_SECUREC_H

#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>

#ifndef EOK
#define EOK 0
#endif
#ifndef errno_t
typedef int errno_t;
#endif
#ifndef SECUREC_MEM_MAX_LEN
#define SECUREC_MEM_MAX_LEN 0x7fffffffUL
#endif
#ifndef EINVAL
#define EINVAL 22
#endif
#ifndef ERANGE
#define ERANGE 34
#endif
#define EINVAL_AND_RESET (EINVAL | 128)
#define ERANGE_AND_RESET (ERANGE | 128)
#define EOVERLAP_AND_RESET (54 | 128)

inline errno_t memset_s(void* dest, size_t destMax, int c, size_t count) {
    if (dest == nullptr || destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ERANGE;
    if (count > destMax) {
        std::memset(dest, c, destMax);
        return ERANGE_AND_RESET;
    }
    std::memset(dest, c, count);
    return EOK;
}

inline errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count) {
    if (dest == nullptr || destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ERANGE;
    if (src == nullptr) {
        std::memset(dest, 0, destMax);
        return EINVAL_AND_RESET;
    }
    if (count > destMax) {
        std::memset(dest, 0, destMax);
        return ERANGE_AND_RESET;
    }
    const char* s = static_cast<const char*>(src);
    char* d = static_cast<char*>(dest);
    if (count > 0 && ((d <= s && s < d + count) || (s <= d && d < s + count))) {
        if (d == s) return EOK;
        std::memset(dest, 0, destMax);
        return EOVERLAP_AND_RESET;
    }
    if (count > 0) std::memcpy(dest, src, count);
    return EOK;
}

inline errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count) {
    if (dest == nullptr || destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ERANGE;
    if (src == nullptr) {
        std::memset(dest, 0, destMax);
        return EINVAL_AND_RESET;
    }
    if (count > destMax) {
        std::memset(dest, 0, destMax);
        return ERANGE_AND_RESET;
    }
    if (count > 0) std::memmove(dest, src, count);
    return EOK;
}

inline errno_t strncpy_s(char* dest, size_t destMax, const char* src, size_t count) {
    if (dest == nullptr || destMax == 0) return ERANGE;
    if (src == nullptr) {
        dest[0] = '\0';
        return EINVAL_AND_RESET;
    }
    size_t n = 0;
    while (n < count && src[n] != '\0') ++n;
    if (n >= destMax) {
        dest[0] = '\0';
        return ERANGE_AND_RESET;
    }
    std::memcpy(dest, src, n);
    dest[n] = '\0';
    return EOK;
}

inline errno_t strcpy_s(char* dest, size_t destMax, const char* src) {
    return strncpy_s(dest, destMax, src, src == nullptr ? 0 : std::strlen(src));
}

inline errno_t strcat_s(char* dest, size_t destMax, const char* src) {
    if (dest == nullptr || destMax == 0) return ERANGE;
    size_t len = 0;
    while (len < destMax && dest[len] != '\0') ++len;
    if (len == destMax) {
        dest[0] = '\0';
        return EINVAL_AND_RESET;
    }
    return strcpy_s(dest + len, destMax - len, src);
}

inline int vsnprintf_s(char* strDest, size_t destMax, size_t count, const char* format, va_list args) {
    if (strDest == nullptr || destMax == 0 || format == nullptr) return -1;
    const size_t limit = (count + 1 < destMax) ? count + 1 : destMax;
    const int n = std::vsnprintf(strDest, limit, format, args);
    if (n < 0) {
        strDest[0] = '\0';
        return -1;
    }
    return (static_cast<size_t>(n) >= limit) ? -1 : n;
}

inline int snprintf_s(char* strDest, size_t destMax, size_t count, const char* format, ...)
    __attribute__((format(printf, 4, 5)));
inline int snprintf_s(char* strDest, size_t destMax, size_t count, const char* format, ...) {
    va_list args;
    va_start(args, format);
    const int n = vsnprintf_s(strDest, destMax, count, format, args);
    va_end(args);
    return n;
}

inline int sprintf_s(char* strDest, size_t destMax, const char* format, ...) __attribute__((format(printf, 3, 4)));
inline int sprintf_s(char* strDest, size_t destMax, const char* format, ...) {
    va_list args;
    va_start(args, format);
    const int n = vsnprintf_s(strDest, destMax, destMax == 0 ? 0 : destMax - 1, format, args);
    va_end(args);
    return n;
}

#endif  // KGEMU_SECUREC_H
