"""versus: a built-in (or spec-file) operator and a hand-written ops-nn operator directory, side by side.

Both sides get the same seeded inputs (verify's, hazard values included: kernelgen.checking.cases.make_inputs),
mapped by the OpDef's names, which the spec must keep. Each side is run as its own command runs it: the generated
one as `kernelgen verify` does (byte-exact GM: a touch past a tensor's end is a defect), the directory unmodified as
`kernelgen sim` and the survey do (GM rounded as the NPU allocator rounds it; a read into that padding is a warning,
a write a defect). For each side: the verdict against the spec's float64 golden by CANN's standard
(kernelgen.checking.compare), every defect the emulator and its sanitizer report, classified as the survey
classifies them (kernelgen.corpus.kinds; non-finite outputs count only where the golden is finite), and the cost
model's NPU time (kernelgen.perf) from the trace of the run on the largest shape. A run stops at its first
sanitizer finding, so each shape contributes at most one stopping defect, plus the padding writes and output
findings of a run that finishes.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from kernelgen.authoring.spec import DType, OpSpec
from kernelgen.emulator.switches import sanitizer_off
from kernelgen.errors import KernelgenError, ToolchainError, UsageError
from kernelgen.socs import Soc

# (4, 37): 592 bytes of float32, not a whole number of 32-byte blocks (the tail pattern of the survey's padding
# writes); (3, 5, 7, 11): multi-dimensional and odd; 2^20 elements: several tiles on every core, the shape the
# modelled time is taken from (the largest shape given).
DEFAULT_SHAPES: tuple[tuple[int, ...], ...] = ((4, 37), (3, 5, 7, 11), (1 << 20,))

GENERATED, HANDWRITTEN = "generated", "handwritten"


@dataclass(frozen=True)
class Side:
    """One side of the comparison."""

    role: str                       # generated / handwritten
    target: str                     # the built-in's name, the spec file or the directory
    status: str                     # the survey's class of the side: ran, defect found, not emulated, ...
    passed: bool                    # every shape ran and every output met CANN's standard against the golden
    defects: tuple[dict, ...]       # {"kind", "detail", "shape"}
    modelled_us: float | None       # the cost model's NPU time on the largest shape (None: could not be modelled)
    perf: dict = field(default_factory=dict)   # bound, pipes (us), block_dim, tiling_key, shape, notes
    cases: tuple[dict, ...] = ()    # per shape: status, verdict metrics per output, warnings

    @property
    def verdict(self) -> str:
        """"pass", or "FAIL" with how many shapes met the standard and how many stopped before a verdict."""
        if self.passed:
            return "pass"
        stopped = sum(not c["metrics"] for c in self.cases)
        good = sum(bool(c["passed"]) for c in self.cases)
        return f"FAIL ({good}/{len(self.cases)} shapes pass" + (f", {stopped} stopped" if stopped else "") + ")"

    @property
    def defect_kinds(self) -> list[str]:
        return sorted({d["kind"] for d in self.defects})

    def as_dict(self) -> dict:
        return {"target": self.target, "status": self.status, "passed": self.passed, "verdict": self.verdict,
                "defects": list(self.defects),
                "defect_kinds": self.defect_kinds, "modelled_us": self.modelled_us, "perf": self.perf,
                "cases": list(self.cases)}


@dataclass(frozen=True)
class Versus:
    op: str
    op_dir: str
    op_type: str
    soc: str
    dtype: str
    seed: int
    attrs: dict
    shapes: tuple[tuple[int, ...], ...]
    generated: Side
    handwritten: Side

    @property
    def ratio(self) -> float | None:
        """generated / handwritten modelled time (None when either side could not be modelled)."""
        g, h = self.generated.modelled_us, self.handwritten.modelled_us
        return g / h if g is not None and h else None

    @property
    def generated_clean(self) -> bool:
        """What the exit code reports: the generated side passes against the golden with no defect."""
        return self.generated.passed and not self.generated.defects

    def as_dict(self) -> dict:
        return {"generated": self.generated.as_dict(), "handwritten": self.handwritten.as_dict(), "ratio": self.ratio,
                "op": self.op, "op_dir": self.op_dir, "op_type": self.op_type, "soc": self.soc, "dtype": self.dtype,
                "seed": self.seed, "attrs": self.attrs, "shapes": [list(s) for s in self.shapes]}


# ---- the interface ---------------------------------------------------------------------------------------------
def interface_mismatch(spec: OpSpec, decl) -> str | None:
    """None when the spec keeps the OpDef's interface (input and output names in order, the attribute names),
    else what differs, naming both sides. The OpType may differ (a miniature, a renamed copy)."""
    problems = []
    pairs = (("inputs", [t.name for t in spec.inputs], [t.name for t in decl.inputs]),
             ("outputs", [t.opdef_name for t in spec.outputs], [t.name for t in decl.outputs]))
    for what, mine, theirs in pairs:
        if mine != theirs:
            problems.append(f"{what} ({', '.join(mine) or 'none'}) vs ({', '.join(theirs) or 'none'})")
    mine_a, theirs_a = sorted(a.name for a in spec.attrs), sorted(a.name for a in decl.attrs)
    if mine_a != theirs_a:
        problems.append(f"attributes ({', '.join(mine_a) or 'none'}) vs ({', '.join(theirs_a) or 'none'})")
    return "; ".join(problems) or None


def _common_dtypes(spec: OpSpec, decl, soc: Soc) -> list[DType]:
    """The spec's dtypes on soc for which the OpDef declares a combination with every tensor in that dtype."""
    combos = decl.combos(soc.family)
    return [d for d in spec.dtypes_for(soc) if any(all(v == d.ge for v in c.values()) for c in combos)]


