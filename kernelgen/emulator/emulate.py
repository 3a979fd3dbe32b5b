"""Run an operator on the CPU emulator: compile (cached), tile, run every block, return outputs.

A target is an operator kernelgen knows (its sources are rendered from the spec into the cache) or
the path of an ops-nn-style operator directory (op_host/ and op_kernel/).
"""
from __future__ import annotations

import ctypes as C
import json
import tempfile
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from kernelgen.errors import EmulatorDefect, HostRejected, ToolchainError, UsageError, choices_message
from kernelgen.emulator import abi
from kernelgen.emulator.trace import StreamedTrace
from kernelgen.emulator.build import (HOST_OPT, KERNEL_OPT, CompileUnit, _tree_digest, build_library, evict,
                                      materialize_tree, write_source)
from kernelgen.emulator.ir_proto import with_prototype_attrs
from kernelgen.emulator.decl import (OpDecl, TensorDecl, decode_tiling, list_output_count, output_aliases,
                                     output_shapes, parse_opdef, pick_combo)
from kernelgen.emulator.inputs import check_inputs, check_spec_dtype, check_spec_shapes
from kernelgen.dtypes import GE_DTYPES, ge_of_numpy
from kernelgen.socs import Soc, get_soc


@dataclass
class RunResult:
    outputs: dict[str, np.ndarray]
    report: dict


def soc_struct(soc: Soc) -> abi.KgSoc:
    return abi.KgSoc(
        soc.family.encode(), soc.short_soc_version.encode(), soc.soc_version_value, soc.npu_arch,
        soc.ub_core_mem, soc.ub_pool, soc.ub_doc_usable, soc.ub_block, soc.core_num, soc.core_num_aic,
        soc.core_num_aiv, soc.core_num_vector, soc.libapi_workspace, soc.que_max_event, soc.bf16.level,
        int(soc.data_copy_pad), soc.l1_bytes, soc.l2_bytes, soc.hbm_bytes_per_cycle, soc.l2_bytes_per_cycle,
        soc.l0a_bytes, soc.l0b_bytes, soc.l0c_bytes, soc.bias_table_bytes, soc.fixpipe_buffer_bytes)


def _tensor_struct(name: str, arr: np.ndarray | None, ge: str | None = None, shape=None,
                   fmt: int = 2) -> abi.KgTensor:
    t = abi.KgTensor()
    t.name = name.encode()
    t.format = fmt  # ge::Format (origin = storage); FORMAT_ND unless the caller names one
    if arr is None and shape is None:
        t.ndim = -1
        return t
    dims = tuple(arr.shape if arr is not None else shape)
    if len(dims) > 8:
        raise UsageError(f"tensor {name} has {len(dims)} dims; at most 8 are supported")
    t.ndim = len(dims)
    for i, d in enumerate(dims):
        t.dims[i] = d
    t.dtype = GE_DTYPES[ge or ge_of_numpy(arr.dtype)].value
    if arr is not None:
        t.data = arr.ctypes.data
        t.bytes = arr.nbytes
    return t


