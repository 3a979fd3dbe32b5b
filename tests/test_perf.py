"""The cost model (kernelgen.perf.model): timelines from synthetic traces, the catalog constants, the calibration
against the published Atlas A2 Add walk-through, gelu_grad's programs, and `kernelgen perf`."""
from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from kernelgen.perf import calibration
from kernelgen.perf import model as perf
from kernelgen.cli import main
from kernelgen.authoring.render import render_tree, resolve_socs
from kernelgen.authoring.spec import DType
from kernelgen.errors import SpecError
from kernelgen.socs import all_socs, cost_model_constants

from conftest import requires_cxx

FIELDS = ["api", "pipe", "bytes", "elements", "repeats", "dtype_bytes", "gm_offset", "queue", "buffer"]
MODEL = perf.cost_model("ascend910b")
NS_PER_CYCLE = 1 / MODEL.clock_ghz
CAP = MODEL.mte_bytes_per_cycle * MODEL.clock_ghz            # bytes/ns of one MTE pipe


def ev(api, pipe, nbytes=0, repeats=0, db=4, off=-1, queue=-1, buf=-1):
    return [api, pipe, nbytes, 0, repeats, db, off, queue, buf]


def elementwise(tiles: int, slots: int, nbytes: int = 16384, repeats: int = 64, offset0: int = 0):
    """A CopyIn -> Compute -> CopyOut loop over queues q0 (VECIN) and q1 (VECOUT) with `slots` buffers each."""
    out = []
    for k in range(tiles):
        s = k % slots
        off = offset0 + k * nbytes
        out += [ev("AllocTensor", "MTE2", queue=0, buf=s), ev("DataCopyPad", "MTE2", nbytes, off=off),
                ev("EnQue", "MTE2", queue=0, buf=s),
                ev("DeQue", "V", queue=0, buf=s), ev("AllocTensor", "V", queue=1, buf=s),
                ev("Add", "V", nbytes, repeats), ev("EnQue", "V", queue=1, buf=s), ev("FreeTensor", "V", queue=0, buf=s),
                ev("DeQue", "MTE3", queue=1, buf=s), ev("DataCopyPad", "MTE3", nbytes, off=off),
                ev("FreeTensor", "MTE3", queue=1, buf=s)]
    return out


def dma_ns(pipe, nbytes, rate=CAP):
    return MODEL.dma_overhead_cycles[pipe] * NS_PER_CYCLE + nbytes / rate


# ---- timelines from synthetic traces (no emulator) ---------------------------------------------------------
def test_single_buffer_serialises_load_and_compute():
    t = perf.simulate_block(elementwise(4, 1), FIELDS, MODEL, active_cores=1)
    m2, m3 = dma_ns("MTE2", 16384), dma_ns("MTE3", 16384)
    v = MODEL.vector_cycles("Add", 64, 4, 16384) * NS_PER_CYCLE
    # MTE2 of tile k+1 waits for the vector unit to free tile k's buffer; the store hides behind the next load
    assert t.time_ns == pytest.approx(4 * (m2 + v) + m3, rel=1e-9)
    assert t.busy_ns["MTE2"] == pytest.approx(4 * m2) and t.busy_ns["V"] == pytest.approx(4 * v)


def test_double_buffering_overlaps_as_far_as_dependencies_allow():
    single = perf.simulate_block(elementwise(4, 1), FIELDS, MODEL, active_cores=1).time_ns
    double = perf.simulate_block(elementwise(4, 2), FIELDS, MODEL, active_cores=1).time_ns
    m2, m3 = dma_ns("MTE2", 16384), dma_ns("MTE3", 16384)
    v = MODEL.vector_cycles("Add", 64, 4, 16384) * NS_PER_CYCLE
    assert double == pytest.approx(4 * m2 + v + m3, rel=1e-9)   # loads back to back, then one add and one store
    assert double < single
    # not a bare max(): the busiest pipe alone would take 4 * m2
    assert double > 4 * m2


def test_flags_and_barriers_order_pipes():
    events = [ev("Add", "V", 8192, 32), ev("SetFlag", "V", queue=0, buf=7), ev("WaitFlag", "MTE3", queue=0, buf=7),
              ev("DataCopy", "MTE3", 8192, off=0)]
    t = perf.simulate_block(events, FIELDS, MODEL, active_cores=1)
    v = MODEL.vector_cycles("Add", 32, 4, 8192) * NS_PER_CYCLE
    assert t.time_ns == pytest.approx(v + dma_ns("MTE3", 8192))
    unsynced = perf.simulate_block([events[0], events[3]], FIELDS, MODEL, active_cores=1)
    assert unsynced.time_ns == pytest.approx(max(v, dma_ns("MTE3", 8192)))
    barrier = perf.simulate_block([events[0], ev("PipeBarrier", "ALL"), events[3]], FIELDS, MODEL, active_cores=1)
    assert barrier.time_ns == pytest.approx(t.time_ns)


