"""The command line: parses options, calls the library, turns KernelgenError into exit codes.

Only this module imports click; the library never prints or exits.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from kernelgen import __version__
from kernelgen.errors import EXIT_CHECK_FAILED, KernelgenError

CONTEXT = {"help_option_names": ["-h", "--help"]}


def _fail(exc: KernelgenError) -> None:
    click.echo(f"kernelgen: error: {exc}", err=True)
    sys.exit(exc.exit_code)


class KernelgenGroup(click.Group):
    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KernelgenError as exc:
            _fail(exc)


@click.group(cls=KernelgenGroup, context_settings=CONTEXT)
@click.version_option(__version__, prog_name="kernelgen")
def main() -> None:
    """kernelgen: describe an Ascend C operator once; generate, emulate, verify and build it.

    Exit codes: 0 ok, 1 check failed (mismatch, defect, stale sources), 2 usage error, 3 toolchain missing.
    """


soc_option = click.option("--soc", "socs", multiple=True, metavar="SOC",
                          help="SOC family or SKU (repeatable); default: the spec's SOC list.")


@main.command(context_settings=CONTEXT)
@click.argument("op")
@soc_option
@click.option("-o", "--out", "out_dir", type=click.Path(path_type=Path), default=None,
              help="Output directory (default ./OP).")
@click.option("--sources-only", is_flag=True,
              help="Write only op_host/ and op_kernel/ (how the repository's committed copy is refreshed: -o .).")
@click.option("--check", is_flag=True,
              help="Compare the committed op_host/ and op_kernel/ (in --out, default .) with the spec; exit 1 if stale.")
def generate(op: str, socs: tuple[str, ...], out_dir: Path | None, sources_only: bool, check: bool) -> None:
    """Render OP's complete ops-nn source tree.

    Example: kernelgen generate gelu_grad --soc ascend910b --soc ascend310b -o out
    """
    from kernelgen.authoring.ops import get_spec
    from kernelgen.authoring.render import SOURCE_PARTS, check_tree, render_tree, resolve_socs, select_parts, write_tree

    spec = get_spec(op)
    files = render_tree(spec, resolve_socs(spec, socs))
    if check:
        root = out_dir or Path(".")
        problems = check_tree(files, root, SOURCE_PARTS)
        if problems:
            for line in problems[:20]:
                click.echo(line, err=True)
            click.echo(f"{len(problems)} file(s) differ from the spec; refresh with: kernelgen generate {spec.snake} --sources-only -o .",
                       err=True)
            sys.exit(EXIT_CHECK_FAILED)
        click.echo(f"{spec.snake}: op_host/ and op_kernel/ in {root} are fresh")
        return
    target = out_dir or Path(spec.snake)
    if sources_only:
        files = select_parts(files, SOURCE_PARTS)
    write_tree(files, target)
    click.echo(f"{spec.snake}: wrote {len(files)} files to {target}")


def _parse_shape(text: str) -> tuple[int, ...]:
    try:
        dims = tuple(int(p) for p in text.replace("x", ",").split(",") if p.strip())
    except ValueError:
        raise click.BadParameter(f"shape {text!r} is not a comma-separated list of integers, e.g. 4,2")
    if any(d < 0 for d in dims) or len(dims) > 8:
        raise click.BadParameter(f"shape {text!r}: dims must be >= 0 and at most 8 of them")
    return dims


def _parse_attr(text: str) -> tuple[str, str]:
    if "=" not in text:
        raise click.BadParameter(f"attribute {text!r} must be NAME=VALUE")
    name, value = text.split("=", 1)
    return name.strip(), value.strip()


def _typed_attrs(raw: list[tuple[str, str]], decl) -> dict:
    """Type --attr values by the OpDef's declarations."""
    from kernelgen.errors import UsageError

    kinds = {a.name: a.kind for a in decl.attrs}
    out = {}
    for name, value in raw:
        if name not in kinds:
            raise UsageError(f"unknown attribute {name!r} of {decl.op_type}; known: "
                             + (", ".join(sorted(kinds)) or "none"))
        kind = kinds[name]
        try:
            if kind == "float":
                out[name] = float(value)
            elif kind == "int":
                out[name] = int(value)
            elif kind == "bool":
                if value.lower() not in ("true", "false", "1", "0"):
                    raise ValueError
                out[name] = value.lower() in ("true", "1")
            elif kind == "str":
                out[name] = value
            elif kind in ("list_float", "list_int", "list_bool"):
                items = [v for v in value.strip("[]()").split(",") if v.strip()]
                conv = {"list_float": float, "list_int": int,
                        "list_bool": lambda v: v.strip().lower() in ("true", "1")}[kind]
                out[name] = [conv(v) for v in items]
            else:
                raise UsageError(f"attribute {name} is of kind {kind}, which --attr cannot pass yet")
        except ValueError:
            raise UsageError(f"attribute {name}={value!r} is not a valid {kind}")
    return out


