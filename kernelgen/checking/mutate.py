"""Mutation testing of an operator's compute program: is the verify matrix able to tell a wrong kernel?

Each mutant changes the spec's program in one place and is rendered, compiled and run on the emulator like
the operator itself; it is killed when any case of the mutation matrix fails verify's judge (or the
emulator finds a defect). The mutations (docs/mutation.md):

- constant: every scalar operand and every constant register, times 1.01 and times 0.99; a scalar of a
  Maxs/Mins is a clamp bound ("clamp"), a scalar of the refinement's centre, window or blend is "window";
- swap: the operands of a non-commutative binary step (Sub, Div) swapped;
- drop: a step removed; duplicate: a step executed twice.

Mutants that cannot run are "stillborn" (the program reads a register before writing it, or never writes
the output: the spec's own validation rejects them) and mutants that are provably equivalent are not run
(a duplicated step that does not read its destination writes the same value twice; a duplicated
Maxs/Mins/Abs/Relu of its own destination is idempotent; a mutant whose float32 program equals the
original's or an earlier mutant's). Neither counts in the score,
killed / (killed + survived).

The matrix is verify's, reduced to what changes with the program: float32 (which runs every step,
including the float32 refinement), every variant on a SOC (and attribute value) that selects it, two
shapes (4097: edge tiles; 65537: several tiles per core) and two seeds; every input set includes
verify's hazards and the spec's special values. Host sources do not change with the program, so a
mutant's host objects are the operator's (only its kernel is compiled).
"""
from __future__ import annotations

import dataclasses
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable

from kernelgen.authoring.spec import ACCUMULATING_OPS, DType, OpSpec, Step, Variant
from kernelgen.checking.cases import Case
from kernelgen.errors import SpecError
from kernelgen.socs import Soc

RELATIVE_CHANGE = 0.01
NON_COMMUTATIVE = ("Sub", "Div")
IDEMPOTENT = ("Maxs", "Mins", "Abs", "Relu")
MUTATION_SHAPES = ((4097,), (65537,))
MUTATION_SEEDS = (0, 1)
# Mutant kernels compile at -O0 (half the compile time of -O2). On x86-64 (SSE2, no FMA contraction, no
# fast-math) the float32 results are the same; mutate() checks that bit for bit on the unmutated operator.
MUTANT_FLAGS = ("-O0",)


@dataclass(frozen=True)
class Mutant:
    ident: str                  # "sigmoid_mul/program[4]/constant*1.01"
    variant: str
    kind: str                   # constant, clamp, window, swap, drop, duplicate
    where: str                  # "program[4] Muls z <- a, -1.5957691"
    spec: OpSpec | None         # the mutated spec (None when stillborn)
    stillborn: str = ""         # why it cannot run
    equivalent: str = ""        # why it is equivalent without running it


@dataclass
class MutantResult:
    mutant: Mutant
    status: str                 # killed, survived, explained, stillborn, equivalent
    by: str = ""                # the first failing case and clause, or why a survivor is equivalent
    seconds: float = 0.0

    def as_dict(self) -> dict:
        return {"id": self.mutant.ident, "variant": self.mutant.variant, "kind": self.mutant.kind,
                "where": self.mutant.where, "status": self.status,
                "reason": self.by or self.mutant.stillborn or self.mutant.equivalent, "seconds": self.seconds}


@dataclass
class MutationReport:
    op: str
    results: list[MutantResult]
    matrix: list[str]

    def count(self, status: str) -> int:
        return sum(r.status == status for r in self.results)

    @property
    def score(self) -> float:
        """killed / (killed + unexplained survivors): explained survivors are equivalent mutants."""
        run = self.count("killed") + self.count("survived")
        return self.count("killed") / run if run else 1.0

    @property
    def raw_score(self) -> float:
        """killed / every mutant that ran."""
        run = self.count("killed") + self.count("survived") + self.count("explained")
        return self.count("killed") / run if run else 1.0

    @property
    def survivors(self) -> list[MutantResult]:
        return [r for r in self.results if r.status == "survived"]

    def as_dict(self) -> dict:
        return {"op": self.op, "score": self.score, "raw_score": self.raw_score, "killed": self.count("killed"),
                "survived": self.count("survived"), "explained": self.count("explained"), "stillborn": self.count("stillborn"),
                "equivalent": self.count("equivalent"), "matrix": self.matrix,
                "mutants": [r.as_dict() for r in self.results]}


