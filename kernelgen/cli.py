"""The command line: parses options, calls the library, turns KernelgenError into exit codes.

Only the CLI modules (this one, cli_toolchain for build/run-example/doctor/cache, cli_params for the shared
parameter types) import click; the library never prints or exits.
"""
from __future__ import annotations

import signal
import sys
from pathlib import Path

import click

from kernelgen import __version__
from kernelgen.cli_params import (CONTEXT, check_cache, NPY_INPUT, TARGET, NameType, OutputFileType, out_dir_option,
                                  Progress, attr_option, dtype_option, heartbeat, json_option, note, op_argument,
                                  seed_option, shape_option, soc_list_option, soc_option, target_argument,
                                  timeout_option)
from kernelgen.errors import EXIT_CHECK_FAILED, EXIT_USAGE, KernelgenError, UsageError

def _fail(exc: KernelgenError) -> None:
    lines = str(exc).strip().splitlines() or [type(exc).__name__]
    click.echo(f"kernelgen: error: {lines[0]}", err=True)
    for line in lines[1:]:   # a compiler's output, when there is one, follows the one-line summary
        click.echo(line, err=True)
    sys.exit(exc.exit_code)


def _usage(exc: click.UsageError) -> None:
    where = f" (see: {exc.ctx.command_path} -h)" if exc.ctx is not None else ""
    click.echo(f"kernelgen: error: {exc.format_message()}{where}", err=True)
    sys.exit(EXIT_USAGE)


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    click.echo(f"kernelgen: {'notice' if category.__name__ == 'CacheNotice' else 'warning'}: {message}", err=True)


class KernelgenGroup(click.Group):
    """Every error a command raises on purpose, and every click usage error, becomes one line and its exit code."""

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":
                raise
            _usage(exc)
        except KernelgenError as exc:
            _fail(exc)

    def invoke(self, ctx):
        import warnings

        from kernelgen.proc import on_stop_signal, restore_signals, stop_children, stop_children_on_signals

        warnings.showwarning = _show_warning
        previous = stop_children_on_signals()
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            stop_children()
            signum = getattr(on_stop_signal, "signum", signal.SIGINT)
            click.echo(f"kernelgen: stopped by {signal.Signals(signum).name}; nothing more was written", err=True)
            sys.exit(128 + signum)
        except KernelgenError as exc:
            _fail(exc)
        except OSError as exc:   # a path the OS refuses (too long, a file used as a directory, ...)
            name = str(exc.filename) if exc.filename is not None else ""
            shown = name if len(name) <= 80 else name[:60] + "..."
            _fail(UsageError(f"cannot use {shown or 'a path'}: {exc.strerror or exc}"))
        except click.UsageError as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":
                raise
            _usage(exc)
        finally:
            restore_signals(previous)


@click.group(cls=KernelgenGroup, context_settings=CONTEXT)
@click.version_option(__version__, prog_name="kernelgen")
def main() -> None:
    """kernelgen: describe an Ascend C operator once; generate, emulate, verify and build it.

    Exit codes: 0 ok, 1 check failed (mismatch, defect, stale sources), 2 usage error, 3 toolchain missing.

    Naming operators: a bare name (gelu_grad) always means the built-in operator; a spec file (.py) or an
    ops-nn operator directory is named by a path, i.e. it contains '/' or starts with '.' (./gelu_grad);
    any name ending in .py is a spec file.
    """



@main.command(context_settings=CONTEXT)
@op_argument
@soc_list_option()
@click.option("-o", "--out", "out_dir", type=click.Path(path_type=Path), default=None,
              help="Output directory (default ./OP).")
@click.option("--sources-only", is_flag=True,
              help="Write only op_host/ and op_kernel/ (how the repository's committed copy is refreshed: -o .).")
@click.option("--check", is_flag=True,
              help="Compare the committed op_host/ and op_kernel/ (in --out, default .) with the spec; exit 1 if stale.")