@main.command(context_settings=CONTEXT)
@click.argument("target")
@click.option("--soc", required=True, metavar="SOC", help="SOC family or SKU to emulate.")
@click.option("--dtype", default=None, help="dtype combination (float32, float16, bfloat16); default: from the inputs.")
@click.option("--input", "input_files", multiple=True, metavar="NAME=FILE.npy",
              help="Input tensor (repeatable; repeat a NAME for the tensor list of a DYNAMIC input).")
@click.option("--attr", "attr_pairs", multiple=True, metavar="NAME=VALUE", help="Attribute, typed by the OpDef.")
@click.option("--out", "out_dir", type=click.Path(path_type=Path), required=True,
              help="Directory for NAME.npy outputs (NAME_0.npy, NAME_1.npy, ... for a DYNAMIC output).")
@click.option("--report", "report_file", type=click.Path(path_type=Path), default=None, help="Write a JSON report.")
@click.option("--threads", type=int, default=0, show_default=True, help="Block worker threads (0 = all cores).")
@click.option("--strict-gm", is_flag=True, default=False,
              help="A GM access past a tensor's end is a defect even inside the allocator's 512-byte padding "
                   "(operator directories otherwise get a warning).")
def sim(target, soc, dtype, input_files, attr_pairs, out_dir, report_file, threads, strict_gm):
    """Run TARGET (a known operator or an ops-nn operator directory) on the CPU emulator.

    bfloat16: .npy cannot hold bfloat16, so with --dtype bfloat16 pass uint16 arrays of raw bfloat16
    bits; bfloat16 outputs are written as uint16 raw bits.

    Example: kernelgen sim gelu_grad --soc ascend910b --input dy=dy.npy --input x=x.npy --input y=dy.npy --out out

    Operator directory (op_host/, op_kernel/; attributes typed by the OpDef):
    kernelgen sim path/to/celu --soc ascend910b --input self=x.npy --attr alpha=1.5 --out out
    """
    import json

    import ml_dtypes
    import numpy as np

    from kernelgen.emulator.emulate import pick_combo, resolve_target, run_source
    from kernelgen.errors import UsageError
    from kernelgen.socs import get_soc

    soc_rec = get_soc(soc)
    inputs = {}
    for item in input_files:
        if "=" not in item:
            raise UsageError(f"--input {item!r} must be NAME=FILE.npy")
        name, file = item.split("=", 1)
        try:
            arr = np.load(file, allow_pickle=False)
        except (OSError, ValueError) as exc:
            raise UsageError(f"cannot read {file} as .npy: {exc}")
        if dtype in ("bfloat16", "bf16") and arr.dtype in (np.uint16, np.dtype("V2")):
            arr = arr.view(ml_dtypes.bfloat16)
        if name in inputs:  # a repeated name builds the tensor list of a DYNAMIC input
            inputs[name] = (inputs[name] if isinstance(inputs[name], list) else [inputs[name]]) + [arr]
        else:
            inputs[name] = arr
    source = resolve_target(target, soc_rec)
    decl = source.decl()
    attrs = _typed_attrs([_parse_attr(a) for a in attr_pairs], decl)
    dynamic = {t.name for t in decl.inputs if t.dynamic}
    inputs = {n: ([a] if n in dynamic and not isinstance(a, list) else a) for n, a in inputs.items()}
    combo = pick_combo(decl, soc_rec, {n: a[0] if isinstance(a, list) else a for n, a in inputs.items()}, dtype)
    result = run_source(source, soc_rec, inputs, attrs, threads=threads, combo=combo,
                        strict_gm=True if strict_gm else None)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create {out_dir}: {exc.strerror}")
    saved = []
    for name, value in result.outputs.items():  # a DYNAMIC output (a list) is saved as NAME_0.npy, NAME_1.npy, ...
        saved += [(f"{name}_{i}", a) for i, a in enumerate(value)] if isinstance(value, list) else [(name, value)]
    for name, arr in saved:
        if arr.dtype == ml_dtypes.bfloat16:
            arr = arr.view(np.uint16)
        np.save(out_dir / f"{name}.npy", arr)
        click.echo(f"{name}: shape {tuple(arr.shape)} -> {out_dir / (name + '.npy')}")
    if report_file:
        report_file.write_text(json.dumps(result.report, indent=2))
    rep = result.report
    click.echo(f"tiling key {rep.get('tiling_key')}, block dim {rep.get('block_dim')}, "
               f"UB {rep.get('ub_bytes_used_max')} of {rep.get('ub_pool')} bytes")
    for warning in rep.get("warnings", []):
        click.echo(f"warning: {warning}", err=True)


