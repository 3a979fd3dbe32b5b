// kernelgen CPU emulator (private, host side): REG_OP and its chain (INPUT, OUTPUT, ATTR, ...), as operator
// prototypes (op_graph/*_proto.h) write them: `REG_OP(Name).INPUT(x, T).ATTR(a, Int, 0).OP_END_FACTORY_REG(Name)`.
// Each prototype becomes a class op::<Name> deriving ge::Operator whose constructor declares the inputs, outputs
// and attribute defaults in prototype order, with the generated accessors graph-mode unit tests call
// (update_input_desc_x, set_attr_a, get_output_desc_y, create_dynamic_input_x, set_input_x). Like metadef's
// macros, each link ends the previous private member function (which calls the next one) and opens its own; the
// leading `.` of each link applies to the Chain value the previous function left open.
#include "kgemu/detail/host_guard.h"
#ifndef KGEMU_DETAIL_HOST_GE_OPERATOR_REG_H
#define KGEMU_DETAIL_HOST_GE_OPERATOR_REG_H

#include <string>

#include "kgemu/detail/host_ge_operator.h"

namespace ge {
namespace kgemu_reg {
struct Chain {
    void Link() const {}
};
}  // namespace kgemu_reg
}  // namespace ge

#define REG_OP(x)                                                                        \
    namespace op {                                                                       \
    class x : public ::ge::Operator {                                                    \
        typedef x _THIS_TYPE;                                                            \
                                                                                         \
    public:                                                                              \
        explicit x(const char* name) : ::ge::Operator(name, #x) { kgemu_reg_(); }        \
        explicit x(const std::string& name) : ::ge::Operator(name, std::string(#x)) {    \
            kgemu_reg_();                                                                \
        }                                                                                \
        explicit x(const ::ge::AscendString& name) : ::ge::Operator(name, #x) { kgemu_reg_(); } \
        x() : ::ge::Operator(#x) { kgemu_reg_(); }                                       \
        static const char* kgemu_op_type() { return #x; }                                \
                                                                                         \
    private:                                                                             \
        void kgemu_reg_() { ::ge::kgemu_reg::Chain()

// ends the open function by calling kgemu_<tag>_<name>, and opens that one (body: `what;` then the chain value)
#define KGEMU_REG_NEXT(tag, n, what, ...)                                                \
    Link();                                                                              \
    kgemu_##tag##_##n();                                                                 \
    }                                                                                    \
                                                                                         \
public:                                                                                  \
    __VA_ARGS__                                                                          \
private:                                                                                 \
    void kgemu_##tag##_##n() {                                                           \
        what;                                                                            \
        ::ge::kgemu_reg::Chain()

// The accessors inputs and outputs share (dir: input or output, Dir: Input or Output): get_<dir>_desc_<n> and
// update_<dir>_desc_<n>, and for a dynamic one create_dynamic_<dir>_<n> with the per-index desc accessors.
#define KGEMU_REG_DESC_API(dir, Dir, n)                                                                \
    ::ge::TensorDesc get_##dir##_desc_##n() const { return Get##Dir##DescByName(#n); }                 \
    ::ge::graphStatus update_##dir##_desc_##n(const ::ge::TensorDesc& d) { return Update##Dir##Desc(#n, d); }
#define KGEMU_REG_DYNAMIC_API(dir, Dir, n)                                                             \
    _THIS_TYPE& create_dynamic_##dir##_##n(uint32_t num, bool = true) {                                \
        KgemuDynamic##Dir(#n, num); return *this;                                                      \
    }                                                                                                  \
    ::ge::TensorDesc get_dynamic_##dir##_desc_##n(uint32_t i) const {                                  \
        return Get##Dir##DescByName((std::string(#n) + std::to_string(i)).c_str());                    \
    }                                                                                                  \
    ::ge::graphStatus update_dynamic_##dir##_desc_##n(uint32_t i, const ::ge::TensorDesc& d) {         \
        return Update##Dir##Desc(std::string(#n) + std::to_string(i), d);                              \
    }
#define KGEMU_REG_INPUT_API(n)                                                                        \
    static const char* name_in_##n() { return #n; }                                                  \
    _THIS_TYPE& set_input_##n(::ge::Operator& v) { KgemuLink(#n, v); return *this; }                  \
    _THIS_TYPE& set_input_##n(::ge::Operator& v, const char*) { KgemuLink(#n, v); return *this; }     \
    _THIS_TYPE& set_input_##n(::ge::Operator& v, uint32_t) { KgemuLink(#n, v); return *this; }        \
    KGEMU_REG_DESC_API(input, Input, n)

#define INPUT(n, t) KGEMU_REG_NEXT(in, n, KgemuInput(#n), KGEMU_REG_INPUT_API(n))
#define OPTIONAL_INPUT(n, t) KGEMU_REG_NEXT(in, n, KgemuInput(#n), KGEMU_REG_INPUT_API(n))
#define DYNAMIC_INPUT(n, t)                                                                            \
    KGEMU_REG_NEXT(din, n, (void)0, KGEMU_REG_DYNAMIC_API(input, Input, n)                             \
        _THIS_TYPE& set_dynamic_input_##n(uint32_t i, ::ge::Operator& v) {                             \
            KgemuLink((std::string(#n) + std::to_string(i)).c_str(), v); return *this;                 \
        })
#define OUTPUT(n, t) \
    KGEMU_REG_NEXT(out, n, KgemuOutput(#n), static const char* name_out_##n() { return #n; } KGEMU_REG_DESC_API(output, Output, n))
#define DYNAMIC_OUTPUT(n, t) KGEMU_REG_NEXT(dout, n, (void)0, KGEMU_REG_DYNAMIC_API(output, Output, n))
#define KGEMU_REG_ATTR_API(n, Kind)                                                                    \
    static const char* name_attr_##n() { return #n; }                                                  \
    _THIS_TYPE& set_attr_##n(const ::ge::kgemu_op::T##Kind& v) {                                       \
        set(#n, ::ge::kgemu_op::Make##Kind(v)); return *this;                                          \
    }                                                                                                  \
    ::ge::kgemu_op::T##Kind get_attr_##n() const {                                                     \
        ::ge::kgemu_op::T##Kind v{};                                                                   \
        (void)GetAttr(#n, v);                                                                          \
        return v;                                                                                      \
    }
#define ATTR(n, Kind, ...) \
    KGEMU_REG_NEXT(attr, n, KgemuAttr(#n, ::ge::kgemu_op::Make##Kind(__VA_ARGS__)), KGEMU_REG_ATTR_API(n, Kind))
#define REQUIRED_ATTR(n, Kind) KGEMU_REG_NEXT(attr, n, (void)0, KGEMU_REG_ATTR_API(n, Kind))
#define DATATYPE(n, t) KGEMU_REG_NEXT(dtype, n, (void)0, )
#define GRAPH(n) KGEMU_REG_NEXT(graph, n, (void)0, )
#define DYNAMIC_GRAPH(n) KGEMU_REG_NEXT(dgraph, n, (void)0, )
#define INFER_SHAPE_AND_TYPE(n) KGEMU_REG_NEXT(infer, n, (void)0, )
#define OP_END_FACTORY_REG(x) \
    Link();                   \
    }                         \
    };                        \
    }

#endif  // KGEMU_DETAIL_HOST_GE_OPERATOR_REG_H
