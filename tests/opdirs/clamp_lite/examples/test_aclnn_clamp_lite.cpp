// ClampLite example in the style of ops-nn's examples, against the API CANN's build generates from the OpDef:
// the OPTIONAL input is `boundsOptional` (nullptr: the attributes min / max clamp), the float attributes are
// `double`, the int one `int64_t`. Runs without and with bounds; exits 1 on a wrong value.
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnn_clamp_lite.h"

static int Clamp(const aclTensor* x, const aclTensor* bounds, double lo, double hi, const aclTensor* y,
                 aclrtStream stream)
{
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    int ret = aclnnClampLiteGetWorkspaceSize(x, bounds, lo, hi, 0, y, &workspaceSize, &executor);
    if (ret != ACL_SUCCESS) {
        std::printf("aclnnClampLiteGetWorkspaceSize failed. ERROR: %d\n", ret);
        return ret;
    }
    void* workspace = nullptr;
    if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    ret = aclnnClampLite(workspace, workspaceSize, executor, stream);
    if (ret == ACL_SUCCESS) ret = aclrtSynchronizeStream(stream);
    if (workspace != nullptr) aclrtFree(workspace);
    return ret;
}

int main()
{
    const std::vector<int64_t> shape = {8};
    const std::vector<int64_t> two = {2};
    const std::vector<int64_t> unit = {1};
    std::vector<float> x = {-3, -1, -0.5f, 0, 0.25f, 0.75f, 2, 4};
    std::vector<float> b = {-2, 0.5f};
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *xDev = nullptr, *bDev = nullptr, *yDev = nullptr;
    aclrtMalloc(&xDev, 32, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&bDev, 8, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&yDev, 32, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(xDev, 32, x.data(), 32, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(bDev, 8, b.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE);
    aclTensor* xT = aclCreateTensor(shape.data(), 1, ACL_FLOAT, unit.data(), 0, ACL_FORMAT_ND, shape.data(), 1, xDev);
    aclTensor* bT = aclCreateTensor(two.data(), 1, ACL_FLOAT, unit.data(), 0, ACL_FORMAT_ND, two.data(), 1, bDev);
    aclTensor* yT = aclCreateTensor(shape.data(), 1, ACL_FLOAT, unit.data(), 0, ACL_FORMAT_ND, shape.data(), 1, yDev);

    int wrong = 0;
    const float noBounds[] = {-0.25f, -0.25f, -0.25f, 0, 0.25f, 0.75f, 2, 2};
    const float withBounds[] = {-2, -1, -0.5f, 0, 0.25f, 0.5f, 0.5f, 0.5f};
    for (int pass = 0; pass < 2; ++pass) {
        int ret = Clamp(xT, pass == 0 ? nullptr : bT, -0.25, 2.0, yT, stream);
        if (ret != ACL_SUCCESS) return ret;
        std::vector<float> y(8);
        aclrtMemcpy(y.data(), 32, yDev, 32, ACL_MEMCPY_DEVICE_TO_HOST);
        for (size_t i = 0; i < 8; ++i) {
            std::printf("aclnnClampLite %s result[%zu] is: %f\n", pass == 0 ? "attrs" : "bounds", i, y[i]);
            wrong += y[i] != (pass == 0 ? noBounds : withBounds)[i] ? 1 : 0;
        }
    }
    aclDestroyTensor(xT);
    aclDestroyTensor(bT);
    aclDestroyTensor(yT);
    aclrtFree(xDev);
    aclrtFree(bDev);
    aclrtFree(yDev);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return wrong == 0 ? 0 : 1;
}
