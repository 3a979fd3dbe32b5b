"""Builds the kernel-side emulator C++ test programs for the pytest suites.

Every program is a unity build (one g++ call) linked with runtime/kg_runtime.cpp. Builds are cached in the
system temp directory under a hash of the sources, the flags and the compiler version, so a pytest session
compiles each program at most once and later sessions reuse them. A program is built when a test first asks for
it, under the cache entry's lock: pytest-xdist workers wanting the same program build it once (the second waits).
"""

from __future__ import annotations

import functools
import hashlib
import os
import pathlib
import shutil
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
INCLUDE = ROOT / "kernelgen" / "emulator" / "include"
RUNTIME = ROOT / "kernelgen" / "emulator" / "runtime" / "kg_runtime.cpp"
HERE = pathlib.Path(__file__).resolve().parent
CXX = os.environ.get("CXX", "g++")
NPU_ARCH = "2201"
BASE_FLAGS = ["-std=c++17", "-O1", f"-D__NPU_ARCH__={NPU_ARCH}", f"-I{INCLUDE}"]
STRICT = ["-Wall", "-Wextra", "-Werror"]

# program name -> (main source, extra flags). Defect kernels are deliberately sloppy code: no -Werror there.
PROGRAMS = {
    "api_tests": ("api_tests.cpp", STRICT),
    "defect_tests": ("defect_tests.cpp", ["-w"]),
    "sanitize_tests": ("sanitize_tests.cpp", ["-w"]),
    "sanitize_gm_tests": ("sanitize_gm_tests.cpp", ["-w", "-pthread"]),
    "numerics_cast": ("numerics_cast.cpp", STRICT),
    "api_corpus": ("api_corpus.cpp", STRICT),
    "api_v35": ("api_v35.cpp", STRICT),
    "api_reg": ("api_reg.cpp", STRICT),
    "api_sort_int4": ("api_sort_int4.cpp", STRICT),
    "matmul_tests": ("matmul_tests.cpp", STRICT),
    "bench_elementwise": ("bench_elementwise.cpp", [*STRICT, "-O2", "-pthread"]),
    # the SIMT tests: the instrumentation kernelgen adds to SIMT kernels (kernelgen/emulator/build.py SIMT_FLAGS)
    "api_simt": ("api_simt.cpp", ["-w", "-fsanitize=kernel-address", "--param", "asan-instrumentation-with-call-threshold=0",
                                  "--param", "asan-stack=0", "--param", "asan-globals=0"]),
}


class BuildError(RuntimeError):
    """A test program failed to compile; the message carries the command line and compiler output."""


def have_compiler() -> bool:
    return shutil.which(CXX) is not None


def _sources() -> list[pathlib.Path]:
    files = [INCLUDE / "kernel_operator.h", INCLUDE / "kernel_tiling" / "kernel_tiling.h", RUNTIME]
    files += sorted((INCLUDE / "kgemu").rglob("*.h")) + sorted((INCLUDE / "lib").rglob("*.h"))
    files += sorted((INCLUDE / "basic_api").rglob("*.h"))
    files += sorted(HERE.glob("*.h")) + sorted(HERE.glob("*.cpp"))
    return files


@functools.lru_cache(maxsize=None)
def build_dir() -> pathlib.Path:
    h = hashlib.sha256()
    for f in _sources():
        h.update(str(f.relative_to(ROOT)).encode())
        h.update(f.read_bytes())
    h.update(" ".join(BASE_FLAGS).encode())
    h.update(subprocess.run([CXX, "--version"], capture_output=True, text=True, check=False).stdout.encode())
    d = pathlib.Path(tempfile.gettempdir()) / f"kgemu-cpp-tests-{h.hexdigest()[:16]}"
    d.mkdir(parents=True, exist_ok=True)
    return d


def run_tool(cmd: list[str], timeout: float = 1800) -> subprocess.CompletedProcess:
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT, check=False)
    if proc.returncode != 0:
        raise BuildError(f"command failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stdout}\n{proc.stderr}")
    return proc


