// kernelgen CPU emulator: basic_api/kernel_operator_list_tensor_intf.h, asc-devkit's spelling of the tensor-list
// header (its kernel headers are split into basic_api/ and adv_api/ folders); the same ListTensorDesc / TensorDesc.
#include "../kernel_operator_list_tensor_intf.h"
