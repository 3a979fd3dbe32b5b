// kernelgen CPU emulator (private): aclOpExecutor, the plan an aclnn first stage builds and the second runs.
//
// Stage 1 (aclnnXxxGetWorkspaceSize) calls l0 operators; each one allocates its outputs from the executor
// (AllocTensor: a slice of the workspace, 512-byte aligned) and appends one step. GetWorkspaceSize() is the sum
// of those slices. Stage 2 (CommonOpExecutorRun) checks the workspace and every tensor the steps touch, binds
// the workspace tensors and runs the steps in order: exactly what stage 1 planned, nothing re-derived.
#include "kgemu/detail/acl_guard.h"
#ifndef KGEMU_DETAIL_ACL_EXECUTOR_H
#define KGEMU_DETAIL_ACL_EXECUTOR_H

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "aclnn/aclnn_base.h"
#include "kgemu/detail/acl_objects.h"

namespace kgemu {
namespace acl {
constexpr uint32_t kExecutorMagic = 0x6B674558U;  // "kgEX"
constexpr uint64_t kWorkspaceAlign = 512;

struct RunContext {
    uint8_t* workspace;
    uint64_t workspaceSize;
    aclrtStream stream;
};

struct Step {
    std::string name;                       // "Contiguous", "Cast", "GeluGrad", ...
    std::vector<const aclTensor*> inputs;   // every tensor the step reads
    std::vector<const aclTensor*> outputs;  // every tensor the step writes
    std::function<aclnnStatus(const RunContext&)> run;
};
}  // namespace acl
}  // namespace kgemu

struct aclOpExecutor {
public:
    explicit aclOpExecutor(const char* api) : api_(api == nullptr ? "" : api) {}
    aclOpExecutor(const aclOpExecutor&) = delete;
    aclOpExecutor& operator=(const aclOpExecutor&) = delete;
    ~aclOpExecutor();

    // ---- opdev API used by l0 operators ----
    aclTensor* AllocTensor(const op::Shape& shape, op::DataType dataType, op::Format format = ge::FORMAT_ND);
    aclTensor* AllocTensor(const op::Shape& storageShape, const op::Shape& originShape, op::DataType dataType,
                           op::Format storageFormat, op::Format originFormat);
    // A tensor whose shape INFER_SHAPE sets later (its workspace slice is placed then); until then it is a scalar.
    aclTensor* AllocTensor(op::DataType dataType, op::Format storageFormat, op::Format originFormat);
    aclIntArray* AllocIntArray(const int64_t* value, uint64_t size);
    aclFloatArray* AllocFloatArray(const float* value, uint64_t size);
    aclBoolArray* AllocBoolArray(const bool* value, uint64_t size);
    // A scalar the executor owns: `data` holds one element of dataType; the template takes the C++ type's dtype
    // (float, double, bool, int8..int64, uint8..uint64).
    aclScalar* AllocScalar(const void* data, op::DataType dataType);
    template <typename T>
    aclScalar* AllocScalar(T value)
    {
        static_assert(std::is_arithmetic<T>::value, "AllocScalar(value) takes an arithmetic value");
        return AllocScalar(&value, ScalarDtype<T>());
    }
    uint64_t GetWorkspaceSize() const { return workspaceSize_; }
    // A 1-D tensor holding value[0..size) converted to dataType (written into the workspace when the executor runs).
    template <typename T>
    aclTensor* ConvertToTensor(const T* value, uint64_t size, op::DataType dataType)
    {
        std::vector<double> values(size);
        for (uint64_t i = 0; i < size; ++i) values[i] = static_cast<double>(value[i]);
        return ConstTensor(values, dataType);
    }
    aclTensor* ConvertToTensor(const aclScalar* scalar, op::DataType dataType);
    aclTensor* ConvertToTensor(const aclIntArray* array, op::DataType dataType);

    // ---- kernelgen emulator ----
    void AddStep(kgemu::acl::Step step);
    const std::vector<kgemu::acl::Step>& Steps() const { return steps_; }
    const std::string& Api() const { return api_; }
    // The tensors the steps touch that the caller owns (aclCreateTensor), in first-use order.
    std::vector<const aclTensor*> UserTensors() const;
    // Binds every workspace tensor to workspace + its offset.
    void BindWorkspace(uint8_t* workspace);
    // Reserves bytes of workspace for a kernel launch (what its tiling asked for); returns the offset.
    uint64_t ReserveWorkspace(uint64_t bytes);
    aclTensor* ConstTensor(const std::vector<double>& values, op::DataType dataType);

    uint32_t magic_ = kgemu::acl::kExecutorMagic;
    bool repeatable_ = false;

private:
    template <typename T>
    static op::DataType ScalarDtype()
    {
        if (std::is_same<T, bool>::value) return ge::DT_BOOL;
        if (std::is_floating_point<T>::value) return sizeof(T) == 4 ? ge::DT_FLOAT : ge::DT_DOUBLE;
        switch (sizeof(T)) {
            case 1: return std::is_signed<T>::value ? ge::DT_INT8 : ge::DT_UINT8;
            case 2: return std::is_signed<T>::value ? ge::DT_INT16 : ge::DT_UINT16;
            case 4: return std::is_signed<T>::value ? ge::DT_INT32 : ge::DT_UINT32;
            default: return std::is_signed<T>::value ? ge::DT_INT64 : ge::DT_UINT64;
        }
    }
    std::string api_;
    std::vector<std::unique_ptr<aclScalar>> scalars_;
    std::vector<kgemu::acl::Step> steps_;
    std::vector<std::unique_ptr<aclTensor>> tensors_;
    std::vector<std::unique_ptr<aclIntArray>> intArrays_;
    std::vector<std::unique_ptr<aclFloatArray>> floatArrays_;
    std::vector<std::unique_ptr<aclBoolArray>> boolArrays_;
    uint64_t workspaceSize_ = 0;
};

namespace kgemu {
namespace acl {
// Creates and registers an executor (null only if allocation fails).
aclOpExecutor* NewExecutor(const char* api);
// Unregisters and frees it.
void DeleteExecutor(aclOpExecutor* executor);
// True for an executor that NewExecutor made and that is still alive.
bool IsLiveExecutor(const aclOpExecutor* executor);

// What CREATE_EXECUTOR() returns: owns the executor until ReleaseTo hands it to the caller.
class UniqueExecutor {
public:
    explicit UniqueExecutor(const char* api) : executor_(NewExecutor(api)) {}
    UniqueExecutor(const UniqueExecutor&) = delete;
    UniqueExecutor& operator=(const UniqueExecutor&) = delete;
    UniqueExecutor(UniqueExecutor&& other) noexcept : executor_(other.executor_) { other.executor_ = nullptr; }
    ~UniqueExecutor()
    {
        if (executor_ != nullptr) DeleteExecutor(executor_);
    }
    aclOpExecutor* get() const { return executor_; }
    aclOpExecutor* operator->() const { return executor_; }
    // Hands the executor to *executor; with a null executor pointer it logs an error and keeps ownership.
    void ReleaseTo(aclOpExecutor** executor);

private:
    aclOpExecutor* executor_;
};
}  // namespace acl
}  // namespace kgemu

#endif  // KGEMU_DETAIL_ACL_EXECUTOR_H
