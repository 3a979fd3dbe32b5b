"""Reusable click parameter types and options: every command validates its input here, at the edge, into
resolved objects (Soc, ResolvedOp, operator directory Path, arrays, checked output paths) before any work
starts and before any file is written. A bad value is a kernelgen UsageError: one line naming the value and
what is valid, exit 2.

Use them on a new command like:
    @op_argument                  # OP: a built-in/registered name or a spec file (.py) -> ResolvedOp
    @target_argument              # TARGET: also an ops-nn operator directory named by a path -> ResolvedOp | Path
    @soc_list_option()            # --soc a,b --soc c -> tuple[Soc, ...]
    @soc_option(required=True)    # --soc X -> Soc (one)
    @shape_option(...)            # --shape 4,2 -> tuple[int, ...]
    @seed_option, @json_option(), @out_dir_option(...), @dtype_option(...), @vendor_option, @timeout_option
"""
from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from pathlib import Path

import click

from kernelgen.errors import UsageError
from kernelgen.validate import (MAX_SEED, check_name, check_output_dir, check_output_file, load_npy, parse_shape)

CONTEXT = {"help_option_names": ["-h", "--help"]}


def check_cache() -> None:
    """The emulator cache must be usable before any work starts (one line naming KERNELGEN_CACHE_DIR if not)."""
    from kernelgen.emulator.build import cache_dir

    cache_dir()


class _Type(click.ParamType):
    """A click type whose failures are kernelgen UsageErrors (one line, exit 2) naming the option."""

    name_option = True   # prefix messages with the option (types whose message names the path itself do not)

    def fail_usage(self, message: str, param) -> None:
        if not self.name_option:
            raise UsageError(message)
        name = (param.opts[0] if getattr(param, "opts", None) and param.param_type_name == "option"
                else (param.human_readable_name if param else self.name))
        raise UsageError(f"{name}: {message}")

    def convert(self, value, param, ctx):
        if not isinstance(value, str):
            return value  # already converted (a default, or a second pass)
        try:
            return self.parse(value)
        except UsageError as exc:
            self.fail_usage(str(exc), param)

    def parse(self, text: str):
        raise NotImplementedError


class OperatorType(_Type):
    """A built-in or registered operator by bare name, or a spec file by path (always that file's spec)."""

    name = "OP"

    def parse(self, text):
        from kernelgen.authoring.ops import resolve_op

        return resolve_op(text)


class TargetType(_Type):
    """OperatorType, or an ops-nn operator directory named by a path (contains '/' or starts with '.')."""

    name = "TARGET"

    def parse(self, text):
        from kernelgen.emulator.emulate import resolve_user_target

        return resolve_user_target(text)


class SocType(_Type):
    """One SOC family or SKU -> Soc."""

    name = "SOC"

    def parse(self, text):
        from kernelgen.socs import resolve_soc

        return resolve_soc(text)


class SocListType(_Type):
    """A comma-separated SOC list -> tuple[Soc, ...] (the option may also repeat; see soc_list_option)."""

    name = "SOC[,SOC]"

    def parse(self, text):
        from kernelgen.socs import get_soc, split_soc_names

        return tuple(get_soc(n) for n in split_soc_names(text))


class ShapeType(_Type):
    name = "SHAPE"

    def __init__(self, allow_empty_tensor: bool = False):
        self.allow_empty_tensor = allow_empty_tensor

    def parse(self, text):
        return parse_shape(text, self.allow_empty_tensor)


class DTypeType(_Type):
    """A dtype short name or alias (float32/fp32/float, float16/fp16/half, bfloat16/bf16, int32, ...)."""

    name = "DTYPE"
    ALIASES = {"fp32": "float32", "float": "float32", "fp16": "float16", "half": "float16", "bf16": "bfloat16"}

    def parse(self, text):
        from kernelgen.dtypes import SHORT_TO_GE
        from kernelgen.errors import choices_message

        key = text.strip().lower()
        key = self.ALIASES.get(key, key)
        if key not in SHORT_TO_GE:
            raise UsageError(choices_message("dtype", text, SHORT_TO_GE))
        return key


class NameType(_Type):
    """A lower_snake_case C++ identifier that is no keyword and a safe path component."""

    name = "NAME"

    def __init__(self, kind: str = "name", example: str = "my_op"):
        self.kind, self.example = kind, example

    def parse(self, text):
        return check_name(self.kind, text, example=self.example)


class VendorType(_Type):
    name = "NAME"

    def parse(self, text):
        from kernelgen.package import check_vendor

        return check_vendor(text)


class OutputFileType(_Type):
    """A file to write: its directory must exist and be writable, checked before any work."""

    name = "FILE"

    def __init__(self, what: str = "output file"):
        self.what = what

    def parse(self, text):
        if not text.strip():
            raise UsageError(f"empty path given for the {self.what}")
        return check_output_file(Path(text), self.what)


class OutputDirType(_Type):
    """A directory to create or fill: it (or its nearest existing parent) must be a writable directory."""

    name = "DIR"
    name_option = False

    def __init__(self, what: str = "output path"):
        self.what = what

    def parse(self, text):
        if not text.strip():
            raise UsageError(f"empty path given for the {self.what}")
        return check_output_dir(Path(text), self.what)


