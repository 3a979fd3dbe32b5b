"""Issue 14: every bad input is one line with its exit code, before any work; outputs are all or nothing;
the cache heals itself; a spec file is always its own spec (issue 13, item 4)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from click.testing import CliRunner

from kernelgen.authoring.ops import ResolvedOp, get_spec, resolve_op
from kernelgen.cli import main
from kernelgen.errors import SpecError, UsageError
from kernelgen.validate import load_npy, parse_shape, type_attrs

from conftest import REPO, requires_cxx

GELU_FILE = REPO / "kernelgen" / "authoring" / "ops" / "gelu_grad.py"


def invoke(args, **kw):
    result = CliRunner().invoke(main, args, catch_exceptions=False, **kw)
    return result.exit_code, result.stdout, result.stderr


def one_line_error(stderr: str) -> str:
    lines = [l for l in stderr.splitlines() if l.startswith("kernelgen: error:")]
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    return lines[0]


@pytest.mark.parametrize("args, fragment", [
    (["verify", "gelu_grad", "--shape", ""], "shape '' is not a comma-separated list"),
    (["verify", "gelu_grad", "--shape", "1,,2"], "shape '1,,2'"),
    (["perf", "gelu_grad", "--soc", "ascend910b", "--shape", "0"], "has no elements"),
    (["verify", "gelu_grad", "--shape", "0"], "has no elements"),
    (["verify", "gelu_grad", "--seed", "-1"], "-1 is not in the range 0<=x<=4294967295"),
    (["verify", "gelu_grad", "--soc", "ascend910b", "--dtype", "float32", "--shape", "100000000000"],
     "needs about 11920.9 GiB"),
    (["perf", "gelu_grad", "--soc", "ascend910b", "--shape", "100000000000"], "needs about 2980.2 GiB"),
    (["verify", "gelu_grad", "--soc", "ascend910b,nope"], "unknown SOC 'nope'"),
    (["verify", "gelu_grad", "--soc", "ascend910b,"], "has an empty entry"),
    (["sim", "gelu_grad", "--soc", "ascend910b,ascend310b", "--out", "o"], "give one SOC here"),
    (["new", "class", "--input", "x", "--output", "y"], "'class' is a C++ keyword"),
    (["new", "foo", "--input", "int", "--output", "y"], "'int' is a C++ keyword"),
    (["new", "foo", "--input", "x", "--output", "y", "--attr", "n:int=99999999999999999999"], "out of range"),
    (["new", "foo", "--input", "x", "--output", "y", "--attr", "a:float=nan"], "is not finite"),
    (["new", "foo", "--input", "x", "--output", "y", "--category", "../../etc"], "category '../../etc'"),
    (["build", "gelu_grad", "--vendor-name", "../x"], "vendor name '../x'"),
    (["run-example", "gelu_grad", "--timeout", "0"], "--timeout"),
    (["verify", "--no-such-option"], "No such option"),
    (["verify", "./no_such_spec.py"], "spec file no_such_spec.py does not exist"),
])
def test_bad_arguments_are_one_line_exit_2_before_any_work(tmp_path, monkeypatch, args, fragment):
    monkeypatch.chdir(tmp_path)
    code, out, err = invoke(args)
    assert code == 2
    assert fragment in one_line_error(err)
    assert "compiling" not in err and list(tmp_path.iterdir()) == []   # no work started, nothing written


@pytest.mark.parametrize("option", ["--json", "--report"])
def test_unwritable_outputs_are_refused_before_the_run(tmp_path, monkeypatch, option):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a_dir").mkdir()
    cmd = {"--json": ["verify", "gelu_grad"],
           "--report": ["sim", "gelu_grad", "--soc", "ascend910b", "--out", "z"]}[option]
    for bad in ("missing/x.json", "a_dir", "file.txt/x.json"):
        (tmp_path / "file.txt").write_text("")
        code, _, err = invoke(cmd + [option, bad])
        assert code == 2 and option in one_line_error(err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_dir", "file.txt"]   # no z/ left behind


def test_an_unusable_cache_dir_is_one_line_and_doctor_reports_it(tmp_path, monkeypatch):
    (tmp_path / "f").write_text("")
    monkeypatch.setenv("KERNELGEN_CACHE_DIR", str(tmp_path / "f" / "cache"))
    code, _, err = invoke(["verify", "gelu_grad", "--shape", "4"])
    assert code == 2 and "set KERNELGEN_CACHE_DIR to a writable directory" in one_line_error(err)
    code, out, err = invoke(["doctor"])
    assert "Traceback" not in err and "emulator cache:   UNUSABLE: emulator cache" in out
    assert code == 3   # no backend can build without a cache (and CANN is absent here)


def test_shapes_seeds_and_attributes_are_parsed_strictly():
    assert parse_shape("4,2") == (4, 2) and parse_shape("3x5x7") == (3, 5, 7)
    for bad in ("", ",", "4,", "a", "-1", "1,2,3,4,5,6,7,8,9", "1.5"):
        with pytest.raises(UsageError):
            parse_shape(bad)
    kinds = {"shift": "int", "delta": "float", "flag": "bool", "xs": "list_int"}
    assert type_attrs([("shift", "-3"), ("delta", "1e-3"), ("flag", "true"), ("xs", "1,2")], kinds, "Op") == \
        {"shift": -3, "delta": 1e-3, "flag": True, "xs": [1, 2]}
    for name, value, fragment in [("shift", "99999999999999999999", "out of range"),
                                  ("delta", "nan", "not finite"), ("delta", "1e400", "not finite"),
                                  ("flag", "yes", "flag='yes' is not a valid bool"),
                                  ("xs", "1,x", "xs='1,x' is not a valid list_int"),
                                  ("nope", "1", "unknown attribute 'nope'")]:
        with pytest.raises(UsageError, match=fragment):
            type_attrs([(name, value)], kinds, "Op")


def test_npy_files_bf16_from_ml_dtypes_and_non_arrays(tmp_path):
    bf = np.array([1.5, -2.0], dtype=ml_dtypes.bfloat16)
    np.save(tmp_path / "bf.npy", bf)
    got = load_npy(tmp_path / "bf.npy")
    assert got.dtype == ml_dtypes.bfloat16 and got.tolist() == [1.5, -2.0]
    (tmp_path / "text.npy").write_text("not an array")
    with pytest.raises(UsageError, match="is not an .npy array file"):
        load_npy(tmp_path / "text.npy")
    np.save(tmp_path / "obj.npy", np.array([{"a": 1}], dtype=object), allow_pickle=True)
    with pytest.raises(UsageError, match="is not an .npy array file") as info:
        load_npy(tmp_path / "obj.npy")
    assert "allow_pickle" not in str(info.value)


def _spec_file(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = GELU_FILE.read_text()
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new))
    return path


def test_a_spec_file_named_like_a_built_in_is_that_files_spec(tmp_path):
    path = _spec_file(tmp_path, "gelu_grad.py", "C = 0.044715 ", "C = 0.0452   ")
    resolved = resolve_op(str(path))
    assert resolved.path == path and "also a built-in operator; using the file" in resolved.notice
    assert resolved.spec != get_spec("gelu_grad")          # the 1 %-off constant, not the built-in's
    from kernelgen.emulator.emulate import source_for_spec
    ours = source_for_spec(resolved.spec, "ascend910b").op_dir
    builtin = source_for_spec(get_spec("gelu_grad"), "ascend910b").op_dir
    assert ours != builtin
    kernel = lambda root: (root / "op_kernel" / "gelu_grad.h").read_text()  # noqa: E731
    assert "-0.072128765f" in kernel(ours) and "-0.072128765f" not in kernel(builtin)


def test_a_bare_name_is_the_built_in_even_beside_a_directory_of_that_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, _ = invoke(["generate", "gelu_grad"])
    assert code == 0 and (tmp_path / "gelu_grad" / "op_host").is_dir()
    from kernelgen.emulator.emulate import resolve_user_target
    assert isinstance(resolve_user_target("gelu_grad"), ResolvedOp)
    assert resolve_user_target("./gelu_grad") == (tmp_path / "gelu_grad").resolve()
    code, _, err = invoke(["sim", "./gelu_grad.py", "--soc", "ascend910b", "--out", "o"])
    assert code == 2 and "spec file gelu_grad.py does not exist" in one_line_error(err)


@pytest.mark.parametrize("old, new, fragment", [
    ('snake="gelu_grad"', 'snake="../../x"', "operator name (snake) '../../x' is not a valid name"),
    ('snake="gelu_grad"', 'snake="My Add"', "'My Add' is not a valid name"),
    ('category="activation"', 'category="../etc"', "category '../etc'"),
])
def test_spec_names_are_validated_before_anything_is_written(tmp_path, monkeypatch, old, new, fragment):
    monkeypatch.chdir(tmp_path)
    path = _spec_file(tmp_path, "bad.py", old, new)
    with pytest.raises(SpecError, match=re.escape(fragment)):
        resolve_op(str(path))
    for cmd in (["generate", "./bad.py"], ["verify", "./bad.py"]):
        code, _, err = invoke(cmd)
        assert code == 2 and fragment in one_line_error(err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.py"]


def test_a_golden_that_raises_or_has_the_wrong_shape_is_one_line():
    from kernelgen.checking.golden import GOLDENS, get_golden

    x = {"x": np.ones(4), "dy": np.ones(4)}
    GOLDENS["_t_raises"] = lambda inputs, attrs: 1 / 0
    GOLDENS["_t_shape"] = lambda inputs, attrs: {"z": np.ones(3)}
    GOLDENS["_t_type"] = lambda inputs, attrs: [1, 2]
    try:
        with pytest.raises(UsageError, match="golden _t_raises raised ZeroDivisionError"):
            get_golden("_t_raises")(x, {})
        with pytest.raises(UsageError, match=r"returned z of shape \(3,\); the inputs' shape is \(4,\)"):
            get_golden("_t_shape")(x, {})
        with pytest.raises(UsageError, match="must return"):
            get_golden("_t_type")(x, {})
    finally:
        for k in ("_t_raises", "_t_shape", "_t_type"):
            GOLDENS.pop(k)


def test_the_python_api_refuses_bad_arguments_in_one_line():
    import kernelgen

    x = np.ones(4, np.float32)
    for kwargs, fragment in [(dict(soc=None, inputs={"x": x}), "unknown SOC None"),
                             (dict(soc="ascend910b", inputs=None), "inputs must be a non-empty dict"),
                             (dict(soc="ascend910b", inputs={"x": x}, attrs=3), "attrs must be a dict"),
                             (dict(soc="ascend910", inputs={"x": x}, dtype="bfloat16"),
                              "GeluGrad on ascend910 does not support bfloat16")]:
        with pytest.raises(UsageError, match=fragment):
            kernelgen.run("gelu_grad", **kwargs)


def test_cache_entries_are_checked_and_a_truncated_library_heals(tmp_path, monkeypatch):
    """A real tiny .so in a private cache: truncated, it is rebuilt with a notice and loads again (loading the
    truncated file would die with SIGBUS)."""
    if shutil.which("g++") is None:
        pytest.skip("needs g++ to build a shared library")
    from kernelgen.emulator.build import CacheNotice, CompileUnit, cache_info, compile_object, link_library
    from kernelgen.toolchain import find_compiler

    monkeypatch.setenv("KERNELGEN_CACHE_DIR", str(tmp_path / "cache"))
    src = tmp_path / "tiny.cpp"
    src.write_text('extern "C" int kg_tiny() { return 42; }\n')
    compiler = find_compiler()
    build = lambda: link_library([compile_object(CompileUnit("tiny", src), compiler)], "tiny", compiler)  # noqa: E731
    lib = build()
    size = lib.stat().st_size
    with open(lib, "r+b") as fh:
        fh.truncate(size // 3)
    assert cache_info()["damaged"] == [str(lib.relative_to(tmp_path / "cache" / "emulator"))]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        again = build()
    assert again == lib and lib.stat().st_size == size
    assert [str(w.message) for w in caught if w.category is CacheNotice] == \
        [f"emulator cache entry {lib.name} is damaged (size or hash differ); rebuilding it"]
    probe = subprocess.run([sys.executable, "-c", f"import ctypes; print(ctypes.CDLL({str(lib)!r}).kg_tiny())"],
                           capture_output=True, text=True)
    assert probe.stdout.strip() == "42"
    code, out, _ = invoke(["cache", "info", "--json"])
    info = json.loads(out)
    assert code == 0 and info["damaged"] == [] and info["path"] == str(tmp_path / "cache" / "emulator")
    code, out, _ = invoke(["cache", "clear"])
    assert code == 0 and not (tmp_path / "cache" / "emulator").exists()


def test_write_outputs_is_all_or_nothing(tmp_path):
    from kernelgen.cli import _write_outputs

    out = tmp_path / "out"
    written = _write_outputs(out, [("z", np.arange(3.0))], (tmp_path / "r.json", "{}"))
    assert [p.name for p in written] == ["z.npy", "r.json"] and np.load(out / "z.npy").tolist() == [0, 1, 2]
    (tmp_path / "blocked").mkdir()
    with pytest.raises(UsageError, match="cannot write the outputs"):
        _write_outputs(tmp_path / "new", [("z", np.arange(3.0))], (tmp_path / "blocked", "{}"))
    assert not (tmp_path / "new").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocked", "out", "r.json"]


def test_signals_are_named():
    from kernelgen.emulator.example import exit_text

    assert exit_text(-11) == "was killed by SIGSEGV" and exit_text(3) == "exited with code 3"


@requires_cxx
def test_the_one_percent_off_spec_file_fails_verify(tmp_path):
    """Issue 13 item 4: before, the built-in kernel ran in its place and the file 'passed'."""
    path = _spec_file(tmp_path, "gelu_grad.py", "C = 0.044715 ", "C = 0.0452   ")
    code, out, err = invoke(["verify", str(path), "--soc", "ascend910b", "--dtype", "float32", "--shape", "4096"])
    assert code == 1, out + err
    assert "also a built-in operator; using the file" in err and "0 passed, 1 failed" in out


def test_damaged_generated_sources_in_the_cache_are_rewritten(tmp_path, monkeypatch):
    from kernelgen.emulator.build import CacheNotice, materialize_tree, write_source

    monkeypatch.setenv("KERNELGEN_CACHE_DIR", str(tmp_path / "cache"))
    src = write_source("int f() { return 1; }\n", "tiny")
    src.write_text("int f() {")                       # truncated by a crash or a full disk
    assert write_source("int f() { return 1; }\n", "tiny") == src and src.read_text() == "int f() { return 1; }\n"
    root = materialize_tree({"op_kernel/a.h": "#define A 1\n"}, "tiny")
    (root / "op_kernel" / "a.h").write_text("#defi")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        again = materialize_tree({"op_kernel/a.h": "#define A 1\n"}, "tiny")
    assert again == root and (root / "op_kernel" / "a.h").read_text() == "#define A 1\n"
    assert [w.category for w in caught] == [CacheNotice]


def test_a_registered_operator_is_found_by_its_bare_name_and_cannot_take_a_built_in_name():
    import dataclasses

    from kernelgen.authoring import ops

    mine = dataclasses.replace(get_spec("gelu_grad"), snake="gelu_grad_mine", op_type="GeluGradMine")
    try:
        assert ops.register(mine) is mine and get_spec("gelu_grad_mine") is mine
        with pytest.raises(SpecError, match="already registered"):
            ops.register(dataclasses.replace(mine, doc="another"))
    finally:
        ops._SPECS.pop("gelu_grad_mine", None)
    with pytest.raises(SpecError, match="operator gelu_grad is already registered"):
        ops.register(dataclasses.replace(get_spec("gelu_grad"), doc="impostor"))
