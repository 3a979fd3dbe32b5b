"""run-example for an operator directory: its own examples/test_aclnn_*.cpp, unmodified, on the emulator.

What ops-nn's `build.sh --run_example OP eager cust` does on an NPU machine, with CANN replaced by the emulator:
- the aclnn API: the directory's own `op_host/op_api/*.cpp` or `op_api/*.cpp` (ACLNNTYPE aclnn_exclude) compiled against the
  emulated opdev headers; where there are none, the API CANN's opbuild would generate from the OpDef
  (kernelgen/emulator/aclnn_gen.py), its header reachable as `aclnn_<op>.h` and `aclnnop/aclnn_<op>.h`;
- the directory's host sources (OpDef, tiling, infershape) and its kernel, one unit per OpDef dtype combination
  the example can ask for (the combinations whose every dtype appears as an `ACL_<DTYPE>` token in the example;
  all of them when none does), each wrapped in its own namespace so several link into one program;
- the emulated ACL runtime and kernel harness, and the example itself.
The example's exit code is the verdict (ops-nn's run_example checks nothing else). A kernel defect the emulator
finds is reported as on an NPU: the launch succeeds, aclrtSynchronizeStream fails with 507015, and the
diagnosis (naming operator, SOC, block and API call) is printed and returned in the outcome.
"""
from __future__ import annotations

import os
import platform
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from kernelgen.dtypes import GE_DTYPES
from kernelgen.emulator import INCLUDE_DIR
from kernelgen.emulator.acl_program import (ACL_RUNTIME_SOURCES, EXAMPLE_TIMEOUT_S, STD_HEADERS, aclnn_type,
                                            api_units, ident, link_program, own_api_dir, soc_unit)
from kernelgen.emulator.aclnn_gen import api_of
from kernelgen.emulator.build import RUNTIME_SOURCES, CompileUnit, compile_object, runtime_unit, write_source
from kernelgen.errors import ToolchainError, UsageError
from kernelgen.proc import stream_tool
from kernelgen.socs import Soc
from kernelgen.toolchain import find_compiler

Progress = Callable[[str], None]
AICORE_EXCEPTION = 507015
# aclDataType names in an example -> ge dtype names
ACL_TO_GE = {"FLOAT": "DT_FLOAT", "FLOAT16": "DT_FLOAT16", "BF16": "DT_BF16", "INT8": "DT_INT8", "INT16": "DT_INT16",
             "INT32": "DT_INT32", "INT64": "DT_INT64", "UINT8": "DT_UINT8", "UINT16": "DT_UINT16",
             "UINT32": "DT_UINT32", "UINT64": "DT_UINT64", "BOOL": "DT_BOOL", "DOUBLE": "DT_DOUBLE"}
MAX_KERNEL_UNITS = 8  # the example's dtype tokens usually narrow it to one or two
# As `kernelgen sim` treats operator directories: a GM access into a tensor's allocation padding (the NPU
# allocator's 512-byte rounding) is a warning, not a defect (kgemu_acl_gm_slack in runtime/kg_acl_launch.cpp).
# A kernel that calls SyncAll needs every block of a launch running at once (as `kernelgen sim` runs it).
ALL_BLOCKS_UNIT = ('// kernelgen run-example OP_DIR: the kernel calls SyncAll; launches run every block at once.\n'
                   '#include <cstdint>\nextern "C" int32_t kgemu_acl_all_blocks(void) { return 1; }\n')
# ops-nn's examples are written for CANN's hosts, many of them aarch64, where g++ has the half type __fp16;
# on x86-64 the same IEEE binary16 type is spelled _Float16.
EXAMPLE_FLAGS = ("-D__fp16=_Float16",) if platform.machine() in ("x86_64", "AMD64") else ()
GM_SLACK_UNIT = ('// kernelgen run-example OP_DIR: GM accesses into allocation padding are warnings.\n'
                 '#include <cstdint>\nextern "C" int32_t kgemu_acl_gm_slack(void) { return 1; }\n')


