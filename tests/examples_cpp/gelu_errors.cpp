// Every parameter error of aclnnGeluBackward's two stages, with its exact status code.
#include "kg_example_util.h"

namespace {
const std::vector<float> kEight = {0, 1, 2, 3, 4, 5, 6, 7};

int Stage1(const aclTensor* gradOutput, const aclTensor* self, aclTensor* gradInput)
{
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    const int ret = aclnnGeluBackwardGetWorkspaceSize(gradOutput, self, gradInput, &workspaceSize, &executor);
    if (ret == ACL_SUCCESS) aclDestroyAclOpExecutor(executor);
    return ret;
}

void NullChecks()
{
    DeviceTensor a(kEight, {4, 2}, ACL_FLOAT);
    DeviceTensor b(kEight, {4, 2}, ACL_FLOAT);
    DeviceTensor out(kEight, {4, 2}, ACL_FLOAT);
    EXPECT_EQ_CODE("null gradOutput", Stage1(nullptr, b.tensor, out.tensor), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ_CODE("null self", Stage1(a.tensor, nullptr, out.tensor), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ_CODE("null gradInput", Stage1(a.tensor, b.tensor, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    aclOpExecutor* executor = nullptr;
    uint64_t workspaceSize = 0;
    EXPECT_EQ_CODE("null workspaceSize pointer",
                   aclnnGeluBackwardGetWorkspaceSize(a.tensor, b.tensor, out.tensor, nullptr, &executor),
                   ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ_CODE("null executor pointer",
                   aclnnGeluBackwardGetWorkspaceSize(a.tensor, b.tensor, out.tensor, &workspaceSize, nullptr),
                   ACLNN_ERR_PARAM_NULLPTR);
    // Null comes first: a null tensor next to an unsupported dtype still gives the null-pointer code.
    DeviceTensor i8(std::vector<int8_t>(8, 1), {4, 2}, ACL_INT8);
    EXPECT_EQ_CODE("null self with an int8 gradOutput", Stage1(i8.tensor, nullptr, out.tensor), ACLNN_ERR_PARAM_NULLPTR);
}

void DtypeChecks()
{
    DeviceTensor f32(kEight, {4, 2}, ACL_FLOAT);
    DeviceTensor out(kEight, {4, 2}, ACL_FLOAT);
    DeviceTensor i8a(std::vector<int8_t>(8, 1), {4, 2}, ACL_INT8);
    DeviceTensor i8b(std::vector<int8_t>(8, 1), {4, 2}, ACL_INT8);
    DeviceTensor i32a(std::vector<int32_t>(8, 1), {4, 2}, ACL_INT32);
    DeviceTensor i32b(std::vector<int32_t>(8, 1), {4, 2}, ACL_INT32);
    DeviceTensor f64(std::vector<double>(8, 1.0), {4, 2}, ACL_DOUBLE);
    DeviceTensor outI8(std::vector<int8_t>(8, 0), {4, 2}, ACL_INT8);
    DeviceTensor outF64(std::vector<double>(8, 0.0), {4, 2}, ACL_DOUBLE);
    EXPECT_EQ_CODE("int8 gradOutput and int8 self", Stage1(i8a.tensor, i8b.tensor, out.tensor), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("int32 gradOutput and int32 self", Stage1(i32a.tensor, i32b.tensor, out.tensor),
                   ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("double self promotes to double", Stage1(f32.tensor, f64.tensor, out.tensor), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("int8 gradInput", Stage1(f32.tensor, f32.tensor, outI8.tensor), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("double gradInput", Stage1(f32.tensor, f32.tensor, outF64.tensor), ACLNN_ERR_PARAM_INVALID);
    // int8 with float32 promotes to float32, which is supported.
    EXPECT_EQ_CODE("int8 gradOutput and float self", Stage1(i8a.tensor, f32.tensor, out.tensor), ACLNN_SUCCESS);
}

void ShapeChecks()
{
    const std::vector<int64_t> nine = {1, 1, 1, 1, 1, 1, 1, 2, 4};
    const std::vector<int64_t> eight = {1, 1, 1, 1, 1, 1, 2, 4};
    DeviceTensor f9(kEight, nine, ACL_FLOAT);
    DeviceTensor f9b(kEight, nine, ACL_FLOAT);
    DeviceTensor out9(kEight, nine, ACL_FLOAT);
    DeviceTensor f8(kEight, eight, ACL_FLOAT);
    DeviceTensor out8(kEight, eight, ACL_FLOAT);
    EXPECT_EQ_CODE("9-dim self", Stage1(f8.tensor, f9.tensor, out9.tensor), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("9-dim gradOutput", Stage1(f9.tensor, f8.tensor, out9.tensor), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("9-dim everything", Stage1(f9.tensor, f9b.tensor, out9.tensor), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("9-dim gradInput only", Stage1(f8.tensor, f8.tensor, out9.tensor), ACLNN_ERR_PARAM_INVALID);

    const std::vector<float> six(6, 1.0f);
    const std::vector<float> twelve(12, 1.0f);
    DeviceTensor s23(six, {2, 3}, ACL_FLOAT);
    DeviceTensor s43(twelve, {4, 3}, ACL_FLOAT);
    DeviceTensor s34(twelve, {3, 4}, ACL_FLOAT);
    DeviceTensor out23(six, {2, 3}, ACL_FLOAT);
    DeviceTensor out43(twelve, {4, 3}, ACL_FLOAT);
    EXPECT_EQ_CODE("{2,3} and {4,3} do not broadcast", Stage1(s23.tensor, s43.tensor, out43.tensor),
                   ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("{4,3} and {3,4} do not broadcast", Stage1(s43.tensor, s34.tensor, out43.tensor),
                   ACLNN_ERR_PARAM_INVALID);

    const std::vector<float> ten(10, 1.0f);
    const std::vector<float> five(5, 1.0f);
    DeviceTensor s15(five, {1, 5}, ACL_FLOAT);
    DeviceTensor s25(ten, {2, 5}, ACL_FLOAT);
    DeviceTensor out15(five, {1, 5}, ACL_FLOAT);
    DeviceTensor out52(ten, {5, 2}, ACL_FLOAT);
    DeviceTensor out10(ten, {10}, ACL_FLOAT);
    DeviceTensor out125(ten, {1, 2, 5}, ACL_FLOAT);
    EXPECT_EQ_CODE("gradInput {1,5} is not the broadcast shape {2,5}", Stage1(s15.tensor, s25.tensor, out15.tensor),
                   ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("gradInput {5,2} for {2,5}", Stage1(s25.tensor, s25.tensor, out52.tensor), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("gradInput {10} for {2,5}", Stage1(s25.tensor, s25.tensor, out10.tensor), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("gradInput {1,2,5} for {2,5}", Stage1(s25.tensor, s15.tensor, out125.tensor),
                   ACLNN_ERR_PARAM_INVALID);
}

void SecondStageChecks(aclrtStream stream)
{
    DeviceTensor a(kEight, {4, 2}, ACL_FLOAT);
    DeviceTensor b(kEight, {4, 2}, ACL_FLOAT);
    DeviceTensor out(kEight, {4, 2}, ACL_FLOAT);
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ_CODE("null executor", aclnnGeluBackward(nullptr, 0, nullptr, stream), ACLNN_ERR_PARAM_NULLPTR);

    EXPECT_EQ_CODE("stage 1", aclnnGeluBackwardGetWorkspaceSize(a.tensor, b.tensor, out.tensor, &workspaceSize, &executor),
                   ACLNN_SUCCESS);
    EXPECT_TRUE("the first stage needs a workspace for the kernel's output", workspaceSize > 0);
    void* workspace = nullptr;
    aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    EXPECT_EQ_CODE("workspace one byte too small", aclnnGeluBackward(workspace, workspaceSize - 1, executor, stream),
                   ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ_CODE("null workspace", aclnnGeluBackward(nullptr, workspaceSize, executor, stream),
                   ACLNN_ERR_PARAM_NULLPTR);
    std::vector<uint8_t> hostBuffer(workspaceSize);
    EXPECT_EQ_CODE("host memory as workspace", aclnnGeluBackward(hostBuffer.data(), workspaceSize, executor, stream),
                   ACLNN_ERR_RUNTIME_ERROR);
    EXPECT_EQ_CODE("the executor survives rejected runs", aclnnGeluBackward(workspace, workspaceSize, executor, stream),
                   ACLNN_SUCCESS);
    EXPECT_EQ_CODE("the same executor twice", aclnnGeluBackward(workspace, workspaceSize, executor, stream),
                   ACLNN_ERR_PARAM_INVALID);
    int bogus = 0;
    EXPECT_EQ_CODE("an executor that no first stage made",
                   aclnnGeluBackward(workspace, workspaceSize, reinterpret_cast<aclOpExecutor*>(&bogus), stream),
                   ACLNN_ERR_PARAM_INVALID);

    // A tensor over host memory passes stage 1 (nothing is read there) and fails stage 2 before anything runs.
    std::vector<float> hostData(kEight);
    const std::vector<int64_t> shape = {4, 2};
    const std::vector<int64_t> strides = {2, 1};
    aclTensor* hostSelf = aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(), 2,
                                          hostData.data());
    EXPECT_EQ_CODE("stage 1 with a host-memory self",
                   aclnnGeluBackwardGetWorkspaceSize(a.tensor, hostSelf, out.tensor, &workspaceSize, &executor),
                   ACLNN_SUCCESS);
    EXPECT_EQ_CODE("stage 2 with a host-memory self", aclnnGeluBackward(workspace, workspaceSize, executor, stream),
                   ACLNN_ERR_RUNTIME_ERROR);
    aclDestroyAclOpExecutor(executor);
    // A view that runs past its device buffer (storage declared larger than the allocation).
    const std::vector<int64_t> bigStorage = {4, 4};
    aclTensor* overrun = aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), 8, ACL_FORMAT_ND,
                                         bigStorage.data(), 2, b.addr);
    EXPECT_EQ_CODE("stage 1 with a view past its buffer",
                   aclnnGeluBackwardGetWorkspaceSize(a.tensor, overrun, out.tensor, &workspaceSize, &executor),
                   ACLNN_SUCCESS);
    void* workspace2 = nullptr;  // this plan also gathers the strided view: a larger workspace
    aclrtMalloc(&workspace2, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    EXPECT_EQ_CODE("stage 2 with a view past its buffer", aclnnGeluBackward(workspace2, workspaceSize, executor, stream),
                   ACLNN_ERR_RUNTIME_ERROR);
    aclrtFree(workspace2);
    aclDestroyAclOpExecutor(executor);
    aclDestroyTensor(hostSelf);
    aclDestroyTensor(overrun);
    aclrtFree(workspace);
}
}  // namespace

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream = nullptr;
    if (Init(deviceId, &stream) != 0) return 100;
    NullChecks();
    DtypeChecks();
    ShapeChecks();
    SecondStageChecks(stream);
    return Finish(stream, deviceId);
}
