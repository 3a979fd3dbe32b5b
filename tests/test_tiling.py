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
from kernelgen.authoring.tiling import (MIN_TILE_GRANULES, TilingData, _tiles, compute_tiling, equal_tile, min_tiles,
                                         short_last_tile, tile_data_num)

from conftest import GELU, requires_cxx
from kernelgen.authoring.ops import get_spec

SIGMOID = get_spec("sigmoid")   # kernelgen/authoring/ops/kl/sigmoid.py: one input, 4 steps: light in float32 (min_tiles 4)

SOCS = all_socs(with_skus=True)
CASES = [(soc, d) for soc in SOCS for d in GELU.dtypes_for(soc)]


def _check_invariants(soc, dtype, n, t=None, spec=GELU):
    t = t or compute_tiling(spec, soc, dtype, n)
    d = t.data
    assert 1 <= t.block_dim <= min(soc.core_num, 65535)
    covered = 0
    plan_bytes = spec.ub_bytes_per_elem(spec.variant(t.variant), dtype)
    assert d.tileDataNum * plan_bytes <= soc.ub_core_mem - spec.ub_reserve_bytes
    assert d.tileDataNum * dtype.nbytes % 32 == 0
    granule = spec.tiling_granule_bytes // dtype.nbytes
    fewest = min_tiles(spec, spec.variant(t.variant), dtype)
    for idx in range(t.block_dim):
        offset, count, tiles, tail = t.core_range(idx)
        stride = t.tile_stride(idx)
        assert offset == covered, "blocks must be contiguous and disjoint"
        assert count >= 1
        assert offset + count <= n, "no block addresses past the end"
        assert (tiles - 1) * stride + tail == count
        assert 1 <= tail <= stride <= d.tileDataNum, "every tile fits the buffers"
        assert tiles == 1 or stride % granule == 0, "every tile starts 512-byte aligned"
        assert offset * dtype.nbytes % spec.tiling_granule_bytes == 0, "every block starts 512-byte aligned"
        fewest_tiles = -(-count // d.tileDataNum)
        if fewest == 0:   # other programs fill UB: full tiles and a last one of at most half (GeluGrad: two inputs)
            if tiles == 1 or stride == d.tileDataNum:
                shorter = -(-2 * count // (2 * tiles + 1)) if tiles > 1 else d.tileDataNum
                shorter = -(-shorter // granule) * granule   # one tile more, in whole granules
                assert tiles == fewest_tiles and (tiles == 1 or 2 * tail <= d.tileDataNum
                                                  or shorter >= d.tileDataNum), "UB filled, short last"
            else:         # the last would be over half full: one tile more, the last about half of the others
                assert tiles == fewest_tiles + 1, "one tile more than filling UB"
                assert 2 * tail <= stride + 2 * tiles * granule, "the last tile is about half"
        else:             # a light one: equal tiles, at least min_tiles where each keeps MIN_TILE_GRANULES
            want = max(fewest_tiles, min(fewest, count // (MIN_TILE_GRANULES * granule)))
            assert fewest_tiles <= tiles <= want, "as few tiles as allowed"
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


def test_one_tile_more_stays_one_tile_more_after_rounding_to_granules():
    # ApplyGradientDescent float32 on 910B, 19666039 elements: a big core's 614656 in 49 tiles of 12672 would end
    # on one 6400 long (over half): one tile more of 614656 / 49.5 -> 12418, rounded up to 98 granules (12544),
    # splits it into 49 full tiles again. Rounded down (97 granules, 12416): 50 tiles, the last 6272.
    assert short_last_tile(614656, 12672, 128) == 12416
    assert _tiles(614656, 12416) == (50, 6272)
    spec = get_spec("apply_gradient_descent")
    soc = next(s for s in SOCS if s.sku == "Ascend910B")
    _check_invariants(soc, DType.FLOAT32, 19666039, spec=spec)


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
    # Sigmoid float32 (one input, 4 steps: light) on 910B1: UB holds 9344 elements a tile, the buffers' capacity.
    # 2^20 elements: a big core's 21888 in 4 equal tiles of 5504 (the last 5376), not 9344 + 9344 + a 3200 tail.
    soc = get_soc("ascend910b")
    t = compute_tiling(SIGMOID, soc, DType.FLOAT32, 1 << 20)
    assert t.data.tileDataNum == tile_data_num(SIGMOID, soc, SIGMOID.variant(t.variant), DType.FLOAT32) == 9344
    assert t.core_range(0)[1:] == (21888, 4, 5376) and t.tile_stride(0) == 5504
    assert t.core_range(47)[1:] == (21760, 4, 5248) and t.tile_stride(47) == 5504
    # 10^6: big cores 20864 -> 4 x 5248 (the last 5120); small 20736 -> 4 x 5248 (4992); the last 20800 (5056)
    t = compute_tiling(SIGMOID, soc, DType.FLOAT32, 10**6)
    assert [t.core_range(i)[1:] + (t.tile_stride(i),) for i in (0, 40, 47)] == [
        (20864, 4, 5120, 5248), (20736, 4, 4992, 5248), (20800, 4, 5056, 5248)]
    # 64M: 10923 granules a big core in 150 tiles of 73 granules (9344) and a tail of 46: no whole-granule split of
    # 150 tiles is more even. 5000 on one core: 4 tiles of 10 granules.
    t = compute_tiling(SIGMOID, soc, DType.FLOAT32, 1 << 26)
    assert t.core_range(0)[1:] == (1398144, 150, 5888) and t.tile_stride(0) == 9344
    t = compute_tiling(SIGMOID, soc, DType.FLOAT32, 5000)
    assert t.block_dim == 1 and t.core_range(0)[1:] == (5000, 4, 1160) and t.tile_stride(0) == 1280
    # GeluGrad float32 (24 steps, 3 tensors: heavy) fills UB, but 7424 + 7424 + 6016 at 10^6 would end on a tile
    # 81 % full: one tile more of 20864 / 3.5 = 5961.1 -> 47 granules (6016), the last 2816.
    t = compute_tiling(GELU, soc, DType.FLOAT32, 10**6)
    assert t.core_range(0)[1:] == (20864, 4, 2816) and t.tile_stride(0) == 6016
    assert equal_tile(7424 * 2 + 1, 7424, 128) == 4992       # 3 tiles of 4949.7 -> 39 whole granules
    assert equal_tile(3000, 9344, 128, 4) == 1536            # room for only 2 tiles of 8 granules
    assert equal_tile(3000, 9344, 128, 0) == 9344            # 0: fill UB (one tile)
    assert equal_tile(9344 + 4000, 9344, 128, 0) == 9344     # fill UB: a last tile of 4000 <= half stays
    assert equal_tile(9344 + 5000, 9344, 128, 0) == 5760     # 5000 > half: 14344 / 2.5 = 5737.6 -> 45 granules


def test_a_full_ub_split_fails_the_equal_tile_check(monkeypatch):
    """The split a light program had before (full UB tiles and a small tail) breaks _check_invariants."""
    import kernelgen.authoring.tiling as tiling

    monkeypatch.setattr(tiling, "equal_tile", lambda count, max_tile, block, fewest=1: max_tile)
    t = tiling.compute_tiling(SIGMOID, get_soc("ascend910b"), DType.FLOAT32, 1 << 20)
    assert t.core_range(0)[1:] == (21888, 3, 3200) and t.tile_stride(0) == 9344
    with pytest.raises(AssertionError, match="small tail"):
        _check_invariants(get_soc("ascend910b"), DType.FLOAT32, 1 << 20, t, SIGMOID)


@settings(max_examples=200, deadline=None)
@given(n=st.one_of(st.integers(1, 5000), st.integers(1, 10**8)))
def test_light_program_tiling_invariants(n):
    for soc in (get_soc("ascend910b"), get_soc("ascend310b")):
        for dtype in (DType.FLOAT32, DType.FLOAT16):
            _check_invariants(soc, dtype, n, spec=SIGMOID)


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


@requires_cxx
def test_cpp_equal_tiles_equal_the_mirror():
    """Sigmoid's rendered C++ tiling (MinTiles 4, EqualTile) gives the mirror's split, sizes 1 to 10^8."""
    import dataclasses

    from kernelgen.authoring.tiling import Tiling
    from kernelgen.emulator.emulate import run_tiling, source_from_spec

    spec = dataclasses.replace(SIGMOID, default_socs=("ascend910b", "ascend310b"))
    source = source_from_spec(spec, "ascend910b")
    for soc in (get_soc("ascend910b"), get_soc("ascend310b")):
        for dtype in (DType.FLOAT32, DType.FLOAT16):
            combo = {t.name: dtype.ge for t in spec.inputs + spec.outputs}
            for n in (1, 1000, 3000, 5000, 4097 * 48, 10**6, 1 << 20, 10**8 + 7):
                doc = run_tiling(source, soc, {t.name: (n,) for t in spec.inputs}, combo)
                mirror = compute_tiling(spec, soc, dtype, n)
                real = Tiling(TilingData(**doc["tiling_fields"]), doc["block_dim"], doc["tiling_key"],
                              doc["workspace_bytes"], mirror.variant)
                assert real == mirror, (soc.sku, dtype.short, n)
                _check_invariants(soc, dtype, n, real, SIGMOID)
