// kernelgen CPU emulator (private, kernel side): the kernel tiling macros.
//
// GET_TILING_DATA* copy the host's tiling bytes (from the kernel's tiling GM argument) into the declared
// struct and check sizes against what the host wrote (rt_set_tiling): more bytes than the struct means host
// and kernel disagree on the layout; fewer means the kernel would read bytes the host never wrote.
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/tiling.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_TILING_H
#define KGEMU_DETAIL_TILING_H

#include <cstddef>
#include <cstring>
#include <type_traits>
#include <utility>

#include "kgemu/detail/state.h"

namespace kgemu {
namespace detail {

inline void load_tiling(void* dst, size_t size, const void* tiling, const char* api, const char* type_name) {
    api_enter(api);
    if (!g_run.tiling_set) fail(api, "no tiling data was set (the harness must call kgemu::rt_set_tiling)");
    const size_t host = g_run.tiling.size();
    if (host > size && !g_run.tiling_is_capacity) {
        fail(api, strf("tiling data larger than the declared struct: the host wrote %zu bytes but %s has %zu bytes "
                       "(host and kernel disagree on the tiling struct)",
                       host, type_name, size));
    }
    if (host < size && g_run.tiling_is_capacity) {
        fail(api, strf("the tiling buffer (GmAlloc region) holds %zu bytes but %s has %zu bytes, so the kernel "
                       "would read %zu bytes past it", host, type_name, size, size - host));
    }
    if (host < size) {
        fail(api, strf("tiling data smaller than the declared struct: the host wrote %zu bytes but %s has %zu bytes, "
                       "so the kernel would read %zu bytes the host never wrote",
                       host, type_name, size, size - host));
    }
    if (tiling == nullptr) fail(api, "the tiling argument is a null pointer");
    std::memcpy(dst, tiling, size);
}

template <typename S>
inline S* tiling_ptr(const void* tiling, const char* api, const char* type_name) {
    alignas(S) static thread_local unsigned char storage[sizeof(S)];
    load_tiling(storage, sizeof(S), tiling, api, type_name);
    return reinterpret_cast<S*>(storage);
}

inline void load_tiling_member(void* dst, size_t member_size, size_t member_offset, size_t struct_size,
                               const void* tiling, const char* api, const char* type_name) {
    alignas(std::max_align_t) unsigned char tmp[4096];
    if (struct_size > sizeof(tmp)) fail(api, strf("%s is larger than 4096 bytes", type_name));
    load_tiling(tmp, struct_size, tiling, api, type_name);
    std::memcpy(dst, tmp + member_offset, member_size);
}

template <typename X>
inline const void* addr_of(X* p) {
    return p;
}
template <typename X>
inline const void* addr_of(const X& r) {
    return &r;
}

}  // namespace detail
}  // namespace kgemu

// The default tiling type of this translation unit (a compile-time marker on the NPU).
#define REGISTER_TILING_DEFAULT(tiling_struct) \
    typedef tiling_struct kgemu_default_tiling_type_ __attribute__((unused))
#define REGISTER_TILING_FOR_TILINGKEY(key, tiling_struct)
#define REGISTER_NONE_TILING

// A kernel unit test's hand-written tiling header (<op>_tiling_def.h, force-included before everything: foreach_abs's
// for every foreach kernel test) defines GET_TILING_DATA with its own struct for the CPU twin, and CANN's kernel
// headers define none, so in a UT build (__CCE_KT_TEST__) that definition stays. The headers CANN generates
// (TestUtDefaultTilingStruct) and kernelgen's own runs get this one, which checks the size GmAlloc gave.
#if !(defined(__CCE_KT_TEST__) && defined(GET_TILING_DATA) && !defined(TestUtDefaultTilingStruct))
#undef GET_TILING_DATA
// KGEMU_REGISTERED_TILING_TYPE (expanded where GET_TILING_DATA is used): the launcher redefines it as the one
// struct the kernel registers, for a kernel that registers it after GET_TILING_DATA (activation/hardtanh_grad;
// CANN's compiler reads the marker from the whole function, so the order is free there)
#ifndef KGEMU_REGISTERED_TILING_TYPE
#define KGEMU_REGISTERED_TILING_TYPE kgemu_default_tiling_type_
#endif
#define GET_TILING_DATA(var, tiling)                                                                        \
    KGEMU_REGISTERED_TILING_TYPE var;                                                                       \
    ::kgemu::detail::load_tiling(&var, sizeof(var), (tiling), "GET_TILING_DATA",                            \
                                 "the struct registered with REGISTER_TILING_DEFAULT")
#endif

#define GET_TILING_DATA_WITH_STRUCT(tiling_struct, var, tiling) \
    tiling_struct var;                                          \
    ::kgemu::detail::load_tiling(&var, sizeof(var), (tiling), "GET_TILING_DATA_WITH_STRUCT", #tiling_struct)

#define GET_TILING_DATA_PTR_WITH_STRUCT(tiling_struct, ptr, tiling) \
    tiling_struct* ptr =                                            \
        ::kgemu::detail::tiling_ptr<tiling_struct>((tiling), "GET_TILING_DATA_PTR_WITH_STRUCT", #tiling_struct)

#define GET_TILING_DATA_MEMBER(tiling_struct, member, var, tiling)                                               \
    std::remove_cv_t<std::remove_reference_t<decltype(std::declval<tiling_struct&>().member)>> var;             \
    ::kgemu::detail::load_tiling_member(&var, sizeof(var), offsetof(tiling_struct, member), sizeof(tiling_struct), \
                                        (tiling), "GET_TILING_DATA_MEMBER", #tiling_struct)

#define COPY_TILING_WITH_STRUCT(tiling_struct, src_ptr, dst_ptr)                                    \
    tiling_struct kgemu_tiling_copy_##dst_ptr;                                                       \
    std::memcpy(&kgemu_tiling_copy_##dst_ptr, ::kgemu::detail::addr_of(src_ptr), sizeof(tiling_struct)); \
    tiling_struct* dst_ptr = &kgemu_tiling_copy_##dst_ptr

#endif  // KGEMU_DETAIL_TILING_H