def test_hbm_is_shared_by_active_cores_and_unaligned_transfers_are_slower():
    one = [ev("DataCopy", "MTE2", 65536, off=0)]
    alone = perf.simulate_block(one, FIELDS, MODEL, active_cores=1).time_ns
    shared = perf.simulate_block(one, FIELDS, MODEL, active_cores=48).time_ns
    assert alone == pytest.approx(dma_ns("MTE2", 65536))                        # the per-pipe MTE rate
    assert shared == pytest.approx(dma_ns("MTE2", 65536, MODEL.hbm_gbps / 48))  # its share of HBM
    unaligned = perf.simulate_block([ev("DataCopy", "MTE2", 65536, off=32)], FIELDS, MODEL, active_cores=1)
    assert unaligned.time_ns == pytest.approx(dma_ns("MTE2", 65536 + MODEL.gm_unaligned_extra_bytes))
    assert unaligned.unaligned_dmas == 1


def test_vector_cycles_by_instruction_class():
    issue = MODEL.vector_issue_cycles
    assert MODEL.vector_cycles("Add", 128, 2, 32768) == issue + 128         # 128 half per cycle (VPERF)
    assert MODEL.vector_cycles("Mul", 64, 4, 16384) == issue + 64           # 64 float per cycle
    assert MODEL.vector_cycles("Exp", 64, 4, 16384) == issue + 128          # 32 per cycle
    assert MODEL.vector_cycles("Exp", 128, 2, 32768) == issue + 512
    assert MODEL.vector_cycles("Cast", 82, 4, 20864) == issue + 82          # repeats follow the float side
    assert MODEL.vector_cycles("MulAddDst", 64, 4, 16384) == issue + 128
    assert MODEL.vector_cycles("DataCopy", 0, 2, 8192) == issue + 32        # UB -> UB on the vector pipe


def test_estimate_from_report_groups_identical_blocks_and_adds_launch():
    report = {"trace_fields": FIELDS, "tiling_key": 0,
              "trace": [elementwise(3, 2, offset0=b * 3 * 16384) for b in range(8)]}
    est = perf.estimate_from_report(report, "ascend910b", target="synthetic")
    assert est.blocks_simulated == 1 and est.block_dim == 8
    assert est.launch_us == pytest.approx(MODEL.launch_us(8))
    assert est.gm_bytes == 8 * 3 * 2 * 16384
    assert est.estimated_us == pytest.approx(est.kernel_us + est.launch_us)
    assert est.roofline_fraction == pytest.approx(est.gm_bytes / MODEL.hbm_gbps / 1000 / est.estimated_us)
    assert [r["tile"] for r in est.timeline] == [0, 1, 2]
    assert set(est.as_dict()) >= {"estimated_us", "bound", "roofline_fraction", "pipes"}


def test_vector_floor_counts_repeats_at_vperf_rates_without_issue_cost_or_bank_conflicts():
    # Two blocks in one wave: the floor is the larger block's repeats, whatever the layout costs on top.
    fields = FIELDS + ["ub_dst", "ub_src0", "ub_src1"]
    read_read = [0x10000, 0, 0x4000]   # dst, src0, src1: the published read-read conflict scenario (below)
    same_bank = [["Add", "V", 16384, 0, 64, 4, -1, -1, -1, *read_read], ["Exp", "V", 16384, 0, 64, 4, -1, -1, -1, -1, -1, -1]]
    spread = [["Add", "V", 16384, 0, 64, 4, -1, -1, -1, 0, 256, 512], ["Mul", "V", 8192, 0, 32, 4, -1, -1, -1, 0, 256, 512]]
    report = {"trace_fields": fields, "tiling_key": 0, "trace": [same_bank, spread]}
    est = perf.estimate_from_report(report, "ascend910b", target="synthetic")
    assert est.vector_floor_us == pytest.approx((64 + 2 * 64) * NS_PER_CYCLE / 1000)
    conflicted = perf.simulate_block(same_bank, fields, MODEL, active_cores=2)
    assert conflicted.busy_ns["V"] > conflicted.vector_floor_ns + 2 * MODEL.vector_issue_cycles * NS_PER_CYCLE
    assert "vector floor" in perf.format_estimate(est)


def test_every_cost_model_constant_has_a_source():
    for soc in all_socs():
        constants = cost_model_constants(soc)
        sources = constants["sources"]
        for key in constants:
            if key != "sources":
                assert key in sources or "all" in sources, f"{soc.family}: {key} has no source"
        perf.cost_model(soc)  # every family builds a model


# ---- L2, UB banks, scalar loops (no emulator) ---------------------------------------------------------------
def test_l2_plan_writes_back_what_overflows_l2():
    mib = 1 << 20
    bypass = perf.L2Plan.of(0, 256 * mib, 128 * mib, 192 * mib)       # ADD case 5: z stays in L2
    assert bypass.write_back_bytes == 0 and bypass.read_factor == 1.0
    cached = perf.L2Plan.of(256 * mib, 0, 128 * mib, 192 * mib)       # ADD case 4: reads evict every written line
    assert cached.write_back_bytes == 128 * mib and cached.read_factor == pytest.approx(1.5)
    big = perf.L2Plan.of(0, 512 * mib, 256 * mib, 192 * mib)          # an output larger than L2
    assert big.write_back_bytes == 64 * mib
    assert perf.L2Plan.of(0, 0, 256 * mib, 192 * mib).write_factor == pytest.approx(0.25)   # no reads: writes pay


