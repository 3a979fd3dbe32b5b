"""The operator spec: frozen dataclasses describing an operator once, for every stage.

Enum values are the C++ spellings (DType.FLOAT16.value == "half"), so templates need no lookup tables.
The UB buffer plan and the per-element byte budget are *derived* here from the spec, and both the
kernel's InitBuffer calls and the tiling's budget are rendered from the same derivation.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable

import numpy as np

from kernelgen.dtypes import GE_BY_CPP, GE_DTYPES
from kernelgen.errors import SpecError, UsageError, choices_message
from kernelgen.socs import Bf16Support, Soc


class DType(Enum):
    FLOAT32 = "float"
    FLOAT16 = "half"
    BFLOAT16 = "bfloat16_t"

    @property
    def short(self) -> str:
        return GE_DTYPES[self.ge].short

    @property
    def ge(self) -> str:
        return GE_BY_CPP[self.value]

    @property
    def ge_value(self) -> int:
        return GE_DTYPES[self.ge].value

    @property
    def acl(self) -> str:
        return {"float": "ACL_FLOAT", "half": "ACL_FLOAT16", "bfloat16_t": "ACL_BF16"}[self.value]

    @property
    def nbytes(self) -> int:
        return 4 if self is DType.FLOAT32 else 2

    @property
    def numpy(self) -> np.dtype:
        return GE_DTYPES[self.ge].numpy

    @property
    def is_low_precision(self) -> bool:
        return self is not DType.FLOAT32

    @property
    def tag(self) -> str:
        """Short identifier used in generated C++ names: F32, F16, BF16."""
        return {"float": "F32", "half": "F16", "bfloat16_t": "BF16"}[self.value]

    @classmethod
    def parse(cls, name: str) -> "DType":
        aliases = {"float32": cls.FLOAT32, "fp32": cls.FLOAT32, "float": cls.FLOAT32,
                   "float16": cls.FLOAT16, "fp16": cls.FLOAT16, "half": cls.FLOAT16,
                   "bfloat16": cls.BFLOAT16, "bf16": cls.BFLOAT16}
        key = name.strip().lower()
        if key not in aliases:
            raise UsageError(choices_message("dtype", name, [d.short for d in cls]))
        return aliases[key]

    def supported_on(self, soc: Soc) -> bool:
        return self is not DType.BFLOAT16 or soc.bf16 is not Bf16Support.NONE


@dataclass(frozen=True)
class TensorSpec:
    name: str
    dtypes: tuple[DType, ...]
    required: bool = True
    format: str = "ND"
    used_by_kernel: bool = True   # GeluGrad's y is declared by the OpDef but never read
    doc: str = ""
    # "full": the operator's shape, tiled with the outputs; "scalar": a one-element tensor each core reads once
    # (kernelgen.lang's kl.Scalar); "last_axis": a 1-D tensor of the last dimension (kl.LastAxis)
    kind: str = "full"
    domain: tuple[float, float] | None = None   # where verify draws the input (kernelgen.lang's domain=)
    # An output that updates an input in place (CANN's ref output: the OpDef declares Output("var") after
    # Input("var")): the input's name. `name` stays a distinct identifier for the kernel and the IR (kernelgen.lang
    # uses `<input>_ref`, the suffix of CANN's DTYPE_<NAME>_REF macro); the OpDef, aclnn and every result dict
    # use `opdef_name`. The emulator hands the kernel the input's GM for it.
    ref: str = ""

    @property
    def opdef_name(self) -> str:
        """The name the OpDef declares and results are keyed by (the updated input's, for a ref output)."""
        return self.ref or self.name


@dataclass(frozen=True)
class AttrSpec:
    name: str
    kind: str                     # "str", "float", "int", "bool"
    default: object
    choices: tuple = ()
    doc: str = ""
    # kernelgen.lang's kl.Axis / kl.Axes: an int (or list_int) attribute naming the axis the row reductions run
    # over; only the last axis is implemented: the tiling accepts -1 or rank - 1 and refuses other values
    axis: bool = False

    @property
    def cpp_setter(self) -> str:
        return {"str": "String", "float": "Float", "int": "Int", "bool": "Bool", "list_int": "ListInt"}[self.kind]

    @property
    def cpp_default(self) -> str:
        """The OpDef default's C++ spelling (a list_int default is a std::vector<int64_t>)."""
        if self.kind == "list_int":
            return "std::vector<int64_t>{" + ", ".join(str(int(v)) for v in self.default) + "}"
        if self.kind == "bool":
            return "true" if self.default else "false"
        return str(self.default)


# Vector instructions a compute program may use, and their operand shapes.
BINARY_OPS = ("Add", "Sub", "Mul", "Div", "Max", "Min")
TENSOR_KINDS = ("full", "scalar", "last_axis")
SCALAR_OPS = ("Adds", "Muls", "Maxs", "Mins", "Axpy")
ACCUMULATING_OPS = ("Axpy",)  # Axpy: dst = dst + src * scalar, so dst is read too
UNARY_OPS = ("Exp", "Ln", "Abs", "Sqrt", "Reciprocal", "Relu")
# Mask ops: CompareScalar(mask, src, scalar, cmp) sets one bit per element of a mask register (a uint8_t UB
# buffer); Select(dst, (mask, src0, src1)) takes src0 where the bit is 1, src1 where it is 0.
# Compare(mask, src0, src1, cmp) is CompareScalar's tensor-tensor form.
COMPARE_OPS = ("CompareScalar", "Compare")
SELECT_OPS = ("Select",)
# Row reductions (row programs, kernelgen.lang's kl.sum/max/min(x, axis=-1, keepdims=True)): Reduce*(dst, (src,
# work)) reduces src's len elements (one row) into work[0] and broadcasts the result into dst's len elements.
REDUCE_OPS = ("ReduceSum", "ReduceMax", "ReduceMin")
CMP_MODES = ("LT", "GT", "LE", "GE", "EQ", "NE")


@dataclass(frozen=True)
class Step:
    """One vector instruction over float registers: dst = op(srcs..., scalar)."""

    op: str
    dst: str
    srcs: tuple[str, ...]
    scalar: float | None = None
    cmp: str = ""            # CompareScalar's CMPMODE (LT, GT, ...); empty for every other op
    # a run-time scalar (OpSpec.scalars: an attribute's value, a Scalar input's element, or arithmetic of them)
    # instead of the literal `scalar`: the kernel computes it once per core from the tiling data
    scalar_ref: str = ""

    def __post_init__(self):
        arity = {**{o: 2 for o in BINARY_OPS}, **{o: 1 for o in SCALAR_OPS}, **{o: 1 for o in UNARY_OPS},
                 "CompareScalar": 1, "Compare": 2, **{o: 3 for o in SELECT_OPS}, **{o: 2 for o in REDUCE_OPS}}
        if self.op not in arity:
            raise SpecError(choices_message("vector op", self.op, arity))
        if len(self.srcs) != arity[self.op]:
            raise SpecError(f"{self.op} takes {arity[self.op]} source register(s), got {self.srcs}")
        if self.scalar is not None and self.scalar_ref:
            raise SpecError(f"{self.op}: give a literal scalar or a run-time scalar, not both")
        takes_scalar = self.op in SCALAR_OPS or self.op == "CompareScalar"
        if takes_scalar != (self.scalar is not None or bool(self.scalar_ref)):
            raise SpecError(f"{self.op}: scalar operand {'missing' if takes_scalar else 'unexpected'}")
        if (self.op in COMPARE_OPS) != bool(self.cmp):
            raise SpecError(f"{self.op}: comparison mode {'missing' if self.op in COMPARE_OPS else 'unexpected'}")
        if self.cmp and self.cmp not in CMP_MODES:
            raise SpecError(choices_message("comparison mode", self.cmp, CMP_MODES))

    @property
    def reads_mask(self) -> bool:
        """Select: srcs[0] is a mask register."""
        return self.op in SELECT_OPS

    @property
    def float_srcs(self) -> tuple[str, ...]:
        """The float source registers (Select's mask left out)."""
        return self.srcs[1:] if self.reads_mask else self.srcs

    @property
    def scalar_literal(self) -> str:
        """The scalar as a float32 C++ literal that round-trips exactly, or the kernel member of a run-time
        scalar."""
        return scalar_member(self.scalar_ref) if self.scalar_ref else float_literal(self.scalar)


def scalar_member(name: str) -> str:
    """The kernel class member holding run-time scalar `name` (OpSpec.scalars)."""
    return f"{name}Value_"


def scalar_cpp(value: "float | str") -> str:
    """A constant register's value in C++: a float literal, or a run-time scalar's member."""
    return scalar_member(value) if isinstance(value, str) else float_literal(value)


@dataclass(frozen=True)
class ScalarDef:
    """A run-time scalar the kernel computes once per core (in Init) in float32: expr is a tree of tuples,
    ("const", v), ("attr", name), ("input", name) (a Scalar input's one element), ("neg", e), or
    (op, a, b) with op one of add, sub, mul, div, max, min."""

    name: str
    expr: tuple

    def cpp(self) -> str:
        return _scalar_cpp_expr(self.expr)

    def evaluate(self, attrs: dict, inputs: dict) -> np.float32:
        return _scalar_eval(self.expr, attrs, inputs)

    def refs(self) -> set[tuple[str, str]]:
        """{("attr"|"input", name)} this scalar reads."""
        e = self.expr
        out: set = set()
        def walk(node):
            if node[0] in ("attr", "input"):
                out.add((node[0], node[1]))
            elif node[0] not in ("const", "rowlen", "size"):
                for sub in node[1:]:
                    walk(sub)
        walk(e)
        return out


ROW_LEN_KEY = "__row_len__"   # run_time_scalars' key for a row program's row length
SIZE_KEY = "__size__"         # run_time_scalars' key for the element count (kernelgen.lang's kl.size)

_SCALAR_BINARY = {"add": "+", "sub": "-", "mul": "*", "div": "/"}
_SCALAR_FOLD = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide,
                "max": lambda x, y: x if x > y else y, "min": lambda x, y: x if x < y else y}   # as the C++ ternary


