// kernelgen CPU emulator: include guard for the private ACL/opdev headers kgemu/detail/acl_*.h.
// The public headers (acl/*.h, aclnn/*.h, opdev/*.h, aclnn_kernels/*.h, level0/*.h) define KGEMU_ACL_DETAIL_OK
// before including a detail header; including one directly is an error.
#ifndef KGEMU_ACL_DETAIL_OK
#error "kgemu/detail/acl_*.h are private to the kernelgen emulator; include opdev/*.h or aclnn/*.h instead"
#endif