@main.command(context_settings=CONTEXT)
@click.argument("op")
@soc_option
@click.option("--dtype", "dtypes", multiple=True, help="float32, float16 or bfloat16 (repeatable; default: all the SOC allows).")
@click.option("--shape", "shapes", multiple=True, help="Comma-separated shape (repeatable; default: the built-in matrix).")
@click.option("--attr", "attr_pairs", multiple=True, metavar="NAME=VALUE", help="Attribute for every case.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--json", "json_file", type=click.Path(path_type=Path), default=None, help="Write every case as JSON.")
def verify(op, socs, dtypes, shapes, attr_pairs, seed, json_file):
    """Run OP over SOCs x dtypes x shapes on the emulator and judge it against the NumPy golden.

    Verdict: CANN's experimental standard (MERE < T, MARE < 10T; T = 2^-13 fp32, 2^-10 fp16, 2^-7 bf16),
    with the commercial standard's small-value rule where |golden| is tiny, and no NaN/inf where the
    golden is finite. Exit 1 if any case fails.

    Example: kernelgen verify gelu_grad --soc ascend910b --dtype float16
    """
    import json

    from kernelgen.emulator.emulate import spec_decl
    from kernelgen.authoring.ops import get_spec
    from kernelgen.authoring.render import resolve_socs
    from kernelgen.authoring.spec import DType
    from kernelgen.checking.verify import build_cases, prebuild, verify as run_verify

    spec = get_spec(op)
    soc_list = list(resolve_socs(spec, socs))
    dtype_list = [DType.parse(d) for d in dtypes] or None
    shape_list = [_parse_shape(s) for s in shapes] or None
    for shape in shape_list or ():
        if 0 in shape:
            raise click.BadParameter(f"shape {','.join(map(str, shape))} has no elements: aclnn returns before launching "
                                     "the kernel for empty tensors (kernelgen run-example covers that path)",
                                     param_hint="--shape")
    attrs = _typed_attrs([_parse_attr(a) for a in attr_pairs], spec_decl(spec))
    cases = build_cases(spec, soc_list, dtype_list, shape_list)
    click.echo(f"verify {spec.snake}: {len(cases)} cases; compiling the emulator libraries ...", err=True)
    prebuild(spec, cases)
    header = f"{'SOC':<12} {'dtype':<9} {'shape':<22} {'MERE':>9} {'MARE':>9} {'max abs':>9} {'erf MARE':>9}  verdict"
    rows = [header]
    with click.progressbar(length=len(cases), label="cases", file=sys.stderr) as bar:
        results = run_verify(spec, cases, seed, attrs, progress=lambda i, r: bar.update(1))
    for r in results:
        shape = "x".join(map(str, r.case.shape)) or "scalar"
        if r.error:
            rows.append(f"{r.case.soc.family:<12} {r.case.dtype.short:<9} {shape:<22} {'-':>9} {'-':>9} {'-':>9} {'-':>9}  "
                        f"ERROR: {r.error}")
            continue
        m = r.metrics
        info = f"{r.info_metrics.mare:9.2e}" if r.info_metrics else f"{'-':>9}"
        verdict = "pass" if r.passed else "FAIL: " + "; ".join(m.failed_clauses())
        rows.append(f"{r.case.soc.family:<12} {r.case.dtype.short:<9} {shape:<22} {m.mere:9.2e} {m.mare:9.2e} "
                    f"{m.max_abs_error:9.2e} {info}  {verdict}")
    click.echo("\n".join(rows))
    failed = sum(not r.passed for r in results)
    click.echo(f"{len(results) - failed} passed, {failed} failed")
    click.echo("(small |golden| elements are judged by the commercial standard's small-value rule; "
               "'erf MARE' is information only)")
    if json_file:
        json_file.write_text(json.dumps([r.as_dict() for r in results], indent=2))
    if failed:
        sys.exit(EXIT_CHECK_FAILED)


