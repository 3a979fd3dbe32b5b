"""The cost model: a kernel's NPU time per SOC, estimated from the emulator's trace (docs/cost-model.md).

1. The emulator runs the target once with tracing on; per block the trace lists every API call with its
   pipe (MTE2 = GM->UB, V = vector, MTE3 = UB->GM, S = scalar), its size, and the synchronisation
   points (queue AllocTensor/EnQue/DeQue/FreeTensor, SetFlag/WaitFlag, PipeBarrier).
2. Each block's events become in-order instruction streams, one per pipe, joined by dependencies: a DeQue
   waits for the EnQue of that buffer on the producing pipe, an AllocTensor waits for the last FreeTensor
   of that buffer slot, a WaitFlag waits for its SetFlag, PipeBarrier<PIPE_ALL> joins every pipe. So
   double buffering overlaps exactly as much as the dependencies allow.
3. Durations: a vector instruction costs an issue overhead plus its 256-byte repeats times the cycles per
   repeat of its class (VPERF). A DataCopy costs a fixed per-DMA overhead (the small-transfer penalty)
   plus its bytes at the per-pipe MTE rate, capped by its share of the chip's HBM bandwidth; a transfer
   whose GM address is not 512-byte aligned moves at 70 % of the rate.
4. HBM sharing: every active core is assumed to run the same timeline (lockstep), so a transfer gets
   HBM / (active cores x transfers in flight on its core), simulated event by event (processor sharing).
5. The chip time is the slowest block of each wave of up to core_num blocks, plus a launch overhead that
   grows with the block count. Blocks with the same work (big, small, last cores) are simulated once.

The library never prints: format_estimate / format_comparison return text for the CLI.
"""
from __future__ import annotations

import math
from collections import defaultdict, deque
from dataclasses import asdict, dataclass, field

import numpy as np

from kernelgen.errors import EmulatorDefect, UsageError
from kernelgen.ub_banks import beat_cycles
from kernelgen.socs import Soc, cost_model_constants, get_soc, vector_throughput

PIPES = ("MTE2", "V", "MTE3")
DMA_APIS = ("DataCopy", "DataCopyPad")
TRANSCENDENTAL = frozenset({"Exp", "Ln", "Sqrt", "Div"})  # VPERF: 32 elements/cycle on A2 for f16 and f32
MUL_ADD = frozenset({"MulAddDst"})                           # VPERF: 64 (f16) / 32 (f32) elements/cycle
CASTS = frozenset({"Cast"})                                  # VPERF: 64 elements/cycle (f16/bf16 <-> f32)


