// ForeachMulScalarLite example in the style of ops-nn's foreach examples, against the API CANN's build
// generates from the OpDef: the DYNAMIC input and output are `const aclTensorList *`. Two tensors of different
// sizes times 3; exits 1 on a wrong value.
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_foreach_mul_scalar_lite.h"

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    const std::vector<std::vector<float>> host = {{1, 2, 3, 4, 5}, {-1, 0.5f, 8, 9, 10, 11, 12, 13, 14, 15, 16}};
    const float three = 3.0f;
    std::vector<void*> xDev(2), yDev(2);
    std::vector<aclTensor*> xs(2), ys(2);
    const int64_t unit = 1;
    for (size_t i = 0; i < 2; ++i) {
        const int64_t n = static_cast<int64_t>(host[i].size());
        const size_t bytes = host[i].size() * sizeof(float);
        aclrtMalloc(&xDev[i], bytes, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMalloc(&yDev[i], bytes, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMemcpy(xDev[i], bytes, host[i].data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        xs[i] = aclCreateTensor(&n, 1, ACL_FLOAT, &unit, 0, ACL_FORMAT_ND, &n, 1, xDev[i]);
        ys[i] = aclCreateTensor(&n, 1, ACL_FLOAT, &unit, 0, ACL_FORMAT_ND, &n, 1, yDev[i]);
    }
    void* sDev = nullptr;
    aclrtMalloc(&sDev, sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(sDev, sizeof(float), &three, sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
    aclTensor* scalar = aclCreateTensor(&unit, 1, ACL_FLOAT, &unit, 0, ACL_FORMAT_ND, &unit, 1, sDev);
    aclTensorList* xList = aclCreateTensorList(xs.data(), 2);
    aclTensorList* yList = aclCreateTensorList(ys.data(), 2);

    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    int ret = aclnnForeachMulScalarLiteGetWorkspaceSize(xList, scalar, yList, &workspaceSize, &executor);
    if (ret != ACL_SUCCESS) {
        std::printf("aclnnForeachMulScalarLiteGetWorkspaceSize failed. ERROR: %d\n", ret);
        return ret;
    }
    void* workspace = nullptr;
    if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    ret = aclnnForeachMulScalarLite(workspace, workspaceSize, executor, stream);
    if (ret == ACL_SUCCESS) ret = aclrtSynchronizeStream(stream);
    if (ret != ACL_SUCCESS) {
        std::printf("aclnnForeachMulScalarLite failed. ERROR: %d\n", ret);
        return ret;
    }
    int wrong = 0;
    for (size_t i = 0; i < 2; ++i) {
        std::vector<float> y(host[i].size());
        aclrtMemcpy(y.data(), y.size() * sizeof(float), yDev[i], y.size() * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
        for (size_t j = 0; j < y.size(); ++j) {
            std::printf("aclnnForeachMulScalarLite result[%zu][%zu] is: %f\n", i, j, y[j]);
            wrong += y[j] != 3.0f * host[i][j] ? 1 : 0;
        }
    }
    aclDestroyTensorList(xList);   // destroys the tensors it holds, as in CANN
    aclDestroyTensorList(yList);
    aclDestroyTensor(scalar);
    for (size_t i = 0; i < 2; ++i) {
        aclrtFree(xDev[i]);
        aclrtFree(yDev[i]);
    }
    aclrtFree(sDev);
    if (workspace != nullptr) aclrtFree(workspace);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return wrong == 0 ? 0 : 1;
}