def generate(op, socs, out_dir: Path | None, sources_only: bool, check: bool) -> None:
    """Render OP's complete ops-nn source tree.

    OP: a built-in operator name, or a spec file ending in .py (always that file's spec).

    Example: kernelgen generate gelu_grad --soc ascend910b,ascend310b -o out
    """
    from kernelgen.authoring.render import SOURCE_PARTS, check_tree, render_tree, resolve_socs, select_parts, write_tree
    from kernelgen.validate import check_output_dir

    spec = op.spec
    if check:
        root = out_dir or Path(".")
        files = render_tree(spec, resolve_socs(spec, socs))
        problems = check_tree(files, root, SOURCE_PARTS)
        if problems:
            for line in problems[:20]:
                click.echo(line, err=True)
            click.echo(f"{len(problems)} file(s) differ from the spec; refresh with: kernelgen generate {spec.snake} --sources-only -o .",
                       err=True)
            sys.exit(EXIT_CHECK_FAILED)
        click.echo(f"{spec.snake}: op_host/ and op_kernel/ in {root} are fresh")
        return
    target = check_output_dir(out_dir or Path(spec.snake))
    files = render_tree(spec, resolve_socs(spec, socs))
    if sources_only:
        files = select_parts(files, SOURCE_PARTS)
    write_tree(files, target)
    click.echo(f"{spec.snake}: wrote {len(files)} files to {target}")


def _out_shapes(pairs, decl) -> dict:
    """--out-shape NAME=D0,D1,...: {output name: [dims]}."""
    names = [t.name for t in decl.outputs]
    out = {}
    for pair in pairs:
        name, sep, dims = pair.partition("=")
        if not sep or name not in names:
            raise UsageError(f"--out-shape {pair!r}: give NAME=D0,D1,... for an output of {decl.op_type} "
                             f"({', '.join(names) or 'none'})")
        try:
            shape = [int(d) for d in dims.split(",")] if dims.strip() else []
        except ValueError:
            shape = [-1]
        if any(d < 0 for d in shape):
            raise UsageError(f"--out-shape {pair!r}: the dims must be non-negative integers separated by commas")
        out[name] = shape
    return out


def _typed_attrs(pairs, decl) -> dict:
    """Type --attr values by the operator's declaration (validate.type_attrs)."""
    from kernelgen.validate import type_attrs

    return type_attrs(pairs, {a.name: a.kind for a in decl.attrs}, decl.op_type)


def _write_outputs(out_dir: Path, arrays: list[tuple[str, object]], report: tuple[Path, str] | None) -> list[Path]:
    """Write NAME.npy files (and the report) all or nothing: temp files first, renamed once all exist."""
    import os
    import tempfile

    import numpy as np

    created = not out_dir.exists()
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create {out_dir}: {exc.strerror}") from None
    staged: list[tuple[Path, Path]] = []
    try:
        for name, arr in arrays:
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".npy", dir=out_dir)
            with os.fdopen(fd, "wb") as fh:
                np.save(fh, arr)
            staged.append((Path(tmp), out_dir / f"{name}.npy"))
        if report is not None:
            path, text = report
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.absolute().parent)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            staged.append((Path(tmp), path))
        from kernelgen.validate import default_mode

        for tmp, final in staged:
            os.chmod(tmp, default_mode())
            os.replace(tmp, final)
    except OSError as exc:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        if created:
            import shutil

            shutil.rmtree(out_dir, ignore_errors=True)
        raise UsageError(f"cannot write the outputs to {out_dir}: {exc.strerror or exc}") from None
    return [final for _, final in staged]


def _early_attrs(resolved, pairs) -> None:
    """A built-in or spec-file target types its attributes from the spec, before anything compiles."""
    from kernelgen.authoring.ops import ResolvedOp
    from kernelgen.emulator.decl import spec_decl

    if isinstance(resolved, ResolvedOp):
        _typed_attrs(pairs, spec_decl(resolved.spec))


def _early_dtype_check(resolved, soc, dtype: str | None, arrays=()) -> None:
    """A built-in or spec-file target refuses a dtype its SOC lacks (bfloat16 on 910/310P) before compiling."""
    from kernelgen.authoring.ops import ResolvedOp
    from kernelgen.dtypes import ge_of_numpy, GE_NAME_SHORT
    from kernelgen.emulator.inputs import check_spec_dtype

    if isinstance(resolved, ResolvedOp):
        check_spec_dtype(resolved.spec, soc, dtype)
        for arr in arrays:
            if arr.dtype.kind == "f" or arr.dtype.name == "bfloat16":
                check_spec_dtype(resolved.spec, soc, GE_NAME_SHORT[ge_of_numpy(arr.dtype)])


