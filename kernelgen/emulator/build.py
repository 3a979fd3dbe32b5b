"""Compile an operator's host and kernel sources into an emulator shared library, with a disk cache.

Objects are cached by a hash of the source text, every header the emulator and the operator
directory provide, the flags and the compiler version. Writes are atomic (temp file + os.replace), so
concurrent runs never clobber each other. Every artifact (object, library, program) has a record of its size
and SHA-256 written when it is built (NAME.sum); it is checked before the artifact is used, and a damaged one
(truncated, overwritten, record missing) is rebuilt with a one-line CacheNotice warning, so a truncated .so is
never loaded (dlopen of one dies with SIGBUS).

Several processes (a survey's workers, pytest-xdist workers, two shells) share one cache: every entry is built
under its own lock (fcntl.flock on NAME.lock), so a second process waiting for an entry another one is building
uses that build instead of racing it. At most `compile_slots()` compilers run at once in one process (--jobs,
else the machine's cores), however many libraries are being built concurrently.

Precompiled headers: a unit may name a header set (CompileUnit.pch, PCH_SETS): the set (a host unit: its own
leading includes up to the set's first header) is precompiled once per compiler, flags and SOC defines (a .gch in
the cache, keyed by the hash of every emulator header, so it is rebuilt when any header changes) and
force-included (-include). g++ checks that the .gch fits (else it reads the headers
as text: same object, only slower); KERNELGEN_PCH=0 turns them off.

Where: $KERNELGEN_CACHE_DIR/emulator, else $XDG_CACHE_HOME/kernelgen/emulator, else ~/.cache/kernelgen/emulator.
"""
from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import os
import re
import tempfile
import threading
import warnings
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

from kernelgen.errors import ToolchainError, UsageError
from kernelgen.proc import run_tool
from kernelgen.toolchain import Compiler, find_compiler
from kernelgen.emulator import INCLUDE_DIR, RUNTIME_DIR

# -fnon-call-exceptions: a SIGFPE in a kernel block is thrown as that block's error (kg_harness.cpp RunBlock)
CXXFLAGS = ("-std=c++17", "-O2", "-fPIC", "-pthread", "-fno-strict-aliasing", "-fno-gnu-unique", "-fnon-call-exceptions",
            "-w")
RUNTIME_SOURCES = ("kg_runtime.cpp", "kg_harness.cpp")
# A kernel that uses SIMT (simt_api/, __simt_vf__, asc_vf_call(dim3 ...)): g++ calls __asan_load<N>_noabort /
# __asan_store<N>_noabort before every load and store, which kgemu/detail/simt_race.h defines (the race check
# between SIMT threads); no ASan runtime is linked, and stack / global redzones are off.
SIMT_FLAGS = ("-fsanitize=kernel-address", "--param", "asan-instrumentation-with-call-threshold=0", "--param",
              "asan-stack=0", "--param", "asan-globals=0")

# Header sets a unit may precompile (CompileUnit.pch). "kernel": the headers every kernel launcher
# (opdir.launcher_source) includes first, in that order, so force-including them changes nothing.
# "host": the heavy emulator headers host sources (def, infershape, tiling) start with; a host unit precompiles
# its own leading #include lines up to the first of them (host_pch_lines), so it too sees only what it includes.
PCH_SETS: dict[str, tuple[str, ...]] = {
    "kernel": ("kgemu/abi.h", "kgemu/runtime.h", "kernel_operator.h", "graph/types.h"),
    "host": ("register/op_def_registry.h", "register/op_impl_registry.h", "log/log.h",
             "tiling/platform/platform_ascendc.h", "op_common/log/log.h"),
}
# -O level of host units (OpDef, infershape, tiling: run once per library, so compile time matters more than
# their speed); IEEE arithmetic without -ffast-math gives the same results at every -O level on x86-64/aarch64.
HOST_OPT = "-O1"
# -O level of kernel launchers (the kernel's code and kgemu's API templates instantiated for it): -Og costs a third
# less g++ time than -O1 (which cost 35 % less than -O2; docs/speed.md) for the same results (no -ffast-math; x86-64
# contracts no FMA at any level) and, the per-call work being kg_runtime.cpp's (-O2), the same run time.
# $KERNELGEN_KERNEL_OPT overrides it (e.g. -O2 for long runs); the kernel's precompiled headers follow it.
KERNEL_OPT: tuple[str, ...] = (os.environ.get("KERNELGEN_KERNEL_OPT") or "-Og",)
# The kernel set's .gch is built for a run that compiles at least this many kernel units with its flags (or that
# does not say how many): it costs about 3.8 CPU s (g++ writes an 80 MB file: most of it sorting and saving
# pointers) and saves about 0.7 of each kernel unit (1.9 -> 1.2 CPU s at -Og), so it pays from about the sixth
# unit (docs/speed.md, Session 30). A verify (three dtypes per SOC) skips it; a survey (every operator on one
# SOC) keeps it; an existing .gch is always used.
KERNEL_PCH_MIN_UNITS = 6
# Defines that differ per dtype combination and never reach a header set: left out of the PCH's flags
_PER_TENSOR_DEFINE = re.compile(r"-D(DTYPE|ORIG_DTYPE|FORMAT)_\w+=")


