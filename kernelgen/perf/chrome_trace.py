"""The cost model's timeline as Chrome trace-event JSON (opens in Perfetto and chrome://tracing, like msprof's
timeline): one complete ("X") event per timed API call, one process per block ("block N") and one thread per
pipe (MTE2, V, MTE3, S). Times are microseconds from the kernel start; blocks of later waves start when the
previous wave ends. Blocks whose workload another block already simulated show that block's timeline.
"""
from __future__ import annotations

from kernelgen.perf.model import PerfEstimate

PIPE_ORDER = ("MTE2", "V", "MTE3", "S")


def chrome_trace(est: PerfEstimate) -> dict:
    """{"traceEvents": [...], "displayTimeUnit": "ns", "otherData": {...}} from an estimate made with record=True."""
    if not est.spans:
        raise ValueError("the estimate has no recorded timeline: estimate(..., record=True)")
    events = []
    for block in sorted(est.spans):
        start_ns, spans = est.spans[block]
        pid = block
        events.append({"ph": "M", "name": "process_name", "pid": pid, "tid": 0, "args": {"name": f"block {block}"}})
        events.append({"ph": "M", "name": "process_sort_index", "pid": pid, "tid": 0, "args": {"sort_index": block}})
        pipes = sorted({p for p, *_ in spans}, key=lambda p: (PIPE_ORDER.index(p) if p in PIPE_ORDER else 9, p))
        tids = {p: i + 1 for i, p in enumerate(pipes)}
        for p, tid in tids.items():
            events.append({"ph": "M", "name": "thread_name", "pid": pid, "tid": tid, "args": {"name": p}})
            events.append({"ph": "M", "name": "thread_sort_index", "pid": pid, "tid": tid, "args": {"sort_index": tid}})
        for pipe, api, a, b in spans:
            events.append({"ph": "X", "name": api, "cat": pipe, "pid": pid, "tid": tids[pipe],
                           "ts": round((start_ns + a) / 1000.0, 4), "dur": round((b - a) / 1000.0, 4)})
    other = {"target": est.target, "soc": est.soc, "sku": est.sku, "dtype": est.dtype, "shape": list(est.shape),
             "estimated_us": est.estimated_us, "launch_us": est.launch_us, "calibrated": est.calibrated}
    return {"traceEvents": events, "displayTimeUnit": "ns", "otherData": other}