@main.command(context_settings=CONTEXT)
@target_argument
@soc_option(help="SOC family or SKU to emulate (one).")
@dtype_option(help="dtype combination (float32, float16, bfloat16, ...); default: from the inputs.")
@click.option("--input", "input_files", type=NPY_INPUT, multiple=True, metavar="NAME=FILE.npy",
              help="Input tensor (repeatable; repeat a NAME for the tensor list of a DYNAMIC input).")
@attr_option
@out_dir_option("--out", required=True,
                help="Directory for NAME.npy outputs (NAME_0.npy, NAME_1.npy, ... for a DYNAMIC output).")
@click.option("--report", "report_file", type=OutputFileType("report file"), default=None, metavar="FILE",
              help="Write a JSON report.")
@click.option("--threads", type=click.IntRange(min=0), default=0, show_default=True,
              help="Block worker threads (0 = all cores).")
@click.option("--strict-gm", is_flag=True, default=False,
              help="A GM access past a tensor's end is a defect even inside the allocator's 512-byte padding "
                   "(operator directories otherwise get a warning).")
@click.option("--out-shape", "out_shape_pairs", multiple=True, metavar="NAME=D0,D1,...",
              help="The shape the caller allocates for output NAME where the operator's infershape leaves it unset "
                   "or unknown (as its example or aclnn caller does); repeatable.")
def sim(target, soc, dtype, input_files, attr_pairs, out_dir, report_file, threads, strict_gm, out_shape_pairs):
    """Run TARGET (a known operator, a spec file or an ops-nn operator directory) on the CPU emulator.

    TARGET: a bare name is the built-in operator; a spec file or directory is named by a path (it contains
    '/' or starts with '.', e.g. ./gelu_grad for a directory generated here).

    bfloat16: an .npy saved from an ml_dtypes bfloat16 array is read as bfloat16; with --dtype bfloat16,
    uint16 arrays of raw bfloat16 bits are accepted too. bfloat16 outputs are written as uint16 raw bits.
    Outputs (and --report) are written all or nothing.

    Example: kernelgen sim gelu_grad --soc ascend910b --input dy=dy.npy --input x=x.npy --input y=dy.npy --out out

    Operator directory (op_host/, op_kernel/; attributes typed by the OpDef):
    kernelgen sim ./path/to/celu --soc ascend910b --input self=x.npy --attr alpha=1.5 --out out
    """
    import json

    import ml_dtypes
    import numpy as np

    from kernelgen.emulator.emulate import resolve_target, run_source
    from kernelgen.emulator.decl import pick_combo

    check_cache()
    inputs = {}
    for name, arr in input_files:
        if dtype == "bfloat16" and arr.dtype == np.uint16:
            arr = arr.view(ml_dtypes.bfloat16)
        if name in inputs:  # a repeated name builds the tensor list of a DYNAMIC input
            inputs[name] = (inputs[name] if isinstance(inputs[name], list) else [inputs[name]]) + [arr]
        else:
            inputs[name] = arr
    _early_dtype_check(target, soc, dtype, [a for _, a in input_files])
    _early_attrs(target, attr_pairs)
    if hasattr(target, "spec"):   # a built-in or spec file: its input shapes are known before anything compiles
        from kernelgen.emulator.inputs import check_spec_shapes

        check_spec_shapes(target.spec, inputs)
    source = resolve_target(target, soc)
    with heartbeat(f"compiling {source.snake} for {soc.family}"):
        decl = source.decl()
    attrs = _typed_attrs(attr_pairs, decl)
    out_shapes = _out_shapes(out_shape_pairs, decl)
    dynamic = {t.name for t in decl.inputs if t.dynamic}
    inputs = {n: ([a] if n in dynamic and not isinstance(a, list) else a) for n, a in inputs.items()}
    combo = pick_combo(decl, soc, {n: a[0] if isinstance(a, list) else a for n, a in inputs.items()}, dtype)
    with heartbeat(f"building (first run only) and running {source.snake} on {soc.family}"):
        result = run_source(source, soc, inputs, attrs, threads=threads, combo=combo,
                            strict_gm=True if strict_gm else None, out_shapes=out_shapes or None)
    saved = []
    for name, value in result.outputs.items():  # a DYNAMIC output (a list) is saved as NAME_0.npy, NAME_1.npy, ...
        saved += [(f"{name}_{i}", a) for i, a in enumerate(value)] if isinstance(value, list) else [(name, value)]
    saved = [(n, a.view(np.uint16) if a.dtype == ml_dtypes.bfloat16 else a) for n, a in saved]
    _write_outputs(out_dir, saved, (report_file, json.dumps(result.report, indent=2)) if report_file else None)
    for name, arr in saved:
        click.echo(f"{name}: shape {tuple(arr.shape)} -> {out_dir / (name + '.npy')}")
    rep = result.report
    click.echo(f"tiling key {rep.get('tiling_key')}, block dim {rep.get('block_dim')}, "
               f"UB {rep.get('ub_bytes_used_max')} of {rep.get('ub_pool')} bytes")
    for warning in rep.get("warnings", []):
        click.echo(f"warning: {warning}", err=True)


