// SqErrLite example in the style of ops-nn's examples: aclnnSqErrLite from the directory's own op_api/ sources.
// self [2,3] = 0..5, target [3] = {1, 1, 2} (broadcast); reduction 0 gives (self - target)^2 elementwise,
// reduction 1 their sum (23) in a 0-d out. Prints each result and exits 1 on a wrong one.
#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnn_sq_err_lite.h"

#define CHECK_RET(cond, expr) \
    do {                      \
        if (!(cond)) {        \
            expr;             \
        }                     \
    } while (0)

static aclTensor* Make(const std::vector<int64_t>& shape, void* dev)
{
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
    return aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                           shape.size(), dev);
}

static int Run(const aclTensor* self, const aclTensor* target, int64_t reduction, aclTensor* out, aclrtStream stream)
{
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    int ret = aclnnSqErrLiteGetWorkspaceSize(self, target, reduction, out, &workspaceSize, &executor);
    CHECK_RET(ret == ACL_SUCCESS, std::printf("aclnnSqErrLiteGetWorkspaceSize failed. ERROR: %d\n", ret); return ret);
    void* workspace = nullptr;
    if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    ret = aclnnSqErrLite(workspace, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, std::printf("aclnnSqErrLite failed. ERROR: %d\n", ret); return ret);
    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, std::printf("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);
    if (workspace != nullptr) aclrtFree(workspace);
    return 0;
}

int main()
{
    std::vector<float> x = {0, 1, 2, 3, 4, 5};
    std::vector<float> t = {1, 1, 2};
    CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, return 1);
    CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, return 1);
    aclrtStream stream = nullptr;
    CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, return 1);
    void *xDev = nullptr, *tDev = nullptr, *yDev = nullptr, *sDev = nullptr;
    aclrtMalloc(&xDev, 24, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&tDev, 12, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&yDev, 24, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&sDev, 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(xDev, 24, x.data(), 24, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(tDev, 12, t.data(), 12, ACL_MEMCPY_HOST_TO_DEVICE);
    aclTensor* self = Make({2, 3}, xDev);
    aclTensor* target = Make({3}, tDev);
    aclTensor* out = Make({2, 3}, yDev);
    aclTensor* sum = Make({}, sDev);
    int ret = Run(self, target, 0, out, stream);
    CHECK_RET(ret == 0, return ret);
    ret = Run(self, target, 1, sum, stream);
    CHECK_RET(ret == 0, return ret);
    std::vector<float> y(6);
    float s = 0;
    aclrtMemcpy(y.data(), 24, yDev, 24, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(&s, 4, sDev, 4, ACL_MEMCPY_DEVICE_TO_HOST);
    int wrong = 0;
    double total = 0;
    for (size_t i = 0; i < y.size(); ++i) {
        const double d = x[i] - t[i % 3];
        total += d * d;
        std::printf("aclnnSqErrLite none result[%zu] is: %f\n", i, y[i]);
        wrong += std::fabs(y[i] - d * d) > 1e-6 ? 1 : 0;
    }
    std::printf("aclnnSqErrLite sum result is: %f\n", s);
    wrong += std::fabs(s - total) > 1e-4 ? 1 : 0;
    aclDestroyTensor(self);
    aclDestroyTensor(target);
    aclDestroyTensor(out);
    aclDestroyTensor(sum);
    aclrtFree(xDev);
    aclrtFree(tDev);
    aclrtFree(yDev);
    aclrtFree(sDev);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return wrong == 0 ? 0 : 1;
}