def resolve_attrs(spec: OpSpec, given: dict) -> dict:
    """Every attribute with a value, the spec's default where none is given, so both sides compute the same."""
    return {a.name: given.get(a.name, a.default) for a in spec.attrs}


# ---- one run ---------------------------------------------------------------------------------------------------
def _masked_outputs(outputs: dict, goldens: dict) -> dict:
    """The outputs with the elements where the golden itself is not finite in the output's dtype set to 0 (an inf
    the golden has, or a golden beyond the dtype's largest finite value, such as L2Loss's sum of a million squares
    in float16, is no defect of the kernel; the verdict judges those elements)."""
    out = {}
    for name, arr in outputs.items():
        g = goldens.get(name)
        if isinstance(arr, np.ndarray) and g is not None and np.shape(g) == arr.shape:
            with np.errstate(over="ignore", invalid="ignore"):
                bad = ~np.isfinite(np.asarray(g, dtype=np.float64).astype(arr.dtype).astype(np.float64))
            if bad.any():
                arr = arr.copy()
                arr[bad] = 0
        out[name] = arr
    return out


def _judge(spec: OpSpec, inputs: dict, outputs: dict, dtype: DType, attrs: dict) -> tuple[dict, dict]:
    """({output: Metrics}, {output: float64 golden}) for every output the golden defines."""
    from kernelgen.checking.compare import compare
    from kernelgen.checking.golden import get_benchmark, get_golden

    with np.errstate(all="ignore"):
        goldens = get_golden(spec.golden)({n: a.astype(np.float64) for n, a in inputs.items()}, attrs)
        bench_fn = get_benchmark(spec.golden)
        bench = bench_fn({n: a.astype(np.float32) for n, a in inputs.items()}, attrs) if bench_fn else {}
        metrics = {}
        for name, golden in goldens.items():
            if name not in outputs:
                continue
            actual = outputs[name]
            b = bench.get(name)
            if b is not None:
                b = np.asarray(b, dtype=np.float32).astype(actual.dtype)
            metrics[name] = compare(actual, golden, dtype.short, b)
    return metrics, goldens


def _run_case(spec: OpSpec, source, soc: Soc, combo: dict, inputs: dict, attrs: dict, dtype: DType,
              shape: tuple[int, ...], trace: bool, role: str) -> tuple[dict, list[dict], dict | None]:
    """(case row, defects, run report when it ran). The generated side's toolchain and usage errors propagate
    (exit 3 / 2); everything else is classified as the survey classifies it."""
    from kernelgen.corpus.kinds import defect_kind
    from kernelgen.corpus.worker import DEFECT, RAN, _classify, check_outputs, padding_writes
    from kernelgen.emulator.emulate import run_source

    label = "x".join(map(str, shape))
    case: dict = {"shape": list(shape), "status": None, "passed": False, "metrics": {}, "warnings": []}
    defects: list[dict] = []
    start = time.perf_counter()
    try:
        result = run_source(source, soc, inputs, attrs, combo=combo, trace=trace)
    except KernelgenError as exc:
        if role == GENERATED and (isinstance(exc, ToolchainError) or type(exc) is UsageError):
            raise
        cls, detail, apis = _classify(exc, "run")
        case.update(status=cls, detail=detail, seconds=round(time.perf_counter() - start, 2))
        if apis:
            case["apis"] = apis
        if cls == DEFECT:
            defects.append({"kind": defect_kind(detail), "detail": detail, "shape": label})
        return case, defects, None
    metrics, goldens = _judge(spec, inputs, result.outputs, dtype, attrs)
    warnings = list(result.report.get("warnings", []))
    findings = padding_writes(warnings) + check_outputs(_masked_outputs(result.outputs, goldens), inputs)
    defects += [{"kind": defect_kind(f), "detail": f, "shape": label} for f in findings]
    case.update(status=DEFECT if findings else RAN, passed=bool(metrics) and all(m.passed for m in metrics.values()),
                metrics={n: m.as_dict() for n, m in metrics.items()}, warnings=warnings,
                block_dim=result.report.get("block_dim"), tiling_key=result.report.get("tiling_key"),
                seconds=round(time.perf_counter() - start, 2))
    if not metrics:
        case["detail"] = f"the golden defines none of the outputs {sorted(result.outputs)}"
    return case, defects, result.report