@main.command(context_settings=CONTEXT)
@click.argument("path", type=click.Path(path_type=Path))
@soc_option(required=False, help="SOC to emulate (default: each operator's own, ascend910b first).")
@click.option("--prefer-soc", "prefer_soc", metavar="SOC", default=None,
              help="Without --soc: this SOC for every operator whose OpDef configures it, the operator's own for "
                   "the rest (a whole repository as written for one SOC).")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Operators run in parallel processes.")
@json_option("Write the JSON report to FILE (checked before the survey; written whole or not at all).")
@click.option("--recipes", type=click.Path(path_type=Path), default=None,
              help="Recipe file (JSON) layered over kernelgen's own: shapes, value ranges, attributes per OpType.")
@timeout_option(600.0, "Seconds per operator (compile + run); a slower one is stopped and classified as timed out.")
def survey(path, soc, prefer_soc, jobs, json_file, recipes, timeout):
    """Run every operator directory under PATH unmodified on the emulator and classify each.

    Classes: ran, defect found, not emulated (API named), layout not understood, compile error, inputs
    rejected, crashed, timed out. Exit 1 if any operator is neither "ran" nor "defect found".

    Example: kernelgen survey ops-nn/experimental --jobs 2 --json survey.json
    """
    import json

    from kernelgen.corpus.survey import survey as run_survey, table
    from kernelgen.validate import write_text_atomic

    check_cache()

    def on_start(total):
        click.echo(f"surveying {total} operator directories under {path}", err=True)

    def on_row(done, total, row):
        detail = "" if row["class"] == "ran" else " - " + (row.get("detail") or "")[:100]
        click.echo(f"[{done:>{len(str(total))}}/{total}] {row['dir']}: {row['class']} ({row.get('seconds', 0):.0f} s)"
                   f"{detail}", err=True)

    result = run_survey(path, soc=soc.family if soc else None, jobs=jobs, recipes=recipes, timeout=timeout,
                        on_row=on_row, on_start=on_start, prefer_soc=prefer_soc)
    if json_file:
        write_text_atomic(json_file, json.dumps(result.to_json(), indent=2, default=str), "JSON file")
    for line in table(result):
        click.echo(line)
    if not result.ok():
        sys.exit(EXIT_CHECK_FAILED)


