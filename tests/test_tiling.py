"""Property tests of the tiling: the pure-Python mirror (kernelgen/authoring/tiling.py) over sizes 1 to 10^8,
and the real C++ tiling (op_host/gelu_grad_tiling.cpp, run alone through the emulator's kg_tiling) on sampled
sizes on every SOC and SKU: the same invariants, and the same numbers as the mirror."""
from __future__ import annotations

import zlib

import pytest
from hypothesis import given, settings, strategies as st

from kernelgen.errors import HostRejected
from kernelgen.authoring.spec import DType
from kernelgen.socs import all_socs, get_soc
from kernelgen.authoring.tiling import (MIN_TILE_GRANULES, TilingData, compute_tiling, equal_tile, min_tiles,
                                         tile_data_num)

from conftest import GELU, requires_cxx

SOCS = all_socs(with_skus=True)
CASES = [(soc, d) for soc in SOCS for d in GELU.dtypes_for(soc)]


def _check_invariants(soc, dtype, n, t=None):
    t = t or compute_tiling(GELU, soc, dtype, n)
    d = t.data
    assert 1 <= t.block_dim <= min(soc.core_num, 65535)
    covered = 0
    plan_bytes = GELU.ub_bytes_per_elem(GELU.variant(t.variant), dtype)
    assert d.tileDataNum * plan_bytes <= soc.ub_core_mem - GELU.ub_reserve_bytes
    assert d.tileDataNum * dtype.nbytes % 32 == 0
    granule = GELU.tiling_granule_bytes // dtype.nbytes
    for idx in range(t.block_dim):
        offset, count, tiles, tail = t.core_range(idx)
        stride = t.tile_stride(idx)
        assert offset == covered, "blocks must be contiguous and disjoint"
        assert count >= 1
        assert offset + count <= n, "no block addresses past the end"
        assert (tiles - 1) * stride + tail == count
        assert 1 <= tail <= stride <= d.tileDataNum, "every tile fits the buffers"
        assert tiles == 1 or stride % granule == 0, "every tile starts 512-byte aligned"
        assert offset * dtype.nbytes % GELU.tiling_granule_bytes == 0, "every block starts 512-byte aligned"
        # Equal tiles: as few as UB allows, or min_tiles where each keeps MIN_TILE_GRANULES (GeluGrad: 1 in float32,
        # 24 steps; 4 in float16/bfloat16, 14 steps), and the last one at most a granule per tile shorter than the
        # others (not a full-UB split with a small tail).
        fewest = min(min_tiles(GELU, GELU.variant(t.variant), dtype), count // (MIN_TILE_GRANULES * granule))
        assert -(-count // d.tileDataNum) <= tiles <= max(fewest, -(-count // d.tileDataNum)), "as few tiles as allowed"
        assert tail > stride - tiles * granule, "the last tile is not a small tail"
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


def test_equal_tiles_real_numbers():
    # GeluGrad float32 on 910B1: UB holds 7424 elements a tile (test_generate), the buffers' capacity. 10^6
    # elements: a big core's 20864 need 3 tiles: 7040 + 7040 + 6784, not 7424 + 7424 + a 6016 tail.
    soc = get_soc("ascend910b")
    t = compute_tiling(GELU, soc, DType.FLOAT32, 10**6)
    assert t.data.tileDataNum == tile_data_num(GELU, soc, GELU.variant(t.variant), DType.FLOAT32) == 7424
    big = t.core_range(0)
    assert big[1:] == (20864, 3, 6784) and t.tile_stride(0) == 7040
    assert t.core_range(40)[1:] == (20736, 3, 6912) and t.tile_stride(40) == 6912     # a small core: 3 x 54 granules
    assert t.core_range(47)[1:] == (20800, 3, 6720) and t.tile_stride(47) == 7040     # the last: + 64 elements
    # 2^20: cores of 21888 / 21760 elements -> 3 tiles of 7296 (the last 7296 / 7168), not 7424 + 7424 + 7040.
    t = compute_tiling(GELU, soc, DType.FLOAT32, 1 << 20)
    assert t.core_range(0)[1:] == (21888, 3, 7296) and t.tile_stride(0) == 7296
    # 64M: 10923 granules a big core in 189 tiles of 58 granules (7424) and a tail of 19 granules: no whole-granule
    # split of 189 tiles is more even. A light program (Sigmoid, 4 steps) takes at least 4 tiles a core.
    t = compute_tiling(GELU, soc, DType.FLOAT32, 1 << 26)
    assert t.core_range(0)[1:] == (1398144, 189, 2432) and t.tile_stride(0) == 7424
    assert equal_tile(7424 * 2 + 1, 7424, 128) == 4992       # 3 tiles of 4949.7 -> 39 whole granules
    assert equal_tile(21888, 9344, 128, fewest=4) == 5504     # 4 tiles (Sigmoid at 2^20), 43 granules
    assert equal_tile(5000, 9344, 128, fewest=4) == 1280      # 4 tiles of 10 granules
    assert equal_tile(3000, 9344, 128, fewest=4) == 1536      # room for only 2 tiles of 8 granules
    assert equal_tile(0, 7424, 128) == 7424


def test_a_full_ub_split_fails_the_equal_tile_check(monkeypatch):
    """The split the tiling made before (full UB tiles and a small tail) breaks _check_invariants."""
    import kernelgen.authoring.tiling as tiling

    monkeypatch.setattr(tiling, "equal_tile", lambda count, max_tile, block, fewest=1: max_tile)
    t = tiling.compute_tiling(GELU, get_soc("ascend910b"), DType.FLOAT32, 10**6)
    assert t.core_range(0)[1:] == (20864, 3, 6016) and t.tile_stride(0) == 7424
    with pytest.raises(AssertionError, match="small tail"):
        _check_invariants(get_soc("ascend910b"), DType.FLOAT32, 10**6, t)


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


# ---- the real C++ tiling ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def cpp_tiling():
    """The generated tiling for every SOC family in one tree, compiled once without a kernel."""
    import dataclasses

    from kernelgen.emulator.emulate import source_from_spec

    families = tuple(dict.fromkeys(s.family for s in SOCS))
    spec = dataclasses.replace(GELU, default_socs=families)
    return source_from_spec(spec, families[0])


def _sampled_sizes(seed: int) -> list[int]:
    import numpy as np

    rng = np.random.default_rng(seed)
    edges = [1, 31, 32, 33, 255, 256, 257, 4097, 5225, 65537, 10**6 + 3, 10**8]
    return edges + [int(v) for v in np.exp(rng.uniform(0, np.log(10**8), 12)).astype(np.int64) + 1]


@requires_cxx
@pytest.mark.parametrize("soc,dtype", CASES, ids=[f"{s.sku}-{d.short}" for s, d in CASES])
def test_cpp_tiling_meets_the_invariants_and_equals_the_mirror(cpp_tiling, soc, dtype):
    from kernelgen.authoring.tiling import Tiling
    from kernelgen.emulator.emulate import run_tiling

    combo = {t.name: dtype.ge for t in GELU.inputs + GELU.outputs}
    for n in _sampled_sizes(zlib.crc32(f"{soc.sku}-{dtype.short}".encode())):
        doc = run_tiling(cpp_tiling, soc, {t.name: (n,) for t in GELU.inputs}, combo)
        mirror = compute_tiling(GELU, soc, dtype, n)
        real = Tiling(TilingData(**doc["tiling_fields"]), doc["block_dim"], doc["tiling_key"],
                      doc["workspace_bytes"], mirror.variant)
        _check_invariants(soc, dtype, n, real)
        assert real == mirror, (soc.sku, dtype.short, n)


@requires_cxx
def test_cpp_tiling_rejects_what_the_mirror_rejects(cpp_tiling):
    from kernelgen.emulator.emulate import run_tiling

    combo = {t.name: DType.FLOAT32.ge for t in GELU.inputs + GELU.outputs}
    with pytest.raises(HostRejected):
        run_tiling(cpp_tiling, get_soc("ascend910b"), {t.name: (0,) for t in GELU.inputs}, combo)
