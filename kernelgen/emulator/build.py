"""Compile an operator's host and kernel sources into an emulator shared library, with a disk cache.

Objects are cached by a hash of the source text, every header the emulator and the operator
directory provide, the flags and the compiler version. Writes are atomic (temp file + os.replace), so
concurrent runs never clobber each other; a corrupt library is rebuilt with a warning.
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

from kernelgen.errors import ToolchainError
from kernelgen.proc import run_tool
from kernelgen.toolchain import Compiler, find_compiler
from kernelgen.emulator import INCLUDE_DIR, RUNTIME_DIR

CXXFLAGS = ("-std=c++17", "-O2", "-fPIC", "-pthread", "-fno-strict-aliasing", "-fno-gnu-unique", "-w")
RUNTIME_SOURCES = ("kg_runtime.cpp", "kg_harness.cpp")


def cache_dir() -> Path:
    root = os.environ.get("KERNELGEN_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "kernelgen")
    path = Path(root) / "emulator"
    path.mkdir(parents=True, exist_ok=True)
    return path


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
    for part in (text, " ".join(unit.flags).encode(), compiler.version.encode(), emulator_digest().encode(),
                 unit.context_digest.encode(), "|".join(map(str, unit.include_dirs)).encode(), unit.source.name.encode()):
        key.update(part)
        key.update(b"\0")
    obj = cache_dir() / "obj" / f"{unit.name}-{key.hexdigest()[:20]}.o"
    if obj.is_file() and obj.stat().st_size > 0:
        return obj
    obj.parent.mkdir(parents=True, exist_ok=True)
    tmp = _atomic_target(obj)
    cmd = [compiler.path, *CXXFLAGS, *unit.flags, "-I", str(INCLUDE_DIR)]
    for inc in unit.include_dirs:
        cmd += ["-I", str(inc)]
    cmd += ["-c", str(unit.source), "-o", str(tmp)]
    try:
        run_tool(cmd, source=unit.source, timeout=900)
        os.replace(tmp, obj)
    finally:
        tmp.unlink(missing_ok=True)
    return obj


def link_library(objects: list[Path], name: str, compiler: Compiler) -> Path:
    key = hashlib.sha256("|".join(o.name for o in objects).encode() + compiler.version.encode()).hexdigest()[:20]
    lib = cache_dir() / "lib" / f"{name}-{key}.so"
    if lib.is_file() and lib.stat().st_size > 0:
        return lib
    lib.parent.mkdir(parents=True, exist_ok=True)
    tmp = _atomic_target(lib)
    try:
        run_tool([compiler.path, "-shared", "-pthread", *map(str, objects), "-o", str(tmp)], timeout=600)
        os.replace(tmp, lib)
    finally:
        tmp.unlink(missing_ok=True)
    return lib


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
    warnings.warn(f"emulator cache entry {lib.name} is corrupt ({reason}); rebuilding", RuntimeWarning, stacklevel=2)
    lib.unlink(missing_ok=True)


def write_source(text: str, name: str, suffix: str = ".cpp") -> Path:
    """Store generated source text in the cache under a content-hashed name (atomic)."""
    digest = hashlib.sha256(text.encode()).hexdigest()[:20]
    path = cache_dir() / "src" / f"{name}-{digest}{suffix}"
    if not path.is_file():
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
        return root
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
