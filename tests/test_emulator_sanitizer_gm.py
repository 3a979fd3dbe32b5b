"""The sanitizer's GM hazards (kgemu/detail/gm_shadow.h) and the run-by-run shadow of strided, masked and
scattered operands: one small kernel per hazard with its exact diagnosis, and correct controls (a flagged
workspace round trip, a two-phase kernel with SyncAll, atomic accumulation, strided copies of exactly the rows
written, a Scatter through a view smaller than what it addresses) that must stay clean. The kernels are in
tests/emulator_cpp/sanitize_gm_tests.cpp.
"""

from __future__ import annotations

import pathlib
import sys

import numpy as np
import pytest

from kernelgen.emulator.emulate import run as run_opdir
from kernelgen.errors import EmulatorDefect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "emulator_cpp"))
import kgbuild  # noqa: E402

pytestmark = pytest.mark.skipif(not kgbuild.have_compiler(), reason=f"{kgbuild.CXX} not found")

USER_WS = "of the user workspace (past the 16777216-byte system workspace)"

HAZARDS = [
    # GM within a block: MTE3 writes the workspace, MTE2 reads it back with nothing between
    ("gm_mte3_mte2_race",
     f"block 0: DataCopy: race on GM bytes [0, 256) {USER_WS}: this call (pipe MTE2) reads bytes that DataCopy (pipe "
     "MTE3, API call #9) wrote, and nothing orders pipe MTE3 before pipe MTE2 in between (on the NPU the read may "
     "happen before the earlier write): add SetFlag/WaitFlag<HardEvent::MTE3_MTE2> between them, or "
     "PipeBarrier<PIPE_ALL>"),
    ("gm_write_after_read_race",
     "block 0: DataCopy: race on GM bytes [0, 256) of 'y': this call (pipe MTE3) writes bytes that DataCopy (pipe "
     "MTE2, API call #9) reads, and nothing orders pipe MTE2 before pipe MTE3 in between"),
    # the scalar unit's data cache: SetValue changes the cached line only; a line cached before a DMA write is old
    ("dma_reads_dirty_cache_line",
     f"block 0: DataCopy: reads GM bytes [0, 256) {USER_WS} by DMA, but a GlobalTensor::SetValue wrote into that "
     "64-byte line through the scalar data cache only: call DataCacheCleanAndInvalid after the SetValue"),
    ("scalar_reads_stale_cache_line",
     "block 0: GlobalTensor::GetValue: reads GM bytes [4, 8) of 'y' through the scalar data cache, whose copy of "
     "that 64-byte line predates DataCopy (API call #6) writing it by DMA: call DataCacheCleanAndInvalid on it"),
    # GM across blocks: only SyncAll orders one block's write before another block's read
    ("cross_block_no_syncall",
     f"launch: race on GM bytes [0, 256) {USER_WS}: block 0 writes them in DataCopy (pipe MTE3, API call #16) and "
     "block 3 reads them in DataCopy (pipe MTE2, API call #18), with no SyncAll between (both after 0 SyncAll "
     "call(s)): blocks run concurrently on the NPU, so the read may happen before or after the write; add "
     "SyncAll() between the write and the read"),
    ("user_workspace_from_null",
     "block 0: GetUserWorkspace: called with a null pointer while this launch passes a workspace of 16777472 bytes "
     "(256 of them the user's, which the tiling asked for): the kernel entry's workspace argument was not handed on"),
    ("cross_block_scalar_race",
     f"launch: race on GM bytes [12, 16) {USER_WS}: block 0 writes them in GlobalTensor::SetValue (pipe S) and "
     "block 1 reads them in GlobalTensor::GetValue (pipe S), with no SyncAll between"),
    ("clear_then_write_race",   # block 0's zeros and block 1's slice in the same SyncAll phase
     "launch: output 'y': bytes [256, 512) were written by block 0 and by block 1: overlapping writes from different "
     "blocks"),
    ("atomic_init_race",
     "launch: race on GM bytes [0, 256) of 'y': block 0 writes them in InitGlobalMemory (pipe MTE3, API call #3) and "
     "block 2 adds atomically to them in DataCopy (pipe MTE3, API call #7), with no SyncAll between"),
    # strided / masked / scattered operands: the bytes between the runs stay unwritten
    ("strided_gap_read",
     "block 0: DataCopy: src reads UB [32, 64) of TBuf 0 (VECCALC), whose values Adds (pipe V, API call #6) "
     "computed from UB [32, 64) of TBuf 0 (VECCALC), which nothing had written"),
    ("pad_stride_gap_read",
     "block 0: DataCopy: src reads UB [32, 64) of TBuf 0 (VECCALC), which nothing has written since the block "
     "started"),
    ("masked_lanes_read",
     "block 0: DataCopy: src reads UB [32, 256) of TBuf 0 (VECCALC), which nothing has written since the block "
     "started"),
    ("scatter_leaves_gaps",
     "block 0: DataCopy: src reads UB [516, 520) of TBuf 2 (VECCALC), which nothing has written since the block "
     "started"),
]

