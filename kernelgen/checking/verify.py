"""verify: run an operator over a matrix of SOCs x dtypes x shapes on the emulator and judge each case."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from kernelgen.checking.cases import Case, default_shapes, make_inputs
from kernelgen.checking.compare import Metrics, compare
from kernelgen.dtypes import SHORT_TO_GE
from kernelgen.emulator.emulate import OperatorSource, run_source, source_for_spec
from kernelgen.errors import KernelgenError, UsageError
from kernelgen.checking.golden import INFO_GOLDENS, get_benchmark, get_golden
from kernelgen.socs import Soc
from kernelgen.authoring.spec import DType, OpSpec


@dataclass
class CaseResult:
    case: Case
    metrics: Metrics | None
    info_metrics: Metrics | None     # against the informational golden (e.g. the exact erf form)
    error: str | None
    seconds: float

    @property
    def passed(self) -> bool:
        return self.error is None and self.metrics is not None and self.metrics.passed

    def as_dict(self) -> dict:
        return {"soc": self.case.soc.family, "dtype": self.case.dtype.short, "shape": list(self.case.shape),
                "label": self.case.label, "passed": self.passed, "error": self.error, "seconds": self.seconds,
                "metrics": self.metrics.as_dict() if self.metrics else None,
                "info_metrics": self.info_metrics.as_dict() if self.info_metrics else None}


def build_cases(spec: OpSpec, socs: list[Soc], dtypes: list[DType] | None,
                shapes: list[tuple[int, ...]] | None) -> list[Case]:
    cases = []
    for soc in socs:
        allowed = spec.dtypes_for(soc)
        wanted = dtypes or list(allowed)
        for d in wanted:
            if d not in allowed:
                raise UsageError(f"{spec.snake} does not support {d.short} on {soc.family}; supported there: "
                                 + ", ".join(x.short for x in allowed))
            pairs = [(s, "given") for s in shapes] if shapes else default_shapes(spec, soc, d)
            cases.extend(Case(soc, d, tuple(s), label) for s, label in pairs)
    return cases


def _golden_inputs(spec: OpSpec, arrays: dict[str, np.ndarray], as_type) -> dict[str, np.ndarray]:
    return {n: a.astype(as_type) for n, a in arrays.items()}


def judge_all(spec: OpSpec, inputs: dict[str, np.ndarray], outputs: dict[str, np.ndarray], dtype: str,
              attrs: dict | None = None) -> tuple[Metrics, Metrics | None]:
    """judge() of every output; the metrics of the first output that fails, else of the first output."""
    results = [judge(spec, inputs, outputs[t.opdef_name], dtype, attrs, t.opdef_name) for t in spec.outputs]
    return next((r for r in results if not r[0].passed), results[0])


@dataclass(frozen=True)
class Expected:
    """What one output is judged against, computed from the inputs alone: the float64 golden, the independent
    benchmark's float32 output (or None) and the informational golden (or None)."""

    golden: np.ndarray
    bench: np.ndarray | None
    info: np.ndarray | None


def expect(spec: OpSpec, inputs: dict[str, np.ndarray], attrs: dict | None = None,
           out_name: str | None = None) -> Expected:
    """The references of one output (default: the first) for these inputs (judge's first half)."""
    attrs = attrs or {}
    out_name = out_name or spec.outputs[0].opdef_name
    with np.errstate(all="ignore"):
        golden = get_golden(spec.golden)(_golden_inputs(spec, inputs, np.float64), attrs)[out_name]
        bench_fn = get_benchmark(spec.golden)
        bench = None
        if bench_fn is not None:
            bench = np.asarray(bench_fn(_golden_inputs(spec, inputs, np.float32), attrs)[out_name], dtype=np.float32)
        info = None
        if spec.golden in INFO_GOLDENS:
            info = INFO_GOLDENS[spec.golden](_golden_inputs(spec, inputs, np.float64), attrs)[out_name]
    return Expected(golden, bench, info)