class OperatorSource:
    """An operator directory in the ops-nn layout, ready to be compiled per SOC and dtype combination.

    Where the sources are (def file named by folder or OpType, per-SOC tiling folders, `_apt` kernels, include
    paths) is kernelgen.emulator.layout's business; `soc` picks the SOC's tiling folder and kernel file."""

    def __init__(self, op_dir: Path, snake: str, decl: OpDecl | None = None, tiling_fields=None,
                 soc: str | None = None):
        self.op_dir = Path(op_dir)
        self.snake = snake
        self._decl = decl
        self._doc: dict = {}  # kg_opdef_json of the host library: tiling keys, impls, tiling-data classes
        self._probed_soc: str | None = None
        self.soc = soc  # SOC family whose tiling folder and kernel file are used (None: the layout's guess)
        self.strict_gm = False  # True: GM accesses into a tensor's allocation padding are defects
        self.tiling_fields = tiling_fields  # [(name, ctype)] for plain tiling structs, else None
        self.digest = _tree_digest(self.op_dir)
        # True for kernelgen's own rendered operators, whose templates name each host file's functions apart (a
        # static InferShape<Op>, <Op>TilingFunc, ...) and define no macros: their host files compile as one unit.
        # An ops-nn directory keeps one unit per file (its files may repeat a static name or a macro).
        self.host_as_one_unit = False
        # Likewise their kernel sources compile the dtype combinations a run plans (plan_kernel_combos) as one unit
        self.kernel_combos_as_one_unit = False
        self._combo_plan: dict[tuple[str, ...], list[dict[str, str]]] = {}
        self._combined: dict[tuple, CompileUnit | None] = {}
        self._combined_lock = threading.Lock()
        # True for a rendering in the cache (source_from_spec): a content-hashed tree whose files never change, so
        # its host source list and its loaded libraries are looked up once per SOC and combination, not per case
        # (a verify's 72 runs spent about 0.5 s finding the same sources and library again)
        self.frozen_tree = False
        self._memo: dict[tuple, object] = {}

    # ---- sources ----------------------------------------------------------------------------

    @classmethod
    def for_dir(cls, op_dir: Path, soc: str | None = None) -> "OperatorSource":
        """The operator of an ops-nn directory, named by its real folder: a directory reached through a symbolic
        link (a survey's `<category>__<op>` folders) keeps the name CANN's build knows it by, which the kernel
        entry and source are found by when the OpType's snake case differs (Conv3DBackpropFilterV2)."""
        return cls(op_dir, Path(op_dir).resolve().name, soc=soc)
    def _npu_arch(self) -> int | None:
        if not self.soc:
            return None
        try:
            return get_soc(self.soc).npu_arch
        except UsageError:
            return None

    def host_sources(self) -> list[Path]:
        from kernelgen.emulator.layout import host_sources

        if not self.frozen_tree:
            return host_sources(self.op_dir, self.soc, self._npu_arch())
        key = ("host_sources", self.soc)
        if key not in self._memo:
            self._memo[key] = host_sources(self.op_dir, self.soc, self._npu_arch())
        return list(self._memo[key])

    def include_dirs(self) -> tuple[Path, ...]:
        from kernelgen.emulator.layout import include_dirs, tiling_dir

        return include_dirs(self.op_dir, tiling_dir(self.op_dir, self.soc, self._npu_arch()))

    def kernel_source(self) -> Path:
        from kernelgen.emulator.layout import def_files, kernel_file
        from kernelgen.emulator.opdir import snake_case

        names = []
        for op in self._doc.get("ops", [])[:1]:
            for cfg in op.get("aicore_configs", op.get("aicore")) or []:
                if cfg.get("soc") == self.soc:
                    names.append((cfg.get("extend_cfg_info") or {}).get("opFile.value"))
            names.append(snake_case(op.get("op_type", "")))
        names.append(self.snake)
        names += [p.stem[:-len("_def")] for p in def_files(self.op_dir) if p.stem.endswith("_def")]
        return kernel_file(self.op_dir, names, self._npu_arch(), self.soc)

    def host_units(self) -> list[CompileUnit]:
        """Compile units of the host sources (def, tiling, infershape); also linked by run-example."""
        from kernelgen.emulator.layout import unlinked_tiling_keys

        inc = self.include_dirs()
        sources = self.host_sources()
        if self.host_as_one_unit and len(sources) > 1:
            # one translation unit that includes every host source: the emulator's host headers parsed once, not
            # once per file (gelu_grad: 2.4 g++ CPU s instead of 1.5 + 1.2 + 1.6; docs/speed.md, Session 30)
            text = "// kernelgen: the operator's host sources as one unit\n" + "".join(
                f'#include "{p.resolve()}"\n' for p in sources)
            units = [CompileUnit(f"{self.snake}_op_host", write_source(text, f"{self.snake}_op_host"), (HOST_OPT,),
                                 inc, self.digest)]
        else:
            # a source outside the operator's folder (a CMake dependency's tiling, opbase's, the repository's
            # common ones) is shared with other operators: its object is keyed by what g++ sees (build.py
            # shared_object_key), so the pooling operators that reach mat_mul_v3's tilings compile them once
            own = self.op_dir.resolve()
            units = [CompileUnit(f"{self.snake}_{p.parent.name}_{p.stem}", p, (HOST_OPT,), inc, self.digest, "host",
                                 "" if p.resolve().is_relative_to(own) else f"shared_{p.parent.name}_{p.stem}")
                     for p in sources]
        try:
            kernel = self.kernel_source()
        except UsageError:   # no kernel source: the host library alone (the launcher will name what is missing)
            kernel = None
        keys = unlinked_tiling_keys(self.op_dir, self.soc, kernel)
        if keys:
            text = "".join(f'#include "{k}"\n' for k in keys)
            units.append(CompileUnit(f"{self.snake}_tiling_keys", write_source(text, f"{self.snake}_tiling_keys"),
                                     (HOST_OPT,), inc, self.digest, "host"))
        return units

    def _launcher(self, decl: OpDecl, combo: dict[str, str]) -> str:
        from kernelgen.emulator.layout import tiling_dir
        from kernelgen.emulator.opdir import launcher_source

        self.decl()
        ids = {name: v.value for name, v in GE_DTYPES.items()}
        sub = tiling_dir(self.op_dir, self.soc, self._npu_arch())
        # the kernel by its real path (a directory reached through a symlink shares the object with the directory)
        return launcher_source(self.op_dir, self.kernel_source().resolve(), decl, combo, self._doc, ids, sub,
                               (self.soc, self._npu_arch()))

    def uses_sync_all(self) -> bool:
        """The kernel calls SyncAll (or CrossCoreWaitFlag), also from a header it includes: its blocks must all run
        at once."""
        from kernelgen.emulator.opdir import waits_for_other_blocks

        return (self.op_dir / "op_kernel").is_dir() and waits_for_other_blocks(self.op_dir, self.include_dirs())

    def has_infershape(self) -> bool:
        """False when the directory registers no infershape (no *_infershape*.cpp, no SetInferShape)."""
        decl = self.decl()
        impl = (self._doc.get("impls") or {}).get(decl.op_type) or {}
        ops = [o for o in self._doc.get("ops", []) if o.get("op_type") == decl.op_type]
        return not self._doc or bool(impl.get("infer_shape")) or any(o.get("opdef_infer_shape") for o in ops)

    @staticmethod
    def soc_flags(soc: Soc) -> tuple[str, ...]:
        """The -O level (build.KERNEL_OPT) and the SOC's defines of a kernel build (what its precompiled kernel headers
        are built with)."""
        # ASCENDC_CPU_DEBUG: the macro of CANN's CPU debug build, the emulator's counterpart; kernels keep what only
        # the NPU compiler takes (a `kernel<<<blockDim, ...>>>` launch wrapper) behind #ifndef ASCENDC_CPU_DEBUG
        flags = [*KERNEL_OPT, f"-D__NPU_ARCH__={soc.npu_arch}", f"-D__CCE_AICORE__={soc.cce_aicore}",
                 "-DASCENDC_CPU_DEBUG=1"]
        if soc.npu_arch == 2201:
            flags.append("-D__DAV_C220_VEC__")  # the vector-core build of 910B / 910_93 kernels
        return tuple(flags)

    def kernel_flags(self, decl: OpDecl, combo: dict[str, str], soc: Soc) -> tuple[str, ...]:
        flags = list(self.soc_flags(soc))
        if soc.npu_arch == 3510 and (self.op_dir / "op_kernel").is_dir():
            from kernelgen.emulator.build import SIMT_FLAGS
            from kernelgen.emulator.opdir import uses_simt

            if uses_simt(self.op_dir, self.include_dirs()):
                flags += SIMT_FLAGS  # memory-access instrumentation for the SIMT race check (the .gch follows them)
        input_names = {t.name for t in decl.inputs}
        for t, is_output in [(t, False) for t in decl.inputs] + [(t, True) for t in decl.outputs]:
            name = t.name.upper()
            if is_output and t.name in input_names:  # an in-place output: <NAME>_REF (the input keeps <NAME>)
                name += "_REF"
            ge = combo[t.name]
            flags += [f"-DDTYPE_{name}={GE_DTYPES[ge].cpp}", f"-DORIG_DTYPE_{name}={ge}", f"-DFORMAT_{name}=FORMAT_ND"]
        return tuple(flags)

    # ---- OpDef --------------------------------------------------------------------------------
    def decl(self, soc: str | None = None) -> OpDecl:
        """The OpDef, probed again only when the SOC changes which host sources are compiled (its tiling folder)."""
        from kernelgen.emulator.layout import unlinked_tiling_keys

        if soc is not None:
            self.soc = soc
        # what the host library holds for this SOC: its host sources and the kernel-side tiling-key headers the
        # SOC's kernel brings (a probe before the SOC was chosen, as --prefer-soc makes, linked none of them)
        sources = tuple(self.host_sources()) + tuple(unlinked_tiling_keys(self.op_dir, self.soc))
        if not self._doc or self._probed_soc != sources:
            probed = self._probe_opdef()
            self._probed_soc = sources
            if self._decl is None:
                self._decl = probed
        return self._decl

    def default_soc(self, *preferred: str | None) -> str:
        """The SOC a run without --soc uses: the first of preferred the OpDef configures, else ascend910b, else
        the OpDef's first SOC kernelgen knows."""
        from kernelgen.socs import family_names

        configured = list(self.decl().socs)
        for name in (*preferred, "ascend910b", *configured):
            if name and name in configured and name in family_names():
                return name
        raise UsageError(f"{self.decl().op_type} is configured for {', '.join(configured) or 'no SOC'}; "
                         f"kernelgen emulates {', '.join(family_names())}")

    def _probe_library(self) -> C.CDLL:
        """The host sources linked with a launcher that has no kernel: OpDef, infershape and tiling only."""
        stub = write_source('#include "kgemu/abi.h"\n#include <stdexcept>\nextern "C" void kg_kernel_entry('
                            'uint8_t**, int32_t, uint64_t) { throw std::runtime_error("no kernel linked"); }\n',
                            "probe_launcher")
        try:
            units = self.host_units() + [CompileUnit("probe_launcher", stub)]
            warm = ()
            if self.soc:   # the kernels come next: their SOC's precompiled headers build beside the probe
                try:
                    warm = (("kernel", self.soc_flags(get_soc(self.soc))),)
                except UsageError:
                    pass
            return _load(build_library(units, f"{self.snake}_probe", warm=warm))
        except ToolchainError as exc:
            from kernelgen.emulator.opdir import explain_compile_error

            raise ToolchainError(explain_compile_error(str(exc))) from exc

    def _probe_opdef(self) -> OpDecl:
        lib = self._probe_library()
        buf = C.create_string_buffer(1 << 20)
        if lib.kg_opdef_json(buf, len(buf)) != 0:
            raise ToolchainError(f"{self.snake}: the OpDef registry could not be read")
        self._doc = json.loads(buf.value.decode())
        return with_prototype_attrs(parse_opdef(self._doc, self.snake), self.op_dir)

    # ---- build and run -----------------------------------------------------------------------
    def _combo_tag(self, decl: OpDecl, combo: dict[str, str]) -> str:
        return "_".join(GE_DTYPES[combo[t.name]].cpp.replace("_t", "") for t in decl.inputs + decl.outputs)

    def kernel_unit(self, soc: Soc, combo: dict[str, str], tiling_key: int | None = None) -> CompileUnit:
        """The kernel launcher of one dtype combination on soc (precompiles the "kernel" header set); with
        tiling_key, built as CANN builds that key's kernel (TILING_KEY_VAR defined: selects_code_by_key_macro)."""
        decl = self.decl(soc.family)
        launcher = write_source(self._launcher(decl, combo), f"{self.snake}_launch")
        flags, name = self.kernel_flags(decl, combo, soc), f"{self.snake}_kernel_{soc.npu_arch}_{self._combo_tag(decl, combo)}"
        if tiling_key is not None:
            flags, name = flags + (f"-DTILING_KEY_VAR={int(tiling_key)}ULL",), f"{name}_key{int(tiling_key)}"
        return CompileUnit(name, launcher, flags, self.include_dirs(), self.digest, "kernel")

    def selects_code_by_key_macro(self) -> bool:
        """The kernel's `#if TILING_KEY_VAR == ...` (opdir.selects_code_by_key_macro): built per tiling key."""
        from kernelgen.emulator.opdir import selects_code_by_key_macro

        return selects_code_by_key_macro(self.op_dir)

    def plan_kernel_combos(self, soc: Soc, combos: list[dict[str, str]]) -> None:
        """A run says which dtype combinations it will build on soc (verify: those of its cases). With
        kernel_combos_as_one_unit, two or more of them compile as one kernel unit (kernel_combos_unit)."""
        with self._combined_lock:
            self._combo_plan[self.soc_flags(soc)] = [dict(c) for c in combos]

    def kernel_combos_unit(self, soc: Soc, combo: dict[str, str]) -> CompileUnit | None:
        """The one kernel unit of every planned combination on soc, when combo is one of them and the kernel allows
        it (opdir.only_entry_defined, no other kernel file reads the per-tensor macros, the same flags but for
        those macros); else None (one unit per combination, kernel_unit)."""
        planned = self._combo_plan.get(self.soc_flags(soc)) if self.kernel_combos_as_one_unit else None
        if not planned or len(planned) < 2 or combo not in planned:
            return None
        key = (self.soc_flags(soc), tuple(tuple(sorted(c.items())) for c in planned))
        with self._combined_lock:
            if key not in self._combined:
                self._combined[key] = self._combined_unit(soc, planned)
            return self._combined[key]

    def _combined_unit(self, soc: Soc, planned: list[dict[str, str]]) -> CompileUnit | None:
        from kernelgen.emulator.build import pch_flags
        from kernelgen.emulator.opdir import (combined_launcher, find_entries, kernel_include, only_entry_defined,
                                              reads_tensor_macros, snake_case)

        decl = self.decl(soc.family)
        kernel = self.kernel_source().resolve()
        names = {e.name for e in find_entries(kernel.read_text(errors="replace"))}
        entry = next((n for n in (snake_case(decl.op_type), decl.snake) if n in names), None)
        if entry is None or not only_entry_defined(kernel, entry):
            return None
        launchers, common = [], set()
        for combo in planned:
            flags = self.kernel_flags(decl, combo, soc)
            shared = pch_flags(flags)
            common.add(shared)
            launchers.append((self._combo_tag(decl, combo), self._launcher(decl, combo),
                              tuple(f for f in flags if f not in shared)))
        others = [p for p in sorted((self.op_dir / "op_kernel").rglob("*")) if p.is_file() and p.resolve() != kernel]
        if len(common) != 1 or any(reads_tensor_macros(p.read_text(errors="replace"), launchers[0][2])
                                   for p in others):
            return None
        text = combined_launcher(launchers, kernel_include(kernel), entry)
        if text is None:
            return None
        tags = [t for t, _, _ in launchers]
        return CompileUnit(f"{self.snake}_kernel_{soc.npu_arch}_{len(tags)}combos", write_source(
            text, f"{self.snake}_launch"), common.pop(), self.include_dirs(), self.digest, "kernel")

    def library(self, soc: Soc, combo: dict[str, str], tiling_key: int | None = None) -> C.CDLL:
        decl = self.decl(soc.family)
        tag = self._combo_tag(decl, combo)
        combined = self.kernel_combos_unit(soc, combo) if tiling_key is None else None
        key = ("library", soc.family, self.soc_flags(soc), tag, combined, tiling_key)
        if self.frozen_tree and key in self._memo:
            return self._memo[key]
        lib = self._library(soc, combo, tag, combined, tiling_key)
        if self.frozen_tree:
            self._memo[key] = lib
        return lib

    def _library(self, soc: Soc, combo: dict[str, str], tag: str, combined: CompileUnit | None,
                 tiling_key: int | None = None) -> C.CDLL:
        if tiling_key is not None:
            tag = f"{tag}_key{int(tiling_key)}"
        if combined is None:
            kernels = [self.kernel_unit(soc, combo, tiling_key)]
        else:   # the combined object, and this combination's kg_kernel_entry forwarding into it
            from kernelgen.emulator.opdir import entry_shim

            with_type = f"kg_kernel_type_{tag}(" in combined.source.read_text()
            kernels = [combined, CompileUnit(f"{self.snake}_kernel_entry_{tag}", write_source(
                entry_shim(tag, with_type), f"{self.snake}_kernel_entry"))]
        try:
            return _load(build_library(self.host_units() + kernels, f"{self.snake}_{soc.npu_arch}_{tag}"))
        except ToolchainError as exc:
            from kernelgen.emulator.opdir import explain_compile_error

            raise ToolchainError(explain_compile_error(str(exc))) from exc