@dataclass(frozen=True)
class OpDirExample:
    op_dir: Path
    example: Path
    exe: Path
    api: str              # "own op_api sources (a.cpp, b.cpp)" or "generated from the OpDef: aclnnX"
    combos: tuple[str, ...]


@dataclass(frozen=True)
class OpDirOutcome:
    example: Path
    soc: str
    returncode: int
    api: str
    defect: str           # the emulator's diagnosis of a kernel defect, "" if none
    detail: str

    @property
    def passed(self) -> bool:
        return self.returncode == 0


def default_soc(op_dir: Path) -> Soc:
    """The SOC run-example OP_DIR uses without --soc: ascend910b if the OpDef configures it, else the OpDef's first
    SOC kernelgen emulates (as `kernelgen sim` and the survey choose; softplus_v2 is configured for ascend950 only)."""
    from kernelgen.emulator.emulate import OperatorSource
    from kernelgen.socs import get_soc

    op_dir = Path(op_dir).resolve()
    return get_soc(OperatorSource.for_dir(op_dir).default_soc())


def find_examples(op_dir: Path) -> list[Path]:
    """The directory's examples/test_aclnn_*.cpp (what ops-nn's run_example finds for the operator)."""
    found = sorted((op_dir / "examples").glob("test_aclnn_*.cpp"))
    if not found:
        raise UsageError(f"{op_dir} has no examples/test_aclnn_*.cpp; give one with --example FILE.cpp")
    return found


def example_combos(decl, soc: Soc, example_text: str, api_text: str = "") -> list[dict[str, str]]:
    """The OpDef dtype combinations the example can ask for (see the module doc). With the directory's own op_api
    sources (api_text), also each combination that differs from one of those in a single tensor whose dtype the
    op_api names (`DT_INT32`): an op_api that casts one tensor before launching, e.g. an int64 target to int32."""
    # an OpDef listing one dtype row per format (ND, NCHW, NHWC...) repeats a combination: one kernel unit each
    combos = list({tuple(c.items()): c for c in decl.combos(soc.family)
                   if all(v in GE_DTYPES for v in c.values())}.values())
    if not decl.inputs and not decl.outputs:  # attributes only (a Sleep): one kernel, no dtypes
        return [{}]
    if not combos:
        raise UsageError(f"{decl.op_type} declares no dtype combination the emulator has C++ types for on {soc.family}")
    used = {ACL_TO_GE[t] for t in re.findall(r"\bACL_([A-Z0-9]+)\b", example_text) if t in ACL_TO_GE}
    # a ValueDepend input's dtype is implied (the API takes an array, or the op_api converts one): not an ACL_ token
    implied = {t.name for t in decl.inputs if t.value_depend}
    picked = [c for c in combos if {v for k, v in c.items() if k not in implied} <= used]
    named = {f"DT_{t}" for t in re.findall(r"\bDT_([A-Z0-9]+)\b", api_text)}
    cast = [c for c in combos if c not in picked and any(
        sum(c[k] != p[k] for k in c) == 1 and all(c[k] == p[k] or c[k] in named for k in c) for p in picked)]
    return ((picked + cast) or combos)[:MAX_KERNEL_UNITS]