def _describe(step: Step) -> str:
    tail = f", {step.scalar:.8g}" if step.scalar is not None else ""
    return f"{step.op} {step.dst} <- {', '.join(step.srcs)}{tail}"


def _scalar_kind(part: str, step: Step) -> str:
    if part == "refine":
        return "window" if step.op in ("Adds", "Maxs", "Mins", "CompareScalar") else "constant"
    return "clamp" if step.op in ("Maxs", "Mins") else "constant"


def _step_mutations(part: str, steps: tuple[Step, ...]):
    """(kind, where, new steps, equivalent reason) for every mutation of one step list."""
    for i, s in enumerate(steps):
        where = f"{part}[{i}] {_describe(s)}"
        if s.scalar is not None and s.scalar != 0.0:
            for factor in (1 + RELATIVE_CHANGE, 1 - RELATIVE_CHANGE):
                new = dataclasses.replace(s, scalar=s.scalar * factor)
                yield (_scalar_kind(part, s), f"{where} -> *{factor:g}",
                       steps[:i] + (new,) + steps[i + 1:], "")
        if s.op in NON_COMMUTATIVE and s.srcs[0] != s.srcs[1]:
            new = dataclasses.replace(s, srcs=(s.srcs[1], s.srcs[0]))
            yield "swap", f"{where} -> operands swapped", steps[:i] + (new,) + steps[i + 1:], ""
        yield "drop", f"{where} -> dropped", steps[:i] + steps[i + 1:], ""
        if s.dst not in s.srcs and s.op not in ACCUMULATING_OPS:
            same = "the step does not read its destination: the second run writes the same value"
        elif s.op in IDEMPOTENT and s.srcs == (s.dst,):
            same = f"{s.op} is idempotent"
        else:
            same = ""
        yield "duplicate", f"{where} -> executed twice", steps[:i + 1] + (s,) + steps[i + 1:], same


def variant_mutants(spec: OpSpec, variant: Variant) -> list[Mutant]:
    out: list[Mutant] = []
    original = variant.steps(DType.FLOAT32)
    seen = {original}

    def add(kind: str, where: str, new_variant: Variant, equivalent: str = "") -> None:
        change = where.rsplit("->", 1)[1].strip()
        suffix = {"dropped": "", "executed twice": "", "operands swapped": ""}.get(change, change.replace("*", "x"))
        ident = f"{variant.name}/{where.split(' ', 1)[0]}/{kind}{suffix}"
        new_spec = dataclasses.replace(spec, variants=tuple(new_variant if v.name == variant.name else v
                                                           for v in spec.variants))
        steps = new_variant.steps(DType.FLOAT32) + tuple(new_variant.constants)
        if not equivalent and steps in seen:
            equivalent = "the float32 program equals the original's or another mutant's"
        seen.add(steps)
        try:
            new_spec.validate()
        except SpecError as exc:
            out.append(Mutant(ident, variant.name, kind, where, None, stillborn=str(exc)))
            return
        out.append(Mutant(ident, variant.name, kind, where, new_spec, equivalent=equivalent))

    for kind, where, steps, eq in _step_mutations("program", variant.program):
        at = variant.refine_at   # keep the refinement before the same program step
        if at >= 0 and int(where[len("program["):].split("]")[0]) < at:
            at += len(steps) - len(variant.program)
        add(kind, where, dataclasses.replace(variant, program=steps, refine_at=at), eq)
    for kind, where, steps, eq in _step_mutations("refine", variant.refine):
        add(kind, where, dataclasses.replace(variant, refine=steps), eq)
    for k, (name, value) in enumerate(variant.constants):
        if isinstance(value, str):   # a run-time scalar (an attribute's value): nothing literal to change
            continue
        for factor in (1 + RELATIVE_CHANGE, 1 - RELATIVE_CHANGE):
            consts = variant.constants[:k] + ((name, value * factor),) + variant.constants[k + 1:]
            add("constant", f"constants[{k}] {name} = {value:g} -> *{factor:g}",
                dataclasses.replace(variant, constants=consts))
    return out


def make_mutants(spec: OpSpec, variants: list[str] | None = None) -> list[Mutant]:
    return [m for v in spec.variants if variants is None or v.name in variants for m in variant_mutants(spec, v)]


