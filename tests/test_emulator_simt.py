"""SIMT vector functions on the emulator (tests/emulator_cpp/api_simt.cpp): asc_vf_call on dim3 thread blocks, the
thread built-ins, asc_syncthreads, warp functions, atomics and UintDiv, compared with NumPy; the sanitizer names a
race between two threads, a barrier not every thread reaches, and a VF result copied out without the V -> MTE3
flag."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent / "emulator_cpp"))
import kgbuild  # noqa: E402

SOURCE = Path(__file__).parent / "emulator_cpp" / "api_simt.cpp"
# The deadlock diagnosis names the barrier's source line: found here so that editing the file does not break it.
BRANCH_BARRIER_LINE = next(i for i, line in enumerate(SOURCE.read_text().splitlines(), 1)
                           if "the barrier only threads 0..15 reach" in line)

pytestmark = pytest.mark.skipif(not kgbuild.have_compiler(), reason=f"{kgbuild.CXX} not found")


@pytest.fixture(scope="module")
def program():
    return kgbuild.build("api_simt")


def inputs(n: int) -> np.ndarray:
    i = np.arange(n)
    return ((i % 13 - 6).astype(np.float32) * np.float32(0.37) + (i / 64).astype(np.float32)).astype(np.float32)


def run(program, name: str) -> dict:
    out = kgbuild.run_vals(program, name)
    assert out["defect"] is None, out["raw"]
    return out


def test_grid_stride_loop_over_four_blocks(program):
    x = inputs(3000).astype(np.float64)
    want = x * 0.5 * (1 + np.tanh(0.7978845608 * (x + 0.044715 * x ** 3)))
    np.testing.assert_allclose(run(program, "elementwise")["vals"]["y"], want, rtol=2e-6, atol=1e-7)


def test_two_dimensional_block_through_simt_queries(program):
    np.testing.assert_array_equal(run(program, "elementwise_2d")["vals"]["y"].astype(np.float32),
                                  np.abs(inputs(1000)) + np.float32(1))


def test_tree_reduction_in_ub_with_barriers_and_an_atomic_per_block(program):
    x = inputs(1000)
    got = run(program, "block_sum")["vals"]["sum"][0]
    assert got == pytest.approx(float(x.astype(np.float64).sum()), rel=1e-5)


def test_warp_shuffles_votes_and_reductions(program):
    x = inputs(64)
    out = run(program, "warp")["vals"]["out"].astype(np.float32)
    warps = x.reshape(2, 32)
    butterfly = warps.copy()                      # asc_shfl_xor 16, 8, 4, 2, 1, in float32 as the lanes add
    lanes = np.arange(32)
    for off in (16, 8, 4, 2, 1):
        butterfly = butterfly + butterfly[:, lanes ^ off]
    np.testing.assert_array_equal(out[0:64], butterfly.ravel())
    np.testing.assert_array_equal(out[64:128], np.repeat(warps[:, 0], 32))                  # asc_shfl(v, 0)
    np.testing.assert_allclose(out[128:192], np.cumsum(warps, axis=1).ravel(), rtol=1e-5)   # shfl_up scan
    bits = (warps > 0).astype(np.uint64) << np.arange(32, dtype=np.uint64)
    ballot = np.repeat(bits.sum(axis=1), 32)
    np.testing.assert_array_equal(out[192:256].astype(np.uint64), ballot & 0xFFFF)
    np.testing.assert_array_equal(out[256:320].astype(np.uint64), ballot >> 16)
    np.testing.assert_array_equal(out[320:384], np.repeat(warps.max(axis=1), 32))           # asc_reduce_max
    np.testing.assert_array_equal(out[384:448], np.repeat(np.arange(64).reshape(2, 32).sum(axis=1), 32))
    # only the even lanes take the branch: asc_activemask has their bits (low 16 bits shown)
    active = np.where(np.arange(64) % 2 == 0, 0x5555, 0)
    np.testing.assert_array_equal(out[448:512], active)


def test_atomic_add_and_max_into_gm_bins(program):
    n, bins = 2000, 7
    idx = (np.arange(n) * 37) % bins
    out = run(program, "histogram")["vals"]
    np.testing.assert_array_equal(out["count"], np.bincount(idx, minlength=bins))
    x = inputs(n)
    np.testing.assert_array_equal(out["vmax"].astype(np.float32), [x[idx == b].max() for b in range(bins)])


def test_uintdiv_with_magic_and_shift(program):
    n, cols = 500, 37
    x = np.arange(n, dtype=np.uint64) * 977
    out = run(program, "uintdiv")["vals"]
    np.testing.assert_array_equal(out["q"], x // cols)
    np.testing.assert_array_equal(out["r"], x % cols)


def test_unsigned_min_and_max_keep_their_type(program):
    mm = run(program, "unsigned_min_max")["vals"]["mm"]
    big = float(2 ** 63 + 2048)  # exact in float64; as a signed 64-bit value it is negative
    assert list(mm) == [7.0, big, 3.0, float(0xFFFFFFF0), 7.0, big]


def test_vf_between_datacopies_is_a_v_pipe_step(program):
    np.testing.assert_array_equal(run(program, "mixed_simd_simt")["vals"]["y"].astype(np.float32),
                                  inputs(256) * np.float32(3))


@pytest.mark.parametrize("name, diagnosis", [
    ("block_sum_without_barrier",
     "SIMT thread memory access: race on UB byte 4 between SIMT threads of asc_vf_call<simt_t::BlockSumVf<false>> "
     "(dim3(256, 1, 1), API call #1): thread 1 writes a byte that thread 0 read in the same epoch, and no "
     "asc_syncthreads orders them"),
    ("two_threads_write_one_element",
     "SIMT thread memory access: race on byte 0 of GM tensor 'y' between SIMT threads of "
     "asc_vf_call<simt_t::SameElementVf> (dim3(64, 1, 1), API call #1): thread 1 writes a byte that thread 0 wrote"),
    ("barrier_in_branch",
     "asc_syncthreads: deadlock in asc_vf_call<simt_t::BarrierInBranchVf> (dim3(64, 1, 1), API call #1): thread 0 "
     f"waits at asc_syncthreads (api_simt.cpp:{BRANCH_BARRIER_LINE}), but thread 16 returned without reaching it"),
    ("read_past_the_allocation",   # thread 128's read is the first past the 512 bytes; 37..127 stay in the padding
     "SIMT thread memory access: GM out of bounds: thread 128 reads 4 bytes at byte 512 of GM tensor 'weight', which "
     "has 148 bytes (512 allocated with the NPU allocator's padding): the access is past the allocation's end "
     "[thread 128 of asc_vf_call<simt_t::ReadPastEndVf> (dim3(148, 1, 1), API call #1)]"),
    ("too_many_threads",
     "asc_vf_call: asc_vf_call<simt_t::SameElementVf>(dim3(64, 64, 1)): 4096 threads; a thread block has 1 to "
     "2048 threads"),
    ("simt_on_910b", "asc_vf_call: SIMT vector functions are an Ascend 950 feature (npu arch 3510); this SOC is "
                     "arch 2201"),
    ("mixed_without_v_mte3_flag",
     "DataCopy: race on UB [1024, 2048) of TBuf 1 (VECCALC): this call (pipe MTE3) reads bytes that asc_vf_call "
     "(pipe V, API call #9) wrote, and nothing orders pipe V before pipe MTE3"),
])
def test_simt_misuse_is_named(program, name, diagnosis):
    out = kgbuild.run_vals(program, name)
    kgbuild.assert_defect(out, name, f"block 0: {diagnosis}")


def test_scalar_gm_atomics_of_four_blocks(program):
    """AtomicAdd / Max / Min / Cas / Exch (the scalar unit's, ops-nn's hash tables and deterministic scatter):
    the per-block counts sum in an int64 handle, tickets are 0..3 once each, exactly one block claims the owner slot,
    and the last-writer slot holds one block's index with the others' returned as the value before."""
    n, blocks = 1000, 4
    x = inputs(n)
    out = run(program, "scalar_atomics")["vals"]
    assert out["count"][0] == int((x > 0).sum())
    assert np.float32(out["vmax"][0]) == x.max()
    assert out["vmin"][0] == int(np.trunc(x * np.float32(100)).astype(np.int32).min())
    per = out["per_block"].reshape(blocks, 3).astype(np.int64)
    assert sorted(per[:, 0]) == list(range(blocks)) and out["ticket"][0] == blocks
    assert per[:, 1].sum() == 1 and out["owner"][0] == 1 + int(np.argmax(per[:, 1]))
    # the exchange chain: 0 first, then each returned value is an earlier block's index + 100
    chain = sorted(per[:, 2].tolist())
    assert chain[0] == 0 and set(chain[1:]) | {int(out["last"][0])} == {100 + b for b in range(blocks)}
    assert run(program, "scalar_atomic_reread_after_clean")["vals"]["count"][0] == int((x[:64] > 0).sum())
    # the compiler builtin under asc_dcci_entire (unique_dim's SIMT kernel calls it directly) cleans the same way
    assert run(program, "scalar_atomic_reread_after_builtin_dcci")["vals"]["count"][0] == int((x[:64] > 0).sum())


@pytest.mark.parametrize("name, diagnosis", [
    ("scalar_atomic_read_through_stale_cache",
     "block 0: GlobalTensor::GetValue: reads GM bytes [0, 8) of 'handle' through the scalar data cache, whose copy of "
     "that 64-byte line predates AtomicAdd (API call #"),
    ("scalar_atomic_on_910b",
     "block 0: AtomicAdd: AtomicAdd is an Ascend 950 API (npu arch 3510); ascend910b (arch 2201) has none"),
    ("scalar_atomic_unaligned",
     "block 0: AtomicAdd: GM bytes [4, 12) of 'handle' is not aligned to its 8-byte element"),
    ("scalar_atomic_against_plain_write",
     "launch: race on GM bytes [0, 4) of 'handle': block 1 writes them in GlobalTensor::SetValue (pipe S) and block 0 "
     "adds atomically to them in AtomicAdd"),
])
def test_scalar_atomic_misuse_is_named(program, name, diagnosis):
    out = kgbuild.run_vals(program, name)
    assert out["defect"] is not None and out["defect"].startswith(diagnosis), out["raw"]


def test_block_idx_and_block_num_built_ins(program):
    """block_idx / block_num (the compiler's built-in variables) in a grid-stride loop over three blocks: element i
    is written by block (i // 64) % 3; a loop stepping by one block's threads makes blocks overwrite each other."""
    n = 1000
    i = np.arange(n)
    want = inputs(n) * np.float32(2) + ((i // 64) % 3).astype(np.float32)
    np.testing.assert_array_equal(run(program, "block_vars")["vals"]["y"].astype(np.float32), want)
    out = kgbuild.run_vals(program, "block_vars_wrong_stride")
    kgbuild.assert_defect(out, "block_vars_wrong_stride",
                          "launch: output 'y': bytes [256, 1024) were written by block 0 and by block 1")


def test_local_mem_allocator_hands_out_ub_in_order_without_a_tpipe(program):
    """Static-Tensor programming (asc-devkit LocalMemAllocator pages; ops-nn's avg_pool1_d and scatter_nd_sub): the
    allocator starts at UB address 0, each Alloc follows the last by its bytes, a VF reads the scalars left in UB."""
    n = 500
    out = run(program, "local_mem_allocator")["vals"]
    np.testing.assert_array_equal(out["q"], (np.arange(n, dtype=np.uint64) * 977) // 37)
    veccalc = 11  # the position Alloc<TPosition::VECCALC, ...> was told (its TPosition value)
    assert list(out["addrs"]) == [0, 32, 32 + 40 * 4, veccalc]  # 8 uint32_t, then 40 floats


@pytest.mark.parametrize("name, diagnosis", [
    ("local_mem_allocator_twice",
     "LocalMemAllocator: a second LocalMemAllocator<Hardware::UB> while one is alive: one allocator per physical "
     "memory"),
    ("local_mem_allocator_with_tpipe",
     "LocalMemAllocator: constructed while a TPipe is alive: LocalMemAllocator belongs to static-Tensor programming"),
    ("local_mem_allocator_past_ub",
     "LocalMemAllocator::Alloc: 65536 elements of float (262144 bytes) at UB address 192 end past the UB's"),
])
def test_local_mem_allocator_misuse_is_named(program, name, diagnosis):
    out = kgbuild.run_vals(program, name)
    assert out["defect"] is not None and f"block 0: {diagnosis}" in out["defect"], out["raw"]