def built_once(out: pathlib.Path, command: list[str]) -> pathlib.Path:
    """Runs command (which writes the file after its "-o") unless out exists, under out's entry lock, writing to a
    name of this process's own and renaming: concurrent workers never see or write a half-made file."""
    from kernelgen.emulator.build import entry_lock

    if out.exists():
        return out
    with entry_lock(out):
        if not out.exists():
            tmp = out.with_name(f"{out.stem}.{os.getpid()}.tmp{out.suffix}")
            run_tool([*command, "-o", str(tmp)])
            tmp.replace(out)
    return out


def _build_one(name: str, runtime_obj: pathlib.Path) -> pathlib.Path:
    src, extra = PROGRAMS[name]
    return built_once(build_dir() / name, [CXX, *BASE_FLAGS, *extra, str(HERE / src), str(runtime_obj)])


@functools.lru_cache(maxsize=None)
def _runtime_obj() -> pathlib.Path:
    return built_once(build_dir() / "kg_runtime.o", [CXX, *BASE_FLAGS, *STRICT, "-c", str(RUNTIME)])


def build(name: str) -> pathlib.Path:
    """Compiles one test program (and the runtime, once). Returns its executable."""
    return _build_one(name, _runtime_obj())


class Programs:
    """name -> executable, each program built on first use (a test module asks only for what it runs)."""

    def __getitem__(self, name: str) -> pathlib.Path:
        return build(name)


def run_program(exe: pathlib.Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=timeout, check=False)


def run_parsed(exe: pathlib.Path, name: str) -> dict:
    """Runs one named test of a program and parses its output (plus 'raw': stdout and stderr); None result =
    the program crashed."""
    proc = run_program(exe, name)
    out = parse_output(proc.stdout)
    out["raw"] = proc.stdout + proc.stderr
    return out


def run_finished(exe: pathlib.Path, name: str) -> dict:
    """run_parsed that fails the test when the program crashed instead of reporting."""
    out = run_parsed(exe, name)
    assert out["result"] is not None, f"{name} crashed:\n{out['raw']}"
    return out


def assert_defect(out: dict, name: str, diagnosis: str) -> None:
    """The run stopped on a defect whose message starts with `diagnosis`."""
    assert out["defect"] is not None, f"{name}: expected a defect, got none:\n{out['raw']}"
    assert out["defect"].startswith(diagnosis), out["defect"]


def assert_clean(out: dict) -> None:
    """No defect, and every CHECK the kernel made passed."""
    assert out["defect"] is None, out["raw"]
    assert all(v.startswith("ok") for v in out["checks"].values()), out["checks"]


def run_vals(exe: pathlib.Path, name: str) -> dict:
    """run_parsed plus 'vals': {name: float array} from the test's `VAL <name> v0 v1 ...` lines; the program must
    have finished the test (RESULT done: a DEFECT is fine, a crash or a failed CHECK is not)."""
    import numpy as np

    out = run_parsed(exe, name)
    assert out["result"] == "done", out["raw"]
    out["vals"] = {}
    for line in out["raw"].splitlines():
        if line.startswith("VAL "):
            _, key, *vals = line.split()
            out["vals"][key] = np.array([float(v) for v in vals])
    return out


def parse_output(text: str) -> dict:
    """Parses the emu_test.h output protocol into {'defect', 'progress', 'warnings', 'stats', 'checks', 'result'}."""
    out = {"defect": None, "progress": None, "warnings": [], "stats": {}, "checks": {}, "result": None}
    for line in text.splitlines():
        key, _, rest = line.partition(" ")
        if key == "DEFECT":
            out["defect"] = rest
        elif key == "PROGRESS":
            out["progress"] = rest
        elif key == "WARNING":
            out["warnings"].append(rest)
        elif key == "STAT":
            k, _, v = rest.partition(" ")
            out["stats"][k] = int(v)
        elif key == "CHECK":
            k, _, v = rest.partition(" ")
            out["checks"][k] = v
        elif key == "RESULT":
            out["result"] = rest
    return out
