"""Host side of the CPU emulator: OpDef registry, tiling/infershape contexts, PlatformAscendC, template tiling
keys, BEGIN_TILING_DATA_DEF, and the kg_run / kg_infer_shape / kg_opdef_json harness.

The C++ sources are tests/emulator_cpp/host_toy_*.cpp: two toy operators (KgToyScale with a plain tiling
struct and a template tiling key, KgToyLegacy with BEGIN_TILING_DATA_DEF) and a plain-C++ launcher.
"""
from __future__ import annotations

import ctypes as C
import functools
import hashlib
import json
import shutil
import struct
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from kernelgen.emulator import abi

from conftest import implied_alone, requires_cxx


@pytest.fixture(autouse=True)
def _no_sanitizer(monkeypatch):
    """The toy kernels write GM through raw pointers, past the kernel API the sanitizer watches (its output
    coverage check would see nothing written); what is tested here is the harness, not a kernel."""
    monkeypatch.setenv("KERNELGEN_SANITIZE", "0")

REPO = Path(__file__).resolve().parent.parent
INCLUDE = REPO / "kernelgen" / "emulator" / "include"
RUNTIME = REPO / "kernelgen" / "emulator" / "runtime"
CPP = REPO / "tests" / "emulator_cpp"
CXX = shutil.which("g++") or "c++"
sys.path.insert(0, str(CPP))
import kgbuild  # noqa: E402
FLAGS = ["-std=c++17", "-O0", "-fPIC", "-pthread", "-Wall", "-Wextra", "-Werror", "-I", str(INCLUDE), "-I", str(CPP)]

pytestmark = requires_cxx

DT_FLOAT, DT_FLOAT16, DT_INT32, DT_BF16 = 0, 1, 3, 27


