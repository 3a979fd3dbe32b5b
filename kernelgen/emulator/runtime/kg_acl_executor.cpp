// kernelgen CPU emulator: aclOpExecutor and CommonOpExecutorRun (the second stage of every aclnn API).
#include <cstdio>
#include <cstring>
#include <mutex>
#include <set>
#include <string>

#include "aclnn/aclnn_base.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_executor.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"
#define KGEMU_ACL_DETAIL_OK
#include "kgemu/detail/acl_device.h"

namespace kgemu {
namespace acl {
namespace {
std::mutex g_executorsMu;
std::set<const aclOpExecutor*>& LiveExecutors()
{
    static auto* live = new std::set<const aclOpExecutor*>();
    return *live;
}

uint64_t AlignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

// The bytes a user tensor's view touches, from GetData(): (last element - first element + 1) * element size.
uint64_t ViewExtentBytes(const aclTensor* t)
{
    int64_t last = 0;
    const op::Shape& shape = t->GetViewShape();
    for (size_t i = 0; i < shape.GetDimNum(); ++i) last += (shape.GetDim(i) - 1) * t->GetViewStrides()[i];
    return static_cast<uint64_t>(last + 1) * t->ElementSize();
}

aclnnStatus CheckUserTensor(const aclTensor* t)
{
    if (t->IsEmpty()) return ACLNN_SUCCESS;
    if (t->GetStorageAddr() == nullptr) {
        OP_LOGE(ACLNN_ERR_RUNTIME_ERROR, "%s has no device memory (tensorData was null in aclCreateTensor)",
                t->Describe().c_str());
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    std::string why;
    const uint64_t bytes = ViewExtentBytes(t);
    if (!FindDeviceBuffer(t->GetData(), bytes, nullptr, &why)) {
        OP_LOGE(ACLNN_ERR_RUNTIME_ERROR, "%s: its %llu bytes at %p are not device memory: %s", t->Describe().c_str(),
                static_cast<unsigned long long>(bytes), t->GetData(), why.c_str());
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    return ACLNN_SUCCESS;
}
}  // namespace

aclOpExecutor* NewExecutor(const char* api)
{
    auto* executor = new (std::nothrow) aclOpExecutor(api);
    if (executor == nullptr) return nullptr;
    std::lock_guard<std::mutex> lock(g_executorsMu);
    LiveExecutors().insert(executor);
    return executor;
}

void DeleteExecutor(aclOpExecutor* executor)
{
    {
        std::lock_guard<std::mutex> lock(g_executorsMu);
        if (LiveExecutors().erase(executor) == 0) return;
    }
    executor->magic_ = kDeadMagic;
    delete executor;
}

bool IsLiveExecutor(const aclOpExecutor* executor)
{
    std::lock_guard<std::mutex> lock(g_executorsMu);
    return LiveExecutors().count(executor) != 0;
}

void UniqueExecutor::ReleaseTo(aclOpExecutor** executor)
{
    if (executor == nullptr) {
        OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "the executor output pointer is null; the plan is discarded");
        return;
    }
    *executor = executor_;
    executor_ = nullptr;
}
}  // namespace acl
}  // namespace kgemu

aclOpExecutor::~aclOpExecutor() = default;

aclTensor* aclOpExecutor::ConstTensor(const std::vector<double>& values, op::DataType dataType)
{
    op::Shape shape;
    shape.AppendDim(static_cast<int64_t>(values.size()));
    aclTensor* out = AllocTensor(shape, dataType, ge::FORMAT_ND);
    if (out == nullptr || values.empty()) return out;
    out->hostData_.assign(values.size() * out->ElementSize(), 0);
    for (size_t i = 0; i < values.size(); ++i) {
        kgemu::acl::StoreFromDouble(out->hostData_.data() + i * out->ElementSize(), dataType, values[i]);
    }
    AddStep(kgemu::acl::Step{"Const", {}, {out}, [out, values, dataType](const kgemu::acl::RunContext&) -> aclnnStatus {
        auto* dst = static_cast<uint8_t*>(out->GetStorageAddr());
        for (size_t i = 0; i < values.size(); ++i) {
            kgemu::acl::StoreFromDouble(dst + i * out->ElementSize(), dataType, values[i]);
        }
        return ACLNN_SUCCESS;
    }});
    return out;
}

aclTensor* aclOpExecutor::ConvertToTensor(const aclScalar* scalar, op::DataType dataType)
{
    if (scalar == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "ConvertToTensor: the scalar is null");
        return nullptr;
    }
    return ConstTensor({scalar->ToDouble()}, dataType);
}