def mutation_matrix(spec: OpSpec, socs: list[Soc]) -> dict[str, list[tuple[Soc, dict]]]:
    """variant name -> the (SOC, attrs) pairs among socs that select it."""
    out: dict[str, list[tuple[Soc, dict]]] = {}
    attr_sets = [{a: v} for a, v, _ in spec.attr_variants] or [{}]
    for soc in socs:
        for attrs in attr_sets:
            out.setdefault(spec.variant_for(soc, attrs).name, []).append((soc, attrs))
    return out


# Survivors that are equivalent under CANN's float32 standard, by the role of the step in the refinement
# (kernelgen/authoring/ops/_refine.py builds every refinement with this layout): index -> (op, reason).
REFINE_ROLES: dict[int, tuple[str, str]] = {
    1: ("Adds", "moves the window centre by 1 % of its float32 remainder x0_lo (about 1e-10), far below "
                "float32's spacing near x0 (6e-8): the output moves by less than the small-value error 2^-30"),
    3: ("Muls", "scales BIG in the blend weight clamp((DELTA - |d|)*BIG, 0, 1): still a step at |d| = DELTA"),
    4: ("Adds", "widens or narrows the window to DELTA*(1 +- 1 %): the Taylor polynomial is as accurate there "
                "(its error grows as d^3, about 3 % more at 1.01*DELTA, far below the MARE limit)"),
    6: ("Mins", "caps the blend weight at 1 +- 1 %: moves the output by 1 % of the correction p - z, which is "
                "the general formula's cancellation error, so by less than the standard resolves"),
    8: ("Muls", "the cubic Taylor coefficient: a3*d^2 is under 3e-8 of a1 in the window, so 1 % of it is "
                "invisible in float32"),
    9: ("Adds", "the quadratic Taylor coefficient: a2*d is at most 6.5e-4 of a1 in the window; 1 % of that, "
                "6.5e-6 relative, is far below the MARE limit 1.22e-3"),
}
REFINE_STEPS = 16   # the length of every refinement _refine.refinement builds
# The same for a refinement step executed twice: index -> (op, reason).
REFINE_DUPLICATES: dict[int, tuple[str, str]] = {
    4: ("Adds", "doubles the window to 2*DELTA: the Taylor polynomial's relative error there is under 2e-9 "
                "(tests/test_mutate.py), below float32's resolution"),
}
# The same for the 10-step CompareScalar + Select refinement (_refine.refinement_select).
SELECT_REFINE_ROLES: dict[int, tuple[str, str]] = {
    1: REFINE_ROLES[1],
    3: ("CompareScalar", REFINE_ROLES[4][1]),
    4: ("Muls", REFINE_ROLES[8][1]),
    5: ("Adds", REFINE_ROLES[9][1]),
}
SELECT_REFINE_STEPS = 10
# A dropped step of the 10-step refinement that the standard cannot see: index -> (op, reason).
SELECT_REFINE_DROPS: dict[int, tuple[str, str]] = {
    4: ("Muls", "the polynomial then starts from |d| (what Abs left in the register) instead of a3*d: its cubic "
                "term a3*d^3 becomes |d|*d^2, both under 2.5e-6 of a1*d in the window (|d| < 1e-3, a1 = 0.43), "
                "far below the MARE limit 1.22e-3"),
}
MAX_ULPS = 2        # a mutant within 2 ulp of the original everywhere is below what any float32 rule resolves
STEP_SCALE = 1e20   # x*1e30 clamped to [0, 1] is a step function of x's sign: its scale is moot