@lru_cache(maxsize=None)
def _load_cached(path: str) -> C.CDLL:
    return abi.bind(C.CDLL(path))


def _load(path: Path) -> C.CDLL:
    try:
        return _load_cached(str(path))
    except OSError as exc:
        evict(path, str(exc))
        raise ToolchainError(f"emulator library {path} could not be loaded ({exc}); run again to rebuild") from exc


def _empty_gm(shape, dtype: np.dtype, padded: bool) -> np.ndarray:
    """A 0xFF-filled array; with padded, a view into a buffer of abi.gm_padded_bytes (the allocator's rounding)
    followed by abi.GM_GUARD_BYTES of red zone (kg_set_gm_guard), so that no other buffer starts right after it."""
    dtype = np.dtype(dtype)
    nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    buf = np.full(abi.gm_padded_bytes(nbytes) + abi.GM_GUARD_BYTES if padded else max(nbytes, 1), 0xFF, np.uint8)
    return buf[:nbytes].view(dtype).reshape(shape)


def _padded_copy(arr: np.ndarray) -> np.ndarray:
    out = _empty_gm(arr.shape, arr.dtype, True)
    out[...] = arr
    return out


def _as_list(decl_tensor: TensorDecl, value) -> list[np.ndarray]:
    """The arrays of an input: a DYNAMIC (tensor-list) input takes a list; any other input one array."""
    if isinstance(value, (list, tuple)):
        if not decl_tensor.dynamic:
            raise UsageError(f"input {decl_tensor.name!r} takes one array, not a list (it is not a DYNAMIC input)")
        return [_contiguous(a) for a in value]
    return [_contiguous(value)]


