// The seed article's call: an int32 gradOutput (all ones) with a float32 self (0..7), both {4,2}, and a
// float32 gradInput. int32 and float32 promote to float32. Prints the results like the generated example and
// exits non-zero when they are not the tanh-form derivative.
#include "kg_example_util.h"

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream = nullptr;
    if (Init(deviceId, &stream) != 0) return 100;
    const std::vector<int64_t> shape = {4, 2};
    DeviceTensor self(std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7}, shape, ACL_FLOAT);
    DeviceTensor gradOutput(std::vector<int32_t>(8, 1), shape, ACL_INT32);
    DeviceTensor gradInput(std::vector<float>(8, 0.0f), shape, ACL_FLOAT);

    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    int ret = aclnnGeluBackwardGetWorkspaceSize(gradOutput.tensor, self.tensor, gradInput.tensor, &workspaceSize,
                                                &executor);
    EXPECT_EQ_CODE("aclnnGeluBackwardGetWorkspaceSize", ret, ACL_SUCCESS);
    void* workspace = nullptr;
    if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    EXPECT_EQ_CODE("aclnnGeluBackward", aclnnGeluBackward(workspace, workspaceSize, executor, stream), ACL_SUCCESS);
    EXPECT_EQ_CODE("aclrtSynchronizeStream", aclrtSynchronizeStream(stream), ACL_SUCCESS);
    const std::vector<float> result = gradInput.Read<float>();
    std::vector<double> expect(8);
    for (size_t i = 0; i < 8; ++i) {
        std::printf("aclnnGeluBackward result[%zu] is: %f\n", i, result[i]);
        expect[i] = GeluGradRef(1.0, static_cast<double>(i));
    }
    AllClose("int32 gradOutput with float32 self", 8, [&](size_t i) { return result[i]; }, expect, 1e-4, 1e-5);
    if (workspace != nullptr) aclrtFree(workspace);
    return Finish(stream, deviceId);
}
