// The l0 operators ops-nn's op_api sources call from CANN's common kernels (Add, Sub, Mul, Div, RealDiv, Axpy,
// LogicalAnd, Abs, OnesLike, ReduceSumOp, ReduceMean, Cumsum, UnsqueezeNd, SqueezeNd, Transpose, ReFormat/TransData), INFER_SHAPE on a
// shapeless AllocTensor and the aclTensor format/shape setters, driven through an executor as op_api
// code does, and the ACL host helpers ops-nn's examples call (aclFloatToFloat16/aclFloat16ToFloat,
// aclrtGetSocName, aclrtCreateContext); NpuArch named under `using namespace op;` with soc_spec.h included
// (one type, as in CANN; l1_loss_grad's op_api does this).
#include <functional>
#include <string>

#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/transdata.h"
#include "aclnn_kernels/transpose.h"
#include "kg_example_util.h"
#include "level0/abs.h"
#include "level0/add.h"
#include "level0/axpy.h"
#include "level0/cumsum.h"
#include "level0/div.h"
#include "level0/logical_and.h"
#include "level0/mul.h"
#include "level0/squeeze.h"
#include "level0/ones_like.h"
#include "level0/realdiv.h"
#include "level0/reduce_mean.h"
#include "level0/reduce_sum_op.h"
#include "level0/sub.h"
#include "level0/unsqueeze.h"
#include "opdev/data_type_utils.h"
#include "opdev/make_op_executor.h"
#include "opdev/small_vector.h"
#include "opdev/op_executor.h"
#include "opdev/op_log.h"
#include "opdev/platform.h"
#include "platform/soc_spec.h"

