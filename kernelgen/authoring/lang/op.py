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
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from kernelgen.authoring.lang.expr import TRACE, Expr, LangError, Node
from kernelgen.authoring.lang.functions import Axes, Axis, Choice, LastAxis, Scalar
from kernelgen.authoring.lang.lower import Lowering
from kernelgen.authoring.lang.rewrite import rewrite
from kernelgen.authoring.lang.whole import compile_whole, has_whole
from kernelgen.authoring.spec import (REDUCE_OPS, AclnnParam, AclnnSpec, AttrSpec, DType, OpSpec, TensorSpec)
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
    choices: tuple = ()     # kl.Choice: the string attribute's values (one variant each)
    axis: bool = False   # kl.Axis / kl.Axes: the reduced axis (only the last is compiled)


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
        if ann in (Axis, Axes) or text in ("Axis", "kl.Axis", "Axes", "kl.Axes"):
            out.append(_axis_param(where, p, ann is Axes or text.endswith("Axes")))
            continue
        if isinstance(ann, Choice):
            if p.default not in ann.values:
                raise LangError(f"{where}: attribute {p.name}: {ann!r} needs a default among its values; supported: "
                                f"{p.name}: {ann!r} = {ann.values[0]!r}")
            out.append(Param(p.name, "attr", ann.kind, p.default, ann.values))
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


def _axis_param(where: str, p, many: bool) -> Param:
    """`dim: kl.Axis = -1` (an int attribute) or `axes: kl.Axes = (-1,)` (a list of ints)."""
    ints = (lambda v: isinstance(v, int) and not isinstance(v, bool))
    d = p.default
    ok = (isinstance(d, (tuple, list)) and len(d) > 0 and all(ints(v) for v in d)) if many else ints(d)
    if not ok:
        want = "a non-empty tuple of ints, e.g. (-1,)" if many else "an int, e.g. -1"
        raise LangError(f"{where}: axis attribute {p.name} has default {d!r}; supported: {p.name}: "
                        f"kl.{'Axes' if many else 'Axis'} = <{want}>")
    return Param(p.name, "attr", "list_int" if many else "int", tuple(d) if many else d, axis=True)


def trace(fn, params: tuple[Param, ...], fixed: dict | None = None) -> tuple[Node, ...]:
    """The output nodes of fn called on traced values (fixed: parameters given as plain values, kl.Choice's)."""
    leaf = {"full": "input", "scalar": "scalar_input", "last_axis": "last_axis", "attr": "attr"}
    args = {p.name: Expr(Node(leaf[p.role], (), p.name)) for p in params}
    args.update(fixed or {})
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
        if self.spec.whole_reduce is not None:   # one element each, in the operator's output shape
            shape = self.spec.whole_reduce.out_shape
        return {t.opdef_name: np.broadcast_to(np.asarray(v, dtype=dtype), shape)
                for t, v in zip(self.spec.outputs, items)}

    def golden(self, inputs: dict, attrs: dict) -> dict[str, np.ndarray]:
        """{output: float64 array}: golden= if given, else the function on float64 arrays."""
        if self._golden is not None:   # every attribute with a value: a given one, else the spec's default
            attrs = {**{p.name: p.default for p in self.params if p.role == "attr"}, **(attrs or {})}
            out = self._golden(inputs, attrs)
            out = out if isinstance(out, dict) else {self.spec.outputs[0].opdef_name: out}
            wr = self.spec.whole_reduce
            if wr is not None:   # a reduction's golden may be 0-d: the operator's one-element shape
                out = {k: np.reshape(v, wr.out_shape) if np.size(v) == 1 else v for k, v in out.items()}
            return out
        return self._evaluate(inputs, attrs, np.float64)

    def benchmark(self, inputs: dict, attrs: dict) -> dict[str, np.ndarray]:
        """The same function on float32 arrays: a same-precision implementation (docs/precision.md)."""
        return self._evaluate(inputs, attrs, np.float32)

    def register(self) -> OpSpec:
        """Register as a built-in: its bare name works everywhere, its golden is known (kernelgen.authoring.ops)."""
        from kernelgen.authoring.ops import register_lang

        return register_lang(self)


