"""One operator of a survey, run in its own process (`python -m kernelgen.corpus.worker JOB.json`).

The survey starts this module once per operator directory so that a kernel that crashes the process (a
segfault in the kernel's own pointer arithmetic) or hangs costs only its own row. The last line printed is
`KGSURVEY <json>`: the row (see survey.py for the classes). Everything else the worker prints is context
for a crash report.
"""
from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import numpy as np

from kernelgen.corpus.kinds import defect_kind
from kernelgen.corpus.registrations import registration_mismatch

RESULT_TAG = "KGSURVEY "

# the classes a row can have, in report order; the first two are what a survey hopes for
RAN, DEFECT = "ran", "defect found"
NOT_EMULATED, LAYOUT = "not emulated", "layout not understood"
COMPILE_ERROR, REJECTED = "compile error", "inputs rejected"
CRASHED, TIMED_OUT = "crashed", "timed out"
CLASSES = (RAN, DEFECT, NOT_EMULATED, LAYOUT, COMPILE_ERROR, REJECTED, CRASHED, TIMED_OUT)


def _first_line(text: str, limit: int = 400) -> str:
    for line in str(text).splitlines():
        if line.strip():
            return line.strip()[:limit]
    return ""


_UNDECLARED = re.compile(r"^(?P<file>/[^:\s]+):(?P<line>\d+):\d+: error: \S(?P<name>\w+)\S was not declared in this "
                         r"scope", re.M)


def _assert_of_undeclared_names(message: str) -> str | None:
    """A defect when every error is an ASSERT naming an undeclared variable (loss/nll_loss_grad: `ASSERT(
    localTotalWeight != 0 ...)` with no such variable): on the NPU ASSERT expands to nothing (asc-devkit
    impl/basic_api/kernel_macros.h), so the kernel builds there, but CANN's own CPU debug build (ASCENDC_CPU_DEBUG=1,
    where ASSERT is assert) does not compile it, and an NPU debug build would not either."""
    errors = [ln for ln in message.splitlines() if ": error:" in ln]
    found = list(_UNDECLARED.finditer(message))
    if not errors or len(found) != len(errors):
        return None
    where = []
    for m in found:
        try:
            line = Path(m["file"]).read_text(errors="replace").splitlines()[int(m["line"]) - 1]
        except (OSError, IndexError):
            return None
        if not re.search(r"\bASSERT\s*\(", line) or not re.search(rf"\b{m['name']}\b", line):
            return None
        where.append(f"{Path(m['file']).name}:{m['line']} ({m['name']})")
    return (f"ASSERT names a variable that is not declared at {', '.join(dict.fromkeys(where))}: the kernel builds "
            f"on the NPU only because ASSERT expands to nothing there; CANN's CPU debug build (ASSERT = assert) "
            f"does not compile it")


def compile_failure(message: str) -> tuple[str, str, list[str]]:
    """(class, detail, missing APIs/headers) of a compile error explained by opdir.explain_compile_error."""
    latent = _assert_of_undeclared_names(message)
    if latent is not None:
        return DEFECT, latent, []
    tail = message.rsplit("\nkernelgen: ", 1)
    explained = tail[1].strip() if len(tail) == 2 else ""
    apis = re.findall(r"not emulated yet by kernelgen's CPU emulator: ([^;]+)", explained)
    apis = [a.strip() for part in apis for a in part.split(",")]
    provides = re.findall(r"the emulator does not provide (.+?) \(an Ascend C API", explained)
    apis += [a.strip() for part in provides for a in part.split(",")]
    headers = re.findall(r"no header (.+?) \(not part of", explained)
    headers = [h.strip() for part in headers for h in part.split(",")]
    if apis or headers:
        names = apis + [f"header {h}" for h in headers]
        return NOT_EMULATED, "; ".join(names), names
    errors = [ln.strip() for ln in message.splitlines()
              if ": error:" in ln or "fatal error:" in ln or "internal compiler error:" in ln]
    detail = errors[0] if errors else _first_line(message)
    detail = re.sub(r"^\S*/", "", detail)  # the file name without its directory
    return COMPILE_ERROR, detail[:400], []


def _unwritten(arr: np.ndarray) -> int:
    """Elements still holding the emulator's poison fill (every byte 0xFF): never written by the kernel. Only
    for floating-point outputs, where every byte 0xFF is a NaN no finite computation leaves; in an integer output
    it is -1 (or the unsigned maximum), a value kernels write (quantize's int8), and the sanitizer's byte-exact
    output coverage check reports the bytes no block wrote."""
    if arr.size == 0 or arr.dtype.kind in "biu":
        return 0
    raw = np.ascontiguousarray(arr).view(np.uint8).reshape(arr.size, arr.dtype.itemsize)
    return int(np.count_nonzero(np.all(raw == 0xFF, axis=1)))


def outputs_with_data(outputs: dict, recipe: dict) -> dict:
    """The outputs the checks below read: those the recipe's no_data does not name (outputs the operator's docs say
    carry nothing for these inputs, e.g. batch_norm's reserve_space_3, keep the emulator's fill)."""
    skip = set(recipe.get("no_data") or [])
    return {name: value for name, value in outputs.items() if name not in skip}


