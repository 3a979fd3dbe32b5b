// A client written against the documented prototypes of aclnnGeluBackwardV2 (ops-nn's
// docs/aclnnGeluBackwardV2.md): `char* approximate`, `aclTensor* gradInput` (not const, unlike
// aclnnGeluBackward), and `const aclrtStream stream` in the second stage. The static_asserts fail the compile
// on any other declaration; then approximate="tanh" runs end to end.
#include <type_traits>

#include "kg_example_util.h"
#include "aclnnop/aclnn_gelu_backward_v2.h"

using DocumentedStage1 = aclnnStatus(const aclTensor*, const aclTensor*, char*, aclTensor*, uint64_t*,
                                     aclOpExecutor**);
using DocumentedStage2 = aclnnStatus(void*, uint64_t, aclOpExecutor*, const aclrtStream);
static_assert(std::is_same<decltype(aclnnGeluBackwardV2GetWorkspaceSize), DocumentedStage1>::value,
              "aclnnGeluBackwardV2GetWorkspaceSize differs from the documented prototype");
static_assert(std::is_same<decltype(aclnnGeluBackwardV2), DocumentedStage2>::value,
              "aclnnGeluBackwardV2 differs from the documented prototype");

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream = nullptr;
    if (Init(deviceId, &stream) != 0) return 100;
    const std::vector<int64_t> shape = {4, 2};
    DeviceTensor self(std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7}, shape, ACL_FLOAT);
    DeviceTensor gradOutput(std::vector<float>(8, 1.0f), shape, ACL_FLOAT);
    DeviceTensor gradInput(std::vector<float>(8, 0.0f), shape, ACL_FLOAT);
    char approximate[] = "tanh";

    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ_CODE("approximate=\"sigmoid\" rejected", aclnnGeluBackwardV2GetWorkspaceSize(
        gradOutput.tensor, self.tensor, const_cast<char*>("sigmoid"), gradInput.tensor, &workspaceSize, &executor),
        ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("aclnnGeluBackwardV2GetWorkspaceSize", aclnnGeluBackwardV2GetWorkspaceSize(
        gradOutput.tensor, self.tensor, approximate, gradInput.tensor, &workspaceSize, &executor), ACL_SUCCESS);
    void* workspace = nullptr;
    if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    EXPECT_EQ_CODE("aclnnGeluBackwardV2", aclnnGeluBackwardV2(workspace, workspaceSize, executor, stream),
                   ACL_SUCCESS);
    EXPECT_EQ_CODE("aclrtSynchronizeStream", aclrtSynchronizeStream(stream), ACL_SUCCESS);
    const std::vector<float> result = gradInput.Read<float>();
    std::vector<double> expect(8);
    for (size_t i = 0; i < 8; ++i) expect[i] = GeluGradRef(1.0, static_cast<double>(i));
    AllClose("tanh form", 8, [&](size_t i) { return result[i]; }, expect, 1e-4, 1e-5);
    if (workspace != nullptr) aclrtFree(workspace);
    return Finish(stream, deviceId);
}