class NpyInputType(_Type):
    """NAME=FILE.npy -> (name, ndarray): an .npy array file (ml_dtypes bfloat16 included; never pickles)."""

    name = "NAME=FILE.npy"

    def parse(self, text):
        if "=" not in text:
            raise UsageError(f"{text!r} must be NAME=FILE.npy")
        name, file = (p.strip() for p in text.split("=", 1))
        if not name:
            raise UsageError(f"{text!r} has no tensor name before '='")
        return name, load_npy(file)


class AttrType(_Type):
    """NAME=VALUE -> (name, text); typed later against the operator's declaration (validate.type_attrs)."""

    name = "NAME=VALUE"

    def parse(self, text):
        if "=" not in text:
            raise UsageError(f"attribute {text!r} must be NAME=VALUE")
        name, value = text.split("=", 1)
        if not name.strip():
            raise UsageError(f"attribute {text!r} has no name before '='")
        return name.strip(), value.strip()


OP = OperatorType()
TARGET = TargetType()
SOC = SocType()
SOC_LIST = SocListType()
DTYPE = DTypeType()
ATTR = AttrType()
NPY_INPUT = NpyInputType()


# ---- decorators ---------------------------------------------------------------------------------------------
def _announce(ctx, param, value):
    """Print a resolved operator's notice (e.g. a spec file shadowing a built-in) once."""
    notice = getattr(value, "notice", None)
    if notice:
        click.echo(f"kernelgen: note: {notice}", err=True)
    return value


def _flatten_socs(ctx, param, value):
    out = []
    for group in value or ():
        for soc in (group if isinstance(group, tuple) else (group,)):
            out.append(soc)
    return tuple(out)


op_argument = click.argument("op", type=OP, callback=_announce)
def target_argument_named(name: str):
    """TARGET under another parameter name (e.g. run-example's OP, which may also be a directory)."""
    return click.argument(name, type=TARGET, callback=_announce)


target_argument = target_argument_named("target")


def soc_list_option(help: str = "SOC families or SKUs, comma-separated or repeated; default: the spec's SOC list."):
    return click.option("--soc", "socs", type=SOC_LIST, multiple=True, callback=_flatten_socs, metavar="SOC[,SOC]",
                        help=help)


def soc_option(required: bool = True, help: str = "SOC family or SKU (one)."):
    return click.option("--soc", type=SOC, required=required, metavar="SOC", help=help)


def shape_option(required: bool = False, multiple: bool = False, help: str = "Comma-separated shape, e.g. 4,2."):
    return click.option("--shape", "shapes" if multiple else "shape", type=ShapeType(), required=required,
                        multiple=multiple, metavar="SHAPE", help=help)


def dtype_option(multiple: bool = False, help: str = "dtype: float32, float16 or bfloat16."):
    return click.option("--dtype", "dtypes" if multiple else "dtype", type=DTYPE, multiple=multiple, default=None,
                        metavar="DTYPE", help=help)


seed_option = click.option("--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True,
                           help=f"Seed of the generated inputs (0 .. {MAX_SEED}).")
attr_option = click.option("--attr", "attr_pairs", type=ATTR, multiple=True, metavar="NAME=VALUE",
                           help="Attribute, typed by the operator's declaration (ints are int64, floats finite).")
vendor_option = click.option("--vendor-name", "vendor", type=VendorType(), default="custom", show_default=True,
                             help="Vendor name: package vendors/<name>_nn, cann-ops-nn-<name>_linux-<arch>.run.")


def json_option(help: str = "Write the result as JSON to FILE (written whole or not at all)."):
    return click.option("--json", "json_file", type=OutputFileType("JSON file"), default=None, metavar="FILE",
                        help=help)


def out_dir_option(*names: str, dest: str = "out_dir", required: bool = False, default=None, help: str = ""):
    # Click 8.2+ treats an explicit default=None as a value given, which would switch `required` off.
    extra = {} if default is None else {"default": default, "show_default": True}
    return click.option(*names, dest, type=OutputDirType(), required=required, metavar="DIR", help=help, **extra)


def timeout_option(default: float, help: str):
    return click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=default,
                        show_default=True, metavar="SECONDS", help=help)


# ---- progress ---------------------------------------------------------------------------------------------
def note(text: str) -> None:
    click.echo(f"kernelgen: {text}", err=True)


class Progress:
    """Plain progress lines on stderr that work when piped: one per step at most every `every` seconds (and
    the last), plus a heartbeat while a long step (a cold compile, a big run) is silent."""

    def __init__(self, label: str, total: int, every: float = 2.0):
        self.label, self.total, self.every = label, total, every
        self.done = 0
        self._last = 0.0

    def step(self, detail: str = "") -> None:
        self.done += 1
        now = time.monotonic()
        if now - self._last >= self.every or self.done == self.total:
            self._last = now
            note(f"{self.label}: {self.done}/{self.total}{' ' + detail if detail else ''}")


@contextmanager
def heartbeat(what: str, every: float = 10.0):
    """While the body runs, print 'kernelgen: still WHAT (N s)' every `every` seconds."""
    stop = threading.Event()
    start = time.monotonic()

    def beat():
        while not stop.wait(every):
            note(f"still {what} ({time.monotonic() - start:.0f} s)")

    thread = threading.Thread(target=beat, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()