def scalar_tree_cpp(node: tuple, leaf) -> str:
    """A scalar expression tree (("const", v), ("neg", e), (op, a, b) with op add/sub/mul/div/max/min, or a leaf)
    as C++ float arithmetic; leaf(node) renders the other kinds. Shared by run-time scalars (ScalarDef) and the
    whole-tensor reductions' finish (kernelgen.authoring.lang.whole)."""
    kind = node[0]
    if kind == "const":
        return float_literal(node[1])
    if kind == "neg":
        return f"(-{scalar_tree_cpp(node[1], leaf)})"
    if kind not in _SCALAR_FOLD:
        return leaf(node)
    a, b = scalar_tree_cpp(node[1], leaf), scalar_tree_cpp(node[2], leaf)
    if kind in _SCALAR_BINARY:
        return f"({a} {_SCALAR_BINARY[kind]} {b})"
    return f"(({a}) {'>' if kind == 'max' else '<'} ({b}) ? ({a}) : ({b}))"


def scalar_tree_eval(node: tuple, leaf) -> np.float32:
    """The tree of scalar_tree_cpp evaluated in float32 as the kernel does; leaf(node) gives the other kinds."""
    f = np.float32
    kind = node[0]
    if kind == "const":
        return f(node[1])
    if kind == "neg":
        return f(-scalar_tree_eval(node[1], leaf))
    if kind not in _SCALAR_FOLD:
        return f(leaf(node))
    a, b = scalar_tree_eval(node[1], leaf), scalar_tree_eval(node[2], leaf)
    with np.errstate(all="ignore"):
        return f(_SCALAR_FOLD[kind](a, b))


