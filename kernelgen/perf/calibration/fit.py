"""The calibration fit: the cost model's free constants (model.FITTED) solved on at most three declared cases.

Each published case can determine some constants; a fit uses only the cases it is given:
- case 0 (scalar loop): scalar_cycles_per_access, from its task duration;
- case 1 (one core, small copies): the per-DMA overheads of MTE2 and MTE3, from its published aiv_mte2_time and
  aiv_mte3_time (one core never reaches the HBM limit, so these are the per-pipe costs);
- cases 2-6 (48 cores): hbm_efficiency, from the task duration (the first such case given);
- launch_base_us and launch_per_block_us: from Task Duration minus aiv_time of the fitted cases (a 1-block and
  a 48-block case give both; one block count gives the per-block term with the catalog base).
A constant no fitted case determines keeps its catalog value, and the result says so. Each constant is solved
by the secant method on the model itself (re-simulating the case's trace), alternating until none moves.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from kernelgen.errors import UsageError
from kernelgen.perf.calibration import ALL, CASES, MAX_FIT_CASES, SOC, case, model_case
from kernelgen.perf.model import FITTED, cost_model
from kernelgen.socs import cost_model_constants, get_soc


@dataclass
class FitResult:
    cases: tuple
    constants: dict                         # every FITTED constant: its value (fitted or catalog)
    fitted_by: dict = field(default_factory=dict)   # constant -> "case N task" etc.; absent: catalog value


def parse_cases(text: str) -> tuple:
    """'0,1,5' -> (0, 1, 5), checked against the published cases and the three-case limit."""
    try:
        nums = tuple(sorted({int(t) for t in text.split(",") if t.strip()}))
    except ValueError:
        raise UsageError(f"--fit takes case numbers separated by commas (e.g. 0,1,5), not {text!r}") from None
    known = [c.case for c in CASES]
    bad = [n for n in nums if n not in known]
    if bad or not nums:
        raise UsageError(f"--fit: unknown case(s) {bad or text!r}; the published cases are {known}")
    if len(nums) > MAX_FIT_CASES:
        raise UsageError(f"--fit: at most {MAX_FIT_CASES} cases may be fitted, got {len(nums)}")
    return nums


def _targets(cases: tuple) -> list:
    """[(constant, case, observable, published value)] this choice of cases determines."""
    out = []
    wide = [n for n in cases if case(n).attrs.get("block_num") != 1]
    for n in cases:
        p = case(n)
        if n == 0:
            out.append(("scalar_cycles_per_access", n, "task", p.task_us))
        elif n == 1:
            out += [("mte2_dma_overhead_cycles", n, "MTE2", p.mte2_us), ("mte3_dma_overhead_cycles", n, "MTE3", p.mte3_us)]
    if wide:
        out.append(("hbm_efficiency", wide[0], "task", case(wide[0]).task_us))
    return out


def _launch(cases: tuple, reports: dict, catalog: dict) -> tuple[dict, dict]:
    """launch_base_us / launch_per_block_us from Task Duration - aiv_time of the fitted cases."""
    points = {}
    for n in cases:
        p = case(n)
        points[len(reports[n]["trace"])] = p.task_us - p.aiv_us
    base, per = catalog["launch_base_us"], catalog["launch_per_block_us"]
    if len(points) >= 2:
        (b1, l1), (b2, l2) = sorted(points.items())[0], sorted(points.items())[-1]
        per = (l2 - l1) / (b2 - b1)
        base = l1 - per * b1
        how = f"cases {', '.join(map(str, cases))}: Task Duration - aiv_time at {b1} and {b2} blocks"
        return {"launch_base_us": base, "launch_per_block_us": per}, {"launch_base_us": how, "launch_per_block_us": how}
    if points:
        (b, lat), = points.items()
        per = (lat - base) / b
        return {"launch_per_block_us": per}, {"launch_per_block_us": f"case {cases[0]}: Task Duration - aiv_time"}
    return {}, {}


def _observe(report: dict, consts: dict, observables) -> list[float]:
    est = model_case(report, cost_model(SOC, **consts))
    return [est.estimated_us if o == "task" else est.pipes[o] for o in observables]


def _solve_case(report: dict, consts: dict, targets: list, tol: float = 1e-4, steps: int = 10) -> float:
    """Secant steps on every constant this case determines at once (each observable mainly depends on its own
    constant), one simulation per step. Updates consts; returns the largest relative move."""
    names = [t[0] for t in targets]
    obs = [t[2] for t in targets]
    want = [t[3] for t in targets]
    x0 = [consts[k] for k in names]
    f0 = [v - w for v, w in zip(_observe(report, consts, obs), want)]
    if all(abs(f) <= tol * abs(w) for f, w in zip(f0, want)):
        return 0.0   # already on the published figures
    x1 = [x * 1.05 if x else 1.0 for x in x0]
    start = list(x0)
    for _ in range(steps):
        f1 = [v - w for v, w in zip(_observe(report, {**consts, **dict(zip(names, x1))}, obs), want)]
        x2 = [b if fb == fa else max(b - fb * (b - a) / (fb - fa), 1e-6) for a, b, fa, fb in zip(x0, x1, f0, f1)]
        x0, f0, x1 = x1, f1, x2
        if all(abs(n - o) <= tol * max(abs(n), 1e-9) for n, o in zip(x1, x0)):
            break
    consts.update(zip(names, x1))
    return max(abs(n - o) / max(abs(o), 1e-9) for n, o in zip(x1, start))


def fit(reports: dict, cases: tuple, soc: str = SOC) -> FitResult:
    """Fit model.FITTED on `cases` (their reports from calibration.collect); see the module docstring."""
    if len(cases) > MAX_FIT_CASES:
        raise UsageError(f"at most {MAX_FIT_CASES} cases may be fitted")
    catalog = cost_model_constants(get_soc(soc))
    consts = {k: float(catalog[k]) for k in FITTED}
    launch, fitted_by = _launch(cases, reports, catalog)
    consts.update(launch)
    targets = _targets(cases)
    for name, n, observable, _ in targets:
        fitted_by[name] = f"case {n} {'Task Duration' if observable == 'task' else 'aiv_' + observable.lower() + '_time'}"
    by_case: dict = {}
    for t in targets:
        by_case.setdefault(t[1], []).append(t)
    for _ in range(3):   # the constants interact weakly (the DMA overheads enter every case): iterate
        moved = max((_solve_case(reports[n], consts, ts) for n, ts in by_case.items()), default=0.0)
        if moved < 1e-3:
            break
    return FitResult(tuple(cases), consts, fitted_by)


def calibrate(fit_cases=None, reports: dict | None = None, soc: str = SOC):
    """(FitResult, rows for every published and validation case) — the whole calibration, re-run."""
    from kernelgen.perf.calibration import collect, predict

    fit_cases = tuple(fit_cases or ())
    from kernelgen.perf.calibration import DEFAULT_FIT

    fit_cases = fit_cases or DEFAULT_FIT
    reports = reports if reports is not None else collect(ALL, soc)
    result = fit(reports, fit_cases, soc)
    rows = predict(reports, cost_model(soc, **result.constants), fitted=fit_cases, soc=soc)
    return result, rows
