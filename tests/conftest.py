"""Shared test constants and helpers: the matrix is built from the catalog and the spec."""
from __future__ import annotations

import re
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


_GUARD_LINE = re.compile(r"\s*(#pragma once|#ifndef \w+|#define \w+|#endif\b.*|//.*)?\s*$")
_ONE_INCLUDE = re.compile(r'\s*#include "([^"]+)"\s*(//.*)?$')


def implied_alone(headers: list[str], include: Path) -> dict[str, str]:
    """{header: the listed header it forwards to} for every listed header that is nothing but an include guard and
    one `#include` of another listed header: it compiles alone (and twice) exactly when that one does, so a
    compile-alone test need not compile it again."""
    listed, out = set(headers), {}
    for h in headers:
        lines = [ln for ln in (include / h).read_text().splitlines() if not _GUARD_LINE.fullmatch(ln)]
        target = _ONE_INCLUDE.fullmatch(lines[0]) if len(lines) == 1 else None
        if target and target.group(1) in listed and target.group(1) != h:
            out[h] = target.group(1)
    return out
