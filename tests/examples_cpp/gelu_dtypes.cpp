// aclnnGeluBackward with mixed and low-precision dtypes: the promotion of gradOutput with self, the cast to
// the promoted type and the cast of the result to gradInput's dtype (round to nearest even).
#include "kg_example_util.h"

namespace {
std::vector<float> Inputs(size_t n, float start, float step)
{
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = start + step * static_cast<float>(i);
    return v;
}

std::vector<uint16_t> ToHalf(const std::vector<float>& v)
{
    std::vector<uint16_t> out;
    for (float f : v) out.push_back(FloatToHalf(f));
    return out;
}

std::vector<uint16_t> ToBf16(const std::vector<float>& v)
{
    std::vector<uint16_t> out;
    for (float f : v) out.push_back(FloatToBf16(f));
    return out;
}

// float16 self and float32 gradOutput promote to float32; the float32 result is written to a bfloat16 gradInput.
void HalfSelfFloatGradBf16Out(aclrtStream stream)
{
    const size_t n = 24;
    const std::vector<float> xs = Inputs(n, -5.0f, 0.43f);
    const std::vector<float> dys = Inputs(n, 1.25f, -0.1f);
    const std::vector<uint16_t> xh = ToHalf(xs);
    std::vector<float> xhAsFloat;
    for (uint16_t h : xh) xhAsFloat.push_back(HalfToFloat(h));
    DeviceTensor self(xh, {4, 6}, ACL_FLOAT16);
    DeviceTensor gradOutput(dys, {4, 6}, ACL_FLOAT);
    DeviceTensor gradInput(std::vector<uint16_t>(n, 0), {4, 6}, ACL_BF16);
    EXPECT_EQ_CODE("float16 self, float32 gradOutput, bfloat16 gradInput",
                   RunGeluBackward(gradOutput.tensor, self.tensor, gradInput.tensor, stream), ACL_SUCCESS);
    std::vector<double> expect(n);
    for (size_t i = 0; i < n; ++i) expect[i] = GeluGradRef(dys[i], xhAsFloat[i]);
    const std::vector<uint16_t> got = gradInput.Read<uint16_t>();
    AllClose("bfloat16 result", n, [&](size_t i) { return Bf16ToFloat(got[i]); }, expect, 1.0 / 128, 1e-3);

    // The same call in float32 end to end: the bfloat16 result must be exactly its round-to-nearest-even.
    DeviceTensor selfF(xhAsFloat, {4, 6}, ACL_FLOAT);
    DeviceTensor outF(std::vector<float>(n, 0.0f), {4, 6}, ACL_FLOAT);
    EXPECT_EQ_CODE("the float32 twin", RunGeluBackward(gradOutput.tensor, selfF.tensor, outF.tensor, stream),
                   ACL_SUCCESS);
    const std::vector<float> f32 = outF.Read<float>();
    size_t exact = 0;
    for (size_t i = 0; i < n; ++i) exact += got[i] == FloatToBf16(f32[i]);
    EXPECT_EQ_CODE("bfloat16 results equal to RNE(float32 result)", exact, n);
}

void SameLowPrecision(aclrtStream stream, aclDataType dtype, const char* name)
{
    const size_t n = 40;
    const std::vector<float> xs = Inputs(n, -6.0f, 0.31f);
    const std::vector<float> dys = Inputs(n, -1.0f, 0.05f);
    const bool half = dtype == ACL_FLOAT16;
    const std::vector<uint16_t> xq = half ? ToHalf(xs) : ToBf16(xs);
    const std::vector<uint16_t> dq = half ? ToHalf(dys) : ToBf16(dys);
    auto toFloat = [half](uint16_t v) { return half ? HalfToFloat(v) : Bf16ToFloat(v); };
    DeviceTensor self(xq, {5, 8}, dtype);
    DeviceTensor gradOutput(dq, {5, 8}, dtype);
    DeviceTensor gradInput(std::vector<uint16_t>(n, 0), {5, 8}, dtype);
    EXPECT_EQ_CODE(name, RunGeluBackward(gradOutput.tensor, self.tensor, gradInput.tensor, stream), ACL_SUCCESS);
    std::vector<double> expect(n);
    for (size_t i = 0; i < n; ++i) expect[i] = GeluGradRef(toFloat(dq[i]), toFloat(xq[i]));
    const std::vector<uint16_t> got = gradInput.Read<uint16_t>();
    AllClose(name, n, [&](size_t i) { return toFloat(got[i]); }, expect, half ? 2e-3 : 1.6e-2, half ? 1e-3 : 1e-2);
}

// float16 with bfloat16 promotes to float32.
void HalfWithBf16(aclrtStream stream)
{
    const size_t n = 8;
    const std::vector<float> xs = Inputs(n, -2.0f, 0.5f);
    const std::vector<float> dys = Inputs(n, 0.5f, 0.25f);
    DeviceTensor self(ToBf16(xs), {2, 4}, ACL_BF16);
    DeviceTensor gradOutput(ToHalf(dys), {2, 4}, ACL_FLOAT16);
    DeviceTensor gradInput(std::vector<float>(n, 0.0f), {2, 4}, ACL_FLOAT);
    EXPECT_EQ_CODE("float16 gradOutput, bfloat16 self, float32 gradInput",
                   RunGeluBackward(gradOutput.tensor, self.tensor, gradInput.tensor, stream), ACL_SUCCESS);
    std::vector<double> expect(n);
    for (size_t i = 0; i < n; ++i) expect[i] = GeluGradRef(dys[i], xs[i]);  // these inputs are exact in both types
    const std::vector<float> got = gradInput.Read<float>();
    AllClose("float32 result of the promoted call", n, [&](size_t i) { return got[i]; }, expect, 1e-4, 1e-5);
}
}  // namespace

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream = nullptr;
    if (Init(deviceId, &stream) != 0) return 100;
    HalfSelfFloatGradBf16Out(stream);
    SameLowPrecision(stream, ACL_FLOAT16, "float16 everywhere");
    SameLowPrecision(stream, ACL_BF16, "bfloat16 everywhere");
    HalfWithBf16(stream);
    return Finish(stream, deviceId);
}
