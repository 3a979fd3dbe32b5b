"""The `formats` recipe key: the ge::Format a tensor carries into the operator's host code (an aclTensor's format;
MaxPool3D's infershape reads its input's origin format). No compiler needed: the mapping and its errors."""
from __future__ import annotations

import json

import pytest

from kernelgen.corpus.inputs import load_recipes
from kernelgen.dtypes import GE_FORMATS, ge_format
from kernelgen.emulator.emulate import _tensor_formats, _tensor_struct
from kernelgen.emulator.decl import OpDecl, TensorDecl
from kernelgen.errors import UsageError

DECL = OpDecl("Pool", "pool", (TensorDecl("x", ("DT_FLOAT",)),), (TensorDecl("y", ("DT_FLOAT",)),))


def test_formats_map_names_to_ge_numbers_and_reach_the_tensor_struct():
    assert _tensor_formats(DECL, {"x": "NDHWC", "y": "FORMAT_NCDHW"}) == {"x": 27, "y": 30}
    assert _tensor_formats(DECL, None) == {}
    assert ge_format("NDC1HWC0", "t") == GE_FORMATS["FORMAT_NDC1HWC0"] == 32
    assert _tensor_struct("x", None, "DT_FLOAT", shape=(2, 3), fmt=27).format == 27
    assert _tensor_struct("x", None, "DT_FLOAT", shape=(2, 3)).format == 2  # FORMAT_ND by default


def test_formats_errors_name_what_is_valid():
    with pytest.raises(UsageError, match="Pool tensor x: unknown format 'NDWHC'; known: NCHW, NHWC, ND, .*NDHWC"):
        _tensor_formats(DECL, {"x": "NDWHC"})
    with pytest.raises(UsageError, match="'z'.*x, y"):
        _tensor_formats(DECL, {"z": "ND"})


def test_recipe_formats_must_be_an_object(tmp_path):
    bad = tmp_path / "r.json"
    bad.write_text(json.dumps({"ops": {"Pool": {"formats": ["NDHWC"]}}}))
    with pytest.raises(UsageError, match="formats must be an object keyed by name"):
        load_recipes(bad)
    assert load_recipes()["ops"]["MaxPool3D"]["formats"] == {"x": "NDHWC", "y": "NDHWC"}
