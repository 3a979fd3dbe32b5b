// kernelgen CPU emulator: the framework l0 operators that aclnn APIs chain around an operator's own kernel:
// l0op::Contiguous, Cast, BroadcastTo, ViewCopy, Reshape, Muls, Fill, and the ones ops-nn's op_api sources call
// from CANN's common kernels: Abs, Add, Sub, Mul, Div, RealDiv, Axpy, LogicalAnd/Or, OnesLike, ReduceSumOp,
// ReduceMean, Cumsum, UnsqueezeNd, SqueezeNd, Transpose, ReFormat/TransData (plain layouts only). Each allocates its output from the executor at stage 1 and records a
// step that does the work on the CPU at stage 2, with the operator's documented semantics (elementwise results
// rounded once from double to the dtype, as the NPU's correctly rounded float arithmetic gives).
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/reshape.h"
#include "opdev/aicpu/aicpu_task.h"
#include "aclnn_kernels/transdata.h"
#include "aclnn_kernels/transpose.h"
#include "level0/abs.h"
#include "level0/add.h"
#include "level0/axpy.h"
#include "level0/broadcast_to.h"
#include "level0/cumsum.h"
#include "level0/div.h"
#include "level0/fill.h"
#include "level0/logical_and.h"
#include "level0/logical_or.h"
#include "level0/mul.h"
#include "level0/muls.h"
#include "level0/ones_like.h"
#include "level0/realdiv.h"
#include "level0/reduce_mean.h"
#include "level0/reduce_sum_op.h"
#include "level0/squeeze.h"
#include "level0/sub.h"
#include "level0/unsqueeze.h"
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

