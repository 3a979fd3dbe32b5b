// The emulated l0op::Cast on its own, driven through an executor like op_api code does: exact round to
// nearest even into float16 and bfloat16 (ties, subnormals, overflow, NaN, and no double rounding from
// double), int32 to float32, and float32 to int32 (truncation, saturation).
#include <limits>

#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "kg_example_util.h"
#include "opdev/make_op_executor.h"

namespace {
// Casts `src` (n elements of srcType) to dstType through the opdev framework and returns the raw result.
template <typename Dst, typename Src>
std::vector<Dst> CastThrough(const std::vector<Src>& src, aclDataType srcType, aclDataType dstType, aclrtStream stream)
{
    const std::vector<int64_t> shape = {static_cast<int64_t>(src.size())};
    DeviceTensor in(src, shape, srcType);
    DeviceTensor out(std::vector<Dst>(src.size()), shape, dstType);
    auto uniqueExecutor = CREATE_EXECUTOR();
    const aclTensor* casted = l0op::Cast(in.tensor, static_cast<op::DataType>(dstType), uniqueExecutor.get());
    const aclTensor* copied = casted == nullptr ? nullptr : l0op::ViewCopy(casted, out.tensor, uniqueExecutor.get());
    if (copied == nullptr) {
        std::printf("FAIL: planning the cast\n");
        ++g_failures;
        return {};
    }
    const aclnnStatus ret = RunPlanned(uniqueExecutor, stream);
    if (ret != ACLNN_SUCCESS) {
        std::printf("FAIL: running the cast -> %d\n", ret);
        ++g_failures;
    }
    return out.Read<Dst>();
}

template <typename T>
void ExpectBits(const char* what, const std::vector<T>& got, const std::vector<T>& want)
{
    bool same = got.size() == want.size();
    for (size_t i = 0; same && i < got.size(); ++i) {
        if (got[i] != want[i]) {
            std::printf("FAIL: %s: element %zu is 0x%llx, expected 0x%llx\n", what, i,
                        static_cast<unsigned long long>(got[i]), static_cast<unsigned long long>(want[i]));
            ++g_failures;
            return;
        }
    }
    EXPECT_TRUE(what, same);
}
}  // namespace

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream = nullptr;
    if (Init(deviceId, &stream) != 0) return 100;
    const float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();

    const std::vector<float> toHalf = {
        1.0f + std::ldexp(1.0f, -11),      // tie: stays 1.0 (even)
        1.0f + 3 * std::ldexp(1.0f, -11),  // tie: rounds up to the even neighbour
        65504.0f,                          // largest half
        65519.0f,                          // below the midpoint to 65536: 65504
        65520.0f,                          // the midpoint: overflows to inf
        std::ldexp(1.0f, -24),             // smallest subnormal
        std::ldexp(1.0f, -25),             // tie with zero: 0
        3 * std::ldexp(1.0f, -25),         // tie between 1 and 2 units: 2 units
        -0.0f, -inf, nan, -2.5f};
    ExpectBits("float32 -> float16", CastThrough<uint16_t>(toHalf, ACL_FLOAT, ACL_FLOAT16, stream),
               std::vector<uint16_t>{0x3C00, 0x3C02, 0x7BFF, 0x7BFF, 0x7C00, 0x0001, 0x0000, 0x0002, 0x8000, 0xFC00,
                                     0x7E00, 0xC100});

    const std::vector<float> toBf16 = {1.0f + std::ldexp(1.0f, -8), 1.0f + 3 * std::ldexp(1.0f, -8),
                                       std::numeric_limits<float>::max(), -3.0f, 0.1f};
    ExpectBits("float32 -> bfloat16", CastThrough<uint16_t>(toBf16, ACL_FLOAT, ACL_BF16, stream),
               std::vector<uint16_t>{0x3F80, 0x3F82, 0x7F80, 0xC040, 0x3DCD});

    // 1 + 2^-11 + 2^-40 is above the float16 midpoint; rounding through float32 first would land on the tie.
    const std::vector<double> fromDouble = {1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)};
    ExpectBits("float64 -> float16 without double rounding",
               CastThrough<uint16_t>(fromDouble, ACL_DOUBLE, ACL_FLOAT16, stream), std::vector<uint16_t>{0x3C01});

    const std::vector<int32_t> ints = {16777217, 16777219, -2147483647, 7};
    std::vector<float> asFloat = CastThrough<float>(ints, ACL_INT32, ACL_FLOAT, stream);
    std::vector<uint32_t> asFloatBits;
    for (float f : asFloat) {
        uint32_t b;
        std::memcpy(&b, &f, 4);
        asFloatBits.push_back(b);
    }
    std::vector<uint32_t> wantFloatBits;
    for (float f : {16777216.0f, 16777220.0f, -2147483648.0f, 7.0f}) {
        uint32_t b;
        std::memcpy(&b, &f, 4);
        wantFloatBits.push_back(b);
    }
    ExpectBits("int32 -> float32", asFloatBits, wantFloatBits);

    const std::vector<float> toInt = {2.7f, -2.7f, 3e9f, -3e9f, nan};
    ExpectBits("float32 -> int32", CastThrough<int32_t>(toInt, ACL_FLOAT, ACL_INT32, stream),
               std::vector<int32_t>{2, -2, 2147483647, -2147483647 - 1, 0});

    const std::vector<uint16_t> halfIn = {0x3C01, 0x0001, 0xFC00};
    std::vector<float> halfOut = CastThrough<float>(halfIn, ACL_FLOAT16, ACL_FLOAT, stream);
    EXPECT_TRUE("float16 -> float32 is exact", halfOut.size() == 3 && halfOut[0] == 1.0f + std::ldexp(1.0f, -10) &&
                                                   halfOut[1] == std::ldexp(1.0f, -24) && halfOut[2] == -inf);
    return Finish(stream, deviceId);
}