def _scalar_cpp_expr(node: tuple) -> str:
    def leaf(n: tuple) -> str:
        return {"attr": lambda: f"static_cast<float>(tiling->attr_{n[1]})", "input": lambda: f"{n[1]}Scalar_",
                "rowlen": lambda: "static_cast<float>(tiling->rowLen)",
                "size": lambda: "static_cast<float>(tiling->totalDataNum)"}[n[0]]()
    return scalar_tree_cpp(node, leaf)


def _scalar_eval(node: tuple, attrs: dict, inputs: dict) -> np.float32:
    def leaf(n: tuple):
        if n[0] == "attr":
            return attrs[n[1]]
        if n[0] == "input":
            return np.asarray(inputs[n[1]], dtype=np.float32).reshape(-1)[0]
        return inputs[{"rowlen": ROW_LEN_KEY, "size": SIZE_KEY}[n[0]]]
    return scalar_tree_eval(node, leaf)


def float_literal(value: float) -> str:
    v = np.float32(value)
    text = np.format_float_positional(v, unique=True, trim="0") if 1e-4 <= abs(v) < 1e7 or v == 0 \
        else np.format_float_scientific(v, unique=True, trim="0")
    if "." not in text and "e" not in text:
        text += ".0"
    return text + "f"


@dataclass(frozen=True)
class Variant:
    """One compute formulation; each has its own tiling key and register set."""

    name: str
    tiling_key: int
    doc: str
    scratch: tuple[str, ...]                 # float scratch registers, one UB buffer each
    # registers filled once in Init (Duplicate): the value is a float, or the name of a run-time scalar
    # (OpSpec.scalars)
    constants: tuple[tuple[str, float | str], ...]
    program: tuple[Step, ...]
    # float32-only steps inserted before program[refine_at] (float16/bfloat16 rounding hides what they fix)
    refine: tuple[Step, ...] = ()
    refine_at: int = 0
    refine_scratch: tuple[str, ...] = ()
    # mask registers of the refinement (CompareScalar's dst, Select's srcs[0]): one uint8_t UB buffer each, one
    # byte per tile element (the bits need 1/8), allocated after every other buffer (ub_layout.alloc_order)
    refine_masks: tuple[str, ...] = ()
    # UB buffers (buffer-plan names of both paths) in InitBuffer order; empty: queues, float copies, scratch,
    # constants. The order decides which 64 KiB UB bank each buffer lands in (kernelgen.authoring.ub_layout).
    ub_order: tuple[str, ...] = ()
    # no ub_order given: search the order (ub_layout.best_alloc_order, once per process) instead of the default one
    # (kernelgen.lang's elementwise programs)
    ub_search: bool = False
    # mask registers of the main program (Compare/CompareScalar's dst, Select's srcs[0]) on every dtype's path:
    # one uint8_t UB buffer each, one byte per tile element
    masks: tuple[str, ...] = ()

    def steps(self, dtype: "DType") -> tuple[Step, ...]:
        if dtype is DType.FLOAT32 and self.refine:
            return self.program[: self.refine_at] + self.refine + self.program[self.refine_at:]
        return self.program

    @property
    def cpp_name(self) -> str:
        return self.name.upper()


