"""What `kernelgen doctor` reports: the toolchain (kernelgen.toolchain) and the emulator's cache
(kernelgen.emulator.build) examined together. It sits above both, so neither imports the other's caller."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kernelgen.emulator.build import cache_dir, cache_info
from kernelgen.errors import ToolchainError, UsageError
from kernelgen import toolchain
from kernelgen.toolchain import Cann, Compiler


@dataclass(frozen=True)
class Environment:
    """Everything `kernelgen doctor` reports: what can build, where, and with what."""

    cann: Cann
    ops_nn: str | None
    ops_nn_source: str
    compiler: Compiler | None
    compiler_problem: str | None
    cache_dir: str
    cache_files: int
    cache_bytes: int
    cache_problem: str | None = None     # the cache directory cannot be used (the emulator cannot run)
    cache_damaged: tuple[str, ...] = ()  # entries that fail their size/hash record (rebuilt on next use)

    @property
    def backend(self) -> str:
        """What `kernelgen build --backend auto` would use: cann, emu, or none."""
        if self.cann.usable and self.ops_nn:
            return "cann"
        return "emu" if self.compiler and not self.cache_problem else "none"

    def as_dict(self) -> dict:
        return {
            "cann": {"usable": self.cann.usable, "root": self.cann.root, "root_source": self.cann.root_source,
                     "version": self.cann.version, "set_env": self.cann.set_env, "tools": dict(self.cann.tools),
                     "missing": list(self.cann.missing)},
            "ops_nn": {"path": self.ops_nn, "source": self.ops_nn_source},
            "compiler": {"path": self.compiler.path, "version": self.compiler.version} if self.compiler
            else {"path": None, "problem": self.compiler_problem},
            "emulator_cache": {"path": self.cache_dir, "files": self.cache_files, "bytes": self.cache_bytes,
                               "problem": self.cache_problem, "damaged": list(self.cache_damaged)},
            "backend": self.backend,
        }


def examine(ops_nn: str | Path | None = None, env: dict | None = None) -> Environment:
    cann = toolchain.detect_cann(env)
    checkout, source = toolchain.find_ops_nn(ops_nn, env)
    try:
        compiler, problem = toolchain.find_compiler(required=True), None
    except ToolchainError as exc:
        compiler, problem = None, str(exc)
    try:
        cache_dir()
        cache_problem = None
    except UsageError as exc:   # doctor reports an unusable cache instead of dying of it
        cache_problem = str(exc)
    info = cache_info()
    return Environment(cann, str(checkout) if checkout else None, source, compiler, problem, info["path"], info["files"],
                  info["bytes"], cache_problem, tuple(info["damaged"]))