def explain_survivor(spec: OpSpec, mutant: Mutant, attrs: dict) -> str:
    """Why a surviving mutant is equivalent under the standard, or "" when it is not known to be."""
    import numpy as np

    from kernelgen.checking.compare import TOLERANCES
    from kernelgen.checking.golden import get_golden

    part, index = mutant.where.split("]", 1)[0].split("[")
    index = int(index)
    variant = spec.variant(mutant.variant)
    steps = variant.refine if part == "refine" else variant.program
    step = steps[index]
    layouts = {REFINE_STEPS: (REFINE_ROLES, REFINE_DUPLICATES, {}),
               SELECT_REFINE_STEPS: (SELECT_REFINE_ROLES, {}, SELECT_REFINE_DROPS)}
    if part == "refine" and len(steps) in layouts:
        by_role, by_duplicate, by_drop = layouts[len(steps)]
        roles = {"duplicate": by_duplicate, "drop": by_drop}.get(mutant.kind) or \
            (by_role if mutant.kind in ("constant", "window") else {})
        if roles.get(index, ("",))[0] == step.op:
            return roles[index][1]
    if mutant.kind == "constant" and step.scalar is not None and abs(step.scalar) >= STEP_SCALE:
        return f"{step.op} by {step.scalar:g} feeds a clamp to [0, 1]: a step function whose scale is moot"
    if mutant.kind == "clamp" and part == "program" and step.op in ("Maxs", "Mins") and index < 2 \
            and len(spec.inputs) > 1 and step.scalar is not None:
        # an input clamp moved by 1 %: equivalent when the golden is flat (to float32 resolution) across the move
        bound = step.scalar
        moved = bound * (1 + RELATIVE_CHANGE if mutant.ident.endswith("x1.01") else 1 - RELATIVE_CHANGE)
        x = np.linspace(min(bound, moved), max(bound, moved), 1001)
        x_name = spec.inputs[1].name
        others = {t.name: np.ones_like(x) for t in spec.inputs}
        others[x_name] = x
        g = get_golden(spec.golden)(others, attrs)[spec.outputs[0].opdef_name]
        spread = float(np.max(g) - np.min(g))
        _, small_thr, small_err = TOLERANCES["float32"]
        dy_max = 5.0   # verify's dy-like inputs are in [-5, 5]
        if spread * dy_max <= max(small_err, 2.0**-24 * float(np.max(np.abs(g)))):
            return (f"input clamp moved from {bound:g} to {moved:g}: the golden varies by {spread:.1e} across that "
                    f"interval, below float32's resolution there")
    same = _same_everywhere(spec, mutant)
    if same:
        return same
    return ""


def _same_everywhere(spec: OpSpec, mutant: Mutant) -> str:
    """"" unless the mutant's float32 program gives bit-identical outputs (or within MAX_ULPS) to the
    original's on x values from every binade of float32 (both signs, 1024 mantissas each, plus 0 and the
    largest finite values), with dy uniform in [-5, 5]: by the NumPy interpreter, which equals the emulator
    bit for bit (test_programs.py)."""
    import numpy as np

    from kernelgen.authoring.program import interpret, run_time_scalars

    exponents = np.arange(-149, 128, dtype=np.float64)
    mantissas = np.linspace(1.0, 2.0, 1024, endpoint=False)
    x = (mantissas[None, :] * 2.0 ** exponents[:, None]).ravel()
    x = np.concatenate([x, -x, [0.0, float(np.finfo(np.float32).max), -float(np.finfo(np.float32).max)]])
    with np.errstate(all="ignore"):
        x = x.astype(np.float32)
        x = x[np.isfinite(x)]
    dy = np.random.default_rng(0).uniform(-5, 5, x.size).astype(np.float32)
    names = [t.name for t in spec.kernel_inputs]
    inputs = {names[0]: dy, names[1]: x} if len(names) == 2 else None
    if inputs is None:
        return ""
    out = (spec.outputs[0].name,)
    scalars = run_time_scalars(spec, {}, inputs) if spec.scalars else None
    if spec.scalar_inputs:
        return ""
    a = interpret(spec.variant(mutant.variant), inputs, out, scalars=scalars)[out[0]]
    b = interpret(mutant.spec.variant(mutant.variant), inputs, out, scalars=scalars)[out[0]]
    if a.tobytes() == b.tobytes():
        return (f"bit-identical to the original on {x.size} x values spanning every float32 binade "
                f"(NumPy interpreter, which equals the emulator bit for bit)")
    ia, ib = a.view(np.int32).astype(np.int64), b.view(np.int32).astype(np.int64)
    ulps = np.where(np.isfinite(a) & np.isfinite(b) & (np.sign(a) == np.sign(b)), np.abs(ia - ib), 1 << 40)
    worst = int(ulps.max())
    if worst <= MAX_ULPS:
        return (f"within {worst} ulp of the original on {x.size} x values spanning every float32 binade "
                f"({int(np.count_nonzero(ulps))} differ; the float32 standard resolves 2^-13, not 2^-23)")
    return ""


