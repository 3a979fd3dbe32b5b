// Helpers shared by the aclnn test programs in this directory (run through `kernelgen run-example --example`).
// Each program counts failed checks and returns that count, so the exit code says how many checks failed.
#ifndef KG_EXAMPLE_UTIL_H
#define KG_EXAMPLE_UTIL_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#if __has_include("aclnnop/aclnn_gelu_backward.h")  // absent when the program is built for another operator
#include "aclnnop/aclnn_gelu_backward.h"
#define KG_HAVE_GELU_BACKWARD 1
#endif

static int g_failures = 0;

#define EXPECT_EQ_CODE(what, actual, expected)                                                              \
    do {                                                                                                      \
        const long long kgActual = static_cast<long long>(actual);                                            \
        const long long kgExpected = static_cast<long long>(expected);                                        \
        if (kgActual == kgExpected) {                                                                         \
            std::printf("ok: %s -> %lld\n", what, kgActual);                                                  \
        } else {                                                                                              \
            std::printf("FAIL: %s -> %lld, expected %lld\n", what, kgActual, kgExpected);                     \
            ++g_failures;                                                                                     \
        }                                                                                                     \
    } while (0)

#define EXPECT_TRUE(what, cond)                       \
    do {                                              \
        if (cond) {                                   \
            std::printf("ok: %s\n", what);            \
        } else {                                      \
            std::printf("FAIL: %s\n", what);          \
            ++g_failures;                             \
        }                                             \
    } while (0)

// d/dx of GELU's tanh form, in double: the value every dtype's result is judged against.
inline double GeluGradRef(double dy, double x)
{
    const double k = std::sqrt(2.0 / M_PI);
    const double u = k * (x + 0.044715 * x * x * x);
    const double t = std::tanh(u);
    return dy * (0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * k * (1.0 + 3.0 * 0.044715 * x * x));
}

inline uint16_t FloatToHalf(float f)  // round to nearest even; test inputs are normal numbers
{
    uint32_t x;
    std::memcpy(&x, &f, 4);
    const uint32_t sign = (x >> 16) & 0x8000U;
    const int32_t exp = static_cast<int32_t>((x >> 23) & 0xFF) - 127 + 15;
    uint32_t mant = x & 0x7FFFFFU;
    if (exp <= 0) return static_cast<uint16_t>(sign);
    uint32_t h = (static_cast<uint32_t>(exp) << 10) | (mant >> 13);
    const uint32_t rest = mant & 0x1FFFU;
    if (rest > 0x1000U || (rest == 0x1000U && (h & 1U))) ++h;
    return static_cast<uint16_t>(sign | h);
}

inline float HalfToFloat(uint16_t h)
{
    const int32_t exp = (h >> 10) & 0x1F;
    const uint32_t mant = h & 0x3FF;
    float v = exp == 0 ? std::ldexp(static_cast<float>(mant), -24)
                       : std::ldexp(static_cast<float>(mant + 1024), exp - 25);
    return (h & 0x8000U) ? -v : v;
}

inline float Bf16ToFloat(uint16_t b)
{
    const uint32_t x = static_cast<uint32_t>(b) << 16;
    float f;
    std::memcpy(&f, &x, 4);
    return f;
}

inline uint16_t FloatToBf16(float f)
{
    uint32_t x;
    std::memcpy(&x, &f, 4);
    return static_cast<uint16_t>((x + 0x7FFFU + ((x >> 16) & 1U)) >> 16);
}

inline int Init(int32_t deviceId, aclrtStream* stream)
{
    if (aclInit(nullptr) != ACL_SUCCESS) return 1;
    if (aclrtSetDevice(deviceId) != ACL_SUCCESS) return 1;
    return aclrtCreateStream(stream) == ACL_SUCCESS ? 0 : 1;
}

inline std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& shape)
{
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
    return strides;
}