@dataclass(frozen=True)
class AclnnParam:
    name: str            # aclnn parameter, e.g. gradOutput
    tensor: str          # OpDef tensor it feeds, e.g. dy
    role: str            # "input" or "output"


@dataclass(frozen=True)
class AclnnSpec:
    name: str                         # aclnnGeluBackward
    params: tuple[AclnnParam, ...]
    extra_slots: tuple[tuple[str, str], ...] = ()  # OpDef inputs fed from another param: (tensor, param)
    header: str = ""                  # aclnn_gelu_backward
    # Outputs as the documented prototype declares them: `const aclTensor*` (aclnnGeluBackward, and every API
    # CANN's opbuild generates from an OpDef) or `aclTensor*` (some hand-written APIs, e.g. aclnnGeluBackwardV2).
    const_outputs: bool = True

    def param(self, name: str) -> AclnnParam:
        return next(p for p in self.params if p.name == name)


@dataclass(frozen=True)
class BufferUse:
    """One line of the UB plan: `count` buffers of `bytes_per_elem` bytes per tile element."""

    name: str
    kind: str             # "queue", "scratch", "constant", "float_copy", "mask"
    position: str         # VECIN, VECOUT, VECCALC
    count: int
    bytes_per_elem: int
    tensor: str = ""      # the operator tensor a queue or float copy holds
    pad_bytes: int = 0    # fixed bytes per buffer beyond the tile: a TBuf's room to start its view in the
                          # phase that avoids UB bank conflicts (kernelgen.authoring.ub_layout)

    @property
    def total_per_elem(self) -> int:
        return self.count * self.bytes_per_elem


BUFFER_NUM = 2  # double buffering: two buffers per queue
TBUF_PAD = 256  # one 256-byte vector beat: the step between the two UB bank phases (ub_layout.PAD_BYTES)
# Vector steps per early input at most for the float16/bfloat16 path to double-buffer the early inputs' queues
# (LowPrecisionLayout.double_early). kernelgen perf at 2^20 float16 on ascend910b, single -> double: softshrink
# (8 steps, 1 early input) 5.64 -> 5.42 us, silu_grad (10, 2) 7.21 -> 6.91, apply_gradient_descent (2, 2) 6.46 ->
# 6.00; celu_v3 (15, 1) 7.25 both; mish (22, 1) 9.45 -> 9.61; gelu_grad (14, 1) 243.71 -> 246.71 us at 2^26.
EARLY_DOUBLE_STEPS = 12


@dataclass(frozen=True)
class LowPrecisionLayout:
    """Where float16/bfloat16 tiles live while a variant's float program runs (derived by liveness).

    early: inputs cast to float at the start of Compute into their own float buffer; their queue buffer is
        freed right after the cast, so one queue buffer suffices.
    late: (input, register, step): the input is dequeued and cast just before program step `step` into a scratch
        register the rest of the program never touches, so it needs no float buffer, and one queue buffer suffices:
        the kernel loads inputs in the order the program first reads them (render.copyin_inputs), so the load of
        tile i+1's late input waits for tile i's cast, not the other way round, and has the rest of a tile to land.
    out_alias: (output, input): the output's float result reuses an early input's float buffer, which the
        program no longer reads once the output is first written.
    Outputs' queue tensors are allocated just before the final cast, so one queue buffer suffices.
    double_early: the early inputs' queues are double-buffered anyway, so that tile i+1's copy-in does not wait for
        tile i's cast. That pays where the program is short (at most EARLY_DOUBLE_STEPS steps per early input): its
        copies bound it. A longer program is bound by its vector work, which hides the wait, and the second
        buffer only shrinks the tile (more tiles, more instruction issues). Every other queue is single-buffered.
    half_clamp: (input, register, steps) or (): the program's first `steps` steps clamp an early input into a register
        by bounds float16 represents exactly (Maxs/Mins). On the float16 path they run on the input's half tile,
        in place, before its up-cast, which then goes straight into the register: the same values (a clamp by
        representable bounds is exact, and so is the up-cast) at 128 elements per repeat instead of 64. bfloat16
        (no vector arithmetic on 910B) runs them in float.
    """

    early: tuple[str, ...]
    late: tuple[tuple[str, str, int], ...]
    out_alias: tuple[tuple[str, str], ...]
    half_clamp: tuple = ()
    double_early: bool = False

    def float_buffer(self, name: str) -> str:
        """The float buffer (TBuf member stem) that holds tensor `name`."""
        return dict(self.out_alias).get(name, name)


