"""Property tests of the pure-Python tiling (the mirror of op_host/gelu_grad_tiling.cpp)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from kernelgen.errors import HostRejected
from kernelgen.authoring.spec import DType
from kernelgen.socs import all_socs, get_soc
from kernelgen.authoring.tiling import TilingData, compute_tiling

from conftest import GELU

SOCS = all_socs(with_skus=True)
CASES = [(soc, d) for soc in SOCS for d in GELU.dtypes_for(soc)]


def _check_invariants(soc, dtype, n):
    t = compute_tiling(GELU, soc, dtype, n)
    d = t.data
    assert 1 <= t.block_dim <= min(soc.core_num, 65535)
    covered = 0
    plan_bytes = GELU.ub_bytes_per_elem(GELU.variant(t.variant), dtype)
    assert d.tileDataNum * plan_bytes <= soc.ub_core_mem - GELU.ub_reserve_bytes
    assert d.tileDataNum * dtype.nbytes % 32 == 0
    for idx in range(t.block_dim):
        offset, count, tiles, tail = t.core_range(idx)
        assert offset == covered, "blocks must be contiguous and disjoint"
        assert count >= 1
        assert offset + count <= n, "no block addresses past the end"
        assert (tiles - 1) * d.tileDataNum + tail == count
        assert 1 <= tail <= d.tileDataNum
        assert offset * dtype.nbytes % GELU.tiling_granule_bytes == 0, "every block starts 512-byte aligned"
        covered += count
    assert covered == n, "every element exactly once"
    return t


@pytest.mark.parametrize("soc,dtype", CASES, ids=[f"{s.sku}-{d.short}" for s, d in CASES])
@settings(max_examples=60, deadline=None)
@given(n=st.one_of(st.integers(1, 5000), st.integers(1, 10**8)))
def test_tiling_invariants(soc, dtype, n):
    _check_invariants(soc, dtype, n)


@pytest.mark.parametrize("n", [1, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 4095, 4096, 4097, 5224, 5225, 10**8])
def test_tiling_invariants_at_edges(n):
    for soc, dtype in CASES:
        _check_invariants(soc, dtype, n)


def test_reference_worked_values_are_fixed_not_copied():
    # The reference processes 8 elements for n = 5 (reading 3 past the end); we process exactly 5.
    t = compute_tiling(GELU, get_soc("ascend910b"), DType.FLOAT32, 5)
    assert (t.block_dim, t.data.lastCoreDataNum, t.data.lastTailDataNum) == (1, 5, 5)
    # n = 10^6 float32 on 910B1: 48 cores, 7812 full 512-byte granules -> 36 big cores of 20864 elements,
    # small ones of 20736, and the last takes the 64-element remainder.
    t = compute_tiling(GELU, get_soc("ascend910b"), DType.FLOAT32, 10**6)
    assert t.block_dim == 48 and t.data.bigCoreNum == 36
    assert (t.data.smallCoreDataNum, t.data.bigCoreDataNum, t.data.lastCoreDataNum) == (20736, 20864, 20800)
    assert t.tiling_key == 0 and t.workspace == 16 * 1024 * 1024
    t = compute_tiling(GELU, get_soc("ascend310b"), DType.FLOAT16, 10**5)
    assert t.tiling_key == 1 and t.block_dim == 1 and t.workspace == 2 * 1024 * 1024


def test_910b4_uses_40_cores():
    assert compute_tiling(GELU, get_soc("Ascend910B4"), DType.FLOAT32, 10**7).block_dim == 40


def test_pack_round_trip():
    t = compute_tiling(GELU, get_soc("ascend910b"), DType.FLOAT16, 123457)
    raw = t.data.pack()
    assert len(raw) == 4 * 8 + 8 * 4
    assert TilingData.unpack(raw) == t.data


def test_rejections():
    with pytest.raises(HostRejected, match="empty"):
        compute_tiling(GELU, get_soc("ascend910b"), DType.FLOAT32, 0)
    with pytest.raises(HostRejected, match="bfloat16 is not supported on ascend310p"):
        compute_tiling(GELU, get_soc("ascend310p"), DType.BFLOAT16, 10)