def _contiguous(value) -> np.ndarray:
    """A C-contiguous array of value's own shape (np.ascontiguousarray would make a 0-d array 1-d)."""
    arr = np.asarray(value)
    return np.ascontiguousarray(arr).reshape(arr.shape)


def _tensor_formats(decl, formats: dict[str, str] | None) -> dict[str, int]:
    """{tensor name: ge::Format number} from {name: "NDHWC"}; names must be the operator's tensors."""
    from kernelgen.dtypes import ge_format

    names = [t.name for t in decl.inputs] + [t.name for t in decl.outputs]
    out = {}
    for name, fmt in (formats or {}).items():
        if name not in names:
            raise UsageError(choices_message(f"tensor of {decl.op_type} (formats)", name, names))
        out[name] = ge_format(fmt, f"{decl.op_type} tensor {name}")
    return out


def run_source(source: OperatorSource, soc: Soc, inputs: dict, attrs: dict | None = None,
               threads: int = 0, trace: bool = False, combo: dict[str, str] | None = None,
               strict_gm: bool | None = None, aliases: dict[str, str] | None = None,
               formats: dict[str, str] | None = None, out_shapes: dict[str, list] | None = None,
               no_data: list[str] | None = None) -> RunResult:
    """Run on every block. A DYNAMIC input takes a list of arrays, and a DYNAMIC output comes back as a list (as
    many tensors as the first DYNAMIC input has). strict_gm: a GM access past a tensor's end is a defect even inside
    the allocator's 512-byte rounding (default: the source's own setting; directories allow it with a warning).
    formats: {tensor name: "NDHWC", ...}, the ge::Format a tensor carries (as an aclTensor's format does; host
    code reads it as the origin and storage format); FORMAT_ND otherwise. no_data: outputs the operator's docs say
    carry no data for this call (bytes left unwritten there are not a defect)."""
    decl = source.decl()
    bad = [n for n in (no_data or []) if n not in {t.name for t in decl.outputs}]
    if bad:
        raise UsageError(choices_message(f"output of {decl.op_type} (no_data)", bad[0], [t.name for t in decl.outputs]))
    attrs = attrs or {}
    fmts = _tensor_formats(decl, formats)
    missing = [t.name for t in decl.inputs if t.required and t.name not in inputs]
    unknown = [n for n in inputs if n not in {t.name for t in decl.inputs}]
    if unknown:
        raise UsageError(choices_message(f"input of {decl.op_type}", unknown[0], [t.name for t in decl.inputs]))
    if missing:
        raise UsageError(f"{decl.op_type} needs input(s) {', '.join(missing)}; inputs are "
                         + ", ".join(t.name for t in decl.inputs))
    lists = {t.name: _as_list(t, inputs[t.name]) for t in decl.inputs if t.name in inputs}
    if combo is None:
        combo = pick_combo(decl, soc, {n: a[0] for n, a in lists.items() if a})
    by_key = source.selects_code_by_key_macro()
    # a kernel built per tiling key: the host library first (infershape, tiling), the key's kernel once it is known
    lib = source._probe_library() if by_key else source.library(soc, combo)
    slack = not (source.strict_gm if strict_gm is None else strict_gm)
    if slack:  # GM buffers as the NPU allocator rounds them; the padding is poison (0xFF)
        lists = {n: [_padded_copy(a) for a in arrs] for n, arrs in lists.items()}
    lib.kg_set_gm_slack(int(slack))
    if slack:
        lib.kg_set_gm_guard(abi.GM_GUARD_BYTES)
    if source.uses_sync_all():
        threads = -1  # every block at once, so that SyncAll can complete
    soc_s = soc_struct(soc)
    ins = [_tensor_struct(t.name, a, combo[t.name], fmt=fmts.get(t.name, 2)) for t in decl.inputs
           for a in lists.get(t.name, [None])]
    dyn_in = [lists[t.name] for t in decl.inputs if t.dynamic and t.name in lists]
    n_list = len(dyn_in[0]) if dyn_in else list_output_count(decl, attrs)
    out_names = [t.name for t in decl.outputs for _ in range(n_list if t.dynamic else 1)]
    in_structs = (abi.KgTensor * max(1, len(ins)))(*ins)
    out_structs = (abi.KgTensor * max(1, len(out_names)))(
        *[_tensor_struct(n, None, combo[n], shape=(), fmt=fmts.get(n, 2)) for n in out_names])
    attr_list, keep = abi.attr_structs(decl, attrs)
    attr_arr = (abi.KgAttr * max(1, len(attr_list)))(*attr_list)
    err = C.create_string_buffer(8192)
    req = abi.KgRunRequest(decl.op_type.encode(), C.pointer(soc_s), in_structs, len(ins), out_structs,
                           len(out_names), attr_arr, len(attr_list), threads, int(trace), None, 0,
                           C.cast(err, C.c_char_p), len(err))
    req.no_data = ",".join(no_data).encode() if no_data else None
    notes = []
    aliases = output_aliases(decl, aliases)
    inferred = [None] * len(out_names)
    if source.has_infershape():
        status = lib.kg_infer_shape(C.byref(req))
        _raise_for(status, err, decl.op_type, soc, "infershape")
        inferred = [tuple(out_structs[i].dims[k] for k in range(out_structs[i].ndim)) if out_structs[i].ndim >= 0
                    else None for i in range(len(out_names))]
    else:
        notes.append(f"{decl.op_type} registers no infershape")
    shapes, rules = output_shapes(decl, out_names, inferred, lists, aliases)
    for i, (name, shape) in enumerate(zip(out_names, shapes)):
        if name in (out_shapes or {}) and (any(d < 0 for d in shape) or rules[i] != "infershape"):
            # the output's length depends on input values (Arange, Bincount), or the infershape leaves it unset:
            # the caller allocates it (as an operator's own example does)
            shapes[i], rules[i] = tuple(out_shapes[name]), f"the caller's shape {list(out_shapes[name])} " \
                                                           f"(infershape gave {list(shape)})"
        elif any(d < 0 for d in shape):
            raise HostRejected(f"{decl.op_type} on {soc.family}: infershape gave output {name} the shape "
                               f"{list(shape)}, with unknown (-1) dims: the inputs or attributes do not fix it")
    for name, rule in dict(zip(out_names, rules)).items():
        if rule != "infershape":
            notes.append(f"output {name}: {rule}")
    arrays = []
    in_index = {}
    for j, t in enumerate(a for t in decl.inputs for a in [t.name] * len(lists.get(t.name, [None]))):
        in_index.setdefault(t, j)
    seen_out: dict[str, int] = {}
    for i, name in enumerate(out_names):
        src = aliases.get(name)
        nth = seen_out[name] = seen_out.get(name, -1) + 1  # a list output's nth tensor is the input list's nth
        if src is not None and len(lists.get(src) or []) > nth and lists[src][nth].shape == tuple(shapes[i]) \
                and combo[src] == combo[name]:
            # in place: the output is the input's own buffer (the kernel reads and writes the same GM)
            arr = _padded_copy(lists[src][nth]) if slack else np.array(lists[src][nth], copy=True)
            ins_struct = in_structs[in_index[src] + nth]
            ins_struct.data = arr.ctypes.data
        else:
            arr = _empty_gm(shapes[i], GE_DTYPES[combo[name]].numpy, slack)  # poison: unwritten output is NaN
        arrays.append(arr)
        out_structs[i].ndim = len(shapes[i])
        for k, d in enumerate(shapes[i]):
            out_structs[i].dims[k] = d
        out_structs[i].data = arr.ctypes.data
        out_structs[i].bytes = arr.nbytes
        out_structs[i].dtype = GE_DTYPES[combo[name]].value
    if by_key:
        lib = _library_for_the_key(source, soc, combo, lib, req, err)
        lib.kg_set_gm_slack(int(slack))
        if slack:
            lib.kg_set_gm_guard(abi.GM_GUARD_BYTES)
    cap = 1 << 16
    with tempfile.TemporaryDirectory(prefix="kg-trace-") as tmp:
        trace_path = Path(tmp) / "trace.bin"
        lib.kg_set_trace_file(str(trace_path).encode() if trace else b"")  # stream the trace, never hold it
        try:
            while True:
                report = C.create_string_buffer(cap)
                req.report, req.report_cap = C.cast(report, C.c_char_p), cap
                status = lib.kg_run(C.byref(req))
                if status == abi.KG_USAGE and b"report needs" in err.value:
                    cap = int(err.value.split(b"report needs")[1].split()[0]) + 1024
                    err.value = b""
                    continue
                break
        finally:
            lib.kg_set_trace_file(b"")
        _raise_for(status, err, decl.op_type, soc, "run")
        doc = json.loads(report.value.decode() or "{}")
        if "trace_file" in doc:
            doc["trace"] = StreamedTrace.load(trace_path, doc.pop("trace_strings"), doc["trace_fields"],
                                              int(doc.get("core_blocks", doc["block_dim"])))
            del doc["trace_file"]
    doc["warnings"] = notes + list(doc.get("warnings", []))
    doc["output_rules"] = [f"{n}: {r}" for n, r in dict(zip(out_names, rules)).items()]
    arrays = [a.copy() if slack else a for a in arrays]
    outputs = {}
    computed = doc.get("computed_shapes") or {}
    for t in decl.outputs:
        got = [a for n, a in zip(out_names, arrays) if n == t.name]
        if t.name in computed and not t.dynamic:   # the kernel's own shape: the prefix of the caller's buffer
            dims = [int(d) for d in computed[t.name]]
            got = [got[0].reshape(-1)[:int(np.prod(dims, dtype=np.int64))].reshape(dims)]
        outputs[t.name] = got if t.dynamic else got[0]
    if source.tiling_fields and "tiling_data_hex" in doc and not doc.get("tiling_fields"):
        doc["tiling_fields"] = decode_tiling(bytes.fromhex(doc["tiling_data_hex"]), source.tiling_fields)
    doc["dtypes"] = combo
    doc["soc"] = soc.family
    return RunResult(outputs, doc)