namespace {
// A step computing out[i] = fn(x[i]) (values as double, rounded once to out's dtype).
const aclTensor* Unary(const char* name, const aclTensor* x, aclOpExecutor* executor, std::function<double(double)> fn)
{
    if (!CheckArgs(x, executor, name)) return nullptr;
    const op::DataType dtype = x->GetDataType();
    if (!kgemu::acl::IsConvertible(dtype)) {
        kgemu::acl::LogError(ACLNN_ERR_INNER, name, "dtype %s is not supported", op::ToString(dtype).GetString());
        return nullptr;
    }
    aclTensor* out = executor->AllocTensor(x->GetViewShape(), dtype, x->GetViewFormat());
    if (out == nullptr || x->IsEmpty()) return out;
    executor->AddStep(Step{name, {x}, {out}, [x, out, dtype, fn](const RunContext&) -> aclnnStatus {
        auto* dst = static_cast<uint8_t*>(out->GetStorageAddr());
        const uint32_t elem = out->ElementSize();
        for (int64_t i = 0; i < out->Numel(); ++i) {
            kgemu::acl::StoreFromDouble(dst + i * elem, dtype, fn(kgemu::acl::LoadAsDouble(x->ElementAddress(i), dtype)));
        }
        return ACLNN_SUCCESS;
    }});
    return out;
}

// A step computing out = fn(a, b) elementwise with numpy broadcasting; a and b share one dtype.
const aclTensor* Binary(const char* name, const aclTensor* a, const aclTensor* b, aclOpExecutor* executor,
                        std::function<double(double, double)> fn)
{
    if (!CheckArgs(a, executor, name) || !CheckArgs(b, executor, name)) return nullptr;
    const op::DataType dtype = a->GetDataType();
    if (b->GetDataType() != dtype || !kgemu::acl::IsConvertible(dtype)) {
        kgemu::acl::LogError(ACLNN_ERR_INNER, name, "%s and %s must have one supported dtype (the caller casts them first)",
                a->Describe().c_str(), b->Describe().c_str());
        return nullptr;
    }
    op::Shape shape;
    if (!op::BroadcastInferShape(a->GetViewShape(), b->GetViewShape(), shape)) {
        kgemu::acl::LogError(ACLNN_ERR_INNER, name, "%s and %s cannot be broadcast together", a->Describe().c_str(),
                b->Describe().c_str());
        return nullptr;
    }
    aclTensor* out = executor->AllocTensor(shape, dtype, a->GetViewFormat());
    if (out == nullptr || out->IsEmpty()) return out;
    executor->AddStep(Step{name, {a, b}, {out}, [a, b, out, dtype, shape, fn](const RunContext&) -> aclnnStatus {
        const BroadcastWalker wa(a, shape);
        const BroadcastWalker wb(b, shape);
        auto* dst = static_cast<uint8_t*>(out->GetStorageAddr());
        const uint32_t elem = out->ElementSize();
        for (int64_t i = 0; i < out->Numel(); ++i) {
            const double r = fn(kgemu::acl::LoadAsDouble(wa.Address(i), dtype), kgemu::acl::LoadAsDouble(wb.Address(i), dtype));
            kgemu::acl::StoreFromDouble(dst + i * elem, dtype, r);
        }
        return ACLNN_SUCCESS;
    }});
    return out;
}

// Sum (or mean) of x over axes; empty axes reduce everything unless `noopWhenEmpty` (then a copy).
const aclTensor* Reduce(const char* name, const aclTensor* x, const aclIntArray* axes, bool keepDims, bool mean,
                        bool noopWhenEmpty, aclOpExecutor* executor)
{
    if (!CheckArgs(x, executor, name)) return nullptr;
    if (axes == nullptr) {
        kgemu::acl::LogError(ACLNN_ERR_INNER_NULLPTR, name, "axes is null");
        return nullptr;
    }
    const op::DataType dtype = x->GetDataType();
    if (!kgemu::acl::IsConvertible(dtype)) {
        kgemu::acl::LogError(ACLNN_ERR_INNER, name, "dtype %s is not supported", op::ToString(dtype).GetString());
        return nullptr;
    }
    const op::Shape& xs = x->GetViewShape();
    const int64_t rank = static_cast<int64_t>(xs.GetDimNum());
    std::vector<bool> reduced(static_cast<size_t>(rank), axes->Size() == 0 && !noopWhenEmpty);
    for (uint64_t i = 0; i < axes->Size(); ++i) {
        int64_t axis = (*axes)[i];
        if (axis < -rank || axis >= (rank == 0 ? 1 : rank)) {
            kgemu::acl::LogError(ACLNN_ERR_INNER, name, "axis %lld is out of range for %s", static_cast<long long>(axis),
                    x->Describe().c_str());
            return nullptr;
        }
        if (rank > 0) reduced[static_cast<size_t>(axis < 0 ? axis + rank : axis)] = true;
    }
    op::Shape shape;
    int64_t count = 1;
    for (int64_t d = 0; d < rank; ++d) {
        if (!reduced[d]) {
            shape.AppendDim(xs.GetDim(d));
        } else {
            count *= xs.GetDim(d);
            if (keepDims) shape.AppendDim(1);
        }
    }
    aclTensor* out = executor->AllocTensor(shape, dtype, x->GetViewFormat());
    if (out == nullptr || out->IsEmpty()) return out;
    executor->AddStep(Step{name, {x}, {out}, [x, out, dtype, reduced, count, mean](const RunContext&) -> aclnnStatus {
        const op::Shape& xs = x->GetViewShape();
        std::vector<double> acc(static_cast<size_t>(out->Numel()), 0.0);
        for (int64_t i = 0; i < x->Numel(); ++i) {
            int64_t rest = i, outIndex = 0, scale = 1;
            for (size_t d = xs.GetDimNum(); d > 0; --d) {
                const int64_t dim = xs.GetDim(d - 1);
                if (!reduced[d - 1]) {
                    outIndex += (rest % dim) * scale;
                    scale *= dim;
                }
                rest /= dim;
            }
            acc[static_cast<size_t>(outIndex)] += kgemu::acl::LoadAsDouble(x->ElementAddress(i), dtype);
        }
        auto* dst = static_cast<uint8_t*>(out->GetStorageAddr());
        const uint32_t elem = out->ElementSize();
        for (size_t i = 0; i < acc.size(); ++i) {
            const double v = mean ? (count == 0 ? std::nan("") : acc[i] / static_cast<double>(count)) : acc[i];
            kgemu::acl::StoreFromDouble(dst + i * elem, dtype, v);
        }
        return ACLNN_SUCCESS;
    }});
    return out;
}

// A one-element dim list from the executor (null without one: the caller's null checks report it).
const aclIntArray* OneDim(int64_t dim, aclOpExecutor* executor)
{
    return executor == nullptr ? nullptr : executor->AllocIntArray(&dim, 1);
}

bool IsPlainFormat(op::Format format)
{
    switch (format) {
        case ge::FORMAT_ND: case ge::FORMAT_NCHW: case ge::FORMAT_NHWC: case ge::FORMAT_NCL: case ge::FORMAT_NCDHW:
        case ge::FORMAT_NDHWC: case ge::FORMAT_HWCN:
            return true;
        default:
            return false;
    }
}
}  // namespace

