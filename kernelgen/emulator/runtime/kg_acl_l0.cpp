// kernelgen CPU emulator: the framework l0 operators that aclnn APIs chain around an operator's own kernel:
// l0op::Contiguous, l0op::Cast, l0op::BroadcastTo and l0op::ViewCopy. Each allocates its output from the
// executor at stage 1 and records a step that does the data movement on the CPU at stage 2.
#include <cstring>
#include <string>
#include <vector>

#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/reshape.h"
#include "opdev/aicpu/aicpu_task.h"
#include "level0/broadcast_to.h"
#include "level0/fill.h"
#include "level0/muls.h"
#include "opdev/data_type_utils.h"
#include "opdev/op_dfx.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"
#include "opdev/tensor_view_utils.h"

namespace {
using kgemu::acl::RunContext;
using kgemu::acl::Step;

bool CheckArgs(const aclTensor* x, aclOpExecutor* executor, const char* func)
{
    if (x == nullptr || executor == nullptr) {
        kgemu::acl::LogError(ACLNN_ERR_INNER_NULLPTR, func, "%s is null", x == nullptr ? "the input tensor" : "executor");
        return false;
    }
    if (x->ElementSize() == 0) {
        kgemu::acl::LogError(ACLNN_ERR_INNER, func, "%s: dtype %s has no element size", x->Describe().c_str(),
                             op::ToString(x->GetDataType()).GetString());
        return false;
    }
    return true;
}

// Element addresses of x's view expanded to `target` (numpy broadcasting): stride 0 on broadcast dims.
// A step copying x's view, element by element in row-major order, into the contiguous out.
void AddRowMajorCopy(const char* name, const aclTensor* x, aclTensor* out, aclOpExecutor* executor)
{
    executor->AddStep(Step{name, {x}, {out}, [x, out](const RunContext&) -> aclnnStatus {
        const uint32_t elem = x->ElementSize();
        auto* dst = static_cast<uint8_t*>(out->GetStorageAddr());
        const int64_t n = x->Numel();
        for (int64_t i = 0; i < n; ++i) std::memcpy(dst + i * elem, x->ElementAddress(i), elem);
        return ACLNN_SUCCESS;
    }});
}

struct BroadcastWalker {
    BroadcastWalker(const aclTensor* x, const op::Shape& target) : x(x), dims(target.GetDimNum()), strides(dims.size())
    {
        const op::Shape& xs = x->GetViewShape();
        const size_t lead = target.GetDimNum() - xs.GetDimNum();
        for (size_t i = 0; i < dims.size(); ++i) {
            dims[i] = target.GetDim(i);
            if (i < lead) continue;
            const size_t k = i - lead;
            strides[i] = (xs.GetDim(k) == 1 && dims[i] != 1) ? 0 : x->GetViewStrides()[k];
        }
    }
    const uint8_t* Address(int64_t linear) const
    {
        int64_t elem = x->GetViewOffset();
        for (size_t i = dims.size(); i > 0; --i) {
            elem += (linear % dims[i - 1]) * strides[i - 1];
            linear /= dims[i - 1];
        }
        return static_cast<const uint8_t*>(x->GetStorageAddr()) + elem * static_cast<int64_t>(x->ElementSize());
    }
    const aclTensor* x;
    std::vector<int64_t> dims;
    std::vector<int64_t> strides;
};
}  // namespace

