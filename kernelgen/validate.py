"""Input validation shared by the CLI and the Python API: names, shapes, seeds, attribute literals, memory
needs, .npy files and output paths. Every check raises UsageError with one line naming the value and what is
valid; nothing here prints, exits or allocates the data it reasons about.
"""
from __future__ import annotations

import math
import os
import re
import tempfile
from contextlib import contextmanager
from pathlib import Path

from kernelgen.errors import UsageError

# ---- names ------------------------------------------------------------------------------------------------
CPP_KEYWORDS = frozenset("""
alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t class
compl concept const consteval constexpr constinit const_cast continue co_await co_return co_yield decltype
default delete do double dynamic_cast else enum explicit export extern false final float for friend goto if
import inline int long module mutable namespace new noexcept not not_eq nullptr operator or or_eq override
private protected public register reinterpret_cast requires return short signed sizeof static static_assert
static_cast struct switch template this thread_local throw true try typedef typeid typename union unsigned
using virtual void volatile wchar_t while xor xor_eq
""".split())
# Types and macros the generated C++ and the Ascend C headers already use: a tensor or operator of that name
# would shadow them.
RESERVED_NAMES = CPP_KEYWORDS | frozenset("""
half bfloat16_t size_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t std AscendC
GM_ADDR TPipe TQue TBuf LocalTensor GlobalTensor
""".split())
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
CAMEL = re.compile(r"^[A-Z][A-Za-z0-9]*$")
MAX_NAME = 64

INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
MAX_DIMS = 8
MAX_SEED = (1 << 32) - 1


def check_name(kind: str, name: object, pattern: re.Pattern = SNAKE, example: str = "my_op") -> str:
    """A snake (or CamelCase) identifier that is valid C++, not a keyword, and a safe path component."""
    if not isinstance(name, str) or not pattern.match(name) or len(name) > MAX_NAME:
        form = {SNAKE: "lower_snake_case starting with a letter", CAMEL: "CamelCase starting with a capital"}.get(
            pattern, f"an identifier matching {pattern.pattern}")
        raise UsageError(f"{kind} {name!r} is not a valid name: use {form} (letters, digits, '_'; at most "
                         f"{MAX_NAME} characters), e.g. {example}")
    if name in RESERVED_NAMES:
        raise UsageError(f"{kind} {name!r} is a C++ keyword or a type the generated code uses; choose another, "
                         f"e.g. {name}_1")
    return name


# ---- numbers ----------------------------------------------------------------------------------------------
def parse_int(text: str, what: str, lo: int = INT64_MIN, hi: int = INT64_MAX) -> int:
    """An integer literal in [lo, hi] (default: int64, what C++ attributes hold)."""
    try:
        value = int(str(text).strip())
    except ValueError:
        raise UsageError(f"{what} {text!r} is not an integer") from None
    if not lo <= value <= hi:
        raise UsageError(f"{what} {text!r} is out of range: valid {lo} .. {hi}")
    return value


def parse_float(text: str, what: str) -> float:
    """A finite float literal that a float32/double attribute can hold."""
    try:
        value = float(str(text).strip())
    except ValueError:
        raise UsageError(f"{what} {text!r} is not a number") from None
    if not math.isfinite(value):
        raise UsageError(f"{what} {text!r} is not finite: give a finite number, e.g. 0.5")
    return value


def parse_bool(text: str, what: str) -> bool:
    key = str(text).strip().lower()
    if key not in ("true", "false", "1", "0"):
        raise UsageError(f"{what} {text!r} is not a bool: valid true, false, 1, 0")
    return key in ("true", "1")


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise UsageError(f"seed {seed!r} is not valid: give an integer 0 .. {MAX_SEED}")
    return seed