@functools.lru_cache(maxsize=None)
def _headers_digest() -> str:
    """Every header and runtime source these objects may read, the flags and the compiler."""
    h = hashlib.sha256(" ".join(FLAGS).encode())
    h.update(subprocess.run([CXX, "--version"], capture_output=True, text=True, check=False).stdout.encode())
    for root in (INCLUDE, RUNTIME, CPP):
        for f in sorted(p for p in root.rglob("*") if p.suffix in (".h", ".cpp") and p.is_file()):
            h.update(str(f.relative_to(REPO)).encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def _compile(sources, out: Path):
    """The objects are cached in the temp directory by content (kgbuild's lock per entry), so the pytest-xdist
    workers that run this module, and later sessions, compile each source once."""
    def one(src):
        key = hashlib.sha256(_headers_digest().encode() + Path(src).read_bytes()).hexdigest()[:20]
        obj = Path(tempfile.gettempdir()) / "kgemu-host-tests" / f"{Path(src).stem}-{key}.o"
        obj.parent.mkdir(parents=True, exist_ok=True)
        return kgbuild.built_once(obj, [CXX, *FLAGS, "-c", str(src)])
    with ThreadPoolExecutor(max_workers=4) as pool:
        objects = list(pool.map(one, sources))
    subprocess.run([CXX, "-shared", "-pthread", *map(str, objects), "-o", str(out)], check=True)
    return abi.bind(C.CDLL(str(out)))


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    d = tmp_path_factory.mktemp("hostlib")
    sources = sorted(CPP.glob("host_toy_*.cpp")) + [RUNTIME / "kg_harness.cpp", RUNTIME / "kg_runtime.cpp"]
    return _compile(sources, d / "libtoy.so")


def soc(name="ascend910b"):
    table = {
        "ascend910b": (b"Ascend910B", 1, 2201, 196352, 196608, 188160, 48, 24, 48, 0, 16 << 20, 524288),
        "ascend310p": (b"Ascend310P", 2, 2002, 262144, 262144, 253952, 8, 8, 8, 7, 2 << 20, 1048576),
        "ascend950": (b"Ascend950", 4, 3510, 262144, 262144, 253952, 64, 32, 64, 0, 16 << 20, 524288),
    }
    short, enum, arch, ub, pool, usable, core, aic, aiv, vec, ws, l1 = table[name]
    return abi.KgSoc(name.encode(), short, enum, arch, ub, pool, usable, 32, core, aic, aiv, vec, ws, 8, 1, 1,
                     l1, 192 << 20, 32, 110)


class Req:
    """A KgRunRequest with its buffers kept alive."""

    def __init__(self, op, inputs, outputs, attrs=(), soc_name="ascend910b", threads=1, trace=0, report_cap=1 << 16):
        self.keep = []
        self.soc = soc(soc_name)
        self.ins = (abi.KgTensor * max(1, len(inputs)))(*[self._tensor(*t) for t in inputs])
        self.outs = (abi.KgTensor * max(1, len(outputs)))(*[self._tensor(*t) for t in outputs])
        self.attrs = (abi.KgAttr * max(1, len(attrs)))(*[self._attr(*a) for a in attrs])
        self.err = C.create_string_buffer(4096)
        self.rep = C.create_string_buffer(report_cap)
        self.req = abi.KgRunRequest(op.encode(), C.pointer(self.soc), self.ins, len(inputs), self.outs, len(outputs),
                                    self.attrs, len(attrs), threads, trace, C.cast(self.rep, C.c_char_p), report_cap,
                                    C.cast(self.err, C.c_char_p), len(self.err))

    def _tensor(self, name, arr, dtype=None):
        t = abi.KgTensor()
        t.name = name.encode() if name else None
        t.format = 2
        if arr is None:
            t.ndim = -1
            t.dtype = dtype if dtype is not None else DT_FLOAT
            return t
        self.keep.append(arr)
        t.ndim = arr.ndim
        for i, d in enumerate(arr.shape):
            t.dims[i] = d
        t.dtype = dtype if dtype is not None else {np.float32: DT_FLOAT, np.float16: DT_FLOAT16,
                                                   np.int32: DT_INT32}[arr.dtype.type]
        t.data = arr.ctypes.data
        t.bytes = arr.nbytes
        return t

    def _attr(self, name, kind, value):
        a = abi.KgAttr()
        a.name = name.encode()
        a.kind = kind
        if kind == abi.KG_ATTR_FLOAT:
            a.f = value
        elif kind in (abi.KG_ATTR_INT, abi.KG_ATTR_BOOL):
            a.i = int(value)
        elif kind == abi.KG_ATTR_STR:
            a.s = value.encode()
        elif kind == abi.KG_ATTR_LIST_FLOAT:
            arr = (C.c_double * len(value))(*value)
            self.keep.append(arr)
            a.list_f, a.list_len = arr, len(value)
        else:
            arr = (C.c_int64 * len(value))(*value)
            self.keep.append(arr)
            a.list_i, a.list_len = arr, len(value)
        return a

    def run(self, lib):
        return lib.kg_run(C.byref(self.req))

    def infer(self, lib):
        return lib.kg_infer_shape(C.byref(self.req))

    @property
    def error(self):
        return self.err.value.decode()

    @property
    def report(self):
        return json.loads(self.rep.value.decode())


def toy(x, bias=None, y=None, attrs=(("alpha", abi.KG_ATTR_FLOAT, 2.0),), **kw):
    y = np.full_like(x, np.nan) if y is None else y
    return Req("KgToyScale", [("x", x), ("bias", bias)], [("y", y)], attrs, **kw), y


# ---------------------------------------------------------------------------------------------- OpDef JSON
def opdef(lib):
    buf = C.create_string_buffer(1 << 20)
    assert lib.kg_opdef_json(buf, len(buf)) == abi.KG_OK
    return json.loads(buf.value.decode())


def test_opdef_json_records_params_attrs_and_configs(lib):
    doc = opdef(lib)
    ops = {o["op_type"]: o for o in doc["ops"]}
    assert list(ops) == ["KgToyScale", "KgToyLegacy"]
    t = ops["KgToyScale"]
    x, bias = t["inputs"]
    assert x["name"] == "x" and x["param_type"] == "required" and x["auto_contiguous"]
    assert x["dtypes"] == ["DT_FLOAT", "DT_FLOAT16", "DT_BF16"] and x["dtype_ids"] == [0, 1, 27]
    assert x["formats"] == ["FORMAT_ND"] * 3
    assert bias["param_type"] == "optional" and bias["follow"] == "x:all"
    assert bias["dtypes"] == x["dtypes"], "Follow resolves to the followed input's dtypes"
    assert bias["value_depend"] == "optional"
    attrs = {a["name"]: a for a in t["attrs"]}
    assert attrs["alpha"] == {"name": "alpha", "type": "float", "required": True, "default": None}
    assert attrs["mode"]["default"] == "fast" and not attrs["mode"]["required"]
    assert attrs["per_block"]["type"] == "int" and attrs["per_block"]["default"] == 4
    assert attrs["reject"]["default"] is False and attrs["ws"]["default"] == []
    assert attrs["weights"]["type"] == "list_float" and attrs["weights"]["default"] == [0.5, 1.5]
    cfgs = {c["soc"]: c for c in t["aicore"]}
    assert list(cfgs) == ["ascend910b", "ascend310p"]
    assert cfgs["ascend910b"]["inputs"] is None and cfgs["ascend910b"]["flags"] == {}
    p = cfgs["ascend310p"]
    assert p["flags"] == {"dynamicCompileStatic": True, "dynamicFormat": False}
    assert p["extend_cfg_info"] == {"opFile.value": "kg_toy_scale"}
    assert [i["dtypes"] for i in p["inputs"]][0] == ["DT_FLOAT", "DT_FLOAT16"]
    assert p["outputs"][0]["dtypes"] == ["DT_FLOAT", "DT_FLOAT16"]
    assert ops["KgToyLegacy"]["outputs"][0]["init_value"] == [7.0]


def test_opdef_json_records_impls_tiling_keys_and_tiling_classes(lib):
    doc = opdef(lib)
    impl = doc["impls"]["KgToyScale"]
    assert impl["tiling"] and impl["tiling_parse"] and impl["infer_shape"] and impl["infer_datatype"]
    assert doc["impls"]["KgToyLegacy"]["tiling_parse"] is False
    key = doc["tiling_keys"]["KgToyScale"]
    assert key["params"] == [
        {"name": "schMode", "type": "uint", "bit_width": 2, "values": [0, 3, 5]},
        {"name": "withBias", "type": "bool", "bit_width": 1, "values": [0, 1]},
    ]
    assert [[p["values"] for p in sel] for sel in key["selections"]] == [[[0, 3], [0, 1]]]
    cls = doc["tiling_data_classes"]["KgToyLegacy"]
    assert cls["class"] == "KgLegacyTilingData" and cls["size"] == 40
    assert [(f["name"], f["offset"]) for f in cls["fields"]] == [
        ("totalLength", 0), ("tileNum", 8), ("dims", 16), ("scale", 24), ("inner.lo", 32), ("inner.hi", 34)]


def test_opdef_json_too_small_buffer_says_how_much(lib):
    buf = C.create_string_buffer(64)
    assert lib.kg_opdef_json(buf, len(buf)) == abi.KG_USAGE
    assert buf.value.startswith(b"report needs ")


# ---------------------------------------------------------------------------------------------- runs
def test_run_tiles_and_runs_every_block(lib):
    x = np.arange(10, dtype=np.float32)
    r, y = toy(x, attrs=(("alpha", abi.KG_ATTR_FLOAT, 2.0), ("per_block", abi.KG_ATTR_INT, 3),
                         ("ws", abi.KG_ATTR_LIST_INT, [100, 28])))
    assert r.run(lib) == abi.KG_OK, r.error
    rep = r.report
    assert rep["op_type"] == "KgToyScale" and rep["soc"] == "ascend910b"
    assert rep["block_dim"] == 4 and len(rep["blocks"]) == 4
    assert rep["tiling_key"] == 0 and rep["tiling_key_params"] == {"schMode": 0, "withBias": 0}
    assert rep["workspace_bytes"] == 128 and rep["workspace_sizes"] == [100, 28]
    assert rep["schedule_mode"] == 1 and rep["ub_pool"] == 196608 and rep["ub_doc_usable"] == 188160
    raw = bytes.fromhex(rep["tiling_data_hex"])
    assert rep["tiling_data_size"] == len(raw) == 24
    total, per_block, alpha, fail, has_bias, ub = struct.unpack("<IIfiII", raw)
    assert (total, per_block, alpha, fail, has_bias) == (10, 3, 2.0, -1, 0)
    assert ub == 196352, "GetCoreMemSize(UB) through TilingParse's compile info"
    assert "tiling_fields" not in rep, "plain structs have no field names"
    assert "host: toy warning 42" in rep["warnings"]
    assert "trace" not in rep
    np.testing.assert_array_equal(y, 2.0 * x)


def test_optional_input_present_sets_key_bit_and_argument(lib):
    x = np.arange(6, dtype=np.float32)
    bias = np.full(6, 0.5, dtype=np.float32)
    r, y = toy(x, bias)
    assert r.run(lib) == abi.KG_OK, r.error
    assert r.report["tiling_key"] == 0b100 and r.report["tiling_key_params"] == {"schMode": 0, "withBias": 1}
    assert "host: bias[0] = 0.5" in r.report["warnings"], "ValueDepend inputs carry host data into tiling"
    np.testing.assert_array_equal(y, 2.0 * x + 0.5)


def test_fp16_key_and_trace_fields(lib):
    x = np.ones(8, dtype=np.float16)
    r, _ = toy(x, trace=1)
    assert r.run(lib) == abi.KG_OK, r.error
    rep = r.report
    assert rep["tiling_key"] == 1 and rep["tiling_key_params"]["schMode"] == 3
    assert rep["trace_fields"][0] == "api" and len(rep["trace"]) == rep["block_dim"] == 2


def test_legacy_tiling_fields_are_named_and_init_value_fills_output(lib):
    x = np.array([21, 0, 0, 0], dtype=np.int32)
    y = np.zeros(4, dtype=np.int32)
    r = Req("KgToyLegacy", [("x", x)], [("y", y)], [("blocks", abi.KG_ATTR_INT, 2)])
    assert r.run(lib) == abi.KG_OK, r.error
    rep = r.report
    assert rep["tiling_data_size"] == 40
    assert rep["tiling_fields"] == {"totalLength": 4, "tileNum": -3, "dims": [4, 5, 6], "scale": 0.25,
                                    "inner.lo": -2, "inner.hi": 9}
    assert rep["tiling_key_params"] is None
    leaks = [w for w in rep["warnings"] if "TPipe" in w]
    assert len(leaks) == 1 and leaks[0].startswith("block 0 (and 1 more): "), rep["warnings"]
    np.testing.assert_array_equal(y, [42, 7, 7, 7])


def test_results_do_not_depend_on_threads(lib):
    x = np.arange(50, dtype=np.float32)
    reports = []
    for threads in (1, 3, 0):
        r, y = toy(x, threads=threads)
        assert r.run(lib) == abi.KG_OK, r.error
        np.testing.assert_array_equal(y, 2.0 * x)
        reports.append(r.report)
    assert reports[0] == reports[1] == reports[2]


def test_infer_shape_and_dtype(lib):
    x = np.zeros((2, 3), dtype=np.float16)
    r = Req("KgToyScale", [("x", x), ("bias", None)], [("y", None, DT_FLOAT)],
            [("alpha", abi.KG_ATTR_FLOAT, 1.0)])
    r.outs[0].ndim = 0
    assert r.infer(lib) == abi.KG_OK, r.error
    out = r.outs[0]
    assert out.ndim == 2 and list(out.dims[:2]) == [2, 3] and out.dtype == DT_FLOAT16


def test_infer_shape_failure_carries_op_loge(lib):
    x = np.zeros((1, 1, 1, 2), dtype=np.float32)
    r = Req("KgToyScale", [("x", x), ("bias", None)], [("y", None)], [("alpha", abi.KG_ATTR_FLOAT, 1.0)])
    assert r.infer(lib) == abi.KG_HOST_FAILED
    assert "infershape returned GRAPH_FAILED" in r.error and "x rank 4 > 3" in r.error


def test_infer_shape_with_op_common_elewise_helper(lib):
    x = np.zeros((5, 7), dtype=np.int32)
    r = Req("KgToyLegacy", [("x", x)], [("y", None, DT_INT32)])
    assert r.infer(lib) == abi.KG_OK, r.error
    assert r.outs[0].ndim == 2 and list(r.outs[0].dims[:2]) == [5, 7] and r.outs[0].dtype == DT_INT32


# ---------------------------------------------------------------------------------------------- error paths
def test_unknown_op_type_lists_registered_types(lib):
    r = Req("GeluGrad", [], [])
    assert r.run(lib) == abi.KG_USAGE
    assert r.error == "unknown op type 'GeluGrad'; registered: KgToyScale, KgToyLegacy"
    assert r.infer(lib) == abi.KG_USAGE


def test_tiling_failure_reports_op_loge_text(lib):
    r, _ = toy(np.ones(4, np.float32), attrs=(("alpha", abi.KG_ATTR_FLOAT, 1.0), ("reject", abi.KG_ATTR_BOOL, 1),
                                              ("mode", abi.KG_ATTR_STR, "slow")))
    assert r.run(lib) == abi.KG_HOST_FAILED
    assert r.error == ("KgToyScale on ascend910b: tiling returned GRAPH_FAILED: "
                       "x dtype DT_FLOAT rejected on purpose (mode slow)")


@pytest.mark.parametrize("threads", [1, 4])
def test_block_defect_names_lowest_failing_block(lib, threads):
    r, _ = toy(np.ones(32, np.float32), attrs=(("alpha", abi.KG_ATTR_FLOAT, 1.0), ("fail_block", abi.KG_ATTR_INT, 5)),
               threads=threads)
    assert r.run(lib) == abi.KG_DEFECT
    assert r.error.startswith("KgToyScale on ascend910b, block 5 of 8, ")
    assert r.error.endswith(": ToyKernel: block asked to fail")


def test_block_dim_out_of_range_is_a_defect(lib):
    r, _ = toy(np.ones(4, np.float32), attrs=(("alpha", abi.KG_ATTR_FLOAT, 1.0), ("per_block", abi.KG_ATTR_INT, -1)))
    assert r.run(lib) == abi.KG_DEFECT
    assert r.error == "KgToyScale on ascend910b: tiling set block dim 4294967292; a launch needs 1..65535"


def test_undeclared_template_value_is_a_defect(lib):
    r, _ = toy(np.ones(4, np.float32), attrs=(("alpha", abi.KG_ATTR_FLOAT, 1.0), ("sch_override", abi.KG_ATTR_INT, 4)))
    assert r.run(lib) == abi.KG_DEFECT
    assert "INVALID_TILING_KEY" in r.error and "schMode value 4 does not exist" in r.error


def test_key_outside_selection_is_a_defect(lib):
    x = np.ones(4, dtype=np.uint16)  # stands in for bf16 bits: schMode 5 is declared but not selected
    r = Req("KgToyScale", [("x", x, DT_BF16), ("bias", None)], [("y", np.zeros(4, np.uint16), DT_BF16)],
            [("alpha", abi.KG_ATTR_FLOAT, 1.0)])
    assert r.run(lib) == abi.KG_DEFECT
    assert "(schMode=5, withBias=0) is in no ASCENDC_TPL_SEL selection" in r.error


@pytest.mark.parametrize("change, message", [
    (lambda r: setattr(r.req, "n_inputs", 1), None),
    (lambda r: setattr(r.ins[0], "bytes", 12), "input 'x' has 12 bytes, but shape [4] of DT_FLOAT needs 16"),
    (lambda r: setattr(r.ins[0], "name", b"z"), "input #0 is named 'z' but the OpDef's input #0 is 'x' (x, bias)"),
])
def test_malformed_tensors_are_usage_errors(lib, change, message):
    r, _ = toy(np.ones(4, np.float32))
    change(r)
    if message is None:  # dropping the trailing optional input is allowed
        assert r.run(lib) == abi.KG_OK, r.error
    else:
        assert r.run(lib) == abi.KG_USAGE
        assert r.error == "KgToyScale: " + message


def test_wrong_output_count_is_a_usage_error(lib):
    x = np.ones(4, np.float32)
    r = Req("KgToyScale", [("x", x)], [], [("alpha", abi.KG_ATTR_FLOAT, 1.0)])
    assert r.run(lib) == abi.KG_USAGE
    assert "output 'y' is missing" in r.error


@pytest.mark.parametrize("attrs, message", [
    ((), "required attr 'alpha' (float) was not given"),
    ((("alpha", abi.KG_ATTR_STR, "x"),), "attr 'alpha' is float in the OpDef but the request gives str"),
    ((("alpha", abi.KG_ATTR_FLOAT, 1.0), ("beta", abi.KG_ATTR_INT, 1)),
     "unknown attr 'beta'; KgToyScale has: alpha, fail_block, mode, per_block, reject, sch_override, weights, ws"),
])
def test_attr_errors(lib, attrs, message):
    r, _ = toy(np.ones(4, np.float32), attrs=attrs)
    assert r.run(lib) == abi.KG_USAGE
    assert r.error == "KgToyScale: " + message


def test_soc_without_config_and_undeclared_dtype_are_host_failures(lib):
    r, _ = toy(np.ones(4, np.float32), soc_name="ascend950")
    assert r.run(lib) == abi.KG_HOST_FAILED
    assert r.error == ('KgToyScale has no AICore().AddConfig("ascend950") in its OpDef; '
                       "configured: ascend910b, ascend310p")
    x = np.ones(4, np.int32)
    r = Req("KgToyScale", [("x", x), ("bias", None)], [("y", np.zeros(4, np.int32))], [("alpha", abi.KG_ATTR_FLOAT, 1.)])
    assert r.run(lib) == abi.KG_HOST_FAILED
    assert r.error.startswith("OpDef: KgToyScale on ascend910b does not declare x=DT_INT32, y=DT_INT32")


def test_per_soc_dtype_override_applies(lib):
    x = np.ones(4, dtype=np.uint16)
    r = Req("KgToyScale", [("x", x, DT_BF16), ("bias", None)], [("y", np.zeros(4, np.uint16), DT_BF16)],
            [("alpha", abi.KG_ATTR_FLOAT, 1.0)], soc_name="ascend310p")
    assert r.run(lib) == abi.KG_HOST_FAILED
    assert "declared combinations: (DT_FLOAT,DT_FLOAT,DT_FLOAT) (DT_FLOAT16,DT_FLOAT16,DT_FLOAT16)" in r.error


def test_small_report_buffer_asks_for_more(lib):
    r, _ = toy(np.ones(4, np.float32), report_cap=16)
    assert r.run(lib) == abi.KG_USAGE
    need = int(r.error.split()[2])
    assert r.error == f"report needs {need} bytes" and need > 16


def test_two_libraries_keep_separate_registries(lib, tmp_path):
    src = tmp_path / "other_def.cpp"
    src.write_text('#include "register/op_def_registry.h"\nnamespace ops {\nclass KgOther : public OpDef {\npublic:\n'
                   '    explicit KgOther(const char* n) : OpDef(n) { this->Input("a"); this->Output("b"); '
                   'this->AICore().AddConfig("ascend910b"); }\n};\nOP_ADD(KgOther);\n}\n')
    launcher = tmp_path / "other_launch.cpp"
    launcher.write_text('#include "kgemu/abi.h"\nextern "C" void kg_kernel_entry(uint8_t**, int32_t, uint64_t) {}\n')
    other = _compile([src, launcher, RUNTIME / "kg_harness.cpp", RUNTIME / "kg_runtime.cpp"], tmp_path / "libother.so")
    assert [o["op_type"] for o in opdef(other)["ops"]] == ["KgOther"]
    assert [o["op_type"] for o in opdef(lib)["ops"]] == ["KgToyScale", "KgToyLegacy"]
    assert opdef(other)["tiling_keys"] == {}


# ---------------------------------------------------------------------------------------------- headers
PUBLIC_HEADERS = [
    "graph/types.h", "graph/c_types.h", "graph/ge_error_codes.h", "graph/ascend_string.h", "graph/utils/type_utils.h",
    "securec.h", "exe_graph/runtime/shape.h", "exe_graph/runtime/storage_shape.h", "exe_graph/runtime/tensor.h",
    "exe_graph/runtime/continuous_vector.h", "exe_graph/runtime/runtime_attrs.h", "exe_graph/runtime/tiling_data.h",
    "exe_graph/runtime/compute_node_info.h", "exe_graph/runtime/tiling_context.h",
    "exe_graph/runtime/tiling_parse_context.h", "exe_graph/runtime/infer_shape_context.h",
    "exe_graph/runtime/infer_datatype_context.h", "exe_graph/runtime/extended_kernel_context.h",
    "platform/platform_info.h", "platform/platform_ascendc.h", "platform/soc_spec.h",
    "tiling/platform/platform_ascendc.h", "tiling/tiling_api.h", "tiling/template_argument.h",
    "register/op_def.h", "register/op_def_registry.h", "register/op_impl_registry.h", "register/tilingdata_base.h",
    "ascendc/host_api/tiling/template_argument.h", "log/log.h", "op_common/log/log.h", "util/math_util.h",
    "util/platform_util.h", "util/shape_util.h", "op_host/util/platform_util.h", "op_host/tiling_util.h",
    "op_host/tiling_base.h", "op_host/tiling_templates_registry.h", "op_common/op_host/infershape_elewise_util.h",
    "op_common/op_host/infershape_broadcast_util.h", "util/const_util.h", "op_common/op_host/util/const_util.h",
    "op_host/util/math_util.h", "op_host/util/shape_util.h", "op_host/util/const_util.h",
    "platform/platform_infos_def.h", "platform/platform_info_def.h", "register/op_def_factory.h",
    "exe_graph/runtime/base_type.h", "exe_graph/runtime/storage_format.h", "tiling/math/log_tiling.h",
    # kernelgen ut: what ops-nn's tests/ut/common fakers are built on
    "exe_graph/runtime/tensor_data.h", "exe_graph/runtime/kernel_context.h",
    "base/context_builder/op_context_builder_base.h", "base/context_builder/op_tiling_context_builder.h",
    "base/context_builder/op_tiling_parse_context_builder.h", "base/context_builder/op_infer_shape_context_builder.h",
    "base/context_builder/op_infer_shape_range_context_builder.h",
    "base/context_builder/op_infer_datatype_context_builder.h", "base/registry/op_impl_space_registry_v2.h",
    "graph/operator.h", "graph/operator_reg.h", "graph/tensor.h", "ge/ge_api_types.h",
    # ops-nn's main tree on the 950
    "exe_graph/runtime/kernel_run_context.h", "tiling/sort/sort_tiling.h", "kgemu/sort_config.h",
]


def test_every_public_header_compiles_alone(tmp_path):
    files, forwarders = [], implied_alone(PUBLIC_HEADERS, INCLUDE)
    assert len(forwarders) >= 10, forwarders       # the ops-nn spellings of one header (log/log.h, util/...)
    for i, h in enumerate(PUBLIC_HEADERS):
        if h in forwarders:
            continue
        f = tmp_path / f"h{i}.cpp"
        f.write_text(f'#include "{h}"\n#include "{h}"\nint kg_probe_{i};\n')
        files.append(str(f))

    def check(chunk):
        return subprocess.run([CXX, *FLAGS, "-fsyntax-only", *chunk], capture_output=True, text=True)
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(check, [files[0::2], files[1::2]]))
    assert all(r.returncode == 0 for r in results), "\n".join(r.stderr for r in results)