@main.command(context_settings=CONTEXT)
@op_argument
@soc_list_option()
@dtype_option(multiple=True, help="float32, float16 or bfloat16 (repeatable; default: all the SOC allows).")
@shape_option(multiple=True, help="Comma-separated shape (repeatable; default: the built-in matrix).")
@attr_option
@seed_option
@json_option("Write every case as JSON to FILE (checked before the matrix runs; written whole or not at all).")
def verify(op, socs, dtypes, shapes, attr_pairs, seed, json_file):
    """Run OP over SOCs x dtypes x shapes on the emulator and judge it against the NumPy golden.

    OP: a built-in operator name, or a spec file ending in .py (always that file's spec).

    Verdict: CANN's experimental standard (MERE < T, MARE < 10T; T = 2^-13 fp32, 2^-10 fp16, 2^-7 bf16),
    with the commercial standard's small-value rule where |golden| is tiny, and no NaN/inf where the
    golden is finite. Exit 1 if any case fails. Progress goes to stderr as plain lines.

    Example: kernelgen verify gelu_grad --soc ascend910b,ascend310b --dtype float16
    """
    import json

    from kernelgen.authoring.render import resolve_socs
    from kernelgen.authoring.spec import DType
    from kernelgen.checking.verify import build_cases, prebuild, verify as run_verify
    from kernelgen.emulator.decl import spec_decl
    from kernelgen.validate import check_memory, verify_bytes_per_element, write_text_atomic

    check_cache()
    spec = op.spec
    soc_list = list(resolve_socs(spec, socs))
    dtype_list = [DType.parse(d) for d in dtypes] or None
    attrs = _typed_attrs(attr_pairs, spec_decl(spec))
    spec.variant_for(soc_list[0], attrs)   # an attribute value no variant implements: one line, exit 2
    cases = build_cases(spec, soc_list, dtype_list, list(shapes) or None)
    for case in cases:
        check_memory(case.shape, verify_bytes_per_element(len(spec.inputs), len(spec.outputs), case.dtype.nbytes),
                     f"a {case.dtype.short} case")
    libs = len({(c.soc.sku, c.dtype) for c in cases})
    note(f"verify {spec.snake}: {len(cases)} cases; compiling {libs} emulator "
         f"{'library' if libs == 1 else 'libraries'} (cached after the first run)")
    compiled = Progress("compiled", libs)
    with heartbeat("compiling the emulator libraries"):
        prebuild(spec, cases, progress=lambda what: compiled.step(what))
    done = Progress("cases", len(cases))
    with heartbeat("running the cases"):
        results = run_verify(spec, cases, seed, attrs, progress=lambda i, r: done.step(
            f"({r.case.soc.family} {r.case.dtype.short} {'x'.join(map(str, r.case.shape))}: "
            f"{'pass' if r.passed else 'FAIL'})"))
    header = f"{'SOC':<12} {'dtype':<9} {'shape':<22} {'MERE':>9} {'MARE':>9} {'max abs':>9} {'erf MARE':>9}  verdict"
    rows = [header]
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
    if json_file:
        write_text_atomic(json_file, json.dumps([r.as_dict() for r in results], indent=2), "JSON file")
    click.echo("\n".join(rows))
    failed = sum(not r.passed for r in results)
    click.echo(f"{len(results) - failed} passed, {failed} failed")
    from kernelgen.checking.compare import RULES

    click.echo(f"({RULES}; 'erf MARE' is information only)")
    if failed:
        sys.exit(EXIT_CHECK_FAILED)


@main.command("compare", context_settings=CONTEXT)
@click.argument("actual", type=click.Path(path_type=Path))
@click.argument("golden", type=click.Path(path_type=Path))
@click.option("--dtype", required=True, help="The output dtype the tolerances are for: float32, float16 or bfloat16.")
@click.option("--benchmark", "benchmark_file", type=click.Path(path_type=Path), default=None,
              help="An independent same-precision implementation's output (.npy) for the small-value count rule.")
@json_option("Write the metrics as JSON to FILE (written whole or not at all).")
def compare_cmd(actual, golden, dtype, benchmark_file, json_file):
    """Judge ACTUAL.npy against GOLDEN.npy by exactly verify's rules (e.g. outputs dumped from a real NPU).

    The golden should be float64. bfloat16 arrays are ml_dtypes .npy files or uint16 raw bits.
    Exit 0 pass, 1 fail, 2 bad input.

    Example: kernelgen compare npu_z.npy golden_z.npy --dtype float16 --benchmark cpu_fp16_z.npy --json r.json
    """
    import json

    from kernelgen.authoring.spec import DType
    from kernelgen.checking.compare import RULES, compare_files
    from kernelgen.validate import write_text_atomic

    metrics = compare_files(actual, golden, DType.parse(dtype).short, benchmark_file)
    if json_file:
        write_text_atomic(json_file, json.dumps(metrics.as_dict(), indent=2), "JSON file")
    click.echo(metrics.summary())
    click.echo(f"({RULES})")
    if not metrics.passed:
        sys.exit(EXIT_CHECK_FAILED)