namespace l0op {

const aclTensor* Contiguous(const aclTensor* x, aclOpExecutor* executor)
{
    L0_DFX(Contiguous, x);
    if (!CheckArgs(x, executor, __func__)) return nullptr;
    if (op::IsContiguous(x)) return x;
    aclTensor* out = executor->AllocTensor(x->GetViewShape(), x->GetDataType(), x->GetViewFormat());
    if (out == nullptr) return nullptr;
    if (x->IsEmpty()) return out;
    AddRowMajorCopy("Contiguous", x, out, executor);
    return out;
}

const aclTensor* ViewCopy(const aclTensor* x, const aclTensor* y, aclOpExecutor* executor)
{
    L0_DFX(ViewCopy, x, y);
    if (!CheckArgs(x, executor, __func__) || !CheckArgs(y, executor, __func__)) return nullptr;
    if (x->GetDataType() != y->GetDataType() || x->Numel() != y->Numel()) {
        OP_LOGE(ACLNN_ERR_INNER, "cannot copy %s into %s: dtype or element count differs", x->Describe().c_str(),
                y->Describe().c_str());
        return nullptr;
    }
    if (x == y || x->IsEmpty()) return y;
    executor->AddStep(Step{"ViewCopy", {x}, {y}, [x, y](const RunContext&) -> aclnnStatus {
        const uint32_t elem = x->ElementSize();
        const int64_t n = x->Numel();
        for (int64_t i = 0; i < n; ++i) std::memcpy(y->ElementAddress(i), x->ElementAddress(i), elem);
        return ACLNN_SUCCESS;
    }});
    return y;
}

const aclTensor* Cast(const aclTensor* self, op::DataType dstDtype, aclOpExecutor* executor)
{
    L0_DFX(Cast, self, dstDtype);
    if (!CheckArgs(self, executor, __func__)) return nullptr;
    const op::DataType src = self->GetDataType();
    if (src == dstDtype) return self;
    if (!kgemu::acl::IsConvertible(src) || !kgemu::acl::IsConvertible(dstDtype)) {
        OP_LOGE(ACLNN_ERR_INNER, "Cast from %s to %s is not supported", op::ToString(src).GetString(),
                op::ToString(dstDtype).GetString());
        return nullptr;
    }
    aclTensor* out = executor->AllocTensor(self->GetViewShape(), dstDtype, self->GetViewFormat());
    if (out == nullptr) return nullptr;
    if (self->IsEmpty()) return out;
    executor->AddStep(Step{"Cast", {self}, {out}, [self, out, src, dstDtype](const RunContext&) -> aclnnStatus {
        const uint32_t elem = out->ElementSize();
        auto* dst = static_cast<uint8_t*>(out->GetStorageAddr());
        const int64_t n = self->Numel();
        for (int64_t i = 0; i < n; ++i) {
            kgemu::acl::StoreFromDouble(dst + i * elem, dstDtype, kgemu::acl::LoadAsDouble(self->ElementAddress(i), src));
        }
        return ACLNN_SUCCESS;
    }});
    return out;
}

const aclTensor* BroadcastTo(const aclTensor* x, const aclIntArray* shape, aclOpExecutor* executor)
{
    L0_DFX(BroadcastTo, x, shape);
    if (!CheckArgs(x, executor, __func__)) return nullptr;
    if (shape == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "shape is null");
        return nullptr;
    }
    op::Shape target;
    op::ToShape(shape, target);
    op::Shape inferred;
    if (target.GetDimNum() < x->GetViewShape().GetDimNum() ||
        !op::BroadcastInferShape(x->GetViewShape(), target, inferred) || inferred != target) {
        OP_LOGE(ACLNN_ERR_INNER, "%s cannot be broadcast to %s", x->Describe().c_str(), op::ToString(target).GetString());
        return nullptr;
    }
    if (x->GetViewShape() == target && op::IsContiguous(x)) return x;
    aclTensor* out = executor->AllocTensor(target, x->GetDataType(), x->GetViewFormat());
    if (out == nullptr) return nullptr;
    if (out->IsEmpty()) return out;
    executor->AddStep(Step{"BroadcastTo", {x}, {out}, [x, out, target](const RunContext&) -> aclnnStatus {
        const BroadcastWalker walker(x, target);
        const uint32_t elem = x->ElementSize();
        auto* dst = static_cast<uint8_t*>(out->GetStorageAddr());
        const int64_t n = out->Numel();
        for (int64_t i = 0; i < n; ++i) std::memcpy(dst + i * elem, walker.Address(i), elem);
        return ACLNN_SUCCESS;
    }});
    return out;
}

const aclTensor* Reshape(const aclTensor* x, const op::Shape& shape, aclOpExecutor* executor)
{
    L0_DFX(Reshape, x);
    if (!CheckArgs(x, executor, __func__)) return nullptr;
    op::Shape target = shape;
    int64_t known = 1;
    int inferred = -1;
    for (size_t i = 0; i < target.GetDimNum(); ++i) {
        if (target.GetDim(i) == -1 && inferred < 0) {
            inferred = static_cast<int>(i);
        } else {
            known *= target.GetDim(i);
        }
    }
    if (inferred >= 0 && known > 0) target.SetDim(inferred, x->Numel() / known);
    if (target.GetShapeSize() != x->Numel()) {
        OP_LOGE(ACLNN_ERR_INNER, "cannot reshape %s to %s: the element counts differ", x->Describe().c_str(),
                op::ToString(target).GetString());
        return nullptr;
    }
    aclTensor* out = executor->AllocTensor(target, x->GetDataType(), x->GetViewFormat());
    if (out == nullptr || x->IsEmpty()) return out;
    AddRowMajorCopy("Reshape", x, out, executor);
    return out;
}

