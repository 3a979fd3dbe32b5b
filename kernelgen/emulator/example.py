"""run-example on the emulator: compile an aclnn host program into one executable and run it.

The program is what ops-nn's `build.sh --run_example` builds on an NPU machine, with CANN replaced by the
emulator: the example (the generated examples/test_aclnn_<op>.cpp, or the user's FILE.cpp), the operator's
generated op_api sources (the two-stage aclnn API and the l0 operator) compiled unmodified against the
emulated opdev headers, its host sources (OpDef, tiling, infershape), one kernel unit per dtype combination
the OpDef declares for the SOC, a unit holding the SOC record, the emulated ACL runtime (runtime/kg_acl*.cpp)
and the kernel harness (kg_harness.cpp, kg_runtime.cpp). Every object is cached by build.py.

For the generated example the printed `<aclnn> result[i] is: v` lines are checked against the NumPy golden
(ops-nn's run_example checks nothing); a user's program is judged by its exit code alone.
"""
from __future__ import annotations

import os
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from kernelgen.authoring.example_data import EXAMPLE_SHAPE, EXAMPLE_X
from kernelgen.authoring.spec import OpSpec
from kernelgen.emulator.acl_program import (ACL_RUNTIME_SOURCES, EXAMPLE_TIMEOUT_S, STD_HEADERS, api_units, ident,
                                            link_program, soc_unit)
from kernelgen.emulator.build import (RUNTIME_SOURCES, CompileUnit, compile_object, materialize_tree, runtime_unit,
                                      write_source)
from kernelgen.errors import CheckFailed, UsageError
from kernelgen.proc import stream_tool
from kernelgen.socs import Soc
from kernelgen.toolchain import find_compiler

Progress = Callable[[str], None]


@dataclass(frozen=True)
class ExampleProgram:
    exe: Path
    spec: OpSpec
    soc: Soc
    example: Path          # the example source that was compiled
    generated: bool        # True for the operator's own examples/test_aclnn_<op>.cpp


@dataclass(frozen=True)
class ExampleOutcome:
    soc: str
    returncode: int
    values: tuple[float, ...]   # the printed results, in order
    passed: bool
    detail: str


def _kernel_unit(source, decl, combo: dict[str, str], tag: str) -> str:
    """One dtype combination's kernel: the kernel source wrapped in its own namespace (its extern "C" entry
    renamed), so several combinations link into one program; it registers itself for the ACL launcher."""
    from kernelgen.dtypes import GE_DTYPES

    tensors = decl.inputs + decl.outputs
    entry = f"kg_acl_entry_{tag}"
    space = f"kg_acl_kernel_{tag}"
    nargs = len(tensors) + 2  # + workspace, tiling
    args = ", ".join(f"a[{i}]" for i in range(nargs))
    dtypes = ", ".join(str(GE_DTYPES[combo[t.name]].value) for t in tensors)
    described = ", ".join(f"{t.name}={combo[t.name]}" for t in tensors)
    std = "".join(f"#include <{h}>\n" for h in STD_HEADERS)
    return (f"// kernelgen run-example: the {decl.op_type} kernel for {described}.\n{std}"
            '#include "kernel_operator.h"\n\n'
            f"#define {source.snake} {entry}\n"
            f"namespace {space} {{\n#include \"{source.kernel_source()}\"\n}}  // namespace {space}\n"
            f"#undef {source.snake}\n\n"
            'extern "C" int32_t kgemu_acl_register_kernel(const char*, const int32_t*, int32_t,\n'
            "                                             void (*)(uint8_t**, int32_t, uint64_t));\n"
            "namespace {\n"
            "void Launch(uint8_t** a, int32_t n, uint64_t key)\n{\n    (void)n;\n    (void)key;\n"
            f"    {space}::{entry}({args});\n}}\n"
            f"const int32_t kDtypes[] = {{{dtypes}}};\n"
            f'const int32_t kRegistered __attribute__((unused)) = kgemu_acl_register_kernel("{decl.op_type}", '
            f"kDtypes, {len(tensors)}, Launch);\n}}  // namespace\n")