@main.command(context_settings=CONTEXT)
@click.option("--skus", is_flag=True, help="One row per SKU instead of per family.")
def socs(skus: bool) -> None:
    """Print the SOC catalog: cores, UB, bf16 support, DataCopyPad, workspace, bandwidth.

    Example: kernelgen socs --skus
    """
    from kernelgen.socs import all_socs

    head = (f"{'family':<13} {'SKU':<18} {'arch':>4} {'AIV':>4} {'UB':>7} {'GetCoreMemSize':>14} {'bf16':>5} "
            f"{'DataCopyPad':>11} {'ws MiB':>6} {'que ev':>6} {'MHz':>5} {'HBM GB/s':>8}")
    click.echo(head)
    for s in all_socs(with_skus=skus):
        click.echo(f"{s.family:<13} {s.sku:<18} {s.npu_arch:>4} {s.core_num:>4} {s.ub_bytes:>7} {s.ub_core_mem:>14} "
                   f"{s.bf16.value:>5} {('yes' if s.data_copy_pad else 'no'):>11} {s.libapi_workspace >> 20:>6} "
                   f"{s.que_max_event:>6} {s.clock_mhz:>5} {s.hbm_gbps:>8}")
    click.echo("Sources for every value: kernelgen/data/socs.json ('sources' per family).")


@main.command(context_settings=CONTEXT)
@click.argument("op")
@click.option("--input", "inputs", multiple=True, required=True, help="Input tensor name (repeatable, in order).")
@click.option("--output", "outputs", multiple=True, required=True, help="Output tensor name.")
@click.option("--attr", "attrs", multiple=True, metavar="NAME:KIND=DEFAULT", help="Attribute, e.g. alpha:float=0.5.")
@click.option("--category", default="activation", show_default=True)
@click.option("-o", "--out", "out_file", type=click.Path(path_type=Path), default=None, help="Spec file (default ./OP.py).")
@click.option("--force", is_flag=True, help="Overwrite an existing spec file.")
def new(op, inputs, outputs, attrs, category, out_file, force):
    """Scaffold a spec for a new elementwise operator that already renders and verifies.

    Example: kernelgen new my_add --input x1 --input x2 --output y && kernelgen verify my_add.py --soc ascend910b
    """
    from kernelgen.authoring.scaffold import render_spec, write_spec

    path = out_file or Path(f"{op}.py")
    write_spec(path, render_spec(op, list(inputs), list(outputs), list(attrs), category), force)
    click.echo(f"wrote {path}; next: kernelgen generate {path} && kernelgen verify {path}")


# ---- build, run-example, doctor (kernelgen.package, kernelgen.toolchain) ---------------------------------
def _echo_line(line: str) -> None:
    click.echo(line)


def _echo_progress(text: str) -> None:
    click.echo(f"kernelgen: {text}", err=True)


backend_option = click.option("--backend", type=click.Choice(["auto", "cann", "emu"]), default="auto",
                              show_default=True,
                              help="cann: ops-nn's build.sh (needs CANN and --ops-nn); emu: the CPU emulator; "
                                   "auto: cann when CANN is usable and a checkout is given, else emu.")