def _library_for_the_key(source: OperatorSource, soc: Soc, combo: dict[str, str], host_lib: C.CDLL,
                         req: abi.KgRunRequest, err) -> C.CDLL:
    """The library whose kernel is built for the tiling key this request's tiling picks (a kernel that selects code
    with `#if TILING_KEY_VAR == ...`: opdir.selects_code_by_key_macro)."""
    report = C.create_string_buffer(1 << 16)
    req.report, req.report_cap = C.cast(report, C.c_char_p), len(report)
    _raise_for(host_lib.kg_tiling(C.byref(req), None), err, req.op_type.decode(), soc, "tiling")
    req.report, req.report_cap = None, 0
    return source.library(soc, combo, tiling_key=int(json.loads(report.value.decode())["tiling_key"]))


def run_tiling(source: OperatorSource, soc: Soc, shapes: dict[str, tuple[int, ...]], combo: dict[str, str],
               attrs: dict | None = None) -> dict:
    """Run only the operator's registered C++ tiling (no kernel, no tensor data) for inputs of these shapes:
    {"tiling_key", "block_dim", "workspace_bytes", "tiling_data_hex", "tiling_fields" (when known)}."""
    decl = source.decl()
    lib = source._probe_library()
    ins = [_tensor_struct(t.name, None, combo[t.name], shape=shapes[t.name]) for t in decl.inputs if t.name in shapes]
    out_shape = tuple(np.broadcast_shapes(*shapes.values()))
    outs = [_tensor_struct(t.name, None, combo[t.name], shape=out_shape) for t in decl.outputs]
    in_structs = (abi.KgTensor * max(1, len(ins)))(*ins)
    out_structs = (abi.KgTensor * max(1, len(outs)))(*outs)
    attr_list, keep = abi.attr_structs(decl, attrs or {})
    attr_arr = (abi.KgAttr * max(1, len(attr_list)))(*attr_list)
    soc_s = soc_struct(soc)
    err = C.create_string_buffer(8192)
    report = C.create_string_buffer(1 << 16)
    req = abi.KgRunRequest(decl.op_type.encode(), C.pointer(soc_s), in_structs, len(ins), out_structs, len(outs),
                           attr_arr, len(attr_list), 1, 0, C.cast(report, C.c_char_p), len(report),
                           C.cast(err, C.c_char_p), len(err))
    workspace = C.c_uint64(0)
    _raise_for(lib.kg_tiling(C.byref(req), C.byref(workspace)), err, decl.op_type, soc, "tiling")
    doc = json.loads(report.value.decode())
    if source.tiling_fields:
        doc["tiling_fields"] = decode_tiling(bytes.fromhex(doc["tiling_data_hex"]), source.tiling_fields)
    return doc