def check_outputs(outputs: dict, inputs: dict) -> list[str]:
    """Findings in the outputs of a run whose inputs were all finite: elements never written, NaN or inf
    computed (with the input values at the first such element when the shapes agree)."""
    findings = []
    flat_in = {n: a for n, a in inputs.items() if isinstance(a, np.ndarray)}
    for name, value in outputs.items():
        for k, arr in enumerate(value if isinstance(value, list) else [value]):
            label = f"{name}[{k}]" if isinstance(value, list) else name
            bad = _unwritten(arr)
            if bad:
                findings.append(f"output {label}: {bad} of {arr.size} elements never written (still the emulator's "
                                f"0xFF fill)")
                continue
            if arr.dtype.kind != "f" and str(arr.dtype) != "bfloat16":
                continue
            values = arr.astype(np.float64)
            nonfinite = ~np.isfinite(values)
            if nonfinite.any():
                i = int(np.flatnonzero(nonfinite)[0])
                at = ", ".join(f"{n}={float(np.asarray(a, np.float64).reshape(-1)[i]):.6g}"
                               for n, a in flat_in.items() if a.shape == arr.shape and a.dtype.kind in "fV"
                               or a.shape == arr.shape and str(a.dtype) == "bfloat16")
                findings.append(f"output {label}: {int(nonfinite.sum())} of {arr.size} elements are "
                                f"{'NaN' if np.isnan(values.reshape(-1)[i]) else 'inf'} for finite inputs "
                                f"(first at flat index {i}{': ' + at if at else ''})")
    return findings


def padding_writes(warnings: list[str]) -> list[str]:
    """Writes past the end of an output, from the run's warnings: the allocator's 512-byte rounding keeps them
    inside the buffer on the NPU, but they land on whatever follows the tensor when it is a view of a larger one
    (or its neighbour in a fused graph's memory), so the survey counts them as defects. Reads past the end stay
    warnings: the lanes they fill are never stored."""
    found = []
    for w in warnings:
        m = re.search(r"^(block \d+(?: \(and \d+ more\))?): (?:.*?: )?(\w+): writes past the end of '([^']+)' \((\d+) bytes\)",
                      w)
        if m:
            found.append(f"{m.group(1)}: {m.group(2)} writes past the end of output {m.group(3)} "
                         f"({m.group(4)} bytes) into its allocation padding")
    return found


def _inputs_finite(inputs: dict) -> bool:
    for value in inputs.values():
        for a in value if isinstance(value, list) else [value]:
            if a.dtype.kind == "f" or str(a.dtype) == "bfloat16":
                if not np.isfinite(a.astype(np.float64)).all():
                    return False
    return True


def _classify(exc: BaseException, stage: str) -> tuple[str, str, list[str]]:
    """(class, detail, APIs) of an exception raised while learning or running an operator."""
    from kernelgen.emulator.layout import LayoutError
    from kernelgen.errors import EmulatorDefect, HostRejected, KernelgenError, ToolchainError, UsageError

    if isinstance(exc, LayoutError):
        return LAYOUT, _first_line(exc), []
    if isinstance(exc, EmulatorDefect):
        return DEFECT, _first_line(exc, 600), []
    if isinstance(exc, HostRejected):
        return REJECTED, _first_line(exc), []
    if isinstance(exc, ToolchainError):
        return compile_failure(str(exc))
    if isinstance(exc, UsageError):
        return (LAYOUT if stage in ("layout", "opdef") else REJECTED), _first_line(exc), []
    if isinstance(exc, KernelgenError):
        return CRASHED, _first_line(exc), []
    return CRASHED, f"kernelgen raised {type(exc).__name__} while {stage}: {_first_line(exc)}", []


def _run_case(source, soc, decl, recipe: dict, job: dict) -> dict:
    """One recipe case: inputs, run, output checks; a dict with class, detail and what was run."""
    from kernelgen.corpus.inputs import make_inputs, pick_survey_combo
    from kernelgen.emulator.emulate import run_source

    case: dict = {"class": None, "detail": ""}
    stage = "inputs"
    try:
        combo = pick_survey_combo(decl, soc.family, recipe)
        inputs, attrs = make_inputs(decl, combo, recipe, seed=int(job.get("seed", 0)))
        case["dtypes"] = dict(combo)
        case["shapes"] = {n: [list(x.shape) for x in a] if isinstance(a, list) else list(a.shape)
                          for n, a in inputs.items()}
        case["attrs"] = attrs
        stage = "run"
        result = run_source(source, soc, inputs, attrs, threads=int(job.get("threads", 1)), combo=combo,
                            strict_gm=False, aliases=recipe.get("alias"), formats=recipe.get("formats"),
                            out_shapes=recipe.get("out_shapes"), no_data=recipe.get("no_data"))
        case["warnings"] = list(result.report.get("warnings", []))
        case["output_rules"] = list(result.report.get("output_rules", []))
        case["block_dim"] = result.report.get("block_dim")
        findings = padding_writes(case["warnings"])
        findings += check_outputs(outputs_with_data(result.outputs, recipe), inputs) if _inputs_finite(inputs) else []
        if findings:
            case["class"], case["detail"] = DEFECT, "; ".join(findings)
        else:
            case["class"], case["detail"] = RAN, f"block dim {result.report.get('block_dim')}"
    except Exception as exc:  # noqa: BLE001 - classified, never a traceback
        case["class"], case["detail"], case["apis"] = _classify(exc, stage)
    case["stage"] = stage
    return case