def judge_expected(expected: Expected, actual: np.ndarray, dtype: str) -> tuple[Metrics, Metrics | None]:
    """judge's second half: the output against its references."""
    with np.errstate(all="ignore"):
        bench = None if expected.bench is None else expected.bench.astype(np.dtype(actual.dtype))
        metrics = compare(actual, expected.golden, dtype, bench)
        info = None if expected.info is None else compare(actual, expected.info, dtype)
    return metrics, info


def judge(spec: OpSpec, inputs: dict[str, np.ndarray], actual: np.ndarray, dtype: str,
          attrs: dict | None = None, out_name: str | None = None) -> tuple[Metrics, Metrics | None]:
    """(metrics against the float64 golden with the independent benchmark, metrics against the informational
    golden or None) for one output (default: the first) computed from inputs."""
    return judge_expected(expect(spec, inputs, attrs, out_name), actual, dtype)


@dataclass
class _Prepared:
    """A case's inputs and, once computed, every output's references (or the error computing them raised, which
    is the case's to raise only if the emulator runs it: a case whose run fails never computed its golden)."""

    inputs: dict[str, np.ndarray]
    expected: dict[str, Expected] | None = None
    error: BaseException | None = None
    seconds: float = 0.0


def _prepare(spec: OpSpec, case: Case, seed: int, attrs: dict, with_expected: bool) -> _Prepared:
    start = time.perf_counter()
    inputs = make_inputs(spec, case.shape, case.dtype, seed)
    for t in spec.inputs:   # inputs the kernel never reads get the first input's data, as aclnn passes them
        if not t.used_by_kernel:
            inputs[t.name] = inputs[spec.inputs[0].name]
    prepared = _Prepared(inputs)
    if with_expected:
        try:
            prepared.expected = {t.opdef_name: expect(spec, inputs, attrs, t.opdef_name) for t in spec.outputs}
        except Exception as exc:   # raised again where judge would have raised it
            prepared.error = exc
    prepared.seconds = time.perf_counter() - start
    return prepared


def _run_prepared(spec: OpSpec, case: Case, prepared: _Prepared, attrs: dict, source=None) -> CaseResult:
    start = time.perf_counter() - prepared.seconds
    inputs = prepared.inputs
    get_golden(spec.golden)  # an unknown golden is a usage error before anything is compiled
    try:
        source = source or source_for_spec(spec, case.soc.family)
        ge = SHORT_TO_GE[case.dtype.short]
        combo = {t.name: ge for t in spec.inputs + spec.outputs}
        result = run_source(source, case.soc, inputs, attrs, combo=combo)
    except KernelgenError as exc:
        return CaseResult(case, None, None, str(exc), time.perf_counter() - start)
    if prepared.error is not None:
        raise prepared.error
    if prepared.expected is None:
        metrics, info = judge_all(spec, inputs, result.outputs, case.dtype.short, attrs)
    else:   # judge_all on the references computed beforehand
        results = [judge_expected(prepared.expected[t.opdef_name], result.outputs[t.opdef_name], case.dtype.short)
                   for t in spec.outputs]
        metrics, info = next((r for r in results if not r[0].passed), results[0])
    return CaseResult(case, metrics, info, None, time.perf_counter() - start)


def run_case(spec: OpSpec, case: Case, seed: int, attrs: dict | None = None, source=None) -> CaseResult:
    """Run one case on the emulator and judge it; source: the emulator source to run (default: the spec's)."""
    attrs = attrs or {}
    return _run_prepared(spec, case, _prepare(spec, case, seed, attrs, with_expected=False), attrs, source)


