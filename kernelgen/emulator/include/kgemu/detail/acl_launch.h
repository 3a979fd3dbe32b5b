// kernelgen CPU emulator (private): ADD_TO_LAUNCHER_LIST_AICORE. At stage 1 it checks that an emulated kernel
// was built for the tensors' dtypes and records a step; at stage 2 that step fills a KgRunRequest
// (kgemu/abi.h) with the tensors' device memory and calls kg_run, which runs the operator's registered tiling
// and then the kernel on every block, in this process.
#include "kgemu/detail/acl_guard.h"
#ifndef KGEMU_DETAIL_ACL_LAUNCH_H
#define KGEMU_DETAIL_ACL_LAUNCH_H

#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "aclnn/aclnn_base.h"
#include "kgemu/detail/acl_executor.h"
#include "kgemu/detail/acl_log.h"

namespace kgemu {
namespace acl {
enum class OpArgRole { kInput, kOutput };

struct OpArgs {
    OpArgs(OpArgRole role, const char* names, std::initializer_list<const aclTensor*> tensors)
        : role(role), names(SplitArgNames(names)), tensors(tensors) {}
    // One name per tensor (a DYNAMIC list repeats its OpDef name for each element).
    OpArgs(OpArgRole role, std::vector<std::string> names, std::vector<const aclTensor*> tensors)
        : role(role), names(std::move(names)), tensors(std::move(tensors)) {}
    OpArgRole role;
    std::vector<std::string> names;
    std::vector<const aclTensor*> tensors;
};

struct OpAttr {
    std::string name;
    int32_t kind;               // KgAttrKind (kgemu/abi.h)
    double f = 0.0;
    int64_t i = 0;
    std::string s;
    std::vector<double> list_f;
    std::vector<int64_t> list_i;
};

struct OpAttrs {
    std::vector<OpAttr> attrs;
};

void SetAttrValue(OpAttr& attr, double value);
void SetAttrValue(OpAttr& attr, float value);
void SetAttrValue(OpAttr& attr, bool value);
void SetAttrValue(OpAttr& attr, int64_t value);
void SetAttrValue(OpAttr& attr, const char* value);
void SetAttrValue(OpAttr& attr, const std::string& value);
void SetAttrValue(OpAttr& attr, const aclIntArray* value);
void SetAttrValue(OpAttr& attr, const aclFloatArray* value);
void SetAttrValue(OpAttr& attr, const aclBoolArray* value);
template <typename T, typename std::enable_if<std::is_integral<T>::value && !std::is_same<T, bool>::value &&
                                                  !std::is_same<T, int64_t>::value, int>::type = 0>
void SetAttrValue(OpAttr& attr, T value)
{
    SetAttrValue(attr, static_cast<int64_t>(value));
}

inline void FillAttrs(OpAttrs&, const std::vector<std::string>&, size_t) {}
template <typename T, typename... Rest>
void FillAttrs(OpAttrs& out, const std::vector<std::string>& names, size_t index, const T& value, const Rest&... rest)
{
    OpAttr attr;
    attr.name = index < names.size() ? names[index] : "attr" + std::to_string(index);
    SetAttrValue(attr, value);
    out.attrs.push_back(attr);
    FillAttrs(out, names, index + 1, rest...);
}

template <typename... T>
OpAttrs MakeAttrs(const char* names, const T&... values)
{
    OpAttrs out;
    FillAttrs(out, SplitArgNames(names), 0, values...);
    return out;
}

struct LaunchArgs {
    std::vector<OpArgs> args;
    OpAttrs attrs;
};

inline void CollectLaunchArgs(LaunchArgs&) {}
template <typename... Rest>
void CollectLaunchArgs(LaunchArgs& out, const OpArgs& args, const Rest&... rest)
{
    out.args.push_back(args);
    CollectLaunchArgs(out, rest...);
}
template <typename... Rest>
void CollectLaunchArgs(LaunchArgs& out, const OpAttrs& attrs, const Rest&... rest)
{
    out.attrs.attrs.insert(out.attrs.attrs.end(), attrs.attrs.begin(), attrs.attrs.end());
    CollectLaunchArgs(out, rest...);
}

aclnnStatus AddAiCoreLaunchImpl(aclOpExecutor* executor, const char* opType, const LaunchArgs& args);

template <typename... T>
aclnnStatus AddAiCoreLaunch(aclOpExecutor* executor, const char* opType, const T&... args)
{
    LaunchArgs collected;
    CollectLaunchArgs(collected, args...);
    return AddAiCoreLaunchImpl(executor, opType, collected);
}

// INFER_SHAPE: runs opType's registered infershape on the inputs' view shapes and the attributes, and gives each
// output its inferred shape (view, storage and origin; row-major). An executor->AllocTensor output gets a new
// workspace slice of that size; an output the caller owns must already have the inferred shape. ACLNN_SUCCESS,
// or ACLNN_ERR_INNER_INFERSHAPE_ERROR (unknown op type, the infershape failed or left an output unset,
// a caller-owned output of another shape), logged with the reason.
aclnnStatus InferShapeImpl(const char* opType, const LaunchArgs& args);

template <typename... T>
aclnnStatus InferShape(const char* opType, const T&... args)
{
    LaunchArgs collected;
    CollectLaunchArgs(collected, args...);
    return InferShapeImpl(opType, collected);
}
}  // namespace acl
}  // namespace kgemu

#endif  // KGEMU_DETAIL_ACL_LAUNCH_H
