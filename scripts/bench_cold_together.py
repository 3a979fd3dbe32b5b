#!/usr/bin/env python3
"""bench_cold.py's four cold runs at once (previous and current tree, verify and survey), for a machine so loaded
that running them one after the other would take hours; the same load then falls on all four.

    python scripts/bench_cold_together.py PREV CURRENT OUT.json [verify|survey]
    (e.g. /tmp/prev-s29 /tmp/s29/cur r.json; with verify or survey only that pair runs, two at once)

The load average is sampled every 30 s while they run (OUT.json's "load": the 1-minute figures).

Compare the per-compiler CPU seconds (each g++ measured by its own wrapper). The "CPU s (user+sys)" row is not
valid here: the four runs are threads of one process and getrusage(RUSAGE_CHILDREN) counts every finished child.
"""
import json
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_cold as b  # noqa: E402


def main() -> int:
    prev, cur, out = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    which = tuple(sys.argv[4:5]) or ("verify", "survey")
    work = out.resolve().parent / "bench_work"
    work.mkdir(exist_ok=True)
    root = b.survey_tree(Path("/work/corpus/ops-nn"), work)
    t0 = time.time()
    loads, done = [], threading.Event()

    def sample():
        while not done.wait(0 if not loads else 30):
            loads.append(round(os.getloadavg()[0], 1))
    threading.Thread(target=sample, daemon=True).start()
    with ThreadPoolExecutor(4) as pool:
        futs = {(t, w): pool.submit(b.measure, t, w, work, 2, root) for w in which for t in (prev, cur)}
        runs = {k: f.result() for k, f in futs.items()}
    result = {w: {"prev": b.median_record([runs[(prev, w)]]), "current": b.median_record([runs[(cur, w)]])}
              for w in which}
    done.set()
    result["elapsed"] = round(time.time() - t0, 1)
    result["load"] = loads
    out.write_text(json.dumps(result, indent=1))
    b.print_table(result)
    for w in which:
        for t in ("prev", "current"):
            print(w, t, "g++ CPU s", round(sum(v["cpu"] for v in result[w][t]["compilers"].values()), 1))
    print("load average (1 min), sampled every 30 s:", min(loads), "-", max(loads))
    return 0


if __name__ == "__main__":
    sys.exit(main())