class CacheNotice(UserWarning):
    """A damaged cache entry was found and is being rebuilt (the CLI prints it as one line)."""


def cache_root() -> Path:
    """The emulator cache directory (not created)."""
    root = os.environ.get("KERNELGEN_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "kernelgen")
    return Path(root) / "emulator"


def cache_dir() -> Path:
    """The emulator cache directory, created; UsageError in one line when it cannot be used."""
    path = cache_root()
    hint = "set KERNELGEN_CACHE_DIR to a writable directory"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"emulator cache {path} cannot be created ({exc.strerror or exc}); {hint}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise UsageError(f"emulator cache {path} is not writable; {hint}")
    return path


def _digest_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _record_path(path: Path) -> Path:
    return path.with_name(path.name + ".sum")


_verified: dict[tuple[str, int, int], bool] = {}


def artifact_ok(path: Path) -> bool | None:
    """True: path matches its build record; None: absent or never recorded (built by an older kernelgen);
    False: present but damaged (size or hash differ from the record)."""
    try:
        st = path.stat()
    except OSError:
        return None
    key = (str(path), st.st_size, st.st_mtime_ns)
    if key in _verified:
        return _verified[key]
    try:
        size, digest = _record_path(path).read_text(encoding="ascii").split()
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return False
    try:
        ok = int(size) == st.st_size and digest == _digest_file(path)
    except (OSError, ValueError):
        ok = False
    if ok:
        _verified[key] = True
    return ok


@contextlib.contextmanager
def entry_lock(path: Path):
    """Hold the lock of one cache entry (an exclusive flock on NAME.lock) while it is checked and built. Two
    processes, or two threads of one (each opens the file anew), wanting the same entry build it once: the second
    waits, then finds it in place. Without fcntl (not POSIX) it only yields."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - every platform the emulator runs on has it
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)   # closing the descriptor releases the lock


def cached_artifact(path: Path, make: Callable[[Path], None], what: str = "") -> Path:
    """path when it is in the cache intact; else make(tmp) builds it, its size and hash are recorded and it is
    moved into place atomically. A damaged entry is rebuilt with a CacheNotice. The entry's lock is held
    while it is checked and built, so concurrent callers (threads or processes) build it once."""
    if artifact_ok(path):
        return path
    with entry_lock(path):
        return _build_locked(path, make)


def _build_locked(path: Path, make: Callable[[Path], None]) -> Path:
    state = artifact_ok(path)
    if state:
        return path
    if state is False:
        warnings.warn(f"emulator cache entry {path.name} is damaged (size or hash differ); rebuilding it", CacheNotice,
                      stacklevel=3)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _atomic_target(path)
    record = _atomic_target(_record_path(path))
    try:
        make(tmp)
        record.write_text(f"{tmp.stat().st_size} {_digest_file(tmp)}\n", encoding="ascii")
        os.replace(record, _record_path(path))
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
        record.unlink(missing_ok=True)
    return path


def cache_info() -> dict:
    """Where the cache is and what it holds: {path, files, bytes, damaged: [names]}."""
    root = cache_root()
    files, size, damaged = 0, 0, []
    if root.is_dir():
        for p in root.rglob("*"):
            try:
                if not p.is_file():
                    continue
                files += 1
                size += p.stat().st_size
            except OSError:   # removed by a concurrent build
                continue
            in_bin = p.parent.name == "bin" and not p.name.endswith((".sum", ".tmp", ".lock"))
            if p.suffix in (".o", ".so", ".gch") or in_bin:
                if artifact_ok(p) is False:
                    damaged.append(str(p.relative_to(root)))
    return {"path": str(root), "files": files, "bytes": size, "damaged": damaged}


def cache_clear() -> tuple[Path, int]:
    """Remove the emulator cache; (path, bytes freed)."""
    import shutil

    root = cache_root()
    freed = cache_info()["bytes"]
    if root.exists():
        try:
            shutil.rmtree(root)
        except OSError as exc:
            raise UsageError(f"cannot clear the emulator cache {root}: {exc.strerror or exc}") from None
    return root, freed


def _tree_digest(root: Path, suffixes=(".h", ".hpp", ".cpp", ".cc", ".inc")) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in suffixes):
        h.update(path.relative_to(root).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()


@lru_cache(maxsize=1)
def emulator_digest() -> str:
    return _tree_digest(INCLUDE_DIR) + _tree_digest(RUNTIME_DIR)


def _atomic_target(final: Path) -> Path:
    fd, tmp = tempfile.mkstemp(prefix=final.name + ".", suffix=".tmp", dir=final.parent)
    os.close(fd)
    return Path(tmp)


@dataclass(frozen=True)
class CompileUnit:
    """One translation unit: source text (written to the cache) or a path, plus its own flags.

    pch: the name of a header set in PCH_SETS to precompile and force-include ("" for none)."""

    name: str
    source: Path
    flags: tuple[str, ...] = ()
    include_dirs: tuple[Path, ...] = ()
    context_digest: str = ""   # hash of headers this unit may include besides the emulator's
    pch: str = ""
    # A source the unit shares with other operators (a CMake dependency's tiling source, opbase's): its object is
    # named `shared` and keyed by the unit's preprocessed text (shared_object_key), so every operator whose include
    # directories resolve the same headers for it uses one object.
    shared: str = ""


class CompileSlots:
    """At most n compilers at once; a waiter with a lower priority number goes first (then first come): the
    runtime and host objects an OpDef probe needs (0) before precompiled headers (1) before kernels (2)."""

    def __init__(self, n: int):
        self.n = n
        self._free = n
        self._cond = threading.Condition()
        self._waiting: list[tuple[int, int]] = []
        self._ticket = 0

    @contextlib.contextmanager
    def __call__(self, priority: int = 0):
        import heapq

        with self._cond:
            self._ticket += 1
            me = (priority, self._ticket)
            heapq.heappush(self._waiting, me)
            while self._free == 0 or self._waiting[0] != me:
                self._cond.wait()
            heapq.heappop(self._waiting)
            self._free -= 1
            self._cond.notify_all()
        try:
            yield
        finally:
            with self._cond:
                self._free += 1
                self._cond.notify_all()


_slots_lock = threading.Lock()
_slots: dict = {}


def compile_slots() -> CompileSlots:
    """The process-wide limit on compilers running at once: set_compile_jobs(n) (--jobs), else $KERNELGEN_JOBS,
    else the machine's cores. Every compile and link holds one slot, so libraries built concurrently (verify's
    dtype combinations, a kernel beside a probe) never run more compilers than that."""
    with _slots_lock:
        if "slots" not in _slots:
            _slots["slots"] = CompileSlots(int(os.environ.get("KERNELGEN_JOBS") or 0) or max(1, os.cpu_count() or 1))
        return _slots["slots"]


def set_compile_jobs(jobs: int | None) -> None:
    """Run at most jobs compilers at once from now on (None: the default of compile_slots)."""
    with _slots_lock:
        _slots.clear()
        if jobs:
            _slots["slots"] = CompileSlots(jobs)


def _run_compiler(cmd, priority: int = 0, **kw):
    with compile_slots()(priority):
        return run_tool(cmd, **kw)


def pch_enabled(kind: str = "kernel") -> bool:
    """Whether header set `kind` is precompiled: $KERNELGEN_PCH names the sets (comma-separated; default
    "kernel,host"; "kernel" only the kernel set; "0" none)."""
    value = os.environ.get("KERNELGEN_PCH", "kernel,host").strip().lower()
    if value in ("0", "no", "off", "false", "none", ""):
        return False
    if value in ("1", "yes", "on", "true", "all"):
        return True
    return kind in {v.strip() for v in value.split(",")}


_plan_lock = threading.Lock()
_kernel_plan: dict[tuple[str, ...], int] = {}
_kernel_pch_use: dict[tuple, bool] = {}


def plan_kernel_units(counts: dict[tuple[str, ...], int]) -> None:
    """A run that knows how many kernel units it will compile (verify: per SOC, its dtype combinations) says so
    before it builds: {kernel flags (the PCH's flags are taken from them): unit count}. It decides, per set of
    flags, whether the kernel set's .gch is built (kernel_pch_pays)."""
    with _plan_lock:
        for flags, count in counts.items():
            _kernel_plan[pch_flags(tuple(flags))] = count
        _kernel_pch_use.clear()


def kernel_pch_pays(flags: tuple[str, ...], compiler: Compiler) -> bool:
    """Whether kernel units with these (PCH) flags use the kernel set's .gch: it exists already in this cache, or
    the run planned at least KERNEL_PCH_MIN_UNITS such units, or it planned none (a survey worker, `kernelgen run`).
    Decided once per process, cache and flags, so every unit of a run (and its object key) agrees."""
    key = (str(cache_root()), flags, compiler.version)
    with _plan_lock:
        if key not in _kernel_pch_use:
            planned = _kernel_plan.get(flags)
            gch = pch_header_path("kernel", flags, compiler)
            _kernel_pch_use[key] = (planned is None or planned >= KERNEL_PCH_MIN_UNITS
                                    or bool(artifact_ok(gch.with_name(gch.name + ".gch"))))
        return _kernel_pch_use[key]


def _kernel_pch_used(unit: CompileUnit, compiler: Compiler, text: str) -> bool:
    return (pch_enabled("kernel") and pch_applies("kernel", text)
            and kernel_pch_pays(pch_flags(unit.flags), compiler))


def pch_flags(flags: tuple[str, ...]) -> tuple[str, ...]:
    """The flags of a unit that its precompiled header is built with: all but the per-tensor dtype/format defines
    (DTYPE_X, ORIG_DTYPE_X, FORMAT_X), which no header set reads; the SOC defines (__NPU_ARCH__ ...) stay."""
    return tuple(f for f in flags if not _PER_TENSOR_DEFINE.match(f))


def _pch_text(kind: str, lines: tuple[str, ...] = ()) -> str:
    """The precompiled header's text: set kind's headers, or (host) the unit's own leading include lines."""
    try:
        headers = PCH_SETS[kind]
    except KeyError:
        raise UsageError(f"no precompiled header set {kind!r}; valid: {', '.join(sorted(PCH_SETS))}") from None
    body = lines or tuple(f'#include "{h}"' for h in headers)
    return f"// kernelgen: the emulator's {kind} header set, precompiled\n" + "".join(f"{line}\n" for line in body)


def pch_header_path(kind: str, flags: tuple[str, ...], compiler: Compiler, lines: tuple[str, ...] = ()) -> Path:
    """Where set kind's header (and its .gch) lives: keyed by its text, the flags, the compiler and the hash of
    every emulator header (emulator_digest), so a changed header means a new precompiled header."""
    key = hashlib.sha256("\0".join([_pch_text(kind, lines), " ".join(CXXFLAGS + tuple(flags)), compiler.version,
                                      emulator_digest(), str(INCLUDE_DIR)]).encode()).hexdigest()[:20]
    return cache_dir() / "pch" / f"{kind}-{key}" / f"kg_{kind}_pch.h"


def precompiled_header(kind: str, flags: tuple[str, ...], compiler: Compiler, lines: tuple[str, ...] = ()) -> Path:
    """The header of set `kind` (or of these include lines) with its .gch beside it, built once per text, compiler,
    flags and emulator headers; compile with `-include <it>`: g++ loads the .gch when it fits the command line,
    else reads the text."""
    text = _pch_text(kind, lines)
    header = pch_header_path(kind, flags, compiler, lines)
    folder = header.parent
    if not _holds(header, text):
        folder.mkdir(parents=True, exist_ok=True)
        tmp = _atomic_target(header)
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, header)
    cmd = [compiler.path, *CXXFLAGS, *flags, "-I", str(INCLUDE_DIR), "-x", "c++-header", str(header)]
    cached_artifact(folder / (header.name + ".gch"),
                    lambda tmp: _run_compiler(cmd + ["-o", str(tmp)], 1, source=header, timeout=900))
    return header


_COMMENTS = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_INCLUDE = re.compile(r'\s*#\s*include\s*[<"]([^">]+)[">]\s*$')


def pch_applies(kind: str, text: str) -> bool:
    """Force-including set `kind` before this source is what the source does itself: it includes a header of the
    set before anything but comments, #pragma once and other #include lines (a #define before it, e.g. the
    launcher's KGEMU_TILING_DATA_AS_STRUCT or a test's `#define private public`, would see different headers).
    A host unit precompiles only its own leading lines (host_pch_lines)."""
    if kind == "host":
        return bool(host_pch_lines(text))
    headers = set(PCH_SETS.get(kind, ()))
    return any(name in headers for name, _ in _leading_includes(text))


def _leading_includes(text: str) -> list[tuple[str, bool]]:
    """(header, quoted) of each #include line before the source's first other line (comments, blank lines and
    #pragma once pass)."""
    out = []
    for line in _COMMENTS.sub("", text).splitlines():
        stripped = line.strip()
        if not stripped or re.fullmatch(r"#\s*pragma\s+once", stripped):
            continue
        m = _INCLUDE.match(line)
        if not m:
            break
        out.append((m.group(1), '"' in stripped))
    return out


def host_pch_lines(text: str, source: Path | None = None, include_dirs: tuple[Path, ...] = ()) -> tuple[str, ...]:
    """The host source's own leading #include lines up to and including the first header of the host set (() when
    it has none): precompiled and force-included, they are exactly what the source includes first. Each line must
    name the emulator's header or a system header, as g++ resolves it for this source (not a file beside the source
    or in the operator's include directories)."""
    roots, lines = set(PCH_SETS["host"]), []
    for name, quoted in _leading_includes(text):
        dirs = ([source.parent] if quoted and source else []) + [INCLUDE_DIR, *include_dirs]
        found = next((d for d in dirs if (d / name).is_file()), None)
        if found is not None and found != INCLUDE_DIR:
            return ()
        lines.append(f'#include "{name}"' if quoted else f"#include <{name}>")
        if name in roots and found == INCLUDE_DIR:
            return tuple(lines)
    return ()


def _unit_command(unit: CompileUnit, compiler: Compiler, text: str = "") -> tuple[list[str], str]:
    """(the compile command without -c/-o, what the object key adds for a force-included header set)."""
    cmd = [compiler.path, *CXXFLAGS, *unit.flags, "-I", str(INCLUDE_DIR)]
    for inc in unit.include_dirs:
        cmd += ["-I", str(inc)]
    if not unit.pch or not pch_enabled(unit.pch):
        return cmd, ""
    lines: tuple[str, ...] = ()
    if unit.pch == "host":
        lines = host_pch_lines(text, unit.source, unit.include_dirs)
        if not lines or not _host_pch_wanted(pch_header_path("host", pch_flags(unit.flags), compiler, lines)):
            return cmd, ""
    elif not (_kernel_pch_used(unit, compiler, text) if unit.pch == "kernel" else pch_applies(unit.pch, text)):
        return cmd, ""
    header = precompiled_header(unit.pch, pch_flags(unit.flags), compiler, lines)
    return cmd + ["-include", str(header)], _pch_text(unit.pch, lines)


def _host_pch_wanted(header: Path) -> bool:
    """A host unit's leading includes are precompiled from their second use on (in this cache): the first unit
    leaves a mark and compiles the text, so an operator whose host sources each start differently (a verify) pays
    no .gch it would use once, and a survey, where hundreds of sources share a few starts, builds each once."""
    if artifact_ok(header.with_name(header.name + ".gch")):
        return True
    mark = header.with_name("wanted")
    if mark.exists():
        return True
    mark.parent.mkdir(parents=True, exist_ok=True)
    mark.touch()
    return False


def compile_object(unit: CompileUnit, compiler: Compiler) -> Path:
    text = unit.source.read_bytes()
    key = hashlib.sha256()
    for part in (text, " ".join(CXXFLAGS + unit.flags).encode(), compiler.version.encode(), emulator_digest().encode(),
                 unit.context_digest.encode(), "|".join(map(str, unit.include_dirs)).encode(), unit.source.name.encode()):
        key.update(part)
        key.update(b"\0")
    # The kernel set's text joins the key; a host unit's object is the same with and without its .gch (which it
    # uses from the second time its leading includes are seen), so one key serves both.
    if unit.pch == "kernel" and _kernel_pch_used(unit, compiler, text.decode("utf-8", "replace")):
        key.update(_pch_text("kernel").encode())
    obj = cache_dir() / "obj" / f"{unit.name}-{key.hexdigest()[:20]}.o"
    priority = 2 if unit.pch == "kernel" else 0
    if unit.shared:
        shared_key = shared_object_key(unit, compiler, obj.with_suffix(".textkey"))
        if shared_key:
            obj = cache_dir() / "obj" / f"{unit.shared}-{shared_key}.o"

    def make(tmp: Path) -> None:   # the precompiled header is built (or waited for) only when the object is
        try:
            cmd, _ = _unit_command(unit, compiler, text.decode("utf-8", "replace"))
        except ToolchainError:   # its headers do not compile (e.g. a missing one): the source reports its own error
            cmd, _ = _unit_command(dataclasses.replace(unit, pch=""), compiler)
        try:
            _run_compiler(cmd + ["-c", str(unit.source), "-o", str(tmp)], priority, source=unit.source, timeout=900)
        except ToolchainError as exc:
            retry = _cxx20_retry(unit, compiler, exc)
            if retry is None:
                raise
            try:
                _run_compiler(retry + ["-c", str(unit.source), "-o", str(tmp)], priority, source=unit.source,
                              timeout=900)
            except ToolchainError:
                raise exc from None   # the unit as written: C++17's crash is what its author meets

    return cached_artifact(obj, make)


def _cxx20_retry(unit: CompileUnit, compiler: Compiler, error: ToolchainError) -> list[str] | None:
    """The command to compile a unit again as C++20 when g++ crashed on it (an internal compiler error), else None.
    g++ 12 crashes on a class template's `constexpr static` trait passed from a member template to a `const T&`
    template parameter of the emulator's (Reg::Cast's CastTrait, the math APIs' configurations); as C++20 those
    parameters are taken by value (KGEMU_TRAIT_PARAM, kgemu/detail/base.h), which it compiles. The object is the
    same for the same input every time, so it is cached under the unit's own key."""
    if "internal compiler error" not in str(error) or "-std=c++17" not in CXXFLAGS:
        return None
    cmd, _ = _unit_command(dataclasses.replace(unit, pch=""), compiler)   # a C++17 .gch does not fit
    return ["-std=c++20" if arg == "-std=c++17" else arg for arg in cmd]


def shared_object_key(unit: CompileUnit, compiler: Compiler, memo: Path) -> str:
    """The key of a shared unit's object: a hash of its preprocessed text (every header it resolves, by path and
    content, through this operator's include directories), its flags and the compiler. Two operators get one
    object exactly when g++ would see the same translation unit; the hash is remembered under the unit's
    per-operator key (memo), so a warm run preprocesses nothing. "" when the source does not preprocess (the
    compile then reports the error under the unit's own name)."""
    if artifact_ok(memo):
        return memo.read_text(encoding="ascii").strip()

    def make(tmp: Path) -> None:
        cmd, _ = _unit_command(dataclasses.replace(unit, pch=""), compiler)
        text = _atomic_target(memo.with_suffix(".i"))
        try:
            _run_compiler(cmd + ["-E", str(unit.source), "-o", str(text)], 0, source=unit.source, timeout=900)
            h = hashlib.sha256()
            for part in (" ".join(CXXFLAGS + unit.flags).encode(), compiler.version.encode(),
                         unit.source.name.encode()):
                h.update(part)
                h.update(b"\0")
            with open(text, "rb") as fh:
                for chunk in iter(lambda: fh.read(1 << 20), b""):
                    h.update(chunk)
            tmp.write_text(h.hexdigest()[:20] + "\n", encoding="ascii")
        finally:
            text.unlink(missing_ok=True)

    try:
        return cached_artifact(memo, make).read_text(encoding="ascii").strip()
    except ToolchainError:
        return ""


def link_library(objects: list[Path], name: str, compiler: Compiler) -> Path:
    key = hashlib.sha256("|".join(o.name for o in objects).encode() + compiler.version.encode()).hexdigest()[:20]
    lib = cache_dir() / "lib" / f"{name}-{key}.so"
    return cached_artifact(lib, lambda tmp: _run_compiler([compiler.path, "-shared", "-pthread", *map(str, objects),
                                                           "-o", str(tmp)], timeout=600))


def link_program(objects: list[Path], name: str, libs: tuple[str, ...] = (), archives: tuple[Path, ...] = (),
                 compiler: Compiler | None = None) -> Path:
    """Link objects (then archives, then -l libs) into an executable in the cache (kernelgen ut's test programs)."""
    compiler = compiler or find_compiler()
    key = hashlib.sha256("|".join(o.name for o in [*objects, *archives]).encode() + " ".join(libs).encode()
                         + compiler.version.encode()).hexdigest()[:20]
    exe = cache_dir() / "bin" / f"{name}-{key}"

    def make(tmp: Path) -> None:
        _run_compiler([compiler.path, "-pthread", *map(str, objects), *map(str, archives), *libs, "-ldl", "-o", str(tmp)],
                 timeout=600)
        os.chmod(tmp, 0o755)

    return cached_artifact(exe, make)


def archive_objects(objects: list[Path], name: str) -> Path:
    """A static archive of objects (cached by their names, which carry their content hashes): a program links
    only the members it needs."""
    key = hashlib.sha256("|".join(o.name for o in objects).encode()).hexdigest()[:20]
    lib = cache_dir() / "lib" / f"lib{name}-{key}.a"
    return cached_artifact(lib, lambda tmp: (tmp.unlink(missing_ok=True),
                                             run_tool(["ar", "rcs", str(tmp), *map(str, objects)], timeout=300)))


# Runtime sources compiled below -O2: the harness (OpDef JSON, tiling requests, block dispatch, report writing) is
# the longest unit of a cold start (12 of 62 CPU s of a cold verify) and none of its loops is a kernel's inner loop
# (-Og: 6.4 CPU s against 9.6 at -O1; -O0 compiles 0.3-0.7 s faster but its object is 2.9 MB instead of 0.8, and
# every library links it: a cold verify's 7 links took 0.3-0.6 s more, a survey has 32; docs/speed.md, Session 30).
# kg_runtime.cpp (the sanitizer, the GM shadow, per API call) at -O1: 4.0 CPU s
# against 5.3 at -O2, and a warm verify's 72 runs take the same time (3.0-5.4 s either way, within the noise of a
# shared machine; docs/speed.md, Session 30); -Og saved 0.4 s more of compiling and cost about as much per run.
RUNTIME_FLAGS = {"kg_harness.cpp": ("-Og",), "kg_runtime.cpp": ("-O1",)}


def runtime_unit(src: str) -> CompileUnit:
    """The compile unit of one emulator runtime source (RUNTIME_SOURCES, or the ACL runtime's)."""
    return CompileUnit(f"rt_{Path(src).stem}", RUNTIME_DIR / src, RUNTIME_FLAGS.get(src, ()))


def runtime_units() -> list[CompileUnit]:
    """The emulator runtime every library links (the same objects for every operator); the longest first."""
    return [runtime_unit(src) for src in sorted(RUNTIME_SOURCES, key=lambda s: s != "kg_harness.cpp")]


def build_library(units: list[CompileUnit], name: str, jobs: int | None = None,
                  warm: tuple[tuple[str, tuple[str, ...]], ...] = ()) -> Path:
    """Compile (in parallel, cached) and link units plus the emulator runtime into one .so. The longest units
    (the runtime) start first; at most compile_slots() compilers run at once in this process. warm: precompiled
    headers ((set, flags)) to build meanwhile for what comes next (an OpDef probe warms its SOC's kernel set);
    they never delay the link, and are ready (or failed, harmlessly) when this returns."""
    compiler = find_compiler()
    all_units = runtime_units() + list(units)
    workers = min(len(all_units), jobs or max(1, os.cpu_count() or 1))
    with ThreadPoolExecutor(max_workers=workers + len(warm)) as pool:
        objects = [pool.submit(compile_object, u, compiler) for u in all_units]
        warming = [pool.submit(prepare_pch, kind, flags) for kind, flags in warm]
        lib = link_library([f.result() for f in objects], name, compiler)
        for fut in warming:
            try:
                fut.result()
            except ToolchainError:   # a kernel that needs it reports the compiler's error itself
                pass
    return lib


def prepare_pch(kind: str, flags: tuple[str, ...] = ()) -> Path | None:
    """Build header set kind's precompiled header for units with these flags now (None when it is off), e.g. the
    kernel set for a SOC while the OpDef probe compiles, before any kernel needs it."""
    if not pch_enabled(kind):
        return None
    flags, compiler = pch_flags(tuple(flags)), find_compiler()
    if kind == "kernel" and not kernel_pch_pays(flags, compiler):
        return None
    return precompiled_header(kind, flags, compiler)


def evict(lib: Path, reason: str) -> None:
    warnings.warn(f"emulator cache entry {lib.name} is corrupt ({reason}); removed, run again to rebuild it",
                  CacheNotice, stacklevel=2)
    lib.unlink(missing_ok=True)


def _holds(path: Path, text: str) -> bool:
    """path exists with exactly text (generated sources are small; comparing is cheaper than trusting)."""
    try:
        return path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return False


def write_source(text: str, name: str, suffix: str = ".cpp") -> Path:
    """Store generated source text in the cache under a content-hashed name (atomic)."""
    digest = hashlib.sha256(text.encode()).hexdigest()[:20]
    path = cache_dir() / "src" / f"{name}-{digest}{suffix}"
    if not _holds(path, text):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = _atomic_target(path)
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    return path


def materialize_tree(files: dict[str, str], name: str) -> Path:
    """Write a rendered operator tree into the cache under a content-hashed directory."""
    digest = hashlib.sha256("".join(f"{k}\0{v}\0" for k, v in sorted(files.items())).encode()).hexdigest()[:20]
    root = cache_dir() / "ops" / f"{name}-{digest}"
    if (root / ".complete").is_file():
        if all(_holds(root / rel, text) for rel, text in files.items()):
            return root
        import shutil

        warnings.warn(f"emulator cache entry ops/{root.name} is damaged; rebuilding it", CacheNotice, stacklevel=2)
        shutil.rmtree(root, ignore_errors=True)
    root.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=root.name + ".", dir=root.parent))
    for rel, text in files.items():
        target = tmp / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    (tmp / ".complete").write_text("ok")
    try:
        os.replace(tmp, root)
    except OSError:  # another process won the race; theirs is identical
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)
        if not (root / ".complete").is_file():
            raise ToolchainError(f"cannot populate emulator cache {root}")
    return root