# ---- shapes and memory ------------------------------------------------------------------------------------
def parse_shape(text: str, allow_empty_tensor: bool = False) -> tuple[int, ...]:
    """'4,2' or '4x2' -> (4, 2). Every part must be an integer; at most MAX_DIMS of them."""
    raw = str(text).strip()
    parts = [p.strip() for p in re.split(r"[,x]", raw)] if raw else []
    if not parts or any(p == "" for p in parts):
        raise UsageError(f"shape {text!r} is not a comma-separated list of sizes, e.g. 4,2 or 67108864")
    if len(parts) > MAX_DIMS:
        raise UsageError(f"shape {text!r} has {len(parts)} dims; at most {MAX_DIMS} are supported")
    dims = []
    for p in parts:
        if not p.isdigit():
            raise UsageError(f"shape {text!r}: {p!r} is not a size (a non-negative integer)")
        dims.append(int(p))
    return check_shape(tuple(dims), allow_empty_tensor)


def check_shape(shape, allow_empty_tensor: bool = False) -> tuple[int, ...]:
    try:
        dims = tuple(int(d) for d in shape)
    except (TypeError, ValueError):
        raise UsageError(f"shape {shape!r} is not a sequence of sizes, e.g. (4, 2)") from None
    if len(dims) > MAX_DIMS or any(d < 0 or d > INT64_MAX for d in dims):
        raise UsageError(f"shape {shape!r}: sizes must be >= 0 and at most {MAX_DIMS} of them")
    if not allow_empty_tensor and 0 in dims:
        raise UsageError(f"shape {','.join(map(str, dims))} has no elements: aclnn returns before launching the "
                         "kernel for empty tensors (kernelgen run-example covers that path)")
    return dims


def available_memory() -> int:
    """Bytes this process may allocate: MemAvailable (Linux), else a generous 16 GiB guess."""
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 16 << 30


def check_memory(shape, bytes_per_element: int, what: str) -> int:
    """Refuse a run whose arrays would not fit: bytes_per_element covers every array the run holds at once."""
    elements = math.prod(shape) if shape else 1
    need = elements * bytes_per_element
    have = available_memory()
    if need > have:
        raise UsageError(f"{what} of shape {','.join(map(str, shape))} ({elements} elements) needs about "
                         f"{need / 2**30:.1f} GiB; this machine has {have / 2**30:.1f} GiB available")
    return need


# ---- .npy files -------------------------------------------------------------------------------------------
def load_npy(path: str | Path):
    """An .npy array file (never pickles). A 2-byte void array (how ml_dtypes' bfloat16 is saved) is bfloat16."""
    import ml_dtypes
    import numpy as np

    path = Path(path)
    try:
        with open(path, "rb") as fh:
            magic = fh.read(6)
            if magic != b"\x93NUMPY":
                raise UsageError(f"{path} is not an .npy array file (save arrays with numpy.save)")
            fh.seek(0)
            arr = np.load(fh, allow_pickle=False)
    except UsageError:
        raise
    except IsADirectoryError:
        raise UsageError(f"{path} is a directory, not an .npy array file") from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        why = "it holds pickled Python objects, which kernelgen never loads" if "pickle" in str(exc) \
            else "its header or data is malformed or truncated"
        raise UsageError(f"{path} is not an .npy array file ({why})") from None
    if not isinstance(arr, np.ndarray) or arr.dtype.hasobject:
        raise UsageError(f"{path} is not an .npy array file")
    if arr.dtype == np.dtype("V2"):
        arr = arr.view(ml_dtypes.bfloat16)
    return arr


# ---- paths ------------------------------------------------------------------------------------------------
def path_kind(path: str | Path) -> str:
    """'dir', 'file', 'other' or 'missing' for a user-given path; a path the OS refuses (too long, a file used
    as a directory) is a one-line UsageError instead of an OSError."""
    import errno
    import stat as st

    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "missing"
    except NotADirectoryError:
        return "missing"
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise UsageError(f"path {str(path)[:40]}... is too long for this system") from None
        raise UsageError(f"cannot use path {path}: {exc.strerror or exc}") from None
    except ValueError:
        raise UsageError(f"path {path!r} contains a NUL character") from None
    return "dir" if st.S_ISDIR(mode) else "file" if st.S_ISREG(mode) else "other"


