"""ctypes mirror of kgemu/abi.h (field order and types must match exactly), and the request's attribute array."""
from __future__ import annotations

import ctypes as C

from kernelgen.errors import UsageError, choices_message


class KgSoc(C.Structure):
    _fields_ = [
        ("name", C.c_char_p), ("short_soc_version", C.c_char_p), ("soc_version_enum", C.c_int32),
        ("npu_arch", C.c_int32), ("ub_size_tiling", C.c_uint64), ("ub_pool", C.c_uint64),
        ("ub_doc_usable", C.c_uint64), ("ub_block", C.c_uint32), ("core_num", C.c_uint32),
        ("core_num_aic", C.c_uint32), ("core_num_aiv", C.c_uint32), ("core_num_vector", C.c_uint32),
        ("libapi_workspace", C.c_uint64), ("que_max_event", C.c_uint32), ("bf16_level", C.c_uint32),
        ("has_data_copy_pad", C.c_uint32), ("l1_size", C.c_uint64), ("l2_size", C.c_uint64),
        ("hbm_bytes_per_cycle", C.c_uint64), ("l2_bytes_per_cycle", C.c_uint64),
        ("l0a_size", C.c_uint64), ("l0b_size", C.c_uint64), ("l0c_size", C.c_uint64),
        ("bias_table_size", C.c_uint64), ("fixpipe_buffer_size", C.c_uint64),
    ]


class KgTensor(C.Structure):
    _fields_ = [
        ("name", C.c_char_p), ("dtype", C.c_int32), ("format", C.c_int32), ("ndim", C.c_int32),
        ("dims", C.c_int64 * 8), ("data", C.c_void_p), ("bytes", C.c_uint64),
    ]


# A request attribute named "@name" is one of the IR prototype's that the OpDef does not declare (kgemu/abi.h).
PROTOTYPE_ATTR_MARK = "@"

KG_ATTR_FLOAT, KG_ATTR_INT, KG_ATTR_BOOL, KG_ATTR_STR, KG_ATTR_LIST_FLOAT, KG_ATTR_LIST_INT, KG_ATTR_LIST_BOOL = range(7)


class KgAttr(C.Structure):
    _fields_ = [
        ("name", C.c_char_p), ("kind", C.c_int32), ("f", C.c_double), ("i", C.c_int64), ("s", C.c_char_p),
        ("list_f", C.POINTER(C.c_double)), ("list_i", C.POINTER(C.c_int64)), ("list_len", C.c_int32),
    ]


class KgRunRequest(C.Structure):
    _fields_ = [
        ("op_type", C.c_char_p), ("soc", C.POINTER(KgSoc)), ("inputs", C.POINTER(KgTensor)),
        ("n_inputs", C.c_int32), ("outputs", C.POINTER(KgTensor)), ("n_outputs", C.c_int32),
        ("attrs", C.POINTER(KgAttr)), ("n_attrs", C.c_int32), ("threads", C.c_int32), ("trace", C.c_int32),
        ("report", C.c_char_p), ("report_cap", C.c_uint64), ("error", C.c_char_p), ("error_cap", C.c_uint64),
        ("workspace", C.c_void_p), ("workspace_cap", C.c_uint64), ("no_data", C.c_char_p),
    ]


KG_OK, KG_DEFECT, KG_HOST_FAILED, KG_USAGE = 0, 1, 2, 3


def bind(lib: C.CDLL) -> C.CDLL:
    """Declare the exported functions' signatures on a loaded library."""
    lib.kg_run.argtypes = [C.POINTER(KgRunRequest)]
    lib.kg_run.restype = C.c_int32
    lib.kg_tiling.argtypes = [C.POINTER(KgRunRequest), C.POINTER(C.c_uint64)]
    lib.kg_tiling.restype = C.c_int32
    lib.kg_infer_shape.argtypes = [C.POINTER(KgRunRequest)]
    lib.kg_infer_shape.restype = C.c_int32
    lib.kg_opdef_json.argtypes = [C.c_char_p, C.c_uint64]
    lib.kg_opdef_json.restype = C.c_int32
    lib.kg_set_gm_slack.argtypes = [C.c_int32]
    lib.kg_set_gm_slack.restype = None
    lib.kg_set_gm_guard.argtypes = [C.c_uint64]
    lib.kg_set_gm_guard.restype = None
    lib.kg_set_trace_file.argtypes = [C.c_char_p]
    lib.kg_set_trace_file.restype = None
    return lib


# The red zone after each padded GM buffer (kg_set_gm_guard): a SIMT thread's access there left its tensor.
GM_GUARD_BYTES = 4096


def gm_padded_bytes(nbytes: int) -> int:
    """kg_gm_padded_bytes of abi.h: the allocation size of a GM buffer when kg_set_gm_slack(1) is on."""
    return max(512, (nbytes + 32 + 511) // 512 * 512)


def attr_structs(decl, attrs: dict) -> tuple[list[KgAttr], list]:
    """The request's KgAttr array for decl's attributes (an OpDecl) from {name: value}, and the ctypes arrays it
    points into (kept alive by the caller for the run). The IR prototype's own attributes always go, by default."""
    keep = []
    out = []
    known = {a.name: a for a in decl.attrs}
    for name in attrs:
        if name not in known:
            raise UsageError(choices_message(f"attribute of {decl.op_type}", name, known) if known
                             else f"{decl.op_type} has no attributes; got {name!r}")
    # CANN fills the IR prototype's defaults; the harness knows only the OpDef's
    attrs = {**{a.name: a.default for a in decl.attrs if a.prototype_only}, **attrs}
    for a in decl.attrs:
        if a.name not in attrs:
            if a.required and a.default is None:
                raise UsageError(f"{decl.op_type}: attribute {a.name!r} ({a.kind}) is required; pass --attr "
                                 f"{a.name}=VALUE")
            continue
        value = attrs[a.name]
        s = KgAttr()
        s.name = (PROTOTYPE_ATTR_MARK + a.name if a.prototype_only else a.name).encode()
        kind = a.kind
        if kind == "float":
            s.kind, s.f = KG_ATTR_FLOAT, float(value)
        elif kind == "int":
            s.kind, s.i = KG_ATTR_INT, int(value)
        elif kind == "bool":
            s.kind, s.i = KG_ATTR_BOOL, int(bool(value))
        elif kind == "str":
            s.kind, s.s = KG_ATTR_STR, str(value).encode()
        elif kind in ("list_float", "list_int", "list_bool"):
            values = list(value)
            if kind == "list_float":
                arr = (C.c_double * len(values))(*map(float, values))
                s.kind, s.list_f = KG_ATTR_LIST_FLOAT, arr
            else:
                arr = (C.c_int64 * len(values))(*map(int, values))
                s.kind = KG_ATTR_LIST_INT if kind == "list_int" else KG_ATTR_LIST_BOOL
                s.list_i = arr
            s.list_len = len(values)
            keep.append(arr)
        else:
            raise UsageError(f"attribute {a.name}: unsupported kind {kind}")
        out.append(s)
    return out, keep
