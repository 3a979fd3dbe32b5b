"""The tiling arithmetic in pure Python, mirroring op_host/<op>_tiling.cpp line for line.

The emulator runs the rendered C++; tests cross-check its tiling data against this function, and
the property tests prove coverage, UB and bounds invariants over sizes 1 to 10^8.
"""
from __future__ import annotations

import struct
from dataclasses import astuple, dataclass, fields

from kernelgen.errors import HostRejected, UsageError
from kernelgen.socs import Soc
from kernelgen.authoring.spec import DType, OpSpec, Variant

# Field order and C++ types of <Op>TilingData (op_kernel/<op>_tiling_data.h renders from this).
TILING_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("totalDataNum", "uint64_t", "elements in every tensor"),
    ("smallCoreDataNum", "uint64_t", "elements of a small core (whole 512-byte granules)"),
    ("bigCoreDataNum", "uint64_t", "elements of a big core (one granule more)"),
    ("lastCoreDataNum", "uint64_t", "elements of the last core (a small core plus the sub-granule remainder)"),
    ("tileDataNum", "uint32_t", "UB buffer capacity in elements (the largest tile); a core's tiles are equal and at most this"),
    ("bigCoreNum", "uint32_t", "cores [0, bigCoreNum) are big"),
    ("smallTileNum", "uint32_t", "tiles of a small core (equal: each (count - tail) / (tiles - 1) elements)"),
    ("bigTileNum", "uint32_t", "tiles of a big core"),
    ("lastTileNum", "uint32_t", "tiles of the last core"),
    ("smallTailDataNum", "uint32_t", "elements in a small core's last tile"),
    ("bigTailDataNum", "uint32_t", "elements in a big core's last tile"),
    ("lastTailDataNum", "uint32_t", "elements in the last core's last tile"),
)


def attr_tiling_fields(spec: OpSpec) -> tuple[tuple[str, str, str], ...]:
    """The attributes the kernel uses at run time (named by a run-time scalar, OpSpec.scalars), after
    TILING_FIELDS: int and bool as int64_t first (8-byte aligned after the 64 bytes above), then float."""
    used = {name for sc in spec.scalars for kind, name in sc.refs() if kind == "attr"}
    attrs = [a for a in spec.attrs if a.name in used]
    ints = [(f"attr_{a.name}", "int64_t", f"attribute {a.name} ({a.kind})") for a in attrs if a.kind in ("int", "bool")]
    floats = [(f"attr_{a.name}", "float", f"attribute {a.name} (float)") for a in attrs if a.kind == "float"]
    pad = [("attrPad", "uint32_t", "zero: the struct's size stays a multiple of 8, every byte written")] \
        if len(floats) % 2 else []
    rows = [("rowLen", "uint64_t", "row program: elements of one row (the last axis; one row per tile)"),
            ("rowAlloc", "uint64_t", "row program: UB elements per row buffer (rowLen rounded up to 256 bytes)")] \
        if spec.row_program else []
    return tuple(rows + ints + floats + pad)


def spec_tiling_fields(spec: OpSpec) -> tuple[tuple[str, str, str], ...]:
    """Every field of <Op>TilingData: the split (TILING_FIELDS), then the run-time attributes."""
    return TILING_FIELDS + attr_tiling_fields(spec)


_STRUCT = struct.Struct("<" + "".join("Q" if t == "uint64_t" else "I" for _, t, _ in TILING_FIELDS))