aclTensor* aclOpExecutor::ConvertToTensor(const aclIntArray* array, op::DataType dataType)
{
    if (array == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "ConvertToTensor: the array is null");
        return nullptr;
    }
    return ConvertToTensor(array->GetData(), array->Size(), dataType);
}

aclTensor* aclOpExecutor::AllocTensor(const op::Shape& shape, op::DataType dataType, op::Format format)
{
    return AllocTensor(shape, shape, dataType, format, format);
}

aclTensor* aclOpExecutor::AllocTensor(op::DataType dataType, op::Format storageFormat, op::Format originFormat)
{
    return AllocTensor(op::Shape(), op::Shape(), dataType, storageFormat, originFormat);
}

aclTensor* aclOpExecutor::AllocTensor(const op::Shape& storageShape, const op::Shape& originShape,
                                      op::DataType dataType, op::Format storageFormat, op::Format originFormat)
{
    const uint32_t elem = kgemu::acl::ElementSize(dataType);
    if (elem == 0) {
        OP_LOGE(ACLNN_ERR_INNER, "cannot allocate a %s tensor: the dtype has no element size",
                op::ToString(dataType).GetString());
        return nullptr;
    }
    auto tensor = std::make_unique<aclTensor>();
    tensor->origin_ = kgemu::acl::TensorOrigin::kWorkspace;
    tensor->owner_ = this;
    tensor->dtype_ = dataType;
    tensor->format_ = storageFormat;
    tensor->SetOriginalFormat(originFormat);
    tensor->SetViewShape(storageShape);
    tensor->storageShape_ = storageShape;
    tensor->originShape_ = originShape;
    const int64_t numel = storageShape.GetShapeSize();
    tensor->workspaceOffset_ = workspaceSize_;
    workspaceSize_ += kgemu::acl::AlignUp(static_cast<uint64_t>(numel < 0 ? 0 : numel) * elem,
                                          kgemu::acl::kWorkspaceAlign);
    tensor->name_ = "workspace tensor #" + std::to_string(tensors_.size() + 1);
    tensors_.push_back(std::move(tensor));
    return tensors_.back().get();
}

aclScalar* aclOpExecutor::AllocScalar(const void* data, op::DataType dataType)
{
    const uint32_t size = kgemu::acl::ElementSize(dataType);
    if (data == nullptr || size == 0 || size > sizeof(aclScalar{}.bytes_)) {
        OP_LOGE(ACLNN_ERR_INNER, "AllocScalar: the value is null or dtype %s has no scalar size",
                op::ToString(dataType).GetString());
        return nullptr;
    }
    scalars_.push_back(std::make_unique<aclScalar>());
    scalars_.back()->dtype_ = dataType;
    std::memcpy(scalars_.back()->bytes_, data, size);
    return scalars_.back().get();
}

aclIntArray* aclOpExecutor::AllocIntArray(const int64_t* value, uint64_t size)
{
    if (size > 0 && value == nullptr) return nullptr;
    intArrays_.push_back(std::make_unique<aclIntArray>());
    intArrays_.back()->values_.assign(value, value + size);
    return intArrays_.back().get();
}

aclFloatArray* aclOpExecutor::AllocFloatArray(const float* value, uint64_t size)
{
    if (size > 0 && value == nullptr) return nullptr;
    floatArrays_.push_back(std::make_unique<aclFloatArray>());
    floatArrays_.back()->values_.assign(value, value + size);
    return floatArrays_.back().get();
}

aclBoolArray* aclOpExecutor::AllocBoolArray(const bool* value, uint64_t size)
{
    if (size > 0 && value == nullptr) return nullptr;
    boolArrays_.push_back(std::make_unique<aclBoolArray>());
    boolArrays_.back()->values_.assign(value, value + size);
    return boolArrays_.back().get();
}

void aclOpExecutor::AddStep(kgemu::acl::Step step)
{
    if (kgemu::acl::TraceEnabled()) {
        std::string line = "[TRACE]     plan step " + std::to_string(steps_.size() + 1) + ": " + step.name + "(";
        for (size_t i = 0; i < step.inputs.size(); ++i) {
            line += (i ? ", " : "") + (step.inputs[i] ? step.inputs[i]->Describe() : std::string("null"));
        }
        line += ") -> ";
        for (size_t i = 0; i < step.outputs.size(); ++i) line += (i ? ", " : "") + step.outputs[i]->Describe();
        std::fprintf(stderr, "%s\n", line.c_str());
    }
    steps_.push_back(std::move(step));
}

