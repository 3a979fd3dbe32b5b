"""Toolchain detection in one place: the host C++ compiler (emulator) and CANN (NPU builds).

Returns small immutable records of what was found and what is missing; never raises on absence.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from kernelgen.errors import ToolchainError


@dataclass(frozen=True)
class Compiler:
    path: str
    version: str          # first line of --version; part of every cache key


@lru_cache(maxsize=4)
def _probe_compiler(path: str) -> Compiler:
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ToolchainError(f"C++ compiler {path} does not run: {exc}") from exc
    return Compiler(path, (out.splitlines() or ["unknown"])[0].strip())


def find_compiler(required: bool = True) -> Compiler | None:
    """$CXX, else g++, else c++."""
    candidates = [os.environ.get("CXX"), "g++", "c++"]
    for cand in filter(None, candidates):
        path = shutil.which(cand)
        if path:
            return _probe_compiler(path)
    if required:
        raise ToolchainError("no C++ compiler found for the emulator; install g++ (Debian: apt-get install g++) "
                             "or set CXX")
    return None


@dataclass(frozen=True)
class GTest:
    """googletest for `kernelgen ut`: the header directory and the static or shared libraries found."""

    include: str | None
    libs: tuple[str, ...]

    @property
    def usable(self) -> bool:
        return self.include is not None and len(self.libs) >= 2

    @property
    def problem(self) -> str | None:
        if self.usable:
            return None
        missing = [] if self.include else ["gtest/gtest.h"]
        names = {Path(p).name.split(".")[0] for p in self.libs}
        missing += [n for n in ("libgtest", "libgmock") if n not in names]
        return ("not found (" + ", ".join(missing) + "); Debian: apt-get install libgtest-dev libgmock-dev")


_GTEST_DIRS = ("/usr/include", "/usr/local/include")
_LIB_DIRS = ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib", "/usr/local/lib", "/usr/lib64")


def find_gtest(env: dict | None = None) -> GTest:
    """googletest as Debian's libgtest-dev/libgmock-dev (or CMake's default prefixes) install it; GTEST_ROOT first."""
    env = os.environ if env is None else env
    roots = [env.get("GTEST_ROOT")] if env.get("GTEST_ROOT") else []
    inc_dirs = [f"{r}/include" for r in roots] + list(_GTEST_DIRS)
    lib_dirs = [f"{r}/lib" for r in roots] + [f"{r}/lib64" for r in roots] + list(_LIB_DIRS)
    include = next((d for d in inc_dirs if os.path.isfile(os.path.join(d, "gtest", "gtest.h"))), None)
    libs = []
    for name in ("libgtest", "libgmock"):
        for d in lib_dirs:
            hit = next((os.path.join(d, name + ext) for ext in (".a", ".so") if os.path.isfile(os.path.join(d, name + ext))),
                       None)
            if hit:
                libs.append(hit)
                break
    return GTest(include, tuple(libs))


DEFAULT_CANN_ROOTS = ("/usr/local/Ascend/ascend-toolkit/latest", "/usr/local/Ascend/cann",
                      "~/Ascend/ascend-toolkit/latest", "~/Ascend/latest")


@dataclass(frozen=True)
class Cann:
    """What was found of a CANN toolkit. usable is True only when nothing required is missing."""

    root: str | None
    root_source: str             # "ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME", "default path" or "none"
    version: str | None
    set_env: str | None
    tools: tuple[tuple[str, str], ...] = ()   # (name, path) found
    missing: tuple[str, ...] = field(default=())

    @property
    def usable(self) -> bool:
        return self.root is not None and not self.missing

    def problem(self) -> str:
        """One line naming what is missing, for 'CANN required but absent' (exit 3)."""
        if self.root is None:
            return ("CANN not found: set ASCEND_HOME_PATH (or source <cann>/set_env.sh); no CANN at "
                    + ", ".join(DEFAULT_CANN_ROOTS))
        parts = []
        for item in self.missing:
            if item == "set_env.sh":
                parts.append(f"set_env.sh (not in {self.root} or its parent)")
            else:
                parts.append(f"{item} (not on PATH, nor in {self.root}/bin or {self.root}/compiler/ccec_compiler/bin)")
        return f"CANN at {self.root} (from {self.root_source}) is not usable: missing " + "; ".join(parts)


def _cann_root(env) -> tuple[Path | None, str]:
    for var in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME"):
        if env.get(var):
            return Path(os.path.expanduser(env[var])), var
    for cand in DEFAULT_CANN_ROOTS:
        path = Path(os.path.expanduser(cand))
        if path.is_dir():
            return path, "default path"
    return None, "none"


def _cann_version(root: Path) -> str | None:
    for name in ("version.cfg", "version.info", "ascend_toolkit_install.info"):
        for cand in (root / name, root.parent / name, root / "compiler" / name):
            if cand.is_file():
                m = re.search(r"version\s*[=:]\s*([\w.\-]+)", cand.read_text(errors="replace"))
                if m:
                    return m.group(1)
    return None


def detect_cann(env: dict | None = None) -> Cann:
    env = dict(os.environ if env is None else env)
    root, source = _cann_root(env)
    if root is None:
        return Cann(None, source, None, None, (), ("CANN root (set ASCEND_HOME_PATH)",))
    missing: list[str] = []
    set_env = next((p for p in (root / "set_env.sh", root.parent / "set_env.sh", root / "bin" / "setenv.bash")
                    if p.is_file()), None)
    if set_env is None:
        missing.append("set_env.sh")
    search_path = os.pathsep.join(filter(None, [str(root / "bin"), str(root / "compiler" / "ccec_compiler" / "bin"),
                                                 str(root / "tools" / "ascendc_tools"), env.get("PATH", "")]))
    tools = []
    for tool in ("asc_opc", "bisheng"):
        path = shutil.which(tool, path=search_path)
        if path:
            tools.append((tool, path))
        else:
            missing.append(tool)
    return Cann(str(root), source, _cann_version(root), str(set_env) if set_env else None, tuple(tools),
                tuple(missing))


def is_ops_nn_checkout(path: Path) -> bool:
    """An ops-nn checkout has build.sh and an experimental/ tree at its root."""
    return (path / "build.sh").is_file() and (path / "experimental").is_dir()


OPS_NN_ENV = "KERNELGEN_OPS_NN"


def find_ops_nn(explicit: str | Path | None = None, env: dict | None = None) -> tuple[Path | None, str]:
    """(ops-nn checkout, where it came from) from --ops-nn, else $KERNELGEN_OPS_NN; (None, "not given").

    Raises UsageError when the named directory is not an ops-nn checkout."""
    from kernelgen.errors import UsageError

    env = os.environ if env is None else env
    if explicit:
        path, source = Path(os.path.expanduser(str(explicit))), "--ops-nn"
    elif env.get(OPS_NN_ENV):
        path, source = Path(os.path.expanduser(env[OPS_NN_ENV])), OPS_NN_ENV
    else:
        return None, "not given"
    if not is_ops_nn_checkout(path):
        raise UsageError(f"{source} {path} is not an ops-nn checkout (it needs build.sh and experimental/ "
                         "at its root)")
    return path.resolve(), source


def cann_environment(cann: Cann, env: dict | None = None) -> dict[str, str]:
    """The environment after `source <set_env.sh>`, as the documented ops-nn command sequence starts."""
    from kernelgen.proc import run_tool

    if not cann.usable or cann.set_env is None:
        raise ToolchainError(cann.problem())
    base = dict(os.environ if env is None else env)
    result = run_tool(["bash", "-c", 'source "$1" >/dev/null 2>&1; env -0', "kernelgen-set-env", cann.set_env],
                      env=base, timeout=120, source=cann.set_env)
    out = {}
    for item in result.output.split("\0"):
        if "=" in item:
            key, value = item.split("=", 1)
            out[key] = value
    if not out:
        raise ToolchainError(f"sourcing {cann.set_env} produced no environment")
    return out