ops_nn_option = click.option("--ops-nn", "ops_nn", type=click.Path(path_type=Path), default=None,
                             help="ops-nn checkout (default: $KERNELGEN_OPS_NN).")
vendor_option = click.option("--vendor-name", "vendor", default="custom", show_default=True,
                             help="Vendor name: package vendors/<name>_nn, cann-ops-nn-<name>_linux-<arch>.run.")


def _build_setup(ops, socs, backend, ops_nn):
    from kernelgen.package import choose_backend, resolve_build_socs, resolve_ops
    from kernelgen.toolchain import detect_cann, find_ops_nn

    specs = resolve_ops(ops)
    soc_list = resolve_build_socs(specs, socs)
    checkout, _ = find_ops_nn(ops_nn)
    cann = detect_cann()
    chosen, why = choose_backend(backend, cann, checkout)
    return specs, soc_list, checkout, cann, chosen, why


@main.command(context_settings=CONTEXT)
@click.argument("ops", nargs=-1, required=True)
@click.option("--soc", "socs", multiple=True, metavar="SOC[,SOC]",
              help="SOC family or SKU (repeatable or comma-separated); default: the spec's SOC list.")
@vendor_option
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("build_out"), show_default=True,
              help="emu: the package goes to OUT/vendors/<vendor>_nn; cann: the .run is copied here.")
@backend_option
@ops_nn_option
@click.option("--force", is_flag=True,
              help="Replace an operator directory (or output package) that kernelgen did not generate.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Parallel jobs (default: all cores).")
@click.option("--build-type", type=click.Choice(["Release", "Debug"]), default="Release", show_default=True,
              help="Passed to ops-nn as --build-type=Debug; the emulator build ignores it.")
def build(ops, socs, vendor, out_dir, backend, ops_nn, force, jobs, build_type):
    """Build OPS into a custom-operator package: CANN's ops-nn pipeline, or the CPU emulator without CANN.

    With CANN and an ops-nn checkout, each operator is generated into
    <ops-nn>/experimental/<category>/<op> and the checkout's
    `bash build.sh --pkg --experimental --soc=... --ops=... --vendor_name=... -jN` runs; its
    build_out/cann-ops-nn-<vendor>_linux-<arch>.run is copied to --out. Without CANN every host and
    kernel source is compiled for every SOC and dtype, the OpDef is checked against the spec, and
    OUT/vendors/<vendor>_nn/ gets the emulator libraries and a manifest (not an NPU package).

    Example: kernelgen build gelu_grad --soc ascend910b,ascend310b --vendor-name custom
    """
    from kernelgen.package import build_cann, build_emulator, check_vendor, check_writable

    specs, soc_list, checkout, cann, chosen, why = _build_setup(ops, socs, backend, ops_nn)
    check_vendor(vendor)
    check_writable(out_dir)
    names = ", ".join(s.snake for s in specs)
    socs_text = ",".join(s.family for s in soc_list)
    if chosen == "cann":
        _echo_progress(f"building {names} for {socs_text} with CANN's ops-nn pipeline ({why})")
        res = build_cann(specs, soc_list, vendor, checkout, cann, out_dir, force, jobs, build_type,
                         on_line=_echo_line)
        for op_dir, action in res.op_dirs:
            click.echo(f"operator directory: {op_dir} ({action})")
        click.echo(f"command: (cd {res.cwd} && {' '.join(res.command)})")
        click.echo(f"package: {res.package}")
        if res.copy:
            click.echo(f"copied to: {res.copy}")
        click.echo(f"install: {res.copy or res.package} [--install-path=DIR]; log: {res.log}")
        return
    _echo_progress(f"building {names} for {socs_text} on the CPU emulator ({why})")
    pkg = build_emulator(specs, soc_list, vendor, out_dir, force, jobs, progress=_echo_progress)
    for lib in pkg.libraries:
        click.echo(f"{lib.op:<14} {lib.soc:<13} {lib.label:<10} tiling key {','.join(map(str, lib.tiling_keys)):<4} "
                   f"{lib.path}")
    click.echo(f"package: {pkg.root}{' (replaced the previous one)' if pkg.replaced else ''}")
    click.echo(f"manifest: {pkg.manifest}")
    click.echo(f"{pkg.notice}.")


