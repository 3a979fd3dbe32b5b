"""Time and peak memory of `kernelgen perf` at 64M elements, by phase (docs/cost-model.md §2, Cost).

    python scripts/bench_perf.py [--dtype float16] [--shape 67108864]

Prints resolve / inputs / emulator run (with the streamed trace) / model seconds, the trace's event count and the
process's peak RSS. Figures depend on the machine's load; compare runs made back to back."""
import argparse
import resource
import time

from kernelgen.emulator.emulate import resolve_target, run_source
from kernelgen.emulator.decl import pick_combo
from kernelgen.perf.model import estimate_from_report, make_inputs
from kernelgen.socs import get_soc

ap = argparse.ArgumentParser()
ap.add_argument("--dtype", default="float16")
ap.add_argument("--shape", default="67108864")
ap.add_argument("--soc", default="ascend910b")
args = ap.parse_args()
shape = tuple(int(d) for d in args.shape.split(","))
soc = get_soc(args.soc)
start = time.perf_counter()
t = time.perf_counter()
source = resolve_target("gelu_grad", soc)
decl = source.decl()
combo = pick_combo(decl, soc, {}, args.dtype)
print(f"resolve   {time.perf_counter() - t:6.2f} s")
t = time.perf_counter()
inputs = make_inputs(decl, combo, shape)
print(f"inputs    {time.perf_counter() - t:6.2f} s")
t = time.perf_counter()
run = run_source(source, soc, inputs, {}, trace=True, combo=combo)
trace = run.report["trace"]
events = trace.event_count() if hasattr(trace, "event_count") else sum(len(b) for b in trace)
print(f"run       {time.perf_counter() - t:6.2f} s  ({events} trace events, {len(trace)} blocks)")
t = time.perf_counter()
est = estimate_from_report(run.report, soc)
print(f"model     {time.perf_counter() - t:6.2f} s  (estimate {est.estimated_us:.2f} us)")
print(f"total     {time.perf_counter() - start:6.2f} s, peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")
