"""@kl.op: trace a Python function once into an OpSpec (kernelgen.authoring.spec) every command can use.

The function's name is the operator's snake name (op_type: its CamelCase). Parameters: a plain one is a full
tensor input, `name: kl.Scalar` a one-element input, `name: kl.LastAxis` a 1-D input of the last dimension,
`name: float|int|bool = default` an attribute (an OpDef attribute, a parameter of aclnn<OpType>, read by the
tiling into the tiling data and used by the kernel at run time). The golden is the same function applied to
float64 NumPy arrays (the kl functions accept arrays), unless golden= gives another.
"""
from __future__ import annotations

import inspect
import re
import typing
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from kernelgen.authoring.lang.expr import TRACE, Expr, LangError, Node
from kernelgen.authoring.lang.functions import LastAxis, Scalar
from kernelgen.authoring.lang.lower import Lowering
from kernelgen.authoring.spec import (AclnnParam, AclnnSpec, AttrSpec, DType, OpSpec, TensorSpec)
from kernelgen.errors import KernelgenError, UsageError

DEFAULT_SOCS = ("ascend910b", "ascend310b")
DEFAULT_DTYPES = ("float32", "float16", "bfloat16")


def camel(snake: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in snake.split("_"))


@dataclass(frozen=True)
class Param:
    name: str
    role: str          # "full", "scalar", "last_axis", "attr"
    attr_kind: str = ""
    default: object = None


def _where(fn) -> str:
    code = fn.__code__
    return f"spec file {code.co_filename}:{code.co_firstlineno}"


def _params(fn) -> tuple[Param, ...]:
    where = _where(fn)
    try:
        hints = typing.get_type_hints(fn)
    except Exception:  # noqa: BLE001 -- unresolved string annotations: fall back to their text
        hints = {}
    out = []
    for p in inspect.signature(fn).parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            raise LangError(f"{where}: *{p.name} in a @kl.op function; supported: named parameters (tensors, "
                            "kl.Scalar, kl.LastAxis, attributes name: float = default)")
        ann = hints.get(p.name, p.annotation)
        text = ann if isinstance(ann, str) else getattr(ann, "__name__", "")
        if ann is Scalar or text in ("Scalar", "kl.Scalar"):
            out.append(Param(p.name, "scalar"))
            continue
        if ann is LastAxis or text in ("LastAxis", "kl.LastAxis"):
            out.append(Param(p.name, "last_axis"))
            continue
        kind = {float: "float", int: "int", bool: "bool"}.get(ann) or (text if text in ("float", "int", "bool")
                                                                         else "")
        if p.default is not p.empty and not kind:
            kind = {bool: "bool", int: "int", float: "float"}.get(type(p.default), "")
        if kind:
            if p.default is p.empty:
                raise LangError(f"{where}: attribute {p.name}: {kind} has no default; supported: "
                                f"{p.name}: {kind} = <default>")
            default = p.default
            if kind == "float" and isinstance(default, (int, float)) and not isinstance(default, bool):
                default = float(default)
            if (kind == "bool") != isinstance(default, bool) or not isinstance(default, (int, float)):
                raise LangError(f"{where}: attribute {p.name}: default {default!r} is not a {kind}; supported: "
                                f"{p.name}: {kind} = <a {kind}>")
            out.append(Param(p.name, "attr", kind, default))
            continue
        if ann is not inspect.Parameter.empty and ann is not None:
            raise LangError(f"{where}: parameter {p.name} is annotated {ann!r}; supported: no annotation (a tensor), "
                            "kl.Scalar, kl.LastAxis, float, int, bool (an attribute with a default)")
        out.append(Param(p.name, "full"))
    if not any(p.role == "full" for p in out):
        raise LangError(f"{where}: {fn.__name__} has no full-shape tensor parameter; supported: at least one plain "
                        "parameter (the operator's shape)")
    return tuple(out)


