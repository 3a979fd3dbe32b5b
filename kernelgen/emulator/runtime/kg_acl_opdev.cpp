// kernelgen CPU emulator: opdev utilities: dtype promotion and checks, printing, broadcast inference, formats,
// and the platform the program was built for.
#include <string>

#include "opdev/common_types.h"
#include "opdev/data_type_utils.h"
#include "opdev/format_utils.h"
#include "opdev/platform.h"
#include "opdev/shape_utils.h"
#define KGEMU_ACL_DETAIL_OK
#include "kgemu/detail/acl_device.h"

namespace op {
namespace {
// Rank of a dtype on the promotion lattice: bool, then integers by width, then floating types.
enum class Kind { kBool, kInt, kUInt, kFloat, kOther };

Kind KindOf(DataType t)
{
    switch (t) {
        case ge::DT_BOOL: return Kind::kBool;
        case ge::DT_INT8: case ge::DT_INT16: case ge::DT_INT32: case ge::DT_INT64: return Kind::kInt;
        case ge::DT_UINT8: return Kind::kUInt;
        case ge::DT_FLOAT16: case ge::DT_BF16: case ge::DT_FLOAT: case ge::DT_DOUBLE: return Kind::kFloat;
        default: return Kind::kOther;
    }
}

int FloatRank(DataType t)
{
    switch (t) {
        case ge::DT_FLOAT16: case ge::DT_BF16: return 1;
        case ge::DT_FLOAT: return 2;
        default: return 3;  // DT_DOUBLE
    }
}

DataType SignedOfWidth(size_t bytes)
{
    switch (bytes) {
        case 1: return ge::DT_INT8;
        case 2: return ge::DT_INT16;
        case 4: return ge::DT_INT32;
        default: return ge::DT_INT64;
    }
}
}  // namespace

DataType PromoteType(DataType a, DataType b)
{
    if (a == b) return a;
    const Kind ka = KindOf(a);
    const Kind kb = KindOf(b);
    if (ka == Kind::kOther || kb == Kind::kOther) return ge::DT_UNDEFINED;
    if (ka == Kind::kBool) return b;
    if (kb == Kind::kBool) return a;
    if (ka == Kind::kFloat && kb == Kind::kFloat) {
        if (FloatRank(a) == FloatRank(b)) return ge::DT_FLOAT;  // float16 with bfloat16
        return FloatRank(a) > FloatRank(b) ? a : b;
    }
    if (ka == Kind::kFloat) return a;
    if (kb == Kind::kFloat) return b;
    // Two integers, at least one of them signed (uint8 with uint8 was handled by a == b).
    const size_t wa = TypeSize(a);
    const size_t wb = TypeSize(b);
    if (ka == Kind::kUInt || kb == Kind::kUInt) {
        const size_t signedWidth = ka == Kind::kUInt ? wb : wa;
        return SignedOfWidth(signedWidth > 1 ? signedWidth : 2);  // uint8 with int8 needs int16
    }
    return wa >= wb ? a : b;
}

bool CheckType(DataType dtype, const std::initializer_list<DataType>& validTypes)
{
    for (DataType t : validTypes) {
        if (t == dtype) return true;
    }
    return false;
}

size_t TypeSize(DataType dtype) { return kgemu::acl::ElementSize(dtype); }
bool IsFloatingType(DataType dtype) { return KindOf(dtype) == Kind::kFloat; }
bool IsIntegralType(DataType dtype) { return KindOf(dtype) == Kind::kInt || KindOf(dtype) == Kind::kUInt; }
bool IsIntegralType(DataType dtype, bool includeBool)
{
    return IsIntegralType(dtype) || (includeBool && dtype == DataType::DT_BOOL);
}
bool IsComplexType(DataType dtype)
{
    return dtype == ge::DT_COMPLEX32 || dtype == ge::DT_COMPLEX64 || dtype == ge::DT_COMPLEX128;
}

DataType ToOpDataType(aclDataType dtype)
{
    return dtype == ACL_DT_UNDEFINED ? ge::DT_UNDEFINED : static_cast<DataType>(dtype);
}

aclDataType ToAclDataType(DataType dtype)
{
    return dtype == ge::DT_UNDEFINED ? ACL_DT_UNDEFINED : static_cast<aclDataType>(dtype);
}

ge::AscendString ToString(DataType dtype)
{
    static const struct { DataType t; const char* name; } kNames[] = {
        {ge::DT_FLOAT, "DT_FLOAT"}, {ge::DT_FLOAT16, "DT_FLOAT16"}, {ge::DT_BF16, "DT_BF16"},
        {ge::DT_DOUBLE, "DT_DOUBLE"}, {ge::DT_INT8, "DT_INT8"}, {ge::DT_UINT8, "DT_UINT8"},
        {ge::DT_INT16, "DT_INT16"}, {ge::DT_UINT16, "DT_UINT16"}, {ge::DT_INT32, "DT_INT32"},
        {ge::DT_UINT32, "DT_UINT32"}, {ge::DT_INT64, "DT_INT64"}, {ge::DT_UINT64, "DT_UINT64"},
        {ge::DT_BOOL, "DT_BOOL"}, {ge::DT_STRING, "DT_STRING"}, {ge::DT_COMPLEX32, "DT_COMPLEX32"},
        {ge::DT_COMPLEX64, "DT_COMPLEX64"}, {ge::DT_COMPLEX128, "DT_COMPLEX128"}, {ge::DT_INT4, "DT_INT4"},
        {ge::DT_UINT1, "DT_UINT1"}, {ge::DT_UNDEFINED, "DT_UNDEFINED"},
    };
    for (const auto& n : kNames) {
        if (n.t == dtype) return ge::AscendString(n.name);
    }
    return ge::AscendString(("DT_<" + std::to_string(static_cast<int>(dtype)) + ">").c_str());
}

ge::AscendString ToString(const Shape& shape)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.GetDimNum(); ++i) s += (i ? "," : "") + std::to_string(shape.GetDim(i));
    return ge::AscendString((s + "]").c_str());
}