@main.command(context_settings=CONTEXT)
@op_argument
@soc_list_option()
@click.option("--variant", "variants", multiple=True, help="Mutate only this variant (repeatable; default: all).")
@click.option("--mutant", "only", multiple=True, metavar="ID",
              help="Run only this mutant (repeatable), e.g. sigmoid_mul/program[4]/constantx1.01.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Mutants compiled and run at once.")
@json_option("Write every mutant and its fate as JSON to FILE (written whole or not at all).")
def mutate(op, socs, variants, only, jobs, json_file):
    """Mutation testing: make mutants of OP's compute program and run verify's judge on each.

    Mutants: each constant x1.01 and x0.99 (clamp bounds, the refinement window), the operands of Sub/Div
    swapped, each step dropped or executed twice. Matrix: float32 on every SOC (and attribute value) that
    selects each variant, shapes 4097 and 65537, seeds 0 and 1. Prints the mutation score
    killed / (killed + unexplained survivors), every survivor, and why the explained ones are equivalent
    under the standard (docs/mutation.md). Exit 1 if an unexplained mutant survives.

    Example: kernelgen mutate gelu_grad --soc ascend910b --soc ascend310b --json mutants.json
    """
    import json

    from kernelgen.authoring.render import resolve_socs
    from kernelgen.checking.mutate import make_mutants, mutate as run_mutate
    from kernelgen.validate import write_text_atomic

    check_cache()
    spec = op.spec
    for v in variants:
        spec.variant(v)
    soc_list = list(resolve_socs(spec, socs))
    count = len(only) or len(make_mutants(spec, list(variants) or None))
    click.echo(f"mutate {spec.snake}: {count} mutants; the unmutated operator runs the matrix first", err=True)
    done = []

    def progress(r):
        done.append(r)
        click.echo(f"[{len(done)}/{count}] {r.status:<10} {r.mutant.ident} ({r.seconds:.1f} s)", err=True)

    report = run_mutate(spec, soc_list, list(variants) or None, jobs, progress=progress, only=list(only) or None)
    if json_file:
        write_text_atomic(json_file, json.dumps(report.as_dict(), indent=2), "JSON file")
    for line in report.matrix:
        click.echo(f"matrix: {line}")
    for r in report.results:
        if r.status == "explained":
            click.echo(f"survived, equivalent: {r.mutant.ident}: {r.by}")
    for r in report.survivors:
        click.echo(f"SURVIVED: {r.mutant.ident}: {r.mutant.where}")
    click.echo(f"{spec.snake}: mutation score {report.score:.1%} = killed / (killed + unexplained survivors) "
               f"({report.count('killed')} killed, {report.count('survived')} survived; {report.count('explained')} "
               f"equivalent survivors explained; raw score {report.raw_score:.1%}; {report.count('equivalent')} "
               f"provably equivalent and {report.count('stillborn')} stillborn not run)")
    if report.survivors:
        sys.exit(EXIT_CHECK_FAILED)


@main.command(context_settings=CONTEXT)
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def ops(as_json: bool) -> None:
    """List the built-in operators: name, OpType, family, category and the spec's source file.

    Example: kernelgen ops --json
    """
    import json

    from kernelgen.authoring.ops import catalog

    rows = catalog()
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    click.echo(f"{'operator':<22} {'OpType':<22} {'family':<20} {'category':<12} {'aclnn':<24} source")
    for r in rows:
        click.echo(f"{r['name']:<22} {r['op_type']:<22} {r['family']:<20} {r['category']:<12} {r['aclnn']:<24} "
                   f"{r['source']}")
    click.echo(f"{len(rows)} built-in operator(s); families: kernelgen/authoring/spec.py FAMILIES")


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
@click.argument("op", type=NameType("operator name"))
@click.option("--input", "inputs", type=NameType("input name", "x"), multiple=True, required=True,
              help="Input tensor name (repeatable, in order).")
@click.option("--output", "outputs", type=NameType("output name", "y"), multiple=True, required=True,
              help="Output tensor name.")
@click.option("--attr", "attrs", multiple=True, metavar="NAME:KIND=DEFAULT",
              help="Attribute, e.g. alpha:float=0.5 (KIND: bool, float, int (int64), str).")
