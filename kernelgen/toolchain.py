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

from .errors import ToolchainError


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


def _cann_root(env) -> tuple[Path | None, str]:
    for var in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME"):
        if env.get(var):
            return Path(env[var]).expanduser(), var
    for cand in DEFAULT_CANN_ROOTS:
        path = Path(cand).expanduser()
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