CONTROLS = ["user_workspace_from_null_without_user_part_ok",
            "gm_round_trip_flag_ok", "gm_round_trip_barrier_ok", "two_phase_syncall_ok", "scalar_handoff_syncall_ok",
            "atomic_adds_ok", "atomic_init_syncall_ok", "clear_then_write_syncall_ok", "strided_rows_ok", "masked_blocks_ok",
            "reduce_written_repeat_ok", "scatter_past_small_view_ok", "dma_after_dcci_ok", "scalar_after_dcci_ok"]


@pytest.fixture(scope="module")
def program():
    return kgbuild.build("sanitize_gm_tests")


def run(program, name):
    return kgbuild.run_finished(program, name)


@pytest.mark.parametrize("name,diagnosis", HAZARDS, ids=[h[0] for h in HAZARDS])
def test_hazard_is_a_defect_with_its_diagnosis(program, name, diagnosis):
    kgbuild.assert_defect(run(program, name), name, diagnosis)


@pytest.mark.parametrize("name", CONTROLS)
def test_correct_control_stays_clean(program, name):
    kgbuild.assert_clean(run(program, name))


def test_controls_check_their_values(program):
    # the controls are not vacuous: each compares what the kernel wrote with the expected numbers
    for name in CONTROLS:
        if name != "scalar_handoff_syncall_ok":
            assert run(program, name)["checks"], name


def test_every_program_is_covered(program):
    listed = set(kgbuild.run_program(program, "--list").stdout.split())
    assert listed == {h[0] for h in HAZARDS} | set(CONTROLS)


def test_gm_checks_can_be_turned_off(program, monkeypatch):
    monkeypatch.setenv("KERNELGEN_SANITIZE", "0")
    assert run(program, "cross_block_no_syncall")["defect"] is None
    assert run(program, "gm_mte3_mte2_race")["defect"] is None


# ---- through the whole harness (GetUserWorkspace, SyncAll with every block at once): a miniature operator
# directory whose `hazard` attribute plants one defect ----
OPDIR = pathlib.Path(__file__).resolve().parent / "opdirs" / "gm_hazards"
X = np.arange(4 * 3 * 64, dtype=np.float32) - 5  # 4 cores of 3 tiles

OPDIR_HAZARDS = [
    (1, f"GmHazards on ascend910b: race on GM bytes [0, 256) {USER_WS}: block 0 writes them in DataCopy (pipe MTE3, "
        "API call #13) and block 3 reads them in DataCopy (pipe MTE2, API call #44), with no SyncAll between"),
    # the copy-outs of tiles 0 and 1 are ordered before the read-back by the MTE3 -> MTE2 flags of the next tiles'
    # copy-ins; the last one is not
    (2, f"GmHazards on ascend910b, block 0 of 4, API call #32: DataCopy: race on GM bytes [512, 768) {USER_WS}: this "
        "call (pipe MTE2) reads bytes that DataCopy (pipe MTE3, API call #31) wrote"),
]


@pytest.mark.parametrize("hazard", [0, 3])
def test_opdir_controls_are_clean_and_right(hazard):
    out = run_opdir(OPDIR, "ascend910b", {"x": X}, attrs={"hazard": hazard})
    np.testing.assert_array_equal(out["y"], 2 * X)


@pytest.mark.parametrize("hazard,diagnosis", OPDIR_HAZARDS, ids=[str(h[0]) for h in OPDIR_HAZARDS])
def test_opdir_hazard(hazard, diagnosis):
    with pytest.raises(EmulatorDefect) as err:
        run_opdir(OPDIR, "ascend910b", {"x": X}, attrs={"hazard": hazard})
    assert str(err.value).startswith(diagnosis), str(err.value)