def test_cache_disabled_reads_pay_no_write_back_in_the_simulation():
    reads = [ev("DataCopy", "MTE2", 65536, off=0)]
    plain = perf.simulate_block(reads, FIELDS, MODEL, active_cores=48).time_ns
    evicting = perf.simulate_block(reads, FIELDS, MODEL, active_cores=48, l2=perf.L2Plan(1.5, 0.0, 1)).time_ns
    data = plain - MODEL.dma_overhead_cycles["MTE2"] * NS_PER_CYCLE
    assert evicting == pytest.approx(plain + 0.5 * data)
    store = perf.simulate_block([ev("DataCopy", "MTE3", 65536, off=0)], FIELDS, MODEL, active_cores=48).time_ns
    assert store == pytest.approx(dma_ns("MTE3", 65536))   # into L2 at the pipe rate, not the HBM share


@pytest.mark.parametrize("src0, src1, dst, published", [
    (0, 0x10100, 0x20000, 2390),   # bank_conflict_ub scenario 1: no conflict
    (0, 0x4000, 0x10000, 4167),    # 2: read-read, same bank
    (0, 0x10000, 0x14100, 4167),   # 3: read-read, same bank group
    (0, 0x10100, 0x4000, 2389),    # 4: src0/dst in one bank, the delayed write avoids it
    (0, 0x10100, 0x4020, 3751),    # 5: read-write
    (0, 0x10100, 0x10100, 2390),   # 6: src1 = dst
])
def test_ub_bank_model_reproduces_the_published_bank_conflict_scenarios(src0, src1, dst, published):
    cycles = MODEL.vector_cycles("Add", 64, 4, 16384, (dst, src0, src1))
    base = MODEL.vector_cycles("Add", 64, 4, 16384, (0x20000, 0, 0x10100))
    assert cycles / base == pytest.approx(published / 2390, rel=0.01)


def test_ub_layout_of_the_walkthrough_cases():
    packed = MODEL.vector_cycles("Add", 128, 2, 32768, (0x10000, 0, 0x8000))     # ADD cases 1-5: x, y share groups
    spread = MODEL.vector_cycles("Add", 127, 2, 32512, (0x20000, 0, 0x7F00))     # case 6: y 32512 B after x
    assert packed == MODEL.vector_issue_cycles + 2 * 128
    assert spread == MODEL.vector_issue_cycles + 127


def test_scalar_runs_cost_per_access():
    t = perf.simulate_block([["Scalar", "S", 0, 3000, 0, 0, -1, -1, -1]], FIELDS, MODEL, active_cores=1)
    assert t.time_ns == pytest.approx(3000 * MODEL.scalar_cycles_per_access * NS_PER_CYCLE)


@requires_cxx
def test_streamed_trace_gives_the_estimate_of_plain_event_lists_and_records_cache_modes():
    from kernelgen.emulator.emulate import resolve_target, run_source
    from kernelgen.emulator.decl import pick_combo
    from kernelgen.emulator.trace import StreamedTrace
    from kernelgen.socs import get_soc

    soc = get_soc("ascend910b")
    source = resolve_target(calibration.ADD_DIR, soc)
    decl = source.decl()
    combo = pick_combo(decl, soc, {}, "float16")
    shape = (96, 8192)
    attrs = {"copy_len": 4096, "double_buffer": True, "l2_bypass": True}
    report = run_source(source, soc, perf.make_inputs(decl, combo, shape), attrs, trace=True, combo=combo).report
    trace = report["trace"]
    assert isinstance(trace, StreamedTrace) and len(trace) == 48
    plain = {**{k: v for k, v in report.items() if k != "_perf_prepared"}, "trace": list(trace)}
    fields = report["trace_fields"]
    assert trace.traffic() == perf.gm_traffic(plain["trace"], fields) == (0, 2 * 96 * 8192 * 2, 96 * 8192 * 2)
    a = perf.estimate_from_report(report, soc)
    b = perf.estimate_from_report(plain, soc)
    assert a.estimated_us == pytest.approx(b.estimated_us) and a.blocks_simulated == b.blocks_simulated == 1
    ix = {f: i for i, f in enumerate(fields)}
    dmas = [e for e in plain["trace"][0] if e[ix["api"]] == "DataCopy"]
    assert {e[ix["l2"]] for e in dmas if e[ix["pipe"]] == "MTE2"} == {0}      # SetL2CacheHint(CACHE_MODE_DISABLE)
    assert {e[ix["l2"]] for e in dmas if e[ix["pipe"]] == "MTE3"} == {1}      # z keeps the default mode
    adds = [e for e in plain["trace"][0] if e[ix["api"]] == "Add"]
    assert (adds[0][ix["ub_dst"]], adds[0][ix["ub_src0"]], adds[0][ix["ub_src1"]]) == (2 * 8192, 0, 8192)


# ---- calibration: fit on declared cases, predict the rest -------------------------------------------------
def test_fit_takes_at_most_three_known_cases():
    from kernelgen.errors import UsageError
    from kernelgen.perf.calibration.fit import parse_cases

    assert parse_cases("5, 1,0") == (0, 1, 5)
    for bad in ("0,1,2,3", "9", "x"):
        with pytest.raises(UsageError):
            parse_cases(bad)


@pytest.fixture(scope="module")
def calibration_reports():
    return calibration.collect()    # sanitizer off: a timing run (the test below keeps the kernels checked)


