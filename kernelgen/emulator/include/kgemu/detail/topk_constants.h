// kernelgen CPU emulator (private, kernel side): the number constants the TopK advanced API puts in the global
// namespace.
//
// CANN's kernel_operator.h reaches the advanced APIs (basic_api/kernel_operator_intf.h includes
// adv_api/kernel_api.h, which includes sort/topk.h), and TopK's implementation header (asc-devkit
// impl/adv_api/detail/sort/topk/topk_common_utils.h) declares, on npu arch 2002 / 2201 / 3510 / 5102 / 3003 / 3113,
// a set of constexpr numbers in an unnamed namespace at global scope: TWO ... FORTYEIGHT and the sort sizes below.
// Kernels use them unqualified without declaring them (index/unsorted_segment_sum and the scatter_nd family divide
// by FOUR and multiply by THREE), and a kernel that declares one of these names itself at global scope is as
// ambiguous here as under CANN. Same names, types and values; nothing else of TopK is emulated by this header.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/topk_constants.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_TOPK_CONSTANTS_H
#define KGEMU_DETAIL_TOPK_CONSTANTS_H

#include <cstdint>

#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 2002 || __NPU_ARCH__ == 2201 || __NPU_ARCH__ == 3510 || \
                              __NPU_ARCH__ == 5102 || __NPU_ARCH__ == 3003 || __NPU_ARCH__ == 3113)
namespace {
// small numbers
constexpr uint32_t TWO = 2;
constexpr uint32_t THREE = 3;
constexpr uint32_t FOUR = 4;
constexpr uint32_t FIVE = 5;
constexpr uint32_t SIX = 6;
constexpr uint32_t SEVEN = 7;
constexpr uint32_t EIGHT = 8;
constexpr uint32_t NINE = 9;
constexpr uint32_t TWELVE = 12;
constexpr uint32_t SIXTEEN = 16;
constexpr uint32_t THIRTY_TWO = 32;
constexpr uint32_t FORTYEIGHT = 48;
// TopK's sort and merge sizes
constexpr uint16_t MIN_SORT32_SIZE = 32;
constexpr uint16_t MIN_RPSORT16_SIZE = 16;
constexpr uint32_t BUF_LIST_SIZE = 2;
constexpr uint32_t MRG_MAX_ARRAY_SIZE = 15;
constexpr uint32_t MRGSORT_VALID_QUEUE = 4;
constexpr uint32_t MRGSORT_VALID_TWO = 2;
constexpr uint32_t MRGSORT_VALID_TWO_OFFSET = 769;
constexpr uint32_t VREDUCEV2_HALF_MASK = 128;
constexpr uint32_t VREDUCEV2_FOUR_BYTE_MASK = 64;
constexpr uint32_t SRC1_STACK_TENSORSIZE = 10;
constexpr uint32_t SRC1_STACK_VAL_OFFSET = 16;
constexpr uint32_t TOPK_INNER_ALIGN_LEN = 32;
constexpr uint32_t TOPK_NORMAL_INNER_MAX_HALF_LEN = 2048;
constexpr uint32_t TOPK_NSMALL_INNER_LEN = 32;
constexpr uint32_t TOPK_NORMAL_INNER_MAX_LEN = 4096;
}  // namespace
#endif

#endif  // KGEMU_DETAIL_TOPK_CONSTANTS_H
