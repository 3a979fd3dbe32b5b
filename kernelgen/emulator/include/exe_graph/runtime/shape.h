// kernelgen CPU emulator: gert::Shape (exe_graph/runtime/shape.h). Up to kMaxDimNum dims, value semantics.
#ifndef KGEMU_EXE_GRAPH_RUNTIME_SHAPE_H
#define KGEMU_EXE_GRAPH_RUNTIME_SHAPE_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <vector>

namespace gert {
struct Shape {
public:
    static constexpr size_t kMaxDimNum = 25;
    static constexpr int64_t kInvalidDimValue = std::numeric_limits<int64_t>::min();

    Shape() : dim_num_(0) { std::memset(dims_, 0, sizeof(dims_)); }
    Shape(const std::initializer_list<int64_t>& args) : Shape() {
        if (args.size() > kMaxDimNum) return;
        for (const int64_t d : args) dims_[dim_num_++] = d;
    }

    bool operator==(const Shape& rht) const {
        if (dim_num_ != rht.dim_num_) return false;
        for (size_t i = 0; i < dim_num_; ++i) {
            if (dims_[i] != rht.dims_[i]) return false;
        }
        return true;
    }
    bool operator!=(const Shape& rht) const { return !(*this == rht); }

    // Number of elements (1 for a scalar); kInvalidDimValue on int64 overflow.
    int64_t GetShapeSize() const {
        int64_t size = 1;
        for (size_t i = 0; i < dim_num_; ++i) {
            if (__builtin_mul_overflow(size, dims_[i], &size)) return kInvalidDimValue;
        }
        return size;
    }
    bool IsScalar() const { return dim_num_ == 0; }
    void SetScalar() { dim_num_ = 0; }
    size_t GetDimNum() const { return dim_num_; }
    void SetDimNum(const size_t dim_num) { dim_num_ = dim_num > kMaxDimNum ? kMaxDimNum : dim_num; }
    int64_t GetDim(const size_t idx) const { return idx >= kMaxDimNum ? kInvalidDimValue : dims_[idx]; }
    const int64_t& operator[](const size_t idx) const { return dims_[idx]; }
    int64_t& operator[](const size_t idx) { return dims_[idx]; }
    void SetDim(size_t idx, const int64_t dim_value) {
        if (idx < kMaxDimNum) dims_[idx] = dim_value;
    }
    Shape& AppendDim(const int64_t value) {
        if (dim_num_ < kMaxDimNum) dims_[dim_num_++] = value;
        return *this;
    }

private:
    size_t dim_num_;
    int64_t dims_[kMaxDimNum];
};
}  // namespace gert

#endif  // KGEMU_EXE_GRAPH_RUNTIME_SHAPE_H
