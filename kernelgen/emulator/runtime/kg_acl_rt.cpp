// kernelgen CPU emulator: the ACL runtime (acl/acl.h, acl/acl_rt.h) and opdev logging.
//
// Device memory is host memory handed out by aclrtMalloc (64-byte aligned, rounded up to 32 bytes plus 32,
// as CANN documents) and tracked with the size the caller asked for: every device-side pointer that
// aclrtMemcpy/aclrtMemset/aclrtFree or an aclnn second stage receives must lie inside one live buffer.
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "kgemu/abi.h"
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#define KGEMU_ACL_DETAIL_OK
#include "kgemu/detail/acl_device.h"
#include "kgemu/detail/acl_log.h"
#include "kgemu/detail/acl_numeric.h"

namespace kgemu {
namespace acl {
namespace {
constexpr int32_t kDeviceCount = 1;
constexpr uint8_t kFreshMemoryByte = 0xFF;  // fresh device memory reads as NaN / all-ones, like an unwritten output

struct Buffer {
    uint64_t size;
    uint64_t serial;
};

struct StreamError {
    aclError code;
    std::string message;
};

struct State {
    std::mutex mu;
    bool initialized = false;
    bool finalized = false;
    int32_t device = -1;
    std::map<uintptr_t, Buffer> buffers;  // base -> buffer
    uint64_t serial = 0;
    std::set<aclrtStream> streams;
    std::map<aclrtStream, StreamError> streamErrors;
    int64_t liveTensors = 0;
};

State& St()
{
    static State* state = new State();  // never destroyed: usable from static destructors of the program
    return *state;
}

// The program's stdout is line-buffered, as on a terminal, so that its printf output and the emulator's
// stderr diagnostics arrive in order when kernelgen streams them through a pipe.
[[maybe_unused]] const int g_lineBuffered = std::setvbuf(stdout, nullptr, _IOLBF, 0);

thread_local std::string t_recentError;
thread_local const char* t_l2Name = nullptr;
thread_local const char* t_l0Name = nullptr;

uint64_t AlignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

// The buffer whose [base, base + size) contains p, or buffers.end().
std::map<uintptr_t, Buffer>::const_iterator Containing(const State& st, uintptr_t p)
{
    auto it = st.buffers.upper_bound(p);
    if (it == st.buffers.begin()) return st.buffers.end();
    --it;
    if (p >= it->first && p < it->first + (it->second.size == 0 ? 1 : it->second.size)) return it;
    return st.buffers.end();
}

aclError Fail(aclError code, const char* func, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
aclError Fail(aclError code, const char* func, const char* fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    LogError(code, func, "%s", buf);
    return code;
}

bool CheckDeviceRange(const void* p, uint64_t bytes, const char* func, const char* what, aclError* code)
{
    DeviceBuffer buf;
    std::string why;
    if (FindDeviceBuffer(p, bytes, &buf, &why)) return true;
    *code = Fail(ACL_ERROR_INVALID_PARAM, func, "%s %p (%llu bytes): %s", what, p,
                 static_cast<unsigned long long>(bytes), why.c_str());
    return false;
}

// Whether [p, p + bytes) is mapped in this process (msync fails with ENOMEM on an unmapped page).
bool HostRangeMapped(const void* p, uint64_t bytes)
{
    const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
    const uintptr_t begin = reinterpret_cast<uintptr_t>(p) & ~(page - 1);
    const uintptr_t end = reinterpret_cast<uintptr_t>(p) + bytes;
    return msync(reinterpret_cast<void*>(begin), end - begin, MS_ASYNC) == 0 || errno != ENOMEM;
}

bool CheckHostPointer(const void* p, const char* func, const char* what, aclError* code, uint64_t bytes = 0)
{
    if (IsDevicePointer(p)) {
        *code = Fail(ACL_ERROR_INVALID_PARAM, func, "%s %p is device memory, but the copy kind says host memory", what, p);
        return false;
    }
    if (bytes > 0 && !HostRangeMapped(p, bytes)) {  // on an NPU host a crash or garbage; here a named error
        *code = Fail(ACL_ERROR_INVALID_PARAM, func, "%s host range [%p, +%llu bytes) runs past mapped memory: the "
                     "host buffer is smaller than the count", what, p, static_cast<unsigned long long>(bytes));
        return false;
    }
    return true;
}
}  // namespace

bool FindDeviceBuffer(const void* p, uint64_t bytes, DeviceBuffer* out, std::string* why)
{
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    const uintptr_t addr = reinterpret_cast<uintptr_t>(p);
    auto it = Containing(st, addr);
    if (it == st.buffers.end()) {
        if (why == nullptr) return false;
        auto before = st.buffers.upper_bound(addr);
        if (p != nullptr && before != st.buffers.begin()) {
            --before;
            const uint64_t end = before->first + before->second.size;
            if (addr >= end && addr - end < 4096) {
                *why = "starts " + std::to_string(addr - end) + " bytes past the end of device buffer #" +
                       std::to_string(before->second.serial) + " (" + std::to_string(before->second.size) + " bytes)";
                return false;
            }
        }
        *why = p == nullptr ? "null pointer"
                            : "not inside any live device buffer (host memory, freed memory, or a pointer "
                              "aclrtMalloc did not return)";
        return false;
    }
    const uint64_t offset = addr - it->first;
    if (bytes > it->second.size - offset) {
        if (why != nullptr) {
            *why = "runs past the end of device buffer #" + std::to_string(it->second.serial) + " (" +
                   std::to_string(it->second.size) + " bytes; this range starts at byte " + std::to_string(offset) +
                   " and needs " + std::to_string(bytes) + ")";
        }
        return false;
    }
    if (out != nullptr) {
        out->base = reinterpret_cast<const uint8_t*>(it->first);
        out->size = it->second.size;
        out->serial = it->second.serial;
    }
    return true;
}

bool IsDevicePointer(const void* p)
{
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    return p != nullptr && Containing(st, reinterpret_cast<uintptr_t>(p)) != st.buffers.end();
}

bool IsLiveStream(aclrtStream stream)
{
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    return stream == nullptr || st.streams.count(stream) != 0;
}

void SetStreamError(aclrtStream stream, aclError code, const std::string& message)
{
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    if (st.streamErrors.count(stream) == 0) st.streamErrors[stream] = StreamError{code, message};
}

bool DeviceIsSet()
{
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    return st.device >= 0;
}

void CountTensor(int delta)
{
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    st.liveTensors += delta;
}

// ---- logging -------------------------------------------------------------------------------------------------
bool TraceEnabled()
{
    static const bool on = [] {
        const char* v = std::getenv("KERNELGEN_ACL_TRACE");
        return v != nullptr && *v != '\0' && std::strcmp(v, "0") != 0;
    }();
    return on;
}

const char* CurrentApi() { return t_l2Name != nullptr ? t_l2Name : ""; }

namespace {
std::string Where(const char* func)
{
    std::string where = "KGEMU";
    if (t_l2Name != nullptr) where += std::string("(") + t_l2Name + (t_l0Name ? std::string("/") + t_l0Name : "") + ")";
    if (func != nullptr && *func != '\0') where += std::string(" ") + func;
    return where;
}
}  // namespace

void LogError(int32_t code, const char* func, const char* fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    t_recentError = std::string(buf) + " (error code " + std::to_string(code) + ")";
    std::fprintf(stderr, "[ERROR] %s: %s\n", Where(func).c_str(), t_recentError.c_str());
    std::fflush(stderr);
}

void LogMessage(LogLevel level, const char* func, const char* fmt, ...)
{
    if (level != LogLevel::kWarn && !TraceEnabled()) return;
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    const char* tag = level == LogLevel::kWarn ? "WARNING" : level == LogLevel::kInfo ? "INFO" : "DEBUG";
    std::fprintf(stderr, "[%s] %s: %s\n", tag, Where(func).c_str(), buf);
    std::fflush(stderr);
}

DfxScope::DfxScope(bool l2, const char* name, const char* inputs, const char* outputs)
    : l2_(l2), previous_(l2 ? t_l2Name : t_l0Name)
{
    (l2 ? t_l2Name : t_l0Name) = name;
    if (TraceEnabled()) {
        std::fprintf(stderr, "[TRACE] %s %s(%s%s%s)\n", l2 ? "aclnn" : "  l0", name, inputs,
                     (outputs != nullptr && *outputs != '\0') ? " -> " : "", outputs != nullptr ? outputs : "");
    }
}

DfxScope::~DfxScope() { (l2_ ? t_l2Name : t_l0Name) = previous_; }
}  // namespace acl
}  // namespace kgemu

using kgemu::acl::Fail;
using kgemu::acl::St;
using kgemu::acl::State;

extern "C" {

const char* aclGetRecentErrMsg() { return kgemu::acl::t_recentError.c_str(); }

size_t aclDataTypeSize(aclDataType dataType)
{
    return dataType == ACL_DT_UNDEFINED ? 0 : kgemu::acl::ElementSize(static_cast<int32_t>(dataType));
}

aclError aclInit(const char* configPath)
{
    (void)configPath;
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    if (st.initialized) return Fail(ACL_ERROR_REPEAT_INITIALIZE, __func__, "aclInit was already called");
    st.initialized = true;
    st.finalized = false;
    return ACL_SUCCESS;
}

aclError aclFinalize(void)
{
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    if (!st.initialized) {
        return st.finalized ? Fail(ACL_ERROR_REPEAT_FINALIZE, __func__, "aclFinalize was already called")
                            : Fail(ACL_ERROR_UNINITIALIZE, __func__, "aclInit was not called");
    }
    uint64_t bytes = 0;
    for (const auto& kv : st.buffers) bytes += kv.second.size;
    if (!st.buffers.empty()) {
        std::fprintf(stderr, "[WARNING] KGEMU aclFinalize: %zu device buffer(s), %llu bytes, were not freed with aclrtFree\n",
                     st.buffers.size(), static_cast<unsigned long long>(bytes));
    }
    if (!st.streams.empty()) {
        std::fprintf(stderr, "[WARNING] KGEMU aclFinalize: %zu stream(s) were not destroyed\n", st.streams.size());
    }
    if (st.liveTensors > 0) {
        std::fprintf(stderr, "[WARNING] KGEMU aclFinalize: %lld aclTensor(s) were not destroyed\n",
                     static_cast<long long>(st.liveTensors));
    }
    st.initialized = false;
    st.finalized = true;
    return ACL_SUCCESS;
}

aclError aclrtSetDevice(int32_t deviceId)
{
    if (deviceId < 0 || deviceId >= kgemu::acl::kDeviceCount) {
        return Fail(ACL_ERROR_RT_INVALID_DEVICEID, __func__, "device %d does not exist; the emulator has device 0",
                    deviceId);
    }
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    st.device = deviceId;
    return ACL_SUCCESS;
}

aclError aclrtResetDevice(int32_t deviceId)
{
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    if (deviceId != st.device || deviceId < 0) {
        return Fail(ACL_ERROR_RT_INVALID_DEVICEID, __func__, "device %d was not set with aclrtSetDevice", deviceId);
    }
    st.device = -1;
    return ACL_SUCCESS;
}

aclError aclrtGetDevice(int32_t* deviceId)
{
    if (deviceId == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "deviceId is null");
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    if (st.device < 0) return Fail(ACL_ERROR_RT_CONTEXT_NULL, __func__, "no device set (call aclrtSetDevice)");
    *deviceId = st.device;
    return ACL_SUCCESS;
}

aclError aclrtGetDeviceCount(uint32_t* count)
{
    if (count == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "count is null");
    *count = kgemu::acl::kDeviceCount;
    return ACL_SUCCESS;
}

aclError aclrtGetRunMode(aclrtRunMode* runMode)
{
    if (runMode == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "runMode is null");
    *runMode = ACL_HOST;
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeDevice(void)
{
    State& st = St();
    kgemu::acl::StreamError err{ACL_SUCCESS, ""};
    {
        std::lock_guard<std::mutex> lock(st.mu);
        if (st.streamErrors.empty()) return ACL_SUCCESS;
        err = st.streamErrors.begin()->second;
        st.streamErrors.clear();
    }
    return Fail(err.code, __func__, "a kernel on the device failed: %s", err.message.c_str());
}

float aclFloat16ToFloat(aclFloat16 value) { return static_cast<float>(kgemu::acl::HalfBitsToDouble(value)); }

aclFloat16 aclFloatToFloat16(float value) { return kgemu::acl::DoubleToHalfBits(static_cast<double>(value)); }

const char* aclrtGetSocName(void)
{
    const KgSoc* soc = kgemu_acl_soc();
    return soc != nullptr ? soc->short_soc_version : nullptr;
}

namespace {
// The one implicit context of the emulated device: its handle is the address of this object.
int g_context = 0;
}  // namespace

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId)
{
    if (context == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "context is null");
    if (deviceId < 0 || deviceId >= kgemu::acl::kDeviceCount) {
        return Fail(ACL_ERROR_RT_INVALID_DEVICEID, __func__, "device %d does not exist; the emulator has device 0",
                    deviceId);
    }
    *context = &g_context;
    return ACL_SUCCESS;
}

aclError aclrtDestroyContext(aclrtContext context)
{
    if (context != &g_context) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "%p is not a context", context);
    return ACL_SUCCESS;
}

aclError aclrtSetCurrentContext(aclrtContext context)
{
    if (context != &g_context) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "%p is not a context", context);
    return ACL_SUCCESS;
}

