"""One exception base for kernelgen, and the exit codes the CLI maps them to.

Exit codes (documented in the README):
    0  success
    1  a check failed: golden mismatch, emulator-detected defect, stale generated sources
    2  usage error: unknown operator/SOC/dtype, bad option, bad input file
    3  toolchain missing or failing: no C++ compiler, CANN required but absent, compile error
"""
from __future__ import annotations

EXIT_OK = 0
EXIT_CHECK_FAILED = 1
EXIT_USAGE = 2
EXIT_TOOLCHAIN = 3


class KernelgenError(Exception):
    """Base of every error kernelgen raises on purpose."""

    exit_code = EXIT_USAGE


class UsageError(KernelgenError):
    """Bad user input: unknown name, bad option value, malformed file."""

    exit_code = EXIT_USAGE


class SpecError(UsageError):
    """An operator spec or the SOC catalog is inconsistent."""


class RenderError(UsageError):
    """A template failed to render (e.g. an undefined variable)."""


class ToolchainError(KernelgenError):
    """A required tool is missing, or a tool run failed (compile error, build failure)."""

    exit_code = EXIT_TOOLCHAIN


class BuildFailed(ToolchainError):
    """An external build (ops-nn's build.sh) failed; the CLI exits with the child's own exit code."""

    def __init__(self, message: str, exit_code: int):
        super().__init__(message)
        # a child killed by signal N reports -N; exit as a shell would (128 + N)
        self.exit_code = exit_code if exit_code > 0 else (128 - exit_code if exit_code < 0 else EXIT_TOOLCHAIN)


class CheckFailed(KernelgenError):
    """A check did not pass: stale sources, precision mismatch."""

    exit_code = EXIT_CHECK_FAILED


class EmulatorDefect(CheckFailed):
    """The emulator caught something the NPU would get wrong (UB overflow, OOB GM access, ...)."""


class HostRejected(CheckFailed):
    """The operator's own host code (tiling/infershape) rejected the inputs."""


def choices_message(kind: str, value: object, valid) -> str:
    """'unknown SOC 'x'; known: a, b' — the one-line form every lookup error uses."""
    return f"unknown {kind} {value!r}; known: {', '.join(sorted(str(v) for v in valid))}"