def test_only_pure_forwarders_to_a_listed_header_are_implied(tmp_path):
    heads = {"b.h": "#pragma once\nint b;\n",
             "a.h": "#ifndef A_H\n#define A_H\n// the other spelling\n#include \"b.h\"\n#endif  // A_H\n",
             "c.h": '#pragma once\n#include "b.h"\nint c;\n',          # declares something of its own
             "d.h": '#pragma once\n#include "unlisted.h"\n',           # forwards to a header not compiled alone
             "e.h": '#pragma once\n#include "b.h"\n#include "a.h"\n'}  # two includes: they might clash
    for name, text in heads.items():
        (tmp_path / name).write_text(text)
    assert implied_alone(sorted(heads), tmp_path) == {"a.h": "b.h"}


def test_detail_header_alone_is_an_error(tmp_path):
    f = tmp_path / "d.cpp"
    f.write_text('#include "kgemu/detail/host_log.h"\n')
    res = subprocess.run([CXX, *FLAGS, "-fsyntax-only", str(f)], capture_output=True, text=True)
    assert res.returncode != 0 and "private to the kernelgen emulator" in res.stderr


@pytest.mark.parametrize("code, api", [
    ('namespace ops { class A : public OpDef { public: explicit A(const char* n) : OpDef(n) { this->AICPU(); } }; '
     'OP_ADD(A); }', "OpDef::AICPU"),
    ('static unsigned F(gert::TilingContext*) { return 0; } '
     'IMPL_OP_OPTILING(A).OpExecuteFunc(F);', "OpImplRegisterV2::OpExecuteFunc"),
    ('namespace ops { class A : public OpDef { public: explicit A(const char* n) : OpDef(n) { '
     'this->AICore().SetOpSupportInfo(nullptr); } }; OP_ADD(A); }', "OpAICoreDef::SetOpSupportInfo"),
    ('void f() { matmul_tiling::BatchMatmulTiling t; }', "BatchMatmulTiling"),
    ('void f() { uint32_t n, e; AscendC::GetLog2TmpBufferFactorSize(2, n, e); }', "GetLog2TmpBufferFactorSize"),
])
def test_unsupported_apis_fail_to_compile_naming_the_api(tmp_path, code, api):
    f = tmp_path / "u.cpp"
    f.write_text('#include "register/op_def_registry.h"\n#include "tiling/tiling_api.h"\n' + code + "\n")
    res = subprocess.run([CXX, *FLAGS, "-fsyntax-only", str(f)], capture_output=True, text=True)
    assert res.returncode != 0 and api in res.stderr, res.stderr