const aclTensor* BroadcastTo(const aclTensor* x, const aclTensor* y, const aclTensor* shape, aclOpExecutor* executor)
{
    (void)shape;
    if (!CheckArgs(x, executor, __func__) || !CheckArgs(y, executor, __func__)) return nullptr;
    const op::Shape& target = y->GetViewShape();
    std::vector<int64_t> dims(target.GetDimNum());
    for (size_t i = 0; i < dims.size(); ++i) dims[i] = target.GetDim(i);
    const aclIntArray* array = executor->AllocIntArray(dims.data(), dims.size());
    return array == nullptr ? nullptr : BroadcastTo(x, array, executor);
}

const aclTensor* Muls(const aclTensor* x, float value, aclOpExecutor* executor)
{
    L0_DFX(Muls, x, value);
    if (!CheckArgs(x, executor, __func__)) return nullptr;
    const op::DataType dtype = x->GetDataType();
    if (!kgemu::acl::IsConvertible(dtype)) {
        OP_LOGE(ACLNN_ERR_INNER, "Muls: dtype %s is not supported", op::ToString(dtype).GetString());
        return nullptr;
    }
    aclTensor* out = executor->AllocTensor(x->GetViewShape(), dtype, x->GetViewFormat());
    if (out == nullptr || x->IsEmpty()) return out;
    executor->AddStep(Step{"Muls", {x}, {out}, [x, out, dtype, value](const RunContext&) -> aclnnStatus {
        auto* dst = static_cast<uint8_t*>(out->GetStorageAddr());
        for (int64_t i = 0; i < x->Numel(); ++i) {
            const float v = static_cast<float>(kgemu::acl::LoadAsDouble(x->ElementAddress(i), dtype)) * value;
            kgemu::acl::StoreFromDouble(dst + i * out->ElementSize(), dtype, v);
        }
        return ACLNN_SUCCESS;
    }});
    return out;
}

const aclTensor* Fill(const aclTensor* dims, const aclTensor* value, const aclIntArray* outShape,
                      aclOpExecutor* executor)
{
    (void)dims;
    L0_DFX(Fill, value);
    if (!CheckArgs(value, executor, __func__)) return nullptr;
    if (outShape == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Fill: outShape is null");
        return nullptr;
    }
    op::Shape shape;
    for (uint64_t i = 0; i < outShape->Size(); ++i) shape.AppendDim((*outShape)[i]);
    aclTensor* out = executor->AllocTensor(shape, value->GetDataType(), ge::FORMAT_ND);
    if (out == nullptr || out->IsEmpty()) return out;
    executor->AddStep(Step{"Fill", {value}, {out}, [value, out](const RunContext&) -> aclnnStatus {
        const uint32_t elem = out->ElementSize();
        auto* dst = static_cast<uint8_t*>(out->GetStorageAddr());
        for (int64_t i = 0; i < out->Numel(); ++i) std::memcpy(dst + i * elem, value->ElementAddress(0), elem);
        return ACLNN_SUCCESS;
    }});
    return out;
}

const aclTensor* Reshape(const aclTensor* x, const aclIntArray* shape, aclOpExecutor* executor)
{
    if (shape == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Reshape: the shape array is null");
        return nullptr;
    }
    op::Shape target;
    for (uint64_t i = 0; i < shape->Size(); ++i) target.AppendDim((*shape)[i]);
    return Reshape(x, target, executor);
}
}  // namespace l0op

aclnnStatus kgemu::acl::AicpuNotEmulated(const char* opType)
{
    OP_LOGE(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "%s: the operator's op_api chose its AI CPU kernel, which kernelgen's "
            "emulator does not run (only AI Core kernels are emulated)", opType);
    return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
}
