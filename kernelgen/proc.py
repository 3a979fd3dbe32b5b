"""The one subprocess wrapper: every external tool kernelgen runs goes through run_tool."""
from __future__ import annotations

import os
import signal
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

from kernelgen.errors import ToolchainError

# stream_tool's children run in sessions of their own (a time limit ends a child's whole process group), so
# neither a terminal's Ctrl-C nor a kill of kernelgen reaches them: stop_children ends them all, and once it
# has run no new child starts (a survey's queued operators would otherwise start after the interrupt).
_children_lock = threading.Lock()
_children: set[int] = set()
_stopping = False


def stop_children() -> int:
    """End the process group of every child stream_tool is running and start no new one; how many it ended."""
    global _stopping
    with _children_lock:
        _stopping = True
        groups = list(_children)
    for pid in groups:
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return len(groups)


def on_stop_signal(signum, frame):
    """Ctrl-C or a kill: end the children first (a survey's workers run in sessions of their own, and a thread
    pool or a pytest item waits for them before the interrupt gets anywhere), then unwind as an interrupt.
    on_stop_signal.signum: the last signal it took."""
    on_stop_signal.signum = signum
    stop_children()
    raise KeyboardInterrupt


def stop_children_on_signals() -> dict:
    """Install on_stop_signal for SIGINT and SIGTERM (main thread only); the handlers it replaced, for
    restore_signals. Used by the CLI and by the pytest plugin's survey items."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    return {signum: signal.signal(signum, on_stop_signal) for signum in (signal.SIGINT, signal.SIGTERM)}


def restore_signals(previous: dict) -> None:
    for signum, handler in previous.items():
        signal.signal(signum, handler)


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


def stream_tool(cmd, cwd: Path | None = None, env: dict | None = None, log_path: Path | None = None,
                on_line=None, tail: int = 200, timeout: float | None = None) -> ToolResult:
    """Run cmd with stderr merged into stdout, handing each line (without its newline) to on_line as it
    arrives and appending it to log_path. Returns the exit code and the last `tail` lines; a non-zero exit
    is the caller's to judge. Interrupting kernelgen ends the child's whole process group, and so does
    running past `timeout` seconds (then ToolchainError)."""
    import collections

    cmd = tuple(str(c) for c in cmd)
    log = None
    if log_path is not None:
        log_path = Path(log_path)
        log_path.parent.mkdir(parents=True, exist_ok=True)
        log = open(log_path, "w", encoding="utf-8", errors="replace")
        log.write(f"$ cd {cwd or os.getcwd()} && {format_cmd(cmd)}\n")
        log.flush()
    last: collections.deque[str] = collections.deque(maxlen=tail)
    try:
        with _children_lock:
            if _stopping:
                raise ToolchainError(f"kernelgen is stopping: {cmd[0]} not started")
            try:
                proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, text=True, errors="replace", bufsize=1,
                                        start_new_session=True)
            except FileNotFoundError as exc:
                raise ToolchainError(f"{cmd[0]} not found: {exc.strerror}") from exc
            _children.add(proc.pid)
        timed_out = threading.Event()

        def _expire():
            timed_out.set()
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, _expire) if timeout else None
        if timer:
            timer.daemon = True
            timer.start()
        try:
            assert proc.stdout is not None
            for raw in proc.stdout:
                line = raw.rstrip("\n")
                last.append(line)
                if log:
                    log.write(line + "\n")
                    log.flush()
                if on_line:
                    on_line(line)
            returncode = proc.wait()
            if timed_out.is_set():
                raise ToolchainError(f"{format_cmd(cmd)} ran longer than {timeout:.0f} s and was stopped")
        finally:
            if timer:
                timer.cancel()
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
                proc.wait()
            with _children_lock:
                _children.discard(proc.pid)
    finally:
        if log:
            log.close()
    return ToolResult(cmd, returncode, "\n".join(last))