@main.command("run-example", context_settings=CONTEXT)
@click.argument("op")
@click.option("--soc", "socs", multiple=True, metavar="SOC[,SOC]",
              help="emu: SOCs to run on (default: the spec's first SOC).")
@click.option("--example", "example_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="emu: run this aclnn host program instead of the generated example; "
                                 "kernelgen exits with its exit code.")
@vendor_option
@backend_option
@ops_nn_option
def run_example(op, socs, example_file, vendor, backend, ops_nn):
    """Run OP's aclnn example program (the two-stage aclnn call from an ACL host program).

    cann: ops-nn's `build.sh --run_example OP eager cust` (the vendor package must be installed; ops-nn
    exits 0 and prints "ERROR: OP doesn't have eager examples." when it finds none, which kernelgen treats
    as a failure). emu: examples/test_aclnn_OP.cpp (or --example FILE.cpp) is compiled with the generated
    op_api sources against kernelgen's emulated ACL runtime and opdev framework, linked with the emulated
    operator, and run; its output is streamed, and the generated example's printed results are judged
    against the NumPy golden (exit 1 on a mismatch).

    OP may also be an ops-nn operator directory: its own examples/test_aclnn_*.cpp (or --example FILE.cpp)
    run unmodified on the emulator with the directory's kernel, against its op_host/op_api sources or, where it
    has none, the aclnn API CANN's build would generate from its OpDef; kernelgen exits with the first
    non-zero exit code of the examples.

    Example: kernelgen run-example gelu_grad --soc ascend910b --example my_test.cpp

    Example: kernelgen run-example path/to/experimental/activation/celu_v3 --soc ascend910b
    """
    from kernelgen.package import run_example_cann

    if Path(op).is_dir():
        _run_example_opdir(Path(op), socs, example_file)
        return
    specs, soc_list, checkout, cann, chosen, why = _build_setup((op,), socs, backend, ops_nn)
    spec = specs[0]
    if example_file is not None and chosen == "cann":
        from kernelgen.errors import UsageError

        raise UsageError("--example runs on the emulator only; add --backend emu (ops-nn's run_example runs the "
                         "operator's own examples/)")
    if chosen == "cann":
        _echo_progress(f"running {spec.snake}'s eager example through ops-nn ({why})")
        res = run_example_cann(spec, vendor, checkout, cann, on_line=_echo_line)
        click.echo(f"example passed: (cd {res.cwd} && {' '.join(res.command)}); log: {res.log}")
        return
    from kernelgen.emulator.example import run_example as run_example_emu

    _echo_progress(f"running {spec.snake}'s example program on the CPU emulator ({why})")
    exit_code = 0
    for soc in (soc_list if socs else soc_list[:1]):
        r = run_example_emu(spec, soc, example_file, on_line=_echo_line, progress=_echo_progress)
        _echo_progress(f"{r.soc}: {r.detail}")
        if example_file is not None:
            exit_code = exit_code or r.returncode
        elif not r.passed:
            exit_code = EXIT_CHECK_FAILED
    if exit_code:
        sys.exit(exit_code)


def _run_example_opdir(op_dir: Path, socs: tuple[str, ...], example_file: Path | None) -> None:
    from kernelgen.emulator.opdir_example import find_examples, run_opdir_example
    from kernelgen.socs import get_soc

    names = [n for s in socs for n in s.split(",") if n] or ["ascend910b"]
    soc_list = [get_soc(n) for n in names]
    examples = [example_file] if example_file is not None else find_examples(op_dir)
    exit_code = 0
    for soc in soc_list:
        for example in examples:
            r = run_opdir_example(op_dir, soc, example, on_line=_echo_line, progress=_echo_progress)
            _echo_progress(f"{r.soc}: ran {r.example} against {r.api}; {r.detail}")
            exit_code = exit_code or r.returncode
    if exit_code:
        sys.exit(exit_code)


