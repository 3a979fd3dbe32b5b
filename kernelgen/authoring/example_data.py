"""The inputs of the generated example (templates/examples/test_aclnn_{{op}}.cpp.j2), shared with the check
of its printed results (kernelgen/emulator/example.py).

The first eight values are the seed article's (x = 0..7, dy = 1, where GELU' is about 1 and insensitive);
the other 24 exercise the whole formula: negative x down to the tail, the derivative's zero (x0 = -0.75246
for the tanh form, -0.75179 for the erf form) and both sides of it, inside and outside the float32
refinement window of +-1e-3, large |x| beyond the clamps, and non-unit, signed dy. Each printed value is judged (kernelgen.checking.compare), so a 1 % change in any
constant of the main program changes at least one value beyond CANN's float32 tolerance
(tests/test_example_inputs.py shows it for every constant with the NumPy interpreter).
"""
from __future__ import annotations

EXAMPLE_SHAPE = (4, 8)
SEED_X = (0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0)
EXAMPLE_X = SEED_X + (
    -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -5.0,                # the negative half, into the tail
    -0.75246, -0.7517916, -0.752, -0.753, -0.751, -0.76,     # the zeros (tanh, erf form) and their windows
    0.25, 0.5, 1.5, 2.5, -6.5, -7.45, 9.0, -9.0, 12.0, -12.0, 30.0)  # mid range, clamps, large |x|
EXAMPLE_DY = (1.0,) * 8 + (
    2.0, -0.5, 3.25, -1.75, 0.125, 4.0, -2.5, 1.5,
    2.0, -3.0, 2.5, -1.25, 0.75, 1.5, -2.25, 3.5,
    -0.5, 1.75, 2.0, -1.5, 0.5, -4.0, 3.0, 1.0)

assert len(EXAMPLE_X) == len(EXAMPLE_DY) == EXAMPLE_SHAPE[0] * EXAMPLE_SHAPE[1]


def cpp_list(values) -> str:
    """{0, 1, -0.7517916, ...}: C++ float initialisers that parse back to the same float32 values."""
    return "{" + ", ".join(repr(float(v)) + "f" for v in values) + "}"


def example_values(spec) -> dict[str, tuple[tuple[int, ...], tuple[float, ...]]]:
    """{aclnn parameter: (shape, values)} of the example's tensors: the `self` (or x) input EXAMPLE_X (without one,
    the first full-shape input), every other input EXAMPLE_DY, outputs zeros, all of EXAMPLE_SHAPE; a Scalar input one element (0.5, or its domain's
    midpoint); an input with a domain (kernelgen.lang's domain=) the same pattern mapped into its domain."""
    tensors = {t.name: t for t in spec.inputs}
    count = EXAMPLE_SHAPE[0] * EXAMPLE_SHAPE[1]
    out = {}
    full = [p for p in spec.aclnn.params if p.role in ("input", "ref")
            and getattr(tensors.get(p.tensor), "kind", "full") == "full"]
    # without a self or x, the first full input takes EXAMPLE_X: with every input EXAMPLE_DY, mse_loss_mean(a, b)
    # printed 0, which a kernel returning zeros matches too
    first = None if any(p.name == "self" or p.tensor == "x" for p in full) else (full[0].name if full else None)
    for p in spec.aclnn.params:
        if p.role == "output":
            whole = getattr(spec, "whole_reduce", None)   # a reduction over every element: one element
            out[p.name] = (whole.out_shape, (0.0,)) if whole is not None else (EXAMPLE_SHAPE, (0.0,) * count)
            continue
        if p.role not in ("input", "ref"):   # ref: an input updated in place
            continue
        t = tensors.get(p.tensor)
        kind = getattr(t, "kind", "full")
        domain = getattr(t, "domain", None)
        if kind == "scalar":
            out[p.name] = ((1,), ((domain[0] + domain[1]) / 2 if domain else 0.5,))
            continue
        if kind == "last_axis":
            last = EXAMPLE_SHAPE[-1]
            lo, hi = domain or (0.5, 2.0)
            out[p.name] = ((last,), tuple(float(lo + (hi - lo) * i / max(1, last - 1)) for i in range(last)))
            continue
        data = EXAMPLE_X if (p.name == "self" or p.tensor == "x" or p.name == first) else EXAMPLE_DY
        if domain:
            lo, hi = domain
            data = tuple(float(lo + (hi - lo) * ((i * 0.6180339887498949 + 0.1) % 1.0)) for i in range(count))
        out[p.name] = (EXAMPLE_SHAPE, tuple(data))
    return out
