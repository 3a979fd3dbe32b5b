// kernelgen CPU emulator: include guard for the host-side private headers under kgemu/detail/host_*.h.
// Public headers define KGEMU_HOST_DETAIL_OK before including a detail header; including one directly
// (without any public emulator header first) is an error.
#ifndef KGEMU_HOST_DETAIL_OK
#error "kgemu/detail/host_*.h are private to the kernelgen emulator; include the public CANN-named header instead"
#endif

#ifndef KGEMU_DETAIL_HOST_GUARD_H
#define KGEMU_DETAIL_HOST_GUARD_H
// Registries are function-local statics of inline functions: one instance per shared library across all of
// its translation units. Hidden visibility keeps them out of the dynamic symbol table, so two operator
// libraries loaded into one process never share (GNU-unique) registries.
#define KGEMU_HIDDEN __attribute__((visibility("hidden")))

namespace kgemu {
namespace detail {
// For static_assert in templates that must fail only when instantiated.
template <typename... T>
struct AlwaysFalse {
    static constexpr bool value = false;
};
}  // namespace detail
}  // namespace kgemu
#endif  // KGEMU_DETAIL_HOST_GUARD_H