@click.option("--category", type=NameType("category", "activation"), default="activation", show_default=True,
              help="ops-nn category directory (lower_snake_case).")
@click.option("-o", "--out", "out_file", type=OutputFileType("spec file"), default=None, metavar="FILE",
              help="Spec file (default ./OP.py).")
@click.option("--force", is_flag=True, help="Overwrite an existing spec file.")
def new(op, inputs, outputs, attrs, category, out_file, force):
    """Scaffold a spec for a new elementwise operator that already renders and verifies.

    Names must be lower_snake_case C++ identifiers that are not C++ keywords.

    Example: kernelgen new my_add --input x1 --input x2 --output y && kernelgen verify ./my_add.py --soc ascend910b
    """
    from kernelgen.authoring.scaffold import render_spec, write_spec
    from kernelgen.validate import check_output_file

    path = out_file or check_output_file(Path(f"{op}.py"), "spec file")
    write_spec(path, render_spec(op, list(inputs), list(outputs), list(attrs), category), force)
    from kernelgen.authoring.ops import is_path

    shown = str(path) if is_path(str(path)) and "/" in str(path) or str(path).startswith(".") else f"./{path}"
    click.echo(f"wrote {path}; next: kernelgen generate {shown} && kernelgen verify {shown}")


@main.command(context_settings=CONTEXT)
@target_argument
@soc_option(help="SOC family or SKU to model (one).")
@dtype_option(help="dtype combination (float32, float16, bfloat16); default: the first declared.")
@shape_option(required=True, help="Comma-separated input shape, e.g. 67108864 or 8192,8192.")
@attr_option
@json_option("Write the estimate as JSON to FILE (checked before the run; written whole or not at all).")
@click.option("--compare", "compare_target", type=TARGET, default=None, metavar="TARGET2",
              help="Also model TARGET2 (same SOC, dtype, shape, attributes) and print both side by side.")
@click.option("--trace", "trace_file", type=OutputFileType("trace file"), default=None, metavar="FILE",
              help="Write the per-block, per-pipe timeline as Chrome trace-event JSON (Perfetto, chrome://tracing).")
def perf(target, soc, dtype, shape, attr_pairs, json_file, compare_target, trace_file):
    """Estimate TARGET's NPU time on SOC from the emulator's trace (the cost model, docs/cost-model.md).

    TARGET is a known operator (bare name), or a spec file or ops-nn operator directory named by a path (it
    contains '/' or starts with '.'). Prints the estimated microseconds,
    each pipe's busy time, the bound, the achieved GB/s against the HBM roofline and a short per-tile timeline.

    Example: kernelgen perf gelu_grad --soc ascend910b --dtype float16 --shape 67108864 --json out.json
    --trace timeline.json
    """
    import json

    from kernelgen.dtypes import SHORT_TO_GE, GE_DTYPES
    from kernelgen.emulator.emulate import resolve_target
    from kernelgen.perf.chrome_trace import chrome_trace
    from kernelgen.perf.model import estimate_source, format_comparison, format_estimate
    from kernelgen.validate import check_memory, perf_bytes_per_element, write_text_atomic

    from kernelgen.authoring.ops import ResolvedOp

    check_cache()
    targets = [t for t in (target, compare_target) if t is not None]
    itemsize = GE_DTYPES[SHORT_TO_GE[dtype]].numpy.itemsize if dtype else 4

    def memory(t, n_in, n_out):
        check_memory(shape, perf_bytes_per_element(n_in, n_out, itemsize), f"a perf run of {_label(t)}")

    for t in targets:
        _early_dtype_check(t, soc, dtype)
        _early_attrs(t, attr_pairs)
        if isinstance(t, ResolvedOp):  # known before compiling; a directory's tensors after its OpDef compiles
            memory(t, len(t.spec.inputs), len(t.spec.outputs))
    sources = []
    for t in targets:
        source = resolve_target(t, soc)
        with heartbeat(f"compiling {source.snake} for {soc.family}"):
            note(f"perf: compiling {source.snake} for {soc.family} (cached after the first run)")
            decl = source.decl()
        memory(t, len(decl.inputs), len(decl.outputs))
        sources.append(source)
    attrs = _typed_attrs(attr_pairs, sources[0].decl())
    ests = []
    for t, source in zip(targets, sources):
        note(f"perf: running {source.snake} on {','.join(map(str, shape))} elements with tracing")
        with heartbeat(f"running {source.snake}"):
            ests.append(estimate_source(source, soc, dtype, shape, attrs, label=_label(t),
                                        record=trace_file is not None))
    est = ests[0]
    click.echo(format_estimate(est))
    if trace_file:
        write_text_atomic(trace_file, json.dumps(chrome_trace(est)), "trace file")
    doc = est.as_dict()
    if len(ests) > 1:
        other = ests[1]
        click.echo("")
        click.echo(format_estimate(other))
        click.echo("")
        click.echo(format_comparison(est, other))
        doc = {"target": doc, "compare": other.as_dict()}
    if json_file:
        write_text_atomic(json_file, json.dumps(doc, indent=2), "JSON file")