def _kernel_unit(source, decl, combo: dict[str, str], tag: str) -> str:
    """The directory's launcher (opdir.launcher_source) for one combination, its kernel inside a namespace of its
    own and registered for the ACL launcher, so several combinations link into one program."""
    text = source._launcher(decl, combo)
    from kernelgen.emulator.opdir import kernel_include

    kernel_line = kernel_include(source.kernel_source())
    if kernel_line not in text:
        raise ToolchainError(f"{decl.op_type}: unexpected launcher text (no {kernel_line})")
    head, tail = text.split(kernel_line, 1)
    tail = tail.replace('extern "C" void kg_kernel_entry(', "void kg_acl_launch(", 1)
    # run-example launches are vector-only: the kernel type table stays a local of the unit
    tail = tail.replace('extern "C" int32_t kg_kernel_type(', "int32_t kg_kernel_type_of_unit(", 1)
    from kernelgen.emulator.opdir import _kernel_texts

    # emulator and standard headers the kernel includes are parsed first, outside the namespace
    pre = [f"#include <{h}>" for h in STD_HEADERS]
    for header in dict.fromkeys(re.findall(r'#\s*include\s*[<"]([^">]+)[">]', _kernel_texts(source.op_dir))):
        if (INCLUDE_DIR / header).is_file() and not header.startswith("kgemu/detail/"):
            pre.append(f'#include "{header}"')
    space = f"kg_acl_kernel_{tag}"
    typed = ('extern "C" int32_t kgemu_acl_register_kernel_type(void (*)(uint8_t**, int32_t, uint64_t),\n'
             "                                                  int32_t (*)(uint64_t));\n"
             "namespace {{\nconst int32_t kTyped __attribute__((unused)) = kgemu_acl_register_kernel_type("
             "{space}::kg_acl_launch, {space}::kg_kernel_type_of_unit);\n}}  // namespace\n")
    dtypes = ", ".join(str(GE_DTYPES[combo[t.name]].value) for t in decl.inputs + decl.outputs)
    entry = source.snake
    return (head + "\n".join(pre) + f"\n#define {entry} {entry}_{tag}\nnamespace {space} {{\n{kernel_line}\n" + tail
            + f"}}  // namespace {space}\n#undef {entry}\n\n"
            'extern "C" int32_t kgemu_acl_register_kernel(const char*, const int32_t*, int32_t,\n'
            "                                             void (*)(uint8_t**, int32_t, uint64_t));\n"
            f"namespace {{\nconst int32_t kDtypes[] = {{{dtypes or '0'}}};  // one unused entry when there are no tensors\n"
            f'const int32_t kRegistered __attribute__((unused)) = kgemu_acl_register_kernel("{decl.op_type}", '
            f"kDtypes, {len(decl.inputs) + len(decl.outputs)}, {space}::kg_acl_launch);\n}}  // namespace\n"
            + (typed.format(space=space) if "int32_t kg_kernel_type_of_unit(" in tail else ""))


def check_excluded_api(op_dir: Path, decl, example: Path) -> None:
    """For ACLNNTYPE aclnn_exclude: an example must not include the header opbuild would generate from the OpDef
    unless the directory's own op_api sources provide it (CANN generates none)."""
    header = api_of(decl, "aclnn").header + ".h"
    api_dir = own_api_dir(op_dir)
    own = sorted(p.name for p in api_dir.glob("aclnn_*.h")) if api_dir is not None else []
    included = re.findall(r'#\s*include\s*[<"]([^">]+)[">]', example.read_text(errors="replace"))
    if header in own or (header not in included and f"aclnnop/{header}" not in included):
        return
    has = f"its op_api sources declare only {', '.join(own)}" if own else "it has no op_api sources declaring it"
    raise UsageError(
        f"{example.name} includes {header}, which CANN's build does not generate for {op_dir.name}: its "
        f"CMakeLists.txt says ACLNNTYPE aclnn_exclude (no aclnn API is generated from the OpDef) and {has}, so the "
        "example cannot build against CANN either (a defect of the operator directory, not of the emulator)")


