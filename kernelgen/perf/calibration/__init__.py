"""Calibration of the cost model (kernelgen.perf.model) against published Atlas A2 measurements.

The Atlas A2 Add optimisation walk-through (hicann/asc-devkit
examples/01_simd_cpp_api/05_best_practices/00_vector_compute/add_high_performance/README.md) publishes the task
duration and per-pipe times of z = x + y over 8192 x 8192 float16 in seven configurations (cases 0-6).
add_walkthrough/ is that kernel in the ops-nn operator layout (written for kernelgen from the published
description); its attributes select the configurations.

`collect()` runs each case once on the emulator with tracing; `fit.fit()` solves the model's free constants
(model.FITTED) on at most three declared cases; `predict()` models every case with the fitted constants.
`python -m kernelgen.calibration [--fit 0,1,5] [--json F]` prints the table (__main__.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

ADD_DIR = Path(__file__).resolve().parent / "add_walkthrough"
COPY_DIR = Path(__file__).resolve().parent / "copy_walkthrough"
SOURCE = ("hicann/asc-devkit examples/01_simd_cpp_api/05_best_practices/00_vector_compute/add_high_performance/"
          "README.md, performance tables measured on the Atlas A2 training series")
SOC = "ascend910b"
SHAPE = (8192, 8192)
DTYPE = "float16"
TOLERANCE = 0.25        # every case, fitted or held out, within 25 % of its published task duration
DEFAULT_FIT = (0, 1, 5)
MAX_FIT_CASES = 3


@dataclass(frozen=True)
class Published:
    case: int
    label: str
    attrs: dict = field(hash=False)
    task_us: float        # Task Duration
    aiv_us: float         # aiv_time
    vec_us: float         # aiv_vec_time
    mte2_us: float        # aiv_mte2_time
    mte3_us: float        # aiv_mte3_time
    source: str = "ADD"
    op_dir: Path = ADD_DIR
    shape: tuple = SHAPE


_DB = {"copy_len": 16384, "double_buffer": True}
CASES = (
    Published(0, "1 core, scalar GetValue/SetValue loop", {"block_num": 1, "copy_len": 4096, "scalar": True},
              1239689.1, 1239688.63, 0.015, 5916.341, 2485.465),
    Published(1, "1 core, 8 KiB DataCopy", {"block_num": 1, "copy_len": 4096}, 6909.6, 6909.14, 761.65, 6208.762,
              2613.205),
    Published(2, "48 cores, 8 KiB DataCopy", {"copy_len": 4096}, 306.58, 297.14, 15.885, 215.485, 54.33),
    Published(3, "48 cores, 32 KiB DataCopy", {"copy_len": 16384}, 268.5, 261.5, 12.845, 184.369, 57.354),
    Published(4, "48 cores, 32 KiB, double buffering", dict(_DB), 264.02, 257.56, 12.846, 250.528, 84.988),
    Published(5, "case 4 + L2 bypass for x, y (SetL2CacheHint)", {**_DB, "l2_bypass": True},
              187.68, 185.15, 12.846, 175.997, 160.291),
    Published(6, "case 5 + bank-conflict-free UB layout, 16256 per copy",
              {"copy_len": 16256, "double_buffer": True, "l2_bypass": True, "ub_layout": 1},
              184.52, 178.49, 6.954, 171.611, 121.442),
)
# Further published measurements, never fitted: validation only.
VALIDATION = (
    Published(7, "case 3 with 16512 per copy (ADD: 'dataCopyLen is not the bigger the better')",
              {"copy_len": 16512}, 267.76, 0.0, 0.0, 0.0, 0.0),
    # hicann/asc-devkit examples/01_simd_cpp_api/05_best_practices/04_memory_access/data_copy/README.md, GM to UB
    # scenario 3 on Atlas A2/A3: another sample and another kernel (copy_walkthrough/), read-only, default L2 mode.
    Published(8, "DataCopy sample: 48 cores read 12288 x 12288 half in [64, 1024] DataCopyPad blocks",
              {"tile_m": 64, "tile_n": 1024}, 215.82, 0.0, 0.0, 202.657, 0.0, source="DCP", op_dir=COPY_DIR,
              shape=(12288, 12288)),
)
ALL = CASES + VALIDATION


def case(n: int) -> Published:
    for c in ALL:
        if c.case == n:
            return c
    raise KeyError(n)


@dataclass
class Row:
    published: Published
    estimated_us: float
    pipes: dict
    bound: str
    used_for_fit: bool

    @property
    def error(self) -> float:
        return self.estimated_us / self.published.task_us - 1.0

    def as_dict(self) -> dict:
        p = self.published
        return {"case": p.case, "label": p.label, "source": p.source, "published_us": p.task_us,
                "estimated_us": round(self.estimated_us, 3), "error": round(self.error, 4),
                "used_for_fit": self.used_for_fit, "held_out": not self.used_for_fit,
                "pipes_us": {k: round(v, 3) for k, v in self.pipes.items()}, "bound": self.bound}


def collect(cases=ALL, soc: str = SOC, shape: tuple | None = None, sanitize: bool = False) -> dict:
    """{case number: emulator report with trace} for every case (one emulator run each), at each case's published
    shape unless `shape` is given. The sanitizer is off by default: these runs are for their trace, which it does
    not change, and it makes case 0's 67 million scalar accesses about three times slower; `sanitize=True` (with a
    small shape) is how the tests keep every configuration of the walk-through kernels checked."""
    from contextlib import nullcontext

    from kernelgen.emulator.emulate import resolve_target, run_source
    from kernelgen.emulator.decl import pick_combo
    from kernelgen.emulator.switches import sanitizer_off
    from kernelgen.perf.model import make_inputs
    from kernelgen.socs import get_soc

    s = get_soc(soc)
    prepared: dict = {}
    out = {}
    for c in cases:
        key = (c.op_dir, shape or c.shape)
        if key not in prepared:
            source = resolve_target(c.op_dir, s)
            decl = source.decl()
            combo = pick_combo(decl, s, {}, DTYPE)
            prepared = {key: (source, combo, make_inputs(decl, combo, key[1]))}   # one input set held at a time
        source, combo, inputs = prepared[key]
        with nullcontext() if sanitize else sanitizer_off():
            out[c.case] = run_source(source, s, inputs, dict(c.attrs), trace=True, combo=combo).report
    return out


def model_case(report: dict, model, soc: str = SOC, published: Published | None = None):
    from kernelgen.perf.model import estimate_from_report

    p = published or CASES[0]
    return estimate_from_report(report, soc, target=p.op_dir.name, dtype=DTYPE, shape=p.shape, model=model)


def predict(reports: dict, model, fitted=(), soc: str = SOC) -> list[Row]:
    rows = []
    for n in sorted(reports):
        est = model_case(reports[n], model, soc, case(n))
        rows.append(Row(case(n), est.estimated_us, est.pipes, est.bound, n in fitted))
    return rows


def format_table(rows: list[Row]) -> str:
    """The calibration table in Markdown: the fitted cases first, then the held-out ones."""
    lines = ["| case | configuration | fitted? | published task (us) | modelled (us) | error | modelled MTE2 / V / "
             "MTE3 busy (us) | published MTE2 / V / MTE3 (us) |",
             "|---|---|---|---|---|---|---|---|"]
    for group in ([r for r in rows if r.used_for_fit], [r for r in rows if not r.used_for_fit]):
        for r in group:
            p = r.published
            pub = (f"{p.mte2_us:.1f} / {p.vec_us:.1f} / {p.mte3_us:.1f}" if p.aiv_us else
                   f"{p.mte2_us:.1f} / - / -" if p.mte2_us else "not published")
            lines.append(f"| {p.case} | {p.label} | {'fit' if r.used_for_fit else 'held out'} | {p.task_us:.2f} | "
                         f"{r.estimated_us:.2f} | {r.error:+.1%} | {r.pipes['MTE2']:.1f} / {r.pipes['V']:.1f} / "
                         f"{r.pipes['MTE3']:.1f} | {pub} |")
    return "\n".join(lines)