def build_spec(fn, *, category: str, dtypes, outputs, op_type, domain, socs, spec_file: str,
               golden_key: str, reduced_shape=(), aclnn: str | None = None) -> tuple[OpSpec, tuple[Param, ...]]:
    where = _where(fn)
    snake = fn.__name__
    params = _params(fn)
    choice = [p for p in params if p.choices]
    if len(choice) > 1:
        raise LangError(f"{where}: {len(choice)} kl.Choice attributes; supported: one per operator")
    choice = choice[0] if choice else None
    traces = {v: trace(fn, params, {choice.name: v}) for v in choice.choices} if choice else {}
    nodes = traces[choice.default] if choice else trace(fn, params)
    tensor_names = [p.name for p in params if p.role != "attr"]
    if outputs is None:
        outputs = ("y",) if len(nodes) == 1 else tuple(f"y{i}" for i in range(len(nodes)))
    if isinstance(outputs, str):
        outputs = (outputs,)
    outputs = tuple(outputs)
    if len(outputs) != len(nodes):
        raise LangError(f"{where}: outputs={outputs!r} names {len(outputs)} output(s), the function returns "
                        f"{len(nodes)}; supported: one name per returned expression")
    refs = ref_outputs(where, params, outputs)
    internal = tuple(refs.get(o, o) for o in outputs)   # a ref output's kernel/IR name: <input>_ref
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
    reserved = {p.name for p in params} | set(outputs) | set(internal)
    seed: dict = {}   # run-time scalar names shared by every variant

    def compile_nodes(ns, name="main", key=0, form=FORMS[0], names=None):
        names = seed if names is None else names
        if has_whole(ns):   # reductions over every element: one-element outputs (kernelgen.authoring.lang.whole)
            c, w = compile_whole(list(zip(internal, ns)), reserved, where, reduced_shape, names)
        else:
            low = Lowering(list(zip(internal, rewrite(ns, sort_factors=form[0]))), reserved, where, chain=form[1])
            low.scalar_names = names
            c, w = low.compile(), None
            if not any(st.op in REDUCE_OPS for st in c.variant.program):   # elementwise: a searched UB order
                c = replace(c, variant=replace(c.variant, ub_search=True))
        return replace(c, variant=replace(c.variant, name=name, tiling_key=key)), w

    attr_variants = ()
    if choice:   # one variant per value that compiles to the default's kind of kernel; the tiling selects it
        accepted = [v for v in choice.choices if has_whole(traces[v]) == has_whole(nodes) and len(traces[v]) == len(nodes)]
        results = [compile_nodes(traces[v], _variant_name(v, i), i) for i, v in enumerate(accepted)]
        whole = results[accepted.index(choice.default)][1]
        if whole is not None:
            kinds = {w.partials for _, w in results}   # the kernel's accumulators are the same for every variant
            if len(kinds) != 1:
                raise LangError(f"{where}: the values of {choice.name} reduce differently ({sorted(kinds)}); supported: "
                                "the same reduced operands (kl.sum/max/min/mean of the same expressions) for every "
                                "value, different finishes")
            whole = replace(whole, variant_finish=tuple((c.variant.name, w.finish) for c, w in results))
        variants = tuple(c.variant for c, _ in results)
        scalars = results[-1][0].scalars
        used_inputs = frozenset().union(*(c.used_inputs for c, _ in results))
        attr_variants = tuple((choice.name, v, _variant_name(v, i)) for i, v in enumerate(accepted))
        default_variant = _variant_name(choice.default, accepted.index(choice.default))
    else:
        compiled, whole = compile_nodes(nodes)
        variants, scalars, used_inputs, default_variant = (compiled.variant,), compiled.scalars, \
            compiled.used_inputs, "main"
    used = used_inputs | {name for sc in scalars for kind, name in sc.refs() if kind == "input"}
    kinds = {p.name: p.role for p in params}
    inputs = tuple(TensorSpec(p.name, dts, used_by_kernel=p.name in used, kind=kinds[p.name],
                              domain=tuple(map(float, domain[p.name])) if p.name in domain else None)
                   for p in params if p.role != "attr")
    attrs = tuple(AttrSpec(p.name, p.attr_kind, p.default, p.choices, axis=p.axis) for p in params
                  if p.role == "attr")
    out_specs = tuple(TensorSpec(i, dts, ref=o if o in refs else "") for o, i in zip(outputs, internal))
    op_type = op_type or camel(snake)
    if aclnn is not None and not re.fullmatch(r"aclnn[A-Z][A-Za-z0-9]*", str(aclnn)):
        raise LangError(f"{where}: aclnn={aclnn!r}; supported: the documented API's name, e.g. aclnnSiluBackward")
    # opbuild's API: an input updated in place is `aclTensor* <name>Ref` (role "ref") and has no output parameter
    aclnn = AclnnSpec(name=aclnn or f"aclnn{op_type}",
                      header=_snake(aclnn) if aclnn else f"aclnn_{snake}",
                      params=tuple(AclnnParam(t.name + "Ref", t.name, "ref") if t.name in refs else
                                   AclnnParam(t.name, t.name, "input") for t in inputs)
                      + tuple(AclnnParam(a.name, a.name, "attr") for a in attrs)
                      + tuple(AclnnParam(t.name, t.name, "output") for t in out_specs if not t.ref))
    doc = (inspect.getdoc(fn) or fn.__globals__.get("__doc__") or f"{op_type}, written with kernelgen.lang.")
    doc = doc.strip().splitlines()[0]
    spec = OpSpec(op_type=op_type, snake=snake, category=category, doc=doc, inputs=inputs, outputs=out_specs,
                  attrs=attrs, default_socs=tuple(socs or DEFAULT_SOCS), soc_variants=(), default_variant=default_variant,
                  variants=variants, golden=golden_key, aclnn=aclnn, attr_variants=attr_variants,
                  formula=_formula(fn), spec_file=spec_file, scalars=scalars, whole_reduce=whole)
    try:
        spec.validate()
    except KernelgenError as exc:
        raise LangError(f"{where}: {exc}") from None
    if not any(t.used_by_kernel and t.kind == "full" for t in inputs):
        raise LangError(f"{where}: no output reads a full-shape tensor input; supported: expressions of them")
    if whole is None:   # the cheapest of the compiler's forms
        for form in FORMS[1:]:
            names: dict = {}
            if choice:
                cs = [compile_nodes(traces[v], _variant_name(v, i), i, form, names)[0] for i, v in enumerate(accepted)]
            else:
                cs = [compile_nodes(nodes, form=form, names=names)[0]]
            cand = replace(spec, variants=tuple(c.variant for c in cs), scalars=cs[-1].scalars)
            if frozenset().union(*(c.used_inputs for c in cs)) == used_inputs and _form_cost(cand) < _form_cost(spec):
                spec = cand
    return spec, params


