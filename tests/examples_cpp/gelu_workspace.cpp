// Stage 1 runs the tiling and reserves the kernel's workspace (GetLibApiWorkSpaceSize: 16 MiB on ascend910b) in
// the executor's workspace; stage 2 then rejects a workspace one byte short and succeeds with the exact size.
#include "kg_example_util.h"

int main()
{
    aclrtStream stream = nullptr;
    if (Init(0, &stream) != 0) return 100;
    const std::vector<int64_t> shape = {4, 2};
    const std::vector<int64_t> strides = RowMajorStrides(shape);
    std::vector<float> host(8, 1.0f);
    void* dev[3] = {nullptr, nullptr, nullptr};
    aclTensor* t[3] = {nullptr, nullptr, nullptr};
    for (int i = 0; i < 3; ++i) {
        aclrtMalloc(&dev[i], host.size() * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMemcpy(dev[i], host.size() * sizeof(float), host.data(), host.size() * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
        t[i] = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                               shape.size(), dev[i]);
    }
    const uint64_t libApiWorkspace = 16ULL * 1024 * 1024;
    uint64_t ws = 0;
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ_CODE("GetWorkspaceSize", aclnnGeluBackwardGetWorkspaceSize(t[0], t[1], t[2], &ws, &executor), ACL_SUCCESS);
    EXPECT_TRUE("workspace covers the kernel's 16 MiB library workspace", ws >= libApiWorkspace);
    std::printf("workspace bytes: %llu\n", static_cast<unsigned long long>(ws));
    void* wsAddr = nullptr;
    aclrtMalloc(&wsAddr, ws, ACL_MEM_MALLOC_HUGE_FIRST);
    EXPECT_EQ_CODE("second stage with a workspace one byte short", aclnnGeluBackward(wsAddr, ws - 1, executor, stream),
                   ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("GetWorkspaceSize again", aclnnGeluBackwardGetWorkspaceSize(t[0], t[1], t[2], &ws, &executor),
                   ACL_SUCCESS);
    EXPECT_EQ_CODE("second stage with the exact workspace", aclnnGeluBackward(wsAddr, ws, executor, stream), ACL_SUCCESS);
    EXPECT_EQ_CODE("synchronize", aclrtSynchronizeStream(stream), ACL_SUCCESS);
    std::vector<float> out(8, 0.0f);
    aclrtMemcpy(out.data(), out.size() * sizeof(float), dev[2], out.size() * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
    EXPECT_TRUE("result is GELU'(1)", std::fabs(out[0] - GeluGradRef(1.0, 1.0)) < 1e-5);
    for (auto* tensor : t) aclDestroyTensor(tensor);
    for (auto* d : dev) aclrtFree(d);
    aclrtFree(wsAddr);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    std::printf("%d check(s) failed\n", g_failures);
    return g_failures;
}
