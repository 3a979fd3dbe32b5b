// kernelgen CPU emulator: the first stage of an aclnn API generated from an OpDef (kernelgen/emulator/aclnn_gen.py),
// standing in for what CANN's opbuild generates for ACLNNTYPE aclnn and its nnopbase runtime does.
//
//   kgemu::acl::OpDefApi api("aclnnCeluV3", "CeluV3", kCombos, kCount, kSlots);
//   api.Input("self", self, false);  api.Attr("alpha", alpha);  api.Output("out", out);
//   return api.Plan(workspaceSize, executor);
//
// Plan checks (in this order, with CANN's status codes): null required tensors, null list elements and null
// workspaceSize/executor (161001); a dtype combination and formats the OpDef declares for this SOC (161002), a
// ValueDepend input's array counting as its const tensor.
// It then plans Contiguous for strided inputs, the AI Core launch of the operator's kernel with every tensor and
// attribute by its OpDef name, and a ViewCopy into a strided output. Outputs with no elements launch nothing.
#ifndef KGEMU_OPDEF_API_H
#define KGEMU_OPDEF_API_H

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/aclnn_base.h"
#include "opdev/op_executor.h"

namespace kgemu {
namespace acl {
class OpDefApi {
public:
    // combos: count rows of `slots` (ge::DataType, ge::Format) pairs, one per OpDef tensor (inputs, then outputs).
    OpDefApi(const char* api, const char* opType, const int32_t* combos, size_t count, size_t slots)
        : api_(api), opType_(opType), combos_(combos), count_(count), slots_(slots) {}

    void Input(const char* name, const aclTensor* tensor, bool optional);
    void Input(const char* name, const aclTensorList* list, bool optional);   // DYNAMIC
    // A ValueDepend input, which opbuild's API takes as an array (aclIntArray for integer dtypes, aclFloatArray for
    // DT_FLOAT, aclBoolArray for DT_BOOL); Plan turns it into a 1-D const tensor of DT_INT64 / DT_FLOAT / DT_BOOL.
    void Input(const char* name, const aclIntArray* array, bool optional);
    void Input(const char* name, const aclFloatArray* array, bool optional);
    void Input(const char* name, const aclBoolArray* array, bool optional);
    void Output(const char* name, const aclTensor* tensor);
    void Output(const char* name, const aclTensorList* list);                 // DYNAMIC
    template <typename T>
    void Attr(const char* name, const T& value)
    {
        OpAttr attr;
        attr.name = name;
        SetAttrValue(attr, value);
        attrs_.attrs.push_back(attr);
    }
    aclnnStatus Plan(uint64_t* workspaceSize, aclOpExecutor** executor);

private:
    struct Slot {
        std::string name;
        bool output = false;
        bool optional = false;
        bool dynamic = false;
        bool null = false;                         // the tensor or list itself was null
        std::vector<const aclTensor*> tensors;     // one, or a DYNAMIC list's elements
        bool array = false;                        // a ValueDepend input given as an array: values, dtype
        std::vector<double> values;
        op::DataType arrayDtype = ge::DT_UNDEFINED;
    };
    void AddArray(const char* name, bool optional, bool null, std::vector<double> values, op::DataType dtype);
    void Add(const char* name, bool output, bool optional, bool dynamic, bool null,
             std::vector<const aclTensor*> tensors);
    aclnnStatus CheckNull(uint64_t* workspaceSize, aclOpExecutor** executor) const;
    aclnnStatus CheckCombo() const;

    const char* api_;
    const char* opType_;
    const int32_t* combos_;
    size_t count_;
    size_t slots_;
    std::vector<Slot> tensors_;
    OpAttrs attrs_;
};
}  // namespace acl
}  // namespace kgemu

#endif  // KGEMU_OPDEF_API_H