namespace l0op {
const aclTensor* Abs(const aclTensor* self, aclOpExecutor* executor)
{
    L0_DFX(Abs, self);
    return Unary("Abs", self, executor, [](double v) { return std::fabs(v); });
}

const aclTensor* OnesLike(const aclTensor* self, aclOpExecutor* executor)
{
    L0_DFX(OnesLike, self);
    return Unary("OnesLike", self, executor, [](double) { return 1.0; });
}

const aclTensor* Sub(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    L0_DFX(Sub, self, other);
    return Binary("Sub", self, other, executor, [](double a, double b) { return a - b; });
}

const aclTensor* RealDiv(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    L0_DFX(RealDiv, self, other);
    return Binary("RealDiv", self, other, executor, [](double a, double b) { return a / b; });
}

const aclTensor* ReduceSumOp(const aclTensor* x, const aclIntArray* axes, bool keep_dims, aclOpExecutor* executor)
{
    L0_DFX(ReduceSumOp, x, axes, keep_dims);
    return Reduce("ReduceSumOp", x, axes, keep_dims, false, true, executor);
}

const aclTensor* ReduceMean(const aclTensor* self, const aclIntArray* dim, bool keepDim, bool noopWithEmptyAxes,
                            aclOpExecutor* executor)
{
    L0_DFX(ReduceMean, self, dim, keepDim);
    return Reduce("ReduceMean", self, dim, keepDim, true, noopWithEmptyAxes, executor);
}

const aclTensor* ReduceMean(const aclTensor* self, const aclIntArray* dim, bool keepDim, aclOpExecutor* executor)
{
    return ReduceMean(self, dim, keepDim, false, executor);
}

const aclTensor* UnsqueezeNd(const aclTensor* x, const aclIntArray* dim, aclOpExecutor* executor)
{
    L0_DFX(UnsqueezeNd, x, dim);
    if (!CheckArgs(x, executor, __func__)) return nullptr;
    if (dim == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "UnsqueezeNd: dim is null");
        return nullptr;
    }
    const op::Shape& xs = x->GetViewShape();
    const int64_t rank = static_cast<int64_t>(xs.GetDimNum() + dim->Size());
    std::vector<bool> inserted(static_cast<size_t>(rank), false);
    for (uint64_t i = 0; i < dim->Size(); ++i) {
        const int64_t d = (*dim)[i] < 0 ? (*dim)[i] + rank : (*dim)[i];
        if (d < 0 || d >= rank || inserted[d]) {
            OP_LOGE(ACLNN_ERR_INNER, "UnsqueezeNd: dim %s is out of range or repeated for %s (output rank %lld)",
                    op::ToString(dim).GetString(), x->Describe().c_str(), static_cast<long long>(rank));
            return nullptr;
        }
        inserted[d] = true;
    }
    op::Shape target;
    size_t next = 0;
    for (int64_t d = 0; d < rank; ++d) target.AppendDim(inserted[d] ? 1 : xs.GetDim(next++));
    return Reshape(x, target, executor);
}

const aclTensor* UnsqueezeNd(const aclTensor* x, int64_t dim, aclOpExecutor* executor)
{
    return UnsqueezeNd(x, OneDim(dim, executor), executor);
}

const aclTensor* Transpose(const aclTensor* x, const aclIntArray* perm, aclOpExecutor* executor)
{
    L0_DFX(Transpose, x, perm);
    if (!CheckArgs(x, executor, __func__)) return nullptr;
    const op::Shape& xs = x->GetViewShape();
    const int64_t rank = static_cast<int64_t>(xs.GetDimNum());
    std::vector<int64_t> order;
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (uint64_t i = 0; perm != nullptr && i < perm->Size(); ++i) {
        const int64_t d = (*perm)[i] < 0 ? (*perm)[i] + rank : (*perm)[i];
        if (d < 0 || d >= rank || seen[d]) break;
        seen[d] = true;
        order.push_back(d);
    }
    if (perm == nullptr || static_cast<int64_t>(order.size()) != rank || static_cast<int64_t>(perm->Size()) != rank) {
        OP_LOGE(ACLNN_ERR_INNER, "Transpose: perm %s is not a permutation of the %lld dims of %s",
                perm == nullptr ? "(null)" : op::ToString(perm).GetString(), static_cast<long long>(rank),
                x->Describe().c_str());
        return nullptr;
    }
    op::Shape shape;
    for (int64_t d : order) shape.AppendDim(xs.GetDim(d));
    aclTensor* out = executor->AllocTensor(shape, x->GetDataType(), x->GetViewFormat());
    if (out == nullptr || out->IsEmpty()) return out;
    executor->AddStep(Step{"Transpose", {x}, {out}, [x, out, order](const RunContext&) -> aclnnStatus {
        const op::Shape& xs = x->GetViewShape();
        const op::Shape& os = out->GetViewShape();
        std::vector<int64_t> xStride(xs.GetDimNum(), 1);  // row-major linear strides of x's view
        for (size_t d = xs.GetDimNum(); d > 1; --d) xStride[d - 2] = xStride[d - 1] * xs.GetDim(d - 1);
        const uint32_t elem = x->ElementSize();
        auto* dst = static_cast<uint8_t*>(out->GetStorageAddr());
        for (int64_t i = 0; i < out->Numel(); ++i) {
            int64_t rest = i, src = 0;
            for (size_t d = os.GetDimNum(); d > 0; --d) {
                src += (rest % os.GetDim(d - 1)) * xStride[order[d - 1]];
                rest /= os.GetDim(d - 1);
            }
            std::memcpy(dst + i * elem, x->ElementAddress(src), elem);
        }
        return ACLNN_SUCCESS;
    }});
    return out;
}

