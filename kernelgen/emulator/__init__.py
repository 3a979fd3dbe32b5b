"""kernelgen's CPU emulator: headers with the Ascend C API names, a C++ runtime, and the Python side
that compiles operator sources into cached shared libraries (build.py) and runs them (runner.py)."""
from pathlib import Path

EMULATOR_DIR = Path(__file__).resolve().parent
INCLUDE_DIR = EMULATOR_DIR / "include"
RUNTIME_DIR = EMULATOR_DIR / "runtime"