@dataclass(frozen=True)
class TilingData:
    totalDataNum: int
    smallCoreDataNum: int
    bigCoreDataNum: int
    lastCoreDataNum: int
    tileDataNum: int
    bigCoreNum: int
    smallTileNum: int
    bigTileNum: int
    lastTileNum: int
    smallTailDataNum: int
    bigTailDataNum: int
    lastTailDataNum: int

    def pack(self) -> bytes:
        return _STRUCT.pack(*astuple(self))

    @classmethod
    def unpack(cls, raw: bytes) -> "TilingData":
        return cls(*_STRUCT.unpack(raw[: _STRUCT.size]))

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class Tiling:
    data: TilingData
    block_dim: int
    tiling_key: int
    workspace: int
    variant: str

    def tile_stride(self, idx: int) -> int:
        """Elements of each but the last tile of block idx, as the kernel's Init derives it (equal tiles)."""
        _, count, tiles, tail = self.core_range(idx)
        return (count - tail) // (tiles - 1) if tiles > 1 else tail

    def core_range(self, idx: int) -> tuple[int, int, int, int]:
        """(offset, count, tiles, tail) of block idx, as the kernel's Init computes it."""
        d = self.data
        if idx == self.block_dim - 1:
            return d.totalDataNum - d.lastCoreDataNum, d.lastCoreDataNum, d.lastTileNum, d.lastTailDataNum
        if idx < d.bigCoreNum:
            return idx * d.bigCoreDataNum, d.bigCoreDataNum, d.bigTileNum, d.bigTailDataNum
        offset = d.bigCoreNum * d.bigCoreDataNum + (idx - d.bigCoreNum) * d.smallCoreDataNum
        return offset, d.smallCoreDataNum, d.smallTileNum, d.smallTailDataNum


def _tiles(count: int, tile: int) -> tuple[int, int]:
    if count == 0:
        return 0, 0
    num = (count + tile - 1) // tile
    return num, count - (num - 1) * tile


def equal_tiles(count: int, max_tile: int, block_elems: int, fewest: int = 1) -> tuple[int, int]:
    """(tiles, tail) of a core of `count` elements split into equal tiles of equal_tile elements."""
    return _tiles(count, equal_tile(count, max_tile, block_elems, fewest))


def tile_data_num(spec: OpSpec, soc: Soc, variant: Variant, dtype: DType) -> int:
    """The largest tile UB holds (whole granules): the buffers' capacity, and the bound of equal_tile."""
    block_elems = spec.tiling_granule_bytes // dtype.nbytes
    budget = soc.ub_core_mem - spec.ub_reserve_bytes - spec.ub_fixed_bytes(variant, dtype)
    if budget <= 0:
        return 0
    return budget // spec.ub_bytes_per_elem(variant, dtype) // block_elems * block_elems


MIN_TILES = 4            # tiles per core at least for a light program, where each keeps MIN_TILE_GRANULES granules
MIN_TILE_GRANULES = 8    # 4 KiB: a tile never shrinks below 8 granules for the minimum
LIGHT_STEPS = 6          # float32 vector steps per 4 bytes of element of a light single-input program


def min_tiles(spec: OpSpec, variant: Variant, dtype: DType) -> int:
    """Tiles a core takes at least; 0: fill UB (full tiles and a small last one).

    A light program (one input, at most LIGHT_STEPS vector steps per 4 bytes of element, since the vector work is
    float32 whatever the dtype: its copies bound it) gets MIN_TILES equal tiles, so that what runs after a core's
    last copy-in (the last tile's vector work and copy-out, and the copy-out before it on the single-buffered
    output) is a quarter of its work. Every other program fills UB: where the vector work bounds it, every extra
    tile repeats each instruction's issue overhead on the busy pipe, and a small last tile shortens the copy-out
    after the last vector work (kernelgen perf mish at 2^20: 9.85 µs filled, 9.92 equal); with two inputs the
    extra tile's copy-ins cost more than the shorter drain saves (tanh_grad 8.61 -> 8.88 µs, sigmoid_grad 8.83 ->
    9.10 with 4 equal tiles; softshrink, 8 steps: 6.25 -> 6.34). docs/versus.md "Session 28".
    """
    if spec.whole_reduce is not None or spec.row_program or len(spec.kernel_inputs) != 1:
        return 0
    return MIN_TILES if len(variant.steps(dtype)) * 4 <= LIGHT_STEPS * dtype.nbytes else 0


