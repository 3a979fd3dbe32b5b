// kernelgen CPU emulator (host side): graph/tensor.h: ge::Shape (graph/types.h defines it), ge::TensorDesc and
// ge::Tensor as far as ops-nn's unit-test helpers (tests/ut/common/infershape_test_util.cpp) describe tensors
// with them: shape, origin shape, format, dtype, shape range, name, and a tensor's bytes.
#ifndef KGEMU_GRAPH_TENSOR_H
#define KGEMU_GRAPH_TENSOR_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"
#include "graph/types.h"

namespace ge {
class TensorDesc {
public:
    TensorDesc() = default;
    explicit TensorDesc(const Shape& shape, Format format = FORMAT_ND, DataType dt = DT_FLOAT)
        : shape_(shape), origin_shape_(shape), format_(format), origin_format_(format), dtype_(dt) {}
    Shape GetShape() const { return shape_; }
    void SetShape(const Shape& s) { shape_ = s; }
    Shape GetOriginShape() const { return origin_shape_; }
    void SetOriginShape(const Shape& s) { origin_shape_ = s; }
    Format GetFormat() const { return format_; }
    void SetFormat(Format f) { format_ = f; }
    Format GetOriginFormat() const { return origin_format_; }
    void SetOriginFormat(Format f) { origin_format_ = f; }
    DataType GetDataType() const { return dtype_; }
    void SetDataType(DataType d) { dtype_ = d; }
    graphStatus SetShapeRange(const std::vector<std::pair<int64_t, int64_t>>& r) {
        range_ = r;
        return GRAPH_SUCCESS;
    }
    graphStatus GetShapeRange(std::vector<std::pair<int64_t, int64_t>>& r) const {
        r = range_;
        return GRAPH_SUCCESS;
    }
    graphStatus SetOriginShapeRange(const std::vector<std::pair<int64_t, int64_t>>& r) {
        origin_range_ = r;
        return GRAPH_SUCCESS;
    }
    void SetName(const char* n) { name_ = n == nullptr ? "" : n; }
    void SetName(const std::string& n) { name_ = n; }
    graphStatus GetName(AscendString& n) const {
        n = AscendString(name_.c_str());
        return GRAPH_SUCCESS;
    }

private:
    Shape shape_;
    Shape origin_shape_;
    Format format_ = FORMAT_ND;
    Format origin_format_ = FORMAT_ND;
    DataType dtype_ = DT_FLOAT;
    std::vector<std::pair<int64_t, int64_t>> range_;
    std::vector<std::pair<int64_t, int64_t>> origin_range_;
    std::string name_;
};

class Tensor {
public:
    Tensor() = default;
    explicit Tensor(const TensorDesc& desc) : desc_(desc) {}
    Tensor(const TensorDesc& desc, const uint8_t* data, size_t size) : desc_(desc), data_(data, data + size) {}
    TensorDesc GetTensorDesc() const { return desc_; }
    graphStatus SetTensorDesc(const TensorDesc& d) {
        desc_ = d;
        return GRAPH_SUCCESS;
    }
    graphStatus SetData(const uint8_t* data, size_t size) {
        data_.assign(data, data + size);
        return GRAPH_SUCCESS;
    }
    graphStatus SetData(const std::vector<uint8_t>& d) {
        data_ = d;
        return GRAPH_SUCCESS;
    }
    const uint8_t* GetData() const { return data_.data(); }
    uint8_t* GetData() { return data_.data(); }
    size_t GetSize() const { return data_.size(); }
    DataType GetDataType() const { return desc_.GetDataType(); }
    Format GetFormat() const { return desc_.GetFormat(); }
    Format GetOriginFormat() const { return desc_.GetOriginFormat(); }
    size_t GetShapeDimNum() const { return desc_.GetShape().GetDimNum(); }
    int64_t GetShapeDim(size_t i) const { return desc_.GetShape().GetDim(i); }
    size_t GetOriginShapeDimNum() const { return desc_.GetOriginShape().GetDimNum(); }
    int64_t GetOriginShapeDim(size_t i) const { return desc_.GetOriginShape().GetDim(i); }

private:
    TensorDesc desc_;
    std::vector<uint8_t> data_;
};
}  // namespace ge

#endif  // KGEMU_GRAPH_TENSOR_H
