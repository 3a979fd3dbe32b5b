// PolyLite example in the style of ops-nn's examples: the generated aclnnPolyLite with a list attribute
// (coeffs = {1, -2, 0.5}: y = 1 - 2x + 0.5x^2) on x = 0..7; prints each result and exits 1 on a wrong one.
#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_poly_lite.h"

#define CHECK_RET(cond, expr) \
    do {                      \
        if (!(cond)) {        \
            expr;             \
        }                     \
    } while (0)

int main()
{
    const std::vector<int64_t> shape = {2, 4};
    const std::vector<int64_t> strides = {4, 1};
    std::vector<float> x = {0, 1, 2, 3, 4, 5, 6, 7};
    const size_t bytes = x.size() * sizeof(float);
    CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, return 1);
    CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, return 1);
    aclrtStream stream = nullptr;
    CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, return 1);
    void* xDev = nullptr;
    void* yDev = nullptr;
    aclrtMalloc(&xDev, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&yDev, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(xDev, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    aclTensor* xT = aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(), 2, xDev);
    aclTensor* yT = aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(), 2, yDev);
    const float c[] = {1.0f, -2.0f, 0.5f};
    aclFloatArray* coeffs = aclCreateFloatArray(c, 3);

    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    int ret = aclnnPolyLiteGetWorkspaceSize(xT, coeffs, yT, &workspaceSize, &executor);
    CHECK_RET(ret == ACL_SUCCESS, std::printf("aclnnPolyLiteGetWorkspaceSize failed. ERROR: %d\n", ret); return ret);
    void* workspace = nullptr;
    if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    ret = aclnnPolyLite(workspace, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, std::printf("aclnnPolyLite failed. ERROR: %d\n", ret); return ret);
    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, std::printf("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);
    std::vector<float> y(x.size());
    aclrtMemcpy(y.data(), bytes, yDev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    int wrong = 0;
    for (size_t i = 0; i < y.size(); ++i) {
        const double expect = 1.0 - 2.0 * x[i] + 0.5 * x[i] * x[i];
        std::printf("aclnnPolyLite result[%zu] is: %f\n", i, y[i]);
        wrong += std::fabs(y[i] - expect) > 1e-5 * (1.0 + std::fabs(expect)) ? 1 : 0;
    }
    aclDestroyTensor(xT);
    aclDestroyTensor(yT);
    aclDestroyFloatArray(coeffs);
    aclrtFree(xDev);
    aclrtFree(yDev);
    if (workspace != nullptr) aclrtFree(workspace);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return wrong == 0 ? 0 : 1;
}
