// MeanGradLite example in the style of ops-nn's examples: the generated aclnnMeanGradLite takes the ValueDepend
// input orig_shape as an aclIntArray ({2, 3}: dx = dy / 6) on dy = 0..15; prints each result and exits 1 on a
// wrong one.
#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnn_mean_grad_lite.h"

#define CHECK_RET(cond, expr) \
    do {                      \
        if (!(cond)) {        \
            expr;             \
        }                     \
    } while (0)

int main()
{
    const std::vector<int64_t> shape = {4, 4};
    const std::vector<int64_t> strides = {4, 1};
    std::vector<float> dy(16);
    for (size_t i = 0; i < dy.size(); ++i) dy[i] = static_cast<float>(i);
    const size_t bytes = dy.size() * sizeof(float);
    CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, return 1);
    CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, return 1);
    aclrtStream stream = nullptr;
    CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, return 1);
    void* dyDev = nullptr;
    void* dxDev = nullptr;
    aclrtMalloc(&dyDev, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&dxDev, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(dyDev, bytes, dy.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    aclTensor* dyT = aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(), 2, dyDev);
    aclTensor* dxT = aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(), 2, dxDev);
    const int64_t window[] = {2, 3};
    aclIntArray* origShape = aclCreateIntArray(window, 2);

    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    int ret = aclnnMeanGradLiteGetWorkspaceSize(origShape, dyT, dxT, &workspaceSize, &executor);
    CHECK_RET(ret == ACL_SUCCESS, std::printf("aclnnMeanGradLiteGetWorkspaceSize failed. ERROR: %d\n", ret); return ret);
    void* workspace = nullptr;
    if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    ret = aclnnMeanGradLite(workspace, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, std::printf("aclnnMeanGradLite failed. ERROR: %d\n", ret); return ret);
    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, std::printf("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);
    std::vector<float> dx(dy.size());
    aclrtMemcpy(dx.data(), bytes, dxDev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    int wrong = 0;
    for (size_t i = 0; i < dx.size(); ++i) {
        std::printf("aclnnMeanGradLite result[%zu] is: %f\n", i, dx[i]);
        wrong += std::fabs(dx[i] - dy[i] / 6.0) > 1e-6 * (1.0 + std::fabs(dy[i])) ? 1 : 0;
    }
    aclDestroyTensor(dyT);
    aclDestroyTensor(dxT);
    aclDestroyIntArray(origShape);
    aclrtFree(dyDev);
    aclrtFree(dxDev);
    if (workspace != nullptr) aclrtFree(workspace);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return wrong == 0 ? 0 : 1;
}