def _half_clamp(steps: tuple[Step, ...], early: list[str], scratch: tuple[str, ...]) -> tuple:
    """LowPrecisionLayout.half_clamp of a float program: (input, register, steps) or ()."""
    def exact(v: float) -> bool:
        return bool(np.isfinite(np.float16(v))) and float(np.float16(v)) == v
    n, src, reg = 0, "", ""
    for s in steps:
        if s.op not in ("Maxs", "Mins") or s.scalar is None or not exact(s.scalar):
            break
        if n == 0:
            if s.srcs[0] not in early or s.dst not in scratch:
                break
            src, reg = s.srcs[0], s.dst
        elif s.srcs != (reg,) or s.dst != reg:
            break
        n += 1
    if n == 0 or any(src in s.srcs for s in steps[n:]):
        return ()
    return (src, reg, n)


# The operator families of ops-nn's experimental tree that kernelgen writes, by the shape of their interface and
# kernel (issue 22). An OpSpec names its family; `kernelgen ops` lists it. (id, what it covers)
FAMILIES: tuple[tuple[str, str], ...] = (
    ("elementwise", "elementwise, no attributes"),
    ("elementwise_attr", "elementwise with attributes"),
    ("multi_output", "elementwise with several outputs"),
    ("scalar_input", "elementwise with a one-element (Scalar) input"),
    ("last_axis_input", "elementwise with a last-axis (gamma/beta-like) input"),
    ("optimizer", "optimizer update (var, accumulators, lr)"),
    ("last_axis_reduction", "reduction over the last axis, broadcast back (softmax-like)"),
    ("whole_tensor_loss", "reduction over the whole tensor (a loss)"),
)
FAMILY_IDS: tuple[str, ...] = tuple(f for f, _ in FAMILIES)