def _raise_for(status: int, err, op_type: str, soc: Soc, stage: str) -> None:
    if status == abi.KG_OK:
        return
    msg = err.value.decode(errors="replace").strip() or f"{op_type} {stage} failed on {soc.family}"
    if status == abi.KG_DEFECT:
        raise EmulatorDefect(msg)
    if status == abi.KG_HOST_FAILED:
        prefix = f"{op_type} on {soc.family}: "
        raise HostRejected(msg if msg.startswith(prefix) else prefix + msg)
    raise UsageError(msg)


# ---- known operators -------------------------------------------------------------------------------
def source_for_spec(spec, soc_family: str) -> OperatorSource:
    """The emulator source of this very spec (an OpSpec; a name is looked up in the registry) for soc_family:
    a spec file, a mutant or a spec that shares a built-in's name always runs as itself (source_from_spec
    caches by the spec's value)."""
    from kernelgen.authoring.ops import get_spec

    return source_from_spec(get_spec(spec), soc_family)


class _SharedHostSource(OperatorSource):
    """A rendered tree whose host files (op_host/ and the tiling headers it includes) are byte-identical to
    another source's: its host objects are that source's (already compiled), only the kernel is new."""

    def __init__(self, op_dir: Path, snake: str, host: OperatorSource, tiling_fields, extra_flags=()):
        super().__init__(op_dir, snake, None, tiling_fields)
        self._host = host
        self._extra_flags = tuple(extra_flags)

    def host_units(self) -> list[CompileUnit]:
        return self._host.host_units()

    def kernel_flags(self, decl: OpDecl, combo: dict[str, str], soc: Soc) -> tuple[str, ...]:
        return super().kernel_flags(decl, combo, soc) + self._extra_flags