ge::AscendString ToString(Format format)
{
    static const struct { int f; const char* name; } kNames[] = {
        {ge::FORMAT_NCHW, "NCHW"}, {ge::FORMAT_NHWC, "NHWC"}, {ge::FORMAT_ND, "ND"}, {ge::FORMAT_NC1HWC0, "NC1HWC0"},
        {ge::FORMAT_FRACTAL_Z, "FRACTAL_Z"}, {ge::FORMAT_HWCN, "HWCN"}, {ge::FORMAT_NDHWC, "NDHWC"},
        {ge::FORMAT_FRACTAL_NZ, "FRACTAL_NZ"}, {ge::FORMAT_NCDHW, "NCDHW"}, {ge::FORMAT_NDC1HWC0, "NDC1HWC0"},
        {ge::FORMAT_NC, "NC"}, {ge::FORMAT_NCL, "NCL"},
    };
    for (const auto& n : kNames) {
        if (n.f == static_cast<int>(format)) return ge::AscendString(n.name);
    }
    return ge::AscendString(("FORMAT_<" + std::to_string(static_cast<int>(format)) + ">").c_str());
}

ge::AscendString ToString(const aclIntArray* array)
{
    if (array == nullptr) return ge::AscendString("null");
    std::string s = "[";
    for (uint64_t i = 0; i < array->Size(); ++i) s += (i ? "," : "") + std::to_string((*array)[i]);
    return ge::AscendString((s + "]").c_str());
}

bool BroadcastInferShape(const Shape& self, const Shape& other, Shape& broadcastShape)
{
    const size_t n = self.GetDimNum() > other.GetDimNum() ? self.GetDimNum() : other.GetDimNum();
    Shape out;
    out.SetDimNum(n);
    for (size_t i = 0; i < n; ++i) {
        const size_t ia = i + self.GetDimNum();   // right-aligned index + n (avoids unsigned underflow)
        const size_t ib = i + other.GetDimNum();
        const int64_t a = ia >= n ? self.GetDim(ia - n) : 1;
        const int64_t b = ib >= n ? other.GetDim(ib - n) : 1;
        if (a != b && a != 1 && b != 1) return false;
        out.SetDim(i, a == 1 ? b : a);
    }
    broadcastShape = out;
    return true;
}

bool CheckBroadcastShape(const Shape& self, const Shape& other)
{
    Shape unused;
    return BroadcastInferShape(self, other, unused);
}

void ToShape(const int64_t* dims, uint64_t dimNum, Shape& shape)
{
    shape.SetDimNum(0);
    for (uint64_t i = 0; i < dimNum; ++i) shape.AppendDim(dims[i]);
}

void ToShape(const aclIntArray* dims, Shape& shape)
{
    ToShape(dims == nullptr ? nullptr : dims->GetData(), dims == nullptr ? 0 : dims->Size(), shape);
}

bool IsPrivateFormat(Format format)
{
    switch (ge::GetPrimaryFormat(format)) {
        case ge::FORMAT_ND: case ge::FORMAT_NCHW: case ge::FORMAT_NHWC: case ge::FORMAT_HWCN:
        case ge::FORMAT_NDHWC: case ge::FORMAT_NCDHW: case ge::FORMAT_NC: case ge::FORMAT_NCL:
            return false;
        default:
            return true;
    }
}

