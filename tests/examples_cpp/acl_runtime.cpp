// The emulated ACL runtime on its own: initialisation, devices, streams, device memory with tracked bounds,
// aclrtMemcpy in all four directions, and aclCreateTensor's argument checks and queries.
#include "kg_example_util.h"

namespace {
void Lifecycle()
{
    void* p = nullptr;
    EXPECT_EQ_CODE("aclrtMalloc before aclrtSetDevice", aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST),
                   ACL_ERROR_RT_CONTEXT_NULL);
    aclrtStream s = nullptr;
    EXPECT_EQ_CODE("aclrtCreateStream before aclrtSetDevice", aclrtCreateStream(&s), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ_CODE("aclFinalize before aclInit", aclFinalize(), ACL_ERROR_UNINITIALIZE);
    EXPECT_EQ_CODE("aclInit", aclInit(nullptr), ACL_SUCCESS);
    EXPECT_EQ_CODE("aclInit twice", aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
    EXPECT_EQ_CODE("aclrtSetDevice(1)", aclrtSetDevice(1), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ_CODE("aclrtSetDevice(0)", aclrtSetDevice(0), ACL_SUCCESS);
    int32_t device = -1;
    EXPECT_EQ_CODE("aclrtGetDevice", aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_EQ_CODE("the current device", device, 0);
}

void Memory()
{
    void* dev = nullptr;
    EXPECT_EQ_CODE("aclrtMalloc of 0 bytes", aclrtMalloc(&dev, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("aclrtMalloc into a null pointer", aclrtMalloc(nullptr, 16, ACL_MEM_MALLOC_HUGE_FIRST),
                   ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("aclrtMalloc(100)", aclrtMalloc(&dev, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_TRUE("device memory is 64-byte aligned", reinterpret_cast<uintptr_t>(dev) % 64 == 0);
    void* dev2 = nullptr;
    aclrtMalloc(&dev2, 100, ACL_MEM_MALLOC_HUGE_FIRST);
    std::vector<uint8_t> host(100, 7);
    std::vector<uint8_t> back(200, 0);
    uint8_t* d = static_cast<uint8_t*>(dev);

    EXPECT_EQ_CODE("host to device", aclrtMemcpy(dev, 100, host.data(), 100, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    EXPECT_EQ_CODE("device to device", aclrtMemcpy(dev2, 100, dev, 100, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
    EXPECT_EQ_CODE("device to host", aclrtMemcpy(back.data(), 200, dev2, 100, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_TRUE("the bytes made the round trip", back[0] == 7 && back[99] == 7 && back[100] == 0);
    EXPECT_EQ_CODE("host to host", aclrtMemcpy(back.data(), 200, host.data(), 100, ACL_MEMCPY_HOST_TO_HOST),
                   ACL_SUCCESS);
    EXPECT_EQ_CODE("count above destMax", aclrtMemcpy(dev, 50, host.data(), 100, ACL_MEMCPY_HOST_TO_DEVICE),
                   ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("host to device past the buffer's end",
                   aclrtMemcpy(d + 60, 100, host.data(), 41, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("host to device up to the buffer's end",
                   aclrtMemcpy(d + 60, 100, host.data(), 40, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    EXPECT_EQ_CODE("device to host past the buffer's end",
                   aclrtMemcpy(back.data(), 200, dev, 101, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("host to device into host memory",
                   aclrtMemcpy(back.data(), 200, host.data(), 10, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("host to device from device memory",
                   aclrtMemcpy(dev2, 100, dev, 10, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("device to host from host memory",
                   aclrtMemcpy(back.data(), 200, host.data(), 10, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("device to device from host memory",
                   aclrtMemcpy(dev2, 100, host.data(), 10, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("host to host into device memory",
                   aclrtMemcpy(dev, 100, host.data(), 10, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("unknown copy kind",
                   aclrtMemcpy(dev, 100, host.data(), 10, static_cast<aclrtMemcpyKind>(9)), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("aclrtMemset past the end", aclrtMemset(d + 90, 20, 0, 20), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("aclrtMemset", aclrtMemset(dev, 100, 0, 100), ACL_SUCCESS);

    EXPECT_EQ_CODE("aclrtFree of an interior pointer", aclrtFree(d + 4), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("aclrtFree of host memory", aclrtFree(host.data()), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("aclrtFree", aclrtFree(dev), ACL_SUCCESS);
    EXPECT_EQ_CODE("aclrtFree twice", aclrtFree(dev), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ_CODE("device to host from freed memory",
                   aclrtMemcpy(back.data(), 200, dev, 10, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM);
    aclrtFree(dev2);
}

void Streams()
{
    aclrtStream s = nullptr;
    EXPECT_EQ_CODE("aclrtCreateStream", aclrtCreateStream(&s), ACL_SUCCESS);
    EXPECT_EQ_CODE("aclrtSynchronizeStream", aclrtSynchronizeStream(s), ACL_SUCCESS);
    EXPECT_EQ_CODE("the default stream", aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ_CODE("aclrtDestroyStream", aclrtDestroyStream(s), ACL_SUCCESS);
    EXPECT_EQ_CODE("aclrtDestroyStream twice", aclrtDestroyStream(s), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ_CODE("aclrtSynchronizeStream on a destroyed stream", aclrtSynchronizeStream(s), ACL_ERROR_RT_PARAM_INVALID);
}

void Tensors()
{
    const std::vector<int64_t> shape = {2, 3};
    const std::vector<int64_t> strides = {3, 1};
    const std::vector<int64_t> negative = {2, -3};
    EXPECT_TRUE("null view dims with a count", aclCreateTensor(nullptr, 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND,
                                                               shape.data(), 2, nullptr) == nullptr);
    EXPECT_TRUE("a negative dim", aclCreateTensor(negative.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND,
                                                  shape.data(), 2, nullptr) == nullptr);
    EXPECT_TRUE("a negative offset", aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), -1, ACL_FORMAT_ND,
                                                     shape.data(), 2, nullptr) == nullptr);
    EXPECT_TRUE("a view past its storage", aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), 1,
                                                           ACL_FORMAT_ND, shape.data(), 2, nullptr) == nullptr);
    const std::vector<int64_t> tStrides = {1, 2};
    aclTensor* t = aclCreateTensor(shape.data(), 2, ACL_FLOAT16, tStrides.data(), 0, ACL_FORMAT_ND, shape.data(), 2,
                                   nullptr);
    EXPECT_TRUE("a transposed view", t != nullptr);
    int64_t* dims = nullptr;
    uint64_t n = 0;
    EXPECT_EQ_CODE("aclGetViewShape", aclGetViewShape(t, &dims, &n), ACLNN_SUCCESS);
    EXPECT_TRUE("its view shape", n == 2 && dims[0] == 2 && dims[1] == 3);
    delete[] dims;
    EXPECT_EQ_CODE("aclGetViewStrides", aclGetViewStrides(t, &dims, &n), ACLNN_SUCCESS);
    EXPECT_TRUE("its strides", n == 2 && dims[0] == 1 && dims[1] == 2);
    delete[] dims;
    aclDataType dtype = ACL_DT_UNDEFINED;
    EXPECT_EQ_CODE("aclGetDataType", aclGetDataType(t, &dtype), ACLNN_SUCCESS);
    EXPECT_EQ_CODE("its dtype", dtype, ACL_FLOAT16);
    EXPECT_EQ_CODE("aclDestroyTensor", aclDestroyTensor(t), ACLNN_SUCCESS);
    EXPECT_EQ_CODE("aclDestroyTensor twice", aclDestroyTensor(t), ACLNN_ERR_PARAM_INVALID);
    const int64_t values[] = {4, 5};
    aclIntArray* ints = aclCreateIntArray(values, 2);
    uint64_t size = 0;
    EXPECT_EQ_CODE("aclGetIntArraySize", aclGetIntArraySize(ints, &size), ACLNN_SUCCESS);
    EXPECT_EQ_CODE("its size", size, 2);
    EXPECT_EQ_CODE("aclDestroyIntArray", aclDestroyIntArray(ints), ACLNN_SUCCESS);
    EXPECT_EQ_CODE("aclDataTypeSize(ACL_BF16)", aclDataTypeSize(ACL_BF16), 2);
}
}  // namespace

int main()
{
    Lifecycle();
    Memory();
    Streams();
    Tensors();
    EXPECT_EQ_CODE("aclrtResetDevice(0)", aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ_CODE("aclFinalize", aclFinalize(), ACL_SUCCESS);
    EXPECT_EQ_CODE("aclFinalize twice", aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
    std::printf("%d check(s) failed\n", g_failures);
    return g_failures;
}
