"""Shared test constants and helpers: the matrix is built from the catalog and the spec."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kernelgen.authoring.ops import get_spec
from kernelgen.socs import get_soc

REPO = Path(__file__).resolve().parent.parent
GELU = get_spec("gelu_grad")
DEFAULT_SOCS = tuple(get_soc(s) for s in GELU.default_socs)

requires_cxx = pytest.mark.skipif(shutil.which("g++") is None and shutil.which("c++") is None,
                                  reason="needs a C++ compiler (g++)")