def _model(report: dict, soc: Soc, label: str, dtype: DType, shape) -> tuple[float, dict]:
    from kernelgen.perf.model import estimate_from_report

    est = estimate_from_report(report, soc, target=label, dtype=dtype.short, shape=shape)
    perf = {"shape": list(shape), "estimated_us": est.estimated_us, "kernel_us": est.kernel_us,
            "launch_us": est.launch_us, "bound": est.bound, "pipes_us": dict(est.pipes), "block_dim": est.block_dim,
            "tiling_key": est.tiling_key, "gm_bytes": est.gm_bytes, "achieved_gbps": est.achieved_gbps,
            "vector_floor_us": est.vector_floor_us, "calibrated": est.calibrated, "notes": list(est.notes)}
    return est.estimated_us, perf


def run_side(role: str, spec: OpSpec, source, label: str, soc: Soc, combo: dict, dtype: DType,
             shapes: list[tuple[int, ...]], attrs: dict, seed: int, progress=None) -> Side:
    from kernelgen.checking.cases import make_inputs
    from kernelgen.corpus.worker import DEFECT, RAN
    from kernelgen.emulator.emulate import run_source

    perf_shape = max(shapes, key=lambda s: int(np.prod(s)))
    cases, defects = [], []
    modelled, perf = None, {}
    for i, shape in enumerate(shapes):
        inputs = _inputs(spec, shape, dtype, seed + i, make_inputs)
        trace = shape == perf_shape and not perf
        case, found, report = _run_case(spec, source, soc, combo, inputs, attrs, dtype, shape, trace, role)
        cases.append(case)
        defects += found
        if progress:
            verdict = ("pass" if case["passed"] else "FAIL") if case["metrics"] else "none (stopped)"
            progress(f"{role} {label} {'x'.join(map(str, shape))}: {case['status']}, verdict {verdict}")
        if not trace:
            continue
        if report is not None:
            modelled, perf = _model(report, soc, label, dtype, shape)
        elif case["status"] == DEFECT:  # the sanitizer stopped it: the time of the same run without it
            try:
                with sanitizer_off():
                    rerun = run_source(source, soc, inputs, attrs, combo=combo, trace=True)
                modelled, perf = _model(rerun.report, soc, label, dtype, shape)
                perf["notes"].append("modelled from a run with the sanitizer off (the sanitizer stopped this shape)")
            except KernelgenError as exc:
                perf = {"shape": list(shape), "notes": [f"not modelled: the run stopped without the sanitizer too: "
                                                        f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"]}
        else:
            perf = {"shape": list(shape), "notes": [f"not modelled: {case['status']}"]}
    statuses = [c["status"] for c in cases]
    others = [s for s in statuses if s not in (RAN, DEFECT)]
    status = DEFECT if defects else (others[0] if others else RAN)
    passed = all(c["passed"] for c in cases)
    return Side(role, label, status, passed, tuple(defects), modelled, perf, tuple(cases))


def _inputs(spec: OpSpec, shape, dtype: DType, seed: int, make_inputs) -> dict:
    """verify's inputs; an input the kernel never reads gets the first input's data, as verify passes it."""
    inputs = make_inputs(spec, shape, dtype, seed)
    for t in spec.inputs:
        if not t.used_by_kernel:
            inputs[t.name] = inputs[spec.inputs[0].name]
    return inputs


# ---- the comparison --------------------------------------------------------------------------------------------
def versus(op, op_dir: str | Path, soc: Soc, dtype: str | None = None, shapes=None, attrs: dict | None = None,
           seed: int = 0, progress=None) -> Versus:
    """Run the built-in (or spec-file) op and the ops-nn operator directory op_dir on the same inputs.

    Raises UsageError (exit 2) for a directory that is not an operator, an interface the spec does not keep, a
    SOC or dtype one side lacks; ToolchainError (exit 3) when the generated side or the directory's OpDef does not
    compile. Defects and verdicts are results, never exceptions."""
    from kernelgen.authoring.ops import resolve_op
    from kernelgen.dtypes import SHORT_TO_GE
    from kernelgen.emulator.emulate import OperatorSource, resolve_operator_dir
    from kernelgen.emulator.decl import pick_combo
    from kernelgen.emulator.inputs import check_spec_dtype
    from kernelgen.emulator.emulate import source_for_spec

    resolved = resolve_op(op)
    spec = resolved.spec
    path = resolve_operator_dir(op_dir)
    check_spec_dtype(spec, soc, dtype)
    shapes = [tuple(int(d) for d in s) for s in (shapes or DEFAULT_SHAPES)]
    hand = OperatorSource(path, path.name, soc=soc.family)
    decl = hand.decl(soc.family)
    problem = interface_mismatch(spec, decl)
    if problem:
        raise UsageError(f"{spec.snake} does not keep the OpDef interface of {path.name}: {problem}")
    if decl.socs and soc.family not in decl.socs:
        raise UsageError(f"{path.name}'s OpDef configures {', '.join(decl.socs)}, not {soc.family}")
    common = _common_dtypes(spec, decl, soc)
    if dtype is None:
        if not common:
            raise UsageError(f"{spec.snake} and {path.name} share no dtype on {soc.family}")
        d = common[0]
    else:
        d = DType.parse(dtype)
        if d not in common:
            raise UsageError(f"{path.name} on {soc.family} does not declare {d.short} for every tensor; both sides "
                             f"support: {', '.join(x.short for x in common) or 'none'}")
    attrs = resolve_attrs(spec, attrs or {})
    ge = SHORT_TO_GE[d.short]
    gen_combo = {t.name: ge for t in spec.inputs + spec.outputs}
    hand_combo = pick_combo(decl, soc, {}, d.short)
    gen_source = source_for_spec(spec, soc.family)
    label = str(resolved.path) if resolved.path else spec.snake
    gen = run_side(GENERATED, spec, gen_source, label, soc, gen_combo, d, shapes, attrs, seed, progress)
    hw = run_side(HANDWRITTEN, spec, hand, str(op_dir), soc, hand_combo, d, shapes, attrs, seed, progress)
    return Versus(label, str(op_dir), spec.op_type, soc.family, d.short, seed, attrs, tuple(shapes), gen, hw)


def format_versus(v: Versus) -> list[str]:
    """The text report: one block per side, then the ratio."""
    lines = [f"{v.op_type} on {v.soc}, {v.dtype}, shapes {', '.join('x'.join(map(str, s)) for s in v.shapes)}, "
             f"seed {v.seed}" + (f", attributes {v.attrs}" if v.attrs else "")]
    for side in (v.generated, v.handwritten):
        t = side.modelled_us
        lines.append(f"{side.role:<12} {side.target}")
        lines.append(f"  verdict    {side.verdict}")
        for c in side.cases:
            shape = "x".join(map(str, c["shape"]))
            if c["metrics"]:
                worst = max(c["metrics"].values(), key=lambda m: m["mare"])
                fails = sorted({f for m in c["metrics"].values() for f in m["failed"]})
                lines.append(f"    {shape:<14} {'pass' if c['passed'] else 'FAIL'}  MERE {worst['mere']:.2e}  "
                             f"MARE {worst['mare']:.2e}" + (f"  failed: {'; '.join(fails)}" if fails else ""))
            else:
                kinds = sorted({d["kind"] for d in side.defects if d["shape"] == shape})
                lines.append(f"    {shape:<14} no verdict: {c['status']}"
                             + (f" ({', '.join(kinds)}, below)" if kinds else f": {c.get('detail', '')}"))
        lines.append(f"  defects    {len(side.defects)}" + (f" ({', '.join(side.defect_kinds)})" if side.defects else ""))
        for d in side.defects:
            lines.append(f"    [{d['kind']}] {d['shape']}: {d['detail']}")
        if t is None:
            lines.append(f"  modelled   - ({'; '.join(side.perf.get('notes', [])) or 'not modelled'})")
        else:
            p = side.perf
            pipes = "  ".join(f"{k} {val:.2f}" for k, val in p["pipes_us"].items())
            lines.append(f"  modelled   {t:.2f} us on {'x'.join(map(str, p['shape']))} (bound {p['bound']}; busy us: "
                         f"{pipes}; {p['block_dim']} blocks)")
    ratio = v.ratio
    lines.append(f"ratio        {ratio:.3f} (generated / handwritten modelled time)" if ratio is not None
                 else "ratio        - (a side could not be modelled)")
    lines.append("generated side: " + ("passes clean" if v.generated_clean else "FAILS or has defects"))
    return lines
