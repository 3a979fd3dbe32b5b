"""Calibration of the cost model (kernelgen.perf.model) against published Atlas A2 measurements.

The Atlas A2 Add optimisation walk-through (hicann/asc-devkit
examples/01_simd_cpp_api/05_best_practices/00_vector_compute/add_high_performance/README.md) publishes the task
duration and per-pipe times of z = x + y over 8192 x 8192 float16 in several configurations. add_walkthrough/ is
that kernel in the ops-nn operator layout (written for kernelgen from the published description); its attributes
select the configurations. `calibrate()` models each configuration and sets it against the published figures;
docs/cost-model.md and tests/test_perf.py show the table. Regenerate the table with
`python -m kernelgen.perf.calibration` (__main__.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

ADD_DIR = Path(__file__).resolve().parent / "add_walkthrough"
SOURCE = ("hicann/asc-devkit examples/01_simd_cpp_api/05_best_practices/00_vector_compute/add_high_performance/"
          "README.md, performance tables measured on the Atlas A2 training series")
SOC = "ascend910b"
SHAPE = (8192, 8192)
DTYPE = "float16"
TOLERANCE = 0.25   # the stated acceptance: every configuration within 25 % of the published task duration


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


# The walk-through's cases 1-4 (case 0 is a scalar loop the trace does not time).
CASES = (
    Published(1, "1 core, 8 KiB DataCopy", {"block_num": 1, "copy_len": 4096}, 6909.6, 6909.14, 761.65, 6208.762, 2613.205),
    Published(2, "48 cores, 8 KiB DataCopy", {"copy_len": 4096}, 306.58, 297.14, 15.885, 215.485, 54.33),
    Published(3, "48 cores, 32 KiB DataCopy", {"copy_len": 16384}, 268.5, 261.5, 12.845, 184.369, 57.354),
    Published(4, "48 cores, 32 KiB, double buffering", {"copy_len": 16384, "double_buffer": True},
              264.02, 257.56, 12.846, 250.528, 84.988),
)
# Published but outside what the trace can express (no cache hints, no UB addresses in the trace).
NOT_MODELLED = (
    (5, "case 4 + L2 cache bypass for x and y (SetL2CacheHint)", 187.68),
    (6, "case 5 + UB layout without bank conflicts", 184.52),
)


@dataclass(frozen=True)
class Row:
    published: Published
    modelled_us: float
    pipes: dict
    bound: str

    @property
    def error(self) -> float:
        return self.modelled_us / self.published.task_us - 1.0


def calibrate(soc: str = SOC) -> list[Row]:
    """Model every published configuration on soc (the published figures are for ascend910b)."""
    from kernelgen.perf.model import estimate

    rows = []
    for case in CASES:
        est = estimate(ADD_DIR, soc, DTYPE, SHAPE, dict(case.attrs))
        rows.append(Row(case, est.estimated_us, est.pipes, est.bound))
    return rows


def format_table(rows: list[Row]) -> str:
    """The calibration table in Markdown."""
    lines = ["| case | configuration | published task (us) | modelled (us) | error | modelled MTE2 / V / MTE3 busy (us) "
             "| published MTE2 / V / MTE3 (us) |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        p = r.published
        lines.append(f"| {p.case} | {p.label} | {p.task_us:.2f} | {r.modelled_us:.2f} | {r.error:+.1%} | "
                     f"{r.pipes['MTE2']:.1f} / {r.pipes['V']:.1f} / {r.pipes['MTE3']:.1f} | "
                     f"{p.mte2_us:.1f} / {p.vec_us:.1f} / {p.mte3_us:.1f} |")
    for case, label, task in NOT_MODELLED:
        lines.append(f"| {case} | {label} | {task:.2f} | not modelled | | | |")
    return "\n".join(lines)