@dataclass(frozen=True)
class CostModel:
    """The model's constants for one SOC (every value from the SOC catalog, with its source)."""

    soc: str
    sku: str
    clock_ghz: float
    core_num: int
    hbm_gbps: float                  # effective chip HBM bandwidth shared by the active cores (GB/s = bytes/ns)
    mte_bytes_per_cycle: float       # per core and MTE pipe (GetCoreMemBw HBM)
    dma_overhead_cycles: dict        # pipe -> fixed cycles per DataCopy
    vector_issue_cycles: float
    vector_elements_per_cycle: dict  # class -> elements/cycle (VPERF)
    gm_alignment_bytes: int
    gm_unaligned_extra_bytes: float   # an unaligned start moves this many bytes more (partial bursts)
    launch_base_us: float
    launch_per_block_us: float
    scalar_cycles_per_access: float = 0.0   # one GetValue/SetValue on the scalar unit, with its share of the loop
    l2_bytes: int = 0                        # L2 capacity: writes land there; overflow is written back to HBM
    ub_rr_conflict_cycles: float = 1.0       # cycles of a beat with two reads on one UB bank group
    ub_rw_conflict_cycles: float = 1.0       # cycles of a beat whose write shares a UB bank with a read
    calibrated: bool = False                 # fitted against measurements on this architecture
    measured_gbps: float = 0.0               # best published end-to-end GB/s on this architecture (0: none)
    sources: dict = field(default_factory=dict, compare=False)

    def vector_cycles(self, api: str, repeats: int, dtype_bytes: int, nbytes: int, ub=(-1, -1, -1)) -> float:
        """Cycles of one vector instruction: issue overhead + repeats x cycles per 256-byte repeat, where a
        repeat costs its VPERF cycles or, if more, what its UB bank conflicts cost (ub = dst, src0, src1)."""
        repeats = max(int(repeats), (int(nbytes) + 255) // 256)
        db = max(int(dtype_bytes), 1)
        per_repeat_elems = 256 / db
        epc = self.vector_elements_per_cycle
        if api in TRANSCENDENTAL:
            rate = epc["transcendental"]
        elif api in MUL_ADD:
            rate = epc["mul_add_f32"] if db >= 4 else epc["mul_add_f16"]
        elif api in CASTS:
            rate = epc["cast"]
        else:  # Add, Mul, Muls, Duplicate, Compare, Select, DataCopy UB->UB, ...: 256 bytes per cycle
            rate = per_repeat_elems
        per_repeat = per_repeat_elems / rate
        if ub[0] >= 0 or ub[1] >= 0:
            per_repeat = max(per_repeat, beat_cycles(int(ub[0]), (int(ub[1]), int(ub[2])), repeats,
                                                     self.ub_rr_conflict_cycles, self.ub_rw_conflict_cycles))
        return self.vector_issue_cycles + repeats * per_repeat

    def launch_us(self, blocks: int) -> float:
        return self.launch_base_us + self.launch_per_block_us * blocks

    def as_dict(self) -> dict:
        return asdict(self)

    def constants(self) -> dict:
        """The constants as plain values (no sources): what `perf --json` reports under "model"."""
        return {k: v for k, v in self.as_dict().items() if k != "sources"}


# Constants the calibration fits (kernelgen.perf.calibration.fit); their catalog values are its last output.
FITTED = ("scalar_cycles_per_access", "mte2_dma_overhead_cycles", "mte3_dma_overhead_cycles", "hbm_efficiency",
          "launch_base_us", "launch_per_block_us")


def cost_model(soc: Soc | str, **overrides) -> CostModel:
    """The model for soc from the catalog; overrides replace catalog cost_model constants (the fit uses them)."""
    soc = soc if isinstance(soc, Soc) else get_soc(soc)
    c = cost_model_constants(soc)
    c.update(overrides)
    v = vector_throughput(soc)
    epc = {"transcendental": v["transcendental"], "cast": v["cast"],
           "mul_add_f16": c["mul_add_elements_per_cycle_f16"], "mul_add_f32": c["mul_add_elements_per_cycle_f32"]}
    sources = dict(c.get("sources", {}))
    sources.update({"clock_ghz": "catalog clock_mhz", "hbm_gbps": "catalog hbm_gbps x cost_model hbm_efficiency",
                    "mte_bytes_per_cycle": "catalog hbm_bytes_per_cycle (STUB GetCoreMemBw)",
                    "vector_elements_per_cycle": "catalog vector_elements_per_cycle (VPERF)",
                    "l2_bytes": "catalog l2_bytes"})
    return CostModel(
        soc=soc.family, sku=soc.sku, clock_ghz=soc.clock_mhz / 1000.0, core_num=soc.core_num,
        hbm_gbps=float(soc.hbm_gbps) * float(c["hbm_efficiency"]), mte_bytes_per_cycle=float(soc.hbm_bytes_per_cycle),
        dma_overhead_cycles={"MTE2": float(c["mte2_dma_overhead_cycles"]), "MTE3": float(c["mte3_dma_overhead_cycles"])},
        vector_issue_cycles=float(c["vector_issue_cycles"]), vector_elements_per_cycle=epc,
        gm_alignment_bytes=int(c["gm_alignment_bytes"]), gm_unaligned_extra_bytes=float(c["gm_unaligned_extra_bytes"]),
        launch_base_us=float(c["launch_base_us"]), launch_per_block_us=float(c["launch_per_block_us"]),
        scalar_cycles_per_access=float(c["scalar_cycles_per_access"]), l2_bytes=int(soc.l2_bytes),
        ub_rr_conflict_cycles=float(c["ub_rr_conflict_cycles"]), ub_rw_conflict_cycles=float(c["ub_rw_conflict_cycles"]),
        calibrated=bool(c.get("calibrated", False)), measured_gbps=float(c.get("measured_achievable_gbps", 0.0)),
        sources=sources)


def guessed_constants(model: CostModel) -> dict:
    """For an uncalibrated SOC: the constants the model takes from another architecture or guesses."""
    keys = ("clock_ghz", "hbm_gbps", "mte_bytes_per_cycle", "dma_overhead_cycles", "vector_issue_cycles",
            "launch_base_us", "launch_per_block_us", "scalar_cycles_per_access", "ub_rr_conflict_cycles",
            "ub_rw_conflict_cycles", "gm_unaligned_extra_bytes")
    d = model.constants()
    return {k: d[k] for k in keys}


# ---- one block: trace -> per-pipe streams -> event-driven timeline -----------------------------------------
_WAIT, _SIGNAL, _BUSY, _DMA = 0, 1, 2, 3
_OPTIONAL_FIELDS = ("ub_dst", "ub_src0", "ub_src1", "l2")   # absent from older traces: -1


@dataclass(frozen=True)
class L2Plan:
    """How a run's GM traffic reaches HBM (docs/cost-model.md §2, L2).

    Writes land in L2 (write-back). Reads in the default cache mode allocate L2 lines; reads of a GlobalTensor
    with SetL2CacheHint(CACHE_MODE_DISABLE) do not. Once the allocations exceed the L2 capacity, written lines
    are evicted first and written back to HBM. The write-back bytes are spread over the reads (they share the
    HBM with them); a run without reads pays them on its writes.
    """

    read_factor: float = 1.0    # HBM bytes per byte read
    write_factor: float = 0.0   # HBM bytes per byte written (0: the write stays in L2)
    write_back_bytes: int = 0

    @staticmethod
    def of(read_cached: int, read_bypass: int, written: int, l2_bytes: int) -> "L2Plan":
        reads = read_cached + read_bypass
        evicted = max(0, written + read_cached - l2_bytes)
        wb = min(written, evicted)
        if reads:
            return L2Plan(1.0 + wb / reads, 0.0, wb)
        return L2Plan(1.0, wb / written if written else 0.0, wb)


def gm_traffic(traces, fields) -> tuple[int, int, int]:
    """(bytes read in the default cache mode, bytes read bypassing L2, bytes written) over every block."""
    ix = {name: i for i, name in enumerate(fields)}
    a_api, a_pipe, a_bytes = ix["api"], ix["pipe"], ix["bytes"]
    a_l2 = ix.get("l2")
    cached = bypass = written = 0
    for events in traces:
        for e in events:
            if e[a_api] in DMA_APIS:
                if e[a_pipe] == "MTE2":
                    if a_l2 is not None and e[a_l2] == 0:
                        bypass += int(e[a_bytes])
                    else:
                        cached += int(e[a_bytes])
                elif e[a_pipe] == "MTE3":
                    written += int(e[a_bytes])
    return cached, bypass, written


@dataclass
class BlockTiming:
    block: int
    time_ns: float
    busy_ns: dict                 # pipe -> busy time (DMA overhead included)
    tiles: list                   # [(tile, {pipe: (start_ns, end_ns)})]
    gm_bytes: int
    dma_count: int
    unaligned_dmas: int
    hbm_limited_ns: float         # DMA data time during which the HBM share, not the MTE pipe, was the limit
    dma_data_ns: float
    spans: list = field(default_factory=list)   # with record=True: (pipe, api, start_ns, end_ns) per call
    vector_floor_ns: float = 0.0  # the block's vector repeats at VPERF rates: no issue cost, no bank conflicts


class _Streams:
    """Per-pipe instruction streams with dependency tokens, built from one block's trace."""

    def __init__(self, events, fields, model: CostModel, l2: L2Plan):
        ix = {name: i for i, name in enumerate(fields)}
        self.streams: dict[str, list] = defaultdict(list)
        self.ntok = 0
        self.gm_bytes = 0
        self.dma_count = 0
        self.unaligned = 0
        self.vector_floor_ns = 0.0
        last_enque: dict = {}
        last_free: dict = {}
        flags: dict = defaultdict(deque)
        ns_per_cycle = 1.0 / model.clock_ghz
        cap = model.mte_bytes_per_cycle * model.clock_ghz  # bytes per ns, per MTE pipe
        pipes = sorted({e[ix["pipe"]] for e in events} | set(PIPES))
        tile = 0          # tiles are counted by stores: tile k ends with the k-th MTE3 DataCopy
        waited = set()    # pipes that have waited on another pipe; vector work before that is set-up ("init")
        a_api, a_pipe, a_bytes, a_rep, a_db, a_off, a_q, a_buf, a_el = (
            ix["api"], ix["pipe"], ix["bytes"], ix["repeats"], ix["dtype_bytes"], ix["gm_offset"], ix["queue"],
            ix["buffer"], ix["elements"])
        a_ub = tuple(ix.get(f) for f in _OPTIONAL_FIELDS[:3])
        no_ub = (-1, -1, -1)
        for e in events:
            api, pipe = e[a_api], e[a_pipe]
            s = self.streams[pipe]
            if api == "AllocTensor":
                tok = last_free.get((e[a_q], e[a_buf]))
                if tok is not None:
                    s.append((_WAIT, tok))
                    waited.add(pipe)
            elif api == "EnQue":
                last_enque[(e[a_q], e[a_buf])] = self._signal(s)
            elif api == "DeQue":
                tok = last_enque.get((e[a_q], e[a_buf]))
                if tok is not None:
                    s.append((_WAIT, tok))
                    waited.add(pipe)
            elif api == "FreeTensor":
                last_free[(e[a_q], e[a_buf])] = self._signal(s)
            elif api == "SetFlag":
                flags[(e[a_buf], e[a_q])].append(self._signal(s))
            elif api == "WaitFlag":
                fifo = flags[(e[a_buf], e[a_q])]
                if fifo:
                    s.append((_WAIT, fifo.popleft()))
                    waited.add(pipe)
            elif api == "PipeBarrier":
                if pipe == "ALL":
                    toks = [self._signal(self.streams[p]) for p in pipes if p != "ALL"]
                    for p in pipes:
                        if p != "ALL":
                            self.streams[p].extend((_WAIT, t) for t in toks)
            elif api in DMA_APIS and pipe in ("MTE2", "MTE3"):
                nbytes = int(e[a_bytes])
                off = int(e[a_off])
                extra = 0.0
                if off >= 0 and off % model.gm_alignment_bytes:
                    extra = model.gm_unaligned_extra_bytes
                    self.unaligned += 1
                self.gm_bytes += nbytes
                self.dma_count += 1
                lat = model.dma_overhead_cycles.get(pipe, 0.0) * ns_per_cycle
                hbm = l2.read_factor if pipe == "MTE2" else l2.write_factor
                s.append((_DMA, lat, nbytes + extra, cap, tile, hbm, api))
                if pipe == "MTE3":
                    tile += 1
            elif api == "Scalar":   # a run of GetValue/SetValue on the scalar unit
                s.append((_BUSY, int(e[a_el]) * model.scalar_cycles_per_access * ns_per_cycle,
                          tile if pipe in waited else -1, api))
            elif pipe in ("V",) or api in DMA_APIS:  # vector instructions (and UB->UB copies on V)
                ub = no_ub if a_ub[0] is None else (e[a_ub[0]], e[a_ub[1]], e[a_ub[2]])
                cycles = model.vector_cycles(api, e[a_rep], e[a_db], e[a_bytes], ub)
                s.append((_BUSY, cycles * ns_per_cycle, tile if pipe in waited else -1, api))
                if pipe == "V":
                    repeat_cycles = model.vector_cycles(api, e[a_rep], e[a_db], e[a_bytes]) - model.vector_issue_cycles
                    self.vector_floor_ns += repeat_cycles * ns_per_cycle
            # other events (queue bookkeeping without a wait) cost nothing in this model

    def _signal(self, stream: list) -> int:
        tok = self.ntok
        self.ntok += 1
        stream.append((_SIGNAL, tok))
        return tok


def simulate_block(events, fields, model: CostModel, active_cores: int, block: int = 0, l2: L2Plan | None = None,
                   record: bool = False) -> BlockTiming:
    """Event-driven timeline of one block's pipes, with HBM bandwidth shared by active_cores lockstep cores.

    l2: how reads and writes reach HBM (default: every read from HBM, every write into L2). record: keep the
    (pipe, api, start_ns, end_ns) of every timed call in BlockTiming.spans (the Chrome trace).
    """
    st = _Streams(events, fields, model, l2 or L2Plan())
    streams = st.streams
    pipes = list(streams)
    ptr = {p: 0 for p in pipes}
    tok_time = [None] * st.ntok
    running: dict = {}   # pipe -> [kind, end_or_remaining, start, tile, cap, phase_end, hbm_factor, api]
    busy = defaultdict(float)
    tiles: dict = defaultdict(dict)
    spans: list = []
    hbm_share_total = model.hbm_gbps / max(1, active_cores)   # bytes/ns for this core's transfers
    t = 0.0
    hbm_limited = 0.0
    data_time = 0.0
    eps = 1e-9

    def note(pipe, start, end, tile, api):
        busy[pipe] += end - start
        span = tiles[tile].get(pipe)
        tiles[tile][pipe] = (start, end) if span is None else (min(span[0], start), max(span[1], end))
        if record:
            spans.append((pipe, api, start, end))

    while True:
        progressed = True
        while progressed:  # run zero-time items (signals, satisfied waits) and start work on idle pipes
            progressed = False
            for p in pipes:
                if p in running:
                    continue
                s = streams[p]
                i = ptr[p]
                n = len(s)
                while i < n:
                    item = s[i]
                    kind = item[0]
                    if kind == _WAIT:
                        if tok_time[item[1]] is None:
                            break
                        i += 1
                    elif kind == _SIGNAL:
                        tok_time[item[1]] = t
                        i += 1
                        progressed = True
                    elif kind == _BUSY:
                        running[p] = [_BUSY, t + item[1], t, item[2], 0.0, 0.0, 0.0, item[3]]
                        i += 1
                        break
                    else:  # DMA: overhead phase, then data phase
                        running[p] = [_DMA, item[2], t, item[4], item[3], t + item[1], item[5], item[6]]
                        i += 1
                        break
                ptr[p] = i
        if not running:
            stuck = [p for p in pipes if ptr[p] < len(streams[p])]
            if stuck:
                raise EmulatorDefect(f"cost model: block {block} deadlocks (pipes {', '.join(stuck)} wait on "
                                     "events that never come); the trace's synchronisation is inconsistent")
            break
        # rates of transfers in their data phase; those that reach HBM share this core's part of it
        in_data = [p for p, r in running.items() if r[0] == _DMA and r[5] <= t + eps]
        on_hbm = [p for p in in_data if running[p][6] > 0]
        share = hbm_share_total / len(on_hbm) if on_hbm else 0.0
        rates = {}
        limited = set()
        for p in in_data:
            r = running[p]
            rate = r[4]
            if r[6] > 0 and share / r[6] < rate:
                rate = share / r[6]
                limited.add(p)
            rates[p] = rate
        dt = math.inf
        for p, r in running.items():
            if r[0] == _BUSY:
                dt = min(dt, r[1] - t)
            elif p in rates:
                dt = min(dt, r[1] / rates[p])
            else:
                dt = min(dt, r[5] - t)
        dt = max(dt, 0.0)
        for p in in_data:
            data_time += dt
            if p in limited:
                hbm_limited += dt
        t += dt
        for p in list(running):
            r = running[p]
            if r[0] == _BUSY:
                if r[1] <= t + eps:
                    note(p, r[2], t, r[3], r[7])
                    del running[p]
            elif p in rates:
                r[1] -= rates[p] * dt
                if r[1] <= eps * max(1.0, rates[p]):
                    note(p, r[2], t, r[3], r[7])
                    del running[p]
    tile_rows = sorted(tiles.items(), key=lambda kv: (kv[0] != -1, kv[0]))
    return BlockTiming(block, t, dict(busy), tile_rows, st.gm_bytes, st.dma_count, st.unaligned, hbm_limited,
                       data_time, spans, st.vector_floor_ns)


# ---- the chip --------------------------------------------------------------------------------------------
@dataclass
class PerfEstimate:
    target: str
    soc: str
    sku: str
    dtype: str
    shape: tuple
    block_dim: int
    tiling_key: int | None
    estimated_us: float
    kernel_us: float
    launch_us: float
    pipes: dict                 # pipe -> busy us of the slowest block
    bound: str
    gm_bytes: int
    achieved_gbps: float
    hbm_gbps: float
    roofline_us: float
    roofline_fraction: float
    hbm_limited_fraction: float
    unaligned_dma_fraction: float
    slowest_block: int
    blocks_simulated: int
    timeline: list = field(default_factory=list)   # [{"tile": k, "MTE2": [start, end], ...}] in us
    notes: list = field(default_factory=list)
    model: dict = field(default_factory=dict)      # the constants used (CostModel without sources)
    calibrated: bool = False                       # False: the SOC's constants are guessed, not fitted
    guessed: dict = field(default_factory=dict)    # the guessed constants of an uncalibrated SOC
    achievable_gbps: float = 0.0                   # best end-to-end GB/s measured on this SOC (0: none published)
    achievable_us: float = 0.0                     # gm_bytes at achievable_gbps
    achievable_fraction: float = 0.0               # achievable_us / estimated_us
    l2_write_back_bytes: int = 0
    l2_bypass_read_bytes: int = 0                  # bytes read with SetL2CacheHint(CACHE_MODE_DISABLE)
    # The vector unit's least possible time for these instructions: every wave's largest sum of repeats at VPERF
    # rates, with no issue cost and no bank conflicts. No buffer layout or tile size that keeps the instructions
    # (and so their repeats) beats vector_floor_us + launch_us; floor_fraction is the measured bound over that.
    vector_floor_us: float = 0.0
    floor_fraction: float = 0.0
    spans: dict = field(default_factory=dict, repr=False)   # record=True: block -> (wave start ns, spans)

    def as_dict(self) -> dict:
        import copy
        from dataclasses import fields as dc_fields

        d = {f.name: copy.deepcopy(getattr(self, f.name)) for f in dc_fields(self) if f.name != "spans"}
        d["shape"] = list(self.shape)
        return d


def _signature(events, fields, align: int):
    """A block's workload: its events with each GM offset reduced to 'aligned or not'."""
    ix = {name: i for i, name in enumerate(fields)}
    keep = [ix[f] for f in ("api", "pipe", "bytes", "elements", "repeats", "dtype_bytes", "queue", "buffer",
                            *_OPTIONAL_FIELDS) if f in ix]
    off = ix["gm_offset"]
    return hash(tuple((*(e[i] for i in keep), e[off] < 0 or e[off] % align == 0) for e in events))


def _prepared(report: dict, align: int) -> tuple:
    """(GM traffic, per-block workload signatures) of a report, computed once per alignment and kept in the report
    under "_perf_prepared" (the calibration fit models the same report many times)."""
    memo = report.setdefault("_perf_prepared", {})
    if align not in memo:
        traces, fields = report["trace"], report["trace_fields"]
        if hasattr(traces, "signatures"):   # a StreamedTrace: NumPy, no per-event Python objects
            memo[align] = (traces.traffic(), traces.signatures(align))
        else:
            sigs = [0] if len(traces) == 1 else [_signature(t, fields, align) for t in traces]
            memo[align] = (gm_traffic(traces, fields), sigs)
    return memo[align]


def _bound(busy: dict, time_ns: float) -> str:
    main = {p: busy.get(p, 0.0) for p in PIPES}
    pipe = max(main, key=main.get)
    if time_ns <= 0 or main[pipe] < 0.8 * time_ns:
        return "sync"   # no pipe is busy most of the time: the pipes wait on each other
    return pipe


def estimate_from_report(report: dict, soc: Soc | str, target: str = "", dtype: str = "", shape=(),
                         model: CostModel | None = None, record: bool = False) -> PerfEstimate:
    """Cost-model estimate from an emulator run report made with trace=True.

    record: keep every block's timed calls (PerfEstimate.spans: block -> [(pipe, api, start_ns, end_ns)]) for
    the Chrome trace (kernelgen.perf.chrome_trace); blocks with the same workload share one list.
    """
    soc = soc if isinstance(soc, Soc) else get_soc(soc)
    model = model or cost_model(soc)
    if "trace" not in report:
        raise UsageError("the emulator report has no trace: run the emulator with trace=True")
    fields = report["trace_fields"]
    traces = report["trace"]
    nblocks = len(traces)
    traffic, signatures = _prepared(report, model.gm_alignment_bytes)
    l2 = L2Plan.of(*traffic, model.l2_bytes)
    waves = [range(w, min(w + model.core_num, nblocks)) for w in range(0, nblocks, model.core_num)]
    kernel_ns = 0.0
    floor_ns = 0.0
    slowest: BlockTiming | None = None
    simulated = 0
    total_bytes = 0
    total_dmas = 0
    unaligned = 0
    spans: dict = {}
    for wave in waves:
        active = len(wave)
        cache: dict = {}
        wave_time = 0.0
        wave_floor = 0.0
        for b in wave:
            sig = signatures[b]
            timing = cache.get(sig)
            if timing is None:
                timing = simulate_block(traces[b], fields, model, active, block=b, l2=l2, record=record)
                cache[sig] = timing
                simulated += 1
            if record:
                spans[b] = (kernel_ns, timing.spans)
            total_bytes += timing.gm_bytes
            total_dmas += timing.dma_count
            unaligned += timing.unaligned_dmas
            if timing.time_ns > wave_time:
                wave_time = timing.time_ns
            wave_floor = max(wave_floor, timing.vector_floor_ns)
            if slowest is None or timing.time_ns > slowest.time_ns:
                slowest = timing
        kernel_ns += wave_time
        floor_ns += wave_floor
    if slowest is None:
        raise UsageError("the emulator report has no blocks")
    launch = model.launch_us(nblocks)
    kernel_us = kernel_ns / 1000.0
    est = kernel_us + launch
    roof = total_bytes / model.hbm_gbps / 1000.0
    timeline = []
    for tile, tspans in slowest.tiles:
        row = {"tile": tile if tile >= 0 else "init"}
        for p, (a, b) in tspans.items():
            row[p] = [round(a / 1000.0, 4), round(b / 1000.0, 4)]
        timeline.append(row)
    notes = []
    if simulated < nblocks:
        notes.append(f"{nblocks} blocks; {simulated} distinct block workload(s) simulated, the others share their timing")
    if l2.write_back_bytes >= 1 << 20:
        notes.append(f"L2: {l2.write_back_bytes / 1e6:.1f} MB of written data overflow L2 and are written back to HBM")
    achievable = model.measured_gbps
    ach_us = total_bytes / achievable / 1000.0 if achievable else 0.0
    return PerfEstimate(
        target=str(target), soc=soc.family, sku=soc.sku, dtype=dtype, shape=tuple(shape), block_dim=nblocks,
        tiling_key=report.get("tiling_key"), estimated_us=est, kernel_us=kernel_us, launch_us=launch,
        pipes={p: slowest.busy_ns.get(p, 0.0) / 1000.0 for p in PIPES},
        bound=_bound(slowest.busy_ns, slowest.time_ns), gm_bytes=total_bytes,
        achieved_gbps=total_bytes / (est * 1000.0) if est > 0 else 0.0, hbm_gbps=model.hbm_gbps,
        roofline_us=roof, roofline_fraction=roof / est if est > 0 else 0.0,
        hbm_limited_fraction=slowest.hbm_limited_ns / slowest.dma_data_ns if slowest.dma_data_ns else 0.0,
        unaligned_dma_fraction=unaligned / total_dmas if total_dmas else 0.0,
        slowest_block=slowest.block, blocks_simulated=simulated, timeline=timeline, notes=notes,
        model=model.constants(), calibrated=model.calibrated,
        guessed={} if model.calibrated else guessed_constants(model),
        achievable_gbps=achievable, achievable_us=ach_us, achievable_fraction=ach_us / est if est > 0 else 0.0,
        l2_write_back_bytes=l2.write_back_bytes, l2_bypass_read_bytes=traffic[1], spans=spans,
        vector_floor_us=floor_ns / 1000.0,
        floor_fraction=ach_us / (floor_ns / 1000.0 + launch) if achievable and floor_ns > 0 else 0.0)


def make_inputs(decl, combo: dict, shape, seed: int = 0, kinds: dict | None = None) -> dict:
    """Seeded inputs in [-1, 1) of every required input (values do not change the model's timing); kinds:
    {input: "scalar"} for one-element inputs (a kernelgen.lang kl.Scalar), which are not of the shape."""
    from kernelgen.dtypes import GE_DTYPES

    rng = np.random.default_rng(seed)
    n = int(np.prod(shape)) if len(shape) else 1
    period = min(n, 1 << 16)  # a seeded pattern repeated: fast to make for 10^8 elements
    out = {}
    for t in decl.inputs:
        if not t.required:
            continue
        npd = GE_DTYPES[combo[t.name]].numpy
        if npd.kind == "f" or npd.name == "bfloat16":
            base = (rng.random(period, dtype=np.float32) * 2 - 1).astype(npd)
        else:
            base = rng.integers(-8, 8, period).astype(npd)
        if (kinds or {}).get(t.name) == "scalar":
            out[t.name] = base[:1].copy()
            continue
        if (kinds or {}).get(t.name) == "last_axis":   # a 1-D row of the last dimension (kl.LastAxis)
            last = int(shape[-1]) if len(shape) else 1
            out[t.name] = np.resize(base, last)
            continue
        out[t.name] = np.resize(base, n).reshape(shape)
    return out


def estimate(target, soc: Soc | str, dtype: str | None, shape, attrs: dict | None = None, seed: int = 0,
             threads: int = 0, record: bool = False) -> PerfEstimate:
    """Run target (an operator name or an ops-nn operator directory) with tracing; estimate its time on soc."""
    from kernelgen.emulator.emulate import resolve_target

    soc = soc if isinstance(soc, Soc) else get_soc(soc)
    return estimate_source(resolve_target(target, soc), soc, dtype, shape, attrs, seed, threads, label=str(target),
                           record=record)


def estimate_source(source, soc: Soc | str, dtype: str | None, shape, attrs: dict | None = None, seed: int = 0,
                    threads: int = 0, label: str = "", record: bool = False) -> PerfEstimate:
    """estimate() for an emulate.OperatorSource (e.g. a spec rendered with another compute program)."""
    from kernelgen.emulator.emulate import run_source
    from kernelgen.emulator.decl import pick_combo
    from kernelgen.dtypes import GE_NAME_SHORT

    soc = soc if isinstance(soc, Soc) else get_soc(soc)
    shape = tuple(int(d) for d in shape)
    target = label or source.snake
    decl = source.decl()
    combo = pick_combo(decl, soc, {}, dtype) if dtype else decl.combos(soc.family)[0]
    inputs = make_inputs(decl, combo, shape, seed, getattr(source, "input_kinds", None))
    result = run_source(source, soc, inputs, attrs or {}, threads=threads, trace=True, combo=combo)
    short = GE_NAME_SHORT.get(combo[decl.outputs[0].name], combo[decl.outputs[0].name])
    return estimate_from_report(result.report, soc, target=str(target), dtype=short, shape=shape, record=record)


# ---- text for the CLI --------------------------------------------------------------------------------------
def _timeline_rows(est: PerfEstimate, first: int = 3) -> list[str]:
    head = [r for r in est.timeline if r["tile"] == "init"]
    tiles = [r for r in est.timeline if r["tile"] != "init"]
    shown = head + tiles[:first]
    out = [f"  {'tile':>5}  " + "  ".join(f"{p:>17}" for p in PIPES)]

    def line(r):
        cells = []
        for p in PIPES:
            span = r.get(p)
            cells.append(f"{span[0]:>8.2f}-{span[1]:<8.2f}" if span else f"{'-':^17}")
        return (f"  {r['tile']:>5}  " + "  ".join(cells)).rstrip()

    out += [line(r) for r in shown]
    if len(tiles) > first:
        if len(tiles) > first + 1:
            out.append(f"  {'...':>5}")
        out.append(line(tiles[-1]))
    return out


def format_estimate(est: PerfEstimate) -> str:
    shape = ",".join(map(str, est.shape))
    lines = [
        f"{est.target} on {est.soc} ({est.sku}), {est.dtype}, shape {shape}: {est.block_dim} block(s), "
        f"tiling key {est.tiling_key}",
        f"estimated    {est.estimated_us:10.2f} us  (kernel {est.kernel_us:.2f} us + launch {est.launch_us:.2f} us)",
        "pipes busy   " + "  ".join(f"{p} {est.pipes[p]:.2f} us" for p in PIPES) + f"  (block {est.slowest_block})",
        f"bound        {est.bound}" + (f"  (HBM share limits {est.hbm_limited_fraction:.0%} of transfer time)"
                                       if est.hbm_limited_fraction > 0 else ""),
        f"GM traffic   {est.gm_bytes / 1e6:.2f} MB -> {est.achieved_gbps:.0f} GB/s achieved, "
        f"{est.roofline_fraction:.1%} of the {est.hbm_gbps:.0f} GB/s HBM roofline ({est.roofline_us:.2f} us)",
    ]
    if est.achievable_gbps:
        lines.append(f"measured     {est.achievable_fraction:.1%} of the {est.achievable_gbps:.0f} GB/s measured end to end "
                     f"on this SOC ({est.achievable_us:.2f} us)")
    if est.vector_floor_us > 0:
        lines.append(f"vector floor {est.vector_floor_us:.2f} us of repeats at VPERF rates (no issue cost, no bank "
                     f"conflicts): no tiling of these instructions takes less than "
                     f"{est.vector_floor_us + est.launch_us:.2f} us"
                     + (f": at most {est.floor_fraction:.1%} of the measured bound" if 0 < est.floor_fraction < 1
                        else ""))
    if est.unaligned_dma_fraction > 0:
        lines.append(f"alignment    {est.unaligned_dma_fraction:.0%} of DataCopies start off a 512-byte GM boundary "
                     f"(+{est.model['gm_unaligned_extra_bytes']:.0f} bytes each)")
    if not est.calibrated:
        guessed = ", ".join(f"{k}={v}" for k, v in est.guessed.items())
        lines.append(f"UNCALIBRATED {est.soc}: no measurements fitted; guessed constants: {guessed}")
    lines.append(f"timeline of block {est.slowest_block} (us, first tiles and the last):")
    lines += _timeline_rows(est)
    lines += [f"note: {n}" for n in est.notes]
    return "\n".join(lines)


def format_comparison(a: PerfEstimate, b: PerfEstimate) -> str:
    def row(label, fa, fb, fmt):
        return f"{label:<18}{fmt(fa):>20}{fmt(fb):>20}"

    us = lambda v: f"{v:.2f} us"  # noqa: E731
    lines = [f"{'':<18}{a.target[-20:]:>20}{b.target[-20:]:>20}",
             row("estimated", a.estimated_us, b.estimated_us, us),
             *(row(f"{p} busy", a.pipes[p], b.pipes[p], us) for p in PIPES),
             row("bound", a.bound, b.bound, str),
             row("blocks", a.block_dim, b.block_dim, str),
             row("achieved", a.achieved_gbps, b.achieved_gbps, lambda v: f"{v:.0f} GB/s"),
             row("roofline fraction", a.roofline_fraction, b.roofline_fraction, lambda v: f"{v:.1%}")]
    ratio = b.estimated_us / a.estimated_us if a.estimated_us else math.inf
    lines.append(f"{b.target} takes {ratio:.3f}x the time of {a.target}")
    return "\n".join(lines)