@requires_cxx
def test_every_calibration_configuration_runs_clean_under_the_sanitizer_and_gives_the_same_trace():
    # The fit's runs skip the sanitizer; here every configuration of both walk-through kernels runs with it at a
    # small shape (a defect raises EmulatorDefect), and its trace is event for event the one of the unsanitized run.
    small = {"ADD": (16, 8192), "DCP": (128, 2048)}
    for source, shape in small.items():
        cases = [c for c in calibration.ALL if c.source == source]
        checked = calibration.collect(cases, shape=shape, sanitize=True)
        timing = calibration.collect(cases, shape=shape)
        assert sorted(checked) == [c.case for c in cases]
        for n, report in checked.items():
            assert list(report["trace"]) == list(timing[n]["trace"]), n


@requires_cxx
def test_fit_reproduces_the_catalog_and_predicts_every_held_out_case(calibration_reports):
    from kernelgen.perf.calibration.fit import calibrate
    from kernelgen.perf.calibration.report import document

    result, rows = calibrate(calibration.DEFAULT_FIT, reports=calibration_reports)
    table = calibration.format_table(rows)
    catalog = cost_model_constants(perf.get_soc("ascend910b"))
    for name, value in result.constants.items():       # the catalog holds the fit's output
        assert value == pytest.approx(catalog[name], rel=0.01), name
    doc = document(result, rows)
    assert [c["case"] for c in doc["cases"]] == [0, 1, 2, 3, 4, 5, 6, 7, 8]
    assert sum(c["used_for_fit"] for c in doc["cases"]) == 3
    held_out = {r.published.case: r.error for r in rows if not r.used_for_fit}
    assert set(held_out) == {2, 3, 4, 6, 7, 8}    # 7: a further ADD figure; 8: the DataCopy sample (DCP)
    for case, err in held_out.items():
        assert abs(err) <= calibration.TOLERANCE, table
    for r in rows:
        assert abs(r.error) <= calibration.TOLERANCE, table
    by = {r.published.case: r for r in rows}
    assert by[5].estimated_us < by[4].estimated_us and by[6].pipes["V"] < 0.6 * by[5].pipes["V"]
    # a wrong model fails: without the L2 write-back, case 4 comes out as fast as case 5
    no_l2 = perf.cost_model("ascend910b", **result.constants)
    no_l2 = perf.CostModel(**{**no_l2.as_dict(), "l2_bytes": 1 << 40})
    assert calibration.model_case(calibration_reports[4], no_l2).estimated_us < 0.8 * calibration.case(4).task_us


# ---- gelu_grad: the reference's instruction sequence, the generated kernel, the proposal -------------------
def test_generated_program_is_accurate_and_finite_where_the_reference_is_not():
    from kernelgen.perf.calibration.gelu_grad import REFERENCE_SIGMOID_MUL
    from kernelgen.authoring.ops import get_spec
    from kernelgen.checking.golden import gelu_tanh_derivative
    from kernelgen.authoring.program import interpret

    x = np.concatenate([np.linspace(-12, 12, 200001), [-3.4e38, -65504, -60, -10.06, 60, 65504, 3.4e38]])
    x = x.astype(np.float32)
    dy = np.ones_like(x)
    gold = gelu_tanh_derivative(x.astype(np.float64))
    z = interpret(get_spec("gelu_grad").variant("sigmoid_mul"), {"x": x, "dy": dy}, ("z",))["z"].astype(np.float64)
    assert np.isfinite(z).all()
    big = np.abs(gold) >= 2.0**-14
    rel = np.abs(z - gold)[big] / np.abs(gold[big])
    assert rel.mean() < 2.0**-13 and rel.max() < 10 * 2.0**-13
    assert np.abs(z - gold)[~big].max() < 1e-9
    ref = interpret(REFERENCE_SIGMOID_MUL, {"x": x, "dy": dy}, ("z",))["z"]
    assert np.isnan(ref[x < -10.1]).all()   # the reference's inf * 0 (reference-gelu-grad.md defect 3)


@requires_cxx
def test_gelu_grad_programs_on_the_model():
    from kernelgen.emulator.emulate import source_for_spec
    from kernelgen.perf.calibration.gelu_grad import REFERENCE_SIGMOID_MUL, spec_with

    soc, shape = "ascend910b", (48 * 9216 * 4,)   # four of the generated kernel's float16 tiles per core
    reference = perf.estimate_source(source_for_spec(spec_with(REFERENCE_SIGMOID_MUL, 32), soc), soc, "float16", shape,
                                     label="reference")
    generated = perf.estimate("gelu_grad", soc, "float16", shape)
    assert generated.gm_bytes == reference.gm_bytes == 3 * 2 * shape[0]
    assert reference.unaligned_dma_fraction > 0.5   # 32-byte granule: most DataCopies miss 512-byte boundaries
    assert generated.unaligned_dma_fraction == 0    # 512-byte granule
    assert generated.pipes["V"] < reference.pipes["V"]
    assert generated.estimated_us < reference.estimated_us