def verify(spec: OpSpec, cases: list[Case], seed: int = 0, attrs: dict | None = None,
           progress: Callable[[int, CaseResult], None] | None = None) -> list[CaseResult]:
    """run_case of every case, in order (case i with seed + i). A second thread makes the next case's inputs and
    references while the emulator runs this one and judges it (numpy's loops and the emulator release the GIL):
    the same results, sooner (docs/speed.md, Session 33)."""
    from concurrent.futures import ThreadPoolExecutor

    attrs = attrs or {}
    get_golden(spec.golden)
    results: list[CaseResult] = []
    with ThreadPoolExecutor(max_workers=1) as pool:
        ahead = None
        for i, case in enumerate(cases):
            prepared = ahead.result() if ahead is not None else _prepare(spec, case, seed + i, attrs, True)
            ahead = (pool.submit(_prepare, spec, cases[i + 1], seed + i + 1, attrs, True)
                     if i + 1 < len(cases) else None)
            res = _run_prepared(spec, case, prepared, attrs)
            results.append(res)
            if progress:
                progress(i, res)
    return results


def prebuild(spec: OpSpec, cases: list[Case], jobs: int | None = None,
             progress: Callable[[str], None] | None = None) -> None:
    """Compile every (SOC, dtype) library the cases need, in parallel, before any case runs; progress gets
    'SOC dtype' as each library is ready. Everything is submitted at once: each SOC's OpDef probe (the runtime and
    host objects, built once under their cache locks, with the SOC's precompiled kernel headers beside them when
    the SOC has enough kernels to repay them: build.plan_kernel_units), then its kernels, one unit per SOC for all
    its dtypes (OperatorSource.plan_kernel_combos); the runtime objects start before the operator is rendered. At
    most `jobs` (default: the machine's cores) compilers run at once."""
    import threading
    from collections import Counter
    from concurrent.futures import ThreadPoolExecutor

    from kernelgen.emulator.build import (compile_object, compile_slots, plan_kernel_units, runtime_units,
                                          set_compile_jobs)
    from kernelgen.toolchain import find_compiler

    keys = sorted({(c.soc.family, c.soc.sku, c.dtype) for c in cases}, key=lambda k: (k[0], k[1], k[2].short))
    socs = {c.soc.sku: c.soc for c in cases}

    def combo(dtype):
        return {t.name: SHORT_TO_GE[dtype.short] for t in spec.inputs + spec.outputs}

    # each SOC's dtype combinations compile as one kernel unit (OperatorSource.kernel_combos_unit), and a
    # precompiled kernel header pays only for enough units: one per SOC's flags does not repay it
    plan = {sku: [combo(d) for _, s, d in keys if s == sku] for sku in socs}
    plan_kernel_units(Counter(OperatorSource.soc_flags(socs[sku]) for sku in socs))
    if jobs:
        set_compile_jobs(jobs)
    compile_slots()  # the process-wide limit exists before the threads start
    decl_locks = {k[0]: threading.Lock() for k in keys}

    def build(key):
        family, sku, dtype = key
        with decl_locks[family]:   # one rendering and one probe per SOC; the other dtypes wait for them
            source = source_for_spec(spec, family)
            source.plan_kernel_combos(socs[sku], plan[sku])
            source.decl(family)
        source.library(socs[sku], combo(dtype))
        if progress:
            progress(f"{family} {dtype.short}")

    # one thread per library: compile_slots() bounds the compilers they start. The runtime objects every library
    # links start first, while those threads render the operator (Python, up to 2 s of a cold run's wall time);
    # the libraries find them in the cache or wait on their entry locks.
    compiler = find_compiler()
    with ThreadPoolExecutor(max_workers=max(1, len(keys)) + len(runtime_units()) + 1) as pool:
        early = [pool.submit(compile_object, unit, compiler) for unit in runtime_units()]
        # the cases' NumPy dtypes meanwhile: bfloat16's is ml_dtypes', whose import (0.5-0.9 s) the first bfloat16
        # case paid after the compiling (kernelgen.dtypes imports it on first use)
        dtypes = pool.submit(lambda: [d.numpy for d in sorted({c.dtype for c in cases}, key=lambda d: d.short)])
        for fut in [pool.submit(build, k) for k in keys] + early + [dtypes]:
            fut.result()
