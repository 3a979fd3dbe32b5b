// A client written against the documented prototypes of aclnnGeluBackward (ops-nn's docs/aclnnGeluBackward.md
// and aclnn_gelu_backward.h): every tensor, gradInput included, is `const aclTensor*`, and the second stage
// takes `const aclrtStream stream`. The static_asserts fail the compile if the generated header declares
// anything else; the call then runs with const handles end to end.
#include <type_traits>

#include "kg_example_util.h"

using DocumentedStage1 = aclnnStatus(const aclTensor*, const aclTensor*, const aclTensor*, uint64_t*,
                                     aclOpExecutor**);
using DocumentedStage2 = aclnnStatus(void*, uint64_t, aclOpExecutor*, const aclrtStream);
static_assert(std::is_same<decltype(aclnnGeluBackwardGetWorkspaceSize), DocumentedStage1>::value,
              "aclnnGeluBackwardGetWorkspaceSize differs from the documented prototype");
static_assert(std::is_same<decltype(aclnnGeluBackward), DocumentedStage2>::value,
              "aclnnGeluBackward differs from the documented prototype");

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream = nullptr;
    if (Init(deviceId, &stream) != 0) return 100;
    const std::vector<int64_t> shape = {4, 2};
    DeviceTensor selfT(std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7}, shape, ACL_FLOAT);
    DeviceTensor gradOutputT(std::vector<float>(8, 1.0f), shape, ACL_FLOAT);
    DeviceTensor gradInputT(std::vector<float>(8, 0.0f), shape, ACL_FLOAT);
    const aclTensor* self = selfT.tensor;
    const aclTensor* gradOutput = gradOutputT.tensor;
    const aclTensor* gradInput = gradInputT.tensor;   // an output held as const, as the prototype declares it

    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ_CODE("null gradInput", aclnnGeluBackwardGetWorkspaceSize(gradOutput, self, nullptr, &workspaceSize,
                                                                        &executor), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ_CODE("aclnnGeluBackwardGetWorkspaceSize",
                   aclnnGeluBackwardGetWorkspaceSize(gradOutput, self, gradInput, &workspaceSize, &executor),
                   ACL_SUCCESS);
    void* workspace = nullptr;
    if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    const aclrtStream constStream = stream;
    EXPECT_EQ_CODE("aclnnGeluBackward", aclnnGeluBackward(workspace, workspaceSize, executor, constStream),
                   ACL_SUCCESS);
    EXPECT_EQ_CODE("aclrtSynchronizeStream", aclrtSynchronizeStream(stream), ACL_SUCCESS);
    const std::vector<float> result = gradInputT.Read<float>();
    std::vector<double> expect(8);
    for (size_t i = 0; i < 8; ++i) expect[i] = GeluGradRef(1.0, static_cast<double>(i));
    AllClose("const gradInput written", 8, [&](size_t i) { return result[i]; }, expect, 1e-4, 1e-5);
    if (workspace != nullptr) aclrtFree(workspace);
    return Finish(stream, deviceId);
}