@main.command(context_settings=CONTEXT)
@ops_nn_option
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
def doctor(ops_nn, as_json):
    """Report the toolchains: CANN (root, version, set_env.sh, asc_opc, bisheng), the ops-nn checkout,
    the host C++ compiler, the emulator cache, and which backend `kernelgen build` would use.

    Exit 0 when some backend can build, 3 when neither CANN nor a C++ compiler is usable.

    Example: kernelgen doctor --ops-nn ~/ops-nn
    """
    import json

    from kernelgen.errors import EXIT_TOOLCHAIN
    from kernelgen.toolchain import survey

    s = survey(ops_nn)
    if as_json:
        click.echo(json.dumps(s.as_dict(), indent=2))
    else:
        c = s.cann
        cann_line = f"found at {c.root} (from {c.root_source})" if c.usable else c.problem()
        rows = [
            ("kernelgen", __version__),
            ("CANN", cann_line),
            ("CANN version", c.version or "unknown"),
            ("set_env.sh", c.set_env or "-"),
            ("CANN tools", ", ".join(f"{n} {p}" for n, p in c.tools) or "-"),
            ("ops-nn checkout", f"{s.ops_nn} (from {s.ops_nn_source})" if s.ops_nn
             else "not given (--ops-nn PATH or KERNELGEN_OPS_NN)"),
            ("host compiler", f"{s.compiler.path} ({s.compiler.version})" if s.compiler else f"none: {s.compiler_problem}"),
            ("emulator cache", f"{s.cache_dir} ({s.cache_files} files, {s.cache_bytes / 1e6:.1f} MB)"),
            ("build backend", {"cann": "cann (ops-nn build.sh --pkg --experimental)",
                               "emu": "emu (CPU emulator build; not an NPU package)",
                               "none": "none: install g++ or CANN"}[s.backend]),
        ]
        for key, value in rows:
            click.echo(f"{key + ':':<17} {value}")
    if s.backend == "none":
        sys.exit(EXIT_TOOLCHAIN)


@main.command(context_settings=CONTEXT)
@click.argument("target")
@click.option("--soc", required=True, metavar="SOC", help="SOC family or SKU to model.")
@click.option("--dtype", default=None, help="dtype combination (float32, float16, bfloat16); default: the first declared.")
@click.option("--shape", required=True, help="Comma-separated input shape, e.g. 67108864 or 8192,8192.")
@click.option("--attr", "attr_pairs", multiple=True, metavar="NAME=VALUE", help="Attribute, typed by the OpDef.")
@click.option("--json", "json_file", type=click.Path(path_type=Path), default=None, help="Write the estimate as JSON.")
@click.option("--compare", "compare_target", default=None, metavar="TARGET2",
              help="Also model TARGET2 (same SOC, dtype, shape, attributes) and print both side by side.")
def perf(target, soc, dtype, shape, attr_pairs, json_file, compare_target):
    """Estimate TARGET's NPU time on SOC from the emulator's trace (the cost model, docs/cost-model.md).

    TARGET is a known operator or an ops-nn operator directory. Prints the estimated microseconds, each pipe's
    busy time, the bound, the achieved GB/s against the HBM roofline and a short per-tile timeline.

    Example: kernelgen perf gelu_grad --soc ascend910b --dtype float16 --shape 67108864 --json out.json
    """
    import json

    from kernelgen.emulator.emulate import resolve_target
    from kernelgen.perf.model import estimate, format_comparison, format_estimate
    from kernelgen.socs import get_soc

    soc_rec = get_soc(soc)
    dims = _parse_shape(shape)
    attrs = _typed_attrs([_parse_attr(a) for a in attr_pairs], resolve_target(target, soc_rec).decl())
    est = estimate(target, soc_rec, dtype, dims, attrs)
    click.echo(format_estimate(est))
    doc = est.as_dict()
    if compare_target:
        other = estimate(compare_target, soc_rec, dtype, dims, attrs)
        click.echo("")
        click.echo(format_estimate(other))
        click.echo("")
        click.echo(format_comparison(est, other))
        doc = {"target": doc, "compare": other.as_dict()}
    if json_file:
        json_file.write_text(json.dumps(doc, indent=2))