def short_last_tile(count: int, max_tile: int, block_elems: int) -> int:
    """Full tiles and a small last one, where the last would be at most half a full tile; otherwise one tile more,
    of count / (tiles + 1/2) elements (whole granules), so the last is about half of the others. What runs after a
    core's last copy-in is the last tile's vector work and copy-out: with 2^20 float32 elements, SeluGrad's cores
    took 3 tiles of which the last was 87 % full (drain 0.62 us against the hand-written 0.36); docs/versus.md."""
    tiles, tail = _tiles(count, max_tile)
    if tiles <= 1 or 2 * tail <= max_tile:
        return max_tile
    per_tile = (2 * count + 2 * tiles) // (2 * tiles + 1)     # ceil(count / (tiles + 1/2))
    rounded = (per_tile + block_elems - 1) // block_elems * block_elems
    if rounded < max_tile and rounded * tiles >= count:
        rounded -= block_elems   # rounding up to a granule left no tile more (the last one full): round down
    return min(max_tile, rounded)


def equal_tile(count: int, max_tile: int, block_elems: int, fewest: int = 1) -> int:
    """The tile that splits `count` elements into ceil(count / max_tile) equal tiles, rounded up to whole
    granules (so at most max_tile, a multiple of block_elems): the last tile is then at most one granule per
    tile shorter than the others, where filling UB would leave a small tail whose vector work and copy-out
    wait for the previous tile's copy-out after the last copy-in."""
    if count <= 0:
        return max_tile
    if fewest == 0:   # fill UB (min_tiles of a heavy program), but never end on a tile of more than half of it
        return short_last_tile(count, max_tile, block_elems)
    tiles = (count + max_tile - 1) // max_tile
    # At least `fewest` tiles (min_tiles) where each keeps MIN_TILE_GRANULES granules: the copy-in of tile i+1
    # then hides tile i's vector work and copy-out, and what is left after the last copy-in is 1/fewest of it.
    tiles = max(tiles, min(fewest, count // (MIN_TILE_GRANULES * block_elems)))
    per_tile = (count + tiles - 1) // tiles
    return min(max_tile, (per_tile + block_elems - 1) // block_elems * block_elems)


def compute_tiling(spec: OpSpec, soc: Soc, dtype: DType, n: int, attrs: dict | None = None) -> Tiling:
    if n <= 0:
        raise HostRejected(f"{spec.op_type}: empty input (0 elements) is rejected by the tiling")
    if not dtype.supported_on(soc):
        raise HostRejected(f"{spec.op_type}: {dtype.short} is not supported on {soc.family}")
    if spec.row_program:   # whole rows per tile: the rendered C++ tiling only (docs/lang.md "Row programs")
        raise UsageError(f"{spec.op_type} is a row program: its tiling (whole rows over cores) has no Python mirror")
    variant = spec.variant_for(soc, attrs)
    block_elems = spec.tiling_granule_bytes // dtype.nbytes
    max_tile = tile_data_num(spec, soc, variant, dtype)
    if max_tile == 0:
        raise HostRejected(f"{spec.op_type}: UB of {soc.ub_core_mem} bytes cannot hold one tile")
    full_blocks, remainder = divmod(n, block_elems)
    cores = 1 if (n <= max_tile or full_blocks == 0) else min(soc.core_num, full_blocks)
    if spec.whole_reduce is not None:   # partials combined after SyncAll (kernelgen.authoring.lang.whole)
        from kernelgen.authoring.lang.whole import MAX_CORES, NO_SYNC_ALL_ARCHES
        cores = 1 if soc.npu_arch in NO_SYNC_ALL_ARCHES else min(cores, MAX_CORES)
    per_core_blocks, big_cores = divmod(full_blocks, cores)
    small = per_core_blocks * block_elems
    big = small + block_elems
    last = small + remainder
    fewest = min_tiles(spec, variant, dtype)
    small_tiles, small_tail = equal_tiles(small, max_tile, block_elems, fewest)
    big_tiles, big_tail = equal_tiles(big, max_tile, block_elems, fewest)
    last_tiles, last_tail = equal_tiles(last, max_tile, block_elems, fewest)
    data = TilingData(n, small, big, last, max_tile, big_cores, small_tiles, big_tiles, last_tiles,
                      small_tail, big_tail, last_tail)
    return Tiling(data, cores, variant.tiling_key, soc.libapi_workspace, variant.name)
