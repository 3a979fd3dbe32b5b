// kernelgen CPU emulator: the first stage of the aclnn APIs generated from an OpDef (kgemu/opdef_api.h).
#include "kgemu/opdef_api.h"

#include <string>
#include <utility>

#include "aclnn_kernels/contiguous.h"
#include "opdev/data_type_utils.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_log.h"
#include "opdev/tensor_view_utils.h"

namespace kgemu {
namespace acl {
namespace {
std::string DtypeName(int32_t dtype)
{
    std::string s = op::ToString(static_cast<op::DataType>(dtype)).GetString();
    return s.rfind("DT_", 0) == 0 ? s.substr(3) : s;
}

std::string FormatName(int32_t format)
{
    std::string s = op::ToString(static_cast<op::Format>(format)).GetString();
    return s.rfind("FORMAT_", 0) == 0 ? s.substr(7) : s;
}

// ND is the format an ACL client gives when it has no layout in mind; nnopbase matches it with any declared
// format, so only two different non-ND formats are a mismatch.
bool FormatMatches(int32_t given, int32_t declared)
{
    return given == declared || given == ge::FORMAT_ND || declared == ge::FORMAT_ND;
}
}  // namespace

void OpDefApi::Add(const char* name, bool output, bool optional, bool dynamic, bool null,
                   std::vector<const aclTensor*> tensors)
{
    Slot slot;
    slot.name = name;
    slot.output = output;
    slot.optional = optional;
    slot.dynamic = dynamic;
    slot.null = null;
    slot.tensors = std::move(tensors);
    tensors_.push_back(std::move(slot));
}

void OpDefApi::Input(const char* name, const aclTensor* tensor, bool optional)
{
    Add(name, false, optional, false, tensor == nullptr, {tensor});
}

void OpDefApi::Input(const char* name, const aclTensorList* list, bool optional)
{
    std::vector<const aclTensor*> items;
    if (list != nullptr) items.assign(list->GetData(), list->GetData() + list->Size());
    Add(name, false, optional, true, list == nullptr, items);
}

void OpDefApi::AddArray(const char* name, bool optional, bool null, std::vector<double> values, op::DataType dtype)
{
    Add(name, false, optional, false, null, {nullptr});
    tensors_.back().array = true;
    tensors_.back().values = std::move(values);
    tensors_.back().arrayDtype = dtype;
}

void OpDefApi::Input(const char* name, const aclIntArray* array, bool optional)
{
    std::vector<double> values;
    if (array != nullptr) values.assign(array->GetData(), array->GetData() + array->Size());
    AddArray(name, optional, array == nullptr, std::move(values), ge::DT_INT64);
}

void OpDefApi::Input(const char* name, const aclFloatArray* array, bool optional)
{
    std::vector<double> values;
    if (array != nullptr) values.assign(array->GetData(), array->GetData() + array->Size());
    AddArray(name, optional, array == nullptr, std::move(values), ge::DT_FLOAT);
}

void OpDefApi::Input(const char* name, const aclBoolArray* array, bool optional)
{
    std::vector<double> values;
    if (array != nullptr) values.assign(array->GetData(), array->GetData() + array->Size());
    AddArray(name, optional, array == nullptr, std::move(values), ge::DT_BOOL);
}

void OpDefApi::Output(const char* name, const aclTensor* tensor) { Add(name, true, false, false, tensor == nullptr, {tensor}); }

void OpDefApi::Output(const char* name, const aclTensorList* list)
{
    std::vector<const aclTensor*> items;
    if (list != nullptr) items.assign(list->GetData(), list->GetData() + list->Size());
    Add(name, true, false, true, list == nullptr, items);
}

aclnnStatus OpDefApi::CheckNull(uint64_t* workspaceSize, aclOpExecutor** executor) const
{
    for (const Slot& s : tensors_) {
        if (s.null && !s.optional) {
            LogError(ACLNN_ERR_PARAM_NULLPTR, api_, "%s %s is null; %s declares it REQUIRED",
                     s.output ? "output" : "input", s.name.c_str(), opType_);
            return ACLNN_ERR_PARAM_NULLPTR;
        }
        if (s.null) continue;
        for (size_t i = 0; i < s.tensors.size(); ++i) {
            if (s.tensors[i] == nullptr && !s.dynamic) continue;  // an optional input given as null
            if (s.tensors[i] == nullptr) {
                LogError(ACLNN_ERR_PARAM_NULLPTR, api_, "element %zu of the tensor list %s is null", i, s.name.c_str());
                return ACLNN_ERR_PARAM_NULLPTR;
            }
        }
        if (s.dynamic && s.tensors.empty() && !s.optional) {
            LogError(ACLNN_ERR_PARAM_INVALID, api_, "the tensor list %s is empty; %s needs at least one tensor",
                     s.name.c_str(), opType_);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    if (workspaceSize == nullptr || executor == nullptr) {
        LogError(ACLNN_ERR_PARAM_NULLPTR, api_, "argument %s is null; a valid object is required",
                 workspaceSize == nullptr ? "workspaceSize" : "executor");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus OpDefApi::CheckCombo() const
{
    if (tensors_.size() != slots_) {
        LogError(ACLNN_ERR_INNER, api_, "the generated API describes %zu tensors, the OpDef %zu", tensors_.size(), slots_);
        return ACLNN_ERR_INNER;
    }
    std::string given;
    for (size_t c = 0; c < count_; ++c) {
        bool dtypesMatch = true;
        bool formatsMatch = true;
        for (size_t k = 0; k < slots_; ++k) {
            const int32_t dtype = combos_[(c * slots_ + k) * 2];
            const int32_t format = combos_[(c * slots_ + k) * 2 + 1];
            for (const aclTensor* t : tensors_[k].tensors) {
                if (t == nullptr) continue;
                dtypesMatch = dtypesMatch && static_cast<int32_t>(t->GetDataType()) == dtype;
                formatsMatch = formatsMatch && FormatMatches(ge::GetPrimaryFormat(t->GetViewFormat()), format);
            }
        }
        if (dtypesMatch && formatsMatch) return ACLNN_SUCCESS;
    }
    for (const Slot& s : tensors_) {
        for (const aclTensor* t : s.tensors) {
            if (t == nullptr) continue;
            given += (given.empty() ? "" : ", ") + s.name + "=" + DtypeName(t->GetDataType()) + "/" +
                     FormatName(ge::GetPrimaryFormat(t->GetViewFormat()));
            break;
        }
    }
    std::string declared;
    for (size_t c = 0; c < count_ && c < 8; ++c) {
        declared += c == 0 ? "(" : "; (";
        for (size_t k = 0; k < slots_; ++k) {
            declared += (k ? ", " : "") + DtypeName(combos_[(c * slots_ + k) * 2]);
        }
        declared += ")";
    }
    LogError(ACLNN_ERR_PARAM_INVALID, api_, "dtypes/formats %s match no combination the OpDef of %s declares for "
             "this SOC: %s%s", given.c_str(), opType_, declared.c_str(), count_ > 8 ? "; ..." : "");
    return ACLNN_ERR_PARAM_INVALID;
}

aclnnStatus OpDefApi::Plan(uint64_t* workspaceSize, aclOpExecutor** executor)
{
    aclnnStatus ret = CheckNull(workspaceSize, executor);
    if (ret != ACLNN_SUCCESS) return ret;
    UniqueExecutor unique(api_);
    if (unique.get() == nullptr) return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    aclOpExecutor* exec = unique.get();
    for (Slot& s : tensors_) {  // a ValueDepend array becomes the const tensor the tiling and the kernel read
        if (!s.array || s.null) continue;
        const aclTensor* t = exec->ConstTensor(s.values, s.arrayDtype);
        if (t == nullptr) return ACLNN_ERR_INNER_NULLPTR;
        s.tensors = {t};
    }
    ret = CheckCombo();
    if (ret != ACLNN_SUCCESS) return ret;
    int64_t outElements = 0;
    for (const Slot& s : tensors_) {
        if (!s.output) continue;
        for (const aclTensor* t : s.tensors) outElements += t->Numel();
    }
    if (outElements == 0) {  // nothing to compute: no launch
        *workspaceSize = 0;
        unique.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }
    LaunchArgs args;
    std::vector<std::pair<const aclTensor*, const aclTensor*>> copyBack;  // (kernel output, strided user output)
    for (int pass = 0; pass < 2; ++pass) {
        std::vector<std::string> names;
        std::vector<const aclTensor*> tensors;
        for (const Slot& s : tensors_) {
            if (s.output != (pass == 1)) continue;
            for (const aclTensor* t : s.tensors) {
                const aclTensor* use = t;
                if (t != nullptr && !op::IsContiguous(t) && !t->IsEmpty()) {
                    if (!s.output) {
                        use = l0op::Contiguous(t, exec);
                    } else {
                        use = exec->AllocTensor(t->GetViewShape(), t->GetDataType(), t->GetViewFormat());
                        copyBack.emplace_back(use, t);
                    }
                    if (use == nullptr) return ACLNN_ERR_INNER_NULLPTR;
                }
                names.push_back(s.name);
                tensors.push_back(use);
            }
        }
        args.args.emplace_back(pass == 0 ? OpArgRole::kInput : OpArgRole::kOutput, std::move(names), std::move(tensors));
    }
    args.attrs = attrs_;
    ret = AddAiCoreLaunchImpl(exec, opType_, args);
    if (ret != ACLNN_SUCCESS) return ret;
    for (const auto& c : copyBack) {
        if (l0op::ViewCopy(c.first, c.second, exec) == nullptr) return ACLNN_ERR_INNER_NULLPTR;
    }
    *workspaceSize = exec->GetWorkspaceSize();
    unique.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
}  // namespace acl
}  // namespace kgemu
