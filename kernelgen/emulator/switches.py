"""Run-time switches of the emulator's runtime that are read from the environment when a run starts."""
from __future__ import annotations

import os
from contextlib import contextmanager

SANITIZE_ENV = "KERNELGEN_SANITIZE"   # kg_runtime.cpp reads it at each run's start; "0" turns the sanitizer off


@contextmanager
def sanitizer_off():
    """Runs inside the block skip the sanitizer: for timing-only runs, whose trace is the same either way (the
    sanitizer checks accesses, it does not change what the kernel issues)."""
    old = os.environ.get(SANITIZE_ENV)
    os.environ[SANITIZE_ENV] = "0"
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(SANITIZE_ENV, None)
        else:
            os.environ[SANITIZE_ENV] = old
