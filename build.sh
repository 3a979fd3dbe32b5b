#!/usr/bin/env bash
# kernelgen's build entry with the option names of CANN ops-nn's build.sh. A thin wrapper: it checks the
# options and hands them to `python3 -m kernelgen build` (or `run-example`); the logic is in
# kernelgen/package.py. `bash build.sh -h` lists the options.
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: bash build.sh --pkg [--experimental] --ops=OP[,OP] [--soc=SOC[,SOC]] [--vendor_name=NAME] [-jN]
                     [--build-type=Release|Debug] [--ops-nn=PATH] [--force] [--backend=auto|cann|emu] [--out=DIR]
       bash build.sh --run_example OP eager cust [--vendor_name=NAME] [--experimental] [--soc=SOC[,SOC]]
                     [--ops-nn=PATH] [--backend=auto|cann|emu]
       bash build.sh -h

With CANN (ASCEND_HOME_PATH or a default install, its set_env.sh, asc_opc and bisheng) and an ops-nn
checkout (--ops-nn=PATH or KERNELGEN_OPS_NN), each operator is generated into
<ops-nn>/experimental/<category>/<op> and that checkout's `bash build.sh --pkg --experimental ...` builds
build_out/cann-ops-nn-<vendor>_linux-<arch>.run. Without CANN every operator is compiled and checked on
kernelgen's CPU emulator and laid out in build_out/vendors/<vendor>_nn/: an emulator build, not an NPU package.

Options:
  --pkg                         build the custom-operator package
  --experimental                accepted as in ops-nn; kernelgen always builds from experimental/
  --ops=OP[,OP]                 operators to build (required with --pkg), e.g. --ops=gelu_grad
  --soc=SOC[,SOC]               SOC families or SKUs (default: each operator's SOC list)
  --vendor_name=NAME            vendor name (default: custom)
  -jN, -j N                     parallel jobs (default: all cores)
  --build-type=Release|Debug    passed to ops-nn (default: Release; the emulator build ignores it)
  --run_example OP eager cust   run OP's aclnn example against the custom vendor package
                                (with CANN: ops-nn's --run_example; without: the same call on the emulator)
  --ops-nn=PATH                 ops-nn checkout (default: $KERNELGEN_OPS_NN)
  --force                       replace an operator directory that kernelgen did not generate
  --backend=auto|cann|emu       kernelgen only: choose the backend (default: auto)
  --out=DIR                     kernelgen only: output directory (default: build_out)
  -h, --help                    print this text

Exit codes: 0 ok, 1 check failed, 2 usage error, 3 toolchain missing or failing;
a failed ops-nn build exits with ops-nn's own exit code.
USAGE
}

die() {
  echo "build.sh: $*" >&2
  usage >&2
  exit 2
}

value_of() {  # --name=value -> value; an empty value is a usage error
  local v="${1#*=}"
  [[ -n "$v" ]] || die "${1%%=*} needs a value"
  printf '%s' "$v"
}

pkg=0
example_op=""
ops=""
socs=""
vendor="custom"
jobs=""
build_type=""
ops_nn=""
force=0
backend=""
out=""

while [[ $# -gt 0 ]]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --pkg) pkg=1 ;;
    --experimental) ;;
    --ops=*) ops="$(value_of "$1")" ;;
    --soc=*) socs="$(value_of "$1")" ;;
    --vendor_name=*) vendor="$(value_of "$1")" ;;
    -j)
      [[ $# -ge 2 ]] || die "-j needs a number, e.g. -j8"
      shift
      jobs="$1"
      ;;
    -j*) jobs="${1#-j}" ;;
    --build-type=*)
      build_type="$(value_of "$1")"
      [[ "$build_type" == Release || "$build_type" == Debug ]] ||
        die "--build-type must be Release or Debug, not '$build_type'"
      ;;
    --run_example)
      [[ $# -ge 3 && "$2" != -* ]] || die "--run_example needs OP and MODE: --run_example OP eager cust"
      example_op="$2"
      [[ "$3" == eager ]] || die "--run_example mode '$3' is not supported: kernelgen generates eager examples (--run_example $example_op eager cust)"
      shift 2
      if [[ $# -ge 2 && "$2" == cust ]]; then
        shift
      else
        die "kernelgen runs examples against the custom vendor package: --run_example $example_op eager cust"
      fi
      ;;
    --ops-nn=*) ops_nn="$(value_of "$1")" ;;
    --force) force=1 ;;
    --backend=*) backend="$(value_of "$1")" ;;
    --out=*) out="$(value_of "$1")" ;;
    *) die "unknown option '$1'" ;;
  esac
  shift
done

if [[ -n "$jobs" && ! "$jobs" =~ ^[1-9][0-9]*$ ]]; then
  die "-j needs a positive number, not '$jobs'"
fi

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}"
python="${KERNELGEN_PYTHON:-python3}"
no_python() { echo "build.sh: $*" >&2; exit 3; }
command -v "$python" >/dev/null 2>&1 || no_python "no Python: '$python' is not on PATH (set KERNELGEN_PYTHON to the venv's python)"
missing="$("$python" -c 'import importlib.util as u; print(" ".join(m for m in ("click", "jinja2", "numpy", "ml_dtypes") if u.find_spec(m) is None))' 2>/dev/null)" ||
  no_python "'$python' cannot run; set KERNELGEN_PYTHON to the python of a venv with kernelgen installed"
[[ -z "$missing" ]] || no_python "'$python' lacks kernelgen's dependencies ($missing): activate the venv where kernelgen is installed (. venv/bin/activate), set KERNELGEN_PYTHON=/path/to/venv/bin/python, or pip install -e ."

common=(--vendor-name "$vendor")
if [[ -n "$socs" ]]; then common+=(--soc "$socs"); fi
if [[ -n "$ops_nn" ]]; then common+=(--ops-nn "$ops_nn"); fi
if [[ -n "$backend" ]]; then common+=(--backend "$backend"); fi

if [[ -n "$example_op" ]]; then
  [[ $pkg -eq 0 ]] || die "--run_example cannot be combined with --pkg"
  [[ -z "$ops" ]] || die "--run_example names its operator itself; drop --ops"
  [[ -z "$out$build_type$jobs" && $force -eq 0 ]] || die "--out, --build-type, -j and --force apply to --pkg only"
  exec "$python" -m kernelgen run-example "${common[@]}" -- "$example_op"
fi

[[ $pkg -eq 1 ]] || die "nothing to do: give --pkg --ops=OP or --run_example OP eager cust"
[[ -n "$ops" ]] || die "--pkg needs --ops=OP[,OP], e.g. --ops=gelu_grad"

args=(build "${common[@]}")
if [[ -n "$jobs" ]]; then args+=(-j "$jobs"); fi
if [[ -n "$build_type" ]]; then args+=(--build-type "$build_type"); fi
if [[ -n "$out" ]]; then args+=(--out "$out"); fi
if [[ $force -eq 1 ]]; then args+=(--force); fi
exec "$python" -m kernelgen "${args[@]}" -- "$ops"
