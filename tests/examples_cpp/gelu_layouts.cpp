// aclnnGeluBackward on layouts other than equal contiguous shapes: broadcast, 0-dim and 8-dim tensors,
// empty tensors, transposed (strided) self and gradInput, and a storage offset. Every result is compared
// with the double-precision tanh-form derivative.
#include "kg_example_util.h"

namespace {
constexpr double kRtol = 1e-4;  // float32 results
constexpr double kAtol = 1e-5;

std::vector<float> Ramp(size_t n, float start, float step)
{
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = start + step * static_cast<float>(i);
    return v;
}

void Broadcast(aclrtStream stream)
{
    // gradOutput {1,5} against self {2,5}, then the other way round.
    const std::vector<float> row = Ramp(5, 0.5f, 0.25f);
    const std::vector<float> grid = Ramp(10, -2.0f, 0.5f);
    for (int swap = 0; swap < 2; ++swap) {
        DeviceTensor small(row, {1, 5}, ACL_FLOAT);
        DeviceTensor big(grid, {2, 5}, ACL_FLOAT);
        DeviceTensor out(std::vector<float>(10, 0.0f), {2, 5}, ACL_FLOAT);
        const aclTensor* gradOutput = swap ? big.tensor : small.tensor;
        const aclTensor* self = swap ? small.tensor : big.tensor;
        EXPECT_EQ_CODE(swap ? "gradOutput {2,5}, self {1,5}" : "gradOutput {1,5}, self {2,5}",
                       RunGeluBackward(gradOutput, self, out.tensor, stream), ACL_SUCCESS);
        std::vector<double> expect(10);
        for (size_t i = 0; i < 10; ++i) {
            const double dy = swap ? grid[i] : row[i % 5];
            const double x = swap ? row[i % 5] : grid[i];
            expect[i] = GeluGradRef(dy, x);
        }
        const std::vector<float> got = out.Read<float>();
        AllClose(swap ? "broadcast self {1,5} to {2,5}" : "broadcast gradOutput {1,5} to {2,5}", 10,
                 [&](size_t i) { return got[i]; }, expect, kRtol, kAtol);
    }
    // A 3-dim broadcast on both sides: {3,1,4} with {2,1} gives {3,2,4}.
    const std::vector<float> a = Ramp(12, -1.5f, 0.25f);
    const std::vector<float> b = {0.5f, -2.0f};
    DeviceTensor ta(a, {3, 1, 4}, ACL_FLOAT);
    DeviceTensor tb(b, {2, 1}, ACL_FLOAT);
    DeviceTensor out(std::vector<float>(24, 0.0f), {3, 2, 4}, ACL_FLOAT);
    EXPECT_EQ_CODE("gradOutput {3,1,4}, self {2,1}", RunGeluBackward(ta.tensor, tb.tensor, out.tensor, stream),
                   ACL_SUCCESS);
    std::vector<double> expect(24);
    for (size_t i = 0; i < 3; ++i)
        for (size_t j = 0; j < 2; ++j)
            for (size_t k = 0; k < 4; ++k) expect[(i * 2 + j) * 4 + k] = GeluGradRef(a[i * 4 + k], b[j]);
    const std::vector<float> got = out.Read<float>();
    AllClose("broadcast both inputs to {3,2,4}", 24, [&](size_t i) { return got[i]; }, expect, kRtol, kAtol);
}

void Ranks(aclrtStream stream)
{
    DeviceTensor dy(std::vector<float>{1.5f}, {}, ACL_FLOAT);
    DeviceTensor x(std::vector<float>{-0.75f}, {}, ACL_FLOAT);
    DeviceTensor out(std::vector<float>{0.0f}, {}, ACL_FLOAT);
    EXPECT_EQ_CODE("0-dim tensors", RunGeluBackward(dy.tensor, x.tensor, out.tensor, stream), ACL_SUCCESS);
    const std::vector<float> got0 = out.Read<float>();
    AllClose("0-dim result", 1, [&](size_t) { return got0[0]; }, {GeluGradRef(1.5, -0.75)}, kRtol, kAtol);

    // A 0-dim gradOutput broadcast against {2,3}.
    const std::vector<float> xs = Ramp(6, -3.0f, 1.0f);
    DeviceTensor x23(xs, {2, 3}, ACL_FLOAT);
    DeviceTensor out23(std::vector<float>(6, 0.0f), {2, 3}, ACL_FLOAT);
    EXPECT_EQ_CODE("0-dim gradOutput, self {2,3}", RunGeluBackward(dy.tensor, x23.tensor, out23.tensor, stream),
                   ACL_SUCCESS);
    std::vector<double> expect23(6);
    for (size_t i = 0; i < 6; ++i) expect23[i] = GeluGradRef(1.5, xs[i]);
    const std::vector<float> got23 = out23.Read<float>();
    AllClose("0-dim gradOutput broadcast", 6, [&](size_t i) { return got23[i]; }, expect23, kRtol, kAtol);

    const std::vector<int64_t> eight = {2, 1, 2, 1, 3, 1, 2, 2};
    const size_t n = static_cast<size_t>(Numel(eight));
    const std::vector<float> xv = Ramp(n, -4.0f, 8.0f / static_cast<float>(n));
    const std::vector<float> dv = Ramp(n, 1.0f, -0.03f);
    DeviceTensor d8(dv, eight, ACL_FLOAT);
    DeviceTensor x8(xv, eight, ACL_FLOAT);
    DeviceTensor o8(std::vector<float>(n, 0.0f), eight, ACL_FLOAT);
    EXPECT_EQ_CODE("8-dim tensors", RunGeluBackward(d8.tensor, x8.tensor, o8.tensor, stream), ACL_SUCCESS);
    std::vector<double> expect8(n);
    for (size_t i = 0; i < n; ++i) expect8[i] = GeluGradRef(dv[i], xv[i]);
    const std::vector<float> got8 = o8.Read<float>();
    AllClose("8-dim result", n, [&](size_t i) { return got8[i]; }, expect8, kRtol, kAtol);
}

void Empty(aclrtStream stream)
{
    std::fflush(stdout);
    std::fprintf(stderr, "[section] empty begin\n");  // with KERNELGEN_ACL_TRACE=1 no step may be planned or run here
    // {0,5} tensors own no device memory at all; {0,5} with {1,5} broadcasts to {0,5}.
    const std::vector<int64_t> empty = {0, 5};
    const std::vector<int64_t> strides = {5, 1};
    aclTensor* dy = aclCreateTensor(empty.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, empty.data(), 2, nullptr);
    aclTensor* x = aclCreateTensor(empty.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, empty.data(), 2, nullptr);
    aclTensor* out = aclCreateTensor(empty.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, empty.data(), 2, nullptr);
    DeviceTensor row(std::vector<float>(5, 1.0f), {1, 5}, ACL_FLOAT);
    uint64_t workspaceSize = 123;
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ_CODE("empty stage 1", aclnnGeluBackwardGetWorkspaceSize(dy, x, out, &workspaceSize, &executor),
                   ACLNN_SUCCESS);
    EXPECT_EQ_CODE("empty workspace size", workspaceSize, 0);
    EXPECT_EQ_CODE("empty stage 2 with no workspace", aclnnGeluBackward(nullptr, 0, executor, stream), ACLNN_SUCCESS);
    EXPECT_EQ_CODE("empty sync", aclrtSynchronizeStream(stream), ACL_SUCCESS);
    EXPECT_EQ_CODE("empty gradOutput {0,5} with self {1,5}", RunGeluBackward(dy, row.tensor, out, stream, &workspaceSize),
                   ACL_SUCCESS);
    EXPECT_EQ_CODE("its workspace size", workspaceSize, 0);
    aclDestroyTensor(dy);
    aclDestroyTensor(x);
    aclDestroyTensor(out);
    std::fflush(stdout);
    std::fprintf(stderr, "[section] empty end\n");
}

void Strided(aclrtStream stream)
{
    // self is the transpose of a {3,4} buffer: view {4,3}, strides {1,4}; element (i,j) is storage[j*4+i].
    const std::vector<float> storage = Ramp(12, -2.75f, 0.5f);
    const std::vector<float> dyv = Ramp(12, 0.25f, 0.125f);
    DeviceTensor selfT(storage, {3, 4}, ACL_FLOAT, {4, 3}, {1, 4}, 0);
    DeviceTensor dy(dyv, {4, 3}, ACL_FLOAT);
    DeviceTensor out(std::vector<float>(12, 0.0f), {4, 3}, ACL_FLOAT);
    EXPECT_EQ_CODE("transposed self", RunGeluBackward(dy.tensor, selfT.tensor, out.tensor, stream), ACL_SUCCESS);
    std::vector<double> expect(12);
    for (size_t i = 0; i < 4; ++i)
        for (size_t j = 0; j < 3; ++j) expect[i * 3 + j] = GeluGradRef(dyv[i * 3 + j], storage[j * 4 + i]);
    std::vector<float> got = out.Read<float>();
    AllClose("transposed self result", 12, [&](size_t i) { return got[i]; }, expect, kRtol, kAtol);

    // gradInput is a transposed view too: result (i,j) lands in storage[j*4+i]; the storage is read back whole.
    DeviceTensor outT(std::vector<float>(12, -99.0f), {3, 4}, ACL_FLOAT, {4, 3}, {1, 4}, 0);
    EXPECT_EQ_CODE("transposed self and gradInput", RunGeluBackward(dy.tensor, selfT.tensor, outT.tensor, stream),
                   ACL_SUCCESS);
    got = outT.Read<float>();
    AllClose("transposed gradInput storage", 12, [&](size_t k) { return got[(k % 3) * 4 + k / 3]; }, expect, kRtol,
             kAtol);

    // A view with a storage offset and a row stride: {2,3} at offset 5 in a 20-element buffer, strides {6,2}.
    const std::vector<float> big = Ramp(20, -3.0f, 0.3f);
    DeviceTensor selfO(big, {20}, ACL_FLOAT, {2, 3}, {6, 2}, 5);
    DeviceTensor dy23(std::vector<float>(6, 2.0f), {2, 3}, ACL_FLOAT);
    DeviceTensor outO(std::vector<float>(20, -7.0f), {20}, ACL_FLOAT, {2, 3}, {6, 2}, 5);
    EXPECT_EQ_CODE("offset and strided self and gradInput",
                   RunGeluBackward(dy23.tensor, selfO.tensor, outO.tensor, stream), ACL_SUCCESS);
    got = outO.Read<float>();
    std::vector<double> expectAll(20, -7.0);
    for (size_t i = 0; i < 2; ++i)
        for (size_t j = 0; j < 3; ++j) {
            const size_t at = 5 + i * 6 + j * 2;
            expectAll[at] = GeluGradRef(2.0, big[at]);
        }
    AllClose("offset view written, the rest of the buffer untouched", 20, [&](size_t i) { return got[i]; }, expectAll,
             kRtol, kAtol);
}
}  // namespace

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream = nullptr;
    if (Init(deviceId, &stream) != 0) return 100;
    Broadcast(stream);
    Ranks(stream);
    Empty(stream);
    Strided(stream);
    return Finish(stream, deviceId);
}