ge::AscendString ToString(const std::initializer_list<DataType>& types)
{
    return ge::AscendString(("[" + kgemu::acl::DtypeListString(types) + "]").c_str());
}

bool CanCast(DataType from, DataType to)
{
    if (IsComplexType(from) && !IsComplexType(to)) return false;
    if (IsFloatingType(from) && IsIntegralType(to)) return false;
    return !(to == DataType::DT_BOOL && from != DataType::DT_BOOL);
}

static const char* SocVersionName(SocVersion version)
{
    switch (version) {
        case SocVersion::ASCEND910: return "Ascend910";
        case SocVersion::ASCEND910B: return "Ascend910B";
        case SocVersion::ASCEND910_93: return "Ascend910_93";
        case SocVersion::ASCEND910_95: return "Ascend910_95";
        case SocVersion::ASCEND910E: return "Ascend910E";
        case SocVersion::ASCEND310: return "Ascend310";
        case SocVersion::ASCEND310P: return "Ascend310P";
        case SocVersion::ASCEND310B: return "Ascend310B";
        case SocVersion::ASCEND310C: return "Ascend310C";
        case SocVersion::ASCEND610LITE: return "Ascend610Lite";
        case SocVersion::ASCEND950: return "Ascend950";
        default: return "UnknownSocVersion";
    }
}

ge::AscendString ToString(SocVersion version) { return ge::AscendString(SocVersionName(version)); }

FVector<int64_t, MAX_DIM_NUM> ToShapeVector(const Shape& shape)
{
    FVector<int64_t, MAX_DIM_NUM> dims;
    for (size_t i = 0; i < shape.GetDimNum(); ++i) dims.push_back(shape.GetDim(i));
    return dims;
}

// ---- platform ------------------------------------------------------------------------------------------------
NpuArch PlatformInfo::GetCurNpuArch() const
{
    const KgSoc* soc = kgemu_acl_soc();
    switch (soc != nullptr ? soc->npu_arch : 0) {
        case 1001: return NpuArch::DAV_1001;
        case 2002: return NpuArch::DAV_2002;
        case 2201: return NpuArch::DAV_2201;
        case 3002: return NpuArch::DAV_3002;
        case 3510: return NpuArch::DAV_3510;
        default: return NpuArch::DAV_RESV;
    }
}

SocVersion PlatformInfo::GetSocVersion() const
{
    static const struct { const char* name; SocVersion v; } kNames[] = {
        {"ascend910", SocVersion::ASCEND910}, {"ascend910b", SocVersion::ASCEND910B},
        {"ascend910_93", SocVersion::ASCEND910_93}, {"ascend910_95", SocVersion::ASCEND910_95},
        {"ascend910e", SocVersion::ASCEND910E}, {"ascend310", SocVersion::ASCEND310},
        {"ascend310p", SocVersion::ASCEND310P}, {"ascend310b", SocVersion::ASCEND310B},
        {"ascend310c", SocVersion::ASCEND310C}, {"ascend610lite", SocVersion::ASCEND610LITE},
        {"ascend950", SocVersion::ASCEND950},
    };
    const KgSoc* soc = kgemu_acl_soc();
    const std::string name = soc != nullptr && soc->name != nullptr ? soc->name : "";
    for (const auto& n : kNames) {
        if (name == n.name) return n.v;
    }
    return SocVersion::RESERVED_VERSION;
}

const std::string& PlatformInfo::GetSocLongVersion() const
{
    static const std::string version = [] {
        const KgSoc* soc = kgemu_acl_soc();
        return std::string(soc != nullptr && soc->short_soc_version != nullptr ? soc->short_soc_version : "");
    }();
    return version;
}

int64_t PlatformInfo::GetBlockSize() const { return kgemu_acl_soc() != nullptr ? kgemu_acl_soc()->ub_block : 32; }
uint32_t PlatformInfo::GetCubeCoreNum() const { return kgemu_acl_soc() != nullptr ? kgemu_acl_soc()->core_num_aic : 0; }
uint32_t PlatformInfo::GetVectorCoreNum() const
{
    return kgemu_acl_soc() != nullptr ? kgemu_acl_soc()->core_num_aiv : 0;
}

const PlatformInfo& GetCurrentPlatformInfo()
{
    static const PlatformInfo info;
    return info;
}
}  // namespace op

namespace kgemu {
namespace acl {
std::string DtypeListString(const std::initializer_list<op::DataType>& types)
{
    std::string s;
    for (op::DataType t : types) s += (s.empty() ? "" : ", ") + std::string(op::ToString(t).GetString());
    return s;
}
}  // namespace acl
}  // namespace kgemu