std::vector<const aclTensor*> aclOpExecutor::UserTensors() const
{
    std::vector<const aclTensor*> out;
    std::set<const aclTensor*> seen;
    for (const auto& step : steps_) {
        for (const auto* list : {&step.inputs, &step.outputs}) {
            for (const aclTensor* t : *list) {
                if (t != nullptr && t->origin_ == kgemu::acl::TensorOrigin::kUser && seen.insert(t).second) {
                    out.push_back(t);
                }
            }
        }
    }
    return out;
}

uint64_t aclOpExecutor::ReserveWorkspace(uint64_t bytes)
{
    const uint64_t offset = workspaceSize_;
    workspaceSize_ += kgemu::acl::AlignUp(bytes, kgemu::acl::kWorkspaceAlign);
    return offset;
}

void aclOpExecutor::BindWorkspace(uint8_t* workspace)
{
    for (auto& t : tensors_) t->storage_ = workspace == nullptr ? nullptr : workspace + t->workspaceOffset_;
}

extern "C" {

aclnnStatus CommonOpExecutorRun(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    using namespace kgemu::acl;
    if (executor == nullptr) {
        OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "executor is null; pass the executor the first stage returned");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (!IsLiveExecutor(executor)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "executor %p did not come from a first stage, or was already run or "
                "destroyed", static_cast<void*>(executor));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!IsLiveStream(stream)) {
        OP_LOGE(ACLNN_ERR_RUNTIME_ERROR, "stream %p was not created by aclrtCreateStream or is destroyed", stream);
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    const uint64_t need = executor->GetWorkspaceSize();
    if (workspaceSize < need) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "workspaceSize is %llu bytes, but the first stage needs %llu",
                static_cast<unsigned long long>(workspaceSize), static_cast<unsigned long long>(need));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (need > 0) {
        if (workspace == nullptr) {
            OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "workspace is null, but the first stage needs %llu bytes",
                    static_cast<unsigned long long>(need));
            return ACLNN_ERR_PARAM_NULLPTR;
        }
        std::string why;
        if (!FindDeviceBuffer(workspace, need, nullptr, &why)) {
            OP_LOGE(ACLNN_ERR_RUNTIME_ERROR, "workspace %p (%llu bytes needed) is not device memory: %s", workspace,
                    static_cast<unsigned long long>(need), why.c_str());
            return ACLNN_ERR_RUNTIME_ERROR;
        }
    }
    for (const aclTensor* t : executor->UserTensors()) {
        const aclnnStatus st = CheckUserTensor(t);
        if (st != ACLNN_SUCCESS) return st;
    }
    executor->BindWorkspace(static_cast<uint8_t*>(workspace));
    const RunContext ctx{static_cast<uint8_t*>(workspace), workspaceSize, stream};
    aclnnStatus status = ACLNN_SUCCESS;
    size_t index = 0;
    for (const auto& step : executor->Steps()) {
        ++index;
        if (TraceEnabled()) std::fprintf(stderr, "[TRACE]     run step %zu: %s\n", index, step.name.c_str());
        status = step.run(ctx);
        if (status != ACLNN_SUCCESS) {
            OP_LOGE(status, "step %zu (%s) of %s failed", index, step.name.c_str(), executor->Api().c_str());
            break;
        }
    }
    if (!executor->repeatable_) DeleteExecutor(executor);
    return status;
}

aclnnStatus aclnnInit(const char* configPath)
{
    (void)configPath;
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnFinalize(void) { return ACLNN_SUCCESS; }

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor)
{
    if (executor == nullptr) return ACLNN_SUCCESS;
    if (!kgemu::acl::IsLiveExecutor(executor)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "executor %p is not live", static_cast<void*>(executor));
        return ACLNN_ERR_PARAM_INVALID;
    }
    kgemu::acl::DeleteExecutor(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor)
{
    if (executor == nullptr || !kgemu::acl::IsLiveExecutor(executor)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "executor %p is not live", static_cast<void*>(executor));
        return ACLNN_ERR_PARAM_INVALID;
    }
    executor->repeatable_ = true;
    return ACLNN_SUCCESS;
}

}  // extern "C"
