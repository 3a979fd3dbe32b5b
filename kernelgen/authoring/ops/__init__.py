"""The operator registry: every operator kernelgen can generate, keyed by snake name.

Besides the built-in specs, a path to a spec file (a .py module defining SPEC, and optionally a NumPy
`golden(inputs, attrs)` and an independent float32 `benchmark(inputs, attrs)`) works wherever an operator name does: `kernelgen generate ./my_op.py`. A spec file is
always that file's spec, even when its snake name is a built-in's; a bare name always means the built-in.
"""
from __future__ import annotations

import importlib.util
import threading
from dataclasses import dataclass, replace
from pathlib import Path

from kernelgen.errors import KernelgenError, SpecError, UsageError, choices_message
from kernelgen.authoring.spec import OpSpec
from kernelgen.validate import path_kind
from kernelgen.authoring.ops import gelu_grad, gelu_grad_v2

_SPECS: dict[str, OpSpec] = {s.snake: s for s in (gelu_grad.SPEC, gelu_grad_v2.SPEC)}
for _s in _SPECS.values():
    _s.validate()
_BUILTINS_LOADED = False   # the kernelgen.lang built-ins (ops/kl/): registered on first need, see _all_specs
_BUILTINS_LOCK = threading.RLock()   # re-entered: registering a built-in asks for every spec again


def _all_specs() -> dict[str, OpSpec]:
    """Every registered operator, the kernelgen.lang built-ins loaded first: building their specs costs about a
    second of a command's start (1.1 s of a cold `verify gelu_grad`), so a name found among the two Python specs
    does not pay it; anything that lists, misses or registers a name does."""
    global _BUILTINS_LOADED
    with _BUILTINS_LOCK:   # a second thread waits for the whole registry, not a half-filled one
        if not _BUILTINS_LOADED:
            _BUILTINS_LOADED = True
            _register_lang_builtins()
    return _SPECS


def is_path(text: str | Path) -> bool:
    """A target names a file or directory when it is a Path, contains '/', starts with '.' or ends in .py;
    any other text is the name of a built-in or registered operator."""
    if isinstance(text, Path):
        return True
    return "/" in text or text.startswith(".") or text.endswith(".py")


@dataclass(frozen=True)
class ResolvedOp:
    """An operator named on the command line or in the API, resolved once: its spec, the spec file it came
    from (None for a built-in) and a one-line notice for the user (e.g. a file that shadows a built-in)."""

    spec: OpSpec
    path: Path | None = None
    notice: str | None = None


def _load_spec_file(path: Path) -> ResolvedOp:
    from kernelgen.checking.golden import BENCHMARKS, GOLDENS

    module_name = f"kernelgen_user_spec_{path.stem}"
    loader = importlib.util.spec_from_file_location(module_name, path)
    if loader is None or loader.loader is None:
        raise UsageError(f"cannot load spec file {path}")
    module = importlib.util.module_from_spec(loader)
    try:
        loader.loader.exec_module(module)
    except KernelgenError:   # kernelgen.lang's own one-line errors (file:line, what is supported)
        raise
    except Exception as exc:  # a user's file: report any failure as a usage error
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise UsageError(f"spec file {path} failed to load: {type(exc).__name__}: {first}") from exc
    from kernelgen.authoring.lang.op import LangOp

    lang_ops = [v for v in vars(module).values() if isinstance(v, LangOp)]
    if lang_ops:
        if len(lang_ops) > 1 or hasattr(module, "SPEC"):
            names = ", ".join(o.__name__ for o in lang_ops) + (", SPEC" if hasattr(module, "SPEC") else "")
            raise SpecError(f"spec file {path} defines {names}: one @kl.op function (or one SPEC) per spec file")
        lang = lang_ops[0]
        GOLDENS[lang.spec.golden] = lang.golden
        BENCHMARKS[lang.spec.golden] = lang.benchmark
        return ResolvedOp(lang.spec, path, _shadow_notice(lang.spec, path))
    spec = getattr(module, "SPEC", None)
    if not isinstance(spec, OpSpec):
        raise SpecError(f"spec file {path} defines no SPEC = OpSpec(...) and no @kl.op function")
    spec.validate()
    golden = getattr(module, "golden", None)
    if golden is not None:
        if not callable(golden):
            raise SpecError(f"spec file {path}: golden must be a function golden(inputs, attrs)")
        if GOLDENS.get(spec.golden, golden) is not golden:  # the file's own golden, not a built-in's namesake
            spec = replace(spec, golden=f"{spec.golden}@{path.resolve()}")
        GOLDENS[spec.golden] = golden
    benchmark = getattr(module, "benchmark", None)
    if benchmark is not None:  # an independent same-precision implementation (docs/precision.md)
        if not callable(benchmark):
            raise SpecError(f"spec file {path}: benchmark must be a function benchmark(inputs, attrs)")
        BENCHMARKS[spec.golden] = benchmark
    return ResolvedOp(spec, path, _shadow_notice(spec, path))


