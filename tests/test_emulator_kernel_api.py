"""Kernel-side emulator: the Ascend C API headers and runtime, compiled with g++ and run on the CPU.

The C++ programs live in tests/emulator_cpp/ (see emu_test.h for their output protocol):
- defect_tests: one small defective kernel per strictness class; each must fail with an exact diagnosis;
- api_tests: correct kernels whose results, statistics and traces are checked.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import time

import numpy as np
import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "emulator_cpp"))
import kgbuild  # noqa: E402

pytestmark = pytest.mark.skipif(not kgbuild.have_compiler(), reason=f"{kgbuild.CXX} not found")


@pytest.fixture(scope="session")
def programs():
    return kgbuild.Programs()


def run_test(programs, program, name):
    out = kgbuild.run_parsed(programs[program], name)
    assert out["result"] is not None, f"{program} {name} crashed:\n{out['raw']}"
    return out


# (test name, exact diagnosis substring). Every strictness class of the emulator has at least one entry.
DEFECTS = [
    ("ub_overflow",
     "InitBuffer: UB overflow: InitBuffer of 40000 bytes brings the TPipe to 200000 bytes, above the SOC's UB of "
     "196608 bytes (ascend910b)"),
    ("ub_overflow_reinit",
     "InitBuffer: UB overflow: InitBuffer of 88000 bytes brings the TPipe to 264000 bytes, above the SOC's UB of "
     "262144 bytes (ascend310b)"),
    ("buffer_count_65",
     "InitBuffer: more than 64 buffers in one TPipe: InitBuffer of 5 buffer(s) brings the TPipe to 65"),
    ("buffer_num_0", "InitBuffer: num 0 is outside [1, 64]"),
    ("buffer_num_65", "InitBuffer: num 65 is outside [1, 64]"),
    ("datacopy_unaligned_in",
     "DataCopy: count 5 of float is 20 bytes, not a multiple of 32: the NPU would silently round it down to a whole "
     "number of 32-byte blocks (0 bytes)"),
    ("datacopy_unaligned_out_half",
     "DataCopy: count 17 of half is 34 bytes, not a multiple of 32: the NPU would silently round it down to a whole "
     "number of 32-byte blocks (32 bytes) and leave the last 2 bytes uncopied"),
    ("local_unaligned_datacopy", "DataCopy: dst starts at UB offset 12, which is not 32-byte aligned"),
    ("local_unaligned_vector", "Adds: dst starts at UB offset 16, which is not 32-byte aligned"),
    ("local_unaligned_getwithoffset", "TBuf::GetWithOffset: bufOffset 48 is not a multiple of 32 bytes"),
    ("gm_read_past_end", "DataCopy: reads bytes [0, 32) of 'x' which has 20 bytes"),
    ("gm_write_past_end", "DataCopy: writes bytes [0, 32) of 'z' which has 20 bytes"),
    ("gm_no_buffer", "the access touches no registered GM buffer"),
    ("gm_scalar_write", "GlobalTensor::SetValue: the GlobalTensor set to 'z' writes bytes [64, 68) of 'z' which has 64 bytes"),
    ("queue_alloc_no_free", "AllocTensor: queue 0 (VECIN, 2 buffer(s)) has no free buffer"),
    ("queue_enque_past_depth",
     "EnQue: queue 0 already holds 1 enqueued tensor(s) and its depth is 1: EnQue past depth"),
    ("queue_deque_empty", "DeQue: queue 0 (VECOUT) is empty: DeQue without a matching EnQue"),
    ("queue_free_twice", "FreeTensor: FreeTensor twice: buffer 0 of queue 0 is already free"),
    ("queue_free_foreign", "FreeTensor: the tensor was not allocated by this queue (queue 1)"),
    ("queue_free_tbuf_tensor", "FreeTensor: the tensor was not allocated by this queue (queue 0)"),
    ("queue_events_910",
     "AllocTensor: 4 queue buffers of TPosition VECIN are already allocated; at most 4 may be in use at once on "
     "ascend910 (QUE_MAX_EVENT"),
    ("queue_before_init", "AllocTensor: queue used before TPipe::InitBuffer"),
    ("queue_config_number",   # the first queue's TQueConfig (bufferNumber 1) agrees with its InitBuffer
     "InitBuffer: num 1, len 256 differ from the queue's TQueConfig (bufferNumber 2, bufferLen 0)"),
    ("tbuf_get_beyond",
     "TBuf::Get: 257 elements of float (1028 bytes) from byte 0 exceed the TBuf's 1024 bytes"),
    ("tbuf_get_uninit", "TBuf::Get: TBuf used before TPipe::InitBuffer"),
    ("tbuf_set_size_past_ub",
     "LocalTensor::SetSize: 512 elements of 4 bytes from local offset 195584 run past the end of UB (byte 196608)"),
    ("vector_range_overrun",
     "Add: src0 needs 1200 bytes from UB offset 0, which runs 176 bytes past the end of its buffer [0, 1024)"),
    ("vector_range_subview",
     "Muls: dst needs 1024 bytes from UB offset 256, which runs 256 bytes past the end of its buffer [0, 1024)"),
    ("vector_range_repeat", "Add: dst needs 1280 bytes from UB offset 0, which runs 256 bytes past the end"),
    ("bf16_add_910b", "Add: bfloat16_t vector arithmetic is not supported on ascend910b (bf16 level 1"),
    ("bf16_copy_310p", "DataCopy: bfloat16_t is not supported at all on ascend310p"),
    ("datacopypad_910", "DataCopyPad: DataCopyPad is not supported on ascend910"),
    ("datacopypad_310p", "DataCopyPad: DataCopyPad is not supported on ascend310p"),
    ("l2_cache_hint_310p", "GlobalTensor::SetL2CacheHint: not supported on ascend310p (Atlas A2/A3/350 only)"),
    ("datacopypad_blocklen_not_elem", "DataCopyPad: blockLen 22 bytes is not a multiple of sizeof(float) = 4"),
    ("datacopypad_pad_too_wide", "DataCopyPad: leftPadding 0 / rightPadding 9 elements exceed 32 bytes"),
    ("tiling_larger_than_struct",
     "GET_TILING_DATA_WITH_STRUCT: tiling data larger than the declared struct: the host wrote 12 bytes but "
     "SmallTiling has 8 bytes"),
    ("tiling_smaller_than_struct", "tiling data smaller than the declared struct: the host wrote 4 bytes"),
    ("sync_wait_without_set",
     "WaitFlag: WaitFlag<HardEvent::MTE2_V>(1) has no matching SetFlag<HardEvent::MTE2_V>(1) before it"),
    ("cast_f32_bf16_none",
     "Cast: CAST_NONE is not allowed for float -> bfloat16_t on ascend910b (allowed: CAST_RINT, CAST_FLOOR, "
     "CAST_CEIL, CAST_ROUND, CAST_TRUNC)"),
    ("cast_f16_f32_rint", "Cast: CAST_RINT is not allowed for half -> float on ascend910b (allowed: CAST_NONE); "
                          "for an unsupported mode the NPU's Cast issues no conversion and dst is left unwritten"),
    ("cast_f32_f16_rint_310p", "Cast: CAST_RINT is not allowed for float -> half on ascend310p"),
    ("cast_f32_s32_none", "Cast: CAST_NONE is not allowed for float -> int32_t"),
    ("second_tpipe", "TPipe: a second TPipe was constructed while one is alive"),
    ("partial_overlap", "Add: dst UB [32, 1056) and src0 UB [0, 1024) partially overlap"),
    ("dtype_abs_int32", "Abs: int32_t is not a supported dtype on ascend910b (documented: float, half)"),
    ("sigmoid_in_place", "Sigmoid: src and dst overlap; this API does not support overlapping (or in-place) operands"),
    ("kernel_assert", "ASSERT: assertion 'n % 8 == 0' failed at"),
    ("kernel_assert_message", "assert: assertion 'n <= limit' failed at"),
]


def test_kernel_assert_prints_its_message(programs):
    """asc-devkit assert.md: assert(expr, fmt, args...) prints the formatted message with the assertion (ops-nn's
    masked_scatter_with_position, broadcast_gradient_args, bidirection_lstm pass one; the one-argument macro of
    <cassert> refused the call)."""
    out = run_test(programs, "defect_tests", "kernel_assert_message")
    assert out["defect"].endswith("defect_misc.cpp:46: n 7 exceeds the limit 4"), out["defect"]


@pytest.mark.parametrize("name,diagnosis", DEFECTS, ids=[d[0] for d in DEFECTS])
def test_defect_diagnosis(programs, name, diagnosis):
    out = run_test(programs, "defect_tests", name)
    assert out["defect"] is not None, f"{name}: expected a defect, got none:\n{out['raw']}"
    assert out["defect"].startswith("block 0: ")
    assert diagnosis in out["defect"], out["defect"]


def test_every_defect_program_is_covered(programs):
    listed = set(kgbuild.run_program(programs["defect_tests"], "--list").stdout.split())
    expected_ok = {"bf16_add_950_ok", "datacopy_aligned_ok", "queue_events_910b_ok", "queue_progress",
                   "queue_leak_warning", "sync_set_never_waited", "tiling_macros_ok", "ub_fits_910",
                   "ub_above_documented"}
    assert listed == {d[0] for d in DEFECTS} | expected_ok
    included = (kgbuild.HERE / "defect_tests.cpp").read_text()
    for f in kgbuild.HERE.glob("defect_*.cpp"):
        if f.name != "defect_tests.cpp":
            assert f'#include "{f.name}"' in included, f"{f.name} is not part of the defect_tests unity build"


@pytest.mark.parametrize("name", ["bf16_add_950_ok", "datacopy_aligned_ok", "queue_events_910b_ok", "ub_fits_910"])
def test_correct_kernels_pass(programs, name):
    out = run_test(programs, "defect_tests", name)
    assert out["defect"] is None, out["raw"]
    assert out["result"] == "done"


def test_progress_counts_tiles_of_first_vecin_queue(programs):
    out = run_test(programs, "defect_tests", "queue_progress")
    assert out["defect"] == "block 0: DeQue: queue 1 (VECIN) is empty: DeQue without a matching EnQue"
    assert out["progress"] == "tile 3, API call #34"


def test_warnings(programs):
    leak = run_test(programs, "defect_tests", "queue_leak_warning")
    assert any("queue 0 (VECOUT) still held 1 allocated buffer(s)" in w for w in leak["warnings"]), leak["raw"]
    flags = run_test(programs, "defect_tests", "sync_set_never_waited")
    assert flags["defect"] is None
    assert any("SetFlag<HardEvent::MTE3_MTE2>(0) was never waited" in w for w in flags["warnings"])
    ub = run_test(programs, "defect_tests", "ub_above_documented")
    assert ub["defect"] is None
    assert any("UB use of 192000 bytes is above the documented user-usable UB of 188160 bytes on ascend910b" in w
               for w in ub["warnings"])
    assert ub["stats"]["ub_bytes_used"] == 192000


def test_tiling_macros(programs):
    out = run_test(programs, "defect_tests", "tiling_macros_ok")
    assert out["defect"] is None
    assert out["checks"] and all(v.startswith("ok") for v in out["checks"].values()), out["checks"]


API_TESTS = ["pad_dummy_first_element", "pad_value_fill", "pad_setpadvalue", "pad_out_exact",
             "datacopy_params_strided", "ub_poison", "gelu_grad_f32", "gelu_grad_f16", "gelu_grad_bf16",
             "gelu_grad_f32_310b", "vector_float_ops", "vector_half_ops", "vector_int_ops", "vector_repeat_forms",
             "compare_select", "advanced_apis", "style_hard_clip", "style_queue_bind", "mask_register",
             "repeat_forms_extra", "reductions_and_math", "atomic_add_copy_out", "whole_reduce_maxmin_brcb"]


@pytest.mark.parametrize("name", API_TESTS)
def test_api_behaviour(programs, name):
    out = run_test(programs, "api_tests", name)
    assert out["defect"] is None, out["raw"]
    assert out["checks"], out["raw"]
    failed = {k: v for k, v in out["checks"].items() if not v.startswith("ok")}
    assert not failed, out["raw"]
    assert out["result"] == "done"


def test_api_list_is_complete(programs):
    listed = set(kgbuild.run_program(programs["api_tests"], "--list").stdout.split())
    assert listed == set(API_TESTS) | {"trace_events"}


def test_gelu_grad_stats(programs):
    out = run_test(programs, "api_tests", "gelu_grad_f32")
    s = out["stats"]
    assert s["blocks"] == 48
    # block 0 of 100000 floats over 48 cores: 2088 elements (8352 bytes) read twice and written once
    assert s["gm_read_bytes"] == 2 * 8352 and s["gm_write_bytes"] == 8352
    assert s["calls.Mul"] == 8 and s["calls.Exp"] == 1 and s["calls.Div"] == 1 and s["calls.Duplicate"] == 1
    assert "calls.DataCopy" not in s  # only vector (pipe V) APIs are counted
    assert any("above the documented user-usable UB" in w for w in out["warnings"])


def test_trace_events(programs):
    out = run_test(programs, "api_tests", "trace_events")
    events = [line.split()[1:] for line in out["raw"].splitlines() if line.startswith("TRACE ")]
    want = [
        # api pipe bytes elements repeats dtype_bytes gm_offset queue buffer
        ["AllocTensor", "MTE2", "1024", "0", "0", "4", "-1", "0", "0"],
        ["DataCopy", "MTE2", "1024", "0", "0", "4", "256", "-1", "-1"],
        ["EnQue", "MTE2", "1024", "0", "0", "4", "-1", "0", "0"],
        ["DeQue", "V", "1024", "0", "0", "4", "-1", "0", "0"],
        ["AllocTensor", "V", "1024", "0", "0", "4", "-1", "1", "0"],
        ["Add", "V", "800", "200", "4", "4", "-1", "-1", "-1"],
        ["FreeTensor", "V", "1024", "0", "0", "4", "-1", "0", "0"],
        ["SetFlag", "V", "0", "0", "0", "0", "-1", "0", "7"],
        ["WaitFlag", "MTE3", "0", "0", "0", "0", "-1", "0", "7"],
        ["PipeBarrier", "V", "0", "0", "0", "0", "-1", "-1", "-1"],
        ["EnQue", "V", "1024", "0", "0", "4", "-1", "1", "0"],
        ["DeQue", "MTE3", "1024", "0", "0", "4", "-1", "1", "0"],
        ["DataCopyPad", "MTE3", "40", "0", "0", "4", "0", "-1", "-1"],
        ["FreeTensor", "MTE3", "1024", "0", "0", "4", "-1", "1", "0"],
    ]
    assert events == want


# ---- compile-only checks of the public headers ----
def _syntax_only(source: str, arch: str = kgbuild.NPU_ARCH) -> subprocess.CompletedProcess:
    flags = [f for f in kgbuild.BASE_FLAGS if not f.startswith("-D__NPU_ARCH__")]
    return subprocess.run([kgbuild.CXX, *flags, f"-D__NPU_ARCH__={arch}", "-Wall", "-Wextra", "-Werror",
                           "-fsyntax-only", "-x", "c++", "-"], input=source, capture_output=True, text=True,
                          check=False, timeout=120)


@pytest.mark.parametrize("header", ["kernel_operator.h", "kernel_tiling/kernel_tiling.h"])
def test_public_header_compiles_alone(header):
    proc = _syntax_only(f'#include "{header}"\nint main() {{ return 0; }}\n')
    assert proc.returncode == 0, proc.stderr


def test_detail_headers_are_private():
    for h in sorted((kgbuild.INCLUDE / "kgemu" / "detail").glob("*.h")):
        if h.name.startswith("host_"):
            continue  # host-side detail headers have their own guard
        proc = subprocess.run([kgbuild.CXX, "-std=c++17", f"-I{kgbuild.INCLUDE}", "-E", "-x", "c++", "-o", os.devnull,
                               "-"], input=f'#include "kgemu/detail/{h.name}"\n', capture_output=True, text=True,
                              check=False, timeout=60)
        assert proc.returncode != 0 and "private to the kernelgen emulator" in proc.stderr, h.name


def test_api_compiles_for_ascend950():
    # 3510 changes some parameter types (DataCopyExtParams strides are int64_t); the test kernels must build.
    src = f'#include "{kgbuild.HERE / "api_tests.cpp"}"\n'
    proc = _syntax_only(src, arch="3510")
    assert proc.returncode == 0, proc.stderr


def test_throughput_against_numpy(programs):
    """8M float32 elements through 16 vector ops: the emulator (blocks on all cores) must keep up with NumPy."""
    n = 8 << 20
    threads = os.cpu_count() or 1
    proc = kgbuild.run_program(programs["bench_elementwise"], str(n), str(threads), "48", timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    emu = float(proc.stdout.split("BENCH seconds")[1].split()[0])
    i = np.arange(n)
    x = ((i % 2001) - 1000).astype(np.float32) / np.float32(150)
    dy = (1 + (i % 7) / 8).astype(np.float32)
    best = float("inf")
    for _ in range(2):
        t0 = time.perf_counter()
        p = x * x
        p *= np.float32(-0.0713548162726)
        p += np.float32(-1.5957691216057)
        p *= x
        np.exp(p, out=p)
        s = p + np.float32(1)
        s = np.float32(1) / s
        p *= s
        o = x * x
        o *= np.float32(0.2140644488178)
        o += np.float32(1.5957691216057)
        o *= x
        o *= p
        o *= s
        o += s
        o *= dy
        best = min(best, time.perf_counter() - t0)
    checksum = float(proc.stdout.split("BENCH checksum")[1].split()[0])
    assert abs(checksum - float(o[::4099].astype(np.float64).sum())) < 1e-2 * max(1.0, abs(checksum))
    assert emu < 2.0 * best, f"emulator {emu:.3f}s vs NumPy {best:.3f}s"
