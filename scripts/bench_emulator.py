"""Benchmark: the emulator on gelu_grad (16M float32 elements, warm cache) against NumPy computing the
golden on the same data, in one run. Not a test: run `python scripts/bench_emulator.py`.
"""
import time

import numpy as np

from kernelgen.emulator.emulate import run
from kernelgen.checking.golden import gelu_grad

N = 16 * 1024 * 1024
rng = np.random.default_rng(0)
x = rng.uniform(-7, 7, N).astype(np.float32)
dy = rng.uniform(-5, 5, N).astype(np.float32)
inputs = {"dy": dy, "x": x, "y": dy}
run("gelu_grad", "ascend910b", {k: v[:1024] for k, v in inputs.items()})  # compile / warm the cache


def best_of(fn, repeats=3):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


emu = best_of(lambda: run("gelu_grad", "ascend910b", inputs))
gold = best_of(lambda: gelu_grad({"dy": dy.astype(np.float64), "x": x.astype(np.float64)}, {}))
print(f"gelu_grad float32, {N} elements, ascend910b (48 blocks)")
print(f"emulator (warm cache): {emu:.3f} s   NumPy float64 golden: {gold:.3f} s   ratio {emu / gold:.2f}")