const aclTensor* ReFormat(const aclTensor* x, const op::Format& format, aclOpExecutor* executor)
{
    if (x == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "ReFormat: the input tensor is null");
        return nullptr;
    }
    if (x->GetViewFormat() == format) return x;
    if (executor == nullptr) {  // CANN relabels the tensor itself when no executor is given
        const_cast<aclTensor*>(x)->format_ = format;
        return x;
    }
    if (!CheckArgs(x, executor, __func__)) return nullptr;
    aclTensor* out = executor->AllocTensor(x->GetViewShape(), x->GetDataType(), format);
    if (out == nullptr || x->IsEmpty()) return out;
    AddRowMajorCopy("ReFormat", x, out, executor);
    return out;
}

const aclTensor* TransData(const aclTensor* x, op::Format dstPrimaryFormat, int64_t groups, aclOpExecutor* executor)
{
    L0_DFX(TransData, x, dstPrimaryFormat, groups);
    if (!CheckArgs(x, executor, __func__)) return nullptr;
    if (!IsPlainFormat(dstPrimaryFormat) || !IsPlainFormat(x->GetViewFormat())) {
        OP_LOGE(ACLNN_ERR_INNER, "TransData of %s from %s to %s: kernelgen's emulator keeps tensors in plain layouts "
                "(ND, NCHW, NHWC, NCL, NCDHW, NDHWC, HWCN); private formats are not emulated",
                x->Describe().c_str(), op::ToString(x->GetViewFormat()).GetString(),
                op::ToString(dstPrimaryFormat).GetString());
        return nullptr;
    }
    return ReFormat(x, dstPrimaryFormat, executor);
}

const aclTensor* TransDataSpecial(const aclTensor* x, op::Format dstPrimaryFormat, int64_t groups,
                                  aclOpExecutor* executor)
{
    return TransData(x, dstPrimaryFormat, groups, executor);
}
const aclTensor* Add(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    L0_DFX(Add, self, other);
    return Binary("Add", self, other, executor, [](double a, double b) { return a + b; });
}

const aclTensor* Mul(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    L0_DFX(Mul, self, other);
    return Binary("Mul", self, other, executor, [](double a, double b) { return a * b; });
}

const aclTensor* Div(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    L0_DFX(Div, self, other);
    return Binary("Div", self, other, executor, [](double a, double b) { return a / b; });
}

const aclTensor* Axpy(const aclTensor* self, const aclTensor* other, float alpha, aclOpExecutor* executor)
{
    L0_DFX(Axpy, self, other, alpha);
    // the NPU computes alpha * other and the sum in the dtype: two roundings for float32, as here
    const bool isFloat = self != nullptr && self->GetDataType() == ge::DT_FLOAT;
    return Binary("Axpy", self, other, executor, [alpha, isFloat](double a, double b) {
        const double scaled = static_cast<double>(alpha) * b;
        return a + (isFloat ? static_cast<double>(static_cast<float>(scaled)) : scaled);
    });
}

const aclTensor* LogicalAnd(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    L0_DFX(LogicalAnd, self, other);
    return Binary("LogicalAnd", self, other, executor, [](double a, double b) { return (a != 0 && b != 0) ? 1.0 : 0.0; });
}

const aclTensor* LogicalOr(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    L0_DFX(LogicalOr, self, other);
    return Binary("LogicalOr", self, other, executor, [](double a, double b) { return (a != 0 || b != 0) ? 1.0 : 0.0; });
}

