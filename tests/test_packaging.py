"""A non-editable install carries the templates and emulator headers: generate from another directory
produces exactly the committed op_host/ and op_kernel/.

The wheel goes into a venv that sees nothing of the running environment (no system site-packages): its
dependencies are installed explicitly, at the versions the running environment has, so the test passes
or fails the same on a fresh machine as on one whose base interpreter happens to have them."""
from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from importlib.metadata import requires, version

import pytest

from kernelgen.authoring.render import same_tree

from conftest import REPO


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(REPO)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.skip(f"cannot build a wheel here (pip needs hatchling from PyPI): {proc.stderr.strip()[-300:]}")
    return next(out.glob("kernelgen-*.whl"))


def test_wheel_ships_templates_and_emulator(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "kernelgen/templates/op_kernel/{{op}}.h.j2" in names
    assert "kernelgen/emulator/include/kernel_operator.h" in names
    assert "kernelgen/emulator/include/kgemu/abi.h" in names
    assert "kernelgen/emulator/runtime/kg_harness.cpp" in names
    assert "kernelgen/data/socs.json" in names


def _pinned_dependencies() -> list[str]:
    """kernelgen's runtime requirements at the versions installed in the running environment."""
    names = [r.split(";")[0].split("[")[0].split(">")[0].split("=")[0].split("<")[0].strip()
             for r in requires("kernelgen") or () if "extra ==" not in r]
    return [f"{n}=={version(n)}" for n in names]


def test_installed_generate_matches_committed_sources(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=False, with_pip=True)
    py = env_dir / "bin" / "python"
    deps = _pinned_dependencies()
    assert {d.split("==")[0].lower().replace("-", "_") for d in deps} >= {"numpy", "ml_dtypes", "jinja2", "click"}
    proc = subprocess.run([str(py), "-m", "pip", "install", "-q", str(wheel), *deps], capture_output=True, text=True)
    if proc.returncode != 0 and ("NewConnectionError" in proc.stderr or "No matching distribution" in proc.stderr):
        pytest.skip(f"cannot install the wheel's dependencies {deps} here (no package index): "
                    f"{proc.stderr.strip()[-300:]}")
    assert proc.returncode == 0, proc.stderr
    isolated = subprocess.run([str(py), "-c", "import sys; print(sys.flags.no_site, [p for p in sys.path if 'site-packages' in p])"],
                              capture_output=True, text=True, check=True).stdout
    assert str(env_dir) in isolated and sys.prefix not in isolated.replace(str(env_dir), "")
    work = tmp_path / "elsewhere"
    work.mkdir()
    subprocess.run([str(env_dir / "bin" / "kernelgen"), "generate", "gelu_grad", "-o", "out"], cwd=work, check=True)
    located = subprocess.run([str(py), "-c", "import kernelgen; print(kernelgen.__file__)"], cwd=work,
                             capture_output=True, text=True, check=True).stdout
    assert str(env_dir) in located  # the wheel, not the source checkout
    for part in ("op_host", "op_kernel"):
        assert same_tree(work / "out" / part, REPO / part), part