# ---- output paths -----------------------------------------------------------------------------------------
def check_output_file(path: str | Path, what: str = "output file") -> Path:
    """Fail before any work when path cannot be written as a file: a directory there, a parent that is a
    file, or a parent that does not exist or is not writable."""
    path = Path(path)
    if path_kind(path) == "dir":
        raise UsageError(f"cannot write {what} {path}: it is a directory")
    parent = path.absolute().parent
    if path_kind(parent) != "dir":
        raise UsageError(f"cannot write {what} {path}: directory {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write {what} {path}: directory {parent} is not writable")
    return path


def check_output_dir(path: str | Path, what: str = "output path") -> Path:
    """Fail before any work when path cannot be (or become) a writable directory."""
    path = Path(path)
    if path_kind(path) not in ("dir", "missing"):
        raise UsageError(f"{what} {path} is a file; give a directory (it is created if missing)")
    probe = path.absolute()
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir():
        raise UsageError(f"cannot write to {path}: {probe} is not a directory")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write to {path}: {probe} is not writable")
    return path


def default_mode() -> int:
    """The mode a plain open() would give a new file (0666 less the umask); mkstemp's 0600 is too strict."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


@contextmanager
def atomic_output(path: str | Path, what: str = "output file"):
    """Yield a temporary path beside path; on success it replaces path, on any failure it is removed."""
    path = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.absolute().parent)
    except OSError as exc:
        raise UsageError(f"cannot write {what} {path}: {exc.strerror or exc}") from None
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        os.chmod(tmp_path, default_mode())
        os.replace(tmp_path, path)
    except OSError as exc:
        raise UsageError(f"cannot write {what} {path}: {exc.strerror or exc}") from None
    finally:
        tmp_path.unlink(missing_ok=True)


def write_text_atomic(path: str | Path, text: str, what: str = "output file") -> None:
    with atomic_output(path, what) as tmp:
        tmp.write_text(text, encoding="utf-8")


# ---- attributes -------------------------------------------------------------------------------------------
def type_attrs(pairs, kinds: dict[str, str], owner: str) -> dict:
    """[(name, text)] typed by kinds {name: float|int|bool|str|list_float|list_int|list_bool}: ints are range-
    checked int64 literals, floats finite."""
    out = {}
    for name, value in pairs:
        if name not in kinds:
            raise UsageError(f"unknown attribute {name!r} of {owner}; known: " + (", ".join(sorted(kinds)) or "none"))
        kind = kinds[name]
        what = f"attribute {name}"
        conv = {"float": parse_float, "int": parse_int, "bool": parse_bool, "str": lambda v, w: v,
                "list_float": parse_float, "list_int": parse_int, "list_bool": parse_bool}.get(kind)
        if conv is None:
            raise UsageError(f"attribute {name} is of kind {kind}, which --attr cannot pass yet")
        try:
            if kind.startswith("list_"):
                out[name] = [conv(v, what) for v in value.strip("[]()").split(",") if v.strip()]
            else:
                out[name] = conv(value, what)
        except UsageError as exc:
            if "out of range" in str(exc) or "not finite" in str(exc):
                raise
            raise UsageError(f"attribute {name}={value!r} is not a valid {kind}") from None
    return out


def verify_bytes_per_element(n_inputs: int, n_outputs: int, itemsize: int) -> int:
    """What one element of a verify case costs at peak: the emulator's arrays and their padded GM copies, the
    float64 golden inputs and output, the float32 benchmark and the comparison's float64 temporaries."""
    return 2 * (n_inputs + n_outputs) * itemsize + 8 * (n_inputs + 1) + 4 * (n_inputs + 1) + 8 * 6


def perf_bytes_per_element(n_inputs: int, n_outputs: int, itemsize: int) -> int:
    """What one element of a perf run costs: the inputs and outputs and their padded GM copies."""
    return 2 * (n_inputs + n_outputs) * itemsize
