"""The one subprocess wrapper: every external tool kernelgen runs goes through run_tool."""
from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

from .errors import ToolchainError


@dataclass(frozen=True)
class ToolResult:
    cmd: tuple[str, ...]
    returncode: int
    output: str


def format_cmd(cmd) -> str:
    import shlex

    return " ".join(shlex.quote(str(c)) for c in cmd)


def run_tool(cmd, cwd: Path | None = None, timeout: float = 600, env: dict | None = None,
             source: Path | str | None = None, check: bool = True) -> ToolResult:
    """Run cmd and capture its output; on failure raise ToolchainError with the command line,
    the output and (when given) the path of the generated source being processed."""
    cmd = tuple(str(c) for c in cmd)
    try:
        proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                              errors="replace")
    except FileNotFoundError as exc:
        raise ToolchainError(f"{cmd[0]} not found: {exc.strerror}") from exc
    except subprocess.TimeoutExpired as exc:
        raise ToolchainError(f"{format_cmd(cmd)} timed out after {timeout:.0f} s") from exc
    output = (proc.stdout or "") + (proc.stderr or "")
    if check and proc.returncode != 0:
        where = f" (source: {source})" if source else ""
        raise ToolchainError(f"command failed with exit code {proc.returncode}{where}: {format_cmd(cmd)}\n"
                             + output.strip())
    return ToolResult(cmd, proc.returncode, output)