def program_units(spec: OpSpec, soc: Soc, example: Path | None = None) -> tuple[list[CompileUnit], Path, bool]:
    """(every unit of the program, the example source, whether it is the generated example)."""
    from kernelgen.emulator.emulate import source_for_spec
    from kernelgen.authoring.render import render_tree, resolve_socs

    source = source_for_spec(spec, soc.family)   # this spec's own kernel, also when its name is a built-in's
    decl = source.decl()
    combos = decl.combos(soc.family)
    if not combos:
        raise UsageError(f"{spec.op_type} declares no dtype combination for {soc.family}")
    names = list(spec.default_socs) + ([soc.family] if soc.family not in spec.default_socs else [])
    files = render_tree(spec, resolve_socs(spec, names))
    header_name = f"{spec.aclnn.header}.h"
    generated_api = f"op_host/op_api/{header_name}" not in files  # ACLNNTYPE aclnn: opbuild's API, from the OpDef
    if not generated_api:
        aclnnop = materialize_tree({f"aclnnop/{header_name}": files[f"op_host/op_api/{header_name}"]},
                                   f"{spec.snake}_aclnnop")
    generated = example is None
    if generated:
        rel = f"examples/test_aclnn_{spec.snake}.cpp"
        example = materialize_tree({rel: files[rel]}, f"{spec.snake}_example") / rel
    example = Path(example).resolve()
    if not example.is_file():
        raise UsageError(f"example program {example} does not exist")

    op_dir = source.op_dir
    api_dir = op_dir / "op_host" / "op_api"
    units = [runtime_unit(s) for s in RUNTIME_SOURCES + ACL_RUNTIME_SOURCES]
    units += source.host_units()
    if generated_api:
        api, api_inc, _ = api_units(source, soc)
        units += api
    else:
        api_inc = (aclnnop,)
        units += [CompileUnit(f"{spec.snake}_opapi_{p.stem}", p, (), (api_dir, op_dir / "op_host", op_dir),
                              source.digest) for p in sorted(api_dir.glob("*.cpp"))]
    from kernelgen.dtypes import GE_DTYPES

    kernel_inc = (op_dir, op_dir / "op_kernel", op_dir.parent)
    for combo in combos:
        tag = "_".join(GE_DTYPES[combo[t.name]].cpp.replace("_t", "") for t in decl.inputs + decl.outputs)
        text = _kernel_unit(source, decl, combo, ident(tag))
        path = write_source(text, f"{spec.snake}_acl_kernel")
        units.append(CompileUnit(f"{spec.snake}_acl_kernel_{soc.npu_arch}_{tag}", path,
                                 source.kernel_flags(decl, combo, soc), kernel_inc, source.digest))
    units.append(CompileUnit(f"kg_acl_soc_{ident(soc.sku)}", write_source(soc_unit(soc), "kg_acl_soc")))
    units.append(CompileUnit(f"example_{ident(example.stem)}", example, (), (*api_inc, example.parent)))
    return units, example, generated