const aclTensor* SqueezeNd(const aclTensor* x, const aclIntArray* dim, aclOpExecutor* executor)
{
    L0_DFX(SqueezeNd, x, dim);
    if (!CheckArgs(x, executor, __func__)) return nullptr;
    if (dim == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "SqueezeNd: dim is null");
        return nullptr;
    }
    const op::Shape& xs = x->GetViewShape();
    const int64_t rank = static_cast<int64_t>(xs.GetDimNum());
    std::vector<bool> drop(static_cast<size_t>(rank), false);
    for (uint64_t i = 0; i < dim->Size(); ++i) {
        const int64_t d = (*dim)[i] < 0 ? (*dim)[i] + rank : (*dim)[i];
        if (rank == 0 && (d == 0 || d == -1)) continue;  // squeezing a 0-d tensor leaves it as it is
        if (d < 0 || d >= rank) {
            OP_LOGE(ACLNN_ERR_INNER, "SqueezeNd: dim %s is out of range for %s", op::ToString(dim).GetString(),
                    x->Describe().c_str());
            return nullptr;
        }
        drop[d] = xs.GetDim(d) == 1;
    }
    op::Shape target;
    for (int64_t d = 0; d < rank; ++d) {
        if (!drop[d]) target.AppendDim(xs.GetDim(d));
    }
    return Reshape(x, target, executor);
}

const aclTensor* SqueezeNd(const aclTensor* x, int64_t dim, aclOpExecutor* executor)
{
    return SqueezeNd(x, OneDim(dim, executor), executor);
}

const aclTensor* Cumsum(const aclTensor* x, const aclTensor* axis, aclOpExecutor* executor)
{
    L0_DFX(Cumsum, x, axis);
    if (!CheckArgs(x, executor, __func__) || !CheckArgs(axis, executor, __func__)) return nullptr;
    const op::DataType dtype = x->GetDataType();
    const op::DataType axisType = axis->GetDataType();
    if (!kgemu::acl::IsConvertible(dtype) || (axisType != ge::DT_INT32 && axisType != ge::DT_INT64) ||
        axis->Numel() != 1) {
        OP_LOGE(ACLNN_ERR_INNER, "Cumsum: %s must have a convertible dtype and axis %s one int32/int64 element",
                x->Describe().c_str(), axis->Describe().c_str());
        return nullptr;
    }
    aclTensor* out = executor->AllocTensor(x->GetViewShape(), dtype, x->GetViewFormat());
    if (out == nullptr || x->IsEmpty()) return out;
    executor->AddStep(Step{"Cumsum", {x, axis}, {out}, [x, axis, out, dtype, axisType](const RunContext&) -> aclnnStatus {
        const op::Shape& xs = x->GetViewShape();
        const int64_t rank = static_cast<int64_t>(xs.GetDimNum());
        int64_t a = static_cast<int64_t>(kgemu::acl::LoadAsDouble(axis->ElementAddress(0), axisType));
        if (a < 0) a += rank;
        if (rank == 0) a = 0;
        if (a < 0 || (rank > 0 && a >= rank)) {
            OP_LOGE(ACLNN_ERR_INNER, "Cumsum: axis %lld is out of range for %s", static_cast<long long>(a),
                    x->Describe().c_str());
            return ACLNN_ERR_INNER;
        }
        int64_t len = rank == 0 ? 1 : xs.GetDim(a), inner = 1;
        for (int64_t d = a + 1; d < rank; ++d) inner *= xs.GetDim(d);
        auto* dst = static_cast<uint8_t*>(out->GetStorageAddr());
        const uint32_t elem = out->ElementSize();
        for (int64_t base = 0; base < x->Numel(); base += len * inner) {
            for (int64_t j = 0; j < inner; ++j) {
                double acc = 0.0;
                for (int64_t k = 0; k < len; ++k) {
                    const int64_t i = base + k * inner + j;
                    acc += kgemu::acl::LoadAsDouble(x->ElementAddress(i), dtype);
                    kgemu::acl::StoreFromDouble(dst + i * elem, dtype, acc);
                }
            }
        }
        return ACLNN_SUCCESS;
    }});
    return out;
}
}  // namespace l0op

aclnnStatus kgemu::acl::AicpuNotEmulated(const char* opType)
{
    OP_LOGE(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "%s: the operator's op_api chose its AI CPU kernel, which kernelgen's "
            "emulator does not run (only AI Core kernels are emulated)", opType);
    return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
}
