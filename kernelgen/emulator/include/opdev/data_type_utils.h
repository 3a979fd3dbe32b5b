// kernelgen CPU emulator: opdev/data_type_utils.h. Dtype promotion and checks for aclnn parameter validation.
#ifndef KGEMU_OPDEV_DATA_TYPE_UTILS_H
#define KGEMU_OPDEV_DATA_TYPE_UTILS_H

#include <initializer_list>
#include <string>

#include "opdev/common_types.h"

namespace op {
// The common dtype of a binary operation (bool < integers < floating types; float16 with bfloat16 gives
// float; an integer with a floating type gives the floating type); DT_UNDEFINED when there is none.
DataType PromoteType(DataType typeA, DataType typeB);
bool CheckType(DataType dtype, const std::initializer_list<DataType>& validTypes);
size_t TypeSize(DataType dtype);
bool IsFloatingType(DataType dtype);
bool IsIntegralType(DataType dtype);
// With includeBool, DT_BOOL counts as integral too (CANN's two-argument overload).
bool IsIntegralType(DataType dtype, bool includeBool);
bool IsComplexType(DataType dtype);
DataType ToOpDataType(aclDataType dtype);
aclDataType ToAclDataType(DataType dtype);
ge::AscendString ToString(const std::initializer_list<DataType>& types);
// Whether from may be cast to to without losing its kind (PyTorch's can_cast): not float -> integral,
// complex -> non-complex, or anything else -> bool.
bool CanCast(DataType from, DataType to);  // "[DT_FLOAT, DT_FLOAT16]"
}  // namespace op

namespace kgemu {
namespace acl {
// "DT_FLOAT, DT_FLOAT16" for messages.
std::string DtypeListString(const std::initializer_list<op::DataType>& types);
}  // namespace acl
}  // namespace kgemu

#endif  // KGEMU_OPDEV_DATA_TYPE_UTILS_H