@dataclass(frozen=True)
class OpSpec:
    op_type: str                  # GeluGrad
    snake: str                    # gelu_grad
    category: str                 # activation
    doc: str
    inputs: tuple[TensorSpec, ...]
    outputs: tuple[TensorSpec, ...]
    attrs: tuple[AttrSpec, ...]
    default_socs: tuple[str, ...]
    soc_variants: tuple[tuple[str, str], ...]   # (SOC family, variant name); others get default_variant
    default_variant: str
    variants: tuple[Variant, ...]
    golden: str                   # key in kernelgen.checking.golden.GOLDENS
    aclnn: AclnnSpec
    formula: str = ""
    attr_variants: tuple[tuple[str, str, str], ...] = ()  # (attr, value, variant): checked before soc_variants
    special_values: tuple[tuple[str, tuple[float, ...]], ...] = ()  # verify hazards per input
    # Inputs verify also feeds +-1e20 and +-the dtype's largest finite value: the program must stay finite
    # there (it clamps them); an operator whose result may overflow (a plain add) names none.
    saturating_inputs: tuple[str, ...] = ()
    ub_reserve_bytes: int = 8192  # the documented Ascend C library UB reserve (A2201), left free
    # Cores and tiles are split in these units so every GM transfer starts 512-byte aligned: 32-byte-aligned
    # transfers reach only about 70 % of the bandwidth (socs.md §3.4, GMA). Must be a multiple of 32.
    tiling_granule_bytes: int = 512
    spec_file: str = ""
    scalars: tuple[ScalarDef, ...] = ()   # run-time scalars the steps name (Step.scalar_ref)
    family: str = ""              # one of FAMILY_IDS; "" = inferred from the interface (family_of)
    # kernelgen.lang's whole-tensor reductions (kernelgen.authoring.lang.whole.WholeReduce): the program computes the
    # reduced operands; the kernel accumulates them over tiles and cores and writes one-element outputs
    whole_reduce: object = None

    # ---- lookups -------------------------------------------------------------------------------
    @property
    def tensors(self) -> tuple[TensorSpec, ...]:
        return self.inputs + self.outputs

    @property
    def kernel_inputs(self) -> tuple[TensorSpec, ...]:
        """The inputs the kernel streams tile by tile (full-shape inputs it reads)."""
        return tuple(t for t in self.inputs if t.used_by_kernel and t.kind == "full")

    @property
    def scalar_inputs(self) -> tuple[TensorSpec, ...]:
        """One-element inputs the kernel reads once per core (kl.Scalar)."""
        return tuple(t for t in self.inputs if t.used_by_kernel and t.kind == "scalar")

    @property
    def last_axis_inputs(self) -> tuple[TensorSpec, ...]:
        """1-D inputs of the last dimension, loaded once per core (kl.LastAxis)."""
        return tuple(t for t in self.inputs if t.used_by_kernel and t.kind == "last_axis")

    @property
    def row_program(self) -> bool:
        """A row program: whole rows (the last axis) per tile, for row reductions or LastAxis inputs."""
        return bool(self.last_axis_inputs) or any(st.op in REDUCE_OPS for v in self.variants for st in v.program)

    @property
    def shape_input(self) -> TensorSpec:
        """The first full-shape input: the outputs take its shape."""
        return next((t for t in self.inputs if t.kind == "full"), self.inputs[0])

    def scalar(self, name: str) -> ScalarDef:
        for sc in self.scalars:
            if sc.name == name:
                return sc
        raise SpecError(choices_message(f"run-time scalar of {self.op_type}", name, [x.name for x in self.scalars]))

    @property
    def dtypes(self) -> tuple[DType, ...]:
        return self.outputs[0].dtypes

    def variant(self, name: str) -> Variant:
        for v in self.variants:
            if v.name == name:
                return v
        raise SpecError(choices_message("variant", name, [v.name for v in self.variants]))

    def variant_for(self, soc: Soc, attrs: dict | None = None) -> Variant:
        """Attribute rules first (e.g. approximate=tanh), then the SOC rule, then the default."""
        attrs = attrs or {}
        for attr, value, vname in self.attr_variants:
            current = attrs.get(attr, self.attr(attr).default)
            if current == value:
                return self.variant(vname)
        if self.attr_variants:
            attr = self.attr_variants[0][0]
            valid = sorted({v for a, v, _ in self.attr_variants if a == attr})
            raise UsageError(f"{self.op_type}: {attr}={attrs.get(attr)!r} is not supported; valid: {', '.join(map(str, valid))}")
        return self.variant(dict(self.soc_variants).get(soc.family, self.default_variant))

    def attr(self, name: str) -> AttrSpec:
        for a in self.attrs:
            if a.name == name:
                return a
        raise SpecError(choices_message(f"attribute of {self.op_type}", name, [a.name for a in self.attrs]))

    def dtypes_for(self, soc: Soc) -> tuple[DType, ...]:
        return tuple(d for d in self.dtypes if d.supported_on(soc))

    # ---- the UB plan (single source of truth for kernel InitBuffer and tiling budget) --------------
    def low_precision_layout(self, variant: Variant) -> LowPrecisionLayout:
        steps = variant.program
        def used_from(reg: str, k: int) -> bool:
            return any(reg == s.dst or reg in s.srcs for s in steps[k:])
        def reads(name: str) -> list[int]:
            return [i for i, s in enumerate(steps) if name in s.srcs]
        early, late, taken = [], [], set()
        for t in self.kernel_inputs:
            first = reads(t.name)[0] if reads(t.name) else 0
            free = [r for r in variant.scratch if r not in taken and not used_from(r, first)]
            if first > 0 and free:
                late.append((t.name, free[0], first))
                taken.add(free[0])
            else:
                early.append(t.name)
        aliases, used = [], set()
        for o in self.outputs:
            first_write = next((i for i, s in enumerate(steps) if s.dst == o.name), 0)
            for e in early:
                if e not in used and max(reads(e), default=-1) < first_write:
                    aliases.append((o.name, e))
                    used.add(e)
                    break
        return LowPrecisionLayout(tuple(early), tuple(late), tuple(aliases), _half_clamp(steps, early, variant.scratch),
                                  len(steps) <= EARLY_DOUBLE_STEPS * len(early))

    def f32_late_inputs(self) -> tuple[str, ...]:
        """Inputs the float32 path dequeues just before the program step that first reads them (and frees after the
        last), so one queue buffer suffices: those that no variant reads in its first step or in its refinement
        (the kernel loads inputs in the order the program first reads them, render.copyin_inputs)."""
        def late(name: str, v: Variant) -> bool:
            steps = v.steps(DType.FLOAT32)
            first = next((i for i, s in enumerate(steps) if name in s.srcs), 0)
            return first > 0 and not any(name in s.srcs for s in v.refine)
        return tuple(t.name for t in self.kernel_inputs if all(late(t.name, v) for v in self.variants))

    def f32_late_outputs(self) -> tuple[str, ...]:
        """Outputs the float32 path allocates just before the program step that first writes them (and enqueues after
        the last step), so one queue buffer suffices: those that no variant writes in its first step or first in
        its refinement. None in a row program: a tile is one row, whose output copy-out the next row's first write
        would wait for (LogSoftmaxV2 float32 1024x1024: Exp, its third step, waited 0.05 us a row for the previous
        row's copy-out), and a row needs little of UB."""
        if self.row_program:
            return ()
        def late(name: str, v: Variant) -> bool:
            steps = v.steps(DType.FLOAT32)
            first = next((i for i, s in enumerate(steps) if s.dst == name), 0)
            return first > 0 and steps[first] not in v.refine
        return tuple(t.name for t in self.outputs if all(late(t.name, v) for v in self.variants))

    def buffer_plan(self, variant: Variant, dtype: DType) -> tuple[BufferUse, ...]:
        if self.whole_reduce is not None:
            from kernelgen.authoring.lang.whole import buffer_plan
            return buffer_plan(self, variant, dtype)
        layout = self.low_precision_layout(variant) if dtype.is_low_precision else None
        f32_late = () if layout else self.f32_late_inputs()
        early = layout.early if layout and layout.double_early else ()
        plan = [BufferUse(f"queue_{t.name}", "queue", "VECIN",
                          BUFFER_NUM if (not layout and t.name not in f32_late) or t.name in early else 1,
                          dtype.nbytes, t.name)
                for t in self.kernel_inputs]
        f32_late_out = () if layout else self.f32_late_outputs()
        plan += [BufferUse(f"queue_{t.name}", "queue", "VECOUT", 1 if layout or t.name in f32_late_out else BUFFER_NUM,
                           dtype.nbytes, t.name)
                 for t in self.outputs]
        if layout:  # float working copies: early inputs, and outputs that cannot reuse one
            aliased = dict(layout.out_alias)
            plan += [BufferUse(f"float_{n}", "float_copy", "VECCALC", 1, 4, n, TBUF_PAD) for n in layout.early]
            plan += [BufferUse(f"float_{t.name}", "float_copy", "VECCALC", 1, 4, t.name, TBUF_PAD)
                     for t in self.outputs if t.name not in aliased]
        plan += [BufferUse(f"scratch_{r}", "scratch", "VECCALC", 1, 4, "", TBUF_PAD) for r in variant.scratch]
        plan += [BufferUse(f"mask_{r}", "mask", "VECCALC", 1, 1) for r in variant.masks]
        # LastAxis inputs: one row, loaded once per core, as float (float16/bfloat16 through a staging buffer)
        plan += [BufferUse(f"lastaxis_{t.name}", "lastaxis", "VECCALC", 1, 4, t.name, TBUF_PAD)
                 for t in self.last_axis_inputs]
        if layout:
            plan += [BufferUse(f"stage_{t.name}", "stage", "VECCALC", 1, dtype.nbytes, t.name)
                     for t in self.last_axis_inputs]
        if dtype is DType.FLOAT32:
            plan += [BufferUse(f"scratch_{r}", "scratch", "VECCALC", 1, 4, "", TBUF_PAD) for r in variant.refine_scratch]
            plan += [BufferUse(f"mask_{r}", "mask", "VECCALC", 1, 1) for r in variant.refine_masks]
        plan += [BufferUse(f"const_{r}", "constant", "VECCALC", 1, 4, "", TBUF_PAD) for r, _ in variant.constants]
        return tuple(plan)

    def ub_fixed_bytes(self, variant: Variant, dtype: DType) -> int:
        """UB bytes the plan needs beyond the per-element ones (the TBufs' bank-phase room)."""
        return sum(b.count * b.pad_bytes for b in self.buffer_plan(variant, dtype))

    def ub_bytes_per_elem(self, variant: Variant, dtype: DType) -> int:
        return sum(b.total_per_elem for b in self.buffer_plan(variant, dtype))

    @property
    def family_id(self) -> str:
        """The declared family, else the one the interface implies: an optim category, a last-axis or Scalar input,
        several outputs, attributes, or plain elementwise (kernelgen.lang specs name no family)."""
        if self.family:
            return self.family
        kinds = {getattr(t, "kind", "full") for t in self.inputs}   # kernelgen.lang's input kinds, where present
        if self.whole_reduce is not None:
            return "whole_tensor_loss"
        if self.category == "optim":
            return "optimizer"
        if any(st.op in REDUCE_OPS for v in self.variants for st in v.program):   # kernelgen.lang row reductions
            return "last_axis_reduction"
        if "last_axis" in kinds:
            return "last_axis_input"
        if "scalar" in kinds:
            return "scalar_input"
        if len(self.outputs) > 1:
            return "multi_output"
        return "elementwise_attr" if self.attrs else "elementwise"

    def validate(self) -> None:
        self.validate_names()
        if self.family and self.family not in FAMILY_IDS:
            raise SpecError(f"spec {self.snake!r}: " + choices_message("family", self.family, FAMILY_IDS))
        names = [t.name for t in self.tensors]
        if len(set(names)) != len(names):
            raise SpecError(f"{self.op_type}: duplicate tensor names {names}")
        keys = [v.tiling_key for v in self.variants]
        if len(set(keys)) != len(keys):
            raise SpecError(f"{self.op_type}: variants share a tiling key: {keys}")
        self.variant(self.default_variant)
        for _, vname in self.soc_variants:
            self.variant(vname)
        for attr, _, vname in self.attr_variants:
            self.attr(attr)
            self.variant(vname)
        full = {t.name for t in self.inputs if t.kind == "full"}
        for t in self.outputs:
            if t.ref and t.ref not in full:
                raise SpecError(f"{self.op_type}: output {t.name} updates {t.ref!r} in place, which is not a full-shape "
                                f"input; full-shape inputs: {', '.join(sorted(full)) or 'none'}")
        refs = [t.ref for t in self.outputs if t.ref]
        if len(set(refs)) != len(refs):
            raise SpecError(f"{self.op_type}: two outputs update the same input in place: {refs}")
        for t in self.inputs:
            if t.kind not in TENSOR_KINDS:
                raise SpecError(f"{self.op_type}: input {t.name} has kind {t.kind!r}; kinds: {', '.join(TENSOR_KINDS)}")
        for sc in self.scalars:
            for kind, name in sc.refs():
                if kind == "attr":
                    self.attr(name)
                elif kind == "input" and name not in {t.name for t in self.scalar_inputs}:
                    raise SpecError(f"{self.op_type}: run-time scalar {sc.name} reads {name!r}, not a Scalar input")
        for v in self.variants:
            for _, value in v.constants:
                if isinstance(value, str):
                    self.scalar(value)
            defined = ({t.name for t in self.kernel_inputs + self.last_axis_inputs} | set(v.scratch) | set(v.refine_scratch)
                       | {r for r, _ in v.constants})
            outs = {t.name for t in self.outputs} if self.whole_reduce is None else set()  # whole: one element
            masks = set(v.refine_masks) | set(v.masks)
            for step in v.steps(DType.FLOAT32):
                if step.scalar_ref:
                    self.scalar(step.scalar_ref)
                if (step.op in COMPARE_OPS) != (step.dst in masks) or any(r in masks for r in step.float_srcs):
                    raise SpecError(f"{self.op_type}/{v.name}: {step.op} {step.dst} <- {step.srcs}: a mask register "
                                    f"({sorted(masks)}) is only CompareScalar's destination and Select's first source")
                if step.reads_mask and step.srcs[0] not in masks:
                    raise SpecError(f"{self.op_type}/{v.name}: Select's first source {step.srcs[0]!r} is not a mask "
                                    f"register ({sorted(masks)})")
                for src in step.srcs + ((step.dst,) if step.op in ACCUMULATING_OPS else ()):
                    if src not in defined:
                        raise SpecError(f"{self.op_type}/{v.name}: {step.op} reads {src!r} before it is written")
                if step.dst in masks:
                    defined.add(step.dst)
                    continue
                if step.dst in {t.name for t in self.kernel_inputs + self.last_axis_inputs} \
                        or step.dst in {r for r, _ in v.constants}:
                    raise SpecError(f"{self.op_type}/{v.name}: {step.op} overwrites read-only {step.dst!r}")
                if step.dst not in defined | outs:
                    raise SpecError(f"{self.op_type}/{v.name}: unknown register {step.dst!r}")
                defined.add(step.dst)
            for i, step in enumerate(v.refine):   # the kernel zeroes the compared register's last repeat first
                if step.op in COMPARE_OPS and not any(s.dst == step.srcs[0] for s in v.refine[:i]):
                    raise SpecError(f"{self.op_type}/{v.name}: CompareScalar reads {step.srcs[0]!r}, which the "
                                    f"refinement does not write first")
            missing = outs - defined
            if missing:
                raise SpecError(f"{self.op_type}/{v.name}: program never writes {sorted(missing)}")

    def validate_names(self) -> None:
        """Every name that becomes a C++ identifier or a path component: identifiers, not keywords, no '/'."""
        import re

        from kernelgen.validate import CAMEL, INT64_MAX, INT64_MIN, check_name

        CAMEL_IDENT = re.compile(r"^[a-z][A-Za-z0-9]*$")  # aclnnGeluBackward
        # tensor and attribute names are the OpDef's, which ops-nn also writes in lowerCamelCase (ApplyAdamax's
        # varOut, beta1Power): a C++ identifier starting with a lower-case letter
        OPDEF_NAME = re.compile(r"^[a-z][A-Za-z0-9_]*$")

        where = f"spec {self.snake!r}"
        try:
            check_name("operator name (snake)", self.snake)
            check_name("op_type", self.op_type, CAMEL, "MyOp")
            check_name("category", self.category, example="activation")
            for t in self.tensors:
                check_name("tensor name", t.name, OPDEF_NAME, example="x")
            check_name("aclnn function", self.aclnn.name, CAMEL_IDENT, "aclnnMyOp")
            if self.aclnn.header:
                check_name("aclnn header", self.aclnn.header, example="aclnn_my_op")
            for v in self.variants:
                check_name("variant name", v.name, example="main")
                for reg in (*v.scratch, *v.refine_scratch, *v.refine_masks, *v.masks, *(r for r, _ in v.constants)):
                    check_name(f"register of variant {v.name}", reg, example="t0")
            for a in self.attrs:
                check_name("attribute name", a.name, OPDEF_NAME, example="alpha")
                if a.kind not in ("str", "float", "int", "bool", "list_int"):
                    raise UsageError(f"attribute {a.name}: kind {a.kind!r} is not one of bool, float, int, list_int, "
                                     "str")
                if a.kind == "list_int" and not (isinstance(a.default, tuple) and all(
                        isinstance(v, int) and not isinstance(v, bool) for v in a.default)):
                    raise UsageError(f"attribute {a.name} default {a.default!r} is not a tuple of ints")
                if a.kind == "int" and (isinstance(a.default, bool) or not isinstance(a.default, int)
                                        or not INT64_MIN <= a.default <= INT64_MAX):
                    raise UsageError(f"attribute {a.name} default {a.default!r} is not an int64")
                if a.kind == "float" and (not isinstance(a.default, (int, float)) or not np.isfinite(a.default)):
                    raise UsageError(f"attribute {a.name} default {a.default!r} is not a finite float")
        except UsageError as exc:
            raise SpecError(f"{where}: {exc}") from None


GoldenFn = Callable[..., np.ndarray]
