"""Ascend 950 kernel APIs that CANN opbase's ATVOSS schedules use (tests/emulator_cpp/api_v35.cpp): tensors at a UB
address, Mutex::Lock / Unlock as pipe edges for the sanitizer, the math APIs' configuration forms, Fmod, Truncate,
Ands / Ors. Values are compared with NumPy; misuse ends in the emulator's one-line diagnosis."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent / "emulator_cpp"))
import kgbuild  # noqa: E402

pytestmark = pytest.mark.skipif(not kgbuild.have_compiler(), reason=f"{kgbuild.CXX} not found")

N = 64


@pytest.fixture(scope="module")
def program():
    return kgbuild.build("api_v35")


def inputs(n: int = N) -> np.ndarray:
    i = np.arange(n)
    return ((i % 13 - 6).astype(np.float32) * np.float32(0.37) + (i / 64).astype(np.float32)).astype(np.float32)


def test_mutex_orders_the_pipes_of_tensors_at_ub_addresses(program):
    out = kgbuild.run_vals(program, "mutex_pipeline")
    assert out["defect"] is None, out["raw"]
    np.testing.assert_array_equal(out["vals"]["y"].astype(np.float32), np.maximum(inputs(), 0) * np.float32(2))


def test_a_read_without_the_mutex_is_a_race(program):
    # the vector unit reads the input MTE2 unlocked without locking it itself: nothing orders MTE2 before V
    out = kgbuild.run_vals(program, "mutex_vector_reads_without_lock")
    assert out["defect"] == (
        "block 0: Maxs: race on UB [0, 256) of UB outside every TPipe buffer: this call (pipe V) reads bytes that "
        "DataCopy (pipe MTE2, API call #3) wrote, and nothing orders pipe MTE2 before pipe V in between (on the NPU "
        "the result depends on timing): add SetFlag/WaitFlag<HardEvent::MTE2_V> between them, or "
        "Mutex::Lock<PIPE_V> the buffer's MutexID after pipe MTE2's Mutex::Unlock of it")


@pytest.mark.parametrize("name, diagnosis", [
    ("mutex_nested_lock", "Mutex::Lock: Mutex::Lock<PIPE_V>(3) while PIPE_MTE2 still holds MutexID 3 (no Unlock "
                          "between): Lock/Unlock of one MutexID must not nest, the NPU's behaviour is undefined"),
    ("mutex_unlock_other_pipe", "Mutex::Unlock: Mutex::Unlock<PIPE_V>(2) of a MutexID that PIPE_MTE2 locked: Lock "
                                "and Unlock of one MutexID must name the same pipe"),
    ("mutex_on_910b", "Mutex::Lock: Mutex is an Ascend 950 API (npu arch 3510); ascend910b (arch 2201) has none: "
                      "order the pipes with SetFlag/WaitFlag or queues"),
    ("tensor_at_address_past_ub", "LocalTensor(TPosition, addr, tileSize): 32 elements of float from UB offset "
                                  "262080 end at byte 262208, past the end of UB (262144 bytes)"),
])
def test_mutex_and_address_misuse(program, name, diagnosis):
    out = kgbuild.run_vals(program, name)
    assert out["defect"] == f"block 0: {diagnosis}", out["raw"]


def test_configuration_forms_fmod_truncate_and_bitwise_scalars(program):
    out = kgbuild.run_vals(program, "math_config_forms")
    assert out["defect"] is None, out["raw"]
    v = {k: a.astype(np.float32) for k, a in out["vals"].items()}
    x, e = inputs(), np.float32(0.75)
    np.testing.assert_allclose(v["sin"], np.sin(x), rtol=0, atol=2e-7)
    np.testing.assert_array_equal(v["div"], x / e)
    np.testing.assert_array_equal(v["sqrt_abs"], np.sqrt(np.abs(x)))
    np.testing.assert_allclose(v["pow"], np.power(e, x), rtol=2e-7)
    np.testing.assert_array_equal(v["fmod"], np.fmod(x, e))
    np.testing.assert_array_equal(v["rint"], np.rint(x))                 # ties to even
    np.testing.assert_array_equal(v["round"], np.trunc(x + np.copysign(np.float32(0.5), x)))   # ties away
    np.testing.assert_array_equal(v["floor"], np.floor(x))
    np.testing.assert_array_equal(v["ceil"], np.ceil(x))
    np.testing.assert_array_equal(v["trunc"], np.trunc(x))
    bits = (np.arange(N) * 37).astype(np.int16)
    np.testing.assert_array_equal(out["vals"]["ands"].astype(np.int16), bits & np.int16(0x5A))
    np.testing.assert_array_equal(out["vals"]["ors"].astype(np.int16), bits | np.int16(0x5A))


def test_multidimensional_dma_broadcasts_and_pads(program):
    row = np.arange(1, 7, dtype=np.float32)
    out = kgbuild.run_vals(program, "nddma_broadcast_pad")
    assert out["defect"] is None, out["raw"]
    want = np.tile(np.concatenate([[-1], row, [-1]]).astype(np.float32), 3)   # constantValue -1 on both sides
    np.testing.assert_array_equal(out["vals"]["y"].astype(np.float32), want)
    out = kgbuild.run_vals(program, "nddma_nearest_pad")
    want = np.tile(np.concatenate([[1], row, [6]]).astype(np.float32), 3)     # the nearest data element instead
    np.testing.assert_array_equal(out["vals"]["y"].astype(np.float32), want)
    out = kgbuild.run_vals(program, "nddma_on_910b")
    assert out["defect"] == ("block 0: DataCopy: the multi-dimensional DataCopy (NdDmaParams) is an Ascend 950 API "
                             "(npu arch 3510); ascend910b (arch 2201) has none")


def test_datacopypad_compact_lays_blocks_back_to_back(program):
    out = kgbuild.run_vals(program, "datacopypad_compact")
    assert out["defect"] is None, out["raw"]
    data = np.array([0, 1, 2, 4, 5, 6, 8, 9, 10], np.float32)        # three 3-float blocks, 1 float apart in GM
    np.testing.assert_array_equal(out["vals"]["ub"].astype(np.float32),
                                  np.concatenate([data, np.full(7, 9, np.float32)]))   # paddingValue to 64 bytes
    np.testing.assert_array_equal(out["vals"]["y"].astype(np.float32),
                                  np.array([0, 1, 2, -5, 4, 5, 6, -5, 8, 9, 10, -5], np.float32))
    out = kgbuild.run_vals(program, "datacopypad_compact_on_910b")
    assert out["defect"] == ("block 0: DataCopyPad: PaddingMode::Compact is an Ascend 950 API (npu arch 3510); "
                             "ascend910b (arch 2201) has none: use PaddingMode::Normal")


def test_loop_mode_repeats_datacopypad_over_two_loops(program):
    out = kgbuild.run_vals(program, "loop_mode_datacopypad")
    assert out["defect"] is None, out["raw"]
    # four 3-float blocks of x (12 bytes apart in GM), each in its own 32-byte UB row; with no left/right padding
    # the row's dummy elements repeat the block's first element (DataCopyPad's documented dummy)
    rows = [np.concatenate([np.arange(3 * k, 3 * k + 3), np.full(5, 3 * k)]) for k in range(4)]
    np.testing.assert_array_equal(out["vals"]["ub"].astype(np.float32), np.concatenate(rows).astype(np.float32))
    out = kgbuild.run_vals(program, "loop_mode_plain_datacopy")
    assert out["defect"] == ("block 0: DataCopy: DataCopy under SetLoopModePara is not emulated (DataCopyPad is): "
                             "the copy would ignore the loops")


def test_broadcast_forms(program):
    out = kgbuild.run_vals(program, "broadcast_forms")
    assert out["defect"] is None, out["raw"]
    src = np.arange(1, 7, dtype=np.float32)
    np.testing.assert_array_equal(out["vals"]["b3"].astype(np.float32),
                                  np.broadcast_to(src.reshape(3, 1, 2), (3, 4, 2)).ravel())
    np.testing.assert_array_equal(out["vals"]["b2"].astype(np.float32),
                                  np.broadcast_to(src[:2].reshape(2, 1), (2, 8)).ravel())
    out = kgbuild.run_vals(program, "broadcast_bad_shape")
    assert out["defect"] == ("block 0: GetBroadcastTilingInfo: axis 0: srcShape 2 neither equals dstShape 3 nor is 1 "
                             "(the axis to broadcast)")


def test_set_buffer_len_counts_elements(program):
    out = kgbuild.run_vals(program, "set_buffer_len_counts_elements")
    assert out["defect"] is None and out["checks"] == {"size_is_elements": "ok"}, out["raw"]


def test_duplicate_fills_from_a_tensors_first_element(program):
    out = kgbuild.run_vals(program, "duplicate_tensor_source")
    assert out["defect"] is None, out["raw"]
    y = out["vals"]["y"].astype(np.float32)
    np.testing.assert_array_equal(y[:40], np.full(40, 2.5, np.float32))
    np.testing.assert_array_equal(y[40:], 100 + np.arange(40, 64, dtype=np.float32))   # past count: untouched
    out = kgbuild.run_vals(program, "duplicate_tensor_source_on_910b")
    assert out["defect"] == ("block 0: Duplicate: Duplicate with a LocalTensor source is an Ascend 950 API (npu arch "
                             "3510); ascend910b (arch 2201) has none: pass src's first element as the scalar")


def test_select_takes_its_scalar_first_on_the_950(program):
    out = kgbuild.run_vals(program, "select_scalar_first")
    assert out["defect"] is None, out["raw"]
    i = np.arange(64)
    expected = np.where(i % 8 < 4, 7.0, i).astype(np.float32)   # mask bytes 0x0F: bits 0-3 of each 8
    np.testing.assert_array_equal(out["vals"]["y"].astype(np.float32), expected)
    out = kgbuild.run_vals(program, "select_scalar_first_on_910b")
    assert out["defect"] == ("block 0: Select: Select with a scalar src0 (the flexible scalar position) is an Ascend "
                             "950 API (npu arch 3510); ascend910b (arch 2201) has none: swap the operands and invert "
                             "the mask")


def test_scalar_operations_take_a_tensor_element_as_the_scalar_on_the_950(program):
    out = kgbuild.run_vals(program, "scalar_from_tensor")
    assert out["defect"] is None, out["raw"]
    x = np.arange(64, dtype=np.float32)
    np.testing.assert_array_equal(out["vals"]["y"].astype(np.float32), (x / np.float32(4.0)) * np.float32(3.0))
    out = kgbuild.run_vals(program, "scalar_from_tensor_on_910b")
    assert out["defect"].startswith("block 0: Divs: Divs with a LocalTensor element as its scalar (the flexible "
                                    "scalar position) is an Ascend 950 API"), out["defect"]


def test_interleave_and_deinterleave_in_memory(program):
    """Interleave.md / DeInterleave.md (950): src0, src1 zipped, its first half to dst0 and the rest to dst1;
    DeInterleave the inverse, and its one-input form splits even and odd elements. Interleaving over the sources
    themselves (in place) is refused: the pages forbid any source overlapping a destination."""
    out = kgbuild.run_vals(program, "interleave_memory")
    assert out["defect"] is None, out["raw"]
    y = out["vals"]["y"].astype(np.float32)
    a, b = np.arange(64, dtype=np.float32), 100 + np.arange(64, dtype=np.float32)
    zipped = np.stack([a, b], axis=1).reshape(-1)
    np.testing.assert_array_equal(y[:128], zipped)            # i0 then i1
    np.testing.assert_array_equal(y[128:256], np.concatenate([a, b]))   # deinterleaved back
    np.testing.assert_array_equal(y[256:320], np.concatenate([zipped[:64:2], zipped[1:64:2]]))
    out = kgbuild.run_vals(program, "interleave_in_place")
    assert out["defect"] is not None and out["defect"].startswith("block 0: Interleave: dst0 UB [") and \
        "does not support a source overlapping a destination, in place included" in out["defect"], out


def test_the_system_workspace_pointer_is_what_set_sys_workspace_gave(program):
    out = kgbuild.run_vals(program, "sys_workspace_pointer")
    assert out["defect"] is None, out["raw"]
    assert out["vals"]["y"].tolist() == [1.0, 1.0]   # null before (no launch workspace), the given pointer after