@main.command(context_settings=CONTEXT)
@op_argument
@click.argument("op_dir", metavar="OP_DIR", type=click.Path(path_type=Path))
@soc_option(required=False, help="SOC family or SKU to run both on (one; default ascend910b).")
@dtype_option(help="dtype of every tensor; default: the first the spec and the OpDef both declare on the SOC.")
@shape_option(multiple=True, help="Shape to run (repeatable); default 4,37 and 3,5,7,11 and 1048576. The modelled "
                                  "time is the largest shape's.")
@attr_option
@seed_option
@json_option("Write the comparison as JSON to FILE (checked before the run; written whole or not at all).")
def versus(op, op_dir, soc, dtype, shapes, attr_pairs, seed, json_file):
    """Run the built-in OP and the hand-written ops-nn operator directory OP_DIR side by side.

    Both get verify's seeded inputs (hazard values included), mapped by the OpDef's names (OP must keep the
    directory's input, output and attribute names). Per side: the verdict against OP's golden by CANN's standard,
    every defect the emulator and its sanitizer find (classified as the survey does), the modelled NPU time;
    then the ratio generated / hand-written. OP_DIR runs unmodified, as `kernelgen sim` runs it.
    Exit 0 when the generated side passes with no defect, 1 otherwise (docs/versus.md).

    Example: kernelgen versus gelu_grad ops-nn/experimental/activation/gelu_grad --soc ascend310b --dtype float16
    """
    import json

    from kernelgen.checking.versus import format_versus, versus as run_versus
    from kernelgen.emulator.emulate import resolve_operator_dir
    from kernelgen.socs import get_soc
    from kernelgen.validate import write_text_atomic

    check_cache()
    soc = soc or get_soc("ascend910b")
    resolve_operator_dir(op_dir)
    _early_dtype_check(op, soc, dtype)
    from kernelgen.emulator.decl import spec_decl

    from kernelgen.checking.versus import DEFAULT_SHAPES
    from kernelgen.validate import check_memory, verify_bytes_per_element

    attrs = _typed_attrs(attr_pairs, spec_decl(op.spec))
    for shape in list(shapes) or DEFAULT_SHAPES:
        check_memory(shape, verify_bytes_per_element(len(op.spec.inputs), len(op.spec.outputs), 4), "a versus case")
    with heartbeat(f"comparing {op.spec.snake} and {op_dir} on {soc.family} (compiles are cached after the first run)"):
        result = run_versus(op, op_dir, soc, dtype, list(shapes) or None, attrs, seed, progress=note)
    if json_file:
        write_text_atomic(json_file, json.dumps(result.as_dict(), indent=2), "JSON file")
    click.echo("\n".join(format_versus(result)))
    if not result.generated_clean:
        sys.exit(EXIT_CHECK_FAILED)


def _label(resolved) -> str:
    return str(resolved) if isinstance(resolved, Path) else str(resolved.path or resolved.spec.snake)


def _register_toolchain_commands() -> None:
    from kernelgen import cli_toolchain

    from kernelgen import cli_ut

    for command in (cli_toolchain.build, cli_toolchain.run_example, cli_toolchain.doctor, cli_toolchain.cache,
                    cli_ut.ut):
        main.add_command(command)


_register_toolchain_commands()