def _first_decl(source, soc_name: str | None, prefer_soc: str | None):
    """The OpDef before the SOC is chosen. Under --prefer-soc the probe links the preferred SOC's tiling folder (an
    operator whose top-level tiling calls a function of op_host/arch35, loss/chamfer_distance_grad, does not load
    without it); a probe that fails so is made again with the top-level host sources alone."""
    from kernelgen.errors import KernelgenError

    if soc_name or not prefer_soc:
        return source.decl(soc_name)
    try:
        return source.decl(prefer_soc)
    except KernelgenError:
        source.soc = None
        return source.decl()


def survey_one(job: dict) -> dict:
    """Learn, compile and run one operator directory, once per recipe case; the row of the survey report (never
    raises). Several cases: the row is a defect if any case found one, ran if all ran, else the first other class."""
    from kernelgen.corpus.inputs import for_soc, load_recipes, merge_recipes, recipe_for
    from kernelgen.emulator.emulate import OperatorSource
    from kernelgen.socs import get_soc

    op_dir = Path(job["dir"])
    row = {"dir": job.get("rel", str(op_dir)), "op_type": None, "class": None, "detail": "", "apis": [],
           "soc": job.get("soc"), "warnings": [], "output_rules": [], "seconds": 0.0}
    start = time.monotonic()
    stage = "layout"
    try:
        recipes = load_recipes(None)
        if job.get("recipes"):
            recipes = merge_recipes(recipes, load_recipes(Path(job["recipes"])))
        source = OperatorSource.for_dir(op_dir)
        stage = "opdef"
        soc_name = job.get("soc")
        decl = _first_decl(source, soc_name, job.get("prefer_soc"))
        row["op_type"] = decl.op_type
        recipe = recipe_for(recipes, decl.op_type)
        if not soc_name:  # --prefer-soc where the OpDef configures it, else the operator's own (ascend910b first)
            soc_name = source.default_soc(job.get("prefer_soc"), recipe.get("soc"))
            decl = source.decl(soc_name)
        # the registrations of the SOC's own host library: a tiling that lives in op_host/arch35 is not in the
        # probe made before the SOC was chosen, where a dependency's tilings looked like orphans
        mismatch = registration_mismatch(source._doc, decl.op_type)
        if mismatch:
            from kernelgen.errors import EmulatorDefect

            raise EmulatorDefect(mismatch)
        row["soc"] = soc_name
        soc = get_soc(soc_name)
        recipe = for_soc(recipe, soc.family)
        stage = "run"
        overlays = recipe.get("cases") or [{}]
        cases = [_run_case(source, soc, decl, {**recipe, **overlay}, job) for overlay in overlays]
    except Exception as exc:  # noqa: BLE001 - a survey row, never a traceback
        row["class"], row["detail"], row["apis"] = _classify(exc, stage)
        row["stage"] = stage
        if row["class"] == DEFECT:
            row["defect_kind"] = defect_kind(row["detail"])
        row["seconds"] = round(time.monotonic() - start, 2)
        return row
    for key in ("dtypes", "shapes", "attrs", "warnings", "output_rules", "block_dim", "apis", "stage"):
        if key in cases[0]:
            row[key] = cases[0][key]
    defects = [(i, c) for i, c in enumerate(cases) if c["class"] == DEFECT]
    others = [c for c in cases if c["class"] not in (RAN, DEFECT)]
    if defects:
        row["class"] = DEFECT
        row["detail"] = " | ".join((f"case {i + 1} ({_shape_text(c)}): " if len(cases) > 1 else "") + c["detail"]
                                   for i, c in defects)
    elif others:
        row.update({k: others[0][k] for k in ("class", "detail", "apis", "stage") if k in others[0]})
    else:
        row["class"], row["detail"] = RAN, cases[0]["detail"]
    if len(cases) > 1:
        row["cases"] = cases
    if row["class"] == DEFECT:
        row["defect_kind"] = defect_kind(row["detail"])
    row["seconds"] = round(time.monotonic() - start, 2)
    return row


def _shape_text(case: dict) -> str:
    shapes = case.get("shapes") or {}
    return ", ".join(f"{n} {'x'.join(map(str, s)) if s and isinstance(s[0], int) else s}" for n, s in shapes.items())


def main(argv: list[str]) -> int:
    try:
        job = json.loads(Path(argv[0]).read_text()) if argv else {}
    except (OSError, ValueError) as exc:
        print(f"{RESULT_TAG}{json.dumps({'class': CRASHED, 'detail': f'bad job file: {exc}'})}")
        return 0
    row = survey_one(job)
    sys.stdout.flush()
    print("\n" + RESULT_TAG + json.dumps(row, default=str), flush=True)  # on its own line after the op's prints
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