namespace {
using Plan = std::function<const aclTensor*(aclOpExecutor*)>;

// Plans `plan` (whose result must have `shape`), copies its result into a fresh float tensor and runs both
// stages; returns the float values (empty, with a failure counted, if planning or running fails).
std::vector<float> Through(const char* what, const Plan& plan, const std::vector<int64_t>& shape, aclrtStream stream)
{
    DeviceTensor out(std::vector<float>(static_cast<size_t>(Numel(shape)), -7.0f), shape, ACL_FLOAT);
    auto uniqueExecutor = CREATE_EXECUTOR();
    const aclTensor* result = plan(uniqueExecutor.get());
    std::vector<int64_t> got;
    if (result != nullptr) {
        for (size_t i = 0; i < result->GetViewShape().GetDimNum(); ++i) got.push_back(result->GetViewShape().GetDim(i));
    }
    if (result == nullptr || got != shape || l0op::ViewCopy(result, out.tensor, uniqueExecutor.get()) == nullptr) {
        std::printf("FAIL: %s: planning failed or gave another shape\n", what);
        ++g_failures;
        return {};
    }
    const aclnnStatus ret = RunPlanned(uniqueExecutor, stream);
    if (ret != ACLNN_SUCCESS) {
        std::printf("FAIL: %s: running -> %d\n", what, ret);
        ++g_failures;
        return {};
    }
    return out.Read<float>();
}

void ExpectValues(const char* what, const std::vector<float>& got, const std::vector<double>& want)
{
    if (got.size() != want.size()) {
        std::printf("FAIL: %s: %zu values, expected %zu\n", what, got.size(), want.size());
        ++g_failures;
        return;
    }
    AllClose(what, got.size(), [&](size_t i) { return static_cast<double>(got[i]); }, want, 0.0, 0.0);
}

const aclIntArray* Ints(aclOpExecutor* executor, std::vector<int64_t> values)
{
    return executor->AllocIntArray(values.data(), values.size());
}
}  // namespace

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream = nullptr;
    if (Init(deviceId, &stream) != 0) return 100;

    {  // the tensors are destroyed before Finish
    // a: [2,3] = 1..6 ; row: [3] = {0.5, -1, 4}
    DeviceTensor a(std::vector<float>{1, 2, 3, 4, 5, 6}, {2, 3}, ACL_FLOAT);
    DeviceTensor row(std::vector<float>{0.5f, -1, 4}, {3}, ACL_FLOAT);
    DeviceTensor half(std::vector<uint16_t>{0x3C00}, {1}, ACL_FLOAT16);

    ExpectValues("Sub broadcasts [2,3] - [3]",
                 Through("Sub", [&](aclOpExecutor* e) { return l0op::Sub(a.tensor, row.tensor, e); }, {2, 3}, stream),
                 {0.5, 3, -1, 3.5, 6, 2});
    ExpectValues("RealDiv rounds once to float32",
                 Through("RealDiv", [&](aclOpExecutor* e) { return l0op::RealDiv(row.tensor, a.tensor, e); }, {2, 3},
                         stream),
                 {0.5, -0.5, static_cast<double>(4.0f / 3.0f), 0.125, -0.2f, static_cast<double>(4.0f / 6.0f)});
    ExpectValues("Add", Through("Add", [&](aclOpExecutor* e) { return l0op::Add(a.tensor, row.tensor, e); }, {2, 3}, stream),
                 {1.5, 1, 7, 4.5, 4, 10});
    ExpectValues("Mul", Through("Mul", [&](aclOpExecutor* e) { return l0op::Mul(a.tensor, row.tensor, e); }, {2, 3}, stream),
                 {0.5, -2, 12, 2, -5, 24});
    ExpectValues("Div", Through("Div", [&](aclOpExecutor* e) { return l0op::Div(a.tensor, row.tensor, e); }, {2, 3}, stream),
                 {2, -2, 0.75, 8, -5, 1.5});
    ExpectValues("Axpy self + 2 * other",
                 Through("Axpy", [&](aclOpExecutor* e) { return l0op::Axpy(a.tensor, row.tensor, 2.0f, e); }, {2, 3}, stream),
                 {2, 0, 11, 5, 3, 14});
    ExpectValues("LogicalAnd of nonzero values",
                 Through("LogicalAnd", [&](aclOpExecutor* e) { return l0op::LogicalAnd(a.tensor, row.tensor, e); }, {2, 3},
                         stream),
                 {1, 1, 1, 1, 1, 1});
    ExpectValues("Cumsum along axis 1 (an int64 axis tensor)",
                 Through("Cumsum", [&](aclOpExecutor* e) {
                     const int64_t axis = -1;
                     return l0op::Cumsum(a.tensor, e->ConvertToTensor(&axis, 1, ge::DT_INT64), e);
                 }, {2, 3}, stream),
                 {1, 3, 6, 4, 9, 15});
    ExpectValues("SqueezeNd drops the size-1 dims listed",
                 Through("SqueezeNd", [&](aclOpExecutor* e) {
                     const aclTensor* u = l0op::UnsqueezeNd(row.tensor, Ints(e, {0, 2}), e);
                     return l0op::SqueezeNd(u, Ints(e, {0, 1}), e);  // dim 1 has size 3: it stays
                 }, {3, 1}, stream),
                 {0.5, -1, 4});
    ExpectValues("Abs", Through("Abs", [&](aclOpExecutor* e) { return l0op::Abs(row.tensor, e); }, {3}, stream),
                 {0.5, 1, 4});
    ExpectValues("OnesLike", Through("OnesLike", [&](aclOpExecutor* e) { return l0op::OnesLike(a.tensor, e); },
                                     {2, 3}, stream),
                 {1, 1, 1, 1, 1, 1});
    ExpectValues("ReduceSumOp over axis -1 keeping dims",
                 Through("ReduceSumOp", [&](aclOpExecutor* e) { return l0op::ReduceSumOp(a.tensor, Ints(e, {-1}), true, e); },
                         {2, 1}, stream),
                 {6, 15});
    ExpectValues("ReduceSumOp over axis 0",
                 Through("ReduceSumOp0", [&](aclOpExecutor* e) { return l0op::ReduceSumOp(a.tensor, Ints(e, {0}), false, e); },
                         {3}, stream),
                 {5, 7, 9});
    ExpectValues("ReduceMean over every axis",
                 Through("ReduceMean", [&](aclOpExecutor* e) { return l0op::ReduceMean(a.tensor, Ints(e, {0, 1}), false, e); },
                         {}, stream),
                 {3.5});
    ExpectValues("UnsqueezeNd at 0 and -1",
                 Through("UnsqueezeNd", [&](aclOpExecutor* e) { return l0op::UnsqueezeNd(row.tensor, Ints(e, {0, 2}), e); },
                         {1, 3, 1}, stream),
                 {0.5, -1, 4});
    ExpectValues("Transpose [2,3] -> [3,2]",
                 Through("Transpose", [&](aclOpExecutor* e) { return l0op::Transpose(a.tensor, Ints(e, {1, 0}), e); },
                         {3, 2}, stream),
                 {1, 4, 2, 5, 3, 6});
    ExpectValues("TransData to NCHW relabels",
                 Through("TransData", [&](aclOpExecutor* e) {
                     const aclTensor* t = l0op::TransData(a.tensor, ge::FORMAT_NCHW, 1, e);
                     return t != nullptr && t->GetViewFormat() == ge::FORMAT_NCHW ? t : nullptr;
                 }, {2, 3}, stream),
                 {1, 2, 3, 4, 5, 6});
    // INFER_SHAPE on a shapeless AllocTensor (nll_loss's l0 op does this), then the launch: GeluGrad end to end
    const std::vector<float> dyHost{1, -2, 0.5f, 3, 1, -1};
    const std::vector<float> xHost{-1, 0, 0.5f, 1, 2, -3};
    DeviceTensor dy(dyHost, {2, 3}, ACL_FLOAT);
    DeviceTensor x(xHost, {2, 3}, ACL_FLOAT);
    DeviceTensor y(std::vector<float>(6, 0.0f), {2, 3}, ACL_FLOAT);
    uint64_t inferredWorkspace = 0;
    const std::vector<float> z = Through("INFER_SHAPE GeluGrad", [&](aclOpExecutor* executor) -> const aclTensor* {
        aclTensor* out = executor->AllocTensor(ge::DT_FLOAT, ge::FORMAT_ND, ge::FORMAT_ND);
        if (INFER_SHAPE(GeluGrad, OP_INPUT(dy.tensor, x.tensor, y.tensor), OP_OUTPUT(out)) != ACLNN_SUCCESS) return nullptr;
        inferredWorkspace = executor->GetWorkspaceSize();
        return ADD_TO_LAUNCHER_LIST_AICORE(GeluGrad, OP_INPUT(dy.tensor, x.tensor, y.tensor), OP_OUTPUT(out)) ==
                       ACLNN_SUCCESS ? out : nullptr;
    }, {2, 3}, stream);
    std::vector<double> zWant;
    for (size_t i = 0; i < dyHost.size(); ++i) zWant.push_back(GeluGradRef(dyHost[i], xHost[i]));
    AllClose("INFER_SHAPE GeluGrad [2,3] then the launch", z.size(), [&](size_t i) { return static_cast<double>(z[i]); },
             zWant, 1e-5, 1e-6);
    // the shapeless tensor's 512-byte slice, then a [2,3] float slice (512 bytes) placed by INFER_SHAPE
    EXPECT_EQ_CODE("INFER_SHAPE places the inferred output in the workspace", static_cast<int>(inferredWorkspace), 1024);
    {
        auto e = CREATE_EXECUTOR();
        aclOpExecutor* executor = e.get();
        DeviceTensor wrong(std::vector<float>(3, 0.0f), {3}, ACL_FLOAT);
        EXPECT_EQ_CODE("INFER_SHAPE refuses a caller-owned output of another shape",
                       INFER_SHAPE(GeluGrad, OP_INPUT(dy.tensor, x.tensor, y.tensor), OP_OUTPUT(wrong.tensor)),
                       ACLNN_ERR_INNER_INFERSHAPE_ERROR);
        EXPECT_TRUE("... and names the inferred shape", std::string(aclGetRecentErrMsg()).find("[2,3]") != std::string::npos);
        aclTensor* out = executor->AllocTensor(ge::DT_FLOAT, ge::FORMAT_ND, ge::FORMAT_ND);
        EXPECT_EQ_CODE("INFER_SHAPE of an op type nothing registered",
                       INFER_SHAPE(NoSuchOp, OP_INPUT(dy.tensor), OP_OUTPUT(out)), ACLNN_ERR_INNER_INFERSHAPE_ERROR);
        out->SetViewShape(op::Shape{3, 2});
        out->SetOriginalFormat(ge::FORMAT_NCDHW);
        out->SetStorageFormat(ge::FORMAT_NDHWC);
        out->SetViewFormat(ge::FORMAT_NCHW);
        EXPECT_TRUE("SetViewShape / Set*Format: [3,2] strides [2,1], NCHW view, NDHWC storage, NCDHW origin",
                    out->GetViewShape() == op::Shape({3, 2}) && out->GetViewStrides()[0] == 2 &&
                        out->GetViewStrides()[1] == 1 && out->GetViewFormat() == ge::FORMAT_NCHW &&
                        out->GetStorageFormat() == ge::FORMAT_NDHWC && out->GetOriginalFormat() == ge::FORMAT_NCDHW);
    }
    {
        auto e = CREATE_EXECUTOR();
        EXPECT_TRUE("TransData to NC1HWC0 is refused (not emulated)",
                    l0op::TransData(a.tensor, ge::FORMAT_NC1HWC0, 1, e.get()) == nullptr &&
                        std::string(aclGetRecentErrMsg()).find("NC1HWC0") != std::string::npos);
        const aclScalar* halfScalar = e->AllocScalar(0.5f);
        const aclScalar* three = e->AllocScalar(3);
        EXPECT_TRUE("AllocScalar takes the value's dtype (float 0.5, int32 3)",
                    halfScalar != nullptr && halfScalar->GetDataType() == ge::DT_FLOAT && halfScalar->ToFloat() == 0.5f &&
                        three != nullptr && three->GetDataType() == ge::DT_INT32 && three->ToInt64() == 3);
        EXPECT_TRUE("Sub refuses mixed dtypes", l0op::Sub(a.tensor, half.tensor, e.get()) == nullptr);
        EXPECT_TRUE("Transpose refuses a non-permutation", l0op::Transpose(a.tensor, Ints(e.get(), {0, 0}), e.get()) == nullptr);
        EXPECT_TRUE("ReduceSumOp refuses axis 2 of a 2-D tensor",
                    l0op::ReduceSumOp(a.tensor, Ints(e.get(), {2}), false, e.get()) == nullptr);
    }
    }

    EXPECT_EQ_CODE("aclFloatToFloat16(1 + 3 * 2^-11) rounds to even", aclFloatToFloat16(1.0f + 3 * std::ldexp(1.0f, -11)),
                   0x3C02);
    EXPECT_EQ_CODE("aclFloatToFloat16(65520) overflows to inf", aclFloatToFloat16(65520.0f), 0x7C00);
    EXPECT_TRUE("aclFloat16ToFloat(0x0001) is 2^-24", aclFloat16ToFloat(0x0001) == std::ldexp(1.0f, -24));
    EXPECT_TRUE("aclFloat16ToFloat(0xC100) is -2.5", aclFloat16ToFloat(0xC100) == -2.5f);
    {
        using namespace op;
        EXPECT_TRUE("GetCurNpuArch() == NpuArch::DAV_2201 (one NpuArch) on ascend910b",
                    GetCurrentPlatformInfo().GetCurNpuArch() == NpuArch::DAV_2201);
    }
    int logged = 0;
    OP_CHECK_NO_RETURN(1 + 1 == 3, ++logged);
    OP_CHECK_NO_RETURN(1 + 1 == 2, ++logged);
    EXPECT_TRUE("OP_CHECK_NO_RETURN runs its log expression only when the check fails, and carries on", logged == 1);
    EXPECT_TRUE("IsIntegralType(bool, includeBool) counts bool only when asked",
                op::IsIntegralType(op::DataType::DT_BOOL, true) && !op::IsIntegralType(op::DataType::DT_BOOL, false) &&
                op::IsIntegralType(op::DataType::DT_INT8, false) && !op::IsIntegralType(op::DataType::DT_FLOAT, true));
    op::SmallVector<int64_t, 4> dims = {2, 3};
    dims.push_back(4);
    EXPECT_TRUE("op::SmallVector holds what it is given past its inline capacity hint",
                dims.size() == 3 && dims[2] == 4);
    const char* soc = aclrtGetSocName();
    EXPECT_TRUE("aclrtGetSocName names an Ascend SOC", soc != nullptr && std::string(soc).rfind("Ascend", 0) == 0);
    EXPECT_EQ_CODE("aclnnInit", aclnnInit(nullptr), ACLNN_SUCCESS);
    EXPECT_EQ_CODE("aclnnFinalize", aclnnFinalize(), ACLNN_SUCCESS);
    aclrtContext context = nullptr;
    EXPECT_EQ_CODE("aclrtCreateContext on device 0", aclrtCreateContext(&context, 0), ACL_SUCCESS);
    EXPECT_EQ_CODE("aclrtCreateContext on device 3", aclrtCreateContext(&context, 3), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ_CODE("aclrtDestroyContext", aclrtDestroyContext(context), ACL_SUCCESS);
    return Finish(stream, deviceId);
}
