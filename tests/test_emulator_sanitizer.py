"""The emulator's sanitizer (kgemu/detail/sanitize.h): one small kernel per hazard class with its exact
diagnosis, and correct controls (flags, a double-buffered TBuf, queues, rounded-up compute counts) that must
stay clean. The kernels are in tests/emulator_cpp/sanitize_tests.cpp.
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


@pytest.fixture(scope="module")
def program():
    return kgbuild.build("sanitize_tests")


def run(program, name):
    return kgbuild.run_finished(program, name)


HAZARDS = [
    ("race_mte2_v",
     "block 0: Adds: race on UB [0, 256) of TBuf 0 (VECCALC): this call (pipe V) reads bytes that DataCopy (pipe "
     "MTE2, API call #4) wrote, and nothing orders pipe MTE2 before pipe V in between (on the NPU the result "
     "depends on timing): add SetFlag/WaitFlag<HardEvent::MTE2_V> between them"),
    ("race_v_mte3",
     "block 0: DataCopy: race on UB [0, 256) of TBuf 0 (VECCALC): this call (pipe MTE3) reads bytes that Adds (pipe "
     "V, API call #7) wrote, and nothing orders pipe V before pipe MTE3"),
    ("race_mte3_mte2",
     "block 0: DataCopy: race on UB [0, 256) of TBuf 0 (VECCALC): this call (pipe MTE2) writes bytes that DataCopy "
     "(pipe MTE3, API call #10) reads, and nothing orders pipe MTE3 before pipe MTE2 in between"),
    ("double_buffer_no_chain",
     "block 0: DataCopy: race on UB [0, 256) of TBuf 0 (VECCALC): this call (pipe MTE2) writes bytes that Muls "
     "(pipe V, API call #9) reads"),
    ("quebind_without_hops",
     "block 0: Muls: race on UB [0, 256) of queue 0 (VECIN) buffer 0: this call (pipe V) reads bytes that DataCopy "
     "(pipe MTE2, API call #4, tile 1) wrote, and nothing orders pipe MTE2 before pipe V in between"),
    ("copy_through_vecin_queue",
     "block 0: DataCopy: race on UB [0, 256) of queue 0 (VECIN) buffer 0: this call (pipe MTE3) reads bytes that "
     "DataCopy (pipe MTE2, API call #4, tile 1) wrote, and nothing orders pipe MTE2 before pipe MTE3 in between (on "
     "the NPU the result depends on timing): add SetFlag/WaitFlag<HardEvent::MTE2_MTE3> between them; a "
     "TQue<VECIN>'s EnQue/DeQue order MTE2 before V only: to copy a buffer straight from GM to GM, allocate it from "
     "a TQueBind<VECIN, VECOUT>, whose EnQue/DeQue order MTE2 before MTE3"),
    ("unwritten_tbuf",
     "block 0: DataCopy: src reads UB [0, 256) of TBuf 0 (VECCALC), whose values Add (pipe V, API call #8) computed "
     "from UB [256, 512) of TBuf 1 (VECCALC), which nothing had written"),
    ("use_after_free",
     "block 0: Adds: dst is buffer 0 of queue 0 (VECOUT), which FreeTensor already returned: use after FreeTensor"),
    ("use_after_realloc",
     "block 0: Adds: dst is a stale tensor: buffer 0 of queue 0 (VECOUT) was freed and allocated again since this "
     "LocalTensor was made"),
    ("count_past_view",
     "block 0: Duplicate: dst needs 512 bytes from UB offset 0, past the end of its LocalTensor view at UB offset "
     "256 (256 bytes): the count exceeds the tensor it was given"),
    ("output_unwritten",
     "launch: output 'y' (1024 bytes): 256 byte(s) were never written by any block, first [768, 1024)"),
    ("output_overlap",
     "launch: output 'y': bytes [128, 256) were written by block 0 and by block 1: overlapping writes from "
     "different blocks"),
    ("gm_write_into_padding",
     "block 0: DataCopy: writes bytes [0, 192) of 'y' which has 160 bytes past the logical end of 'y' (160 bytes) "
     "into its allocation padding"),
    # a padding write does not stop the block: what comes after it is found, and reported first
    ("padding_write_then_race",
     "block 0: Adds: race on UB [0, 192) of TBuf 0 (VECCALC): this call (pipe V) reads bytes that DataCopy (pipe "
     "MTE2, API call #8) wrote"),
    ("padding_write_twice",
     "block 0: DataCopy: writes bytes [0, 192) of 'y' which has 160 bytes past the logical end of 'y' (160 bytes) "
     "into its allocation padding: an aclnn output may be a view into larger storage, so these bytes can be a "
     "neighbour's data (write exactly the tensor's bytes: DataCopyPad, or a shifted last tile) (1 more such write(s) "
     "in this launch)"),
    # undefined UB bytes a copy-out puts into the padding are that padding write's, not an uninitialised read
    ("undefined_into_padding_only",
     "block 0: DataCopy: writes bytes [0, 192) of 'y' which has 160 bytes past the logical end of 'y' (160 bytes) "
     "into its allocation padding"),
    ("undefined_inside_output",
     "block 0: DataCopy: src reads UB [128, 160) of TBuf 0 (VECCALC), which nothing has written since the block "
     "started"),
    ("gm_oob_names_its_tensor",
     "block 0: DataCopy: the GlobalTensor set to 'x' reads bytes [256, 288) of 'x' which has 128 bytes"),
    ("api_call_race",
     "block 0: Adds: race on UB [0, 256) of TBuf 0 (VECCALC): this call (pipe V) reads bytes that MyFill (pipe MTE2, "
     "API call #4) wrote"),
    # conversions missing from the documented Cast tables
    ("cast_half_bf16_910b",
     "block 0: Cast: half -> bfloat16_t is not in the documented conversion table of ascend910b (Cast.md)"),
    ("cast_s32_f32_odd", "block 0: Cast: CAST_ODD is not allowed for int32_t -> float on ascend910b"),
    ("cast_f32_s32_310p", "block 0: Cast: float -> int32_t is not in the documented conversion table of ascend310p"),
]

# The documented semantics, each checked on numbers by the kernel's CHECK lines.
SEMANTICS = ["compare_ne_nan_is_false", "compare_mask_ignored_910b", "compare_mask_applied_310b",
             "reciprocal_rsqrt_documented_precision", "reduce_sum_tree_in_float", "signed_zero"]

CONTROLS = ["tbuf_flags_ok", "double_buffer_ok", "queue_tiles_ok", "quebind_round_trip_ok", "copy_through_quebind_ok",
            "rounded_count_ok", "output_each_once_ok",
            "gm_read_padding_warns", "cast_f32_s32_910b_ok", "api_call_synced_ok"]


@pytest.mark.parametrize("name,diagnosis", HAZARDS, ids=[h[0] for h in HAZARDS])
def test_hazard_is_a_defect_with_its_diagnosis(program, name, diagnosis):
    kgbuild.assert_defect(run(program, name), name, diagnosis)


@pytest.mark.parametrize("name", CONTROLS)
def test_correct_control_stays_clean(program, name):
    kgbuild.assert_clean(run(program, name))


@pytest.mark.parametrize("name", SEMANTICS)
def test_documented_semantics(program, name):
    out = run(program, name)
    assert out["defect"] is None, out["raw"]
    assert out["checks"] and all(v.startswith("ok") for v in out["checks"].values()), out["checks"]


def test_padding_read_is_a_warning(program):
    out = run(program, "gm_read_padding_warns")
    assert any("reads past the end of 'x' (160 bytes) into its allocation padding" in w for w in out["warnings"])


def test_a_failing_alloc_names_its_own_tile(program):
    out = run(program, "use_after_realloc")  # the second AllocTensor is tile 2
    assert out["progress"] == "tile 2, API call #8"


def test_every_program_is_covered(program):
    listed = set(kgbuild.run_program(program, "--list").stdout.split())
    assert listed == {h[0] for h in HAZARDS} | set(CONTROLS) | set(SEMANTICS)


# ---- through the whole harness: a miniature operator directory whose `hazard` attribute plants one defect ----
OPDIR = pathlib.Path(__file__).resolve().parent / "opdirs" / "pipe_hazards"
X = np.arange(8 * 3 * 128 + 40, dtype=np.float32)  # 8 cores of 3 tiles, the last core 40 elements more

OPDIR_HAZARDS = [
    (1, "PipeHazards on ascend910b, block 0 of 8, API call #8: Muls: race on UB [0, 512) of TBuf 0 (VECCALC): this "
        "call (pipe V) reads bytes that DataCopyPad (pipe MTE2, API call #7) wrote"),
    (2, "PipeHazards on ascend910b: output 'y' (12448 bytes): 160 byte(s) were never written by any block, first "
        "[12288, 12448)"),
    (3, "PipeHazards on ascend910b: output 'y': bytes [1024, 1536) were written by block 0 and by block 1"),
    (4, "PipeHazards on ascend910b, block 7 of 8, API call #38: DataCopy: writes bytes [12288, 12800) of 'y' which "
        "has 12448 bytes past the logical end of 'y' (12448 bytes) into its allocation padding"),
    (5, "PipeHazards on ascend910b, block 0 of 8, API call #21: DataCopyPad: race on UB [0, 512) of TBuf 0 (VECCALC): "
        "this call (pipe MTE2) writes bytes that Muls (pipe V, API call #10) reads"),
]


def test_opdir_double_buffered_control_is_clean_and_right():
    out = run_opdir(OPDIR, "ascend910b", {"x": X}, attrs={"hazard": 0})
    np.testing.assert_array_equal(out["y"], 2 * X)


@pytest.mark.parametrize("hazard,diagnosis", OPDIR_HAZARDS, ids=[str(h[0]) for h in OPDIR_HAZARDS])
def test_opdir_hazard(hazard, diagnosis):
    with pytest.raises(EmulatorDefect) as err:
        run_opdir(OPDIR, "ascend910b", {"x": X}, attrs={"hazard": hazard})
    assert str(err.value).startswith(diagnosis), str(err.value)


def test_sanitizer_can_be_turned_off(monkeypatch):
    monkeypatch.setenv("KERNELGEN_SANITIZE", "0")
    out = run_opdir(OPDIR, "ascend910b", {"x": X}, attrs={"hazard": 1})  # the race goes unnoticed on the CPU
    np.testing.assert_array_equal(out["y"], 2 * X)


# ---- bit masks: Compares over a count rounded up to 256 bytes, Select of the defined elements only ----
MASKED_TAIL = pathlib.Path(__file__).resolve().parent / "opdirs" / "masked_tail"
XM = np.linspace(-2, 2, 148, dtype=np.float32)  # 4 cores of 37: each ends mid 32-byte block and mid mask byte


@pytest.mark.parametrize("soc,aligned", [("ascend910b", 1), ("ascend950", 1), ("ascend950", 0)])
def test_mask_of_a_rounded_compare_is_clean_and_right(soc, aligned):
    # the mask byte holding elements 32..39 mixes defined bits (32..36) with bits compared from unwritten
    # elements; Select reads only the defined ones (the corpus's hard_sigmoid_grad pattern); on the 950 the
    # count form compares exactly count elements (the corpus's celu pattern)
    out = run_opdir(MASKED_TAIL, soc, {"x": XM}, attrs={"aligned": aligned})
    np.testing.assert_array_equal(out["y"], np.where(XM >= 0, XM, 0.5 * XM))


def test_unaligned_compare_count_leaves_the_mask_unwritten_on_910b():
    with pytest.raises(EmulatorDefect) as err:
        run_opdir(MASKED_TAIL, "ascend910b", {"x": XM}, attrs={"aligned": 0})
    assert str(err.value).startswith(
        "MaskedTail on ascend910b, block 0 of 4, tile 1, API call #20: DataCopyPad: src reads UB [256, 404) of queue 1 "
        "(VECOUT) buffer 0, whose values Select (pipe V, API call #16, tile 1) computed from UB [768, 773) of TBuf 3 "
        "(VECCALC), which nothing had written"), str(err.value)


# ---- TQueBind<VECIN, VECOUT> user positions through the whole harness (the corpus's relu pattern) ----
QUEBIND_RELU = pathlib.Path(__file__).resolve().parent / "opdirs" / "quebind_relu"


def test_quebind_user_position_hops_order_the_pipes():
    out = run_opdir(QUEBIND_RELU, "ascend910b", {"x": XM}, attrs={"hazard": 0})  # 3 tiles over 2 buffers
    np.testing.assert_array_equal(out["y"], np.maximum(XM, 0))


def test_quebind_without_the_gm_vecin_hop_races():
    with pytest.raises(EmulatorDefect) as err:
        run_opdir(QUEBIND_RELU, "ascend910b", {"x": XM}, attrs={"hazard": 1})
    assert str(err.value).startswith(
        "QuebindRelu on ascend910b, block 0 of 1, tile 1, API call #6: Relu: race on UB [0, 256) of queue 0 (VECIN) "
        "buffer 0: this call (pipe V) reads bytes that DataCopyPad (pipe MTE2, API call #5, tile 1) wrote"), str(err.value)


# ---- a GlobalTensor set at a tensor's end with no elements still names that tensor (softmax_v2's empty blocks) ----
EMPTY_BLOCK = pathlib.Path(__file__).resolve().parent / "opdirs" / "empty_block"


def test_empty_block_control_is_clean():
    out = run_opdir(EMPTY_BLOCK, "ascend910b", {"x": XM}, attrs={"hazard": 0})
    np.testing.assert_array_equal(out["y"], XM + 1)


def test_far_read_from_an_empty_view_names_its_tensor():
    with pytest.raises(EmulatorDefect) as err:
        run_opdir(EMPTY_BLOCK, "ascend910b", {"x": XM}, attrs={"hazard": 1})
    # progress -1 times 148 wraps (32-bit unsigned) to 2^32 - 148 elements past the view at x's end: byte 2^34 of x
    assert str(err.value) == (
        "EmptyBlock on ascend910b, block 1 of 2, tile 1, API call #6: DataCopyPad: the GlobalTensor set to 'x' reads "
        "bytes [17179869184, 17179869776) of 'x' which has 592 bytes"), str(err.value)