@requires_cxx
def test_gelu_grad_streams_its_inputs_past_l2_where_the_soc_can():
    from kernelgen.authoring.ops import get_spec
    from kernelgen.authoring.render import render_tree, resolve_socs

    spec = get_spec("gelu_grad")
    header = render_tree(spec, resolve_socs(spec, ["ascend910b"]))["op_kernel/gelu_grad.h"]
    assert "#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 2201 || __NPU_ARCH__ == 3510)" in header
    for t in ("x", "dy"):
        assert f"gm_{t}_.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);" in header
    assert "gm_z_.SetL2CacheHint" not in header                     # the output is written into L2
    shape = (48 * 9216 * 2,)
    hinted = perf.estimate("gelu_grad", "ascend910b", "float16", shape)
    assert hinted.l2_bypass_read_bytes == 2 * 2 * shape[0] and hinted.l2_write_back_bytes == 0
    plain = perf.estimate("gelu_grad", "ascend310b", "float16", shape)   # no SetL2CacheHint on 310B
    assert plain.l2_bypass_read_bytes == 0 and plain.calibrated is False


def test_ub_layout_phases_beat_the_packed_layout_on_the_model():
    from kernelgen.authoring import ub_layout
    from kernelgen.authoring.ops import get_spec
    from kernelgen.authoring.spec import DType
    from kernelgen.authoring.tiling import tile_data_num
    from kernelgen.ub_banks import beat_cycles

    spec = get_spec("gelu_grad")
    soc = perf.get_soc("ascend910b")
    for dtype in (DType.FLOAT32, DType.FLOAT16):
        v = spec.variant("sigmoid_mul")
        tile = tile_data_num(spec, soc, v, dtype)
        bases = ub_layout._bases(spec, v, dtype, tile)
        reg = ub_layout._registers(spec, v, dtype)
        offsets = ub_layout.view_offsets(spec, v, dtype)
        assert set(offsets) == set(ub_layout.tbuf_order(spec, v, dtype)) and set(offsets.values()) <= {0, 64}
        assert spec.ub_fixed_bytes(v, dtype) == 256 * len(offsets)

        def cycles(shifted):
            total = 0.0
            for s in v.steps(dtype):
                def addr(r):
                    b = reg.get(r, r)
                    return bases[b][0] + (4 * offsets.get(b, 0) if shifted else 0) if b in bases else -1
                srcs = tuple(addr(r) for r in dict.fromkeys(s.float_srcs))
                total += beat_cycles(addr(s.dst), srcs + (-1,) * (2 - len(srcs)), tile * 4 // 256, 2.0, 1.766)
            return total
        # the chosen phases never cost more; for float16 they cut the conflict cycles (float32, in its stored
        # InitBuffer order, is best with the packed phases)
        assert cycles(True) < cycles(False) if dtype is DType.FLOAT16 else cycles(True) <= cycles(False), dtype


def test_gelu_grad_registers_are_the_assignment_with_the_fewest_bank_conflicts():
    from kernelgen.perf.calibration.gelu_grad import register_choices

    choices = register_choices()
    assert len(choices) == 6
    mine = choices[("a", "b", "z")]
    assert mine["float16"] == min(c["float16"] for c in choices.values())
    # float32 is bound by its loads since the CompareScalar + Select window (docs/cost-model.md §5): the choice is
    # made on float16. In the default order another naming has fewer float32 conflicts, but in its stored
    # InitBuffer order this one has fewer than any naming in the default order.
    from kernelgen.authoring import ub_layout
    from kernelgen.authoring.ops import get_spec

    spec = get_spec("gelu_grad")
    stored = ub_layout.conflict_cycles(spec, spec.variant("sigmoid_mul"), DType.FLOAT32)
    assert stored < min(c["float32"] for c in choices.values())
    assert max(c["float16"] for c in choices.values()) > 1.5 * mine["float16"]   # the choice matters


def test_gelu_grad_initbuffer_order_is_the_best_of_the_search_and_cuts_conflicts():
    import dataclasses

    from kernelgen.authoring import ub_layout
    from kernelgen.authoring.ops import get_spec
    from kernelgen.authoring.spec import DType

    spec = get_spec("gelu_grad")
    v = spec.variant("sigmoid_mul")
    assert v.ub_order == ub_layout.best_alloc_order(spec, v, every_order=True)    # about 8 s
    default = dataclasses.replace(v, ub_order=())
    for d in (DType.FLOAT32, DType.FLOAT16):
        assert ub_layout.conflict_cycles(spec, v, d) < 0.7 * ub_layout.conflict_cycles(spec, default, d), d
    kernel = render_tree(spec, resolve_socs(spec, ["ascend910b"]))["op_kernel/gelu_grad.h"]
    first = kernel.index("if constexpr (KEY == GELU_GRAD_KEY_SIGMOID_MUL)")
    at = [kernel.index(f"InitBuffer({b}_", first) for b in v.ub_order]
    assert at == sorted(at) and v.ub_order[-1] == "mask_k"
    bad = dataclasses.replace(v, ub_order=v.ub_order[1:])
    with pytest.raises(SpecError, match="must list each buffer of the plan once"):
        ub_layout.alloc_order(spec, bad)


def test_select_window_computes_the_blend_bits_in_fewer_steps():
    from kernelgen.authoring.ops import get_spec
    from kernelgen.authoring.program import interpret
    from kernelgen.authoring.spec import DType

    spec = get_spec("gelu_grad")
    select, blend = spec.variant("sigmoid_mul"), spec.variant("sigmoid_mul_blend")
    assert [len(v.steps(DType.FLOAT32)) for v in (select, blend)] == [24, 30]
    assert [s.op for s in select.refine].count("Select") == 1 and not blend.refine_masks
    x = np.concatenate([np.linspace(-0.7535, -0.7515, 400001), np.linspace(-12, 12, 100001),
                        [-3.4e38, -1e20, -60, 60, 1e20, 3.4e38]]).astype(np.float32)
    dy = np.random.default_rng(1).standard_normal(x.size).astype(np.float32)
    z_select = interpret(select, {"x": x, "dy": dy}, ("z",))["z"]
    z_blend = interpret(blend, {"x": x, "dy": dy}, ("z",))["z"]
    assert np.array_equal(z_select.view(np.uint32), z_blend.view(np.uint32))      # the same bits, finite inputs
    inf = np.array([np.inf, -np.inf], np.float32)
    assert np.isfinite(interpret(select, {"x": inf, "dy": np.ones(2, np.float32)}, ("z",))["z"]).all()
    assert np.isnan(interpret(blend, {"x": inf, "dy": np.ones(2, np.float32)}, ("z",))["z"]).all()  # inf*0 in m


def test_mask_registers_are_only_compare_destinations_and_select_masks():
    import dataclasses

    from kernelgen.authoring import ub_layout
    from kernelgen.authoring.ops import get_spec
    from kernelgen.authoring.spec import Step

    with pytest.raises(SpecError, match="comparison mode missing"):
        Step("CompareScalar", "k", ("b",), 1e-3)
    with pytest.raises(SpecError, match="comparison mode"):
        Step("CompareScalar", "k", ("b",), 1e-3, cmp="LESS")
    spec = get_spec("gelu_grad")
    v = spec.variant("sigmoid_mul")
    as_float = tuple(Step("Mul", "b", ("k", "b")) if s.op == "Select" else s for s in v.refine)
    only = {"soc_variants": (), "default_variant": v.name}
    bad = dataclasses.replace(spec, variants=(dataclasses.replace(v, refine=as_float),), **only)
    with pytest.raises(SpecError, match="a mask register"):
        bad.validate()
    unmasked = tuple(Step("Select", "a", ("b", "b", "a")) if s.op == "Select" else s for s in v.refine)
    bad = dataclasses.replace(spec, variants=(dataclasses.replace(v, refine=unmasked),), **only)
    with pytest.raises(SpecError, match="is not a mask register"):
        bad.validate()
    no_abs = tuple(s for s in v.refine if s.op != "Abs")    # the kernel zeroes the compared register's tail first
    bad = dataclasses.replace(spec, variants=(dataclasses.replace(v, refine=no_abs),), **only)
    with pytest.raises(SpecError, match="which the refinement does not write first"):
        bad.validate()
    with pytest.raises(SpecError, match="must end with the mask buffers"):
        ub_layout.alloc_order(spec, dataclasses.replace(v, ub_order=("mask_k",) + v.ub_order[:-1]))
    plan = {b.name: b for b in spec.buffer_plan(v, DType.FLOAT32)}
    assert plan["mask_k"].bytes_per_elem == 1 and "scratch_c" not in plan
    assert spec.ub_bytes_per_elem(v, DType.FLOAT32) == 25            # 28 with the blend's third register


def test_select_window_where_select_has_its_tensor_mode():
    from kernelgen.authoring.ops import get_spec
    from kernelgen.authoring.tiling import compute_tiling

    spec = get_spec("gelu_grad")
    kernel = render_tree(spec, resolve_socs(spec, ["ascend910", "ascend910b"]))["op_kernel/gelu_grad.h"]
    assert "CompareScalar(k, b, 0.001f, CMPMODE::LT, WholeRepeats(len));" in kernel
    assert "Select(a, k, b, a, SELMODE::VSEL_TENSOR_TENSOR_MODE, len);" in kernel
    assert "Duplicate(b[len / FLOAT_REPEAT * FLOAT_REPEAT], 0.0f, FLOAT_REPEAT);" in kernel   # the tail repeat
    assert "pipe_.InitBuffer(mask_k_, tile * sizeof(uint8_t));" in kernel
    # 910 (arch 1001): Select has only VSEL_CMPMASK_SPR, so the blend variant and its own tiling key
    assert compute_tiling(spec, perf.get_soc("ascend910"), DType.FLOAT32, 4096).variant == "sigmoid_mul_blend"
    assert compute_tiling(spec, perf.get_soc("ascend910b"), DType.FLOAT32, 4096).variant == "sigmoid_mul"
    assert compute_tiling(spec, perf.get_soc("ascend910b"), DType.FLOAT32, 1 << 26).data.tileDataNum == 7424
    # float32 dequeues dy, which only the last step reads, just before it, and allocates z just before the step
    # that first writes it: both single-buffered
    assert "LocalTensor<TYPE_DY> dy = queue_dy_.template DeQue<TYPE_DY>();\n            Mul(z, a, dy, len);\n" \
        "            queue_dy_.FreeTensor(dy);" in kernel
    assert "pipe_.InitBuffer(queue_dy_, 1, tile * sizeof(TYPE_DY));" in kernel
    assert "LocalTensor<TYPE_Z> z = queue_z_.template AllocTensor<TYPE_Z>();\n            Muls(z, a, " in kernel
    assert "            queue_z_.EnQue(z);\n" in kernel and "pipe_.InitBuffer(queue_z_, 1, tile * sizeof(TYPE_Z));" in kernel


def test_float16_clamps_in_half_before_the_up_cast():
    import dataclasses

    from kernelgen.authoring import ub_layout
    from kernelgen.authoring.ops import get_spec
    from kernelgen.authoring.spec import Step

    spec = get_spec("gelu_grad")
    v = spec.variant("sigmoid_mul")
    assert spec.low_precision_layout(v).half_clamp == ("x", "a", 2)
    kernel = render_tree(spec, resolve_socs(spec, ["ascend910b"]))["op_kernel/gelu_grad.h"]
    assert ("Maxs(xLocal, xLocal, static_cast<half>(-7.5f), len);\n"
            "                Mins(xLocal, xLocal, static_cast<half>(7.5f), len);\n"
            "                Cast(a, xLocal, RoundMode::CAST_NONE, len);") in kernel
    # the float16 stream the layout plans: the clamp on x's half tile (half the repeats), then x's Cast into a
    stream = ub_layout._operands(spec, v, DType.FLOAT16, ub_layout._registers(spec, v, DType.FLOAT16))
    assert stream[:3] == [("queue_x", ("queue_x",), 2)] * 2 + [("scratch_a", ("queue_x",), 4)]
    assert len(stream) == 3 + 12 + 2    # the clamp and x's Cast, 12 float steps, dy's Cast and the output's
    bf16 = ub_layout._operands(spec, v, DType.BFLOAT16, ub_layout._registers(spec, v, DType.BFLOAT16))
    assert bf16[:3] == [("float_x", ("queue_x",), 4), ("scratch_a", ("float_x",), 4), ("scratch_a", ("scratch_a",), 4)]
    # a bound float16 does not represent exactly (7.3) keeps the clamp in float; so does a clamp x is read after
    inexact = tuple(dataclasses.replace(s, scalar=7.3) if i == 1 else s for i, s in enumerate(v.program))
    assert spec.low_precision_layout(dataclasses.replace(v, program=inexact)).half_clamp == ("x", "a", 1)
    reread = v.program[:2] + (Step("Mul", "b", ("a", "x")),) + v.program[3:]
    assert spec.low_precision_layout(dataclasses.replace(v, program=reread)).half_clamp == ()


# ---- gelu_grad at 64M elements against the measured-achievable bound (issue 16) ---------------------------------
GELU_64M = (1 << 26,)
ALLOWANCE = 0.90   # the issue's target: estimate >= 0.90 of 3 n sizeof(dtype) / 2.18 TB/s
# The model's figures for the generated kernel (docs/cost-model.md §5: 0.883, 0.758, 0.723), rounded down: a floor.
FLOORS = {"float32": 0.878, "float16": 0.753, "bfloat16": 0.718}


@pytest.fixture(scope="module")
def gelu_64m():
    """The model's estimate of the generated gelu_grad at 64M elements on ascend910b, per dtype: one emulator run
    each (about 5 s and 0.6-1.2 GB on an idle 2-core machine; the trace is streamed, docs/cost-model.md §2)."""
    return {d: perf.estimate("gelu_grad", "ascend910b", d, GELU_64M) for d in FLOORS}


@requires_cxx
@pytest.mark.slow
def test_gelu_grad_64m_against_the_measured_bound_and_what_stands_in_the_way(gelu_64m):
    for dtype, est in gelu_64m.items():
        nbytes = {"float32": 4}.get(dtype, 2)
        assert est.gm_bytes == 3 * GELU_64M[0] * nbytes
        assert est.achievable_us == pytest.approx(est.gm_bytes / 2180.0 / 1000.0)
        assert est.achievable_fraction >= FLOORS[dtype], (dtype, est.achievable_fraction)
        allowed = est.achievable_us / ALLOWANCE          # the longest time 0.90 of the bound allows
        # What stands in the way of 0.90 ...
        if dtype == "float32":
            # ... for float32, the loads: 512 MiB read plus the 64 MiB of z that overflow L2 and are written back,
            # at the fitted HBM bandwidth, plus the per-DMA overheads. The vector program (CompareScalar + Select
            # window) fits in the allowance.
            assert est.l2_write_back_bytes == 64 << 20
            assert est.bound == "MTE2" and est.pipes["MTE2"] > allowed > est.pipes["V"], est.pipes
        else:
            # ... for float16/bfloat16, the vector program alone
            assert est.bound == "V" and est.pipes["V"] > allowed, (dtype, est.pipes)
            assert est.l2_write_back_bytes == 0 and est.pipes["MTE2"] < allowed
    # bfloat16 runs float16's kernel but for the clamp, in float (910B has no bfloat16 arithmetic) instead of half:
    # 2 instructions x 80 repeats more per 10240-element tile, 137 tiles, at 1.85 GHz
    f16, bf16 = gelu_64m["float16"].pipes["V"], gelu_64m["bfloat16"].pipes["V"]
    assert bf16 - f16 == pytest.approx(2 * 80 * 137 / 1850.0, rel=0.1)


# Per element of the float16/bfloat16 kernel, in cycles of the vector unit at VPERF rates: 3 Casts (64 per cycle),
# 10 one-cycle float steps (64 per cycle), Exp and Div (32 per cycle), and the clamp's 2 steps, in half precision
# for float16 (128 per cycle) and in float for bfloat16.
GELU_CYCLES_PER_ELEMENT = {"float16": (3 + 10 + 2 * 2 + 2 / 2) / 64, "bfloat16": (3 + 10 + 2 * 2 + 2) / 64}


@requires_cxx
@pytest.mark.slow
def test_gelu_grad_64m_vector_floor_is_below_090_for_float16_and_bfloat16(gelu_64m):
    """The vector floor (repeats at VPERF rates, no issue cost, no bank conflicts) is the instruction mix's own
    limit: no tile size or buffer layout of this program reaches 0.90 of the measured bound in float16/bfloat16."""
    per_core = -(-GELU_64M[0] // 48)
    for dtype, cycles in GELU_CYCLES_PER_ELEMENT.items():
        est = gelu_64m[dtype]
        assert est.vector_floor_us == pytest.approx(per_core * cycles / MODEL.clock_ghz / 1000, rel=0.01), dtype
        assert est.floor_fraction == pytest.approx(est.achievable_us / (est.vector_floor_us + est.launch_us))
        assert est.achievable_fraction < est.floor_fraction < ALLOWANCE, (dtype, est.floor_fraction)
    # float32's vector program fits: its limit is the loads (previous test)
    assert gelu_64m["float32"].floor_fraction > 1


@requires_cxx
@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="issue 16 target not met: for float16/bfloat16 the vector program, for "
                   "float32 the loads with the L2 write-back, take longer than 0.90 of the bound allows "
                   "(docs/cost-model.md §5)")
@pytest.mark.parametrize("dtype", sorted(FLOORS))
def test_gelu_grad_64m_reaches_090_of_the_measured_bound(gelu_64m, dtype):
    assert gelu_64m[dtype].achievable_fraction >= ALLOWANCE


# ---- the command line ----------------------------------------------------------------------------------------
@requires_cxx
def test_cli_perf_prints_and_writes_json(tmp_path):
    out = tmp_path / "out.json"
    res = CliRunner().invoke(main, ["perf", "gelu_grad", "--soc", "ascend910b", "--dtype", "float16",
                                    "--shape", "250000", "--json", str(out)])
    assert res.exit_code == 0, res.output
    for word in ("estimated", "pipes busy", "bound", "GB/s achieved", "HBM roofline", "timeline"):
        assert word in res.output
    doc = json.loads(out.read_text())
    assert {"estimated_us", "bound", "roofline_fraction", "pipes"} <= set(doc)
    assert set(doc["pipes"]) == {"MTE2", "V", "MTE3"}
    assert doc["bound"] in ("MTE2", "V", "MTE3", "sync")


@requires_cxx
def test_cli_perf_compare_with_an_operator_directory(tmp_path):
    add = str(calibration.ADD_DIR)
    res = CliRunner().invoke(main, ["perf", add, "--soc", "ascend910b", "--dtype", "float16", "--shape", "96,8192",
                                    "--attr", "double_buffer=true", "--compare", add, "--json",
                                    str(tmp_path / "c.json")])
    assert res.exit_code == 0, res.output
    assert "takes 1.000x the time of" in res.output
    doc = json.loads((tmp_path / "c.json").read_text())
    assert doc["target"]["estimated_us"] == pytest.approx(doc["compare"]["estimated_us"])


@requires_cxx
def test_cli_perf_trace_is_chrome_trace_event_json(tmp_path):
    out = tmp_path / "t.json"
    res = CliRunner().invoke(main, ["perf", "gelu_grad", "--soc", "ascend910b", "--dtype", "float16",
                                    "--shape", "250000", "--trace", str(out)])
    assert res.exit_code == 0, res.output
    doc = json.loads(out.read_text())
    events = doc["traceEvents"]
    complete = [e for e in events if e["ph"] == "X"]
    assert complete and all(isinstance(e["ts"], (int, float)) and e["dur"] >= 0 and e["name"] for e in complete)
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    procs = {e["pid"]: e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "process_name"}
    assert set(procs.values()) == {f"block {b}" for b in range(48)}
    assert set(names.values()) == {"MTE2", "V", "MTE3"}
    assert all((e["pid"], e["tid"]) in names and e["cat"] == names[(e["pid"], e["tid"])] for e in complete)
    assert max(e["ts"] + e["dur"] for e in complete) == pytest.approx(doc["otherData"]["estimated_us"]
                                                                       - doc["otherData"]["launch_us"], rel=1e-3)


@requires_cxx
def test_uncalibrated_soc_says_so_with_its_guessed_constants(tmp_path):
    out = tmp_path / "p.json"
    res = CliRunner().invoke(main, ["perf", "gelu_grad", "--soc", "ascend310p", "--dtype", "float16",
                                    "--shape", "4096", "--json", str(out)])
    assert res.exit_code == 0, res.output
    assert "UNCALIBRATED ascend310p" in res.output
    doc = json.loads(out.read_text())
    assert doc["calibrated"] is False and doc["guessed"]["hbm_gbps"] > 0
    calibrated = json.loads(CliRunner().invoke(main, ["perf", "gelu_grad", "--soc", "ascend910b", "--shape", "4096",
                                                      "--json", str(out)]).output and out.read_text())
    assert calibrated["calibrated"] is True and calibrated["guessed"] == {}


def test_cli_perf_rejects_unknown_soc():
    res = CliRunner().invoke(main, ["perf", "gelu_grad", "--soc", "ascend911", "--shape", "64"])
    assert res.exit_code == 2 and "unknown SOC" in res.output