def build_program(spec: OpSpec, soc: Soc, example: Path | None = None, progress: Progress | None = None,
                  jobs: int | None = None) -> ExampleProgram:
    """Compile (cached, in parallel) and link the example program for one SOC."""
    compiler = find_compiler()
    units, source, generated = program_units(spec, soc, example)
    if progress:
        progress(f"building {source.name} for {soc.family} ({len(units)} units; cached objects are reused)")
    workers = jobs or max(1, os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        objects = list(pool.map(lambda u: compile_object(u, compiler), units))
    exe = link_program(objects, f"{spec.snake}_{ident(source.stem)}_{soc.family}", compiler)
    return ExampleProgram(exe, spec, soc, source, generated)


def run_program(program: ExampleProgram, on_line: Callable[[str], None] | None = None,
                env: dict | None = None, timeout: float = EXAMPLE_TIMEOUT_S) -> tuple[int, list[str]]:
    """Run the program, handing each output line (stdout and stderr, merged) to on_line as it arrives.
    The exit code is negative (-N) when signal N killed it; past timeout seconds it is stopped (ToolchainError)."""
    lines: list[str] = []

    def collect(line: str) -> None:
        lines.append(line)
        if on_line:
            on_line(line)

    result = stream_tool([str(program.exe)], env=env, on_line=collect, timeout=timeout)
    return result.returncode, lines


def example_inputs(spec: OpSpec) -> dict[str, np.ndarray]:
    """The float32 inputs templates/examples/test_aclnn_{{op}}.cpp.j2 passes, keyed by OpDef tensor: the
    `self` (or x) parameter holds EXAMPLE_X, every other input parameter EXAMPLE_DY (example_data.py); an OpDef
    input fed from another parameter (spec.aclnn.extra_slots) holds that parameter's data."""
    from kernelgen.authoring.example_data import example_values

    by_param: dict[str, np.ndarray] = {}
    inputs: dict[str, np.ndarray] = {}
    values = example_values(spec)
    for p in spec.aclnn.params:
        if p.role in ("input", "ref"):   # ref: an input the operator updates in place
            shape, data = values[p.name]
            by_param[p.name] = inputs[p.tensor] = np.array(data, dtype=np.float32).reshape(shape)
    for tensor, param in spec.aclnn.extra_slots:
        inputs[tensor] = by_param[param]
    return inputs


def result_pattern(spec: OpSpec) -> re.Pattern:
    return re.compile(rf"^{re.escape(spec.aclnn.name)} result\[(\d+)\] is: (\S+)\s*$")


def check_results(spec: OpSpec, lines: list[str]) -> tuple[bool, str, tuple[float, ...]]:
    """Judge the generated example's printed results (printed with %.9g, so exactly the float32 values) against
    the golden of its inputs by verify's rules, element by element (kernelgen.checking.compare)."""
    from kernelgen.checking.verify import judge

    pattern = result_pattern(spec)
    printed: dict[int, float] = {}
    for line in lines:
        m = pattern.match(line)
        if m:
            try:
                printed[int(m.group(1))] = float(m.group(2))
            except ValueError:
                printed[int(m.group(1))] = float("nan")
    inputs = example_inputs(spec)
    whole = getattr(spec, "whole_reduce", None)   # a reduction over every element prints one value
    shape = whole.out_shape if whole is not None else EXAMPLE_SHAPE
    count = int(np.prod(shape))
    values = tuple(printed[i] for i in sorted(printed))
    if sorted(printed) != list(range(count)):
        return False, (f"expected {count} lines '{spec.aclnn.name} result[i] is: v' (i = 0..{count - 1}), "
                       f"got {len(printed)}"), values
    actual = np.array(values, dtype=np.float32).reshape(shape)
    attrs = {a.name: a.default for a in spec.attrs}
    metrics, _ = judge(spec, inputs, actual, "float32", attrs)
    if metrics.passed:
        return True, (f"{count} results match the golden (max abs error {metrics.max_abs_error:.2e}, "
                      f"MERE {metrics.mere:.2e}, MARE {metrics.mare:.2e}; each judged by verify's rules, "
                      f"docs/precision.md)"), values
    from kernelgen.checking.golden import get_golden

    golden = get_golden(spec.golden)({k: v.astype(np.float64) for k, v in inputs.items()}, attrs)[spec.outputs[0].opdef_name]
    golden = golden.ravel()
    err = np.abs(actual.ravel().astype(np.float64) - golden)
    worst = metrics.mare_index if not metrics.mare_ok else (
        metrics.small_gross_index if metrics.small_gross else int(np.nanargmax(np.where(np.isnan(err), np.inf, err))))
    return False, (f"results differ from the golden: {'; '.join(metrics.failed_clauses())}; worst at "
                   f"result[{worst}] (x = {EXAMPLE_X[worst]:g}): printed {values[worst]:.9g}, "
                   f"golden {golden[worst]:.9g}"), values


def run_example(spec: OpSpec, soc: Soc, example: Path | None = None, on_line: Callable[[str], None] | None = None,
                progress: Progress | None = None, env: dict | None = None,
                timeout: float = EXAMPLE_TIMEOUT_S) -> ExampleOutcome:
    """Build and run the example for one SOC. The generated example must exit 0 and print the golden's
    values; a user's program is only run (its exit code is in the outcome)."""
    program = build_program(spec, soc, example, progress)
    if progress:
        progress(f"running {program.exe}")
    returncode, lines = run_program(program, on_line, env, timeout)
    name = program.example.name if not program.generated else "the example"
    if not program.generated:
        return ExampleOutcome(soc.family, returncode, (), returncode == 0, f"{name} {exit_text(returncode)}")
    if returncode != 0:
        return ExampleOutcome(soc.family, returncode, (), False, f"{name} {exit_text(returncode)} (see its output above)")
    passed, detail, values = check_results(spec, lines)
    return ExampleOutcome(soc.family, returncode, values, passed, detail)


def exit_text(returncode: int) -> str:
    """'exited with code 3' or 'was killed by SIGSEGV' (a negative code is the signal's number)."""
    if returncode < 0:
        import signal

        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"was killed by {name}"
    return f"exited with code {returncode}"


def require_passed(outcome: ExampleOutcome) -> None:
    if not outcome.passed:
        raise CheckFailed(f"{outcome.soc}: {outcome.detail}")


__all__ = ["ExampleOutcome", "ExampleProgram", "build_program", "check_results",
           "program_units", "require_passed", "run_example", "run_program"]