_HOST_FILES = ("op_host/", "op_kernel/{snake}_tiling_data.h", "op_kernel/{snake}_tiling_key.h")


_RENDER_LOCK = threading.Lock()


@lru_cache(maxsize=64)   # bounded: a mutation run renders hundreds of specs once each
def _rendered(spec, names: tuple[str, ...]) -> dict[str, str]:
    from kernelgen.authoring.render import render_tree, resolve_socs

    return render_tree(spec, resolve_socs(spec, names), parts=("op_host", "op_kernel"))


def _rendered_sources(spec, names: tuple[str, ...]) -> dict[str, str]:
    """op_host/ and op_kernel/ of the spec rendered for the SOC list `names`, once per process: every SOC of
    the spec's default list renders the same tree (verify's per-SOC threads rendered it once each)."""
    with _RENDER_LOCK:
        return _rendered(spec, names)


@lru_cache(maxsize=None)
def source_from_spec(spec, soc_family: str, host_from: OperatorSource | None = None,
                     kernel_flags: tuple[str, ...] = ()) -> OperatorSource:
    """The emulator source of this spec object as it is (a registered operator, a spec file, a mutant).
    host_from: a source whose host files this spec's rendering shares (checked), to reuse its host objects;
    kernel_flags: extra compiler flags for its kernel (only with a shared host)."""
    from kernelgen.authoring.tiling import spec_tiling_fields

    names = tuple(spec.default_socs) + ((soc_family,) if soc_family not in spec.default_socs else ())
    files = _rendered_sources(spec, names)
    root = materialize_tree(files, f"{spec.snake}")
    fields = [(n, t) for n, t, _ in spec_tiling_fields(spec)]
    host_keys = tuple(h.format(snake=spec.snake) for h in _HOST_FILES)
    shared = host_from is not None and all(
        (host_from.op_dir / k).read_text(encoding="utf-8") == v for k, v in files.items() if k.startswith(host_keys))
    source = (_SharedHostSource(root, spec.snake, host_from, fields, kernel_flags) if shared
              else OperatorSource(root, spec.snake, None, fields))
    source.strict_gm = True  # kernelgen's own operators never touch a byte past a tensor
    source.frozen_tree = True   # materialize_tree: a content-hashed directory
    source.host_as_one_unit = True
    source.kernel_combos_as_one_unit = True
    source.input_kinds = {t.name: t.kind for t in spec.inputs}   # perf: a Scalar input has one element
    return source


