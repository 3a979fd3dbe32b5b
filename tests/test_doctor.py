"""kernelgen doctor and the toolchain records behind it.

CANN cannot be installed here, so "CANN found" is shown against a fake CANN root (tests/standins.py):
set_env.sh, version.cfg and do-nothing asc_opc/bisheng on PATH.
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kernelgen.cli import main
from kernelgen.errors import ToolchainError, UsageError
from kernelgen.toolchain import cann_environment, detect_cann, find_ops_nn

from conftest import requires_cxx
from standins import CANN_VERSION, cann_env, make_fake_cann, make_ops_nn, no_cann_env


def doctor(*args):
    return CliRunner().invoke(main, ["doctor", *map(str, args)])


@pytest.fixture
def cache(monkeypatch, tmp_path):
    path = tmp_path / "cache"
    monkeypatch.setenv("KERNELGEN_CACHE_DIR", str(path))
    (path / "emulator" / "obj").mkdir(parents=True)
    (path / "emulator" / "obj" / "a.o").write_bytes(b"x" * 1500)
    (path / "emulator" / "b.so").write_bytes(b"y" * 500)
    return path / "emulator"


@requires_cxx
def test_doctor_without_cann(monkeypatch, cache):
    no_cann_env(monkeypatch)
    res = doctor()
    assert res.exit_code == 0, res.output
    lines = dict(line.split(":", 1) for line in res.output.splitlines())
    assert "CANN not found: set ASCEND_HOME_PATH" in lines["CANN"]
    assert "not given" in lines["ops-nn checkout"]
    assert "g++" in lines["host compiler"] or "c++" in lines["host compiler"]
    assert lines["emulator cache"].strip() == f"{cache} (2 files, 0.0 MB)"
    assert lines["build backend"].strip().startswith("emu (CPU emulator build; not an NPU package)")


def test_doctor_with_cann_and_a_checkout(monkeypatch, tmp_path, cache):
    no_cann_env(monkeypatch)
    root = make_fake_cann(tmp_path / "cann")
    cann_env(monkeypatch, root)
    ops_nn = make_ops_nn(tmp_path / "ops-nn")
    res = doctor("--ops-nn", ops_nn)
    assert res.exit_code == 0, res.output
    assert f"found at {root} (from ASCEND_HOME_PATH)" in res.output
    assert f"CANN version:     {CANN_VERSION}" in res.output
    assert f"asc_opc {root}/bin/asc_opc" in res.output and "bisheng" in res.output
    assert f"{ops_nn.resolve()} (from --ops-nn)" in res.output
    assert "build backend:    cann" in res.output
    data = json.loads(doctor("--ops-nn", ops_nn, "--json").output)
    assert data["cann"]["usable"] and data["cann"]["version"] == CANN_VERSION
    assert data["ops_nn"] == {"path": str(ops_nn.resolve()), "source": "--ops-nn"}
    assert data["emulator_cache"] == {"path": str(cache), "files": 2, "bytes": 2000, "problem": None, "damaged": []}
    assert data["backend"] == "cann"


def test_doctor_names_missing_cann_tools(monkeypatch, tmp_path, cache):
    no_cann_env(monkeypatch)
    root = make_fake_cann(tmp_path / "cann", tools=())
    (root / "set_env.sh").unlink()
    monkeypatch.setenv("ASCEND_HOME_PATH", str(root))
    data = json.loads(doctor("--json").output)
    assert data["cann"]["root"] == str(root) and not data["cann"]["usable"]
    assert data["cann"]["missing"] == ["set_env.sh", "asc_opc", "bisheng"]
    text = detect_cann().problem()
    assert "set_env.sh" in text and "asc_opc" in text and "bisheng" in text and "ASCEND_HOME_PATH" in text


def test_doctor_rejects_a_directory_that_is_not_an_ops_nn_checkout(tmp_path, cache):
    res = doctor("--ops-nn", tmp_path)
    assert res.exit_code == 2 and "is not an ops-nn checkout" in res.output


def test_doctor_exit_3_when_nothing_can_build(monkeypatch, cache):
    no_cann_env(monkeypatch)
    import kernelgen.toolchain as toolchain

    def no_compiler(required=True):
        raise ToolchainError("no C++ compiler found for the emulator; install g++")

    monkeypatch.setattr(toolchain, "find_compiler", no_compiler)
    res = doctor()
    assert res.exit_code == 3 and "none: install g++ or CANN" in res.output


def test_find_ops_nn_sources(monkeypatch, tmp_path):
    monkeypatch.delenv("KERNELGEN_OPS_NN", raising=False)
    ops_nn = make_ops_nn(tmp_path / "ops-nn")
    assert find_ops_nn() == (None, "not given")
    monkeypatch.setenv("KERNELGEN_OPS_NN", str(ops_nn))
    assert find_ops_nn() == (ops_nn.resolve(), "KERNELGEN_OPS_NN")
    assert find_ops_nn(ops_nn)[1] == "--ops-nn"
    with pytest.raises(UsageError, match="not an ops-nn checkout"):
        find_ops_nn(tmp_path)


def test_cann_root_precedence_and_set_env(monkeypatch, tmp_path):
    no_cann_env(monkeypatch)
    a = make_fake_cann(tmp_path / "a")
    b = make_fake_cann(tmp_path / "b")
    env = {"ASCEND_HOME_PATH": str(a), "ASCEND_TOOLKIT_HOME": str(b), "PATH": f"{a}/bin"}
    assert detect_cann(env).root == str(a)
    del env["ASCEND_HOME_PATH"]
    found = detect_cann(env)
    assert found.root == str(b) and found.root_source == "ASCEND_TOOLKIT_HOME" and found.usable
    sourced = cann_environment(found, {"PATH": "/usr/bin:/bin"})
    assert sourced["ASCEND_OPP_PATH"] == f"{b}/opp" and sourced["PATH"].startswith(f"{b}/bin:")
    assert detect_cann({"PATH": ""}).root is None


def test_stream_tool_stops_a_hung_child(tmp_path):
    import time

    import pytest

    from kernelgen.errors import ToolchainError
    from kernelgen.proc import stream_tool

    lines = []
    start = time.monotonic()
    with pytest.raises(ToolchainError, match="ran longer than 1 s and was stopped"):
        stream_tool(["bash", "-c", "echo started; sleep 30"], on_line=lines.append, timeout=1)
    assert lines == ["started"] and time.monotonic() - start < 10