def _shadow_notice(spec: OpSpec, path: Path) -> str | None:
    specs = _all_specs()
    if spec.snake in specs or any(spec.op_type == s.op_type for s in specs.values()):
        return (f"spec file {path} defines {spec.snake} ({spec.op_type}), which is also a built-in operator; "
                f"using the file (the bare name {spec.snake} means the built-in)")
    return None


def resolve_op(name: str | Path | OpSpec | ResolvedOp) -> ResolvedOp:
    """A bare name is a built-in or registered operator; a path ending in .py is that file's spec, always."""
    if isinstance(name, ResolvedOp):
        return name
    if isinstance(name, OpSpec):
        return ResolvedOp(name)
    if not isinstance(name, (str, Path)):
        raise UsageError(f"operator {name!r} is not a name or a spec file path")
    if is_path(name):
        path = Path(name)
        kind = path_kind(path)
        if kind == "dir":
            raise UsageError(f"{path} is a directory; this takes an operator name ({', '.join(_all_specs())}) "
                             "or a spec file ending in .py")
        if path.suffix != ".py":
            raise UsageError(f"{path} is not a spec file: a spec file ends in .py")
        if kind != "file":
            raise UsageError(f"spec file {path} does not exist")
        return _load_spec_file(path)
    key = name.strip()
    for load in (False, True):   # the kernelgen.lang built-ins are loaded only for a name not found without them
        for spec in tuple((_all_specs() if load else _SPECS).values()):   # a copy: another thread may be loading
            if key in (spec.snake, spec.op_type):
                return ResolvedOp(spec)
    try:
        hint = f"; to use the directory {key}, name it by a path: ./{key}" if key and path_kind(key) == "dir" else ""
    except UsageError:
        hint = ""
    raise UsageError(choices_message("operator", name, _all_specs()) + " (or a spec file ending in .py)" + hint)


def get_spec(name) -> OpSpec:
    return resolve_op(name).spec


def register(spec: OpSpec) -> OpSpec:
    """Make spec known by its bare name (a built-in's name cannot be taken)."""
    spec.validate()
    if spec.snake in _all_specs() and _SPECS[spec.snake] is not spec:
        raise SpecError(f"operator {spec.snake} is already registered")
    _SPECS[spec.snake] = spec
    return spec


def register_lang(lang_op) -> OpSpec:
    """Register a @kl.op operator as a built-in: its bare name resolves to its spec, and its golden (the function
    on float64 arrays) and float32 benchmark are known under the spec's golden key. Built-ins written with
    kernelgen.lang live in kernelgen/authoring/ops/kl/ (one module per operator), registered on import."""
    from dataclasses import replace as _replace

    from kernelgen.checking.golden import BENCHMARKS, GOLDENS

    spec = lang_op.spec
    source = Path(lang_op.fn.__code__.co_filename).resolve()
    package_root = Path(__file__).resolve().parents[3]   # the checkout (or site-packages) holding kernelgen/
    try:   # a built-in's banner names its module the same way from any working directory
        spec_file = source.relative_to(package_root).as_posix()
    except ValueError:
        spec_file = spec.spec_file
    if spec.golden != spec.snake or spec.spec_file != spec_file:
        spec = _replace(spec, golden=spec.snake, spec_file=spec_file)
        lang_op.spec = spec
    GOLDENS[spec.golden] = lang_op.golden
    BENCHMARKS[spec.golden] = lang_op.benchmark
    return register(spec)


def _register_lang_builtins() -> None:
    import importlib
    import pkgutil

    from kernelgen.authoring.lang.op import LangOp
    from kernelgen.authoring.ops import kl as kl_pkg

    for info in sorted(pkgutil.iter_modules(kl_pkg.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{kl_pkg.__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, LangOp) and value.spec.snake not in _SPECS:
                register_lang(value)


def op_names() -> tuple[str, ...]:
    return tuple(_all_specs())


def catalog() -> list[dict]:
    """The built-in operators, one row each, in registry order: name, OpType, family, category, the spec's source
    file (relative to the repository), its aclnn API, dtypes and default SOCs (`kernelgen ops`)."""
    from kernelgen.authoring.spec import FAMILIES

    described = dict(FAMILIES)
    rows = []
    for spec in _all_specs().values():
        rows.append({"name": spec.snake, "op_type": spec.op_type, "family": spec.family_id,
                     "family_doc": described[spec.family_id], "category": spec.category,
                     "source": _shown_source(spec.spec_file), "aclnn": spec.aclnn.name,
                     "dtypes": [d.short for d in spec.dtypes], "socs": list(spec.default_socs)})
    return rows


def _shown_source(spec_file: str) -> str:
    """A spec file inside the kernelgen package relative to the repository (kernelgen/authoring/ops/...)."""
    path = Path(spec_file)
    if path.is_absolute():
        root = Path(__file__).resolve().parents[3]
        try:
            return path.resolve().relative_to(root).as_posix()
        except ValueError:
            return spec_file
    return spec_file

