"""A cache of the versus table's rows, one entry per pair, keyed by the content of everything the pair depends on
(scripts/versus_table.py --cache DIR; docs/versus.md).

The key of a pair (built-in, ops-nn directory, attributes) is a SHA-256 over:

- every file of the kernelgen package (Python, C++ headers and runtime, templates, data) except the spec modules of
  other built-ins (kernelgen/authoring/ops/*.py and ops/kl/*.py not starting with "_"), so that re-authoring one
  built-in re-runs only its own pair, while a change to the compiler, the emulator, the cost model, the goldens'
  module or the comparison re-runs every pair;
- the pair's own spec module and the spec modules it imports (`from kernelgen.authoring.ops.X import`, `from
  kernelgen.authoring.ops import X`), followed transitively;
- the ops-nn directory's files (any suffix) and the ops-nn commit (the headers the hand-written side includes from
  outside its directory are those of that commit);
- the SOCs, dtypes, shapes, attributes and seed asked for, the numpy version and the compiler's version.

An entry holds the pair's rows and its failure count as JSON; it is written atomically. A key that is not in the
cache, or an entry that does not parse, means the pair runs.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from functools import lru_cache
from pathlib import Path

import numpy as np

PKG = Path(__file__).resolve().parents[1]
OPS = PKG / "authoring" / "ops"
FORMAT = 1


def _is_spec_module(path: Path) -> bool:
    return path.suffix == ".py" and path.parent in (OPS, OPS / "kl") and not path.name.startswith("_")


def digested_files() -> list[Path]:
    """kernelgen's files, other than the built-ins' own spec modules (those join per pair), and the templates:
    a source checkout keeps them beside the package (templates/), outside PKG."""
    from kernelgen.authoring.render import templates_dir

    roots = [PKG] + [t for t in (templates_dir(),) if PKG not in t.parents]
    return [path for root in roots
            for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                               and p.suffix not in (".pyc", ".pyo") and not _is_spec_module(p))]


@lru_cache(maxsize=1)
def package_digest() -> str:
    h = hashlib.sha256()
    for path in digested_files():
        h.update(path.relative_to(PKG.parent).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


_IMPORTS = re.compile(r"kernelgen\.authoring\.ops(?:\.kl)?\.(\w+)|from kernelgen\.authoring\.ops(?:\.kl)? import ([\w, ]+)")


def spec_modules(op: str) -> list[Path]:
    """The spec module of built-in op (ops/kl/op.py or ops/op.py) and the spec modules it imports, transitively."""
    seen: list[Path] = []
    todo = [op]
    while todo:
        name = todo.pop()
        for path in (OPS / "kl" / f"{name}.py", OPS / f"{name}.py"):
            if path.is_file() and _is_spec_module(path) and path not in seen:
                seen.append(path)
                for m in _IMPORTS.finditer(path.read_text(encoding="utf-8")):
                    todo += [n.strip() for n in (m.group(1) or m.group(2)).split(",") if n.strip()]
    return sorted(seen)


def _dir_digest(root: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def pair_key(op: str, rel: str, attrs: dict, root: str, socs: list[str], dtypes: list[str], shapes, seed: int,
             commit: str) -> str:
    from kernelgen.emulator.build import find_compiler

    h = hashlib.sha256()
    for part in (f"format {FORMAT}", package_digest(),
                 *(p.relative_to(PKG).as_posix() + "\0" + p.read_text(encoding="utf-8") for p in spec_modules(op)),
                 rel, _dir_digest(Path(root) / rel), commit,
                 json.dumps([op, attrs, socs, dtypes, [list(s) for s in shapes] if shapes else None, seed],
                            sort_keys=True),
                 np.__version__, find_compiler().version):
        h.update(part.encode() + b"\0")
    return h.hexdigest()[:32]


def load(cache: Path, key: str):
    """(rows, failed) stored under key, or None."""
    try:
        doc = json.loads((cache / f"{key}.json").read_text(encoding="utf-8"))
        return doc["rows"], int(doc["failed"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def store(cache: Path, key: str, result) -> None:
    rows, failed = result
    cache.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{key}.", suffix=".tmp", dir=cache)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump({"rows": rows, "failed": failed}, f)
    os.replace(tmp, cache / f"{key}.json")
