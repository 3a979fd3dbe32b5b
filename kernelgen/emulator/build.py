"""Compile an operator's host and kernel sources into an emulator shared library, with a disk cache.

Objects are cached by a hash of the source text, every header the emulator and the operator
directory provide, the flags and the compiler version. Writes are atomic (temp file + os.replace), so
concurrent runs never clobber each other. Every artifact (object, library, program) has a record of its size
and SHA-256 written when it is built (NAME.sum); it is checked before the artifact is used, and a damaged one
(truncated, overwritten, record missing) is rebuilt with a one-line CacheNotice warning, so a truncated .so is
never loaded (dlopen of one dies with SIGBUS).

Where: $KERNELGEN_CACHE_DIR/emulator, else $XDG_CACHE_HOME/kernelgen/emulator, else ~/.cache/kernelgen/emulator.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
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


def cached_artifact(path: Path, make: Callable[[Path], None], what: str = "") -> Path:
    """path when it is in the cache intact; else make(tmp) builds it, its size and hash are recorded and it is
    moved into place atomically. A damaged entry is rebuilt with a CacheNotice."""
    state = artifact_ok(path)
    if state:
        return path
    if state is False:
        warnings.warn(f"emulator cache entry {path.name} is damaged (size or hash differ); rebuilding it", CacheNotice,
                      stacklevel=2)
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
            if p.suffix in (".o", ".so") or p.parent.name == "bin" and not p.name.endswith((".sum", ".tmp")):
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
    """One translation unit: source text (written to the cache) or a path, plus its own flags."""

    name: str
    source: Path
    flags: tuple[str, ...] = ()
    include_dirs: tuple[Path, ...] = ()
    context_digest: str = ""   # hash of headers this unit may include besides the emulator's


def compile_object(unit: CompileUnit, compiler: Compiler) -> Path:
    text = unit.source.read_bytes()
    key = hashlib.sha256()
    for part in (text, " ".join(CXXFLAGS + unit.flags).encode(), compiler.version.encode(), emulator_digest().encode(),
                 unit.context_digest.encode(), "|".join(map(str, unit.include_dirs)).encode(), unit.source.name.encode()):
        key.update(part)
        key.update(b"\0")
    obj = cache_dir() / "obj" / f"{unit.name}-{key.hexdigest()[:20]}.o"
    cmd = [compiler.path, *CXXFLAGS, *unit.flags, "-I", str(INCLUDE_DIR)]
    for inc in unit.include_dirs:
        cmd += ["-I", str(inc)]
    return cached_artifact(obj, lambda tmp: run_tool(cmd + ["-c", str(unit.source), "-o", str(tmp)],
                                                     source=unit.source, timeout=900))


def link_library(objects: list[Path], name: str, compiler: Compiler) -> Path:
    key = hashlib.sha256("|".join(o.name for o in objects).encode() + compiler.version.encode()).hexdigest()[:20]
    lib = cache_dir() / "lib" / f"{name}-{key}.so"
    return cached_artifact(lib, lambda tmp: run_tool([compiler.path, "-shared", "-pthread", *map(str, objects),
                                                      "-o", str(tmp)], timeout=600))


def link_program(objects: list[Path], name: str, libs: tuple[str, ...] = (), archives: tuple[Path, ...] = (),
                 compiler: Compiler | None = None) -> Path:
    """Link objects (then archives, then -l libs) into an executable in the cache (kernelgen ut's test programs)."""
    compiler = compiler or find_compiler()
    key = hashlib.sha256("|".join(o.name for o in [*objects, *archives]).encode() + " ".join(libs).encode()
                         + compiler.version.encode()).hexdigest()[:20]
    exe = cache_dir() / "bin" / f"{name}-{key}"

    def make(tmp: Path) -> None:
        run_tool([compiler.path, "-pthread", *map(str, objects), *map(str, archives), *libs, "-ldl", "-o", str(tmp)],
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


def build_library(units: list[CompileUnit], name: str, jobs: int | None = None) -> Path:
    """Compile (in parallel, cached) and link units plus the emulator runtime into one .so."""
    compiler = find_compiler()
    runtime_units = [CompileUnit(f"rt_{Path(src).stem}", RUNTIME_DIR / src) for src in RUNTIME_SOURCES]
    all_units = runtime_units + list(units)
    workers = jobs or max(1, os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        objects = list(pool.map(lambda u: compile_object(u, compiler), all_units))
    return link_library(objects, name, compiler)


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