aclError aclrtGetCurrentContext(aclrtContext* context)
{
    if (context == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "context is null");
    *context = &g_context;
    return ACL_SUCCESS;
}

aclError aclrtCreateStream(aclrtStream* stream)
{
    if (stream == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "stream is null");
    if (!kgemu::acl::DeviceIsSet()) {
        return Fail(ACL_ERROR_RT_CONTEXT_NULL, __func__, "no device set (call aclrtSetDevice first)");
    }
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    aclrtStream s = static_cast<aclrtStream>(new int(static_cast<int>(st.streams.size())));
    st.streams.insert(s);
    *stream = s;
    return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream)
{
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    if (stream == nullptr || st.streams.erase(stream) == 0) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID, __func__, "stream %p was not created by aclrtCreateStream or is "
                    "already destroyed", stream);
    }
    st.streamErrors.erase(stream);
    delete static_cast<int*>(stream);
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeStream(aclrtStream stream)
{
    if (!kgemu::acl::IsLiveStream(stream)) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID, __func__, "stream %p was not created by aclrtCreateStream or is "
                    "already destroyed", stream);
    }
    State& st = St();
    kgemu::acl::StreamError err{ACL_SUCCESS, ""};
    {
        std::lock_guard<std::mutex> lock(st.mu);
        auto it = st.streamErrors.find(stream);
        if (it == st.streamErrors.end()) return ACL_SUCCESS;
        err = it->second;
        st.streamErrors.erase(it);
    }
    return Fail(err.code, __func__, "a kernel on this stream failed: %s", err.message.c_str());
}

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    (void)policy;
    if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "devPtr is null");
    if (size == 0) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "size is 0; aclrtMalloc needs a non-zero size");
    if (!kgemu::acl::DeviceIsSet()) {
        return Fail(ACL_ERROR_RT_CONTEXT_NULL, __func__, "no device set (call aclrtSetDevice first)");
    }
    // at least what the NPU allocator rounds to (kg_gm_padded_bytes), so a kernel reading a whole block past a
    // tensor's end stays inside this allocation
    const uint64_t physical = std::max<uint64_t>(kgemu::acl::AlignUp(kgemu::acl::AlignUp(size, 32) + 32, 64),
                                                 kg_gm_padded_bytes(size));
    void* p = std::aligned_alloc(64, physical);
    if (p == nullptr) {
        return Fail(ACL_ERROR_RT_MEMORY_ALLOCATION, __func__, "out of memory allocating %zu bytes", size);
    }
    std::memset(p, kgemu::acl::kFreshMemoryByte, physical);
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    st.buffers[reinterpret_cast<uintptr_t>(p)] = kgemu::acl::Buffer{size, ++st.serial};
    *devPtr = p;
    return ACL_SUCCESS;
}

aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    return aclrtMalloc(devPtr, size, policy);
}

aclError aclrtFree(void* devPtr)
{
    State& st = St();
    {
        std::lock_guard<std::mutex> lock(st.mu);
        auto it = st.buffers.find(reinterpret_cast<uintptr_t>(devPtr));
        if (it != st.buffers.end()) {
            st.buffers.erase(it);
            std::free(devPtr);
            return ACL_SUCCESS;
        }
    }
    if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "devPtr is null");
    if (kgemu::acl::IsDevicePointer(devPtr)) {
        return Fail(ACL_ERROR_INVALID_PARAM, __func__, "%p points inside a device buffer, not at its start", devPtr);
    }
    return Fail(ACL_ERROR_INVALID_PARAM, __func__, "%p is not a live device buffer (freed twice, or not from "
                "aclrtMalloc)", devPtr);
}

aclError aclrtMallocHost(void** hostPtr, size_t size)
{
    if (hostPtr == nullptr || size == 0) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "hostPtr is null or size is 0");
    *hostPtr = std::malloc(size);
    return *hostPtr == nullptr ? Fail(ACL_ERROR_BAD_ALLOC, __func__, "out of host memory") : ACL_SUCCESS;
}

aclError aclrtFreeHost(void* hostPtr)
{
    if (hostPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "hostPtr is null");
    std::free(hostPtr);
    return ACL_SUCCESS;
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count)
{
    if (count > maxCount) {
        return Fail(ACL_ERROR_INVALID_PARAM, __func__, "count %zu exceeds maxCount %zu", count, maxCount);
    }
    if (count == 0) return ACL_SUCCESS;
    aclError code = ACL_SUCCESS;
    if (!kgemu::acl::CheckDeviceRange(devPtr, count, __func__, "devPtr", &code)) return code;
    std::memset(devPtr, value, count);
    return ACL_SUCCESS;
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind)
{
    if (count > destMax) {
        return Fail(ACL_ERROR_INVALID_PARAM, __func__, "count %zu exceeds destMax %zu", count, destMax);
    }
    if (count == 0) return ACL_SUCCESS;
    if (dst == nullptr || src == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "dst or src is null");
    aclError code = ACL_SUCCESS;
    bool ok = true;
    switch (kind) {
        case ACL_MEMCPY_HOST_TO_HOST:
            ok = kgemu::acl::CheckHostPointer(dst, __func__, "dst", &code) &&
                 kgemu::acl::CheckHostPointer(src, __func__, "src", &code);
            break;
        case ACL_MEMCPY_HOST_TO_DEVICE:
            ok = kgemu::acl::CheckDeviceRange(dst, count, __func__, "dst", &code) &&
                 kgemu::acl::CheckHostPointer(src, __func__, "src", &code, count);
            break;
        case ACL_MEMCPY_DEVICE_TO_HOST:
            ok = kgemu::acl::CheckHostPointer(dst, __func__, "dst", &code, count) &&
                 kgemu::acl::CheckDeviceRange(src, count, __func__, "src", &code);
            break;
        case ACL_MEMCPY_DEVICE_TO_DEVICE:
            ok = kgemu::acl::CheckDeviceRange(dst, count, __func__, "dst", &code) &&
                 kgemu::acl::CheckDeviceRange(src, count, __func__, "src", &code);
            break;
        default:
            return Fail(ACL_ERROR_INVALID_PARAM, __func__, "unknown copy kind %d", static_cast<int>(kind));
    }
    if (!ok) return code;
    std::memmove(dst, src, count);
    return ACL_SUCCESS;
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream)
{
    if (!kgemu::acl::IsLiveStream(stream)) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID, __func__, "stream %p is not a live stream", stream);
    }
    return aclrtMemcpy(dst, destMax, src, count, kind);
}

aclError aclrtGetMemInfo(int32_t attr, size_t* free, size_t* total)
{
    (void)attr;
    if (free == nullptr || total == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, __func__, "free or total is null");
    *total = static_cast<size_t>(64) << 30;
    State& st = St();
    std::lock_guard<std::mutex> lock(st.mu);
    size_t used = 0;
    for (const auto& kv : st.buffers) used += kv.second.size;
    *free = *total > used ? *total - used : 0;
    return ACL_SUCCESS;
}

}  // extern "C"