def build_example(op_dir: Path, soc: Soc, example: Path, progress: Progress | None = None,
                  jobs: int | None = None) -> OpDirExample:
    from kernelgen.emulator.emulate import OperatorSource
    from kernelgen.emulator.opdir import explain_compile_error

    op_dir = Path(op_dir).resolve()
    source = OperatorSource.for_dir(op_dir)
    # as `kernelgen sim`: the SOC picks the tiling folder compiled into the host library (its tiling keys) and
    # the kernel file (opFile.value)
    decl = source.decl(soc.family)
    example = Path(example).resolve()
    if not example.is_file():
        raise UsageError(f"example program {example} does not exist")
    units = [runtime_unit(s) for s in RUNTIME_SOURCES + ACL_RUNTIME_SOURCES]
    units += source.host_units()
    api, example_inc, described = api_units(source, soc)
    if aclnn_type(op_dir) == "aclnn_exclude":
        check_excluded_api(op_dir, decl, example)
    units += api
    api_dir = own_api_dir(op_dir)
    api_text = "".join(p.read_text(errors="replace") for p in sorted(api_dir.glob("*.cpp"))) if api_dir else ""
    combos = example_combos(decl, soc, example.read_text(errors="replace"), api_text)
    kernel_inc = (op_dir, op_dir / "op_kernel", op_dir.parent)
    labels = []
    for combo in combos:
        tag = ident("_".join(GE_DTYPES[combo[t.name]].cpp.replace("_t", "") for t in decl.inputs + decl.outputs)
                     or "none")
        path = write_source(_kernel_unit(source, decl, combo, tag), f"{source.snake}_acl_kernel")
        units.append(CompileUnit(f"{source.snake}_acl_kernel_{soc.npu_arch}_{tag}", path,
                                 source.kernel_flags(decl, combo, soc), kernel_inc, source.digest))
        labels.append(", ".join(f"{n}={v.removeprefix('DT_')}" for n, v in combo.items()))
    units.append(CompileUnit(f"kg_acl_soc_{ident(soc.sku)}", write_source(soc_unit(soc), "kg_acl_soc")))
    units.append(CompileUnit("kg_acl_gm_slack", write_source(GM_SLACK_UNIT, "kg_acl_gm_slack")))
    if source.uses_sync_all():
        units.append(CompileUnit("kg_acl_all_blocks", write_source(ALL_BLOCKS_UNIT, "kg_acl_all_blocks")))
    units.append(CompileUnit(f"example_{ident(op_dir.name)}_{ident(example.stem)}", example, EXAMPLE_FLAGS,
                             (*example_inc, example.parent)))
    if progress:
        progress(f"building {example.name} for {soc.family} with {described}; kernels for "
                 + "; ".join(f"({x})" for x in labels) + f" ({len(units)} units; cached objects are reused)")
    compiler = find_compiler()
    try:
        with ThreadPoolExecutor(max_workers=jobs or max(1, os.cpu_count() or 1)) as pool:
            objects = list(pool.map(lambda u: compile_object(u, compiler), units))
    except ToolchainError as exc:
        raise ToolchainError(explain_compile_error(str(exc))) from exc
    exe = link_program(objects, f"{ident(op_dir.name)}_{ident(example.stem)}_{soc.family}", compiler)
    return OpDirExample(op_dir, example, exe, described, tuple(labels))



def run_opdir_example(op_dir: Path, soc: Soc, example: Path, on_line: Callable[[str], None] | None = None,
                      progress: Progress | None = None, env: dict | None = None,
                      timeout: float = EXAMPLE_TIMEOUT_S) -> OpDirOutcome:
    """Build and run one example program; its exit code is the outcome's (-N when signal N killed it)."""
    program = build_example(op_dir, soc, example, progress)
    if progress:
        progress(f"running {program.exe}")
    defects: list[str] = []
    errors: list[str] = []

    def collect(line: str) -> None:
        if str(AICORE_EXCEPTION) in line and line.startswith("[ERROR]") and "kernel" in line:
            defects.append(line)
        elif line.startswith("[ERROR] KGEMU"):  # the emulated CANN runtime refused a call (OP_LOGE)
            errors.append(line)
        if on_line:
            on_line(line)

    result = stream_tool([str(program.exe)], env=env, on_line=collect, timeout=timeout)
    defect = defects[0] if defects else ""
    detail = f"{program.example.name} exited with code {result.returncode}"
    if defect:
        detail += ("; the emulator found a kernel defect, reported to the program as on an NPU (the stream "
                   f"failed with {AICORE_EXCEPTION}): {defect}")
    elif result.returncode != 0 and errors:
        detail += f"; the emulated CANN runtime reported: {errors[0]}"
    return OpDirOutcome(program.example, soc.family, result.returncode, program.api, defect, detail)


__all__ = ["OpDirExample", "OpDirOutcome", "build_example", "check_excluded_api", "default_soc", "example_combos",
           "find_examples", "run_opdir_example"]
