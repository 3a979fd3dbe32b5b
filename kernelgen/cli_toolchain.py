"""The toolchain commands: build (ops-nn's pipeline or the emulator), run-example, doctor and the cache.

Registered on the main group by kernelgen.cli; like it, a thin layer over the library (kernelgen.package,
kernelgen.toolchain, kernelgen.emulator).
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from kernelgen import __version__
from kernelgen.cli_params import (CONTEXT, check_cache, heartbeat, note, out_dir_option, soc_list_option,
                                  target_argument_named, timeout_option, vendor_option)
from kernelgen.errors import EXIT_CHECK_FAILED, UsageError


def _echo_line(line: str) -> None:
    click.echo(line)


backend_option = click.option("--backend", type=click.Choice(["auto", "cann", "emu"]), default="auto",
                              show_default=True,
                              help="cann: ops-nn's build.sh (needs CANN and --ops-nn); emu: the CPU emulator; "
                                   "auto: cann when CANN is usable and a checkout is given, else emu.")
ops_nn_option = click.option("--ops-nn", "ops_nn", type=click.Path(path_type=Path), default=None,
                             help="ops-nn checkout (default: $KERNELGEN_OPS_NN).")


def _resolve_op_list(ctx, param, values):
    """OPS: names and spec files, repeated or comma-separated, each resolved once (notices printed once)."""
    from kernelgen.authoring.ops import resolve_op
    from kernelgen.package import split_names

    out = []
    for name in split_names(values):
        resolved = resolve_op(name)
        if resolved.notice:
            note(f"note: {resolved.notice}")
        out.append(resolved)
    return tuple(out)


def _build_setup(ops, socs, backend, ops_nn):
    from kernelgen.package import choose_backend, resolve_build_socs, resolve_ops
    from kernelgen.toolchain import detect_cann, find_ops_nn

    specs = resolve_ops(ops)
    soc_list = resolve_build_socs(specs, socs)
    checkout, _ = find_ops_nn(ops_nn)
    cann = detect_cann()
    chosen, why = choose_backend(backend, cann, checkout)
    return specs, soc_list, checkout, cann, chosen, why


@click.command(context_settings=CONTEXT)
@click.argument("ops", nargs=-1, required=True, callback=_resolve_op_list)
@soc_list_option()
@vendor_option
@out_dir_option("--out", default="build_out",
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
    from kernelgen.package import build_cann, build_emulator

    specs, soc_list, checkout, cann, chosen, why = _build_setup(ops, socs, backend, ops_nn)
    names = ", ".join(s.snake for s in specs)
    socs_text = ",".join(s.family for s in soc_list)
    if chosen == "cann":
        note(f"building {names} for {socs_text} with CANN's ops-nn pipeline ({why})")
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
    check_cache()
    note(f"building {names} for {socs_text} on the CPU emulator ({why})")
    pkg = build_emulator(specs, soc_list, vendor, out_dir, force, jobs, progress=note)
    for lib in pkg.libraries:
        click.echo(f"{lib.op:<14} {lib.soc:<13} {lib.label:<10} tiling key {','.join(map(str, lib.tiling_keys)):<4} "
                   f"{lib.path}")
    click.echo(f"package: {pkg.root}{' (replaced the previous one)' if pkg.replaced else ''}")
    click.echo(f"manifest: {pkg.manifest}")
    click.echo(f"{pkg.notice}.")


@click.command("run-example", context_settings=CONTEXT)
@target_argument_named("op")
@soc_list_option("emu: SOCs to run on, comma-separated or repeated (default: the spec's first SOC).")
@click.option("--example", "example_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="emu: run this aclnn host program instead of the generated example; "
                                 "kernelgen exits with its exit code (1 when a signal killed it).")
@vendor_option
@backend_option
@ops_nn_option
@timeout_option(600.0, "emu: stop the example program after this many seconds (exit 3).")
def run_example(op, socs, example_file, vendor, backend, ops_nn, timeout):
    """Run OP's aclnn example program (the two-stage aclnn call from an ACL host program).

    cann: ops-nn's `build.sh --run_example OP eager cust` (the vendor package must be installed; ops-nn
    exits 0 and prints "ERROR: OP doesn't have eager examples." when it finds none, which kernelgen treats
    as a failure). emu: examples/test_aclnn_OP.cpp (or --example FILE.cpp) is compiled with the generated
    op_api sources against kernelgen's emulated ACL runtime and opdev framework, linked with the emulated
    operator, and run; its output is streamed, and the generated example's printed results are judged
    against the NumPy golden (exit 1 on a mismatch). A program killed by a signal is reported as
    "killed by SIGSEGV" (exit 1); one running past --timeout is stopped (exit 3).

    OP may also be an ops-nn operator directory, named by a path (./celu_v3, path/to/celu_v3): its own examples/test_aclnn_*.cpp (or --example FILE.cpp)
    run unmodified on the emulator with the directory's kernel, against its op_host/op_api sources or, where it
    has none, the aclnn API CANN's build would generate from its OpDef; kernelgen exits with the first
    non-zero exit code of the examples.

    Example: kernelgen run-example gelu_grad --soc ascend910b --example my_test.cpp --timeout 120

    Example: kernelgen run-example path/to/experimental/activation/celu_v3 --soc ascend910b
    """
    from kernelgen.package import run_example_cann

    if isinstance(op, Path):  # an ops-nn operator directory
        _run_example_opdir(op, socs, example_file, timeout)
        return
    specs, soc_list, checkout, cann, chosen, why = _build_setup((op,), socs, backend, ops_nn)
    spec = specs[0]
    if example_file is not None and chosen == "cann":
        raise UsageError("--example runs on the emulator only; add --backend emu (ops-nn's run_example runs the "
                         "operator's own examples/)")
    if chosen == "cann":
        note(f"running {spec.snake}'s eager example through ops-nn ({why})")
        res = run_example_cann(spec, vendor, checkout, cann, on_line=_echo_line)
        click.echo(f"example passed: (cd {res.cwd} && {' '.join(res.command)}); log: {res.log}")
        return
    from kernelgen.emulator.example import run_example as run_example_emu

    check_cache()
    note(f"running {spec.snake}'s example program on the CPU emulator ({why})")
    exit_code = 0
    for soc in (soc_list if socs else soc_list[:1]):
        with heartbeat(f"building and running the example for {soc.family}"):
            r = run_example_emu(spec, soc, example_file, on_line=_echo_line, progress=note, timeout=timeout)
        note(f"{r.soc}: {r.detail}")
        if r.returncode < 0:
            exit_code = exit_code or EXIT_CHECK_FAILED
        elif example_file is not None:
            exit_code = exit_code or r.returncode
        elif not r.passed:
            exit_code = EXIT_CHECK_FAILED
    if exit_code:
        sys.exit(exit_code)


def _run_example_opdir(op_dir: Path, socs, example_file: Path | None, timeout: float) -> None:
    from kernelgen.emulator.example import exit_text
    from kernelgen.emulator.opdir_example import default_soc, find_examples, run_opdir_example

    check_cache()
    examples = [example_file] if example_file is not None else find_examples(op_dir)
    exit_code = 0
    for soc in (list(socs) or [default_soc(op_dir)]):
        for example in examples:
            r = run_opdir_example(op_dir, soc, example, on_line=_echo_line, progress=note, timeout=timeout)
            note(f"{r.soc}: ran {r.example} against {r.api}; {r.detail}")
            if r.returncode < 0:  # killed by a signal: say which, exit 1
                note(f"{r.soc}: {r.example.name} {exit_text(r.returncode)}")
            exit_code = exit_code or (EXIT_CHECK_FAILED if r.returncode < 0 else r.returncode)
    if exit_code:
        sys.exit(exit_code)


@click.command(context_settings=CONTEXT)
@ops_nn_option
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
def doctor(ops_nn, as_json):
    """Report the toolchains: CANN (root, version, set_env.sh, asc_opc, bisheng), the ops-nn checkout,
    the host C++ compiler, the emulator cache, and which backend `kernelgen build` would use.

    Exit 0 when some backend can build, 3 when neither CANN nor a usable C++ compiler and cache are there.

    Example: kernelgen doctor --ops-nn ~/ops-nn
    """
    import json

    from kernelgen.errors import EXIT_TOOLCHAIN
    from kernelgen.doctor import examine
    from kernelgen.toolchain import find_gtest

    s = examine(ops_nn)
    gt = find_gtest()
    gtest_doc = {"usable": gt.usable, "include": gt.include, "libs": list(gt.libs), "problem": gt.problem}
    if as_json:
        click.echo(json.dumps({**s.as_dict(), "gtest": gtest_doc}, indent=2))
    else:
        c = s.cann
        cann_line = f"found at {c.root} (from {c.root_source})" if c.usable else c.problem()
        cache_line = (f"UNUSABLE: {s.cache_problem}" if s.cache_problem else
                      f"{s.cache_dir} ({s.cache_files} files, {s.cache_bytes / 1e6:.1f} MB"
                      + (f"; {len(s.cache_damaged)} damaged, rebuilt on next use" if s.cache_damaged else "") + ")")
        rows = [
            ("kernelgen", __version__),
            ("CANN", cann_line),
            ("CANN version", c.version or "unknown"),
            ("set_env.sh", c.set_env or "-"),
            ("CANN tools", ", ".join(f"{n} {p}" for n, p in c.tools) or "-"),
            ("ops-nn checkout", f"{s.ops_nn} (from {s.ops_nn_source})" if s.ops_nn
             else "not given (--ops-nn PATH or KERNELGEN_OPS_NN)"),
            ("host compiler", f"{s.compiler.path} ({s.compiler.version})" if s.compiler else f"none: {s.compiler_problem}"),
            ("emulator cache", cache_line),
            ("googletest", f"{gt.include} ({', '.join(gt.libs)}) for kernelgen ut" if gt.usable
             else f"{gt.problem}; kernelgen ut cannot build tests"),
            ("build backend", {"cann": "cann (ops-nn build.sh --pkg --experimental)",
                               "emu": "emu (CPU emulator build; not an NPU package)",
                               "none": "none: install g++ or CANN" + (" (and set KERNELGEN_CACHE_DIR to a writable "
                                                                      "directory)" if s.cache_problem else "")}[s.backend]),
        ]
        for key, value in rows:
            click.echo(f"{key + ':':<17} {value}")
    if s.backend == "none":
        sys.exit(EXIT_TOOLCHAIN)


@click.group(context_settings=CONTEXT)
def cache():
    """The emulator's build cache: compiled objects, libraries and programs, each checked against its size and
    SHA-256 before use (a damaged entry is rebuilt with a notice).

    Where: $KERNELGEN_CACHE_DIR/emulator, else $XDG_CACHE_HOME/kernelgen/emulator, else ~/.cache/kernelgen/emulator.

    Example: kernelgen cache info
    """


@cache.command("info", context_settings=CONTEXT)
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def cache_info_cmd(as_json):
    """Print where the emulator cache is, its size, and damaged entries.

    Example: kernelgen cache info --json
    """
    import json

    from kernelgen.emulator.build import cache_info

    info = cache_info()
    if as_json:
        click.echo(json.dumps(info, indent=2))
        return
    click.echo(f"emulator cache: {info['path']}")
    click.echo(f"{info['files']} files, {info['bytes'] / 1e6:.1f} MB; {len(info['damaged'])} damaged"
               + (" (rebuilt on next use)" if info["damaged"] else ""))
    for name in info["damaged"]:
        click.echo(f"damaged: {name}")


@cache.command("clear", context_settings=CONTEXT)
def cache_clear_cmd():
    """Delete the emulator cache (everything is rebuilt on the next run).

    Example: kernelgen cache clear
    """
    from kernelgen.emulator.build import cache_clear

    root, freed = cache_clear()
    click.echo(f"cleared {root} ({freed / 1e6:.1f} MB)")
