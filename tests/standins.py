"""Stand-ins for what cannot be installed here: a CANN toolkit and an ops-nn checkout.

The fake CANN root has set_env.sh (which exports what the real one does: ASCEND_HOME_PATH,
ASCEND_OPP_PATH, PATH) and asc_opc/bisheng executables that do nothing. The ops-nn stand-in's build.sh
records how it was called (argv, cwd, bash, environment) and then behaves as the test asks: exit with a
chosen code, produce build_out/cann-ops-nn-<vendor>_linux-<arch>.run, or print the "doesn't have eager
examples" ERROR line and exit 0 as the real script does. Every line it prints carries the real script's
[YYYY-mm-dd HH:MM:SS] prefix.
"""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

CANN_VERSION = "8.3.RC1"

STANDIN_BUILD_SH = r"""#!/usr/bin/env bash
# Stand-in for hicann/ops-nn build.sh (tests only): records its call, then does what .standin/ says.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$here/.standin"
n=$(ls "$here/.standin" | grep -c '^call-' || true)
python3 - "$here/.standin/call-$n.json" "$0" "$PWD" "${BASH_VERSION:-}" "$@" <<'PY'
import json, os, sys
out, argv0, cwd, bash, *args = sys.argv[1:]
json.dump({"argv0": argv0, "args": args, "cwd": cwd, "bash": bash, "env": dict(os.environ)}, open(out, "w"))
PY
say() { echo "[2026-08-22 10:00:00] $*"; }
say "stand-in ops-nn build.sh $*"
code=0
if [[ -f "$here/.standin/exit_code" ]]; then code=$(cat "$here/.standin/exit_code"); fi
if [[ "${1:-}" == "--run_example" ]]; then
  if [[ -f "$here/.standin/no_example" ]]; then say "ERROR: $2 doesn't have $3 examples."; exit 0; fi
  say "run example $2: result[0] is: 0.000000"
  exit "$code"
fi
if [[ "$code" != 0 ]]; then say "Kernel compile failed!"; exit "$code"; fi
vendor=custom
for a in "$@"; do case "$a" in --vendor_name=*) vendor="${a#*=}" ;; esac; done
mkdir -p build_out
echo "fake makeself package" > "build_out/cann-ops-nn-${vendor}_linux-$(uname -m).run"
say "package: build_out/cann-ops-nn-${vendor}_linux-$(uname -m).run"
"""


def _executable(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def make_fake_cann(root: Path, tools=("asc_opc", "bisheng")) -> Path:
    """A CANN root whose set_env.sh exports what the real one does; tools print their name and exit 0."""
    root = Path(root).resolve()
    bin_dir = root / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    for tool in tools:
        _executable(bin_dir / tool, f"#!/bin/sh\necho fake {tool}\n")
    (root / "set_env.sh").write_text(
        f'export ASCEND_HOME_PATH="{root}"\nexport ASCEND_OPP_PATH="{root}/opp"\n'
        f'export PATH="{bin_dir}:$PATH"\necho "fake CANN set_env.sh sourced"\n')
    (root / "version.cfg").write_text(f"version={CANN_VERSION}\n")
    return root


def cann_env(monkeypatch, root: Path) -> None:
    """The environment a user has after `source <cann>/set_env.sh`."""
    monkeypatch.setenv("ASCEND_HOME_PATH", str(root))
    monkeypatch.delenv("ASCEND_TOOLKIT_HOME", raising=False)
    monkeypatch.setenv("PATH", f"{root / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}")


def no_cann_env(monkeypatch) -> None:
    import kernelgen.toolchain as toolchain

    for var in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME", "KERNELGEN_OPS_NN"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(toolchain, "DEFAULT_CANN_ROOTS", ())


def make_ops_nn(root: Path) -> Path:
    """An ops-nn checkout as far as kernelgen can tell: build.sh, experimental/<category>/<op>."""
    _executable(root / "build.sh", STANDIN_BUILD_SH)
    other = root / "experimental" / "activation" / "gelu" / "op_host"
    other.mkdir(parents=True)
    (other / "gelu_def.cpp").write_text("// a hand-written ops-nn operator kernelgen must not touch\n")
    return root


def standin_calls(ops_nn: Path) -> list[dict]:
    calls = sorted((ops_nn / ".standin").glob("call-*.json"), key=lambda p: int(p.stem.split("-")[1]))
    return [json.loads(p.read_text()) for p in calls]


def standin_set(ops_nn: Path, name: str, value: str = "") -> None:
    (ops_nn / ".standin").mkdir(exist_ok=True)
    (ops_nn / ".standin" / name).write_text(value)