# The compiler's forms (rewrite's sort_factors, Lowering's chain), each compiled for every spec but whole-tensor
# reductions: the one with the fewest instructions, then the fewest UB bytes per element (float32 plus float16
# paths, every variant), is kept; the first on ties.
FORMS = ((True, True), (True, False), (False, True), (False, False))


def _form_cost(spec: OpSpec) -> tuple[int, int]:
    paths = (DType.FLOAT32, DType.FLOAT16)
    return (sum(len(v.steps(d)) for v in spec.variants for d in paths),
            sum(spec.ub_bytes_per_elem(v, d) for v in spec.variants for d in paths))


def ref_outputs(where: str, params: tuple[Param, ...], outputs: tuple[str, ...]) -> dict[str, str]:
    """{output: its kernel/IR name} of the outputs named like a full-shape input: ref outputs (CANN's in-place
    `var` in and out), which the kernel writes into that input's GM. Any other clash is an error."""
    roles = {p.name: p.role for p in params}
    if len(set(outputs)) != len(outputs):
        dup = next(o for o in outputs if outputs.count(o) > 1)
        raise LangError(f"{where}: output name {dup!r} is given twice; supported: outputs=(...) with distinct names")
    refs = {}
    for o in outputs:
        if o not in roles:
            continue
        if roles[o] != "full":
            raise LangError(f"{where}: output {o!r} is named like the {roles[o].replace('_', ' ')} parameter {o}; "
                            "supported: a new name, or a full-shape input's name (updated in place)")
        internal = f"{o}_ref"
        if internal in roles or internal in outputs:
            raise LangError(f"{where}: output {o!r} updates input {o} in place, whose kernel name {internal!r} is "
                            "taken; supported: rename the parameter or output named " + internal)
        refs[o] = internal
    return refs


def _variant_name(value: str, index: int) -> str:
    """A kl.Choice value's variant name: the value when it is an identifier, v<value> for an int, else v<index>."""
    text = str(value)
    if re.fullmatch(r"[0-9]+", text):
        return f"v{text}"
    return text.lower() if re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", text) else f"v{index}"


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
       golden=None, reduced_shape=(), aclnn=None):
    """Decorate the one function of a spec file: it becomes an operator (see the module doc). reduced_shape: the
    shape of a whole-tensor reduction's outputs, () (0-d, the default) or (1,). aclnn= names the aclnn API where
    the operator's docs give another name than aclnn<OpType> (aclnnSiluBackward for SiluGrad)."""
    if tuple(reduced_shape) not in ((), (1,)):
        raise UsageError(f"@kl.op(reduced_shape={reduced_shape!r}); supported: () or (1,)")
    if callable(category) and not isinstance(category, str):
        raise UsageError("@kl.op needs its parentheses: @kl.op(category=\"activation\")")

    def wrap(fn) -> LangOp:
        path = Path(fn.__code__.co_filename)
        spec_file = _relative(path)
        spec, params = build_spec(fn, category=category, dtypes=dtypes, outputs=outputs, op_type=op_type,
                                  domain=domain, socs=socs, spec_file=spec_file,
                                  golden_key=f"{fn.__name__}@{path.resolve()}", reduced_shape=tuple(reduced_shape),
                                  aclnn=aclnn)
        return LangOp(fn, spec, params, golden)

    return wrap


def _relative(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.name if "kernelgen" not in path.parts else path.as_posix()