inline int64_t Numel(const std::vector<int64_t>& shape)
{
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

// A device buffer holding `host` and a tensor viewing it. view/strides/offset default to the row-major
// layout of `storage`.
struct DeviceTensor {
    void* addr = nullptr;
    aclTensor* tensor = nullptr;
    size_t bytes = 0;

    template <typename T>
    DeviceTensor(const std::vector<T>& host, const std::vector<int64_t>& storage, aclDataType dtype,
                 std::vector<int64_t> view = {}, std::vector<int64_t> strides = {}, int64_t offset = 0)
    {
        bytes = host.size() * sizeof(T);
        if (bytes > 0) {
            aclrtMalloc(&addr, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
            aclrtMemcpy(addr, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        }
        if (view.empty() && strides.empty()) {
            view = storage;
            strides = RowMajorStrides(storage);
        }
        tensor = aclCreateTensor(view.data(), view.size(), dtype, strides.data(), offset, ACL_FORMAT_ND,
                                 storage.data(), storage.size(), addr);
    }
    template <typename T>
    std::vector<T> Read() const
    {
        std::vector<T> out(bytes / sizeof(T));
        if (bytes > 0) aclrtMemcpy(out.data(), bytes, addr, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        return out;
    }
    ~DeviceTensor()
    {
        aclDestroyTensor(tensor);
        if (addr != nullptr) aclrtFree(addr);
    }
    DeviceTensor(const DeviceTensor&) = delete;
    DeviceTensor& operator=(const DeviceTensor&) = delete;
};

#ifdef KG_HAVE_GELU_BACKWARD
// Both stages on `stream`; returns the first non-success status (stage 1's, else stage 2's, else the sync's).
inline int RunGeluBackward(const aclTensor* gradOutput, const aclTensor* self, aclTensor* gradInput,
                           aclrtStream stream, uint64_t* workspaceOut = nullptr)
{
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    int ret = aclnnGeluBackwardGetWorkspaceSize(gradOutput, self, gradInput, &workspaceSize, &executor);
    if (workspaceOut != nullptr) *workspaceOut = workspaceSize;
    if (ret != ACL_SUCCESS) return ret;
    void* workspace = nullptr;
    if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    ret = aclnnGeluBackward(workspace, workspaceSize, executor, stream);
    if (ret == ACL_SUCCESS) ret = aclrtSynchronizeStream(stream);
    if (workspace != nullptr) aclrtFree(workspace);
    return ret;
}
#endif

// Every element within atol + rtol * |expected|.
template <typename F>
inline bool AllClose(const char* what, size_t n, F actualAt, const std::vector<double>& expected, double rtol,
                     double atol)
{
    for (size_t i = 0; i < n; ++i) {
        const double a = actualAt(i);
        if (!(std::fabs(a - expected[i]) <= atol + rtol * std::fabs(expected[i]))) {
            std::printf("FAIL: %s: element %zu is %.7g, expected %.7g\n", what, i, a, expected[i]);
            ++g_failures;
            return false;
        }
    }
    std::printf("ok: %s (%zu elements)\n", what, n);
    return true;
}

// Stage 2 of what op_api-style code planned into uniqueExecutor (CREATE_EXECUTOR()): hands the executor over,
// allocates its workspace, runs it on stream and frees the workspace; returns CommonOpExecutorRun's status.
template <typename UniqueExecutor>
inline aclnnStatus RunPlanned(UniqueExecutor& uniqueExecutor, aclrtStream stream)
{
    const uint64_t workspaceSize = uniqueExecutor->GetWorkspaceSize();
    decltype(uniqueExecutor.get()) executor = nullptr;  // aclOpExecutor* (dependent: opdev/op_executor.h may come later)
    uniqueExecutor.ReleaseTo(&executor);
    void* workspace = nullptr;
    if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    const aclnnStatus ret = CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
    if (workspace != nullptr) aclrtFree(workspace);
    return ret;
}

inline int Finish(aclrtStream stream, int32_t deviceId)
{
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();
    std::printf("%d check(s) failed\n", g_failures);
    return g_failures;
}

#endif  // KG_EXAMPLE_UTIL_H