def trace(fn, params: tuple[Param, ...]) -> tuple[Node, ...]:
    """The output nodes of fn called on traced values."""
    leaf = {"full": "input", "scalar": "scalar_input", "last_axis": "last_axis", "attr": "attr"}
    args = {p.name: Expr(Node(leaf[p.role], (), p.name)) for p in params}
    previous = TRACE.file
    TRACE.file = fn.__code__.co_filename
    try:
        result = fn(**args)
    finally:
        TRACE.file = previous
    items = result if isinstance(result, tuple) else (result,)
    where = _where(fn)
    if not items:
        raise LangError(f"{where}: {fn.__name__} returns nothing; supported: one expression or a tuple of them")
    nodes = []
    for item in items:
        if isinstance(item, Expr):
            nodes.append(item.node)
        elif isinstance(item, (int, float, np.generic)):
            raise LangError(f"{where}: {fn.__name__} returns the number {item!r}; supported: expressions of the "
                            "tensor inputs")
        else:
            raise LangError(f"{where}: {fn.__name__} returns {type(item).__name__}; supported: one expression "
                            "or a tuple of them")
    return tuple(nodes)


class LangOp:
    """What @kl.op returns: callable like the function (on arrays: the float64 reference), with .spec."""

    def __init__(self, fn, spec: OpSpec, params: tuple[Param, ...], golden_fn):
        self.fn = fn
        self.spec = spec
        self.params = params
        self._golden = golden_fn
        self.__doc__ = fn.__doc__
        self.__name__ = fn.__name__
        self.__wrapped__ = fn

    def __call__(self, *args, **kwargs):
        return self.fn(*args, **kwargs)

    def _evaluate(self, inputs: dict, attrs: dict, dtype) -> dict[str, np.ndarray]:
        kwargs = {}
        for p in self.params:
            if p.role == "attr":
                kwargs[p.name] = attrs.get(p.name, p.default)
            else:
                kwargs[p.name] = np.asarray(inputs[p.name], dtype=dtype)
        with np.errstate(all="ignore"):
            out = self.fn(**kwargs)
        items = out if isinstance(out, tuple) else (out,)
        shape = np.broadcast_shapes(*(np.shape(inputs[p.name]) for p in self.params if p.role != "attr"))
        return {t.name: np.broadcast_to(np.asarray(v, dtype=dtype), shape) for t, v in zip(self.spec.outputs, items)}

    def golden(self, inputs: dict, attrs: dict) -> dict[str, np.ndarray]:
        """{output: float64 array}: golden= if given, else the function on float64 arrays."""
        if self._golden is not None:   # every attribute with a value: a given one, else the spec's default
            attrs = {**{p.name: p.default for p in self.params if p.role == "attr"}, **(attrs or {})}
            out = self._golden(inputs, attrs)
            return out if isinstance(out, dict) else {self.spec.outputs[0].name: out}
        return self._evaluate(inputs, attrs, np.float64)

    def benchmark(self, inputs: dict, attrs: dict) -> dict[str, np.ndarray]:
        """The same function on float32 arrays: a same-precision implementation (docs/precision.md)."""
        return self._evaluate(inputs, attrs, np.float32)

    def register(self) -> OpSpec:
        """Register as a built-in: its bare name works everywhere, its golden is known (kernelgen.authoring.ops)."""
        from kernelgen.authoring.ops import register_lang

        return register_lang(self)


