// kernelgen CPU emulator (private, kernel side): the Broadcast advanced API (asc-devkit 高阶API/张量变换/Broadcast):
// src (shape srcShape) repeated along every axis where srcShape[i] is 1 and dstShape[i] is not, into dst (shape
// dstShape), both laid out densely in UB. The 1-D/2-D form of A2 (template dim, axis) and Ascend 950's form with
// any rank in [1, 9] and a tiling computed on the kernel (GetBroadcastTilingInfo, srcInnerPad false only).
#ifndef KGEMU_INSIDE_KERNEL_OPERATOR
#error "kgemu/detail/broadcast.h is private to the kernelgen emulator; include \"kernel_operator.h\" instead"
#endif
#ifndef KGEMU_DETAIL_BROADCAST_H
#define KGEMU_DETAIL_BROADCAST_H

namespace AscendC {
// What GetBroadcastTilingInfo computes for Broadcast: here the checked shapes themselves.
struct BroadcastTiling {
    uint32_t rank = 0;
    uint32_t dstShape[9] = {0};
    uint32_t srcShape[9] = {0};
};
}  // namespace AscendC

namespace kgemu {
namespace detail {

inline void broadcast_shapes_check(const char* api, uint32_t rank, const uint32_t* dst, const uint32_t* src) {
    if (rank < 1 || rank > 9) fail(api, strf("rank %u is outside [1, 9]", rank));
    for (uint32_t i = 0; i < rank; ++i) {
        if (src[i] != dst[i] && src[i] != 1) {
            fail(api, strf("axis %u: srcShape %u neither equals dstShape %u nor is 1 (the axis to broadcast)", i,
                           src[i], dst[i]));
        }
    }
}

template <typename T>
inline void broadcast_ub(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                         uint32_t rank, const uint32_t* dshape, const uint32_t* sshape) {
    auto& b = api_enter(api);
    broadcast_shapes_check(api, rank, dshape, sshape);
    uint64_t dn = 1, sn = 1;
    for (uint32_t i = 0; i < rank; ++i) {
        dn *= dshape[i];
        sn *= sshape[i];
    }
    note_vector(b, api, dn, sizeof(T), dn * sizeof(T));
    if (dn == 0) return;
    T* d = ub_operand(b, api, "dst", dst, dn * sizeof(T));
    const T* s = ub_operand(b, api, "src", src, sn * sizeof(T));
    check_overlap(b, api, "dst", d, dn * sizeof(T), "src", s, sn * sizeof(T));
    uint64_t sstride[9];
    uint64_t acc = 1;
    for (int i = static_cast<int>(rank) - 1; i >= 0; --i) {  // a broadcast axis reads its one element again
        sstride[i] = sshape[i] == 1 ? 0 : acc;
        acc *= sshape[i];
    }
    uint32_t idx[9] = {0};
    for (uint64_t n = 0; n < dn; ++n) {
        uint64_t so = 0;
        for (uint32_t i = 0; i < rank; ++i) so += idx[i] * sstride[i];
        d[n] = s[so];
        for (int i = static_cast<int>(rank) - 1; i >= 0; --i) {
            if (++idx[i] < dshape[i]) break;
            idx[i] = 0;
        }
    }
}

}  // namespace detail
}  // namespace kgemu

namespace AscendC {

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
inline void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
                      const uint32_t srcShape[dim], LocalTensor<uint8_t>& sharedTmpBuffer) {
    static_assert((dim == 1 || dim == 2) && (axis == 0 || axis == 1), "Broadcast takes dim 1 or 2 and axis 0 or 1");
    (void)sharedTmpBuffer;
    kgemu::detail::broadcast_ub("Broadcast", dstLocal, srcLocal, dim, dstShape, srcShape);
}
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
inline void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
                      const uint32_t srcShape[dim]) {
    static_assert((dim == 1 || dim == 2) && (axis == 0 || axis == 1), "Broadcast takes dim 1 or 2 and axis 0 or 1");
    kgemu::detail::broadcast_ub("Broadcast", dstLocal, srcLocal, dim, dstShape, srcShape);
}

// BroadCast: the implementation's name that CANN's public broadcast.h forwards Broadcast to (asc-devkit
// impl/adv_api/detail/pad/broadcast/broadcast_common_impl.h declares it in AscendC with the same parameters);
// kernels call it directly (ada_layer_norm_base_v1.h: BroadCast<float, 2, 1>(dst, src, dstShape, srcShape)).
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
inline void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
                      const uint32_t srcShape[dim], LocalTensor<uint8_t>& sharedTmpBuffer) {
    static_assert((dim == 1 || dim == 2) && (axis == 0 || axis == 1), "BroadCast takes dim 1 or 2 and axis 0 or 1");
    (void)sharedTmpBuffer;
    kgemu::detail::broadcast_ub("BroadCast", dstLocal, srcLocal, dim, dstShape, srcShape);
}
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
inline void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
                      const uint32_t srcShape[dim]) {
    static_assert((dim == 1 || dim == 2) && (axis == 0 || axis == 1), "BroadCast takes dim 1 or 2 and axis 0 or 1");
    kgemu::detail::broadcast_ub("BroadCast", dstLocal, srcLocal, dim, dstShape, srcShape);
}

// Ascend 950: any rank in [1, 9], with the tiling GetBroadcastTilingInfo computed (constDstShape/constSrcShape are
// reserved and must stay nullptr; srcInnerPad must be false).
template <class T, int constRank = -1, uint32_t* constDstShape = nullptr, uint32_t* constSrcShape = nullptr>
inline void GetBroadcastTilingInfo(uint32_t rank, const uint32_t* dstShape, const uint32_t* srcShape, bool srcInnerPad,
                                   BroadcastTiling& tiling) {
    kgemu::detail::api_enter("GetBroadcastTilingInfo");
    if (constRank > 0 && static_cast<uint32_t>(constRank) != rank) {
        kgemu::detail::fail("GetBroadcastTilingInfo",
                            kgemu::detail::strf("rank %u differs from the template's constRank %d", rank, constRank));
    }
    if (srcInnerPad) kgemu::detail::fail("GetBroadcastTilingInfo", "srcInnerPad must be false");
    kgemu::detail::broadcast_shapes_check("GetBroadcastTilingInfo", rank, dstShape, srcShape);
    tiling.rank = rank;
    for (uint32_t i = 0; i < rank; ++i) {
        tiling.dstShape[i] = dstShape[i];
        tiling.srcShape[i] = srcShape[i];
    }
}
template <class T, int constRank = -1, uint32_t* constDstShape = nullptr, uint32_t* constSrcShape = nullptr,
          bool constSrcInnerPad = false>
inline void Broadcast(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t* dstShape,
                      const uint32_t* srcShape, BroadcastTiling* tiling) {
    if (tiling == nullptr || tiling->rank == 0) {
        kgemu::detail::fail("Broadcast", "the BroadcastTiling was not filled by GetBroadcastTilingInfo");
    }
    for (uint32_t i = 0; i < tiling->rank; ++i) {
        if (dstShape[i] != tiling->dstShape[i] || srcShape[i] != tiling->srcShape[i]) {
            kgemu::detail::fail("Broadcast", kgemu::detail::strf("axis %u: the shapes differ from the ones "
                                                                 "GetBroadcastTilingInfo computed the tiling for", i));
        }
    }
    kgemu::detail::broadcast_ub("Broadcast", dst, src, tiling->rank, dstShape, srcShape);
}

}  // namespace AscendC

#endif  // KGEMU_DETAIL_BROADCAST_H
