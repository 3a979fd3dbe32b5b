"""Corpus patterns of the coverage work (tests/opdirs/channel_scale, a miniature written here): a legacy
BEGIN_TILING_DATA_DEF class that lives only in the per-architecture tiling folder and that the kernel reads
through GET_TILING_DATA and the host-style get_<field>() accessors; a comparison mask kept in a float tensor
(run, with a warning: the NPU sees the same bits); a SIGFPE in the kernel's scalar code reported as that block's
defect (never a dead process); and a wait on pipe S (MTE3_S) that orders the later vector write after the copy-out,
while leaving it out is a race. One compile for the module.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from kernelgen.emulator.emulate import run
from kernelgen.emulator.layout import tiling_dir
from kernelgen.emulator.opdir import legacy_tiling_headers
from kernelgen.errors import EmulatorDefect

from conftest import requires_cxx

OPDIR = Path(__file__).resolve().parent / "opdirs" / "channel_scale"
RNG = np.random.default_rng(7)
X = RNG.uniform(-2, 2, (2, 4, 4, 8)).astype(np.float32)
SCALE = np.array([1.5, -0.5, 0.25, 2.0], np.float32)


def expected(x: np.ndarray) -> np.ndarray:
    return np.maximum(x * SCALE[None, :, None, None], 0).astype(np.float32)


def test_tiling_class_found_in_the_soc_tiling_folder():
    sub = tiling_dir(OPDIR, "ascend910b", 2201)
    assert sub == OPDIR / "op_host" / "arch22"
    assert legacy_tiling_headers(OPDIR) == []  # op_host/ and op_kernel/ alone do not hold it
    assert legacy_tiling_headers(OPDIR, sub) == [sub / "channel_scale_tiling.h"]


@requires_cxx
def test_runs_with_accessors_and_a_float_mask():
    out, report = run(OPDIR, "ascend910b", {"x": X, "scale": SCALE}, attrs={"hazard": 0}, threads=1,
                      return_report=True)
    np.testing.assert_array_equal(out["y"], expected(X))
    assert report["tiling_fields"] == {"total": 256, "channels": 4, "hw": 32, "hazard": 0}
    masks = [w for w in report["warnings"] if "bit mask is documented" in w]
    assert any("CompareScalar: dst is a LocalTensor<float>" in w for w in masks), report["warnings"]
    assert any("Select: selMask is a LocalTensor<float>" in w for w in masks), report["warnings"]


@requires_cxx
def test_sigfpe_in_the_kernel_is_the_blocks_defect():
    with pytest.raises(EmulatorDefect) as err:  # a 2-D x: the host's H * W is 0 and the kernel divides by it
        run(OPDIR, "ascend910b", {"x": X.reshape(8, 32), "scale": SCALE}, attrs={"hazard": 0}, threads=1)
    assert str(err.value).startswith(
        "ChannelScale on ascend910b, block 0 of 1, API call #13: SIGFPE: an integer division by zero in the kernel's "
        "own scalar code after WaitFlag; on the NPU its result is undefined"), str(err.value)
    # the process survived: the same library runs the good input again
    out = run(OPDIR, "ascend910b", {"x": X, "scale": SCALE}, attrs={"hazard": 0}, threads=1)
    np.testing.assert_array_equal(out["y"], expected(X))


@requires_cxx
def test_a_missing_scalar_wait_is_a_race():
    with pytest.raises(EmulatorDefect) as err:
        run(OPDIR, "ascend910b", {"x": X, "scale": SCALE}, attrs={"hazard": 1}, threads=1)
    assert "Duplicate: race on UB [3072, 4096) of TBuf 3 (VECCALC): this call (pipe V) writes bytes that DataCopy " \
           "(pipe MTE3, API call #22) reads, and nothing orders pipe MTE3 before pipe V" in str(err.value)


@requires_cxx
def test_get_tiling_data_of_a_legacy_class_is_a_host_defect():
    with pytest.raises(EmulatorDefect) as err:
        run(OPDIR, "ascend910b", {"x": X, "scale": SCALE}, attrs={"hazard": 2}, threads=1)
    assert str(err.value).startswith(
        "ChannelScale on ascend910b: tiling: GetTilingData<ChannelScaleTilingData>: ChannelScaleTilingData is a "
        "BEGIN_TILING_DATA_DEF class, not a plain struct"), str(err.value)


@requires_cxx
def test_survey_row_of_a_sigfpe_is_a_defect_not_a_crash(tmp_path):
    from kernelgen.corpus.worker import survey_one

    recipes = tmp_path / "recipes.json"
    recipes.write_text(json.dumps({"ops": {"ChannelScale": {"shapes": {"x": [8, 32], "scale": [4]}}}}))
    row = survey_one({"dir": str(OPDIR), "rel": "channel_scale", "soc": "ascend910b", "recipes": str(recipes)})
    assert row["class"] == "defect found", row
    assert "block 0 of 1, API call #13: SIGFPE: an integer division by zero" in row["detail"], row["detail"]