def build_spec(fn, *, category: str, dtypes, outputs, op_type, domain, socs, spec_file: str,
               golden_key: str, aclnn: str | None = None) -> tuple[OpSpec, tuple[Param, ...]]:
    where = _where(fn)
    snake = fn.__name__
    params = _params(fn)
    nodes = trace(fn, params)
    tensor_names = [p.name for p in params if p.role != "attr"]
    if outputs is None:
        outputs = ("y",) if len(nodes) == 1 else tuple(f"y{i}" for i in range(len(nodes)))
    if isinstance(outputs, str):
        outputs = (outputs,)
    outputs = tuple(outputs)
    if len(outputs) != len(nodes):
        raise LangError(f"{where}: outputs={outputs!r} names {len(outputs)} output(s), the function returns "
                        f"{len(nodes)}; supported: one name per returned expression")
    clash = [o for o in outputs if o in tensor_names or o in [p.name for p in params]]
    if clash or len(set(outputs)) != len(outputs):
        raise LangError(f"{where}: output name {(clash or list(outputs))[0]!r} is taken by a parameter or given twice; "
                        "supported: outputs=(...) with distinct new names")
    try:
        dts = tuple(DType.parse(d) if isinstance(d, str) else d for d in dtypes)
    except UsageError as exc:
        raise LangError(f"{where}: {exc}") from None
    domain = dict(domain or {})
    for name, rng in domain.items():
        if name not in tensor_names:
            raise LangError(f"{where}: domain names {name!r}, not a tensor parameter; supported: "
                            + ", ".join(tensor_names))
        ok = isinstance(rng, (tuple, list)) and len(rng) == 2 and all(isinstance(v, (int, float)) for v in rng)
        if not ok or not (np.isfinite(rng[0]) and np.isfinite(rng[1]) and rng[0] < rng[1]):
            raise LangError(f"{where}: domain[{name!r}] = {rng!r}; supported: (lo, hi) finite with lo < hi")
    reserved = {p.name for p in params} | set(outputs)
    compiled = Lowering(list(zip(outputs, nodes)), reserved, where).compile()
    used = compiled.used_inputs | {name for sc in compiled.scalars for kind, name in sc.refs() if kind == "input"}
    kinds = {p.name: p.role for p in params}
    inputs = tuple(TensorSpec(p.name, dts, used_by_kernel=p.name in used, kind=kinds[p.name],
                              domain=tuple(map(float, domain[p.name])) if p.name in domain else None)
                   for p in params if p.role != "attr")
    attrs = tuple(AttrSpec(p.name, p.attr_kind, p.default) for p in params if p.role == "attr")
    out_specs = tuple(TensorSpec(o, dts) for o in outputs)
    op_type = op_type or camel(snake)
    if aclnn is not None and not re.fullmatch(r"aclnn[A-Z][A-Za-z0-9]*", str(aclnn)):
        raise LangError(f"{where}: aclnn={aclnn!r}; supported: the documented API's name, e.g. aclnnSiluBackward")
    aclnn = AclnnSpec(name=aclnn or f"aclnn{op_type}",
                      header=_snake(aclnn) if aclnn else f"aclnn_{snake}",
                      params=tuple(AclnnParam(t.name, t.name, "input") for t in inputs)
                      + tuple(AclnnParam(a.name, a.name, "attr") for a in attrs)
                      + tuple(AclnnParam(t.name, t.name, "output") for t in out_specs))
    doc = (inspect.getdoc(fn) or fn.__globals__.get("__doc__") or f"{op_type}, written with kernelgen.lang.")
    doc = doc.strip().splitlines()[0]
    spec = OpSpec(op_type=op_type, snake=snake, category=category, doc=doc, inputs=inputs, outputs=out_specs,
                  attrs=attrs, default_socs=tuple(socs or DEFAULT_SOCS), soc_variants=(), default_variant="main",
                  variants=(compiled.variant,), golden=golden_key, aclnn=aclnn,
                  formula=_formula(fn), spec_file=spec_file, scalars=compiled.scalars)
    try:
        spec.validate()
    except KernelgenError as exc:
        raise LangError(f"{where}: {exc}") from None
    if not any(t.used_by_kernel and t.kind == "full" for t in inputs):
        raise LangError(f"{where}: no output reads a full-shape tensor input; supported: expressions of them")
    return spec, params


def _formula(fn) -> str:
    """The function's return expression(s), as written (for the generated docs)."""
    try:
        src = inspect.getsource(fn)
    except (OSError, TypeError):
        return ""
    lines = [ln.strip() for ln in src.splitlines() if ln.strip().startswith("return ")]
    return re.sub(r"\s+", " ", lines[-1][len("return "):]) if lines else ""


def _snake(aclnn: str) -> str:
    """aclnnSiluBackward -> aclnn_silu_backward (the header opbuild would name)."""
    return "aclnn_" + re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", aclnn[len("aclnn"):]).lower()


def op(category: str = "activation", dtypes=DEFAULT_DTYPES, outputs=None, op_type=None, domain=None, socs=None,
       golden=None, aclnn=None):
    """Decorate the one function of a spec file: it becomes an operator (see the module doc). aclnn= names the
    aclnn API where the operator's docs give another name than aclnn<OpType> (aclnnSiluBackward for SiluGrad)."""
    if callable(category) and not isinstance(category, str):
        raise UsageError("@kl.op needs its parentheses: @kl.op(category=\"activation\")")

    def wrap(fn) -> LangOp:
        path = Path(fn.__code__.co_filename)
        spec_file = _relative(path)
        spec, params = build_spec(fn, category=category, dtypes=dtypes, outputs=outputs, op_type=op_type,
                                  domain=domain, socs=socs, spec_file=spec_file,
                                  golden_key=f"{fn.__name__}@{path.resolve()}", aclnn=aclnn)
        return LangOp(fn, spec, params, golden)

    return wrap


def _relative(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.name if "kernelgen" not in path.parts else path.as_posix()