def resolve_operator_dir(path: str | Path) -> Path:
    from kernelgen.validate import path_kind

    path = Path(path)
    kind = path_kind(path)
    if kind == "missing":
        raise UsageError(f"{path} does not exist; give an operator name or the path of an ops-nn operator directory")
    if kind != "dir":
        raise UsageError(f"{path} is not a directory; give an operator name, a spec file ending in .py or an "
                         "ops-nn operator directory")
    if not (path / "op_host").is_dir() or not (path / "op_kernel").is_dir():
        raise UsageError(f"{path} is not an ops-nn operator directory: it needs op_host/ and op_kernel/")
    return path.resolve()


def resolve_user_target(target):
    """What a user named, resolved once: an OperatorSource passes through, a path that is a directory becomes
    its resolved Path (an ops-nn operator directory), anything else a ResolvedOp (a built-in, registered
    operator or spec file; see kernelgen.authoring.ops.resolve_op)."""
    from kernelgen.authoring.ops import ResolvedOp, is_path, resolve_op
    from kernelgen.authoring.spec import OpSpec

    if isinstance(target, (OperatorSource, ResolvedOp)):
        return target
    if isinstance(target, OpSpec):
        return ResolvedOp(target)
    if not isinstance(target, (str, Path)):
        raise UsageError(f"target {target!r} is not an operator name, spec file or operator directory")
    if is_path(target) and Path(target).suffix != ".py":
        return resolve_operator_dir(target)
    return resolve_op(target)


def resolve_target(target, soc: Soc) -> OperatorSource:
    """An OperatorSource for target on soc: an operator name, spec file, ResolvedOp/OpSpec, or a path to an
    ops-nn operator directory (a directory is always named by a path: ./name)."""
    resolved = resolve_user_target(target)
    if isinstance(resolved, OperatorSource):
        return resolved
    if isinstance(resolved, Path):
        return OperatorSource.for_dir(resolved, soc=soc.family)
    check_spec_dtype(resolved.spec, soc, None)
    return source_for_spec(resolved.spec, soc.family)


def run(target, soc, inputs, attrs=None, dtype=None, threads: int = 0, trace: bool = False,
        return_report: bool = False):
    """{output name: ndarray} from running target on the emulator; raises a KernelgenError on defects."""
    from kernelgen.socs import resolve_soc

    soc = resolve_soc(soc)
    if attrs is not None and not isinstance(attrs, dict):
        raise UsageError(f"attrs must be a dict {{name: value}}; got {type(attrs).__name__}")
    if not isinstance(threads, int) or threads < -1:
        raise UsageError(f"threads {threads!r} is not valid: 0 (all cores) or a positive count")
    arrays = check_inputs(inputs)
    resolved = resolve_user_target(target)
    if not isinstance(resolved, (Path, OperatorSource)):
        check_spec_dtype(resolved.spec, soc, dtype)
        check_spec_shapes(resolved.spec, arrays)
        resolved.spec.variant_for(soc, attrs or {})   # an attribute value no variant implements (kl.Choice)
    source = resolve_target(resolved, soc)
    decl = source.decl()
    firsts = {n: a[0] if isinstance(a, list) else a for n, a in arrays.items() if not isinstance(a, list) or a}
    combo = pick_combo(decl, soc, firsts, dtype) if dtype else None
    result = run_source(source, soc, arrays, attrs, threads=threads, trace=trace, combo=combo)
    return (result.outputs, result.report) if return_report else result.outputs