def run_mutant(spec: OpSpec, mutant: Mutant, targets: list[tuple[Soc, dict]]) -> MutantResult:
    from kernelgen.checking.verify import run_case
    from kernelgen.emulator.emulate import source_for_spec, source_from_spec

    if mutant.stillborn:
        return MutantResult(mutant, "stillborn")
    if mutant.equivalent:
        return MutantResult(mutant, "equivalent")
    start = time.perf_counter()
    for soc, attrs in targets:
        source = source_from_spec(mutant.spec, soc.family, source_for_spec(spec, soc.family), MUTANT_FLAGS)
        for shape in MUTATION_SHAPES:
            for seed in MUTATION_SEEDS:
                case = Case(soc, DType.FLOAT32, shape, "mutation")
                res = run_case(mutant.spec, case, seed, attrs, source=source)
                if not res.passed:
                    why = res.error or "; ".join(res.metrics.failed_clauses())
                    attr_text = "".join(f" {k}={v}" for k, v in attrs.items())
                    return MutantResult(mutant, "killed", f"{soc.family}{attr_text} {shape} seed {seed}: {why}",
                                        time.perf_counter() - start)
    why = explain_survivor(spec, mutant, targets[0][1])
    return MutantResult(mutant, "explained" if why else "survived", why, time.perf_counter() - start)


def _check_baseline(spec: OpSpec, soc: Soc, attrs: dict) -> None:
    """The unmutated operator passes the matrix, and its kernel built with MUTANT_FLAGS gives bit-identical
    outputs to the normal build."""
    import numpy as np

    from kernelgen.checking.verify import run_case
    from kernelgen.emulator.emulate import source_for_spec, source_from_spec

    base = source_for_spec(spec, soc.family)
    quick = source_from_spec(spec, soc.family, base, MUTANT_FLAGS)
    for shape in MUTATION_SHAPES:
        for seed in MUTATION_SEEDS:
            case = Case(soc, DType.FLOAT32, shape, "mutation")
            res = run_case(spec, case, seed, attrs)
            if not res.passed:
                raise SpecError(f"{spec.snake} itself fails the mutation matrix on {soc.family} {shape} seed {seed}: "
                                f"{res.error or '; '.join(res.metrics.failed_clauses())}")
    from kernelgen.checking.cases import make_inputs
    from kernelgen.emulator.emulate import run_source

    inputs = make_inputs(spec, MUTATION_SHAPES[-1], DType.FLOAT32, MUTATION_SEEDS[0])
    for t in spec.inputs:
        if not t.used_by_kernel:
            inputs[t.name] = inputs[spec.inputs[0].name]
    combo = {t.name: DType.FLOAT32.ge for t in spec.inputs + spec.outputs}
    out = spec.outputs[0].opdef_name
    normal = run_source(base, soc, inputs, attrs, combo=combo).outputs[out]
    fast = run_source(quick, soc, inputs, attrs, combo=combo).outputs[out]
    if normal.tobytes() != fast.tobytes():
        raise SpecError(f"{spec.snake} on {soc.family}: the kernel built with {' '.join(MUTANT_FLAGS)} differs from "
                        f"the normal build ({int(np.count_nonzero(normal != fast))} elements)")


def mutate(spec: OpSpec, socs: list[Soc], variants: list[str] | None = None, jobs: int = 1,
           progress: Callable[[MutantResult], None] | None = None, only: list[str] | None = None) -> MutationReport:
    """Make every mutant of spec's program (or only those with these ids) and run the mutation matrix on each."""
    matrix = mutation_matrix(spec, socs)
    mutants = [m for m in make_mutants(spec, variants) if m.variant in matrix]
    if only:
        known = {m.ident for m in mutants}
        unknown = [i for i in only if i not in known]
        if unknown:
            raise SpecError(f"unknown mutant {unknown[0]!r} of {spec.snake} on these SOCs; ids look like "
                            f"{mutants[0].ident!r} (kernelgen mutate --json lists them)")
        mutants = [m for m in mutants if m.ident in only]
    for soc_attrs in matrix.values():   # the unmutated operator must pass the matrix first
        for soc, attrs in soc_attrs:
            _check_baseline(spec, soc, attrs)

    def one(m: Mutant) -> MutantResult:
        r = run_mutant(spec, m, matrix[m.variant])
        if progress:
            progress(r)
        return r

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(one, mutants))
    text = [f"{v}: " + ", ".join(f"{s.family}" + "".join(f" {k}={x}" for k, x in a.items()) for s, a in sa)
            + f"; float32; shapes {', '.join(str(s) for s in MUTATION_SHAPES)}; seeds {MUTATION_SEEDS}"
            for v, sa in matrix.items()]
    return MutationReport(spec.snake, results, text)
